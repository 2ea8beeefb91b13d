import {
  type TWorkshopCreateRequest,
  type TWorkshopListRequest,
  type TWorkshopUpdateRequest,
  ZErrorResponse,
  ZMyWorkshop,
  ZMyWorkshops,
  ZWorkshop,
  ZWorkshopAttendanceResult,
  ZWorkshopDetails,
  ZWorkshopPage,
  ZWorkshopSessionCode,
} from '@app/contract';
import { ApiError, CLIENT_ERROR_CODES } from '../../../lib/api/api-error.ts';
import { apiClient, tokenStore } from '../../../lib/api/index.ts';
import { newTraceId, resolveBaseUrls } from '../../../lib/api/request-helpers.ts';

/** Query keys of workshops (under the session, so sign-out drops them). */
export const workshopKeys = {
  all: ['session', 'lms', 'workshops'] as const,
  list: (when: string, pageNo: number) => ['session', 'lms', 'workshops', 'list', when, pageNo] as const,
  one: (id: string) => ['session', 'lms', 'workshops', 'one', id] as const,
  mine: ['session', 'lms', 'workshops', 'mine'] as const,
};

/** Calls of the workshop pages (the LMS service, `/workshops…`). */
export const workshopsApi = {
  list: (body: TWorkshopListRequest, signal?: AbortSignal) =>
    apiClient.request({ service: 'lms', method: 'POST', path: '/workshops/list', body, schema: ZWorkshopPage, signal }),
  get: (id: string, signal?: AbortSignal) =>
    apiClient.request({ service: 'lms', path: `/workshops/${id}`, schema: ZWorkshopDetails, signal }),
  create: (body: TWorkshopCreateRequest) =>
    apiClient.request({ service: 'lms', method: 'POST', path: '/workshops', body, schema: ZWorkshop }),
  update: (id: string, body: TWorkshopUpdateRequest) =>
    apiClient.request({ service: 'lms', method: 'PUT', path: `/workshops/${id}`, body, schema: ZWorkshop }),
  cancel: (id: string) =>
    apiClient.request({ service: 'lms', method: 'POST', path: `/workshops/${id}/cancel`, schema: ZWorkshop }),
  setAttendance: (id: string, userId: string, attended: boolean) =>
    apiClient.request({
      service: 'lms',
      method: 'PUT',
      path: `/workshops/${id}/attendance/${userId}`,
      body: { attended },
      schema: ZWorkshopAttendanceResult,
    }),
  sessionCode: (id: string, signal?: AbortSignal) =>
    apiClient.request({ service: 'lms', path: `/workshops/${id}/session-code`, schema: ZWorkshopSessionCode, signal }),
  mine: (signal?: AbortSignal) =>
    apiClient.request({ service: 'lms', path: '/workshops/my', schema: ZMyWorkshops, signal }),
  checkIn: (id: string, code: string) =>
    apiClient.request({
      service: 'lms',
      method: 'POST',
      path: `/workshops/${id}/check-in`,
      body: { code },
      schema: ZMyWorkshop,
    }),
  /** The calendar file (the session travels as a bearer token, so the file is fetched, then saved). */
  calendar: async (id: string): Promise<Blob> => {
    const traceId = newTraceId();
    const token = tokenStore.getAccessToken();
    const response = await fetch(`${resolveBaseUrls(import.meta.env).lms}/workshops/${id}/calendar`, {
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
    return response.blob();
  },
};

/** A start time as the reader reads it: their language, the workspace's zone. */
export function formatWhen(iso: string, timeZone: string, language: string): { date: string; time: string } {
  const at = new Date(iso);
  const fmt = (o: Intl.DateTimeFormatOptions) => {
    try {
      return new Intl.DateTimeFormat(language, { ...o, timeZone }).format(at);
    } catch {
      return new Intl.DateTimeFormat(language, o).format(at);
    }
  };
  return { date: fmt({ dateStyle: 'medium' }), time: fmt({ timeStyle: 'short' }) };
}
