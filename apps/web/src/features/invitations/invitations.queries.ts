import type { TEmailTemplateRequest, TInvitationListRequest, TInviteUserRequest } from '@app/contract';
import { keepPreviousData, useMutation, useQuery, useQueryClient } from '@tanstack/react-query';
import { invitationsApi } from './invitations.api.ts';
import { invitationKeys } from './keys.ts';

export const INVITATIONS_PAGE_SIZE = 20;

/** The selector's value for "All business units": every unit the caller administers. */
export const ALL_UNITS = 'ALL';

export function useInvitationList(branchId: string | null, pageNo: number, filter: TInvitationListRequest) {
  return useQuery({
    queryKey: invitationKeys.list(branchId ?? '', pageNo, filter),
    queryFn: ({ signal }) =>
      branchId === ALL_UNITS
        ? invitationsApi.listAll({ pageNo, pageSize: INVITATIONS_PAGE_SIZE }, filter, signal)
        : invitationsApi.list(branchId!, { pageNo, pageSize: INVITATIONS_PAGE_SIZE }, filter, signal),
    enabled: Boolean(branchId),
    placeholderData: keepPreviousData,
    // While a message on this page waits for delivery, look again every few seconds: its badge turns Sent or Failed.
    refetchInterval: (query) =>
      query.state.data?.content.some((r) => r.mailStatus === 'QUEUED') ? QUEUED_REFRESH_MS : false,
  });
}

/** How often a page with queued messages is refreshed. */
const QUEUED_REFRESH_MS = 3000;

/** Unused and expired counts, shown above the table. */
export function useInvitationCounts() {
  return useQuery({
    queryKey: invitationKeys.counts,
    queryFn: async ({ signal }) => {
      const [unused, expired] = await Promise.all([
        invitationsApi.unusedCount(false, signal),
        invitationsApi.unusedCount(true, signal),
      ]);
      return { unused: unused.count, expired: expired.count };
    },
  });
}

/** Every command refreshes the lists and the counts. */
function useInvitationMutation<A, R>(fn: (args: A) => Promise<R>) {
  const queryClient = useQueryClient();
  return useMutation({
    mutationFn: fn,
    onSuccess: () => queryClient.invalidateQueries({ queryKey: invitationKeys.all }),
  });
}

export const useInvite = () =>
  useInvitationMutation((a: { branchId: string; body: TInviteUserRequest }) =>
    invitationsApi.invite(a.branchId, a.body),
  );
export const useResendOne = () =>
  useInvitationMutation((a: { branchId: string; invitationId: string }) =>
    invitationsApi.resendOne(a.branchId, a.invitationId),
  );
export const useResendMany = () => useInvitationMutation((ids: string[]) => invitationsApi.resendMany(ids));
export const useResendAll = () => useInvitationMutation(() => invitationsApi.resendAll());
export const useRevoke = () =>
  useInvitationMutation((a: { branchId: string; invitationId: string }) =>
    invitationsApi.revoke(a.branchId, a.invitationId),
  );

export function useTemplate(enabled: boolean) {
  return useQuery({
    queryKey: invitationKeys.template,
    queryFn: ({ signal }) => invitationsApi.template(signal),
    enabled,
  });
}
export const useSaveTemplate = () =>
  useInvitationMutation((body: TEmailTemplateRequest) => invitationsApi.saveTemplate(body));
