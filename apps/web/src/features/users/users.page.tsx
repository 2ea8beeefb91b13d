import type {
  TUserAction,
  TUserSearchRequest,
  TUserSortBy,
  TUserStatus,
  TWorkspaceRole,
  TWorkspaceUser,
} from '@app/contract';
import {
  ActionIcon,
  Badge,
  Button,
  Group,
  Menu,
  Modal,
  Paper,
  Select,
  SimpleGrid,
  Stack,
  Text,
  TextInput,
  Title,
  VisuallyHidden,
} from '@mantine/core';
import { useMemo, useState } from 'react';
import { useTranslation } from 'react-i18next';
import { ConfirmDialog } from '../../app/confirm-dialog.tsx';
import { useNavigation } from '../../app/navigation.queries.ts';
import { notify } from '../../app/notify.ts';
import { usePageTitle } from '../../app/page-title.hook.ts';
import { isApiError } from '../../lib/api/index.ts';
import { errorText } from '../../lib/i18n/error-text.ts';
import { saveFile } from '../../lib/save-file.ts';
import { download } from '../common/bulk-files.api.ts';
import { DataTable, DataTablePager } from '../common/data-table.tsx';
import { LoadError } from '../common/load-error.tsx';
import { usePagedList } from '../common/paged-list.hook.ts';
import { useSignedInUser } from '../common/session.queries.ts';
import { ForbiddenPage } from '../errors/forbidden.page.tsx';
import { InviteDialog } from '../invitations/invite-dialog.tsx';
import { DeleteByFile } from './delete-by-file.tsx';
import { OneTimePasswordDialog, OneTimePasswordMenuItem } from './one-time-password.tsx';
import { UserAvatar } from './user-avatar.tsx';
import { UserEditDrawer } from './user-edit-drawer.tsx';
import { displayName } from './user-name.ts';
import {
  USERS_PAGE_SIZE,
  useDeleteUsers,
  useUpdateUser,
  useUserFilterOptions,
  useUserStats,
  useUsersPage,
} from './users.queries.ts';

const ROLES: TWorkspaceRole[] = ['EMPLOYEE', 'BRANCH_ADMIN', 'EMPLOYER', 'WORKSPACE_ADMIN'];
/** The orders the list offers: each column either way. */
const SORTS = [
  'NAME:ASC',
  'NAME:DESC',
  'EMPLOYEE_ID:ASC',
  'EMPLOYEE_ID:DESC',
  'ROLE:ASC',
  'ROLE:DESC',
  'STATUS:ASC',
  'STATUS:DESC',
  'BUSINESS_UNIT:ASC',
  'BUSINESS_UNIT:DESC',
  'DEPARTMENT:ASC',
  'DEPARTMENT:DESC',
] as const;
/** What each column's header sorts by. */
const COLUMN_SORT: Record<string, TUserSortBy> = {
  name: 'NAME',
  employeeId: 'EMPLOYEE_ID',
  role: 'ROLE',
  unit: 'BUSINESS_UNIT',
  department: 'DEPARTMENT',
  status: 'STATUS',
};
type TSortChoice = (typeof SORTS)[number];

function StatCard({ label, value }: { label: string; value: number | undefined }) {
  return (
    <Paper withBorder radius="md" p="sm">
      <Text size="sm" c="dimmed">
        {label}
      </Text>
      <Text fz={24} fw={700}>
        {value ?? '–'}
      </Text>
    </Paper>
  );
}

