import type { TUserAction, TUserSortBy, TWorkspaceUser } from '@app/contract';
import { ActionIcon, Badge, Button, Group, Menu, Paper, Stack, Text, Title, VisuallyHidden } from '@mantine/core';
import { useTranslation } from 'react-i18next';
import { DataTable, DataTablePager } from '../common/data-table.tsx';
import { LoadError } from '../common/load-error.tsx';
import { OneTimePasswordMenuItem } from './one-time-password.tsx';
import { UserAvatar } from './user-avatar.tsx';
import { displayName } from './user-name.ts';
import { USERS_PAGE_SIZE, type useUsersPage } from './users.queries.ts';
import type { TUserFilters } from './users-filters.tsx';

/** What each column's header sorts by. */
const COLUMN_SORT: Record<string, TUserSortBy> = {
  name: 'NAME',
  employeeId: 'EMPLOYEE_ID',
  role: 'ROLE',
  unit: 'BUSINESS_UNIT',
  department: 'DEPARTMENT',
  status: 'STATUS',
};

/** What a row's menu does: the page opens the matching dialog. */
export type TUserRowActions = {
  onEdit: (u: TWorkspaceUser) => void;
  onDeactivate: (u: TWorkspaceUser) => void;
  onReactivate: (u: TWorkspaceUser) => void;
  onDelete: (users: TWorkspaceUser[]) => void;
};

/**
 * The users list: the bar of the selection, the table (or why it is empty) and its pager. Each row
 * offers exactly the actions the server lists for it (`actions`).
 */
export function UsersList({
  users,
  filters,
  actions,
}: {
  users: ReturnType<typeof useUsersPage>;
  filters: TUserFilters;
  actions: TUserRowActions;
}) {
  const { t } = useTranslation('users');
  const { paged, sortOf } = filters;
  const { page, selected, setSelected } = paged;
  const rows = users.data?.content ?? [];
  return (
    <>
      {selected.size > 0 ? (
        <Group gap="sm" justify="space-between" wrap="wrap" role="status">
          <Text fw={600}>{t('users.selected', { count: selected.size })}</Text>
          <Group gap="xs">
            <Button variant="default" size="xs" onClick={() => setSelected(new Set())}>
              {t('users.clearSelection')}
            </Button>
            <Button color="red" size="xs" onClick={() => actions.onDelete(rows.filter((u) => selected.has(u.userId)))}>
              {t('users.deleteSelected', { count: selected.size })}
            </Button>
          </Group>
        </Group>
      ) : null}

      {users.isError ? (
        <LoadError title={t('users.loadError')} onRetry={() => void users.refetch()} />
      ) : users.data && rows.length === 0 ? (
        <Paper withBorder radius="md" p="lg">
          <Stack gap="xs" align="flex-start">
            <Title order={2} fz="md">
              {filters.filtersOn ? t('users.emptyFiltered') : t('users.empty')}
            </Title>
            <Text c="dimmed">{filters.filtersOn ? t('users.emptyFilteredHelp') : t('users.emptyHelp')}</Text>
            {filters.filtersOn ? (
              <Button variant="default" size="xs" onClick={filters.clear}>
                {t('users.clearFilters')}
              </Button>
            ) : null}
          </Stack>
        </Paper>
      ) : (
        <DataTable
          rows={rows}
          rowKey={(u) => u.userId}
          minWidth={320}
          verticalSpacing="xs"
          busy={users.isFetching}
          selection={{
            selected,
            onChange: setSelected,
            // The server says what the caller may do with each user (`actions`); the page offers exactly that.
            canSelect: (u) => u.actions.includes('delete'),
            selectAllLabel: t('users.selectAll'),
            rowLabel: (u) => t('users.selectOne', { name: displayName(u) }),
            width: 36,
          }}
          onSort={(key) => {
            const by = COLUMN_SORT[key];
            if (by) filters.sortByColumn(by);
          }}
          columns={[
            {
              key: 'name',
              sort: sortOf('NAME'),
              header: t('users.columns.name'),
              cell: (u) => (
                <Group gap="sm" wrap="nowrap" align="flex-start">
                  {/* On a phone the row's text needs the width more than the picture does. */}
                  <UserAvatar name={displayName(u)} src={u.profileImageUrl} size={36} mt={2} visibleFrom="xs" />
                  {/* Long emails may still break anywhere rather than push the table wider. */}
                  <div style={{ minWidth: 0, overflowWrap: 'anywhere' }}>
                    <Text size="sm" fw={600}>
                      {displayName(u)}
                    </Text>
                    <Text size="xs" c="dimmed">
                      {u.userEmail ?? u.username ?? u.contactNumber}
                      {u.designation ? ` · ${u.designation}` : ''}
                    </Text>
                    <Text size="xs" c="dimmed" hiddenFrom="sm">
                      {[t(`roles.${u.role}`), u.branch?.branchName, u.department?.departmentName, u.employeeId]
                        .filter(Boolean)
                        .join(' · ')}
                    </Text>
                  </div>
                </Group>
              ),
            },
            {
              key: 'employeeId',
              sort: sortOf('EMPLOYEE_ID'),
              header: t('users.columns.employeeId'),
              visibleFrom: 'sm',
              cell: (u) => u.employeeId ?? '—',
            },
            {
              key: 'role',
              sort: sortOf('ROLE'),
              header: t('users.columns.role'),
              visibleFrom: 'sm',
              cell: (u) => t(`roles.${u.role}`),
            },
            {
              key: 'unit',
              sort: sortOf('BUSINESS_UNIT'),
              header: t('users.columns.unit'),
              visibleFrom: 'sm',
              cell: (u) => u.branch?.branchName ?? '—',
            },
            {
              key: 'department',
              sort: sortOf('DEPARTMENT'),
              header: t('users.columns.department'),
              visibleFrom: 'sm',
              cell: (u) => u.department?.departmentName ?? '—',
            },
            {
              key: 'status',
              sort: sortOf('STATUS'),
              header: t('users.columns.status'),
              cell: (u) => (
                <Badge variant="light" color={u.active ? 'green' : 'gray'} style={{ minWidth: 'max-content' }}>
                  {u.active ? t('users.statuses.ACTIVE') : t('users.statuses.INACTIVE')}
                </Badge>
              ),
            },
            {
              key: 'actions',
              header: <VisuallyHidden>{t('users.columns.actions')}</VisuallyHidden>,
              width: 48,
              cell: (u) => <UserRowMenu user={u} actions={actions} />,
            },
          ]}
        />
      )}

      {users.data ? (
        <DataTablePager
          totalPages={users.data.totalPages}
          page={page}
          onChange={paged.setPage}
          summary={
            <Text size="sm" c="dimmed">
              {t('users.pageSummary', {
                from: page * USERS_PAGE_SIZE + 1,
                to: page * USERS_PAGE_SIZE + rows.length,
                total: users.data.totalElements,
              })}
            </Text>
          }
          controlLabel={(control) =>
            control === 'next' ? t('users.nextPage') : control === 'previous' ? t('users.previousPage') : undefined
          }
        />
      ) : null}
    </>
  );
}

