import { ZCmsIdParams, ZComplaintForms, ZDraft, ZDraftCreate, ZDraftSave, ZDraftSubmit, ZReceipt } from '@app/contract';
import type { FastifyPluginAsyncZod } from 'fastify-type-provider-zod';
import { z } from 'zod';
import { ctxOf } from '../../../core/context.ts';
import * as service from './filing.service.ts';

/**
 * Filing a complaint (issue 26), at `/cms/api/complaint/…`. Who: a member holding `complaints.file`
 * files for themself; a member of the handling committee writes one down for a complainant who
 * cannot write (POSH s.9(1)); a draft is its complainant's (and that member's) alone (`case` policy).
 */
const tags = ['cms'];
const config = { area: 'cms', policy: 'case' } as const;

const ZIdempotencyHeaders = z.object({
  'idempotency-key': z.string().trim().min(8).max(200).optional(),
});

export const filingRoutes: FastifyPluginAsyncZod = async (app) => {
  app.get(
    '/complaint/forms',
    {
      config,
      schema: {
        tags,
        operationId: 'listComplaintForms',
        summary:
          'The complaint forms the caller may file under (each workflow’s latest published version that reaches their unit)',
        response: { 200: ZComplaintForms },
      },
    },
    async (req) => service.forms(ctxOf(req)),
  );
  app.post(
    '/complaint/draft',
    {
      config,
      schema: {
        tags,
        operationId: 'createComplaintDraft',
        summary:
          'Start a complaint (a sealed draft); `onBehalfOf` for a committee member writing it down for someone (POSH s.9(1))',
        description: '423 `CASE_KEY_LOCKED` until the caller has unlocked their key (`case-key/unlock`).',
        body: ZDraftCreate,
        response: { 200: ZDraft },
      },
    },
    async (req) => service.createDraft(ctxOf(req), req.body),
  );
  app.get(
    '/complaint/draft/:id',
    {
      config,
      schema: {
        tags,
        operationId: 'getComplaintDraft',
        summary: 'A draft complaint with its answers and files',
        params: ZCmsIdParams,
        response: { 200: ZDraft },
      },
    },
    async (req) => service.getDraft(ctxOf(req), req.params.id),
  );
  app.post(
    '/complaint/draft/:id',
    {
      config,
      schema: {
        tags,
        operationId: 'saveComplaintDraft',
        summary: 'Save a draft’s answers (it may be incomplete); 409 `CASE_CHANGED` for a stale revision',
        params: ZCmsIdParams,
        body: ZDraftSave,
        response: { 200: ZDraft },
      },
    },
    async (req) => service.saveDraft(ctxOf(req), req.params.id, req.body),
  );
  app.post(
    '/complaint/draft/delete/:id',
    {
      config,
      schema: {
        tags,
        operationId: 'discardComplaintDraft',
        summary: 'Discard a draft that was never filed (its uploads are deleted)',
        params: ZCmsIdParams,
        response: { 200: z.object({ deleted: z.literal(true) }) },
      },
    },
    async (req) => service.discardDraft(ctxOf(req), req.params.id),
  );
  app.post(
    '/complaint/submit/:id',
    {
      config,
      schema: {
        tags,
        operationId: 'submitComplaint',
        summary:
          'File the complaint: checked against its version, sealed, given to the committee, clocks started; answers the receipt',
        description:
          'With header `Idempotency-Key`, a retry answers the same receipt and files once. 422 `COMPLAINT_INVALID` (one detail per question), 409 `NO_COMMITTEE`, 409 `CASE_CHANGED`; nothing is written then.',
        params: ZCmsIdParams,
        headers: ZIdempotencyHeaders,
        body: ZDraftSubmit,
        response: { 200: ZReceipt },
      },
    },
    async (req) => service.submit(ctxOf(req), req.params.id, req.body, req.headers['idempotency-key'] ?? null),
  );
};
