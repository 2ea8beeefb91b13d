import {
  type TCreateWorkspaceRequest,
  type TWorkspaceListFilter,
  ZContractExpiryResponse,
  ZCreateWorkspaceResponse,
  ZHostAvailability,
  ZRetireWorkspaceResponse,
  ZUpdateWorkspaceUrlResponse,
  ZUserManualList,
  ZWhitelist,
  ZWhitelistBulkResponse,
  ZWorkspaceDetails,
  ZWorkspaceListResponse,
  ZWorkspaceNav,
  ZWorkspaceSearchResponse,
  ZWorkspaceUserLimitResponse,
} from '@app/contract';
import { z } from 'zod';
import type { ApiClient } from '../../lib/api/api-client.ts';

/** The whitelist changes answer the list or a confirmation; the page reads the list again either way. */
const ZWhitelistChange = z.unknown();

/**
 * The operator console's calls (issue 23), on one client. A factory, so that tests run them against
 * a scripted `fetch` (see operator.test.ts); the app uses `operatorApi` (operator.client.ts).
 */
export function createOperatorApi(client: ApiClient) {
  return {
    list: (page: { pageNo: number; pageSize: number }, filter: TWorkspaceListFilter, signal?: AbortSignal) =>
      client.request({
        method: 'POST',
        path: '/admin/workspace',
        query: page,
        body: filter,
        schema: ZWorkspaceListResponse,
        signal,
      }),
    /** The typeahead: by name or host, at most 10. */
    search: (q: string, signal?: AbortSignal) =>
      client.request({
        path: `/workspace/search/name-url/${encodeURIComponent(q)}`,
        schema: ZWorkspaceSearchResponse,
        signal,
      }),
    hostAvailability: (host: string, signal?: AbortSignal) =>
      client.request({
        path: '/admin/workspace/host-availability',
        query: { host },
        schema: ZHostAvailability,
        signal,
      }),
    /** `idempotencyKey`: one per wizard, so that a repeat (double click, retry) answers the first result. */
    create: (body: TCreateWorkspaceRequest, idempotencyKey: string) =>
      client.request({
        method: 'POST',
        path: '/admin/workspace/create',
        body,
        headers: { 'Idempotency-Key': idempotencyKey },
        schema: ZCreateWorkspaceResponse,
      }),
    details: (workspaceId: string, signal?: AbortSignal) =>
      client.request({ path: `/admin/workspace/${workspaceId}`, schema: ZWorkspaceDetails, signal }),
    changeHost: (workspaceId: string, workspaceUrl: string) =>
      client.request({
        method: 'PUT',
        path: '/workspace/update-workspace-url',
        body: { workspaceId, workspaceUrl },
        schema: ZUpdateWorkspaceUrlResponse,
      }),
    setUserLimit: (workspaceId: string, userLimit: number | null) =>
      client.request({
        method: 'PUT',
        path: '/admin/workspace-user-limit',
        body: { workspaceId, userLimit },
        schema: ZWorkspaceUserLimitResponse,
      }),
    setContractExpiry: (workspaceId: string, contractExpiryDate: string | null) =>
      client.request({
        method: 'PUT',
        path: '/admin/workspace/contract/expiry-date',
        body: { workspaceId, contractExpiryDate },
        schema: ZContractExpiryResponse,
      }),
    navigation: (workspaceId: string, signal?: AbortSignal) =>
      client.request({ path: '/admin/workspace-nav', query: { workspaceId }, schema: ZWorkspaceNav, signal }),
    setNavigation: (workspaceId: string, menus: { menu: string; enabled: boolean }[]) =>
      client.request({
        method: 'POST',
        path: '/admin/workspace-nav',
        body: { workspaceId, menus },
        schema: ZWorkspaceNav,
      }),
    whitelist: (workspaceId: string, signal?: AbortSignal) =>
      client.request({ path: `/admin/workspace/${workspaceId}/whitelist`, schema: ZWhitelist, signal }),
    addToWhitelist: (workspaceId: string, entries: string[]) =>
      client.request({
        method: 'POST',
        path: '/admin/add-email-to-whitelist',
        body: { workspaceId, entries },
        schema: ZWhitelistChange,
      }),
    removeFromWhitelist: (workspaceId: string, entries: string[]) =>
      client.request({
        method: 'POST',
        path: '/admin/remove-email-from-whitelist',
        body: { workspaceId, entries },
        schema: ZWhitelistChange,
      }),
    addWhitelistFile: (workspaceId: string, file: File) => {
      const form = new FormData();
      form.append('workspaceId', workspaceId);
      form.append('file', file, file.name);
      return client.request({
        method: 'POST',
        path: '/admin/add-email-to-whitelist/bulk',
        body: form,
        schema: ZWhitelistBulkResponse,
      });
    },
    clearAdminIpRanges: (workspaceId: string) =>
      client.request({
        method: 'PUT',
        path: `/admin/workspace/${workspaceId}/admin-ip-ranges`,
        body: { adminIpRanges: [] },
        schema: z.unknown(),
      }),
    retire: (workspaceId: string, confirmHost: string) =>
      client.request({
        method: 'DELETE',
        path: `/workspace/${workspaceId}`,
        body: { confirmHost },
        schema: ZRetireWorkspaceResponse,
      }),
    restore: (workspaceId: string) =>
      client.request({
        method: 'POST',
        path: `/admin/workspace/${workspaceId}/restore`,
        schema: ZRetireWorkspaceResponse,
      }),
    manuals: (signal?: AbortSignal) => client.request({ path: '/user-manual', schema: ZUserManualList, signal }),
    uploadManual: (file: File, audience: 'EMPLOYEE' | 'ADMINISTRATOR', language: string) => {
      const form = new FormData();
      form.append('audience', audience);
      form.append('language', language);
      form.append('file', file, file.name);
      return client.request({
        method: 'POST',
        path: '/user-manual',
        body: form,
        schema: z.unknown(),
      });
    },
  };
}

export type OperatorApi = ReturnType<typeof createOperatorApi>;
