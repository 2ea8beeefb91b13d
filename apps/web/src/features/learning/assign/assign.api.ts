import {
  type TAssignableUsersRequest,
  type TAssignToUsersRequest,
  type TBulkAssignFilter,
  type TCourseMembersRequest,
  type TIncreaseAttemptsRequest,
  type TReassignRequest,
  type TUnassignRequest,
  ZAssignableCourses,
  ZAssignableUsersPage,
  ZAssignResult,
  ZAttemptsExceededPage,
  ZBulkAssignResult,
  ZCourseMembersPage,
  ZErrorResponse,
  ZFileAssignResult,
  ZIncreaseAttemptsResult,
  ZReassignResult,
  ZUnassignResult,
  ZUserAttempts,
  ZUserFilterOptions,
} from '@app/contract';
import { ApiError, CLIENT_ERROR_CODES } from '../../../lib/api/api-error.ts';
import { apiClient, tokenStore } from '../../../lib/api/index.ts';
import { newTraceId, resolveBaseUrls } from '../../../lib/api/request-helpers.ts';

/** Query keys of the learners page (under the session, so sign-out drops them). */
export const assignKeys = { all: (courseId: string) => ['session', 'lms', 'assign', courseId] as const };

/** Calls of the learners page (`/courses/:id/learners`; the LMS service, `courses.assign`). */
export const assignApi = {
  /** Every course the workspace can assign (own published and available catalogue ones). */
  courses: (signal?: AbortSignal) =>
    apiClient.request({
      service: 'lms',
      method: 'GET',
      path: '/workspace-course/all/brief',
      schema: ZAssignableCourses,
      signal,
    }),
  members: (body: TCourseMembersRequest, signal?: AbortSignal) =>
    apiClient.request({
      service: 'lms',
      method: 'POST',
      path: '/course/members',
      body,
      schema: ZCourseMembersPage,
      signal,
    }),
  assignable: (body: TAssignableUsersRequest, signal?: AbortSignal) =>
    apiClient.request({
      service: 'lms',
      method: 'POST',
      path: '/course/users',
      body,
      schema: ZAssignableUsersPage,
      signal,
    }),
  assignToUsers: (body: TAssignToUsersRequest) =>
    apiClient.request({
      service: 'lms',
      method: 'POST',
      path: '/course/assign-course-to-users',
      body,
      schema: ZAssignResult,
    }),
  byFilter: (body: TBulkAssignFilter, signal?: AbortSignal) =>
    apiClient.request({
      service: 'lms',
      method: 'POST',
      path: '/course/add-users',
      body,
      schema: ZBulkAssignResult,
      signal,
    }),
  fromFile: (courseId: string, file: File, dueDate: string | null) => {
    const form = new FormData();
    form.append('courseList', courseId);
    if (dueDate) form.append('dueDate', dueDate);
    form.append('file', file);
    return apiClient.request({
      service: 'lms',
      method: 'POST',
      path: '/course/bulk-add-users',
      body: form,
      schema: ZFileAssignResult,
    });
  },
  /** A new cycle now for learners who completed (e.g. a move to a higher-risk role); courses.manage. */
  reassign: (body: TReassignRequest) =>
    apiClient.request({ service: 'lms', method: 'POST', path: '/course/reassign', body, schema: ZReassignResult }),
  unassign: (body: TUnassignRequest) =>
    apiClient.request({ service: 'lms', method: 'POST', path: '/course/unassign', body, schema: ZUnassignResult }),
  exceeded: (courseId: string, pageNo: number, signal?: AbortSignal) =>
    apiClient.request({
      service: 'lms',
      method: 'POST',
      path: '/course/attempts/exceeded',
      body: { courseId, pageNo },
      schema: ZAttemptsExceededPage,
      signal,
    }),
  userAttempts: (courseId: string, userId: string, signal?: AbortSignal) =>
    apiClient.request({
      service: 'lms',
      path: '/course/user-attempts',
      query: { courseId, userId },
      schema: ZUserAttempts,
      signal,
    }),
  grantAttempts: (body: TIncreaseAttemptsRequest) =>
    apiClient.request({
      service: 'lms',
      method: 'POST',
      path: '/course/increase/user-attempts',
      body,
      schema: ZIncreaseAttemptsResult,
    }),
  /** Business units and departments for the filter (the users screen's options; empty without users.manage). */
  unitOptions: (signal?: AbortSignal) =>
    apiClient.request({ path: '/workspace/users/filter-options', schema: ZUserFilterOptions, signal }),

  /** The learners as CSV (the session travels as a bearer token, so the file is fetched, then saved). */
  exportCsv: async (courseId: string): Promise<{ blob: Blob; name: string }> => {
    const traceId = newTraceId();
    const token = tokenStore.getAccessToken();
    const response = await fetch(
      `${resolveBaseUrls(import.meta.env).lms}/course/members/export?courseId=${encodeURIComponent(courseId)}`,
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
    const name = /filename="([^"]+)"/.exec(response.headers.get('content-disposition') ?? '')?.[1];
    return { blob: await response.blob(), name: name ? decodeURIComponent(name) : 'learners.csv' };
  },
};
