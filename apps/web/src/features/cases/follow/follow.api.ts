import { type TAnswers, type TCaseFile, type TCaseView, ZCaseFile, ZCaseView, ZErrorResponse } from '@app/contract';
import { useMutation, useQuery, useQueryClient } from '@tanstack/react-query';
import { ApiError, CLIENT_ERROR_CODES } from '../../../lib/api/api-error.ts';
import { apiClient, tokenStore } from '../../../lib/api/index.ts';
import { newTraceId, resolveBaseUrls } from '../../../lib/api/request-helpers.ts';
import { saveFile } from '../../../lib/save-file.ts';

/*
 * Calls of a case page (`/complaints/:id`): the view and what a party writes. Query keys live under
 * the session (sign-out drops them) and under `cases` (unlocking the key refetches them). Case
 * contents travel only in these bodies: never in a URL.
 */

export const followKeys = {
  case: (id: string) => ['session', 'cases', 'case', id] as const,
};

const cmsBase = () => resolveBaseUrls(import.meta.env).cms;

async function errorOf(response: Response, traceId: string): Promise<ApiError> {
  const parsed = ZErrorResponse.safeParse(await response.json().catch(() => undefined));
  return new ApiError(
    parsed.success
      ? parsed.data
      : { status: response.status, code: CLIENT_ERROR_CODES.http, message: `HTTP ${response.status}` },
    { traceId },
  );
}

/** A raw request to the case service with the session (for a file's bytes, which the JSON client does not send). */
async function rawFetch(path: string, init: RequestInit = {}): Promise<Response> {
  const traceId = newTraceId();
  const token = tokenStore.getAccessToken();
  let response: Response;
  try {
    response = await fetch(`${cmsBase()}${path}`, {
      ...init,
      headers: {
        'X-Trace-Id': traceId,
        ...(token ? { Authorization: `Bearer ${token}` } : {}),
        ...(init.headers as Record<string, string> | undefined),
      },
    });
  } catch {
    throw new ApiError(
      { status: 0, code: CLIENT_ERROR_CODES.network, message: 'The server could not be reached.' },
      { traceId },
    );
  }
  if (!response.ok) throw await errorOf(response, traceId);
  return response;
}

export const followApi = {
  get: (id: string, signal?: AbortSignal) =>
    apiClient.request({ service: 'cms', path: `/case/${id}`, schema: ZCaseView, signal }),
  message: (id: string, body: { body: string; fileIds: string[] }) =>
    apiClient.request({ service: 'cms', method: 'POST', path: `/case/${id}/message`, body, schema: ZCaseView }),
  addition: (id: string, body: { text: string; fileIds: string[] }) =>
    apiClient.request({ service: 'cms', method: 'POST', path: `/case/${id}/addition`, body, schema: ZCaseView }),
  withdraw: (id: string, body: { reason: string }) =>
    apiClient.request({ service: 'cms', method: 'POST', path: `/case/${id}/withdraw`, body, schema: ZCaseView }),
  request: (id: string, body: { stepKey: string; text: string }) =>
    apiClient.request({ service: 'cms', method: 'POST', path: `/case/${id}/request`, body, schema: ZCaseView }),
  answerForm: (id: string, itemId: string, answers: TAnswers) =>
    apiClient.request({
      service: 'cms',
      method: 'POST',
      path: `/case/${id}/form/${itemId}`,
      body: { answers },
      schema: ZCaseView,
    }),
  /** Uploads a file to the case (sealed on the server), in the caller's own thread; answers the file. */
  upload: async (id: string, file: File): Promise<TCaseFile> => {
    const response = await rawFetch(`/case/${id}/file`, {
      method: 'POST',
      headers: {
        'Content-Type': file.type || 'application/octet-stream',
        'X-File-Name': encodeURIComponent(file.name),
      },
      body: file,
    });
    return ZCaseFile.parse(await response.json());
  },
  /** Downloads one of the case's files and saves it. */
  download: async (id: string, file: Pick<TCaseFile, 'id' | 'name'>): Promise<void> => {
    const response = await rawFetch(`/case/${id}/file/${file.id}`);
    saveFile(await response.blob(), file.name);
  },
  /** Saves a meeting's calendar file (the name comes from the server: the reference only). */
  calendar: async (id: string, meetingId: string): Promise<void> => {
    const response = await rawFetch(`/case/${id}/meeting/${meetingId}/ics`);
    const plain = /filename="([^"]+)"/.exec(response.headers.get('content-disposition') ?? '')?.[1];
    saveFile(await response.blob(), plain ?? 'meeting.ics');
  },
};

export function useCase(id: string) {
  return useQuery({
    queryKey: followKeys.case(id),
    queryFn: ({ signal }) => followApi.get(id, signal),
    retry: false,
  });
}

/** A change in a case: its answer is the fresh view, put in the cache. */
export function useCaseChange(id: string, fn: () => Promise<TCaseView>) {
  const qc = useQueryClient();
  return useMutation({
    mutationFn: () => fn(),
    onSuccess: (view) => qc.setQueryData(followKeys.case(id), view),
  });
}
