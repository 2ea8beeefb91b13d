import {
  type TAddQuestionRequest,
  type TLanguage,
  type TPreviewGradeRequest,
  type TQuestionInput,
  type TUpdateQuizRequest,
  ZAuthorQuestion,
  ZAuthorQuestionPage,
  ZCourseDetails,
  ZCourseItem,
  ZDeletedResult,
  ZLearnerCourse,
  ZOrderQuestionsResult,
  ZPreviewGradeResult,
} from '@app/contract';
import { apiClient } from '../../../lib/api/index.ts';

/** The quiz and preview calls of the LMS service (docs/learning-design.md §2). */
const service = 'lms' as const;

export const quizzesApi = {
  course: (courseId: string, language: TLanguage | undefined, signal?: AbortSignal) =>
    apiClient.request({
      service,
      path: `/course/details/${courseId}`,
      query: { ...(language ? { language } : {}), version: 'draft' },
      schema: ZCourseDetails,
      signal,
    }),
  updateQuiz: (quizId: string, body: TUpdateQuizRequest) =>
    apiClient.request({ service, method: 'POST', path: `/quiz/update/${quizId}`, body, schema: ZCourseItem }),
  questions: (quizId: string, language: TLanguage, signal?: AbortSignal) =>
    apiClient.request({
      service,
      method: 'POST',
      path: '/quiz-question/all',
      body: { quizId, language, pageNo: 0, pageSize: 100 },
      schema: ZAuthorQuestionPage,
      signal,
    }),
  add: (body: TAddQuestionRequest) =>
    apiClient.request({ service, method: 'POST', path: '/quiz-question/add', body, schema: ZAuthorQuestion }),
  edit: (id: string, body: TQuestionInput) =>
    apiClient.request({ service, method: 'POST', path: `/quiz-question/edit/${id}`, body, schema: ZAuthorQuestion }),
  remove: (id: string) =>
    apiClient.request({ service, method: 'DELETE', path: `/quiz-question/delete/${id}`, schema: ZDeletedResult }),
  removeOption: (optionId: string, language: TLanguage) =>
    apiClient.request({
      service,
      method: 'DELETE',
      path: `/quiz-question/option/delete/${optionId}`,
      query: { language },
      schema: ZAuthorQuestion,
    }),
  order: (quizId: string, questionIds: string[]) =>
    apiClient.request({
      service,
      method: 'POST',
      path: '/quiz-question/order',
      body: { quizId, questionIds },
      schema: ZOrderQuestionsResult,
    }),
  preview: (courseId: string, language: TLanguage | undefined, signal?: AbortSignal) =>
    apiClient.request({
      service,
      path: `/course/preview/${courseId}`,
      query: language ? { language } : {},
      schema: ZLearnerCourse,
      signal,
    }),
  previewGrade: (quizId: string, body: TPreviewGradeRequest) =>
    apiClient.request({
      service,
      method: 'POST',
      path: `/quiz/preview-grade/${quizId}`,
      body,
      schema: ZPreviewGradeResult,
    }),
};