/** `/users`: stats, then a paged, searchable, filterable table with row and bulk actions. */
export function UsersPage() {
  const { t } = useTranslation('users');
  usePageTitle(t('users.pageTitle'));
  const me = useSignedInUser();
  const stats = useUserStats();
  const options = useUserFilterOptions();
  const [branchId, setBranchId] = useState<string | null>(null);
  const [departmentId, setDepartmentId] = useState<string | null>(null);
  const [role, setRole] = useState<string | null>(null);
  const [status, setStatus] = useState<TUserStatus>('ALL');
  // The order, as one choice: a column and a direction (the server sorts; then by name).
  const [sort, setSort] = useState<TSortChoice>('NAME:ASC');
  const [sortBy, sortDirection] = sort.split(':') as [TUserSortBy, 'ASC' | 'DESC'];
  /** A column header's state (`aria-sort`, its arrow): the list's order, shared with the "Sort by" choice. */
  const sortOf = (by: TUserSortBy) =>
    sortBy === by ? (sortDirection === 'ASC' ? ('ascending' as const) : ('descending' as const)) : ('none' as const);
  // A change of search, filter or order starts again at the first page with nothing selected.
  const paged = usePagedList({ filters: [branchId, departmentId, role, status, sort] });
  const { searchText, page, selected, setSelected } = paged;
  const filter: TUserSearchRequest = useMemo(
    () => ({
      searchText,
      ...(branchId && { branchId }),
      ...(departmentId && { departmentId }),
      ...(role && { role: role as TWorkspaceRole }),
      status,
      ...(sort !== 'NAME:ASC' && { sortBy, sortDirection }),
    }),
    [searchText, branchId, departmentId, role, status, sort, sortBy, sortDirection],
  );
  const users = useUsersPage(filter, page);
  const [editing, setEditing] = useState<TWorkspaceUser | null>(null);
  const [deleting, setDeleting] = useState<TWorkspaceUser[] | null>(null);
  const [byFile, setByFile] = useState(false);
  // Deactivation signs the person out at once: it is asked first, naming them.
  const [deactivating, setDeactivating] = useState<TWorkspaceUser | null>(null);
  const [inviting, setInviting] = useState(false);
  const navigation = useNavigation();
  const mayInvite = Boolean(navigation.data?.some((item) => item.menu === 'INVITATIONS' && item.enabled));
  const unitChoices = (options.data?.branches ?? []).map((b) => ({ value: b.branchId, label: b.branchName }));
  const inviteUnit = branchId ?? unitChoices[0]?.value ?? null;
  const [exporting, setExporting] = useState<'csv' | 'xlsx' | null>(null);
  // The list as filtered now, read and written by the server in batches (streamed).
  const exportList = async (format: 'csv' | 'xlsx') => {
    setExporting(format);
    try {
      saveFile(await download(`/workspace/users/export?format=${format}`, filter), `users.${format}`);
    } catch (e) {
      notify(errorText(t, e), 'error');
    } finally {
      setExporting(null);
    }
  };
  const update = useUpdateUser();
  const remove = useDeleteUsers();

  // Who may give no role but EMPLOYEE administers the employees of one business unit (the server's grant rule).
  const unitOnly = options.data ? !options.data.grantableRoles.includes('BRANCH_ADMIN') : false;
  const filtersOn = Boolean(paged.search || branchId || departmentId || role || status !== 'ALL');
  const rows = users.data?.content ?? [];

  const clearFilters = () => {
    paged.setSearch('');
    setBranchId(null);
    setDepartmentId(null);
    setRole(null);
    setStatus('ALL');
  };

  const setActive = (u: TWorkspaceUser, active: boolean) =>
    update.mutate(
      { userId: u.userId, active },
      {
        onSuccess: () => {
          setDeactivating(null);
          notify(
            active
              ? t('users.reactivated', { name: displayName(u) })
              : t('users.deactivated', { name: displayName(u) }),
          );
        },
        // A refused deactivation (the last admin) is said in the dialog that asked.
        onError: (e) => (active ? notify(errorText(t, e), 'error') : undefined),
      },
    );

  const confirmDelete = () => {
    if (!deleting) return;
    const ids = deleting.map((u) => u.userId);
    remove.mutate(ids, {
      onSuccess: () => {
        notify(t('users.deleted', { count: ids.length }));
        setSelected((s) => new Set([...s].filter((id) => !ids.includes(id))));
        setDeleting(null);
      },
      onError: (e) => {
        notify(errorText(t, e), 'error');
        setDeleting(null);
      },
    });
  };

  const departments = (options.data?.departments ?? []).filter((d) => !branchId || d.branchId === branchId);
  // Someone whose role lost `users.manage` (or never had it) opened the address directly.
  if (isApiError(users.error, 403) && isApiError(stats.error, 403)) return <ForbiddenPage error={users.error} />;

  return (
    <Stack gap="md">
      <Group justify="space-between" align="flex-start" wrap="wrap" gap="sm">
        <div>
          <Title order={1} fz={{ base: 24, sm: 30 }}>
            {t('users.heading')}
          </Title>
          <Text c="dimmed" mt={4}>
            {unitOnly ? t('users.introUnit') : t('users.intro')}
          </Text>
        </div>
        <Group gap="xs">
          <Button variant="default" color="red" onClick={() => setByFile(true)}>
            {t('users.deleteByFile')}
          </Button>
          {mayInvite && inviteUnit ? <Button onClick={() => setInviting(true)}>{t('users.invite')}</Button> : null}
        </Group>
      </Group>

      <SimpleGrid cols={{ base: 2, sm: 4 }} spacing="sm" aria-label={t('users.statsLabel')} component="section">
        <StatCard label={t('users.stats.total')} value={stats.data?.total} />
        <StatCard label={t('users.stats.active')} value={stats.data?.active} />
        <StatCard label={t('users.stats.inactive')} value={stats.data?.inactive} />
        <StatCard label={t('users.stats.pending')} value={stats.data?.pendingInvitations} />
      </SimpleGrid>

      <Paper withBorder radius="md" p="sm" component="section" aria-label={t('users.filtersLabel')}>
        <SimpleGrid cols={{ base: 1, xs: 2, md: 3, lg: 6 }} spacing="xs">
          <TextInput
            label={t('users.search')}
            placeholder={t('users.searchPlaceholder')}
            value={paged.search}
            onChange={(e) => paged.setSearch(e.currentTarget.value)}
            type="search"
          />
          <Select
            label={t('users.branch')}
            placeholder={t('users.allBranches')}
            data={(options.data?.branches ?? []).map((b) => ({ value: b.branchId, label: b.branchName }))}
            value={branchId}
            onChange={(v) => {
              setBranchId(v);
              setDepartmentId(null);
            }}
            clearable
          />
          <Select
            label={t('users.department')}
            placeholder={t('users.allDepartments')}
            data={departments.map((d) => ({ value: d.departmentId, label: d.departmentName }))}
            value={departmentId}
            onChange={setDepartmentId}
            clearable
          />
          <Select
            label={t('users.role')}
            placeholder={t('users.allRoles')}
            data={ROLES.map((r) => ({ value: r, label: t(`roles.${r}`) }))}
            value={role}
            onChange={setRole}
            clearable
          />
          <Select
            label={t('users.status')}
            data={(['ALL', 'ACTIVE', 'INACTIVE'] as const).map((s) => ({ value: s, label: t(`users.statuses.${s}`) }))}
            value={status}
            onChange={(v) => setStatus((v as TUserStatus | null) ?? 'ALL')}
            allowDeselect={false}
          />
          <Select
            label={t('users.sortBy')}
            data={SORTS.map((s) => ({ value: s, label: t(`users.sorts.${s.replace(':', '.') as 'NAME.ASC'}`) }))}
            value={sort}
            onChange={(v) => setSort((v as TSortChoice | null) ?? 'NAME:ASC')}
            allowDeselect={false}
          />
        </SimpleGrid>
      </Paper>

      <Group gap="xs" justify="flex-end">
        <Text size="sm" c="dimmed" id="users-export-hint">
          {t('users.exportHint')}
        </Text>
        <Button
          variant="default"
          size="xs"
          loading={exporting === 'csv'}
          onClick={() => void exportList('csv')}
          aria-describedby="users-export-hint"
        >
          {t('users.exportCsv')}
        </Button>
        <Button
          variant="default"
          size="xs"
          loading={exporting === 'xlsx'}
          onClick={() => void exportList('xlsx')}
          aria-describedby="users-export-hint"
        >
          {t('users.exportXlsx')}
        </Button>
      </Group>

      {selected.size > 0 ? (
        <Group gap="sm" justify="space-between" wrap="wrap" role="status">
          <Text fw={600}>{t('users.selected', { count: selected.size })}</Text>
          <Group gap="xs">
            <Button variant="default" size="xs" onClick={() => setSelected(new Set())}>
              {t('users.clearSelection')}
            </Button>
            <Button color="red" size="xs" onClick={() => setDeleting(rows.filter((u) => selected.has(u.userId)))}>
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
              {filtersOn ? t('users.emptyFiltered') : t('users.empty')}
            </Title>
            <Text c="dimmed">{filtersOn ? t('users.emptyFilteredHelp') : t('users.emptyHelp')}</Text>
            {filtersOn ? (
              <Button variant="default" size="xs" onClick={clearFilters}>
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
            if (!by) return;
            // A first press sorts up; pressing the column the list is sorted up by sorts it down.
            setSort(sortBy === by && sortDirection === 'ASC' ? `${by}:DESC` : `${by}:ASC`);
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
              cell: (u) => {
                const can = (action: TUserAction) => u.actions.includes(action);
                if (!(['edit', 'deactivate', 'reactivate', 'delete'] as const).some(can)) return null;
                return (
                  <Menu position="bottom-end" withinPortal>
                    <Menu.Target>
                      <ActionIcon
                        variant="subtle"
                        color="gray"
                        aria-label={t('users.actionsFor', { name: displayName(u) })}
                      >
                        <span aria-hidden="true">⋯</span>
                      </ActionIcon>
                    </Menu.Target>
                    <Menu.Dropdown>
                      {can('edit') ? <Menu.Item onClick={() => setEditing(u)}>{t('users.edit')}</Menu.Item> : null}
                      {can('deactivate') ? (
                        <Menu.Item
                          onClick={() => {
                            update.reset();
                            setDeactivating(u);
                          }}
                        >
                          {t('users.deactivate')}
                        </Menu.Item>
                      ) : null}
                      {can('reactivate') ? (
                        <Menu.Item onClick={() => setActive(u, true)}>{t('users.reactivate')}</Menu.Item>
                      ) : null}
                      {can('resetPassword') ? <OneTimePasswordMenuItem user={u} /> : null}
                      {can('delete') ? (
                        <Menu.Item color="red" onClick={() => setDeleting([u])}>
                          {t('users.delete')}
                        </Menu.Item>
                      ) : null}
                    </Menu.Dropdown>
                  </Menu>
                );
              },
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

      <DeleteByFile opened={byFile} onClose={() => setByFile(false)} />

      <ConfirmDialog
        opened={deactivating !== null}
        title={t('users.confirmDeactivateTitle', { name: deactivating ? displayName(deactivating) : '' })}
        message={t('users.confirmDeactivateBody', { name: deactivating ? displayName(deactivating) : '' })}
        confirmLabel={t('users.deactivate')}
        pending={update.isPending}
        error={deactivating && update.error ? errorText(t, update.error) : null}
        errorTitle={t('users.deactivateFailed')}
        onConfirm={() => (deactivating ? setActive(deactivating, false) : undefined)}
        onClose={() => setDeactivating(null)}
      />

      {mayInvite && inviteUnit ? (
        <InviteDialog
          opened={inviting}
          onClose={() => setInviting(false)}
          branchId={inviteUnit}
          branchName={unitChoices.find((u) => u.value === inviteUnit)?.label ?? ''}
          units={unitChoices}
          roles={options.data?.grantableRoles ?? []}
          onInvited={(to) => notify(t('users.invited', { to }))}
        />
      ) : null}

      <OneTimePasswordDialog />
      <UserEditDrawer
        user={editing}
        onClose={() => setEditing(null)}
        options={options.data}
        self={editing?.userId === me.user.userId}
      />

      <Modal
        opened={deleting !== null}
        onClose={() => setDeleting(null)}
        closeButtonProps={{ 'aria-label': t('common.close') }}
        title={t('users.confirmDeleteTitle', { count: deleting?.length ?? 0 })}
      >
        <Stack gap="sm">
          <Text>
            {deleting?.length === 1
              ? t('users.confirmDeleteOne', { name: displayName(deleting[0]!) })
              : t('users.confirmDeleteMany', { count: deleting?.length ?? 0 })}
          </Text>
          <Text size="sm" c="dimmed">
            {t('users.confirmDeleteHelp')}
          </Text>
          <Group justify="flex-end" gap="xs">
            <Button variant="default" onClick={() => setDeleting(null)}>
              {t('common.cancel')}
            </Button>
            <Button color="red" loading={remove.isPending} onClick={confirmDelete}>
              {t('users.confirmDelete')}
            </Button>
          </Group>
        </Stack>
      </Modal>
    </Stack>
  );
}
