import type { FastifyRequest } from 'fastify';
import { fileTypeFromBuffer } from 'file-type';
import sharp from 'sharp';
import { AppError } from './errors.ts';

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
  if (upload.data.length === 0) throw new AppError(400, 'NO_FILE', 'The file is empty.');
  return upload;
}

/** The client error for a failed multipart read (our own errors pass through). */
function uploadError(err: unknown, maxBytes: number): AppError {
  if (err instanceof AppError) return err;
  const code = (err as { code?: string }).code;
  if (code === 'FST_REQ_FILE_TOO_LARGE') {
    return new AppError(413, 'FILE_TOO_LARGE', `The file is larger than ${megabytes(maxBytes)}.`);
  }
  if (code === 'FST_FILES_LIMIT' || code === 'FST_PARTS_LIMIT' || code === 'FST_FIELDS_LIMIT') {
    return new AppError(400, 'TOO_MANY_FILES', 'Send one file at a time.');
  }
  // Anything else came from parsing the client's body (busboy: "Unexpected end of form",
  // "Malformed part header"…): the request is at fault, not the server.
  return new AppError(400, 'BAD_UPLOAD', 'The upload could not be read. Try again.');
}

/**
 * Checks that `data` is a PNG, JPEG or WebP image by its bytes (not its name), then re-encodes it
 * as PNG no larger than `maxPixels` on either side. Re-encoding drops metadata (location,
 * camera) and anything hidden after the image data.
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
