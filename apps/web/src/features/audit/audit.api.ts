import { type TAuditExportQuery, type TAuditListRequest, ZAuditPage, ZErrorResponse } from '@app/contract';
import { ApiError, CLIENT_ERROR_CODES } from '../../lib/api/api-error.ts';
import { apiClient, tokenStore } from '../../lib/api/index.ts';
import { newTraceId, resolveBaseUrls } from '../../lib/api/request-helpers.ts';

/** Calls of the audit log page (workspace admins and employers). */
export const auditApi = {
  /** One page (`pageNo` zero-based) of the entries matching the filter, newest first. */
  list: (page: { pageNo: number; pageSize: number }, filter: TAuditListRequest, signal?: AbortSignal) =>
    apiClient.request({ method: 'POST', path: '/audit', query: page, body: filter, schema: ZAuditPage, signal }),

  /**
   * The matching entries as a file (the server streams it; the export is recorded in the log). The
   * session travels as a bearer token, so the file is fetched here and then saved, not linked to.
   */
  download: async (query: TAuditExportQuery): Promise<{ blob: Blob; name: string }> => {
    const params = new URLSearchParams();
    for (const [key, value] of Object.entries(query)) if (value) params.append(key, String(value));
    const traceId = newTraceId();
    const token = tokenStore.getAccessToken();
    const response = await fetch(`${resolveBaseUrls(import.meta.env).main}/audit/export?${params}`, {
      headers: { 'X-Trace-Id': traceId, ...(token ? { Authorization: `Bearer ${token}` } : {}) },
    });
    if (!response.ok) {
      const parsed = ZErrorResponse.safeParse(await response.json().catch(() => undefined));
      throw new ApiError(
        parsed.success
          ? parsed.data
          : { status: response.status, code: CLIENT_ERROR_CODES.http, message: `HTTP ${response.status}` },
        { traceId },
      );
    }
    const name = /filename="([^"]+)"/.exec(response.headers.get('content-disposition') ?? '')?.[1];
    return { blob: await response.blob(), name: name ?? `audit-log.${query.format}` };
  },
};
