import { createHmac, randomBytes, timingSafeEqual } from 'node:crypto';
import { createReadStream, createWriteStream } from 'node:fs';
import { mkdir, readFile, rename, rm, stat, writeFile } from 'node:fs/promises';
import path from 'node:path';
import { Readable } from 'node:stream';
import { pipeline } from 'node:stream/promises';
import {
  DeleteObjectCommand,
  GetObjectCommand,
  HeadObjectCommand,
  PutObjectCommand,
  S3Client,
  S3ServiceException,
} from '@aws-sdk/client-s3';
import { getSignedUrl } from '@aws-sdk/s3-request-presigner';
import type { FastifyBaseLogger } from 'fastify';
import type { S3Config, StorageConfig } from './config.ts';
import { AppError } from './errors.ts';

/**
 * A stored file as read back: its bytes as a stream, and what they are. `size` is always the whole
 * file's; when a range was asked for, `range` says which bytes (inclusive) the stream carries.
 */
export type StoredFile = {
  stream: Readable;
  contentType: string;
  size: number;
  range?: { start: number; end: number };
};

/**
 * Bytes asked for (an HTTP `Range: bytes=…` of one range): from `start` to `end` inclusive (to the
 * end of the file when `end` is missing or past it), or the last `suffix` bytes.
 */
export type ByteRange = { start: number; end?: number } | { suffix: number };

/** The inclusive bytes `range` names in a file of `size` bytes, or null when it names none (416). */
export function resolveRange(range: ByteRange, size: number): { start: number; end: number } | null {
  if ('suffix' in range) {
    if (range.suffix <= 0 || size === 0) return null;
    return { start: Math.max(0, size - range.suffix), end: size - 1 };
  }
  if (range.start >= size || (range.end !== undefined && range.end < range.start)) return null;
  return { start: range.start, end: Math.min(range.end ?? size - 1, size - 1) };
}

/** 416: the range asked for lies outside the file; `Content-Range: bytes *\/<size>` says its size. */
export function rangeNotSatisfiable(size: number): AppError {
  return new AppError(416, 'RANGE_NOT_SATISFIABLE', 'The requested part of the file does not exist.', {
    headers: { 'content-range': `bytes */${size}`, 'accept-ranges': 'bytes' },
  });
}

/**
 * The one place files (logos, profile images, uploaded spreadsheets, reports) are kept. Keys are
 * made by `newFileKey`; callers never build paths or bucket URLs themselves.
 */
export interface Storage {
  readonly driver: 'local' | 's3';
  /** Stores `body` under `key`, replacing what was there. */
  put(key: string, body: Buffer | Readable, opts: { contentType: string }): Promise<void>;
  /**
   * The file under `key`, or null when there is none; with `range`, only those bytes (throws 416
   * `RANGE_NOT_SATISFIABLE` when the range lies outside the file).
   */
  get(key: string, opts?: { range?: ByteRange }): Promise<StoredFile | null>;
  /** Removes the file under `key`; removing a missing file is not an error. */
  delete(key: string): Promise<void>;
  /**
   * A URL that downloads the file for `ttlSeconds`: `/files/<key>?exp&sig` on this server (local
   * disk), or a presigned URL of the bucket (S3).
   */
  downloadUrl(key: string, ttlSeconds: number): Promise<string>;
  /**
   * A presigned URL the browser may PUT the file to directly (S3 only; null on local disk, where
   * uploads go through the API). The size is checked again when the upload is used.
   */
  uploadUrl(key: string, opts: { contentType: string; ttlSeconds: number }): Promise<string | null>;
}

/** One key segment: starts with a letter or digit (so never `.`/`..`), then a short safe alphabet. */
const SEGMENT = /^[A-Za-z0-9][A-Za-z0-9._-]{0,199}$/;

/** Throws unless `key` is a storage key this module could have made (no traversal, no odd bytes). */
export function assertSafeKey(key: string): string {
  const segments = key.split('/');
  if (key.length > 600 || segments.length < 2 || !segments.every((s) => SEGMENT.test(s) && !s.includes('..'))) {
    throw new AppError(400, 'BAD_FILE_KEY', 'That is not a valid file name.');
  }
  return key;
}

