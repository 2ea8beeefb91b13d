import {
  ZCourseDueReminderQuery,
  ZCourseDueReminderSettings,
  ZCourseDueReminderState,
  ZCourseReminderRequest,
  ZCourseReminderResult,
  ZReminderToggle,
} from '@app/contract';
import type { FastifyPluginAsyncZod } from 'fastify-type-provider-zod';
import { z } from 'zod';
import { ctxOf } from '../../../core/context.ts';
import * as service from './reminders.service.ts';

/** Course reminders (issue 14; docs/learning-design.md §7): send now, automatic reminder settings. */
const lms = { area: 'lms', policy: 'reminder' } as const;
const tags = ['lms'];

export const reminderRoutes: FastifyPluginAsyncZod = async (app) => {
  app.post(
    '/course/course-reminder',
    {
      config: lms,
      schema: {
        tags,
        operationId: 'sendCourseReminder',
        summary:
          'Remind everyone enrolled and not finished (or the people named) now: one mail per learner and day (courses.manage, whole workspace)',
        body: ZCourseReminderRequest,
        response: { 200: ZCourseReminderResult },
      },
    },
    async (req) => service.sendNow(ctxOf(req), req.body),
  );
  app.get(
    '/course/course-due-reminder',
    {
      config: lms,
      schema: {
        tags,
        operationId: 'getCourseDueReminder',
        summary: 'A course’s automatic reminders in this workspace (courses.manage, whole workspace)',
        querystring: ZCourseDueReminderQuery,
        response: { 200: ZCourseDueReminderState },
      },
    },
    async (req) => service.getDueReminder(ctxOf(req), req.query.courseId),
  );
  app.post(
    '/course/course-due-reminder',
    {
      config: lms,
      schema: {
        tags,
        operationId: 'setCourseDueReminder',
        summary:
          'Set a course’s automatic reminders: on or off, days before the due date, every N days after it, days before a completion expires',
        body: ZCourseDueReminderSettings,
        response: { 200: ZCourseDueReminderState },
      },
    },
    async (req) => service.setDueReminder(ctxOf(req), req.body),
  );
  app.put(
    '/course/:id/reminder-toggle',
    {
      config: lms,
      schema: {
        tags,
        operationId: 'toggleCourseReminders',
        summary: 'Switch a course’s automatic reminders on or off (courses.manage, whole workspace)',
        params: z.object({ id: z.uuid() }),
        body: ZReminderToggle,
        response: { 200: ZCourseDueReminderState },
      },
    },
    async (req) => service.toggleReminders(ctxOf(req), req.params.id, req.body),
  );
};
