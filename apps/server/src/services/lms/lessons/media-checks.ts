import { fileTypeFromBuffer } from 'file-type';
import sharp from 'sharp';
import { AppError } from '../../../core/errors.ts';
import type { Storage } from '../../../core/storage.ts';
import { ArchiveError, countInflated, readCentralDirectory } from '../../../core/xlsx-archive.ts';
import { probeVideoSeconds } from './video-duration.ts';

/** What an upload is for; each kind has its own types and size (docs/learning-design.md §4). */
export type MediaKind = 'IMAGE' | 'VIDEO' | 'CAPTIONS' | 'RESOURCE' | 'COVER';

const MB = 1024 * 1024;

/** The types (by content) and largest size of each kind, and how the types are named to people. */
export const MEDIA_RULES: Record<MediaKind, { maxBytes: number; types: readonly string[]; allowed: string }> = {
  IMAGE: { maxBytes: 10 * MB, types: ['image/png', 'image/jpeg', 'image/webp'], allowed: 'PNG, JPEG, WebP' },
  COVER: { maxBytes: 10 * MB, types: ['image/png', 'image/jpeg', 'image/webp'], allowed: 'PNG, JPEG, WebP' },
  VIDEO: { maxBytes: 500 * MB, types: ['video/mp4', 'video/webm'], allowed: 'MP4, WebM' },
  CAPTIONS: { maxBytes: 1 * MB, types: ['text/vtt'], allowed: 'WebVTT' },
  RESOURCE: {
    maxBytes: 50 * MB,
    types: [
      'application/pdf',
      'application/vnd.openxmlformats-officedocument.wordprocessingml.document',
      'application/vnd.openxmlformats-officedocument.spreadsheetml.sheet',
      'application/vnd.openxmlformats-officedocument.presentationml.presentation',
      'image/png',
      'image/jpeg',
    ],
    allowed: 'PDF, DOCX, XLSX, PPTX, PNG, JPEG',
  },
};

/** The main part each OOXML type must declare in its `[Content_Types].xml`. */
const OOXML_MAIN: Record<string, string> = {
  'application/vnd.openxmlformats-officedocument.wordprocessingml.document':
    'application/vnd.openxmlformats-officedocument.wordprocessingml.document.main+xml',
  'application/vnd.openxmlformats-officedocument.spreadsheetml.sheet':
    'application/vnd.openxmlformats-officedocument.spreadsheetml.sheet.main+xml',
  'application/vnd.openxmlformats-officedocument.presentationml.presentation':
    'application/vnd.openxmlformats-officedocument.presentationml.presentation.main+xml',
};

/** File name endings stored for each accepted type (the stored name never keeps the client's). */
export const EXTENSION_OF: Record<string, string> = {
  'image/png': 'png',
  'image/jpeg': 'jpg',
  'image/webp': 'webp',
  'video/mp4': 'mp4',
  'video/webm': 'webm',
  'text/vtt': 'vtt',
  'application/pdf': 'pdf',
  'application/vnd.openxmlformats-officedocument.wordprocessingml.document': 'docx',
  'application/vnd.openxmlformats-officedocument.spreadsheetml.sheet': 'xlsx',
  'application/vnd.openxmlformats-officedocument.presentationml.presentation': 'pptx',
};

/** Images are kept at most this many pixels on either side (covers less). */
const IMAGE_MAX_SIDE: Record<'IMAGE' | 'COVER' | 'RESOURCE', number> = { IMAGE: 2560, COVER: 1600, RESOURCE: 4096 };
/** Largest image accepted, in pixels, read from the header before anything is decoded. */
const MAX_INPUT_PIXELS = 40_000_000;
/** Bytes read to tell a video's type (its container header). */
const SNIFF_BYTES = 64 * 1024;
/** `[Content_Types].xml` is a few kilobytes; more is not an Office file. */
const CONTENT_TYPES_MAX_BYTES = 256 * 1024;

const megabytes = (bytes: number) => `${Math.round((bytes / MB) * 10) / 10} MB`;

/** 413 `FILE_TOO_LARGE`: the bytes received are more than `kind` allows. */
export function fileTooLarge(kind: MediaKind): AppError {
  const size = megabytes(MEDIA_RULES[kind].maxBytes);
  return new AppError(413, 'FILE_TOO_LARGE', `The file is larger than ${size}.`, { params: { size } });
}

