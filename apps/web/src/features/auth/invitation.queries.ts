import type { TClaimInvitationRequest } from '@app/contract';
import { useMutation, useQuery } from '@tanstack/react-query';
import { mainApi } from '../../lib/api/index.ts';
import { useStartSession } from '../common/session.queries.ts';

/** Query key of an invitation's preview. */
export const invitationKey = (code: string) => ['invitation', code] as const;

/** What the invitation is for and whether it can still be used. */
export function useInvitation(code: string) {
  return useQuery({
    queryKey: invitationKey(code),
    queryFn: ({ signal }) => mainApi.getInvitation(code, signal),
    enabled: code.length > 0,
    refetchOnWindowFocus: false,
  });
}

/** Joins the invitation's workspace and signs in there. */
export function useClaimInvitation(code: string) {
  const startSession = useStartSession();
  return useMutation({
    mutationFn: (body: TClaimInvitationRequest) => mainApi.claimInvitation(code, body),
    onSuccess: startSession,
  });
}

/** Asks the workspace's administrators for a fresh invitation. */
export function useRequestNewInvitation(code: string) {
  return useMutation({ mutationFn: () => mainApi.requestNewInvitation(code) });
}
