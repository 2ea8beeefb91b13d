import {
  EVIDENCE_MAX_BYTES,
  ZAnswerIdParams,
  ZAnswerUpdate,
  ZEvidenceRevisionParams,
  ZOccurrenceDetails,
  ZOccurrenceIdParams,
  ZOccurrenceListQuery,
  ZOccurrencePage,
  ZRecordEventInput,
  ZRegisterObligation,
  ZRegisterObligationList,
  ZRegisterObligationQuery,
  ZReviewInput,
} from '@app/contract';
import fastifyMultipart from '@fastify/multipart';
import type { FastifyRequest } from 'fastify';
import type { FastifyPluginAsyncZod } from 'fastify-type-provider-zod';
import { ctxOf } from '../../../core/context.ts';
import { AppError } from '../../../core/errors.ts';
import { sendStoredFile } from '../../../core/files.routes.ts';
import type { Upload } from '../../../core/uploads.ts';
import * as service from './register.service.ts';

/**
 * A workspace's compliance register at `/lms/api/compliance/register/…` (issue 24): the
 * obligations that apply per unit and the workspace's answers, the occurrences, their evidence and
 * review, and events. Every route is the `compliance` area's, on a workspace host, decided by the
 * register's policies (./register.policy.ts).
 */
const tags = ['compliance-register'];
const answers = { area: 'compliance', host: 'workspace', policy: 'compliance answer', menu: 'COMPLIANCE' } as const;
const occurrences = { ...answers, policy: 'compliance occurrence' } as const;
const MB = 1024 * 1024;

const registerRoutesJson: FastifyPluginAsyncZod = async (app) => {
  app.get(
    '/compliance/register/obligations',
    {
      config: { ...answers, duringContractExpiry: true },
      schema: {
        tags,
        operationId: 'listRegisterObligations',
        summary:
          'The obligations that apply to the workspace, per business unit, with the reason, owner and reviewer (a register manager: its units; others: what they own or review)',
        querystring: ZRegisterObligationQuery,
        response: { 200: ZRegisterObligationList },
      },
    },
    async (req) => service.listObligations(ctxOf(req), req.query),
  );
  app.post(
    '/compliance/register/answer/:answerId',
    {
      config: answers,
      schema: {
        tags,
        operationId: 'updateRegisterAnswer',
        summary:
          'Mark an obligation not applicable (justification of 10+ characters) or applicable again; assign its owner, reviewer and evidence courses (compliance.manage, the unit reached)',
        params: ZAnswerIdParams,
        body: ZAnswerUpdate,
        response: { 200: ZRegisterObligation },
      },
    },
    async (req) => service.updateAnswer(ctxOf(req), req.params.answerId, req.body),
  );
  app.post(
    '/compliance/register/answer/:answerId/event',
    {
      config: answers,
      schema: {
        tags,
        operationId: 'recordRegisterEvent',
        summary:
          'Record that an event-based obligation’s event happened on a date: a new occurrence due by its rule (the owner or a register manager)',
        params: ZAnswerIdParams,
        body: ZRecordEventInput,
        response: { 200: ZOccurrenceDetails },
      },
    },
    async (req) => service.recordEvent(ctxOf(req), req.params.answerId, req.body),
  );
  app.get(
    '/compliance/register/occurrences',
    {
      config: { ...occurrences, duringContractExpiry: true },
      schema: {
        tags,
        operationId: 'listRegisterOccurrences',
        summary:
          'The occurrences the caller sees, by due date, 60 a page: due, overdue (on the workspace’s clock), awaiting review, done or all; by unit, obligation, date range, or only one’s own',
        querystring: ZOccurrenceListQuery,
        response: { 200: ZOccurrencePage },
      },
    },
    async (req) => service.listOccurrences(ctxOf(req), req.query),
  );
  app.get(
    '/compliance/register/occurrence/:id',
    {
      config: { ...occurrences, duringContractExpiry: true },
      schema: {
        tags,
        operationId: 'getRegisterOccurrence',
        summary: 'An occurrence with its evidence revisions and reviews',
        params: ZOccurrenceIdParams,
        response: { 200: ZOccurrenceDetails },
      },
    },
    async (req) => service.occurrenceDetails(ctxOf(req), req.params.id),
  );
  app.get(
    '/compliance/register/occurrence/:id/evidence/:revision',
    {
      config: { ...occurrences, duringContractExpiry: true },
      schema: {
        tags,
        operationId: 'downloadRegisterEvidence',
        summary: 'Download the file of an evidence revision (whoever may see the occurrence; audited)',
        params: ZEvidenceRevisionParams,
        otherResponses: {
          200: { description: 'The evidence file, of the type its bytes showed (PDF, PNG, JPEG, DOCX or XLSX)' },
        },
      },
    },
    async (req, reply) => {
      const { file, fileName } = await service.downloadEvidence(ctxOf(req), req.params.id, req.params.revision);
      return sendStoredFile(reply, file, {
        'cache-control': 'private, no-store',
        'content-disposition': `attachment; filename="${fileName}"`,
      });
    },
  );
  app.post(
    '/compliance/register/occurrence/:id/review',
    {
      config: occurrences,
      schema: {
        tags,
        operationId: 'reviewRegisterOccurrence',
        summary:
          'Approve the latest evidence (the occurrence is done) or return it with a note (the owner is told); never one’s own evidence',
        params: ZOccurrenceIdParams,
        body: ZReviewInput,
        response: { 200: ZOccurrenceDetails },
      },
    },
    async (req) => service.reviewOccurrence(ctxOf(req), req.params.id, req.body),
  );
};

