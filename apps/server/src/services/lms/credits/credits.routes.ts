import {
  ZCourseCredits,
  ZCourseCreditsQuery,
  ZCreditDecision,
  ZCreditDecisionResult,
  ZCreditRequest,
  ZCreditRequestIdParams,
  ZCreditRequestListRequest,
  ZCreditRequestPage,
  ZRequestCreditsRequest,
  ZWorkspaceCourse,
  ZWorkspaceCourseListQuery,
  ZWorkspaceCoursePage,
  ZWorkspaceCourseRequest,
} from '@app/contract';
import type { FastifyPluginAsyncZod } from 'fastify-type-provider-zod';
import { z } from 'zod';
import { ctxOf } from '../../../core/context.ts';
import * as service from './credits.service.ts';

/** Course availability and credits (spec §7 "Learning (LMS)"; docs/learning-design.md §1.8). */
const lms = { area: 'lms', policy: 'credits', menu: 'LEARNING_CREDITS' } as const;
const operator = { area: 'lms', host: 'platform', policy: 'platform' } as const;
const tags = ['lms'];
const ZCourseParams = z.object({ id: z.uuid() });

export const creditRoutes: FastifyPluginAsyncZod = async (app) => {
  app.post(
    '/admin/course/workspace-course',
    {
      config: operator,
      schema: {
        tags,
        operationId: 'setWorkspaceCourse',
        summary: 'Make a published catalogue course available to a workspace, or not (operator)',
        body: ZWorkspaceCourseRequest,
        response: { 200: ZWorkspaceCourse },
      },
    },
    async (req) => service.setAvailability(ctxOf(req), req.body),
  );
  app.get(
    '/admin/course/workspace-course',
    {
      config: operator,
      schema: {
        tags,
        operationId: 'listWorkspaceCourses',
        summary:
          'Availability of a catalogue course across workspaces, or of the catalogue to one workspace (operator)',
        querystring: ZWorkspaceCourseListQuery,
        response: { 200: ZWorkspaceCoursePage },
      },
    },
    async (req) => service.listAvailability(ctxOf(req), req.query),
  );
  app.post(
    '/workspace-course-credit/request-credits',
    {
      config: lms,
      schema: {
        tags,
        operationId: 'requestCredits',
        summary: 'Ask the operator for credits on an available catalogue course (courses.manage, whole workspace)',
        body: ZRequestCreditsRequest,
        response: { 200: ZCreditRequest },
      },
    },
    async (req) => service.requestCredits(ctxOf(req), req.body),
  );
  app.post(
    '/admin/course/workspace-course-credit/requests',
    {
      config: operator,
      schema: {
        tags,
        operationId: 'listCreditRequests',
        summary: 'The credit requests queue, pending first (operator)',
        body: ZCreditRequestListRequest,
        response: { 200: ZCreditRequestPage },
      },
    },
    async (req) => service.listRequests(ctxOf(req), req.body),
  );
  app.post(
    '/admin/course/buy-credits/:id',
    {
      config: operator,
      schema: {
        tags,
        operationId: 'decideCreditRequest',
        summary: 'Grant (adds the credits) or reject a pending credit request (operator); 409 CREDIT_REQUEST_CLOSED',
        params: ZCreditRequestIdParams,
        body: ZCreditDecision,
        response: { 200: ZCreditDecisionResult },
      },
    },
    async (req) => service.decideRequest(ctxOf(req), req.params.id, req.body),
  );
  app.get(
    '/course/credits/requests/:id',
    {
      config: lms,
      schema: {
        tags,
        operationId: 'listCourseCreditRequests',
        summary: 'A catalogue course’s credit requests (the workspace; the operator names `workspaceId`)',
        params: ZCourseParams,
        querystring: ZCourseCreditsQuery,
        response: { 200: ZCreditRequestPage },
      },
    },
    async (req) => service.courseRequests(ctxOf(req), req.params.id, req.query),
  );
  app.get(
    '/course/credits/credited/:id',
    {
      config: lms,
      schema: {
        tags,
        operationId: 'getCourseCredits',
        summary: 'A catalogue course’s balance and credit ledger (the workspace; the operator names `workspaceId`)',
        params: ZCourseParams,
        querystring: ZCourseCreditsQuery,
        response: { 200: ZCourseCredits },
      },
    },
    async (req) => service.courseLedger(ctxOf(req), req.params.id, req.query),
  );
};
