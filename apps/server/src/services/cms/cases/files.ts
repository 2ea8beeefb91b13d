import { randomUUID } from 'node:crypto';
import type { Readable } from 'node:stream';
import { CASE_FILE_MAX_BYTES, type TCaseFile } from '@app/contract';
import type { Ctx } from '../../../core/context.ts';
import { sha256Hex, wipe } from '../../../core/crypto.ts';
import { AppError } from '../../../core/errors.ts';
import { deleteStoredFile, newFileKey } from '../../../core/storage.ts';
import { attributesOf } from './answers.ts';
import { loadCase, type OpenCase, withCase } from './case-core.ts';
import * as repo from './cases.repo.ts';
import { caseFileTypeOf } from './file-types.ts';
import { scopeOf } from './items.ts';

/*
 * A case's files (db/cases-schema.ts `case_files`): the body in storage, encrypted with the data key
 * of the file's audience; its name and content type sealed in `sealed_meta` (context
 * workspace/case/case_files/<id>/meta); size and the plaintext's SHA-256 in clear.
 */

export type FileMeta = { name: string; contentType: string };

export const fileMetaContext = (c: OpenCase, fileId: string) => c.ring!.context('case_files', fileId, 'meta');
export const fileBodyContext = (c: OpenCase, fileId: string) => c.ring!.context('case_files', fileId, 'body');

/** A file row as its reader sees it; null when the caller does not hold its key. */
export function fileView(c: OpenCase, f: repo.FileRow): TCaseFile | null {
  if (!c.ring) throw new Error('fileView: open the case with keys');
  const meta = c.ring.openJson<FileMeta>(f.dataKeyId, fileMetaContext(c, f.id), Buffer.from(f.sealedMeta, 'hex'));
  if (!meta) return null;
  return {
    id: f.id,
    name: meta.name,
    contentType: meta.contentType,
    size: f.sizeBytes,
    sha256: f.sha256,
    uploadedAt: new Date(f.createdAt).toISOString(),
    mine: f.uploadedBy === c.caller.accountId,
  };
}

/** The files the caller may read (RLS by audience), opened. */
export async function listFiles(c: OpenCase): Promise<Array<TCaseFile & { itemId: string | null }>> {
  const rows = await repo.files(c.tx, c.row.workspaceId, c.row.id);
  const out: Array<TCaseFile & { itemId: string | null }> = [];
  for (const r of rows) {
    const v = fileView(c, r);
    if (v) out.push({ ...v, itemId: r.itemId });
  }
  return out;
}

// --- uploading, reading and removing a file (issue 26) ----------------------------------------------

/** What an upload names besides its bytes (headers of `POST /case/{id}/file`). */
export type UploadRequest = {
  /** The file's name as the person sees it (sealed; never in the storage key). */
  fileName: string;
  /** A FILE_UPLOAD field of the case's form the file is for (its `maxMegabytes` applies). */
  attributeKey: string | null;
  /** Who may read it; by default the caller's own thread. */
  audience: repo.Audience | null;
  /** A member's file for one participant (`audience` PARTICIPANT). */
  participantAccountId: string | null;
  /** `Content-Length` as sent, when sent: refused early when already too large. */
  contentLength: number | null;
};

type Placement = { audience: repo.Audience; participant: string | null; maxBytes: number };

const MB = 1024 * 1024;
const megabytes = (bytes: number) => `${Math.round((bytes / MB) * 10) / 10} MB`;

export const fileTooLarge = (maxBytes: number) =>
  new AppError(413, 'FILE_TOO_LARGE', `The file is larger than ${megabytes(maxBytes)}.`, {
    params: { size: megabytes(maxBytes) },
  });

const notHere = (reason: string, message: string) => new AppError(403, 'FORBIDDEN', message, { params: { reason } });

/**
 * Where an upload goes and how large it may be, from the caller's relationship and the case's state:
 * the complainant into her thread (while a draft or open); a participant into their own share (open);
 * a member into any thread of an open case, or — writing a draft down for a complainant (POSH
 * s.9(1)) — into hers. Refused: 409 `CASE_NOT_OPEN`, 403 `FORBIDDEN_FILE_AUDIENCE`.
 */