/** A file name reduced to letters, digits, dots, dashes and underscores (at most 80 characters). */
export function safeFileName(original: string): string {
  const base = path.basename(original.replaceAll('\\', '/'));
  const cleaned = base
    .normalize('NFKD')
    .replace(/[\u0300-\u036f]/g, '')
    .replace(/[^A-Za-z0-9._-]+/g, '-')
    .replace(/\.{2,}/g, '.')
    .replace(/-{2,}/g, '-')
    .replace(/^[^A-Za-z0-9]+/, '')
    .slice(-80);
  return cleaned.length > 0 ? cleaned : 'file';
}

/** `yyyyMMddHHmmss` in UTC: the timestamp prefix of stored file names (spec §5). */
export function timestampPrefix(now: Date): string {
  return now.toISOString().replace(/\D/g, '').slice(0, 14);
}

/**
 * A new key for an uploaded file: `<workspaceId>/<area>/<yyyyMMddHHmmss>-<random>-<safe name>`.
 * The random part keeps two uploads of the same name in the same second apart.
 */
export function newFileKey(workspaceId: string, area: string, originalName: string, now = new Date()): string {
  const name = `${timestampPrefix(now)}-${randomBytes(4).toString('hex')}-${safeFileName(originalName)}`;
  return assertSafeKey(`${workspaceId}/${area}/${name}`);
}

/** The signature of a local download URL: HMAC-SHA256 over `key|exp` with the server's secret. */
function signature(secret: string, key: string, exp: number): string {
  return createHmac('sha256', secret).update(`files|${key}|${exp}`).digest('base64url');
}

/**
 * `/files/<key>?exp=…&sig=…`, valid until `exp` (Unix seconds): at least `ttlSeconds` from now
 * (rounded up to the next whole second, never down).
 */
export function signFileUrl(secret: string, key: string, ttlSeconds: number, now = Date.now()): string {
  const exp = Math.ceil((now + Math.max(1, Math.floor(ttlSeconds)) * 1000) / 1000);
  return `/files/${key}?exp=${exp}&sig=${signature(secret, key, exp)}`;
}

/** Whether `sig` is this server's signature of `key` until `exp`, and `exp` has not passed. */
export function verifyFileUrl(secret: string, key: string, exp: string, sig: string, now = Date.now()): boolean {
  if (!/^\d{1,12}$/.test(exp) || Number(exp) * 1000 < now) return false;
  const expected = Buffer.from(signature(secret, key, Number(exp)));
  const given = Buffer.from(sig);
  return expected.length === given.length && timingSafeEqual(expected, given);
}

/** The time download and upload URLs are signed at (ms since the epoch); tests pass their own. */
export type SigningClock = () => number;

/** Files on local disk under `root`, with a JSON sidecar per file under `root/.meta` for its type. */
export function localStorage(root: string, secret: string, now: SigningClock = Date.now): Storage {
  const fileOf = (key: string) => path.join(root, assertSafeKey(key));
  // Key segments never start with a dot, so `.meta` cannot clash with a stored file.
  const metaOf = (key: string) => path.join(root, '.meta', `${assertSafeKey(key)}.json`);
  return {
    driver: 'local',
    async put(key, body, { contentType }) {
      const file = fileOf(key);
      await mkdir(path.dirname(file), { recursive: true });
      await mkdir(path.dirname(metaOf(key)), { recursive: true });
      // Write aside, then rename: a reader never sees half a file.
      const tmp = `${file}.${randomBytes(6).toString('hex')}.part`;
      try {
        if (Buffer.isBuffer(body)) await writeFile(tmp, body);
        else await pipeline(body, createWriteStream(tmp));
        const { size } = await stat(tmp);
        await writeFile(metaOf(key), JSON.stringify({ contentType, size }));
        await rename(tmp, file);
      } catch (err) {
        await rm(tmp, { force: true });
        throw err;
      }
    },
    async get(key, opts) {
      let meta: { contentType: string; size: number };
      try {
        meta = JSON.parse(await readFile(metaOf(key), 'utf8'));
        await stat(fileOf(key));
      } catch (err) {
        if ((err as NodeJS.ErrnoException).code === 'ENOENT') return null;
        throw err;
      }
      if (opts?.range) {
        const range = resolveRange(opts.range, meta.size);
        if (!range) throw rangeNotSatisfiable(meta.size);
        return { stream: createReadStream(fileOf(key), range), contentType: meta.contentType, size: meta.size, range };
      }
      return { stream: createReadStream(fileOf(key)), contentType: meta.contentType, size: meta.size };
    },
    async delete(key) {
      await rm(fileOf(key), { force: true });
      await rm(metaOf(key), { force: true });
    },
    async downloadUrl(key, ttlSeconds) {
      return signFileUrl(secret, assertSafeKey(key), ttlSeconds, now());
    },
    async uploadUrl() {
      return null;
    },
  };
}

