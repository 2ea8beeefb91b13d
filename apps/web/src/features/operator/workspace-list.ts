import type { TContractState, TCountry, TWorkspaceListFilter, TWorkspaceStatus } from '@app/contract';

/** Rows per page of the operator's workspace list. */
export const WORKSPACE_PAGE_SIZE = 20;

/** What the list's filter inputs hold ('' for "any"). */
export type TListFilterValues = {
  country: '' | TCountry;
  contract: '' | TContractState;
  /** With `contract: 'EXPIRING'`: the days typed ('' = the default 30). */
  expiringWithinDays: number | '';
  userLimitReached: boolean;
  status: '' | TWorkspaceStatus;
  sort: 'NAME' | 'CREATED' | 'CONTRACT_EXPIRY';
};

export const EMPTY_LIST_FILTER: TListFilterValues = {
  country: '',
  contract: '',
  expiringWithinDays: '',
  userLimitReached: false,
  status: '',
  sort: 'NAME',
};

/** The list's request body: only what is chosen, so "any" sends nothing for that field. */
export function toListFilter(searchText: string, v: TListFilterValues): TWorkspaceListFilter {
  const q = searchText.trim();
  const days =
    v.contract === 'EXPIRING' && typeof v.expiringWithinDays === 'number'
      ? Math.min(366, Math.max(1, Math.round(v.expiringWithinDays)))
      : null;
  return {
    ...(q ? { q } : {}),
    ...(v.country ? { country: v.country } : {}),
    ...(v.contract ? { contract: v.contract } : {}),
    ...(days !== null ? { expiringWithinDays: days } : {}),
    ...(v.userLimitReached ? { userLimitReached: true } : {}),
    ...(v.status ? { status: v.status } : {}),
    sort: v.sort,
  };
}

/** Whether any filter (besides the order) narrows the list: the empty state then says so. */
export function isFiltered(searchText: string, v: TListFilterValues): boolean {
  return Boolean(searchText.trim() || v.country || v.contract || v.userLimitReached || v.status);
}

/** The badge colour of a contract's state. */
export const CONTRACT_COLOR: Record<TContractState, string> = {
  NONE: 'gray',
  ACTIVE: 'green',
  EXPIRING: 'yellow',
  EXPIRED: 'red',
};

/** The badge colour of a workspace's status. */
export const STATUS_COLOR: Record<TWorkspaceStatus, string> = {
  ACTIVE: 'green',
  SUSPENDED: 'orange',
  PURGED: 'gray',
};
