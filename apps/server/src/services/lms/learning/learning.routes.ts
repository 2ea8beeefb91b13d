import {
  ZCompleteItemRequest,
  ZEnrolmentMetadata,
  ZEnrolmentParams,
  ZEnrolmentProgress,
  ZIdempotencyHeaders,
  ZItemContentQuery,
  ZItemParams,
  ZLanguageQuery,
  ZLearnerStats,
  ZMyCoursePage,
  ZMyCoursesRequest,
  ZMyLesson,
  ZMyQuiz,
  ZQuizSubmitRequest,
  ZQuizSubmitResult,
  ZScormCommitRequest,
  ZVideoProgressRequest,
  ZVideoState,
} from '@app/contract';
import type { FastifyPluginAsyncZod } from 'fastify-type-provider-zod';
import { ctxOf } from '../../../core/context.ts';
import * as service from './learning.service.ts';
import * as progress from './progress.service.ts';
import * as quizzes from './quiz.service.ts';
import * as scorm from './scorm-progress.service.ts';

/**
 * The learner's routes (spec §7 "Learning (LMS)"; docs/learning-design.md §7): the caller's own
 * enrolments only (another learner's enrolment id answers 404), `learning.view`.
 */
const lms = { area: 'lms', policy: 'enrolment' } as const;
const tags = ['lms'];

export const learningRoutes: FastifyPluginAsyncZod = async (app) => {
  app.get(
    '/workspace-course/stats',
    {
      config: lms,
      schema: {
        tags,
        operationId: 'getMyLearningStats',
        summary: 'How many of the caller’s courses are not started, in progress, due soon, overdue and completed',
        response: { 200: ZLearnerStats },
      },
    },
    async (req) => service.stats(ctxOf(req)),
  );
  app.post(
    '/workspace-course/courses',
    {
      config: { ...lms, duringContractExpiry: true },
      schema: {
        tags,
        operationId: 'listMyCourses',
        summary: 'The caller’s courses (open work first, by due date), optionally of one status',
        body: ZMyCoursesRequest,
        response: { 200: ZMyCoursePage },
      },
    },
    async (req) => service.myCourses(ctxOf(req), req.body),
  );
  app.get(
    '/workspace-course/metadata/:enrolmentId',
    {
      config: lms,
      schema: {
        tags,
        operationId: 'getMyCourseOutline',
        summary: 'The outline of one of the caller’s courses: items in order, each one’s state, where to resume',
        params: ZEnrolmentParams,
        querystring: ZLanguageQuery,
        response: { 200: ZEnrolmentMetadata },
      },
    },
    async (req) => service.metadata(ctxOf(req), req.params.enrolmentId, req.query.language),
  );
  app.get(
    '/user-course-content/lesson/:itemId',
    {
      config: lms,
      schema: {
        tags,
        operationId: 'getMyLesson',
        summary: 'A lesson’s blocks and the caller’s saved video positions (409 ITEM_LOCKED before the items ahead)',
        params: ZItemParams,
        querystring: ZItemContentQuery,
        response: { 200: ZMyLesson },
      },
    },
    async (req) => progress.lesson(ctxOf(req), req.params.itemId, req.query.enrolmentId, req.query.language),
  );
  app.post(
    '/user-course-content/video-progress',
    {
      config: lms,
      schema: {
        tags,
        operationId: 'saveVideoProgress',
        summary:
          'A video heartbeat: the segment played since the last one (counted only as far as the clock allows) and the position',
        body: ZVideoProgressRequest,
        response: { 200: ZVideoState },
      },
    },
    async (req) => progress.videoProgress(ctxOf(req), req.body),
  );
  app.post(
    '/user-course-content/complete',
    {
      config: lms,
      schema: {
        tags,
        operationId: 'completeMyLesson',
        summary: 'Completes a lesson (409 VIDEO_NOT_WATCHED while a video of it is under 90% played)',
        body: ZCompleteItemRequest,
        response: { 200: ZEnrolmentProgress },
      },
    },
    async (req) => progress.completeLesson(ctxOf(req), req.body),
  );
  app.get(
    '/user-course-content/quiz/:itemId',
    {
      config: lms,
      schema: {
        tags,
        operationId: 'getMyQuiz',
        summary: 'A quiz’s questions (no answers), the attempts used and left; the review once passed or none left',
        params: ZItemParams,
        querystring: ZItemContentQuery,
        response: { 200: ZMyQuiz },
      },
    },
    async (req) => quizzes.quiz(ctxOf(req), req.params.itemId, req.query.enrolmentId, req.query.language),
  );
  app.post(
    '/user-course-content/quiz/:itemId/submit',
    {
      config: lms,
      schema: {
        tags,
        operationId: 'submitMyQuiz',
        summary:
          'Submits a quiz attempt once per Idempotency-Key (a retry answers the same); 409 NO_ATTEMPTS_LEFT, QUIZ_ALREADY_PASSED',
        params: ZItemParams,
        headers: ZIdempotencyHeaders,
        body: ZQuizSubmitRequest,
        response: { 200: ZQuizSubmitResult },
      },
    },
    async (req) => quizzes.submitQuiz(ctxOf(req), req.params.itemId, req.headers['idempotency-key'], req.body),
  );
  app.post(
    '/user-course-content/scorm/:itemId/commit',
    {
      config: lms,
      schema: {
        tags,
        operationId: 'commitMyScorm',
        summary: 'Stores a SCORM lesson’s runtime state (≤ 64 KB); completed or passed completes the item',
        params: ZItemParams,
        body: ZScormCommitRequest,
        response: { 200: ZEnrolmentProgress },
      },
    },
    async (req) => scorm.scormCommit(ctxOf(req), req.params.itemId, req.body),
  );
};
