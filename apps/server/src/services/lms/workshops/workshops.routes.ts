import {
  ZMyWorkshop,
  ZMyWorkshops,
  ZUuid,
  ZWorkshop,
  ZWorkshopAttendanceRequest,
  ZWorkshopAttendanceResult,
  ZWorkshopCheckInRequest,
  ZWorkshopCreateRequest,
  ZWorkshopDetails,
  ZWorkshopListRequest,
  ZWorkshopPage,
  ZWorkshopSessionCode,
  ZWorkshopsHeld,
  ZWorkshopsHeldQuery,
  ZWorkshopUpdateRequest,
} from '@app/contract';
import type { FastifyPluginAsyncZod } from 'fastify-type-provider-zod';
import { z } from 'zod';
import { ctxOf } from '../../../core/context.ts';
import * as service from './workshops.service.ts';

/**
 * Workshops (issue 21, item 13): in-person or online sessions with invitations (a calendar file
 * each), attendance marked by the trainer or by a session code, and attendance completing the course
 * the workshop belongs to. Managing takes `courses.assign` (a business unit admin: its unit's
 * workshops and people only); the trainer marks attendance of their own; a member sees only the
 * workshops they are invited to.
 */
const lms = { area: 'lms', host: 'workspace', policy: 'workshop', menu: 'WORKSHOPS' } as const;
const tags = ['lms'];
const MANAGE =
  ' Needs `courses.assign`; a business unit admin manages its own unit’s workshops and invites its own unit’s people only.';
const RUN = ' A manager in scope (`courses.assign`) or the workshop’s trainer; anyone else: 404.';
const ZId = z.object({ id: ZUuid });

