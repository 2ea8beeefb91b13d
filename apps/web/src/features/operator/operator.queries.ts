import type { TWorkspaceListFilter } from '@app/contract';
import { keepPreviousData, useMutation, useQuery, useQueryClient } from '@tanstack/react-query';
import { operatorKeys } from './keys.ts';
import { operatorApi } from './operator.client.ts';
import { WORKSPACE_PAGE_SIZE } from './workspace-list.ts';

export function useWorkspaceList(pageNo: number, filter: TWorkspaceListFilter, pageSize = WORKSPACE_PAGE_SIZE) {
  return useQuery({
    queryKey: [...operatorKeys.list(pageNo, filter), pageSize],
    queryFn: ({ signal }) => operatorApi.list({ pageNo, pageSize }, filter, signal),
    placeholderData: keepPreviousData,
  });
}

/** The typeahead's hits for `q` (already debounced and trimmed; nothing is asked under 2 characters). */
export function useWorkspaceSearch(q: string) {
  return useQuery({
    queryKey: operatorKeys.search(q),
    queryFn: ({ signal }) => operatorApi.search(q, signal),
    enabled: q.length >= 2,
    staleTime: 10_000,
  });
}

/** The wizard's live check of a host (already debounced and normalised). */
export function useHostAvailability(host: string) {
  return useQuery({
    queryKey: operatorKeys.host(host),
    queryFn: ({ signal }) => operatorApi.hostAvailability(host, signal),
    enabled: host.length > 0,
    staleTime: 0,
    retry: false,
  });
}

export function useWorkspaceDetails(workspaceId: string) {
  return useQuery({
    queryKey: operatorKeys.details(workspaceId),
    queryFn: ({ signal }) => operatorApi.details(workspaceId, signal),
  });
}

export function useWorkspaceNavigation(workspaceId: string) {
  return useQuery({
    queryKey: operatorKeys.navigation(workspaceId),
    queryFn: ({ signal }) => operatorApi.navigation(workspaceId, signal),
  });
}

export function useWhitelist(workspaceId: string) {
  return useQuery({
    queryKey: operatorKeys.whitelist(workspaceId),
    queryFn: ({ signal }) => operatorApi.whitelist(workspaceId, signal),
    retry: false,
  });
}

export function useUserManuals() {
  return useQuery({ queryKey: operatorKeys.manuals, queryFn: ({ signal }) => operatorApi.manuals(signal) });
}

/**
 * A change to one workspace: when it is done, the workspace's details, its settings and every list
 * are read again, so the page shows what the server now holds.
 */
export function useWorkspaceChange<TArgs, TResult>(workspaceId: string, run: (args: TArgs) => Promise<TResult>) {
  const queryClient = useQueryClient();
  return useMutation({
    mutationFn: run,
    onSuccess: async () => {
      await Promise.all([
        queryClient.invalidateQueries({ queryKey: operatorKeys.details(workspaceId) }),
        queryClient.invalidateQueries({ queryKey: operatorKeys.lists }),
      ]);
    },
  });
}

export function useUploadManual() {
  const queryClient = useQueryClient();
  return useMutation({
    mutationFn: (args: { file: File; audience: 'EMPLOYEE' | 'ADMINISTRATOR'; language: string }) =>
      operatorApi.uploadManual(args.file, args.audience, args.language),
    onSuccess: () => queryClient.invalidateQueries({ queryKey: operatorKeys.manuals }),
  });
}
