import type { FastifyPluginAsync, FastifyReply, FastifyRequest } from 'fastify';
import type { Deps } from './context.ts';
import { AppError, errors } from './errors.ts';
import { assertSafeKey, type ByteRange, type StoredFile, verifyFileUrl } from './storage.ts';

/** Image types a browser may show inline; everything else is sent as a download. */
const INLINE_TYPES = new Set(['image/png', 'image/jpeg', 'image/webp', 'image/gif']);
/** Video and captions a lesson plays inline (`<video>`, `<track>`); sandboxed and never sniffed like the rest. */
const INLINE_MEDIA_TYPES = new Set(['video/mp4', 'video/webm', 'text/vtt']);

/**
 * The one byte range a request asks for (`Range: bytes=a-b`, `bytes=a-`, `bytes=-n`), as
 * `Storage.get` options. Anything else — no header, another unit, several ranges, a malformed
 * value — asks for the whole file, which RFC 9110 allows a server to answer with (200).
 */
export function requestedRange(req: FastifyRequest): { range?: ByteRange } {
  const header = req.headers.range;
  const m = typeof header === 'string' ? /^bytes=(\d{0,15})-(\d{0,15})$/.exec(header.trim()) : null;
  if (!m) return {};
  const [, from = '', to = ''] = m;
  if (from === '' && to === '') return {};
  if (from === '') return { range: { suffix: Number(to) } };
  return { range: to === '' ? { start: Number(from) } : { start: Number(from), end: Number(to) } };
}

/**
 * `GET /files/<key>?exp=…&sig=…`: downloads through a short-lived signed URL (local-disk storage).
 * Outside /api: the signature, not a session, is the permission.
 */
export const filesRoutes: FastifyPluginAsync<{ deps: Deps }> = async (app, { deps }) => {
  app.get('/files/*', { schema: { hide: true } }, async (req, reply) => {
    const key = (req.params as { '*': string })['*'];
    const { exp, sig } = req.query as { exp?: unknown; sig?: unknown };
    const refused = () =>
      new AppError(403, 'BAD_FILE_SIGNATURE', 'This download link is not valid or has expired. Ask for a new one.');
    if (typeof exp !== 'string' || typeof sig !== 'string') throw refused();
    try {
      assertSafeKey(key);
    } catch {
      throw refused();
    }
    if (!verifyFileUrl(deps.config.authSecret, key, exp, sig, deps.clock.now().getTime())) throw refused();
    const file = await deps.storage.get(key, requestedRange(req));
    if (!file) throw errors.notFound('FILE');
    const inline = INLINE_TYPES.has(file.contentType) || INLINE_MEDIA_TYPES.has(file.contentType);
    const name = key.split('/').pop() ?? 'file';
    return sendStoredFile(reply, file, {
      'cache-control': 'private, max-age=60',
      'accept-ranges': 'bytes',
      'content-disposition': `${inline ? 'inline' : 'attachment'}; filename="${name}"`,
    });
  });
};

/**
 * Streams a stored file with its type and size, never sniffed or run as a page, plus `headers`. A
 * file read with a range (see `requestedRange`) goes out as 206 with its `Content-Range`.
 */
export function sendStoredFile(reply: FastifyReply, file: StoredFile, headers: Record<string, string>) {
  if (file.range) {
    reply
      .status(206)
      .header('content-range', `bytes ${file.range.start}-${file.range.end}/${file.size}`)
      .header('accept-ranges', 'bytes')
      .header('content-length', String(file.range.end - file.range.start + 1));
  } else {
    reply.header('content-length', String(file.size));
  }
  return reply
    .header('content-type', file.contentType)
    .header('x-content-type-options', 'nosniff')
    .header('content-security-policy', "default-src 'none'; sandbox")
    .headers(headers)
    .send(file.stream);
}