function placementOf(c: Pick<OpenCase, 'row' | 'facts' | 'def' | 'caller'>, u: UploadRequest): Placement {
  const rel = (r: string) => c.facts.relations.some((x) => x.relation === r);
  const status = c.row.status;
  const closed = () => new AppError(409, 'CONFLICT', 'The case is closed.', { params: { reason: 'CASE_NOT_OPEN' } });
  let audience: repo.Audience;
  let participant: string | null = null;
  if (rel('COMMITTEE')) {
    if (status === 'DRAFT') {
      if (u.audience && u.audience !== 'COMPLAINANT')
        throw notHere('FORBIDDEN_FILE_AUDIENCE', 'A draft’s files are the complainant’s.');
      audience = 'COMPLAINANT';
    } else {
      if (status !== 'OPEN') throw closed();
      audience = u.audience ?? 'COMMITTEE';
      if (audience === 'PARTICIPANT') {
        if (!u.participantAccountId)
          throw new AppError(400, 'BAD_REQUEST', 'Name the participant the file is for (X-Participant-Id).', {
            params: { reason: 'PARTICIPANT_REQUIRED' },
          });
        participant = u.participantAccountId;
      }
    }
  } else if (rel('COMPLAINANT')) {
    if (status !== 'DRAFT' && status !== 'OPEN') throw closed();
    if (u.audience && u.audience !== 'COMPLAINANT')
      throw notHere('FORBIDDEN_FILE_AUDIENCE', 'Your files go to the committee handling your complaint.');
    audience = 'COMPLAINANT';
  } else {
    if (status !== 'OPEN') throw closed();
    if (u.audience && u.audience !== 'PARTICIPANT')
      throw notHere('FORBIDDEN_FILE_AUDIENCE', 'Your files go to the committee, in your own thread.');
    audience = 'PARTICIPANT';
    participant = c.caller.accountId;
  }
  let maxBytes = CASE_FILE_MAX_BYTES;
  if (u.attributeKey) {
    const a = attributesOf(c.def).find((x) => x.key === u.attributeKey);
    if (a?.type !== 'FILE_UPLOAD') {
      throw new AppError(422, 'VALIDATION_ERROR', 'This form has no such file field.', {
        details: [{ path: 'X-Attribute-Key', message: 'This form has no such file field.', code: 'NOT_A_FILE_FIELD' }],
        params: { reason: 'NOT_A_FILE_FIELD' },
      });
    }
    if (a.settings.maxMegabytes) maxBytes = a.settings.maxMegabytes * MB;
  }
  return { audience, participant, maxBytes };
}

/**
 * Reads a request body into memory, counting what actually arrives: past `maxBytes`, what follows is
 * read and thrown away (so that the browser gets the answer rather than a reset connection, up to a
 * bound), then 413.
 */
export async function readBounded(body: Readable, maxBytes: number): Promise<Buffer> {
  const chunks: Buffer[] = [];
  let seen = 0;
  for await (const chunk of body as AsyncIterable<Buffer>) {
    seen += chunk.length;
    if (seen > maxBytes) {
      chunks.length = 0;
      if (seen > maxBytes * 2 + 8 * MB) {
        body.destroy();
        break;
      }
      continue;
    }
    chunks.push(chunk);
  }
  if (seen > maxBytes) throw fileTooLarge(maxBytes);
  return Buffer.concat(chunks, seen);
}

/** The name a person gave a file: no folders, no control characters, at most 200 characters. */
export function cleanFileName(raw: string): string {
  const base = raw.replaceAll('\\', '/').split('/').pop() ?? '';
  const name = [...base]
    .filter((ch) => ch.charCodeAt(0) > 0x1f && ch.charCodeAt(0) !== 0x7f)
    .join('')
    .trim()
    .slice(-200);
  return name || 'file';
}

/**
 * `POST /case/{id}/file`: a file for the case, checked by size (on the bytes that arrive) and by
 * content, sealed with the data key of its audience before it is stored under a random name; its
 * name and type sealed on the row; its SHA-256 (of the plaintext) in clear. Nothing is stored when
 * it is refused. Two short transactions: the body is never read while one is open.
 */