/** 415 `FILE_TYPE_NOT_ALLOWED`: the content is not one of the types `kind` allows. */
export function fileTypeNotAllowed(kind: MediaKind, found?: string): AppError {
  const { allowed } = MEDIA_RULES[kind];
  return new AppError(
    415,
    'FILE_TYPE_NOT_ALLOWED',
    `This file is not allowed here${found ? ` (it is ${found})` : ''}. Upload one of: ${allowed}.`,
    { params: { allowed, ...(found ? { type: found } : {}) } },
  );
}

/** A checked upload: its type (by content), and new bytes to store in its place (re-encoded images). */
export type CheckedMedia = { contentType: string; extension: string; replacement: Buffer | null };

/** Reads what a check needs of an uploaded file: its size as received, its first bytes, all of it. */
export type UploadedBytes = {
  size: number;
  head: (bytes: number) => Promise<Buffer>;
  whole: () => Promise<Buffer>;
  /** `length` bytes at `offset` (fewer at the end): a container's headers, read by range. */
  at: (offset: number, length: number) => Promise<Buffer>;
};

/** `UploadedBytes` over a buffer (tests, and files already read). */
export function bytesOf(data: Buffer): UploadedBytes {
  return {
    size: data.length,
    head: async (n) => data.subarray(0, n),
    whole: async () => data,
    at: async (offset, length) => data.subarray(offset, offset + length),
  };
}

/** `UploadedBytes` over a stored file: its size as stored, read by range for the head. */
export async function storedBytes(storage: Storage, key: string): Promise<UploadedBytes | null> {
  const file = await storage.get(key);
  if (!file) return null;
  file.stream.destroy();
  const read = async (range?: { start: number; end: number }) => {
    const got = await storage.get(key, range ? { range } : {});
    if (!got) throw new AppError(404, 'NOT_FOUND', 'The file was not found.', { params: { reason: 'FILE_NOT_FOUND' } });
    return Buffer.concat(await got.stream.toArray());
  };
  return {
    size: file.size,
    head: (n) =>
      file.size === 0 ? Promise.resolve(Buffer.alloc(0)) : read({ start: 0, end: Math.min(n, file.size) - 1 }),
    whole: () => read(),
    at: (offset, length) =>
      offset >= file.size || length <= 0
        ? Promise.resolve(Buffer.alloc(0))
        : read({ start: offset, end: Math.min(offset + length, file.size) - 1 }),
  };
}

/** A video's length in whole seconds, read from its container by range (null: it does not say). */
export function videoSecondsOf(file: UploadedBytes): Promise<number | null> {
  return probeVideoSeconds({ size: file.size, read: file.at });
}

/** 400 `VIDEO_LENGTH_UNKNOWN`: the container does not say how long the video is. */
export function videoLengthUnknown(): AppError {
  return new AppError(
    400,
    'VIDEO_LENGTH_UNKNOWN',
    'The length of this video cannot be read from the file. Export it again as MP4 or WebM (most editors and converters write the length), then upload it.',
  );
}

/**
 * Checks an uploaded file for `kind` by its bytes, never its name or declared type: the size is the
 * size received; the type is what `file-type` reads in the content (WebVTT: UTF-8 text starting
 * `WEBVTT`; Office files: a zip whose `[Content_Types].xml` declares the right main part). Images
 * are re-encoded (dropping metadata and anything hidden after the pixels).
 */