/** Files in an S3-compatible bucket, downloaded and uploaded through presigned URLs. */
export function s3Storage(cfg: S3Config, now: SigningClock = Date.now): Storage {
  const client = new S3Client({
    region: cfg.region,
    forcePathStyle: cfg.forcePathStyle,
    ...(cfg.endpoint ? { endpoint: cfg.endpoint } : {}),
    ...(cfg.credentials ? { credentials: cfg.credentials } : {}),
  });
  const Bucket = cfg.bucket;
  const missing = (err: unknown) =>
    err instanceof S3ServiceException && (err.name === 'NoSuchKey' || err.$metadata.httpStatusCode === 404);
  return {
    driver: 's3',
    async put(key, body, { contentType }) {
      // Uploads are size-limited before they get here, so a stream is gathered: S3 needs a length.
      const bytes = Buffer.isBuffer(body) ? body : Buffer.concat(await body.toArray());
      await client.send(
        new PutObjectCommand({ Bucket, Key: assertSafeKey(key), Body: bytes, ContentType: contentType }),
      );
    },
    async get(key, opts) {
      const Key = assertSafeKey(key);
      try {
        let Range: string | undefined;
        if (opts?.range) {
          // The bucket resolves a range itself, but says only "416" when it names nothing, and
          // differs between servers on ranges that run past the end: resolved here on the size.
          const head = await client.send(new HeadObjectCommand({ Bucket, Key }));
          const size = head.ContentLength ?? 0;
          const range = resolveRange(opts.range, size);
          if (!range) throw rangeNotSatisfiable(size);
          Range = `bytes=${range.start}-${range.end}`;
        }
        const res = await client.send(new GetObjectCommand({ Bucket, Key, ...(Range ? { Range } : {}) }));
        const body = res.Body;
        if (!body) return null;
        const stream = body instanceof Readable ? body : Readable.from(await body.transformToByteArray());
        const contentType = res.ContentType ?? 'application/octet-stream';
        const m = Range ? /^bytes (\d+)-(\d+)\/(\d+)$/.exec(res.ContentRange ?? '') : null;
        if (m) return { stream, contentType, size: Number(m[3]), range: { start: Number(m[1]), end: Number(m[2]) } };
        return { stream, contentType, size: res.ContentLength ?? 0 };
      } catch (err) {
        if (missing(err)) return null;
        throw err;
      }
    },
    async delete(key) {
      await client.send(new DeleteObjectCommand({ Bucket, Key: assertSafeKey(key) }));
    },
    async downloadUrl(key, ttlSeconds) {
      return getSignedUrl(client, new GetObjectCommand({ Bucket, Key: assertSafeKey(key) }), {
        expiresIn: Math.max(1, Math.floor(ttlSeconds)),
        signingDate: new Date(now()),
      });
    },
    async uploadUrl(key, { contentType, ttlSeconds }) {
      return getSignedUrl(client, new PutObjectCommand({ Bucket, Key: assertSafeKey(key), ContentType: contentType }), {
        expiresIn: Math.max(1, Math.floor(ttlSeconds)),
        signingDate: new Date(now()),
      });
    },
  };
}

/** The configured storage: S3 when a bucket is set, else local disk. URLs are signed at `now()`. */
export function createStorage(cfg: StorageConfig, secret: string, now: SigningClock = Date.now): Storage {
  return cfg.s3 ? s3Storage(cfg.s3, now) : localStorage(cfg.dir, secret, now);
}

/** How long a download URL handed out in an API answer (a profile image, say) works. */
export const READ_URL_TTL_SECONDS = 3600;

/** A short-lived download URL for the file under `key`; null when there is no key. */
export async function fileUrlOrNull(storage: Storage, key: string | null): Promise<string | null> {
  return key ? storage.downloadUrl(key, READ_URL_TTL_SECONDS) : null;
}

/** What deleting a file needs of a request (or a job). */
export type FileCtx = { storage: Storage; log: FastifyBaseLogger; traceId: string };

/**
 * Deletes a stored file, logging rather than failing: used once the database no longer points at
 * it, when a leftover file is a smaller harm than failing a change that has been made.
 */
export async function deleteStoredFile(ctx: FileCtx, key: string): Promise<void> {
  try {
    await ctx.storage.delete(key);
  } catch (err) {
    ctx.log.warn({ err, key, traceId: ctx.traceId }, 'could not delete a stored file');
  }
}
