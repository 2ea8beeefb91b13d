import { createWriteStream } from 'node:fs';
import { mkdtemp, rm } from 'node:fs/promises';
import { tmpdir } from 'node:os';
import path from 'node:path';
import { pipeline } from 'node:stream/promises';
import { BULK_INVITE_LIMITS } from '@app/contract';
import fastifyMultipart from '@fastify/multipart';
import type { FastifyInstance, FastifyRequest } from 'fastify';
import type { Deps } from './context.ts';
import { AppError } from './errors.ts';
import type { SpreadsheetLimits } from './spreadsheets.ts';

const MB = 1024 * 1024;
/** How a spreadsheet upload is sent and limited, for the API reference of every route taking one. */
export const SPREADSHEET_FILE_DOC = `multipart/form-data: the file in a part named \`file\` (CSV in UTF-8 or XLSX, told apart by content; at most ${BULK_INVITE_LIMITS.fileBytes / MB} MB, ${BULK_INVITE_LIMITS.rows.toLocaleString('en')} rows, ${BULK_INVITE_LIMITS.uncompressedBytes / MB} MB unpacked). Row numbers in answers are the spreadsheet’s (the header is row 1).`;

/**
 * Enables multipart bodies in the calling plugin only (so every JSON route elsewhere still refuses
 * them), with the bulk files' size limit.
 */
export async function acceptSpreadsheetUploads(app: FastifyInstance): Promise<void> {
  await app.register(fastifyMultipart, { limits: { fileSize: BULK_INVITE_LIMITS.fileBytes, files: 1 } });
}

/** The uploaded file on disk, the multipart text fields, and the clean-up to call afterwards. */
export type Received = { file: string; fields: Record<string, string>; done(): Promise<void> };

/** How many spreadsheets each server (one per process in production) is reading right now. */
const reading = new WeakMap<Deps, { now: number }>();

/** The reading slots in use on this server (`now` counts them); tests hold them to see the refusal. */
export function readingSlots(deps: Deps): { now: number } {
  let slots = reading.get(deps);
  if (!slots) {
    slots = { now: 0 };
    reading.set(deps, slots);
  }
  return slots;
}
/** Seconds a client is asked to wait when every reading slot is taken. */
const BUSY_RETRY_SECONDS = 5;

/**
 * Receives the one uploaded file onto disk (streamed, never held in memory whole) and the text
 * fields. A body that is not multipart → 415; no file, or a second one → 400; too big → 413.
 */
export async function receiveSpreadsheet(req: FastifyRequest, opts: { fieldSize?: number } = {}): Promise<Received> {
  if (!req.isMultipart()) {
    throw new AppError(
      415,
      'UNSUPPORTED_MEDIA_TYPE',
      'Send the spreadsheet as multipart/form-data, with the file in a part named "file".',
    );
  }
  const dir = await mkdtemp(path.join(tmpdir(), 'bulk-upload-'));
  const done = () => rm(dir, { recursive: true, force: true });
  const file = path.join(dir, 'upload');
  const fields: Record<string, string> = {};
  let files = 0;
  try {
    const parts = req.parts({
      limits: {
        fileSize: BULK_INVITE_LIMITS.fileBytes,
        files: 1,
        fields: 20,
        fieldSize: opts.fieldSize ?? 100,
        parts: 21,
      },
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
        { params: { reason: 'FILE_TOO_LARGE', size: `${BULK_INVITE_LIMITS.fileBytes / 1024 / 1024} MB` } },
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
 * Runs `fn` on the received upload, with the configured reading limits, and removes the file
 * afterwards. At most `SPREADSHEET_CONCURRENCY` uploads are read at once per server: beyond that →
 * 503 with Retry-After, without reading the file (receiving it costs only disk, within its size limit).
 */
export async function withSpreadsheet<T>(
  req: FastifyRequest,
  fn: (received: Received & { limits: SpreadsheetLimits }) => Promise<T>,
  /** A text field's size limit in bytes (default 100; a list of course ids needs more). */
  opts: { fieldSize?: number } = {},
): Promise<T> {
  const received = await receiveSpreadsheet(req, opts);
  const { config } = req.server.deps;
  const slots = readingSlots(req.server.deps);
  try {
    if (slots.now >= config.spreadsheets.concurrency) {
      throw new AppError(
        503,
        'SPREADSHEETS_BUSY',
        `The server is reading ${config.spreadsheets.concurrency} other spreadsheets: send the file again in a few seconds.`,
        { headers: { 'retry-after': String(BUSY_RETRY_SECONDS) } },
      );
    }
    slots.now++;
    try {
      return await fn({ ...received, limits: config.spreadsheets.limits });
    } finally {
      slots.now--;
    }
  } finally {
    await received.done();
  }
}
