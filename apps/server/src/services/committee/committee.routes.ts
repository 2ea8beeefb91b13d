import {
  COMMITTEE_ORDER_MAX_BYTES,
  ZCommittee,
  ZCommitteeAsOfQuery,
  ZCommitteeDissolve,
  ZCommitteeIdParams,
  ZCommitteeInput,
  ZCommitteeOrderFields,
  ZCommitteeRegister,
  ZMyCommitteeCard,
} from '@app/contract';
import fastifyMultipart from '@fastify/multipart';
import type { FastifyReply, FastifyRequest } from 'fastify';
import type { FastifyPluginAsyncZod } from 'fastify-type-provider-zod';
import { ctxOf } from '../../core/context.ts';
import { AppError } from '../../core/errors.ts';
import * as service from './committee.service.ts';

/**
 * The Internal Committee register (POSH s.4) and Canada's designated recipients (s.14), on the main
 * API at `/api/committee/…`. Managing: `compliance.manage` within the caller's business-unit scope;
 * the card and the order it links to: any active member of a served unit. committee.policy.ts.
 */
const tags = ['committee'];
const managed = { area: 'compliance', menu: 'COMMITTEE', policy: 'committee' } as const;
/** Keeping the committee is the law's duty (s.4): its changes go on after the workspace's contract ends. */
const duty = { ...managed, duringContractExpiry: true } as const;
const card = { area: 'compliance', menu: 'COMMITTEE', policy: 'committee card' } as const;
const MB = 1024 * 1024;

/** Sends an order PDF: private, never cached, as a download. */
function sendPdf(reply: FastifyReply, file: service.OrderFile) {
  return reply
    .header('content-type', 'application/pdf')
    .header('content-length', String(file.size))
    .header('content-disposition', `attachment; filename="${file.fileName.replace(/["\\\r\n]/g, '_')}"`)
    .header('cache-control', 'private, no-store')
    .header('x-content-type-options', 'nosniff')
    .send(file.stream);
}

const pdfResponse = { 200: { description: 'The order (a PDF)', mediaType: 'application/pdf' } };

const committeeRoutesJson: FastifyPluginAsyncZod = async (app) => {
  app.get(
    '/committee/register',
    {
      config: managed,
      schema: {
        tags,
        operationId: 'getCommitteeRegister',
        summary:
          'The Internal Committee register: committees with today’s composition, and every business unit with its headcount and flag (compliance.manage, within the caller’s units)',
        description:
          'India: NEEDS_COMMITTEE for a unit of 10 or more active members without an Internal Committee (s.4(1)), LOCAL_COMMITTEE below 10 (s.6(1)); Canada: NEEDS_DESIGNATED_RECIPIENT (s.14). A workspace-wide committee covers units without their own.',
        response: { 200: ZCommitteeRegister },
      },
    },
    async (req) => service.register(ctxOf(req)),
  );
  app.get(
    '/committee/details/:id',
    {
      config: managed,
      schema: {
        tags,
        operationId: 'getCommittee',
        summary: 'A committee with its composition on a date (`asOf`, default today): who was on it then',
        params: ZCommitteeIdParams,
        querystring: ZCommitteeAsOfQuery,
        response: { 200: ZCommittee },
      },
    },
    async (req) => service.details(ctxOf(req), req.params.id, req.query.asOf),
  );
  app.post(
    '/committee/create',
    {
      config: duty,
      schema: {
        tags,
        operationId: 'createCommittee',
        summary:
          'Constitute a committee (India: Internal Committee; Canada: designated recipients) with its whole composition',
        description:
          'An unlawful composition is refused with 422 `COMMITTEE_COMPOSITION_UNLAWFUL`, one `details` entry per rule broken (`code` a COMPOSITION_RULES value, `params.section`); nothing is written. Units served by another committee of the same kind move to this one.',
        body: ZCommitteeInput,
        response: { 200: ZCommittee },
      },
    },
    async (req) => service.save(ctxOf(req), null, req.body),
  );
  app.post(
    '/committee/update/:id',
    {
      config: duty,
      schema: {
        tags,
        operationId: 'updateCommittee',
        summary:
          'Change a committee’s whole composition; a changed seat (role, person, gender, term) keeps its history',
        description:
          'Checked as on create (422 `COMMITTEE_COMPOSITION_UNLAWFUL`). A member’s contact, seniority or training is corrected in place; members left out end their term the day before `effectiveDate` (default today).',
        params: ZCommitteeIdParams,
        body: ZCommitteeInput,
        response: { 200: ZCommittee },
      },
    },
    async (req) => service.save(ctxOf(req), req.params.id, req.body),
  );
  app.post(
    '/committee/:id/dissolve',
    {
      config: duty,
      schema: {
        tags,
        operationId: 'dissolveCommittee',
        summary: 'Dissolve a committee on a date (its last day); its composition before then stays in the history',
        params: ZCommitteeIdParams,
        body: ZCommitteeDissolve,
        response: { 200: ZCommittee },
      },
    },
    async (req) => service.dissolve(ctxOf(req), req.params.id, req.body.dissolvedOn),
  );
  app.get(
    '/committee/:id/order',
    {
      config: managed,
      schema: {
        tags,
        operationId: 'getCommitteeOrder',
        summary: 'The written order constituting a committee (PDF), for those who keep the register',
        params: ZCommitteeIdParams,
        otherResponses: pdfResponse,
      },
    },
    async (req, reply) => sendPdf(reply, await service.managerOrder(ctxOf(req), req.params.id)),
  );
  app.get(
    '/committee/my',
    {
      config: card,
      schema: {
        tags,
        operationId: 'getMyCommittee',
        summary:
          'The committee (or designated recipients) of the caller’s business unit, with the members’ names and contacts (s.19, Rule 13)',
        response: { 200: ZMyCommitteeCard },
      },
    },
    async (req) => service.myCard(ctxOf(req)),
  );
  app.get(
    '/committee/my/order',
    {
      config: card,
      schema: {
        tags,
        operationId: 'getMyCommitteeOrder',
        summary: 'The order constituting the committee of the caller’s business unit (s.19(b)), as a PDF',
        otherResponses: pdfResponse,
      },
    },
    async (req, reply) => sendPdf(reply, await service.myOrder(ctxOf(req))),
  );
};

