import { type TCommittee, type TCommitteeInput, ZCommittee, ZCommitteeRegister, ZErrorResponse } from '@app/contract';
import { ApiError, CLIENT_ERROR_CODES } from '../../lib/api/api-error.ts';
import { apiClient, tokenStore } from '../../lib/api/index.ts';
import { newTraceId, resolveBaseUrls } from '../../lib/api/request-helpers.ts';

/**
 * The order constituting a committee as a file (the session travels as a bearer token, so the file
 * is fetched here, then saved or opened, not linked to).
 */
export async function fetchFile(path: string, fallbackName: string): Promise<{ blob: Blob; name: string }> {
  const traceId = newTraceId();
  const token = tokenStore.getAccessToken();
  const response = await fetch(`${resolveBaseUrls(import.meta.env).main}${path}`, {
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
  const disposition = response.headers.get('content-disposition') ?? '';
  const star = /filename\*=UTF-8''([^;]+)/i.exec(disposition)?.[1];
  const plain = /filename="([^"]+)"/.exec(disposition)?.[1];
  const name = star ? decodeURIComponent(star) : (plain ?? fallbackName);
  return { blob: await response.blob(), name };
}

/** Calls of the committee register (the main API's `/committee/…`, issue 24). */
export const committeeApi = {
  register: (signal?: AbortSignal) =>
    apiClient.request({ path: '/committee/register', schema: ZCommitteeRegister, signal }),
  details: (id: string, asOf: string | null, signal?: AbortSignal) =>
    apiClient.request({
      path: `/committee/details/${encodeURIComponent(id)}`,
      query: { asOf: asOf ?? undefined },
      schema: ZCommittee,
      signal,
    }),
  create: (body: TCommitteeInput): Promise<TCommittee> =>
    apiClient.request({ method: 'POST', path: '/committee/create', body, schema: ZCommittee }),
  update: (id: string, body: TCommitteeInput): Promise<TCommittee> =>
    apiClient.request({
      method: 'POST',
      path: `/committee/update/${encodeURIComponent(id)}`,
      body,
      schema: ZCommittee,
    }),
  uploadOrder: (id: string, file: File, orderDate: string) => {
    const form = new FormData();
    form.append('orderDate', orderDate);
    form.append('file', file, file.name);
    return apiClient.request({
      method: 'POST',
      path: `/committee/${encodeURIComponent(id)}/order`,
      body: form,
      schema: ZCommittee,
    });
  },
  downloadOrder: (id: string) => fetchFile(`/committee/${encodeURIComponent(id)}/order`, 'order.pdf'),
  dissolve: (id: string, body: { dissolvedOn?: string }) =>
    apiClient.request({
      method: 'POST',
      path: `/committee/${encodeURIComponent(id)}/dissolve`,
      body,
      schema: ZCommittee,
    }),
};
