import type { FastifyPluginAsync, FastifyReply, FastifyRequest } from 'fastify';
import { ctxOf, type Deps } from '../../../core/context.ts';
import type { Tx } from '../../../core/db/database.ts';
import { AppError } from '../../../core/errors.ts';
import { normaliseZipPath, ZIP_LIMITS, ZipRefused } from '../../../core/zip-archive.ts';
import { SCORM_RUNTIME_FILES, type ScormRuntimeFile, scormPlayerHtml, scormRuntime } from './player.ts';
import * as repo from './scorm.repo.ts';
import { type ScormTokenClaims, verifyScormToken } from './token.ts';

/**
 * The content origin (design §4 "SCORM isolation"): `/scorm-player/<token>`, `/scorm/<token>/<path>`
 * and `/scorm-runtime/<bundle>` answer only when the request's Host is LMS_CONTENT_ORIGIN's (404 on
 * every other host, so a package never runs beside a workspace's session). No session, no cookies:
 * the HMAC-signed token in the path is the only credential (403 when forged or expired). Answers
 * carry the content CSP: framed only by the token's parent origin (and the content origin itself).
 */
export const contentRoutes: FastifyPluginAsync<{ deps: Deps }> = async (app, { deps }) => {
  // No session here: the signed token names the package, read on the platform path, not audited
  // (every file of a playing package is one read).
  const content = <T>(req: FastifyRequest, fn: (tx: Tx) => Promise<T>) =>
    ctxOf(req).platform({ action: 'lms.scorm.content', audit: false }, fn);
  const contentHost = new URL(deps.config.lmsContentOrigin).host.toLowerCase();
  const notFound = () => new AppError(404, 'NOT_FOUND', 'Not found.', { params: { reason: 'PAGE_NOT_FOUND' } });
  const onContentHost = (req: FastifyRequest) => {
    if (String(req.headers.host ?? '').toLowerCase() !== contentHost) throw notFound();
  };
  const claimsOf = (token: string): ScormTokenClaims => {
    const check = verifyScormToken(deps.config.authSecret, token, deps.clock.now().getTime());
    if (!check.ok) {
      throw new AppError(403, 'FORBIDDEN', 'This player link is not valid or has expired. Open the course again.', {
        params: { reason: check.why === 'expired' ? 'SCORM_LINK_EXPIRED' : 'SCORM_LINK_INVALID' },
      });
    }
    return check.claims;
  };
  const contentHeaders = (reply: FastifyReply, parentOrigin: string) => {
    // helmet's app-wide headers forbid framing; content is framed by its parent only.
    reply.raw.removeHeader('x-frame-options');
    reply.header(
      'content-security-policy',
      `default-src 'self' 'unsafe-inline' 'unsafe-eval' data: blob:; frame-ancestors ${parentOrigin} ${deps.config.lmsContentOrigin}; form-action 'self'`,
    );
    reply.header('x-content-type-options', 'nosniff');
    reply.header('cache-control', 'private, no-store');
    reply.header('referrer-policy', 'no-referrer');
  };

  app.get<{ Params: { file: string } }>('/scorm-runtime/:file', { schema: { hide: true } }, async (req, reply) => {
    onContentHost(req);
    if (!(req.params.file in SCORM_RUNTIME_FILES)) throw notFound();
    reply.header('content-type', 'text/javascript; charset=utf-8');
    reply.header('cache-control', 'public, max-age=86400');
    reply.header('x-content-type-options', 'nosniff');
    return reply.send(await scormRuntime(req.params.file as ScormRuntimeFile));
  });

  app.get<{ Params: { token: string } }>('/scorm-player/:token', { schema: { hide: true } }, async (req, reply) => {
    onContentHost(req);
    const claims = claimsOf(req.params.token);
    const pkg = await content(req, (tx) => repo.findPackage(tx, claims.packageId));
    if (pkg?.status !== 'READY' || !pkg.manifest || !pkg.standard) throw notFound();
    contentHeaders(reply, claims.parentOrigin);
    reply.header('content-type', 'text/html; charset=utf-8');
    return reply.send(
      scormPlayerHtml({
        standard: pkg.standard,
        token: req.params.token,
        launchHref: pkg.manifest.launchHref,
        parentOrigin: claims.parentOrigin,
        title: pkg.manifest.title,
        masteryScore: pkg.manifest.scos[0]?.masteryScore,
      }),
    );
  });

  app.get<{ Params: { token: string; '*': string } }>(
    '/scorm/:token/*',
    { schema: { hide: true } },
    async (req, reply) => {
      onContentHost(req);
      const claims = claimsOf(req.params.token);
      let path: string;
      try {
        path = normaliseZipPath(req.params['*'], undefined, ZIP_LIMITS.maxPathLength);
      } catch (err) {
        if (err instanceof ZipRefused) throw notFound();
        throw err;
      }
      const file = await content(req, (tx) => repo.findFile(tx, claims.packageId, path));
      if (!file) throw notFound();
      const stored = await deps.storage.get(file.key);
      if (!stored) throw notFound();
      contentHeaders(reply, claims.parentOrigin);
      reply.header('content-type', file.contentType);
      reply.header('content-length', String(stored.size));
      return reply.send(stored.stream);
    },
  );
};
