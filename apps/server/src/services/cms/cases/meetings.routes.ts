import {
  ZCaseActionInput,
  ZCaseActionParams,
  ZCaseMeetingParams,
  ZCaseWorkDone,
  ZCmsIdParams,
  ZMeetingRecord,
  ZMeetingSchedule,
} from '@app/contract';
import type { FastifyPluginAsyncZod } from 'fastify-type-provider-zod';
import { ctxOf } from '../../../core/context.ts';
import { performAction } from './actions.service.ts';
import { recordMeeting, scheduleMeeting } from './meetings.service.ts';

/**
 * The committee's work inside a step (issue 26), at `/cms/api/case/:id/…`: meetings (schedule,
 * reschedule, cancel, record as held) and the step's actions. Who: committee members assigned to the
 * case and not conflicted (`case` policy: `scheduleMeeting`, `recordMeeting`, `act`); everyone else
 * reads the case as missing (404). The caller's case key must be open (423 `CASE_KEY_LOCKED`).
 */
const tags = ['cms'];
const config = { area: 'cms', policy: 'case' } as const;

export const meetingsRoutes: FastifyPluginAsyncZod = async (app) => {
  app.post(
    '/case/:id/meeting',
    {
      config,
      schema: {
        tags,
        operationId: 'scheduleCaseMeeting',
        summary:
          'Schedule a meeting of a MEETING step under way, with the step’s fields; guests are invited by a content-free mail with a calendar file',
        description:
          '422 `MEETING_INVALID` (one detail per field: a required field missing, a value of the wrong type, the end before the start, a guest without access); 409 `QUORUM_NOT_MET` (POSH Rule 7(7)), `STEP_NOT_ACTIVE`, `CONFLICT` (`CASE_CHANGED`: a stale revision).',
        params: ZCmsIdParams,
        body: ZMeetingSchedule,
        response: { 200: ZCaseWorkDone },
      },
    },
    async (req) => scheduleMeeting(ctxOf(req), req.params.id, req.body),
  );
  app.post(
    '/case/:id/meeting/:meetingId',
    {
      config,
      schema: {
        tags,
        operationId: 'recordCaseMeeting',
        summary:
          'Reschedule (SCHEDULED), cancel (CANCELLED) or record a meeting as held (HELD) with its minutes, outcome and the members present',
        description:
          '422 `MEETING_QUORUM_NOT_PRESENT` (a hearing needs its quorum present, the presiding officer among them: POSH Rule 7(7)), `NO_MONETARY_SETTLEMENT_REQUIRED` (conciliation, s.10(1)), `MEETING_INVALID`; 409 `MEETING_NOT_SCHEDULED`, `CONFLICT` (`CASE_CHANGED`).',
        params: ZCaseMeetingParams,
        body: ZMeetingRecord,
        response: { 200: ZCaseWorkDone },
      },
    },
    async (req) => recordMeeting(ctxOf(req), req.params.id, req.params.meetingId, req.body),
  );
  app.post(
    '/case/:id/action/:stepId/:actionKey',
    {
      config,
      schema: {
        tags,
        operationId: 'performCaseAction',
        summary:
          'Perform an action of a step under way, by its type: vote, inform the respondent or the employer, transfer, notify, a button’s outcome, a form to a party, a resource read or uploaded',
        description:
          '409 `QUORUM_NOT_MET` (every action but a transfer), `ALREADY_VOTED`, `NOTIFY_RECIPIENT_NO_ACCESS`, `FORM_RECIPIENT_NO_ACCESS`, `PARTY_CONFLICTS_MEMBER`, `STEP_NOT_ACTIVE`, `CONFLICT` (`CASE_CHANGED`); 422 `ACTION_INVALID`, `NO_MONETARY_SETTLEMENT_REQUIRED`.',
        params: ZCaseActionParams,
        body: ZCaseActionInput,
        response: { 200: ZCaseWorkDone },
      },
    },
    async (req) => performAction(ctxOf(req), req.params.id, req.params.stepId, req.params.actionKey, req.body),
  );
};