/** Reads the evidence upload: one file (at most `EVIDENCE_MAX_BYTES`) in a part `file`, and the text fields. */
async function readEvidenceUpload(req: FastifyRequest): Promise<{ upload: Upload; fields: Record<string, string> }> {
  if (!req.isMultipart())
    throw new AppError(415, 'UNSUPPORTED_MEDIA_TYPE', 'Send the evidence as multipart/form-data (a part named file).');
  const fields: Record<string, string> = {};
  let upload: Upload | null = null;
  try {
    for await (const part of req.parts({
      limits: { fileSize: EVIDENCE_MAX_BYTES, files: 1, fields: 3, fieldSize: 4000, parts: 4 },
    })) {
      if (part.type === 'file') {
        if (part.fieldname !== 'file') {
          part.file.resume();
          throw new AppError(400, 'VALIDATION_FAILED', 'Put the evidence in a part named "file".');
        }
        upload = { data: await part.toBuffer(), filename: part.filename || 'evidence' };
      } else fields[part.fieldname] = String(part.value ?? '');
    }
  } catch (err) {
    if (err instanceof AppError) throw err;
    const code = (err as { code?: string }).code;
    if (code === 'FST_REQ_FILE_TOO_LARGE')
      throw new AppError(413, 'FILE_TOO_LARGE', `The file is larger than ${EVIDENCE_MAX_BYTES / MB} MB.`, {
        params: { size: `${EVIDENCE_MAX_BYTES / MB} MB` },
      });
    if (code === 'FST_FILES_LIMIT' || code === 'FST_PARTS_LIMIT' || code === 'FST_FIELDS_LIMIT')
      throw new AppError(400, 'TOO_MANY_FILES', 'Send one file, with the fields coversFrom, coversTo and note.');
    throw new AppError(400, 'BAD_UPLOAD', 'The upload could not be read. Try again.');
  }
  if (!upload || upload.data.length === 0) throw new AppError(400, 'NO_FILE', 'Choose a file to upload.');
  return { upload, fields };
}

/** The evidence upload: multipart (with its own size limit) is enabled in this plugin only. */
const evidenceUploadRoute: FastifyPluginAsyncZod = async (app) => {
  await app.register(fastifyMultipart, { limits: { fileSize: EVIDENCE_MAX_BYTES, files: 1 } });
  app.post(
    '/compliance/register/occurrence/:id/evidence',
    {
      config: occurrences,
      bodyLimit: EVIDENCE_MAX_BYTES + MB,
      schema: {
        tags,
        operationId: 'addRegisterEvidence',
        summary: 'Add an evidence revision to an occurrence (the owner or a register manager): it awaits review',
        description: `multipart/form-data: one file in a part named \`file\` (PDF, PNG, JPEG, Word .docx or Excel .xlsx, told by its bytes; at most ${EVIDENCE_MAX_BYTES / MB} MB) and optional fields \`coversFrom\`, \`coversTo\` (YYYY-MM-DD) and \`note\`.`,
        consumes: ['multipart/form-data'],
        params: ZOccurrenceIdParams,
        response: { 200: ZOccurrenceDetails },
      },
    },
    async (req) => service.addEvidence(ctxOf(req), req.params.id, () => readEvidenceUpload(req)),
  );
};

/** The register's routes (issue 24). */
export const registerRoutes: FastifyPluginAsyncZod = async (app) => {
  await app.register(registerRoutesJson);
  await app.register(evidenceUploadRoute);
};
