import {
  ZAddQuestionRequest,
  ZAuthorQuestion,
  ZAuthorQuestionPage,
  ZCourseIdParams,
  ZCourseItem,
  ZCreateQuizRequest,
  ZDeletedResult,
  ZEditQuestionRequest,
  ZLearnerCourse,
  ZOrderQuestionsRequest,
  ZOrderQuestionsResult,
  ZPreviewGradeRequest,
  ZPreviewGradeResult,
  ZPreviewQuery,
  ZQuestionListRequest,
  ZQuizIdParams,
  ZUpdateQuizRequest,
} from '@app/contract';
import type { FastifyPluginAsyncZod } from 'fastify-type-provider-zod';
import { ctxOf } from '../../../core/context.ts';
import * as preview from './preview.service.ts';
import * as service from './quizzes.service.ts';

/**
 * Quizzes, questions and preview-as-learner (docs/learning-design.md §2), at `/lms/api`. Authors
 * only: the operator on the platform host (catalogue), a workspace author on a workspace host.
 */
const lms = { area: 'lms', policy: 'authoring', menu: 'COURSES' } as const;
const tags = ['lms'];

export const quizRoutes: FastifyPluginAsyncZod = async (app) => {
  app.post(
    '/quiz/create',
    {
      config: lms,
      schema: {
        tags,
        operationId: 'createQuiz',
        summary: 'Add a quiz at the end of a course’s draft (pass mark, attempts, shuffling)',
        body: ZCreateQuizRequest,
        response: { 200: ZCourseItem },
      },
    },
    async (req) => service.createQuiz(ctxOf(req), req.body),
  );
  app.post(
    '/quiz/update/:id',
    {
      config: lms,
      schema: {
        tags,
        operationId: 'updateQuiz',
        summary: 'Change a quiz’s title (in a language), pass mark, attempt limit or shuffling',
        params: ZQuizIdParams,
        body: ZUpdateQuizRequest,
        response: { 200: ZCourseItem },
      },
    },
    async (req) => service.updateQuiz(ctxOf(req), req.params.id, req.body),
  );
  app.delete(
    '/quiz/delete/:id',
    {
      config: lms,
      schema: {
        tags,
        operationId: 'deleteQuiz',
        summary: 'Remove a quiz (and its questions) from the course’s draft',
        params: ZQuizIdParams,
        response: { 200: ZDeletedResult },
      },
    },
    async (req) => service.deleteQuiz(ctxOf(req), req.params.id),
  );
  app.post(
    '/quiz-question/all',
    {
      config: { ...lms, duringContractExpiry: true },
      schema: {
        tags,
        operationId: 'listQuizQuestions',
        summary: 'One page of a quiz’s questions with their answer keys (authors only)',
        body: ZQuestionListRequest,
        response: { 200: ZAuthorQuestionPage },
      },
    },
    async (req) => service.listQuestions(ctxOf(req), req.body),
  );
  app.post(
    '/quiz-question/add',
    {
      config: lms,
      schema: {
        tags,
        operationId: 'addQuizQuestion',
        summary: 'Add a question (type, options, answer key, words in one language) at the end of a quiz',
        body: ZAddQuestionRequest,
        response: { 200: ZAuthorQuestion },
      },
    },
    async (req) => service.addQuestion(ctxOf(req), req.body),
  );
  app.post(
    '/quiz-question/edit/:id',
    {
      config: lms,
      schema: {
        tags,
        operationId: 'editQuizQuestion',
        summary: 'Change a question: its options (the full list), key, points and words in one language',
        params: ZQuizIdParams,
        body: ZEditQuestionRequest,
        response: { 200: ZAuthorQuestion },
      },
    },
    async (req) => service.editQuestion(ctxOf(req), req.params.id, req.body),
  );
  app.delete(
    '/quiz-question/delete/:id',
    {
      config: lms,
      schema: {
        tags,
        operationId: 'deleteQuizQuestion',
        summary: 'Remove a question from a quiz',
        params: ZQuizIdParams,
        response: { 200: ZDeletedResult },
      },
    },
    async (req) => service.deleteQuestion(ctxOf(req), req.params.id),
  );
  app.delete(
    '/quiz-question/option/delete/:id',
    {
      config: lms,
      schema: {
        tags,
        operationId: 'deleteQuizOption',
        summary:
          'Remove one answer option; refused (409 QUESTION_KEY_INVALID) when the question would have too few or the key names it',
        params: ZQuizIdParams,
        querystring: ZPreviewQuery,
        response: { 200: ZAuthorQuestion },
      },
    },
    async (req) => service.deleteOption(ctxOf(req), req.params.id, req.query.language),
  );
  app.post(
    '/quiz-question/order',
    {
      config: lms,
      schema: {
        tags,
        operationId: 'orderQuizQuestions',
        summary: 'Set the order of a quiz’s questions (all of them)',
        body: ZOrderQuestionsRequest,
        response: { 200: ZOrderQuestionsResult },
      },
    },
    async (req) => service.orderQuestions(ctxOf(req), req.body.quizId, req.body.questionIds),
  );
  app.get(
    '/course/preview/:id',
    {
      config: lms,
      schema: {
        tags,
        operationId: 'previewCourse',
        summary:
          'A course as a learner will see it (the draft, else the published version), in a language with fallbacks marked; no answer keys',
        params: ZCourseIdParams,
        querystring: ZPreviewQuery,
        response: { 200: ZLearnerCourse },
      },
    },
    async (req) => preview.previewCourse(ctxOf(req), req.params.id, req.query.language),
  );
  app.post(
    '/quiz/preview-grade/:id',
    {
      config: lms,
      schema: {
        tags,
        operationId: 'previewGradeQuiz',
        summary: 'Grade answers to a quiz in preview: score, pass, right or wrong per question; nothing is recorded',
        params: ZQuizIdParams,
        body: ZPreviewGradeRequest,
        response: { 200: ZPreviewGradeResult },
      },
    },
    async (req) => preview.previewGrade(ctxOf(req), req.params.id, req.body),
  );
};
