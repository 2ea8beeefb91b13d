import {
  SCORM_MAX_UPLOAD_BYTES,
  ZScormImportFields,
  ZScormImportResult,
  ZScormLaunchRequest,
  ZScormLaunchResult,
  ZScormPackage,
  ZScormPackageParams,
} from '@app/contract';
import fastifyMultipart from '@fastify/multipart';
import type { FastifyRequest } from 'fastify';
import type { FastifyPluginAsyncZod, ZodTypeProvider } from 'fastify-type-provider-zod';
import { ctxOf } from '../../../core/context.ts';
import { AppError } from '../../../core/errors.ts';
import * as service from './scorm.service.ts';

const MB = 1024 * 1024;

/** Imports read at once per server: each holds its zip (up to 200 MB) in memory while it is checked. */
export const SCORM_IMPORTS_AT_ONCE = 2;
const importing = new WeakMap<object, { now: number }>();

/** The import slots in use on this server (tests hold them to see the refusal). */
export function scormImportSlots(server: object): { now: number } {
  let slots = importing.get(server);
  if (!slots) {
    slots = { now: 0 };
    importing.set(server, slots);
  }
  return slots;
}
/** Authors (a workspace's courses.manage without a unit limit, or the operator on the platform host): checked by the service. */
const lms = { area: 'lms' as const };

/**
 * Reads the import's multipart body: one `file` (at most 200 MB; 413 beyond) and the optional
 * fields `courseId` and `language` (validated like a body).
 */
async function readImport(req: FastifyRequest) {
  if (!req.isMultipart()) throw new AppError(415, 'UNSUPPORTED_MEDIA_TYPE', 'Send the file as multipart/form-data.');
  let file: { data: Buffer; filename: string } | null = null;
  const fields: Record<string, string> = {};
  try {
    for await (const part of req.parts({
      limits: { fileSize: SCORM_MAX_UPLOAD_BYTES, files: 1, fields: 4, parts: 5, fieldSize: 200 },
    })) {
      if (part.type === 'file') {
        const data = await part.toBuffer();
        file = { data, filename: part.filename || 'package.zip' };
      } else if (typeof part.value === 'string') fields[part.fieldname] = part.value;
    }
  } catch (err) {
    if (err instanceof AppError) throw err;
    const code = (err as { code?: string }).code;
    if (code === 'FST_REQ_FILE_TOO_LARGE') {
      throw new AppError(413, 'FILE_TOO_LARGE', 'The file is larger than 200 MB.', { params: { size: '200 MB' } });
    }
    if (code === 'FST_FILES_LIMIT' || code === 'FST_PARTS_LIMIT' || code === 'FST_FIELDS_LIMIT') {
      throw new AppError(400, 'TOO_MANY_FILES', 'Send one file at a time.');
    }
    throw new AppError(400, 'BAD_UPLOAD', 'The upload could not be read. Try again.');
  }
  if (!file || file.data.length === 0) throw new AppError(400, 'NO_FILE', 'Choose a file to upload.');
  const parsed = ZScormImportFields.safeParse(fields);
  if (!parsed.success) {
    throw new AppError(400, 'VALIDATION_FAILED', 'The form is not valid.', {
      details: parsed.error.issues.map((i) => ({ path: `body.${i.path.join('.')}`, message: i.message })),
    });
  }
  return { file, fields: parsed.data };
}

/** `/lms/api/course/scorm/…`: import a package, read its status, launch its player. */
export const scormRoutes: FastifyPluginAsyncZod = async (app) => {
  await app.register(async (upload) => {
    await upload.register(fastifyMultipart, {
      limits: { fileSize: SCORM_MAX_UPLOAD_BYTES, files: 1, fields: 4, parts: 5 },
    });
    upload.withTypeProvider<ZodTypeProvider>().post(
      '/course/scorm/import',
      {
        config: lms,
        bodyLimit: SCORM_MAX_UPLOAD_BYTES + MB,
        schema: {
          tags: ['lms'],
          operationId: 'importScormPackage',
          summary: 'Import a SCORM 1.2 or 2004 package (multipart "file", at most 200 MB; fields courseId?, language?)',
          description:
            'The zip is checked whole first (at most 5,000 entries, 1 GiB unpacked, 200 MB per entry, 200:1 per entry; safe names; imsmanifest.xml at the root, no DOCTYPE; every SCO file present): a refused package stores nothing and answers 400 SCORM_INVALID with params.reason. Then, with courseId, a SCORM item is added to that course’s draft (made from the published version if needed); without it, a new course is made. The package is PROCESSING until the extract job makes it READY: poll GET /course/scorm/{packageId}.',
          consumes: ['multipart/form-data'],
          response: { 200: ZScormImportResult },
        },
      },
      async (req) => {
        // Beyond the slots: 503 before the body is read (nothing held in memory).
        const slots = scormImportSlots(req.server.deps);
        if (slots.now >= SCORM_IMPORTS_AT_ONCE) {
          throw new AppError(
            503,
            'SCORM_IMPORTS_BUSY',
            'Other packages are being imported: send the file again in a few seconds.',
            {
              headers: { 'retry-after': '5' },
            },
          );
        }
        slots.now++;
        try {
          const { file, fields } = await readImport(req);
          return await service.importPackage(ctxOf(req), file, fields);
        } finally {
          slots.now--;
        }
      },
    );
  });

  app.get(
    '/course/scorm/:packageId',
    {
      config: lms,
      schema: {
        tags: ['lms'],
        operationId: 'getScormPackage',
        summary: 'A SCORM package’s status (PROCESSING, READY, FAILED with failureCode) and manifest summary',
        params: ZScormPackageParams,
        response: { 200: ZScormPackage },
      },
    },
    async (req) => service.getPackage(ctxOf(req), req.params.packageId),
  );

  app.post(
    '/course/scorm/:packageId/launch',
    {
      config: lms,
      schema: {
        tags: ['lms'],
        operationId: 'launchScormPackage',
        summary: 'A player URL on the content origin for a READY package (4 hours), to embed in a sandboxed iframe',
        description:
          'parentOrigin must be the origin of the page asking (the player posts its commits there only). Authors may play their drafts; learning.view plays published versions.',
        params: ZScormPackageParams,
        body: ZScormLaunchRequest,
        response: { 200: ZScormLaunchResult },
      },
    },
    async (req) => service.launchPackage(ctxOf(req), req.params.packageId, req.body.parentOrigin),
  );
};
