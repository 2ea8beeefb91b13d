import type { TInvitationListRequest } from '@app/contract';

/** Query keys of the invitations feature (under the session, so sign-out drops them). */
export const invitationKeys = {
  all: ['session', 'invitations'] as const,
  list: (branchId: string, pageNo: number, filter: TInvitationListRequest) =>
    ['session', 'invitations', 'list', branchId, pageNo, filter] as const,
  counts: ['session', 'invitations', 'counts'] as const,
  template: ['session', 'invitations', 'template'] as const,
};
