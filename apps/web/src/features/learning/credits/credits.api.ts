import {
  type TCreditDecision,
  type TCreditRequestListRequest,
  type TJurisdictionInput,
  type TJurisdictionSort,
  type TRequestCreditsRequest,
  type TWorkspaceCourseRequest,
  ZCourseCredits,
  ZCoursePage,
  ZCreditDecisionResult,
  ZCreditRequest,
  ZCreditRequestPage,
  ZHolidayCalendarList,
  ZJurisdiction,
  ZJurisdictionDeleted,
  ZJurisdictionPage,
  ZWorkspaceCourse,
  ZWorkspaceCoursePage,
} from '@app/contract';
import { apiClient } from '../../../lib/api/index.ts';

/** Calls of the credits, credit-request, jurisdiction and availability screens (the LMS service). */
export const creditsApi = {
  /** The catalogue courses available to the workspace, with their balances. */
  catalogueCourses: (signal?: AbortSignal) =>
    apiClient.request({
      service: 'lms',
      method: 'POST',
      path: '/course/all',
      body: { pageNo: 0, pageSize: 100, owner: 'CATALOGUE' },
      schema: ZCoursePage,
      signal,
    }),
  ledger: (courseId: string, pageNo: number, signal?: AbortSignal) =>
    apiClient.request({
      service: 'lms',
      path: `/course/credits/credited/${courseId}`,
      query: { pageNo },
      schema: ZCourseCredits,
      signal,
    }),
  courseRequests: (courseId: string, pageNo: number, signal?: AbortSignal) =>
    apiClient.request({
      service: 'lms',
      path: `/course/credits/requests/${courseId}`,
      query: { pageNo },
      schema: ZCreditRequestPage,
      signal,
    }),
  requestCredits: (body: TRequestCreditsRequest) =>
    apiClient.request({
      service: 'lms',
      method: 'POST',
      path: '/workspace-course-credit/request-credits',
      body,
      schema: ZCreditRequest,
    }),
  // The operator
  requestQueue: (body: TCreditRequestListRequest, signal?: AbortSignal) =>
    apiClient.request({
      service: 'lms',
      method: 'POST',
      path: '/admin/course/workspace-course-credit/requests',
      body,
      schema: ZCreditRequestPage,
      signal,
    }),
  decide: (requestId: string, body: TCreditDecision) =>
    apiClient.request({
      service: 'lms',
      method: 'POST',
      path: `/admin/course/buy-credits/${requestId}`,
      body,
      schema: ZCreditDecisionResult,
    }),
  jurisdictions: (pageNo: number, sortBy: TJurisdictionSort, signal?: AbortSignal) =>
    apiClient.request({
      service: 'lms',
      path: '/admin/jurisdiction/all',
      query: { pageNo, sortBy },
      schema: ZJurisdictionPage,
      signal,
    }),
  holidayCalendars: (signal?: AbortSignal) =>
    apiClient.request({ service: 'lms', path: '/admin/holiday-calendar/all', schema: ZHolidayCalendarList, signal }),
  createJurisdiction: (body: TJurisdictionInput) =>
    apiClient.request({
      service: 'lms',
      method: 'POST',
      path: '/admin/jurisdiction/create',
      body,
      schema: ZJurisdiction,
    }),
  updateJurisdiction: (id: string, body: TJurisdictionInput) =>
    apiClient.request({
      service: 'lms',
      method: 'POST',
      path: `/admin/jurisdiction/update/${id}`,
      body,
      schema: ZJurisdiction,
    }),
  deleteJurisdiction: (id: string) =>
    apiClient.request({
      service: 'lms',
      method: 'DELETE',
      path: `/admin/jurisdiction/delete/${id}`,
      schema: ZJurisdictionDeleted,
    }),
  availability: (courseId: string, pageNo: number, signal?: AbortSignal) =>
    apiClient.request({
      service: 'lms',
      path: '/admin/course/workspace-course',
      query: { courseId, pageNo },
      schema: ZWorkspaceCoursePage,
      signal,
    }),
  setAvailability: (body: TWorkspaceCourseRequest) =>
    apiClient.request({
      service: 'lms',
      method: 'POST',
      path: '/admin/course/workspace-course',
      body,
      schema: ZWorkspaceCourse,
    }),
};
