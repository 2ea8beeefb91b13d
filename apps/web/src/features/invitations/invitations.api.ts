import {
  type TEmailTemplateRequest,
  type TInvitationListRequest,
  type TInviteUserRequest,
  ZEmailTemplate,
  ZInvitation,
  ZInvitationPage,
  ZInvitationsSentResponse,
  ZOkResponse,
  ZUnusedCountResponse,
} from '@app/contract';
import { apiClient } from '../../lib/api/index.ts';

/** Calls of the invitations page (administrators). */
export const invitationsApi = {
  list: (
    branchId: string,
    page: { pageNo: number; pageSize: number },
    filter: TInvitationListRequest,
    signal?: AbortSignal,
  ) =>
    apiClient.request({
      method: 'POST',
      path: `/invite/branch/${branchId}`,
      query: page,
      body: filter,
      schema: ZInvitationPage,
      signal,
    }),
  /** Every unit the caller administers at once ("All business units"). */
  listAll: (page: { pageNo: number; pageSize: number }, filter: TInvitationListRequest, signal?: AbortSignal) =>
    apiClient.request({
      method: 'POST',
      path: '/invite/all',
      query: page,
      body: filter,
      schema: ZInvitationPage,
      signal,
    }),
  invite: (branchId: string, body: TInviteUserRequest) =>
    apiClient.request({ method: 'POST', path: `/invite/user/${branchId}`, body, schema: ZInvitation }),
  resendOne: (branchId: string, invitationId: string) =>
    apiClient.request({ path: `/invite/resend/${branchId}/${invitationId}`, schema: ZInvitationsSentResponse }),
  resendMany: (invitationIds: string[]) =>
    apiClient.request({
      method: 'POST',
      path: '/invite/resend/bulk',
      body: { invitationIds },
      schema: ZInvitationsSentResponse,
    }),
  resendAll: () =>
    apiClient.request({ method: 'POST', path: '/invite/resend/unused/all', schema: ZInvitationsSentResponse }),
  revoke: (branchId: string, invitationId: string) =>
    apiClient.request({ method: 'DELETE', path: `/invite/${branchId}/${invitationId}`, schema: ZOkResponse }),
  unusedCount: (onlyExpired: boolean, signal?: AbortSignal) =>
    apiClient.request({
      path: '/invite/unused/count',
      query: { filterOnlyExpired: onlyExpired },
      schema: ZUnusedCountResponse,
      signal,
    }),
  template: (signal?: AbortSignal) => apiClient.request({ path: '/template', schema: ZEmailTemplate, signal }),
  saveTemplate: (body: TEmailTemplateRequest) =>
    apiClient.request({ method: 'POST', path: '/template', body, schema: ZEmailTemplate }),
};
