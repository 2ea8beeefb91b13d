import type { TWorkspaceSummary } from '@app/contract';
import {
  Alert,
  Anchor,
  Badge,
  Button,
  Checkbox,
  Group,
  NumberInput,
  Select,
  Stack,
  Text,
  TextInput,
} from '@mantine/core';
import { useState } from 'react';
import { useTranslation } from 'react-i18next';
import { Link } from 'react-router';
import { FullPageLoader } from '../../app/full-page-loader.tsx';
import { urlOnHost } from '../../app/host-context.tsx';
import { usePageTitle } from '../../app/page-title.hook.ts';
import { DataTable, DataTablePager } from '../common/data-table.tsx';
import { useDates } from '../common/dates.hook.ts';
import { LoadError } from '../common/load-error.tsx';
import { PageHeading } from '../common/page-heading.tsx';
import { usePagedList } from '../common/paged-list.hook.ts';
import { builtAreas, formatPlainDate, READABLE_BADGE } from './format.ts';
import { useWorkspaceList } from './operator.queries.ts';
import { WorkspaceJump } from './workspace-jump.tsx';
import {
  CONTRACT_COLOR,
  EMPTY_LIST_FILTER,
  isFiltered,
  STATUS_COLOR,
  type TListFilterValues,
  toListFilter,
  WORKSPACE_PAGE_SIZE,
} from './workspace-list.ts';

