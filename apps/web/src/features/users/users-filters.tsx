import type { TUserSearchRequest, TUserSortBy, TUserStatus, TWorkspaceRole } from '@app/contract';
import { Paper, Select, SimpleGrid, TextInput } from '@mantine/core';
import { useMemo, useState } from 'react';
import { useTranslation } from 'react-i18next';
import { usePagedList } from '../common/paged-list.hook.ts';
import { useUserFilterOptions } from './users.queries.ts';

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
type TSortChoice = (typeof SORTS)[number];

/**
 * The users list's search, filters and order, and the request they make. A change of search, filter
 * or order starts again at the first page with nothing selected (`paged`).
 */
export function useUserFilters() {
  const [branchId, setBranchId] = useState<string | null>(null);
  const [departmentId, setDepartmentId] = useState<string | null>(null);
  const [role, setRole] = useState<string | null>(null);
  const [status, setStatus] = useState<TUserStatus>('ALL');
  // The order, as one choice: a column and a direction (the server sorts; then by name).
  const [sort, setSort] = useState<TSortChoice>('NAME:ASC');
  const [sortBy, sortDirection] = sort.split(':') as [TUserSortBy, 'ASC' | 'DESC'];
  const paged = usePagedList({ filters: [branchId, departmentId, role, status, sort] });
  const { searchText } = paged;
  const request: TUserSearchRequest = useMemo(
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
  return {
    paged,
    request,
    branchId,
    setBranchId: (id: string | null) => {
      setBranchId(id);
      setDepartmentId(null);
    },
    departmentId,
    setDepartmentId,
    role,
    setRole,
    status,
    setStatus,
    sort,
    setSort,
    sortBy,
    sortDirection,
    /** A column header's state (`aria-sort`, its arrow): the list's order, shared with the "Sort by" choice. */
    sortOf: (by: TUserSortBy) =>
      sortBy === by ? (sortDirection === 'ASC' ? ('ascending' as const) : ('descending' as const)) : ('none' as const),
    /** A column header pressed: a first press sorts up; pressing the column the list is sorted up by sorts it down. */
    sortByColumn: (by: TUserSortBy) => setSort(sortBy === by && sortDirection === 'ASC' ? `${by}:DESC` : `${by}:ASC`),
    filtersOn: Boolean(paged.search || branchId || departmentId || role || status !== 'ALL'),
    clear: () => {
      paged.setSearch('');
      setBranchId(null);
      setDepartmentId(null);
      setRole(null);
      setStatus('ALL');
    },
  };
}
export type TUserFilters = ReturnType<typeof useUserFilters>;

/** The search box and the unit, department, role, status and order choices above the users list. */
export function UserFilters({ filters }: { filters: TUserFilters }) {
  const { t } = useTranslation('users');
  const options = useUserFilterOptions();
  const { paged, branchId } = filters;
  const departments = (options.data?.departments ?? []).filter((d) => !branchId || d.branchId === branchId);
  return (
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
          onChange={filters.setBranchId}
          clearable
        />
        <Select
          label={t('users.department')}
          placeholder={t('users.allDepartments')}
          data={departments.map((d) => ({ value: d.departmentId, label: d.departmentName }))}
          value={filters.departmentId}
          onChange={filters.setDepartmentId}
          clearable
        />
        <Select
          label={t('users.role')}
          placeholder={t('users.allRoles')}
          data={ROLES.map((r) => ({ value: r, label: t(`roles.${r}`) }))}
          value={filters.role}
          onChange={filters.setRole}
          clearable
        />
        <Select
          label={t('users.status')}
          data={(['ALL', 'ACTIVE', 'INACTIVE'] as const).map((s) => ({ value: s, label: t(`users.statuses.${s}`) }))}
          value={filters.status}
          onChange={(v) => filters.setStatus((v as TUserStatus | null) ?? 'ALL')}
          allowDeselect={false}
        />
        <Select
          label={t('users.sortBy')}
          data={SORTS.map((s) => ({ value: s, label: t(`users.sorts.${s.replace(':', '.') as 'NAME.ASC'}`) }))}
          value={filters.sort}
          onChange={(v) => filters.setSort((v as TSortChoice | null) ?? 'NAME:ASC')}
          allowDeselect={false}
        />
      </SimpleGrid>
    </Paper>
  );
}
