import {
  type ZAnswerUpdate,
  ZCalendar,
  ZCalendarFeed,
  ZCalendarFeedState,
  ZErrorResponse,
  ZOccurrenceDetails,
  ZOccurrencePage,
  ZRegisterObligation,
} from '@app/contract';
import { z } from 'zod';
import { ApiError, CLIENT_ERROR_CODES } from '../../lib/api/api-error.ts';
import { apiClient, tokenStore } from '../../lib/api/index.ts';
import { newTraceId, resolveBaseUrls } from '../../lib/api/request-helpers.ts';
import { uploadForm } from '../../lib/api/upload.ts';

/** The occurrences list's filters, as the page holds them (the query the server reads). */
export type TOccurrenceFilters = {
  status: 'DUE' | 'OVERDUE' | 'AWAITING_REVIEW' | 'DONE' | 'ALL';
  branchId: string | null;
  mine: boolean;
  from: string | null;
  to: string | null;
};

export type TEvidenceUpload = {
  file: File;
  coversFrom: string | null;
  coversTo: string | null;
  note: string | null;
};

const ZObligations = z.array(ZRegisterObligation);
type TAnswerUpdate = z.input<typeof ZAnswerUpdate>;

/** Calls of the compliance register (the LMS service's `/compliance/register/…` and `/compliance/calendar…`). */
export const complianceApi = {
  obligations: (signal?: AbortSignal) =>
    apiClient.request({ service: 'lms', path: '/compliance/register/obligations', schema: ZObligations, signal }),

  updateAnswer: (answerId: string, body: TAnswerUpdate) =>
    apiClient.request({
      service: 'lms',
      method: 'POST',
      path: `/compliance/register/answer/${answerId}`,
      body,
      schema: ZRegisterObligation,
    }),

  recordEvent: (answerId: string, body: { date: string; note: string | null }) =>
    apiClient.request({
      service: 'lms',
      method: 'POST',
      path: `/compliance/register/answer/${answerId}/event`,
      body,
      schema: ZOccurrenceDetails,
    }),

  occurrences: (filters: TOccurrenceFilters & { obligationId?: string | null }, pageNo: number, signal?: AbortSignal) =>
    apiClient.request({
      service: 'lms',
      path: '/compliance/register/occurrences',
      query: {
        pageNo,
        status: filters.status,
        branchId: filters.branchId,
        obligationId: filters.obligationId,
        mine: filters.mine ? 'true' : undefined,
        from: filters.from,
        to: filters.to,
      },
      schema: ZOccurrencePage,
      signal,
    }),

  occurrence: (id: string, signal?: AbortSignal) =>
    apiClient.request({
      service: 'lms',
      path: `/compliance/register/occurrence/${id}`,
      schema: ZOccurrenceDetails,
      signal,
    }),

  /** Records an evidence revision (multipart), reporting the upload's progress (0 to 1). */
  addEvidence: (id: string, input: TEvidenceUpload, onProgress?: (fraction: number) => void) => {
    const form = new FormData();
    if (input.coversFrom) form.append('coversFrom', input.coversFrom);
    if (input.coversTo) form.append('coversTo', input.coversTo);
    if (input.note) form.append('note', input.note);
    // The file last: a streaming multipart reader has the fields before the file.
    form.append('file', input.file, input.file.name);
    return uploadForm({
      service: 'lms',
      path: `/compliance/register/occurrence/${id}/evidence`,
      form,
      as: 'json',
      schema: ZOccurrenceDetails,
      onProgress,
    });
  },

  review: (id: string, body: { decision: 'APPROVED' | 'RETURNED'; note: string | null }) =>
    apiClient.request({
      service: 'lms',
      method: 'POST',
      path: `/compliance/register/occurrence/${id}/review`,
      body,
      schema: ZOccurrenceDetails,
    }),

  /** One evidence revision's file (the session is a bearer token: fetched, then saved). */
  downloadEvidence: async (id: string, revision: number): Promise<{ blob: Blob; name: string | null }> => {
    const traceId = newTraceId();
    const token = tokenStore.getAccessToken();
    const response = await fetch(
      `${resolveBaseUrls(import.meta.env).lms}/compliance/register/occurrence/${encodeURIComponent(id)}/evidence/${revision}`,
      { headers: { 'X-Trace-Id': traceId, ...(token ? { Authorization: `Bearer ${token}` } : {}) } },
    );
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
    return { blob: await response.blob(), name: star ? decodeURIComponent(star) : (plain ?? null) };
  },

  calendar: (from: string, to: string, mine: boolean, signal?: AbortSignal) =>
    apiClient.request({
      service: 'lms',
      path: '/compliance/calendar',
      query: { from, to, mine: mine ? 'true' : undefined },
      schema: ZCalendar,
      signal,
    }),

  feedState: (signal?: AbortSignal) =>
    apiClient.request({ service: 'lms', path: '/compliance/calendar/feed', schema: ZCalendarFeedState, signal }),
  createFeed: () =>
    apiClient.request({ service: 'lms', method: 'POST', path: '/compliance/calendar/feed', schema: ZCalendarFeed }),
  revokeFeed: () => apiClient.request({ service: 'lms', method: 'DELETE', path: '/compliance/calendar/feed' }),
};
