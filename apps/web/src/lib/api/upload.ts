import { ZErrorResponse } from '@app/contract';
import type { z } from 'zod';
import { ApiError, CLIENT_ERROR_CODES } from './api-error.ts';
import { tokenStore } from './index.ts';
import { newTraceId, resolveBaseUrls } from './request-helpers.ts';

type TUploadRequest<T> = {
  /** The service (default main). */
  service?: 'main' | 'lms' | 'cms';
  /** Path below the service's base URL. */
  path: string;
  form: FormData;
  /** `json` (checked against `schema`) or `blob` (a file to save). */
  as: T extends Blob ? 'blob' : 'json';
  schema?: z.ZodType<T>;
  /** Called as the request body goes out: the share sent so far, 0 to 1. */
  onProgress?: (fraction: number) => void;
};

async function errorOf(xhr: XMLHttpRequest, traceId: string): Promise<ApiError> {
  let json: unknown;
  try {
    const text = xhr.response instanceof Blob ? await xhr.response.text() : String(xhr.responseText ?? '');
    json = JSON.parse(text);
  } catch {
    json = undefined;
  }
  const parsed = ZErrorResponse.safeParse(json);
  return new ApiError(
    parsed.success
      ? parsed.data
      : { status: xhr.status, code: CLIENT_ERROR_CODES.http, message: `The server answered with HTTP ${xhr.status}.` },
    { traceId },
  );
}

/**
 * Sends a file upload (multipart/form-data) to the main service, with the same session, trace id
 * and error shape as the API client, and reports upload progress (which `fetch` cannot).
 */
export function uploadForm<T>(req: TUploadRequest<T>): Promise<T> {
  const traceId = newTraceId();
  return new Promise<T>((resolve, reject) => {
    const xhr = new XMLHttpRequest();
    xhr.open('POST', `${resolveBaseUrls(import.meta.env)[req.service ?? 'main']}${req.path}`);
    xhr.responseType = req.as === 'blob' ? 'blob' : 'text';
    xhr.setRequestHeader('X-Trace-Id', traceId);
    const token = tokenStore.getAccessToken();
    if (token) xhr.setRequestHeader('Authorization', `Bearer ${token}`);
    if (req.onProgress) {
      const report = req.onProgress;
      xhr.upload.onprogress = (e) => {
        if (e.lengthComputable) report(e.loaded / e.total);
      };
    }
    xhr.onerror = () =>
      reject(
        new ApiError(
          { status: 0, code: CLIENT_ERROR_CODES.network, message: 'The server could not be reached.' },
          { traceId },
        ),
      );
    xhr.onload = () => {
      void (async () => {
        if (xhr.status >= 400) {
          if (xhr.status === 401 && token) {
            tokenStore.clear();
            window.location.reload();
          }
          reject(await errorOf(xhr, traceId));
          return;
        }
        if (req.as === 'blob') {
          resolve(xhr.response as T);
          return;
        }
        const parsed = req.schema ? req.schema.safeParse(JSON.parse(xhr.responseText)) : null;
        if (parsed && !parsed.success) {
          reject(
            new ApiError(
              {
                status: xhr.status,
                code: CLIENT_ERROR_CODES.invalidResponse,
                message: 'The server sent an answer this version of the app does not understand.',
              },
              { traceId, cause: parsed.error },
            ),
          );
          return;
        }
        resolve(parsed ? parsed.data : (JSON.parse(xhr.responseText) as T));
      })();
    };
    xhr.send(req.form);
  });
}