export async function checkMedia(kind: MediaKind, file: UploadedBytes): Promise<CheckedMedia> {
  const rules = MEDIA_RULES[kind];
  if (file.size > rules.maxBytes) throw fileTooLarge(kind);
  if (file.size === 0) {
    throw new AppError(400, 'NO_FILE', 'The file is empty.', { params: { reason: 'FILE_EMPTY' } });
  }
  if (kind === 'CAPTIONS') {
    checkWebVtt(await file.whole());
    return { contentType: 'text/vtt', extension: 'vtt', replacement: null };
  }
  // Small kinds are read whole (they are re-encoded or unzipped); a video only by its header.
  const data = kind === 'VIDEO' ? await file.head(SNIFF_BYTES) : await file.whole();
  if (data.length > rules.maxBytes) throw fileTooLarge(kind);
  const found = await fileTypeFromBuffer(data);
  const mime = found?.mime ?? '';
  if (!rules.types.includes(mime)) throw fileTypeNotAllowed(kind, found?.ext.toUpperCase());
  if (OOXML_MAIN[mime]) await checkOoxml(kind, data, mime);
  const extension = EXTENSION_OF[mime] ?? 'bin';
  if (mime.startsWith('image/') && kind !== 'RESOURCE') {
    return {
      contentType: mime,
      extension,
      replacement: await reencodeImage(data, mime, IMAGE_MAX_SIDE[kind as 'IMAGE' | 'COVER']),
    };
  }
  return { contentType: mime, extension, replacement: null };
}

/** WebVTT: UTF-8 text (an optional byte-order mark), starting `WEBVTT` then a space, tab or line end. */
function checkWebVtt(data: Buffer): void {
  let text: string;
  try {
    text = new TextDecoder('utf-8', { fatal: true }).decode(data);
  } catch {
    throw fileTypeNotAllowed('CAPTIONS');
  }
  if (!/^\uFEFF?WEBVTT(?:[ \t\r\n]|$)/.test(text) || text.includes('\u0000')) throw fileTypeNotAllowed('CAPTIONS');
}

/**
 * An Office file is a zip (read with the checked central-directory reader of `core/xlsx-archive.ts`)
 * whose `[Content_Types].xml` declares the main part of the type `file-type` saw: a macro-enabled
 * document, or any other package dressed as one, is refused.
 */
async function checkOoxml(kind: MediaKind, data: Buffer, mime: string): Promise<void> {
  const refused = () => fileTypeNotAllowed(kind, 'ZIP');
  try {
    const entry = readCentralDirectory(data).find((e) => e.name === '[Content_Types].xml');
    if (!entry || entry.uncompressedSize > CONTENT_TYPES_MAX_BYTES) throw refused();
    const chunks: Buffer[] = [];
    await countInflated(
      data.subarray(entry.dataStart, entry.dataEnd),
      entry.method,
      entry.uncompressedSize,
      refused,
      (c) => {
        chunks.push(Buffer.from(c));
        return undefined;
      },
    );
    const xml = Buffer.concat(chunks).toString('utf8');
    const declared = [...xml.matchAll(/\bContentType\s*=\s*"([^"]+)"/g)].map((m) => m[1]);
    const main = OOXML_MAIN[mime];
    if (!declared.includes(main) || declared.some((t) => /macroEnabled/i.test(t ?? ''))) throw refused();
  } catch (err) {
    if (err instanceof AppError) throw err;
    if (err instanceof ArchiveError || err instanceof RangeError) throw refused();
    throw err;
  }
}

/**
 * Re-encodes an image in its own format, at most `maxSide` pixels on either side, after checking
 * its declared size (a small file can claim a huge image). Drops metadata (location, camera).
 */
async function reencodeImage(data: Buffer, mime: string, maxSide: number): Promise<Buffer> {
  const { width = 0, height = 0 } = await sharp(data, { limitInputPixels: false })
    .metadata()
    .catch(() => ({ width: 0, height: 0 }));
  if (width * height > MAX_INPUT_PIXELS) {
    throw new AppError(
      400,
      'IMAGE_TOO_LARGE',
      `The image is ${width} × ${height} pixels; use one of at most ${MAX_INPUT_PIXELS / 1_000_000} megapixels.`,
      { params: { width, height, megapixels: MAX_INPUT_PIXELS / 1_000_000 } },
    );
  }
  try {
    const img = sharp(data, { limitInputPixels: MAX_INPUT_PIXELS, failOn: 'error' })
      .rotate()
      .resize({ width: maxSide, height: maxSide, fit: 'inside', withoutEnlargement: true });
    if (mime === 'image/jpeg') return await img.jpeg({ quality: 85, mozjpeg: true }).toBuffer();
    if (mime === 'image/webp') return await img.webp({ quality: 85 }).toBuffer();
    return await img.png({ compressionLevel: 9 }).toBuffer();
  } catch {
    throw new AppError(400, 'BAD_IMAGE', 'The image could not be read; it may be damaged or too large.');
  }
}
