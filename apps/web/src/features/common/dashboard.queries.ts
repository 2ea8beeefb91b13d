import { useQuery } from '@tanstack/react-query';
import { mainApi } from '../../lib/api/index.ts';
import { dashboardKeys } from './keys.ts';

/** The admin home's figures and checklist; `enabled` only for someone who administers something. */
export function useWorkspaceOverview(enabled: boolean) {
  return useQuery({
    queryKey: dashboardKeys.overview,
    queryFn: ({ signal }) => mainApi.getWorkspaceOverview(signal),
    enabled,
    // Counted afresh each time the home page is opened (people are invited and units added elsewhere).
    staleTime: 0,
    retry: false,
  });
}

/** Who to contact about harassment (the workspace's concerned authority), for any member. */
export function useConcernedAuthority(enabled: boolean) {
  return useQuery({
    queryKey: dashboardKeys.concernedAuthority,
    queryFn: ({ signal }) => mainApi.getConcernedAuthority(signal),
    enabled,
  });
}