/** A row's menu: the actions the server lists for that user, or nothing when it lists none. */
function UserRowMenu({ user: u, actions }: { user: TWorkspaceUser; actions: TUserRowActions }) {
  const { t } = useTranslation('users');
  const can = (action: TUserAction) => u.actions.includes(action);
  if (!(['edit', 'deactivate', 'reactivate', 'delete'] as const).some(can)) return null;
  return (
    <Menu position="bottom-end" withinPortal>
      <Menu.Target>
        <ActionIcon variant="subtle" color="gray" aria-label={t('users.actionsFor', { name: displayName(u) })}>
          <span aria-hidden="true">⋯</span>
        </ActionIcon>
      </Menu.Target>
      <Menu.Dropdown>
        {can('edit') ? <Menu.Item onClick={() => actions.onEdit(u)}>{t('users.edit')}</Menu.Item> : null}
        {can('deactivate') ? (
          <Menu.Item onClick={() => actions.onDeactivate(u)}>{t('users.deactivate')}</Menu.Item>
        ) : null}
        {can('reactivate') ? (
          <Menu.Item onClick={() => actions.onReactivate(u)}>{t('users.reactivate')}</Menu.Item>
        ) : null}
        {can('resetPassword') ? <OneTimePasswordMenuItem user={u} /> : null}
        {can('delete') ? (
          <Menu.Item color="red" onClick={() => actions.onDelete([u])}>
            {t('users.delete')}
          </Menu.Item>
        ) : null}
      </Menu.Dropdown>
    </Menu>
  );
}
