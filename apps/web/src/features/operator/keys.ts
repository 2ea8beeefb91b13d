import type { TWorkspaceListFilter } from '@app/contract';

/** Query keys of the operator console, under the session so that sign-out drops them. */
export const operatorKeys = {
  all: ['session', 'operator'] as const,
  lists: ['session', 'operator', 'workspaces'] as const,
  list: (pageNo: number, filter: TWorkspaceListFilter) =>
    ['session', 'operator', 'workspaces', pageNo, filter] as const,
  search: (q: string) => ['session', 'operator', 'search', q] as const,
  host: (host: string) => ['session', 'operator', 'host', host] as const,
  details: (workspaceId: string) => ['session', 'operator', 'workspace', workspaceId] as const,
  navigation: (workspaceId: string) => ['session', 'operator', 'workspace', workspaceId, 'nav'] as const,
  whitelist: (workspaceId: string) => ['session', 'operator', 'workspace', workspaceId, 'whitelist'] as const,
  manuals: ['session', 'operator', 'manuals'] as const,
};
