import {
  ZCaseAddition,
  ZCaseFormAnswer,
  ZCaseFormParams,
  ZCaseMeetingParams,
  ZCaseMessage,
  ZCaseRequest,
  ZCaseView,
  ZCaseWithdraw,
  ZCmsIdParams,
} from '@app/contract';
import type { FastifyPluginAsyncZod } from 'fastify-type-provider-zod';
import { ctxOf } from '../../../core/context.ts';
import * as service from './follow.service.ts';

/**
 * Following a case (issue 26), at `/cms/api/case/{id}…`: the view of every relation (the committee,
 * the complainant, a participant) and what each writes. Who may do what is the `case` policy's
 * (relationship to the case, never the permission matrix); a case the caller is not related to is
 * 404. Every answer is the case as the caller may see it now.
 */
const tags = ['cms'];
const config = { area: 'cms', policy: 'case' } as const;
const locked = '423 `CASE_KEY_LOCKED` until the caller has unlocked their key (`case-key/unlock`).';

export const followRoutes: FastifyPluginAsyncZod = async (app) => {
  app.get(
    '/case/:id',
    {
      config,
      schema: {
        tags,
        operationId: 'getCase',
        summary: 'A case as the caller may see it (committee, complainant or participant); the read is trailed',
        description: locked,
        params: ZCmsIdParams,
        response: { 200: ZCaseView },
      },
    },
    async (req) => service.getCase(ctxOf(req), req.params.id),
  );
  app.post(
    '/case/:id/message',
    {
      config,
      schema: {
        tags,
        operationId: 'sendCaseMessage',
        summary:
          'A message in a thread: the complainant’s or a participant’s with the committee; a member chooses `to` (COMPLAINANT, a participant, or COMMITTEE for a private note)',
        description: `The other side gets a content-free notice. ${locked}`,
        params: ZCmsIdParams,
        body: ZCaseMessage,
        response: { 200: ZCaseView },
      },
    },
    async (req) => service.message(ctxOf(req), req.params.id, req.body),
  );
  app.post(
    '/case/:id/addition',
    {
      config,
      schema: {
        tags,
        operationId: 'addCaseInformation',
        summary: 'The complainant adds information or evidence to her complaint; the committee is told',
        params: ZCmsIdParams,
        body: ZCaseAddition,
        response: { 200: ZCaseView },
      },
    },
    async (req) => service.addition(ctxOf(req), req.params.id, req.body),
  );
  app.post(
    '/case/:id/withdraw',
    {
      config,
      schema: {
        tags,
        operationId: 'withdrawCase',
        summary: 'The complainant ends the process where the law provides it (Canada s.18: at any time)',
        description:
          'Under POSH: 409 `WITHDRAWAL_NOT_PROVIDED` (the Act provides no withdrawal; conciliation at her request, s.10(1)).',
        params: ZCmsIdParams,
        body: ZCaseWithdraw,
        response: { 200: ZCaseView },
      },
    },
    async (req) => service.withdraw(ctxOf(req), req.params.id, req.body),
  );
  app.post(
    '/case/:id/request',
    {
      config,
      schema: {
        tags,
        operationId: 'requestCaseStep',
        summary:
          'A party asks for a step the law starts on request (POSH s.10(1) conciliation, s.12 interim relief; Canada s.24, s.25(1))',
        description:
          '409 `STEP_NOT_ON_REQUEST`, `REQUEST_NOT_YOURS`, `STEP_ALREADY_STARTED`, `ALREADY_REQUESTED`; 422 when the law asks for it in writing and `text` is empty. A step both parties must agree to starts once both asked.',
        params: ZCmsIdParams,
        body: ZCaseRequest,
        response: { 200: ZCaseView },
      },
    },
    async (req) => service.request(ctxOf(req), req.params.id, req.body),
  );
  app.post(
    '/case/:id/form/:itemId',
    {
      config,
      schema: {
        tags,
        operationId: 'answerCaseForm',
        summary: 'A party’s answers to a form the committee sent them, checked against its fields',
        description: '422 `COMPLAINT_INVALID` (one detail per question); 409 `FORM_ALREADY_ANSWERED`.',
        params: ZCaseFormParams,
        body: ZCaseFormAnswer,
        response: { 200: ZCaseView },
      },
    },
    async (req) => service.answerForm(ctxOf(req), req.params.id, req.params.itemId, req.body),
  );
  app.get(
    '/case/:id/meeting/:meetingId/ics',
    {
      config,
      schema: {
        tags,
        operationId: 'caseMeetingIcs',
        summary:
          'A meeting the caller is invited to (or their committee’s) as a calendar file (RFC 5545): a neutral title, the times, the place, a link',
        params: ZCaseMeetingParams,
        otherResponses: { 200: { description: 'meeting.ics (RFC 5545)', mediaType: 'text/calendar' } },
      },
    },
    async (req, reply) => {
      const { body, filename } = await service.meetingCalendar(ctxOf(req), req.params.id, req.params.meetingId);
      return reply
        .header('content-type', 'text/calendar; charset=utf-8')
        .header('cache-control', 'private, no-store')
        .header('x-content-type-options', 'nosniff')
        .header('content-disposition', `attachment; filename="${filename}"`)
        .send(body);
    },
  );
};