/** Reads the order's multipart body: one PDF in `file` and the field `orderDate`. */
async function readOrderUpload(req: FastifyRequest) {
  if (!req.isMultipart())
    throw new AppError(
      415,
      'UNSUPPORTED_MEDIA_TYPE',
      'Send the order as multipart/form-data (parts file and orderDate).',
    );
  const fields: Record<string, string> = {};
  let file: { data: Buffer; fileName: string } | null = null;
  try {
    for await (const part of req.parts({
      limits: { fileSize: COMMITTEE_ORDER_MAX_BYTES, files: 1, fields: 3, fieldSize: 100, parts: 4 },
    })) {
      if (part.type === 'file') {
        if (part.fieldname !== 'file') {
          part.file.resume();
          throw new AppError(400, 'VALIDATION_FAILED', 'Put the order in a part named "file".');
        }
        const data = await part.toBuffer();
        if (part.file.truncated) throw Object.assign(new Error('too large'), { code: 'FST_REQ_FILE_TOO_LARGE' });
        file = { data, fileName: part.filename || 'order.pdf' };
      } else fields[part.fieldname] = String(part.value ?? '');
    }
  } catch (err) {
    if (err instanceof AppError) throw err;
    const code = (err as { code?: string }).code;
    if (code === 'FST_REQ_FILE_TOO_LARGE')
      throw new AppError(413, 'FILE_TOO_LARGE', `The file is larger than ${COMMITTEE_ORDER_MAX_BYTES / MB} MB.`, {
        params: { size: `${COMMITTEE_ORDER_MAX_BYTES / MB} MB` },
      });
    if (code === 'FST_FILES_LIMIT' || code === 'FST_PARTS_LIMIT' || code === 'FST_FIELDS_LIMIT')
      throw new AppError(400, 'TOO_MANY_FILES', 'Send one file, with the field orderDate.');
    throw new AppError(400, 'BAD_UPLOAD', 'The upload could not be read. Try again.');
  }
  const parsed = ZCommitteeOrderFields.safeParse(fields);
  if (!parsed.success)
    throw new AppError(400, 'VALIDATION_FAILED', 'Give the date of the order (orderDate, YYYY-MM-DD).', {
      details: parsed.error.issues.map((i) => ({ path: `body.${i.path.join('.')}`, message: i.message })),
    });
  if (!file || file.data.length === 0)
    throw new AppError(400, 'NO_FILE', 'Choose the order’s PDF to upload.', { params: { reason: 'FILE_EMPTY' } });
  return { ...file, orderDate: parsed.data.orderDate };
}

/** The order upload: multipart (with its own size limit) is enabled in this plugin only. */
const orderUploadRoute: FastifyPluginAsyncZod = async (app) => {
  await app.register(fastifyMultipart, { limits: { fileSize: COMMITTEE_ORDER_MAX_BYTES, files: 1 } });
  app.post(
    '/committee/:id/order',
    {
      config: duty,
      schema: {
        tags,
        operationId: 'uploadCommitteeOrder',
        summary: 'Upload the written order constituting a committee (s.4(1)), replacing the previous one',
        description: `multipart/form-data: a PDF (checked by its bytes; at most ${COMMITTEE_ORDER_MAX_BYTES / MB} MB) in a part named \`file\`, and the field \`orderDate\` (YYYY-MM-DD). Kept privately with its SHA-256.`,
        consumes: ['multipart/form-data'],
        params: ZCommitteeIdParams,
        response: { 200: ZCommittee },
      },
    },
    async (req) => {
      service.assertKeepsRegisters(ctxOf(req));
      const upload = await readOrderUpload(req);
      return service.uploadOrder(ctxOf(req), req.params.id, upload);
    },
  );
};

/** The committee module's routes (prefix `/api`). */
export const committeeRoutes: FastifyPluginAsyncZod = async (app) => {
  await app.register(committeeRoutesJson);
  await app.register(orderUploadRoute);
};