/** `/platform/workspaces` (operator): every customer workspace, filtered and paged, with a typeahead. */
export function WorkspacesPage() {
  const { t, i18n } = useTranslation('operator');
  const { date } = useDates();
  usePageTitle(t('operator.list.pageTitle'));
  const [filters, setFilters] = useState<TListFilterValues>(EMPTY_LIST_FILTER);
  const paged = usePagedList({ filters });
  const filter = toListFilter(paged.searchText, filters);
  const list = useWorkspaceList(paged.page, filter);
  const set = (patch: Partial<TListFilterValues>) => setFilters((f) => ({ ...f, ...patch }));
  const filtered = isFiltered(paged.search, filters);

  const contractCell = (r: TWorkspaceSummary) => (
    <Stack gap={2}>
      <Badge styles={READABLE_BADGE} color={CONTRACT_COLOR[r.contractState]} variant="light">
        {t(`operator.contract.${r.contractState}`)}
      </Badge>
      {r.contractExpiryDate ? (
        <Text size="xs">
          {t('operator.list.until', { date: formatPlainDate(r.contractExpiryDate, i18n.language) })}
        </Text>
      ) : null}
    </Stack>
  );

  return (
    <Stack gap="lg" maw={1280}>
      <PageHeading title={t('operator.list.heading')} intro={t('operator.list.intro')} />
      <Group justify="space-between" align="flex-end" wrap="wrap" gap="sm">
        <WorkspaceJump />
        <Group gap="sm" wrap="wrap">
          <Button component={Link} to="/platform/user-manuals" variant="default">
            {t('operator.list.manuals')}
          </Button>
          <Button component={Link} to="/platform/workspaces/new">
            {t('operator.list.newWorkspace')}
          </Button>
        </Group>
      </Group>

      <Group align="flex-end" wrap="wrap" gap="sm">
        <TextInput
          label={t('operator.list.searchLabel')}
          value={paged.search}
          onChange={(e) => paged.setSearch(e.currentTarget.value)}
          style={{ flex: '1 1 220px' }}
          type="search"
        />
        <Select
          label={t('operator.list.countryLabel')}
          data={[
            { value: '', label: t('operator.list.any') },
            { value: 'IN', label: t('operator.country.IN') },
            { value: 'CA', label: t('operator.country.CA') },
          ]}
          value={filters.country}
          onChange={(v) => set({ country: (v ?? '') as TListFilterValues['country'] })}
          allowDeselect={false}
          w={150}
        />
        <Select
          label={t('operator.list.contractLabel')}
          data={[
            { value: '', label: t('operator.list.any') },
            ...(['ACTIVE', 'EXPIRING', 'EXPIRED', 'NONE'] as const).map((c) => ({
              value: c,
              label: t(`operator.contract.${c}`),
            })),
          ]}
          value={filters.contract}
          onChange={(v) => set({ contract: (v ?? '') as TListFilterValues['contract'] })}
          allowDeselect={false}
          w={160}
        />
        {filters.contract === 'EXPIRING' ? (
          <NumberInput
            label={t('operator.list.daysLabel')}
            value={filters.expiringWithinDays === '' ? 30 : filters.expiringWithinDays}
            onChange={(v) => set({ expiringWithinDays: typeof v === 'number' ? v : '' })}
            min={1}
            max={366}
            allowDecimal={false}
            w={170}
          />
        ) : null}
        <Select
          label={t('operator.list.statusLabel')}
          data={[
            { value: '', label: t('operator.list.anyStatus') },
            ...(['ACTIVE', 'SUSPENDED', 'PURGED'] as const).map((s) => ({
              value: s,
              label: t(`operator.status.${s}`),
            })),
          ]}
          value={filters.status}
          onChange={(v) => set({ status: (v ?? '') as TListFilterValues['status'] })}
          allowDeselect={false}
          w={190}
        />
        <Select
          label={t('operator.list.sortLabel')}
          data={(['NAME', 'CREATED', 'CONTRACT_EXPIRY'] as const).map((s) => ({
            value: s,
            label: t(`operator.list.sort.${s}`),
          }))}
          value={filters.sort}
          onChange={(v) => set({ sort: (v ?? 'NAME') as TListFilterValues['sort'] })}
          allowDeselect={false}
          w={170}
        />
        <Checkbox
          label={t('operator.list.limitReached')}
          checked={filters.userLimitReached}
          onChange={(e) => set({ userLimitReached: e.currentTarget.checked })}
          mb={8}
        />
        {filtered ? (
          <Button
            variant="subtle"
            onClick={() => {
              setFilters({ ...EMPTY_LIST_FILTER, sort: filters.sort });
              paged.setSearch('');
            }}
          >
            {t('operator.list.clear')}
          </Button>
        ) : null}
      </Group>

      {list.isPending ? (
        <FullPageLoader inline />
      ) : list.isError ? (
        <LoadError title={t('operator.list.loadError')} onRetry={() => void list.refetch()} />
      ) : list.data.content.length === 0 ? (
        <Alert variant="light" color="gray" c="gray.9">
          {filtered ? t('operator.list.emptyFiltered') : t('operator.list.empty')}
        </Alert>
      ) : (
        <>
          <DataTable
            rows={list.data.content}
            rowKey={(r) => r.workspaceId}
            minWidth={1100}
            label={t('operator.list.tableLabel')}
            columns={[
              {
                key: 'company',
                header: t('operator.list.colCompany'),
                cell: (r) => (
                  <Stack gap={2}>
                    <Anchor component={Link} to={`/platform/workspaces/${r.workspaceId}`} fw={600}>
                      {r.companyName}
                    </Anchor>
                    <Anchor href={urlOnHost(r.workspaceUrl, '/')} size="sm" target="_blank" rel="noreferrer">
                      {r.workspaceUrl}
                    </Anchor>
                  </Stack>
                ),
              },
              {
                key: 'country',
                header: t('operator.list.colCountry'),
                cell: (r) => t(`operator.country.${r.country}`),
              },
              {
                key: 'members',
                header: t('operator.list.colMembers'),
                cell: (r) => (
                  <Group gap={6} wrap="nowrap">
                    <Text size="sm">
                      {t('operator.list.members', {
                        members: r.members,
                        limit: r.userLimit ?? t('operator.noLimit'),
                      })}
                    </Text>
                    {r.userLimitReached ? (
                      <Badge styles={READABLE_BADGE} color="orange" variant="light" size="sm">
                        {t('operator.list.atLimit')}
                      </Badge>
                    ) : null}
                  </Group>
                ),
              },
              {
                key: 'pending',
                header: t('operator.list.colPending'),
                align: 'right',
                cell: (r) => r.pendingInvitations,
              },
              { key: 'contract', header: t('operator.list.colContract'), cell: contractCell },
              { key: 'created', header: t('operator.list.colCreated'), cell: (r) => date(r.createdAt) },
              {
                key: 'areas',
                header: t('operator.list.colAreas'),
                cell: (r) =>
                  builtAreas(r.areas).length === 0
                    ? t('operator.none')
                    : builtAreas(r.areas)
                        .map((a) => t(`operator.areas.${a}`))
                        .join(', '),
              },
              {
                key: 'status',
                header: t('operator.list.colStatus'),
                cell: (r) => (
                  <Badge styles={READABLE_BADGE} color={STATUS_COLOR[r.status]} variant="light">
                    {t(`operator.status.${r.status}`)}
                  </Badge>
                ),
              },
            ]}
          />
          <DataTablePager
            totalPages={list.data.totalPages}
            page={paged.page}
            onChange={paged.setPage}
            summary={
              <Text size="sm">
                {t('operator.list.summary', {
                  from: paged.page * WORKSPACE_PAGE_SIZE + 1,
                  to: paged.page * WORKSPACE_PAGE_SIZE + list.data.content.length,
                  total: list.data.totalElements,
                })}
              </Text>
            }
            controlLabel={(c) => t(`operator.list.pager.${c}`)}
          />
        </>
      )}
    </Stack>
  );
}
