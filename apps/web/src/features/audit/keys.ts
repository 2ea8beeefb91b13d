import type { TAuditListRequest } from '@app/contract';

/** Query keys of the audit log (under the session, so sign-out drops them). */
export const auditKeys = {
  all: ['session', 'audit'] as const,
  list: (pageNo: number, filter: TAuditListRequest) => ['session', 'audit', 'list', pageNo, filter] as const,
};