export async function uploadFile(ctx: Ctx, caseId: string, body: Readable, u: UploadRequest): Promise<TCaseFile> {
  const first = await ctx.tenant(async (tx) => placementOf(await loadCase(ctx, tx, caseId, 'read'), u));
  if (u.contentLength !== null && u.contentLength > first.maxBytes) {
    body.resume();
    throw fileTooLarge(first.maxBytes);
  }
  const data = await readBounded(body, first.maxBytes);
  const contentType = await caseFileTypeOf(data);
  const sha256 = sha256Hex(data);
  const fileId = randomUUID();
  let stored: string | null = null;
  try {
    return await withCase(
      ctx,
      caseId,
      'read',
      async (c) => {
        const p = placementOf(c, u);
        if (data.length > p.maxBytes) throw fileTooLarge(p.maxBytes);
        const scope = scopeOf(p.audience);
        const sealedBody = c.ring!.seal(scope, p.participant, fileBodyContext(c, fileId), data);
        const meta = c.ring!.sealJson(scope, p.participant, fileMetaContext(c, fileId), {
          name: cleanFileName(u.fileName),
          contentType,
        } satisfies FileMeta);
        // A random name in the case's folder: the person's file name is sealed, never in the key.
        const key = newFileKey(c.row.workspaceId, `cases/${c.row.id}`, `${fileId}.sealed`, ctx.clock.now());
        await ctx.storage.put(key, sealedBody.sealed, { contentType: 'application/octet-stream' });
        stored = key;
        await repo.insertFile(c.tx, {
          id: fileId,
          workspaceId: c.row.workspaceId,
          caseId: c.row.id,
          audience: p.audience,
          participantAccountId: p.participant,
          dataKeyId: sealedBody.dataKeyId,
          storageKey: key,
          sealedMeta: meta.sealed,
          sizeBytes: data.length,
          sha256,
          uploadedBy: c.caller.accountId,
        });
        await c.trail('case.file_uploaded', { type: 'file', id: fileId });
        const row = await repo.file(c.tx, c.row.workspaceId, c.row.id, fileId);
        return fileView(c, row!)!;
      },
      { keys: true, trailAction: null },
    );
  } catch (err) {
    if (stored) await deleteStoredFile(ctx, stored);
    throw err;
  } finally {
    wipe(data);
  }
}

const fileNotFound = () =>
  new AppError(404, 'NOT_FOUND', 'The file was not found.', { params: { reason: 'CASE_FILE_NOT_FOUND' } });

/** A file opened for its reader: its name, type and bytes (wipe them once sent). */
export type OpenedFile = { name: string; contentType: string; data: Buffer };

/**
 * `GET /case/{id}/file/{fileId}`: the file decrypted for a reader whose audience includes it (else
 * 404, as for a file that does not exist); the read is written in the case's trail.
 */
export function readFile(ctx: Ctx, caseId: string, fileId: string): Promise<OpenedFile> {
  return withCase(
    ctx,
    caseId,
    'read',
    async (c) => {
      const row = await repo.file(c.tx, c.row.workspaceId, c.row.id, fileId);
      const meta = row
        ? c.ring!.openJson<FileMeta>(row.dataKeyId, fileMetaContext(c, row.id), Buffer.from(row.sealedMeta, 'hex'))
        : null;
      if (!row || !meta) throw fileNotFound();
      const stored = await ctx.storage.get(row.storageKey);
      if (!stored) throw new Error(`case file ${row.id}: the stored body is missing`);
      const sealed = Buffer.concat(await stored.stream.toArray());
      const data = c.ring!.open(row.dataKeyId, fileBodyContext(c, row.id), sealed);
      if (!data) throw fileNotFound();
      await c.trail('case.file_read', { type: 'file', id: row.id });
      return { name: meta.name, contentType: meta.contentType, data };
    },
    { keys: true, trailAction: null },
  );
}

/**
 * `POST /case/{id}/file/delete/{fileId}`: the caller takes back a file they uploaded that nothing
 * uses yet (a draft's upload removed); its body is deleted from storage once the change is committed.
 */
export async function deleteUpload(ctx: Ctx, caseId: string, fileId: string): Promise<{ deleted: true }> {
  const key = await withCase(
    ctx,
    caseId,
    'read',
    async (c) => {
      const row = await repo.file(c.tx, c.row.workspaceId, c.row.id, fileId);
      if (!row || row.uploadedBy !== c.caller.accountId) throw fileNotFound();
      if (row.itemId !== null) {
        throw new AppError(409, 'CONFLICT', 'This file is part of what was sent and stays with the case.', {
          params: { reason: 'CASE_FILE_ATTACHED' },
        });
      }
      const k = await repo.deleteUnattachedFile(c.tx, c.row.workspaceId, c.row.id, fileId);
      if (!k) throw fileNotFound();
      await c.trail('case.file_deleted', { type: 'file', id: fileId });
      return k;
    },
    // Not locked: the complainant of an open case may not lock its row (FOR UPDATE needs the right to change it).
    { trailAction: null },
  );
  await deleteStoredFile(ctx, key);
  return { deleted: true };
}
