import type { FastifyRequest } from 'fastify';
import { fileTypeFromBuffer } from 'file-type';
import sharp from 'sharp';
import { AppError } from './errors.ts';
import { deleteStoredFile, type FileCtx, newFileKey } from './storage.ts';

/** An uploaded file, read whole (uploads are size-limited first). */
export type Upload = { data: Buffer; filename: string };

/** Image types accepted for logos and profile images, told apart by their bytes. */
const IMAGE_TYPES = ['image/png', 'image/jpeg', 'image/webp'] as const;

/** Largest image accepted, in pixels (width × height), so that a tiny file cannot expand into gigabytes. */
const MAX_INPUT_PIXELS = 40_000_000;

const megabytes = (bytes: number) => `${Math.round((bytes / 1_048_576) * 10) / 10} MB`;

/**
 * Reads the one file of a multipart request (the route registers @fastify/multipart with its
 * limits). Refuses a request that is not multipart (415), holds no file (400) or a file over
 * `maxBytes` (413).
 */
export async function readSingleUpload(req: FastifyRequest, maxBytes: number): Promise<Upload> {
  if (!req.isMultipart()) {
    throw new AppError(415, 'UNSUPPORTED_MEDIA_TYPE', 'Send the file as multipart/form-data.');
  }
  let upload: Upload | null = null;
  try {
    // Every part is read, so that a second file is refused rather than silently ignored.
    for await (const part of req.parts({ limits: { fileSize: maxBytes, files: 1, fields: 5, parts: 6 } })) {
      if (part.type !== 'file') continue;
      const data = await part.toBuffer();
      upload = { data, filename: part.filename || 'upload' };
    }
  } catch (err) {
    throw uploadError(err, maxBytes);
  }
  if (!upload) throw new AppError(400, 'NO_FILE', 'Choose a file to upload.');
  if (upload.data.length === 0)
    throw new AppError(400, 'NO_FILE', 'The file is empty.', { params: { reason: 'FILE_EMPTY' } });
  return upload;
}

/** The client error for a failed multipart read (our own errors pass through). */
function uploadError(err: unknown, maxBytes: number): AppError {
  if (err instanceof AppError) return err;
  const code = (err as { code?: string }).code;
  if (code === 'FST_REQ_FILE_TOO_LARGE') {
    return new AppError(413, 'FILE_TOO_LARGE', `The file is larger than ${megabytes(maxBytes)}.`, {
      params: { size: megabytes(maxBytes) },
    });
  }
  if (code === 'FST_FILES_LIMIT' || code === 'FST_PARTS_LIMIT' || code === 'FST_FIELDS_LIMIT') {
    return new AppError(400, 'TOO_MANY_FILES', 'Send one file at a time.');
  }
  // Anything else came from parsing the client's body (busboy: "Unexpected end of form",
  // "Malformed part header"…): the request is at fault, not the server.
  return new AppError(400, 'BAD_UPLOAD', 'The upload could not be read. Try again.');
}

/**
 * Checks that `data` is a PNG, JPEG or WebP image by its bytes (not its name) and that its declared
 * size stays under 40 megapixels (read from the header, before anything is decoded: a small file
 * can claim a huge image), then re-encodes it as PNG no larger than `maxPixels` on either side.
 * Re-encoding drops metadata (location, camera) and anything hidden after the image data.
 */
export async function normaliseImage(
  data: Buffer,
  maxPixels: number,
): Promise<{ data: Buffer; contentType: 'image/png'; width: number; height: number }> {
  const type = await fileTypeFromBuffer(data);
  if (!type || !(IMAGE_TYPES as readonly string[]).includes(type.mime)) {
    throw new AppError(
      415,
      'UNSUPPORTED_FILE_TYPE',
      `Upload a PNG, JPEG or WebP image${type ? ` (this file is ${type.ext.toUpperCase()})` : ''}.`,
      { params: { reason: 'NOT_AN_IMAGE', ...(type ? { type: type.ext.toUpperCase() } : {}) } },
    );
  }
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
    const { data: out, info } = await sharp(data, { limitInputPixels: MAX_INPUT_PIXELS, failOn: 'error' })
      .rotate()
      .resize({ width: maxPixels, height: maxPixels, fit: 'inside', withoutEnlargement: true })
      .png({ compressionLevel: 9 })
      .toBuffer({ resolveWithObject: true });
    return { data: out, contentType: 'image/png', width: info.width, height: info.height };
  } catch {
    throw new AppError(400, 'BAD_IMAGE', 'The image could not be read; it may be damaged or too large.');
  }
}

/** A checked, resized image as stored: its key and what it became. */
export type StoredImage = { key: string; width: number; height: number; bytes: number };

/**
 * Checks and resizes an uploaded image (`normaliseImage`), stores it as PNG under a new
 * timestamped key in `<workspaceId>/<area>/`, then runs `record`: the database change, which
 * answers its result and the key it replaced. The new file is removed if `record` fails, the
 * replaced one once it has succeeded (so nobody is ever left pointing at a missing file).
 */
export async function storeImage<T>(
  ctx: FileCtx,
  opts: { workspaceId: string; area: string; upload: Upload; maxPixels: number },
  record: (image: StoredImage) => Promise<{ result: T; replaced: string | null }>,
): Promise<T> {
  const image = await normaliseImage(opts.upload.data, opts.maxPixels);
  const name = opts.upload.filename.replace(/\.[A-Za-z0-9]{1,5}$/, '');
  const key = newFileKey(opts.workspaceId, opts.area, `${name}.png`);
  await ctx.storage.put(key, image.data, { contentType: image.contentType });
  let done: { result: T; replaced: string | null };
  try {
    done = await record({ key, width: image.width, height: image.height, bytes: image.data.length });
  } catch (err) {
    await deleteStoredFile(ctx, key);
    throw err;
  }
  if (done.replaced && done.replaced !== key) await deleteStoredFile(ctx, done.replaced);
  return done.result;
}
