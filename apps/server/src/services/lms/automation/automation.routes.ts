import {
  ZAutoAssignQuery,
  ZAutoAssignRequest,
  ZAutoAssignReset,
  ZAutoAssignResetResult,
  ZAutoAssignResult,
  ZAutoAssignState,
  ZEnrolmentCycles,
  ZEnrolmentIdParams,
  ZHigherRiskDepartments,
  ZReassignRequest,
  ZReassignResult,
  ZRecurrenceResult,
  ZRecurrenceSettings,
} from '@app/contract';
import type { FastifyPluginAsyncZod } from 'fastify-type-provider-zod';
import { z } from 'zod';
import { ctxOf } from '../../../core/context.ts';
import * as service from './automation.service.ts';

/**
 * Auto-assign rules and recurring training (spec §7 "Learning (LMS)": autoAssign get and post,
 * auto/reset; issue 14: recurrence, reassign, cycles). `courses.manage` for the whole workspace.
 */
const lms = { area: 'lms', policy: 'rule' } as const;
const tags = ['lms'];
const ZCourseParams = z.object({ id: z.uuid() });

export const automationRoutes: FastifyPluginAsyncZod = async (app) => {
  app.get(
    '/course/autoAssign',
    {
      config: lms,
      schema: {
        tags,
        operationId: 'getAutoAssignRule',
        summary: 'A course’s auto-assign rule, or null (courses.manage, whole workspace)',
        querystring: ZAutoAssignQuery,
        response: { 200: ZAutoAssignState },
      },
    },
    async (req) => service.getRule(ctxOf(req), req.query.courseId),
  );
  app.post(
    '/course/autoAssign',
    {
      config: lms,
      schema: {
        tags,
        operationId: 'setAutoAssignRule',
        summary:
          'Create or replace a course’s auto-assign rule: new joiners who match are enrolled, due N days after joining; `applyToExisting` enrols matching members now (409 NO_CREDITS: nothing saved)',
        body: ZAutoAssignRequest,
        response: { 200: ZAutoAssignResult },
      },
    },
    async (req) => service.setRule(ctxOf(req), req.body),
  );
  app.post(
    '/course/auto/reset',
    {
      config: lms,
      schema: {
        tags,
        operationId: 'resetAutoAssignRule',
        summary: 'Remove a course’s auto-assign rule (the enrolments it made stay)',
        body: ZAutoAssignReset,
        response: { 200: ZAutoAssignResetResult },
      },
    },
    async (req) => service.resetRule(ctxOf(req), req.body.courseId),
  );
  app.get(
    '/course/:id/recurrence',
    {
      config: lms,
      schema: {
        tags,
        operationId: 'getCourseRecurrence',
        summary: 'A course’s recurrence in this workspace (defaults when never set)',
        params: ZCourseParams,
        response: { 200: ZRecurrenceSettings },
      },
    },
    async (req) => service.getRecurrence(ctxOf(req), req.params.id),
  );
  app.get(
    '/course/:id/higher-risk',
    {
      config: lms,
      schema: {
        tags,
        operationId: 'getCourseHigherRisk',
        summary: 'The departments marked higher-risk for a course: a member moved into one takes it again',
        params: ZCourseParams,
        response: { 200: ZHigherRiskDepartments },
      },
    },
    async (req) => service.getHigherRisk(ctxOf(req), req.params.id),
  );
  app.put(
    '/course/:id/higher-risk',
    {
      config: lms,
      schema: {
        tags,
        operationId: 'setCourseHigherRisk',
        summary:
          'Mark the departments that are higher-risk for a course (replaces the list): a member moved into one starts a new cycle, due the recurrence’s new-cycle days later',
        params: ZCourseParams,
        body: ZHigherRiskDepartments,
        response: { 200: ZHigherRiskDepartments },
      },
    },
    async (req) => service.setHigherRisk(ctxOf(req), req.params.id, req.body),
  );
  app.put(
    '/course/:id/recurrence',
    {
      config: lms,
      schema: {
        tags,
        operationId: 'setCourseRecurrence',
        summary:
          'Set a course’s recurrence: completions expire after N months (null: never) and a new cycle starts; existing completions get (or lose) their expiry',
        params: ZCourseParams,
        body: ZRecurrenceSettings,
        response: { 200: ZRecurrenceResult },
      },
    },
    async (req) => service.setRecurrence(ctxOf(req), req.params.id, req.body),
  );
  app.post(
    '/course/reassign',
    {
      config: lms,
      schema: {
        tags,
        operationId: 'reassignCourse',
        summary:
          'Start a new cycle now for learners who completed the course (e.g. assigned to a higher-risk role, SOR/2020-130 s.12(4)); others are skipped',
        body: ZReassignRequest,
        response: { 200: ZReassignResult },
      },
    },
    async (req) => service.reassign(ctxOf(req), req.body),
  );
  app.get(
    '/course/enrolment/:enrolmentId/cycles',
    {
      config: lms,
      schema: {
        tags,
        operationId: 'listEnrolmentCycles',
        summary: 'The cycles of an enrolment: the finished ones (with why they ended) and the current one',
        params: ZEnrolmentIdParams,
        response: { 200: ZEnrolmentCycles },
      },
    },
    async (req) => service.listCycles(ctxOf(req), req.params.enrolmentId),
  );
};
