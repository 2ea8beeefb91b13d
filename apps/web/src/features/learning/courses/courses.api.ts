import {
  type TCourseDetailsQuery,
  type TCourseListRequest,
  type TCreateCourseRequest,
  type TLanguage,
  type TUpdateCourseRequest,
  ZCourseDetails,
  ZCoursePage,
  ZDeleteCourseResult,
  ZJurisdictionRef,
  ZPagedResult,
  ZReorderResult,
  ZSupportedLanguages,
} from '@app/contract';
import { z } from 'zod';
import { apiClient } from '../../../lib/api/index.ts';

/**
 * Who the course screens work for: a workspace's own courses (and the catalogue courses made
 * available to it), or the operator's catalogue on the platform host. Only list and create have
 * an operator variant (`admin/…`); every other call is the same path, the server choosing.
 */
export type TCourseScope = 'workspace' | 'catalogue';

/** Where the scope's pages live: the operator's under `/platform`. */
export const scopeBase = (scope: TCourseScope) => (scope === 'catalogue' ? '/platform' : '');

const ZJurisdictionPage = ZPagedResult(ZJurisdictionRef);
/** What a lesson, quiz or SCORM create answers: at least the new item's id. */
const ZCreatedItem = z.object({ id: z.string() }).loose();

const lms = 'lms' as const;

export function coursesApi(scope: TCourseScope) {
  const admin = scope === 'catalogue' ? '/admin' : '';
  return {
    list: (body: TCourseListRequest, signal?: AbortSignal) =>
      apiClient.request({
        service: lms,
        method: 'POST',
        path: `${admin}/course/all`,
        body,
        schema: ZCoursePage,
        signal,
      }),
    create: (body: TCreateCourseRequest) =>
      apiClient.request({ service: lms, method: 'POST', path: `${admin}/course/create`, body, schema: ZCourseDetails }),
    details: (id: string, query: TCourseDetailsQuery, signal?: AbortSignal) =>
      apiClient.request({
        service: lms,
        path: `/course/details/${id}`,
        query,
        schema: ZCourseDetails,
        signal,
      }),
    update: (id: string, body: TUpdateCourseRequest) =>
      apiClient.request({ service: lms, method: 'POST', path: `/course/update/${id}`, body, schema: ZCourseDetails }),
    clone: (courseId: string, title?: string) =>
      apiClient.request({
        service: lms,
        method: 'POST',
        path: '/course/clone',
        body: { courseId, ...(title ? { title } : {}) },
        schema: ZCourseDetails,
      }),
    remove: (id: string, draftOnly: boolean) =>
      apiClient.request({
        service: lms,
        method: 'DELETE',
        path: `/course/delete/${id}`,
        query: draftOnly ? { draftOnly: 'true' } : {},
        schema: ZDeleteCourseResult,
      }),
    publish: (id: string) =>
      apiClient.request({
        service: lms,
        method: 'POST',
        path: `/course/publish/${id}`,
        body: {},
        schema: ZCourseDetails,
      }),
    setLanguages: (courseId: string, languages: TLanguage[]) =>
      apiClient.request({
        service: lms,
        method: 'POST',
        path: '/course/language',
        body: { courseId, languages },
        schema: ZCourseDetails,
      }),
    makePrimary: (id: string, language: TLanguage) =>
      apiClient.request({
        service: lms,
        method: 'POST',
        path: `/course/${id}/language/${language}/default`,
        body: {},
        schema: ZCourseDetails,
      }),
    reorder: (id: string, itemIds: string[]) =>
      apiClient.request({
        service: lms,
        method: 'POST',
        path: `/course/${id}/content/reorder`,
        body: { itemIds },
        schema: ZReorderResult,
      }),
    supportedLanguages: (signal?: AbortSignal) =>
      apiClient.request({
        service: lms,
        path: `${admin}/course/supported-languages`,
        schema: ZSupportedLanguages,
        signal,
      }),
    /** The first page of jurisdictions (WP5's route); a 404 while it is not built hides the field. */
    jurisdictions: (signal?: AbortSignal) =>
      apiClient.request({
        service: lms,
        path: `${admin}/jurisdiction/all`,
        query: { pageNo: 0 },
        schema: ZJurisdictionPage,
        signal,
      }),
    createLesson: (body: { courseId: string; title: string; language: TLanguage }) =>
      apiClient.request({ service: lms, method: 'POST', path: '/lesson/create', body, schema: ZCreatedItem }),
    createQuiz: (body: {
      courseId: string;
      title: string;
      language: TLanguage;
      passMark: number;
      attemptLimit: number | null;
      shuffleQuestions: boolean;
    }) => apiClient.request({ service: lms, method: 'POST', path: '/quiz/create', body, schema: ZCreatedItem }),
  };
}
