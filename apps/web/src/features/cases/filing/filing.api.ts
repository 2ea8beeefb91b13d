import {
  type TAnswers,
  type TCaseFile,
  type TDraft,
  ZCaseFile,
  ZCaseFileDeleted,
  ZComplaintForms,
  ZDraft,
  ZErrorResponse,
  ZMyCases,
  ZReceipt,
} from '@app/contract';
import { useQuery } from '@tanstack/react-query';
import { ApiError, CLIENT_ERROR_CODES } from '../../../lib/api/api-error.ts';
import { apiClient, tokenStore } from '../../../lib/api/index.ts';
import { newTraceId, resolveBaseUrls } from '../../../lib/api/request-helpers.ts';

/** Query keys of filing, under the session (sign-out drops them) and under `cases` (unlocking refetches them). */
export const filingKeys = {
  mine: ['session', 'cases', 'mine'] as const,
  forms: ['session', 'cases', 'forms'] as const,
  draft: (id: string) => ['session', 'cases', 'draft', id] as const,
};

export const filingApi = {
  myCases: (signal?: AbortSignal) => apiClient.request({ service: 'cms', path: '/my-cases', schema: ZMyCases, signal }),
  forms: (signal?: AbortSignal) =>
    apiClient.request({ service: 'cms', path: '/complaint/forms', schema: ZComplaintForms, signal }),
  createDraft: (workflowId: string) =>
    apiClient.request({
      service: 'cms',
      method: 'POST',
      path: '/complaint/draft',
      body: { workflowId },
      schema: ZDraft,
    }),
  draft: (id: string, signal?: AbortSignal) =>
    apiClient.request({ service: 'cms', path: `/complaint/draft/${id}`, schema: ZDraft, signal }),
  save: (id: string, answers: TAnswers, revision: number) =>
    apiClient.request({
      service: 'cms',
      method: 'POST',
      path: `/complaint/draft/${id}`,
      body: { answers, revision },
      schema: ZDraft,
    }),
  submit: (id: string, answers: TAnswers, revision: number, idempotencyKey: string) =>
    apiClient.request({
      service: 'cms',
      method: 'POST',
      path: `/complaint/submit/${id}`,
      body: { answers, revision },
      headers: { 'Idempotency-Key': idempotencyKey },
      schema: ZReceipt,
    }),
  discard: (id: string) => apiClient.request({ service: 'cms', method: 'POST', path: `/complaint/draft/delete/${id}` }),
  deleteFile: (caseId: string, fileId: string) =>
    apiClient.request({
      service: 'cms',
      method: 'POST',
      path: `/case/${caseId}/file/delete/${fileId}`,
      schema: ZCaseFileDeleted,
    }),
};

export function useMyCases() {
  return useQuery({ queryKey: filingKeys.mine, queryFn: ({ signal }) => filingApi.myCases(signal) });
}

export function useComplaintForms() {
  return useQuery({ queryKey: filingKeys.forms, queryFn: ({ signal }) => filingApi.forms(signal) });
}

export function useDraft(id: string) {
  return useQuery({
    queryKey: filingKeys.draft(id),
    queryFn: ({ signal }) => filingApi.draft(id, signal),
    retry: false,
    refetchOnWindowFocus: false,
  });
}

function errorOf(xhr: XMLHttpRequest, traceId: string): ApiError {
  let json: unknown;
  try {
    json = JSON.parse(xhr.responseText);
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
 * Uploads one file to a case as the raw body (the server checks its size and content and encrypts
 * it), reporting progress; the name travels URL-encoded in a header, never in the URL.
 */
export function uploadCaseFile(
  caseId: string,
  file: File,
  opts: { attributeKey?: string; onProgress?: (fraction: number) => void; signal?: AbortSignal } = {},
): Promise<TCaseFile> {
  const traceId = newTraceId();
  return new Promise<TCaseFile>((resolve, reject) => {
    const xhr = new XMLHttpRequest();
    xhr.open('POST', `${resolveBaseUrls(import.meta.env).cms}/case/${caseId}/file`);
    xhr.setRequestHeader('X-Trace-Id', traceId);
    xhr.setRequestHeader('Content-Type', 'application/octet-stream');
    xhr.setRequestHeader('X-File-Name', encodeURIComponent(file.name));
    if (opts.attributeKey) xhr.setRequestHeader('X-Attribute-Key', opts.attributeKey);
    const token = tokenStore.getAccessToken();
    if (token) xhr.setRequestHeader('Authorization', `Bearer ${token}`);
    if (opts.onProgress) {
      const report = opts.onProgress;
      xhr.upload.onprogress = (e) => {
        if (e.lengthComputable) report(e.loaded / e.total);
      };
    }
    opts.signal?.addEventListener('abort', () => xhr.abort());
    xhr.onabort = () =>
      reject(
        new ApiError({ status: 0, code: CLIENT_ERROR_CODES.network, message: 'The upload was stopped.' }, { traceId }),
      );
    xhr.onerror = () =>
      reject(
        new ApiError(
          { status: 0, code: CLIENT_ERROR_CODES.network, message: 'The server could not be reached.' },
          { traceId },
        ),
      );
    xhr.onload = () => {
      if (xhr.status >= 400) {
        reject(errorOf(xhr, traceId));
        return;
      }
      const parsed = ZCaseFile.safeParse(JSON.parse(xhr.responseText));
      if (parsed.success) resolve(parsed.data);
      else
        reject(
          new ApiError(
            { status: xhr.status, code: CLIENT_ERROR_CODES.invalidResponse, message: 'Unexpected answer.' },
            { traceId },
          ),
        );
    };
    xhr.send(file);
  });
}

/** The Idempotency-Key of a draft's submission: made once, kept across retries and reloads (this tab). */
export function idempotencyKeyFor(draftId: string): string {
  const name = `complaint-submit:${draftId}`;
  try {
    const kept = sessionStorage.getItem(name);
    if (kept) return kept;
    const key = crypto.randomUUID();
    sessionStorage.setItem(name, key);
    return key;
  } catch {
    return `draft-${draftId}`;
  }
}

export type { TDraft };
