import type { FastifyPluginAsync, FastifyReply } from 'fastify';
import type { Deps } from './context.ts';
import { AppError, errors } from './errors.ts';
import { assertSafeKey, type StoredFile, verifyFileUrl } from './storage.ts';

/** Image types a browser may show inline; everything else is sent as a download. */
const INLINE_TYPES = new Set(['image/png', 'image/jpeg', 'image/webp', 'image/gif']);

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
    const file = await deps.storage.get(key);
    if (!file) throw errors.notFound('FILE');
    const inline = INLINE_TYPES.has(file.contentType);
    const name = key.split('/').pop() ?? 'file';
    return sendStoredFile(reply, file, {
      'cache-control': 'private, max-age=60',
      'content-disposition': `${inline ? 'inline' : 'attachment'}; filename="${name}"`,
    });
  });
};

/** Streams a stored file with its type and size, never sniffed or run as a page, plus `headers`. */
export function sendStoredFile(reply: FastifyReply, file: StoredFile, headers: Record<string, string>) {
  return reply
    .header('content-type', file.contentType)
    .header('content-length', String(file.size))
    .header('x-content-type-options', 'nosniff')
    .header('content-security-policy', "default-src 'none'; sandbox")
    .headers(headers)
    .send(file.stream);
}
