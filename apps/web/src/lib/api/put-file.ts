import { ZErrorResponse } from '@app/contract';
import { ApiError, CLIENT_ERROR_CODES } from './api-error.ts';
import { tokenStore } from './index.ts';
import { newTraceId } from './request-helpers.ts';

/** Sends `file` with a progress report: to the bucket's presigned URL, or through the API (local disk). */
export function putFile(
  url: string,
  file: File,
  contentType: string,
  viaApi: boolean,
  onProgress: (f: number) => void,
) {
  const traceId = newTraceId();
  return new Promise<void>((resolve, reject) => {
    const xhr = new XMLHttpRequest();
    xhr.open('PUT', url);
    xhr.setRequestHeader('Content-Type', contentType);
    if (viaApi) {
      xhr.setRequestHeader('X-Trace-Id', traceId);
      const token = tokenStore.getAccessToken();
      if (token) xhr.setRequestHeader('Authorization', `Bearer ${token}`);
    }
    xhr.upload.onprogress = (e) => {
      if (e.lengthComputable) onProgress(e.loaded / e.total);
    };
    xhr.onerror = () =>
      reject(new ApiError({ status: 0, code: CLIENT_ERROR_CODES.network, message: 'The upload failed.' }, { traceId }));
    xhr.onload = () => {
      if (xhr.status < 400) {
        resolve();
        return;
      }
      let json: unknown;
      try {
        json = JSON.parse(xhr.responseText);
      } catch {
        json = undefined;
      }
      const parsed = ZErrorResponse.safeParse(json);
      reject(
        new ApiError(
          parsed.success
            ? parsed.data
            : { status: xhr.status, code: CLIENT_ERROR_CODES.http, message: `HTTP ${xhr.status}` },
          { traceId },
        ),
      );
    };
    xhr.send(file);
  });
}
