import {
  type TCompleteItemRequest,
  type TLanguage,
  type TLearnerStatus,
  type TQuizAnswer,
  type TScormCommitMessage,
  type TVideoProgressRequest,
  ZEnrolmentMetadata,
  ZEnrolmentProgress,
  ZLearnerStats,
  ZMyCoursePage,
  ZMyLesson,
  ZMyQuiz,
  ZQuizSubmitResult,
  ZVideoState,
} from '@app/contract';
import { apiClient } from '../../../lib/api/index.ts';

/** Calls of the learner's screens (the LMS service; docs/learning-design.md §7). */
export const myLearningApi = {
  stats: (signal?: AbortSignal) =>
    apiClient.request({ service: 'lms', path: '/workspace-course/stats', schema: ZLearnerStats, signal }),
  courses: (body: { status?: TLearnerStatus; pageNo: number; language?: TLanguage }, signal?: AbortSignal) =>
    apiClient.request({
      service: 'lms',
      method: 'POST',
      path: '/workspace-course/courses',
      body,
      schema: ZMyCoursePage,
      signal,
    }),
  metadata: (enrolmentId: string, language: TLanguage | undefined, signal?: AbortSignal) =>
    apiClient.request({
      service: 'lms',
      path: `/workspace-course/metadata/${enrolmentId}`,
      query: { language },
      schema: ZEnrolmentMetadata,
      signal,
    }),
  lesson: (itemId: string, enrolmentId: string, language: TLanguage | undefined, signal?: AbortSignal) =>
    apiClient.request({
      service: 'lms',
      path: `/user-course-content/lesson/${itemId}`,
      query: { enrolmentId, language },
      schema: ZMyLesson,
      signal,
    }),
  videoProgress: (body: TVideoProgressRequest) =>
    apiClient.request({
      service: 'lms',
      method: 'POST',
      path: '/user-course-content/video-progress',
      body,
      schema: ZVideoState,
    }),
  complete: (body: TCompleteItemRequest) =>
    apiClient.request({
      service: 'lms',
      method: 'POST',
      path: '/user-course-content/complete',
      body,
      schema: ZEnrolmentProgress,
    }),
  quiz: (itemId: string, enrolmentId: string, language: TLanguage | undefined, signal?: AbortSignal) =>
    apiClient.request({
      service: 'lms',
      path: `/user-course-content/quiz/${itemId}`,
      query: { enrolmentId, language },
      schema: ZMyQuiz,
      signal,
    }),
  /** One attempt; `key` is the attempt's Idempotency-Key (a retry with the same key counts once). */
  submitQuiz: (
    itemId: string,
    key: string,
    body: { enrolmentId: string; answers: TQuizAnswer[]; language?: TLanguage },
  ) =>
    apiClient.request({
      service: 'lms',
      method: 'POST',
      path: `/user-course-content/quiz/${itemId}/submit`,
      headers: { 'Idempotency-Key': key },
      body,
      schema: ZQuizSubmitResult,
    }),
  scormCommit: (itemId: string, enrolmentId: string, message: TScormCommitMessage, language?: TLanguage) =>
    apiClient.request({
      service: 'lms',
      method: 'POST',
      path: `/user-course-content/scorm/${itemId}/commit`,
      body: { enrolmentId, standard: message.standard, cmi: message.cmi, ...(language ? { language } : {}) },
      schema: ZEnrolmentProgress,
    }),
};
