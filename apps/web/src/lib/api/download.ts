import { ZErrorResponse } from '@app/contract';
import { ApiError, CLIENT_ERROR_CODES } from './api-error.ts';
import { tokenStore } from './index.ts';
import { newTraceId, resolveBaseUrls } from './request-helpers.ts';

/**
 * A file from the main service (`path` below its base URL) with the name its
 * `Content-Disposition` gives, else `fallbackName`. The session travels as a bearer token, so a
 * private file is fetched here and then saved, not linked to.
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
  return { blob: await response.blob(), name: star ? decodeURIComponent(star) : (plain ?? fallbackName) };
}
