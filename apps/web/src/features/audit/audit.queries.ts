import type { TAuditListRequest } from '@app/contract';
import { keepPreviousData, useQuery } from '@tanstack/react-query';
import { auditApi } from './audit.api.ts';
import { auditKeys } from './keys.ts';

export const AUDIT_PAGE_SIZE = 25;

/** One page of the audit log for a filter; the old page stays shown while the next loads. */
export function useAuditLog(pageNo: number, filter: TAuditListRequest) {
  return useQuery({
    queryKey: auditKeys.list(pageNo, filter),
    queryFn: ({ signal }) => auditApi.list({ pageNo, pageSize: AUDIT_PAGE_SIZE }, filter, signal),
    placeholderData: keepPreviousData,
  });
}
