import { createWriteStream } from 'node:fs';
import { mkdtemp, rm } from 'node:fs/promises';
import { tmpdir } from 'node:os';
import path from 'node:path';
import { PassThrough } from 'node:stream';
import { pipeline } from 'node:stream/promises';
import {
  BULK_INVITE_LIMITS,
  ZBulkFileMappingsResponse,
  ZBulkInviteResponse,
  ZBulkValidateResponse,
} from '@app/contract';
import fastifyMultipart from '@fastify/multipart';
import type { FastifyRequest } from 'fastify';
import type { FastifyPluginAsyncZod } from 'fastify-type-provider-zod';
import { ctxOf } from '../../../core/context.ts';
import { AppError } from '../../../core/errors.ts';
import * as service from './bulk-invites.service.ts';

const security = [{ bearer: [] }];
const guarded = { host: 'workspace', permission: 'invites.manage' } as const;
const FIELDS_DOC =
  'multipart/form-data: the file in a part named `file` (CSV in UTF-8 or XLSX, told apart by content; at most 10 MB, 50,000 rows, 50 MB unpacked), and one field per invitation field (email, firstName, lastName, employeeId, gender, department, designation, branch, role, homeAddress, phoneNumber, dateOfJoining) whose value is the 1-based number of the column holding it (column A is 1); leave a field out when the file lacks it. Row numbers in answers are the spreadsheet’s (the header is row 1).';

type Received = { file: string; fields: Record<string, string>; done(): Promise<void> };

/**
 * Receives the one uploaded file onto disk (streamed, never held in memory whole) and the text
 * fields. A body that is not multipart → 415; no file, or a second one → 400; too big → 413.
 */
async function receive(req: FastifyRequest): Promise<Received> {
  if (!req.isMultipart()) {
    throw new AppError(
      415,
      'UNSUPPORTED_MEDIA_TYPE',
      'Send the spreadsheet as multipart/form-data, with the file in a part named "file".',
    );
  }
  const dir = await mkdtemp(path.join(tmpdir(), 'bulk-invite-'));
  const done = () => rm(dir, { recursive: true, force: true });
  const file = path.join(dir, 'upload');
  const fields: Record<string, string> = {};
  let files = 0;
  try {
    const parts = req.parts({
      limits: { fileSize: BULK_INVITE_LIMITS.fileBytes, files: 1, fields: 20, fieldSize: 100, parts: 21 },
    });
    for await (const part of parts) {
      if (part.type === 'file') {
        if (part.fieldname !== 'file') {
          part.file.resume();
          throw new AppError(400, 'VALIDATION_FAILED', 'Put the spreadsheet in a part named "file".');
        }
        files++;
        await pipeline(part.file, createWriteStream(file));
      } else fields[part.fieldname] = String(part.value ?? '');
    }
    if (!files) throw new AppError(400, 'VALIDATION_FAILED', 'Choose a file to upload (a part named "file").');
    return { file, fields, done };
  } catch (err) {
    await done();
    const code = (err as { code?: string }).code;
    if (code === 'FST_REQ_FILE_TOO_LARGE') {
      throw new AppError(
        413,
        'PAYLOAD_TOO_LARGE',
        `The file is larger than ${BULK_INVITE_LIMITS.fileBytes / 1024 / 1024} MB.`,
      );
    }
    if (code === 'FST_FILES_LIMIT') throw new AppError(400, 'VALIDATION_FAILED', 'Upload one file at a time.');
    if (code === 'FST_FIELDS_LIMIT' || code === 'FST_PARTS_LIMIT' || code === 'FST_PROTO_VIOLATION') {
      throw new AppError(400, 'VALIDATION_FAILED', 'The upload has too many or unexpected fields.');
    }
    if (
      code === 'FST_INVALID_MULTIPART_CONTENT_TYPE' ||
      (err instanceof Error && /boundary|multipart/i.test(err.message) && !(err instanceof AppError))
    ) {
      throw new AppError(400, 'BAD_REQUEST', 'The multipart body is malformed.');
    }
    throw err;
  }
}

/**
 * Runs `fn` on the received upload (with `mapped`, the column-number fields read and checked first)
 * and removes the file afterwards.
 */
async function withUpload<T>(
  req: FastifyRequest,
  mapped: boolean,
  fn: (upload: service.BulkUpload) => Promise<T>,
): Promise<T> {
  const received = await receive(req);
  try {
    return await fn({ path: received.file, mapping: mapped ? service.parseMapping(received.fields) : {} });
  } finally {
    await received.done();
  }
}

/**
 * Bulk invitations from a CSV or XLSX file. Stateless: the browser keeps the file and sends it with
 * each step (columns, validation, sending, report). Multipart parsing is enabled in this plugin
 * only, so every JSON route elsewhere still refuses a multipart body.
 */
export const bulkInviteRoutes: FastifyPluginAsyncZod = async (app) => {
  await app.register(fastifyMultipart, { limits: { fileSize: BULK_INVITE_LIMITS.fileBytes, files: 1 } });
  app.post(
    '/invite/bulk/file/mappings',
    {
      config: guarded,
      schema: {
        tags: ['invites'],
        summary: 'The columns (header row) and first five rows of an invitation file',
        description: 'multipart/form-data with the file in a part named `file` (CSV in UTF-8 or XLSX, by content).',
        consumes: ['multipart/form-data'],
        security,
        response: { 200: ZBulkFileMappingsResponse },
      },
    },
    async (req) => withUpload(req, false, (upload) => service.fileMappings(ctxOf(req), upload)),
  );
  app.post(
    '/invite/bulk/validate',
    {
      config: guarded,
      schema: {
        tags: ['invites'],
        summary: 'Check every row of an invitation file; nothing is written',
        description: FIELDS_DOC,
        consumes: ['multipart/form-data'],
        security,
        response: { 200: ZBulkValidateResponse },
      },
    },
    async (req) => withUpload(req, true, (upload) => service.validateBulk(ctxOf(req), upload)),
  );
  app.post(
    '/invite/bulk',
    {
      config: guarded,
      schema: {
        tags: ['invites'],
        summary: 'Invite everyone in a file: all or nothing; people already invited or members are skipped',
        description: `${FIELDS_DOC} Any invalid row → 400 with every error; more people than places left → 409; nothing is sent then.`,
        consumes: ['multipart/form-data'],
        security,
        response: { 200: ZBulkInviteResponse },
      },
    },
    async (req) => withUpload(req, true, (upload) => service.inviteBulk(ctxOf(req), upload)),
  );
  app.post(
    '/invite/download/bulk/detailed-report',
    {
      config: guarded,
      schema: {
        tags: ['invites'],
        summary: 'An XLSX with every row of an invitation file, its status and the reasons',
        description: FIELDS_DOC,
        consumes: ['multipart/form-data'],
        security,
      },
    },
    async (req, reply) => {
      const write = await withUpload(req, true, (upload) => service.detailedReport(ctxOf(req), upload));
      const out = new PassThrough();
      write(out).catch((err: unknown) => out.destroy(err as Error));
      return reply
        .header('content-type', 'application/vnd.openxmlformats-officedocument.spreadsheetml.sheet')
        .header('content-disposition', 'attachment; filename="invitation-report.xlsx"')
        .send(out);
    },
  );
};