export const workshopRoutes: FastifyPluginAsyncZod = async (app) => {
  app.post(
    '/workshops',
    {
      config: { ...lms, permission: 'courses.assign' },
      schema: {
        tags,
        operationId: 'createWorkshop',
        summary: 'Schedule a workshop and invite its audience (a mail with a calendar file each)',
        description: `\`date\` and \`time\`: local to the workspace’s time zone, still to come (else 400 \`WORKSHOP_IN_PAST\`). A place, an online link or both (else 400 \`WORKSHOP_NO_PLACE\`). \`audience\`: the course assignment’s filter; nobody matching → 409 \`WORKSHOP_NO_AUDIENCE\`, more people than \`capacity\` → 409 \`WORKSHOP_OVER_CAPACITY\`. \`courseId\` (optional): attendance completes that course.${MANAGE}`,
        body: ZWorkshopCreateRequest,
        response: { 200: ZWorkshop },
      },
    },
    async (req) => service.create(ctxOf(req), req.body),
  );
  app.post(
    '/workshops/list',
    {
      config: { ...lms, duringContractExpiry: true },
      schema: {
        tags,
        operationId: 'listWorkshops',
        summary: 'The workshops the caller manages or trains: upcoming (soonest first) or past',
        description:
          'A manager (`courses.assign`) sees its scope’s workshops, a trainer its own; anyone else an empty page.',
        body: ZWorkshopListRequest,
        response: { 200: ZWorkshopPage },
      },
    },
    async (req) => service.list(ctxOf(req), req.body),
  );
  app.get(
    '/workshops/my',
    {
      config: lms,
      schema: {
        tags,
        operationId: 'listMyWorkshops',
        summary: 'The workshops the signed-in member is invited to (upcoming, and those of the last week)',
        response: { 200: ZMyWorkshops },
      },
    },
    async (req) => service.mine(ctxOf(req)),
  );
  app.get(
    '/workshops/held',
    {
      config: { ...lms, permission: 'reports.view' },
      schema: {
        tags,
        operationId: 'countWorkshopsHeld',
        summary: 'Workshops held in a period, with attendees counted (the annual report’s “workshops held”)',
        description:
          'Days in the workspace’s time zone, both included. Held: not cancelled, started in the period and ended. A unit-limited reader counts its unit’s workshops.',
        querystring: ZWorkshopsHeldQuery,
        response: { 200: ZWorkshopsHeld },
      },
    },
    async (req) => service.held(ctxOf(req), req.query),
  );
  app.get(
    '/workshops/:id',
    {
      config: lms,
      schema: {
        tags,
        operationId: 'getWorkshop',
        summary: 'A workshop with its invitation and attendance list',
        description: RUN.trim(),
        params: ZId,
        response: { 200: ZWorkshopDetails },
      },
    },
    async (req) => service.details(ctxOf(req), req.params.id),
  );
  app.put(
    '/workshops/:id',
    {
      config: { ...lms, permission: 'courses.assign' },
      schema: {
        tags,
        operationId: 'updateWorkshop',
        summary: 'Change a workshop; a new date, time, duration or place mails everyone an updated calendar file',
        description: `Not after it ended or was cancelled (409). The capacity cannot go below the number invited (409 \`WORKSHOP_OVER_CAPACITY\`).${MANAGE}`,
        params: ZId,
        body: ZWorkshopUpdateRequest,
        response: { 200: ZWorkshop },
      },
    },
    async (req) => service.update(ctxOf(req), req.params.id, req.body),
  );
  app.post(
    '/workshops/:id/cancel',
    {
      config: { ...lms, permission: 'courses.assign' },
      schema: {
        tags,
        operationId: 'cancelWorkshop',
        summary: 'Cancel a workshop: everyone invited gets a cancellation (calendar METHOD:CANCEL)',
        description: MANAGE.trim(),
        params: ZId,
        response: { 200: ZWorkshop },
      },
    },
    async (req) => service.cancel(ctxOf(req), req.params.id),
  );
  app.put(
    '/workshops/:id/attendance/:userId',
    {
      config: lms,
      schema: {
        tags,
        operationId: 'setWorkshopAttendance',
        summary: 'Mark or unmark an invitee’s attendance (audited); a first marking completes the linked course',
        description: `From 15 minutes before the start (409 \`CONFLICT\` before); not for a cancelled workshop.${RUN}`,
        params: z.object({ id: ZUuid, userId: ZUuid }),
        body: ZWorkshopAttendanceRequest,
        response: { 200: ZWorkshopAttendanceResult },
      },
    },
    async (req) => service.setAttendance(ctxOf(req), req.params.id, req.params.userId, req.body.attended),
  );
  app.get(
    '/workshops/:id/session-code',
    {
      config: lms,
      schema: {
        tags,
        operationId: 'getWorkshopSessionCode',
        summary: 'The code the trainer shows at the session (audited); attendees can enter it only during the session',
        description: RUN.trim(),
        params: ZId,
        response: { 200: ZWorkshopSessionCode },
      },
    },
    async (req) => service.showCode(ctxOf(req), req.params.id),
  );
  app.post(
    '/workshops/:id/check-in',
    {
      config: lms,
      schema: {
        tags,
        operationId: 'checkInToWorkshop',
        summary: '“I am here”: the invitee enters the session code',
        description:
          'Only the invitee, only from 15 minutes before the start to 15 minutes after the end (409 otherwise). A wrong code: 400 `WORKSHOP_CODE_WRONG`; five wrong codes in 15 minutes: 429.',
        params: ZId,
        body: ZWorkshopCheckInRequest,
        response: { 200: ZMyWorkshop },
      },
    },
    async (req) => service.checkIn(ctxOf(req), req.params.id, req.body),
  );
  app.get(
    '/workshops/:id/calendar',
    {
      config: lms,
      schema: {
        tags,
        operationId: 'downloadWorkshopCalendar',
        summary: 'The workshop’s calendar file (.ics), for an invitee, its trainer or a manager in scope',
        params: ZId,
        otherResponses: { 200: { description: 'workshop.ics', mediaType: 'text/calendar' } },
      },
    },
    async (req, reply) => {
      const file = await service.calendar(ctxOf(req), req.params.id);
      return reply
        .header('content-type', 'text/calendar; charset=utf-8')
        .header('content-disposition', `attachment; filename="${file.filename}"`)
        .header('cache-control', 'no-store')
        .send(file.body);
    },
  );
};
