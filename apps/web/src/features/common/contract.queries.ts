import { useQuery } from '@tanstack/react-query';
import { mainApi } from '../../lib/api/index.ts';
import { dashboardKeys } from './keys.ts';

/**
 * Whether this workspace's contract ended (any member: the banner), with its last day and the user
 * limit's figures for who may invite (the invitations and users pages). Read afresh when a page
 * opens: the operator may renew the contract or change the limit at any time.
 */
export function useWorkspaceContract(enabled = true) {
  return useQuery({
    queryKey: dashboardKeys.contract,
    queryFn: ({ signal }) => mainApi.getWorkspaceContract(signal),
    enabled,
    staleTime: 0,
    retry: false,
  });
}
