import { createWriteStream } from 'node:fs';
import { mkdtemp, readFile, rm, stat } from 'node:fs/promises';
import { tmpdir } from 'node:os';
import path from 'node:path';
import { pipeline } from 'node:stream/promises';
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
import { authorOwner } from '../authoring-scope.ts';
import * as service from './scorm.service.ts';

const MB = 1024 * 1024;

/**
 * Imports received at once per workspace (and for the catalogue): each is streamed to a file on
 * disk as it arrives, so a slow upload holds one of its own workspace's slots and some disk, never
 * another workspace's slot nor memory. Beyond them: 503 with Retry-After, before the body is read.
 */
export const SCORM_IMPORTS_AT_ONCE = 2;
/** Packages checked at once per server once received (each is read whole, up to 200 MB): the others wait their turn. */
export const SCORM_CHECKS_AT_ONCE = 2;

type ImportSlots = { byOwner: Map<string, { now: number }>; checking: number; waiting: Array<() => void> };
const importing = new WeakMap<object, ImportSlots>();

function slotsOf(server: object): ImportSlots {
  let slots = importing.get(server);
  if (!slots) {
    slots = { byOwner: new Map(), checking: 0, waiting: [] };
    importing.set(server, slots);
  }
  return slots;
}

/** The import slots in use for `owner` (a workspace's id, or `catalogue`) on this server; tests hold them to see the refusal. */
export function scormImportSlots(server: object, owner: string): { now: number } {
  const { byOwner } = slotsOf(server);
  let slots = byOwner.get(owner);
  if (!slots) {
    slots = { now: 0 };
    byOwner.set(owner, slots);
  }
  return slots;
}

/** Runs `fn` when one of the server's check turns is free (waiting, not refusing: a received package is cheap to keep). */
async function checkTurn<T>(server: object, fn: () => Promise<T>): Promise<T> {
  const slots = slotsOf(server);
  while (slots.checking >= SCORM_CHECKS_AT_ONCE) await new Promise<void>((resolve) => slots.waiting.push(resolve));
  slots.checking++;
  try {
    return await fn();
  } finally {
    slots.checking--;
    slots.waiting.shift()?.();
  }
}

/** Authors (a workspace's courses.manage without a unit limit, or the operator on the platform host): checked by the service. */
const lms = { area: 'lms' as const, policy: 'SCORM package' };

/**
 * Receives the import's multipart body onto disk as it streams: one `file` (at most 200 MB; 413
 * beyond) and the optional fields `courseId` and `language` (validated like a body). `done` removes
 * the file.
 */
async function receiveImport(req: FastifyRequest) {
  if (!req.isMultipart()) throw new AppError(415, 'UNSUPPORTED_MEDIA_TYPE', 'Send the file as multipart/form-data.');
  const dir = await mkdtemp(path.join(tmpdir(), 'scorm-import-'));
  const done = () => rm(dir, { recursive: true, force: true });
  const target = path.join(dir, 'package.zip');
  let file: { path: string; filename: string } | null = null;
  const fields: Record<string, string> = {};
  try {
    try {
      for await (const part of req.parts({
        limits: { fileSize: SCORM_MAX_UPLOAD_BYTES, files: 1, fields: 4, parts: 5, fieldSize: 200 },
      })) {
        if (part.type === 'file') {
          await pipeline(part.file, createWriteStream(target));
          if (part.file.truncated) throw Object.assign(new Error('too large'), { code: 'FST_REQ_FILE_TOO_LARGE' });
          file = { path: target, filename: part.filename || 'package.zip' };
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
    if (!file || (await stat(file.path)).size === 0) throw new AppError(400, 'NO_FILE', 'Choose a file to upload.');
    const parsed = ZScormImportFields.safeParse(fields);
    if (!parsed.success) {
      throw new AppError(400, 'VALIDATION_FAILED', 'The form is not valid.', {
        details: parsed.error.issues.map((i) => ({ path: `body.${i.path.join('.')}`, message: i.message })),
      });
    }
    return { file, fields: parsed.data, done };
  } catch (err) {
    await done();
    throw err;
  }
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
        // The right to import (session, area, then authoring) is checked before a byte of the body is
        // read: anyone else is answered while still sending (issue 21 item 20).
        onRequest: async (req, reply) => {
          try {
            authorOwner(ctxOf(req));
          } catch (err) {
            // The body that may still be coming is not wanted: the connection ends with the answer.
            reply.header('connection', 'close');
            throw err;
          }
        },
        schema: {
          tags: ['lms'],
          operationId: 'importScormPackage',
          summary: 'Import a SCORM 1.2 or 2004 package (multipart "file", at most 200 MB; fields courseId?, language?)',
          description:
            'The zip is checked whole first (at most 5,000 entries, 1 GiB unpacked, 200 MB per entry, 200:1 per entry; safe names; imsmanifest.xml at the root, no DOCTYPE; every SCO file present): a refused package stores nothing and answers 400 SCORM_INVALID with params.reason. Then, with courseId, a SCORM item is added to that course’s draft (made from the published version if needed); without it, a new course is made. The package is PROCESSING until the extract job makes it READY: poll GET /course/scorm/{packageId}. At most 2 imports are received at once per workspace (503 SCORM_IMPORTS_BUSY with Retry-After beyond).',
          consumes: ['multipart/form-data'],
          response: { 200: ZScormImportResult },
        },
      },
      async (req) => {
        const ctx = ctxOf(req);
        // Beyond the workspace's slots: 503 before the body is read (nothing held).
        const slots = scormImportSlots(req.server.deps, authorOwner(ctx));
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
          const { file, fields, done } = await receiveImport(req);
          try {
            return await checkTurn(req.server.deps, async () =>
              service.importPackage(ctx, { data: await readFile(file.path), filename: file.filename }, fields),
            );
          } finally {
            await done();
          }
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
