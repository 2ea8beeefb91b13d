import { GetObjectCommand, S3Client } from '@aws-sdk/client-s3';
import { getSignedUrl } from '@aws-sdk/s3-request-presigner';
import type { FastifyInstance } from 'fastify';
import helmet, { type HelmetOptions } from 'helmet';
import type { Config, S3Config } from './config.ts';

/** HSTS lifetime in production: one year, the usual value (no preload: that is an operator's choice). */
const HSTS_MAX_AGE_SECONDS = 365 * 24 * 60 * 60;

/**
 * The origin presigned S3 URLs point at (profile images are shown straight from the bucket), as the
 * SDK itself builds them: presigning is local work, so throwaway keys are enough and nothing is sent.
 */
export async function s3Origin(cfg: S3Config): Promise<string> {
  const client = new S3Client({
    region: cfg.region,
    forcePathStyle: cfg.forcePathStyle,
    ...(cfg.endpoint ? { endpoint: cfg.endpoint } : {}),
    credentials: { accessKeyId: 'csp-probe', secretAccessKey: 'csp-probe' },
  });
  const url = await getSignedUrl(client, new GetObjectCommand({ Bucket: cfg.bucket, Key: 'csp-probe' }), {
    expiresIn: 60,
  });
  client.destroy();
  return new URL(url).origin;
}

/**
 * The browser security headers of every answer (helmet; see `installSecurityHeaders`). The Content-Security-Policy is
 * the one the web app runs under: scripts only from this origin (the build has no inline script),
 * styles also inline (Mantine injects `<style>` tags and style attributes), images also from
 * `data:`/`blob:` (previews) and the S3 bucket when files live there, lesson video and captions
 * (`media-src`) from this origin, `blob:` and the bucket, frames only from the LMS content origin
 * (SCORM packages, never on an app host), requests only to this origin and the API origins the web
 * was built with; no being framed, no `<base>`, forms only to this origin.
 * Routes with their own CSP (stored files, the API reference) set theirs over this one.
 */
export async function securityHeaders(config: Config): Promise<HelmetOptions> {
  const production = config.env === 'production';
  const fileOrigins = config.storage.s3 ? [await s3Origin(config.storage.s3)] : [];
  return {
    contentSecurityPolicy: {
      useDefaults: false,
      directives: {
        'default-src': ["'self'"],
        'base-uri': ["'self'"],
        'connect-src': ["'self'", ...config.webApiOrigins],
        'font-src': ["'self'", 'data:'],
        'form-action': ["'self'"],
        'frame-ancestors': ["'none'"],
        // The SCORM player lives on its own origin (services/lms/scorm/content.routes.ts).
        'frame-src': [config.lmsContentOrigin],
        'img-src': ["'self'", 'data:', 'blob:', ...fileOrigins],
        'media-src': ["'self'", 'blob:', ...fileOrigins],
        'object-src': ["'none'"],
        'script-src': ["'self'"],
        'script-src-attr': ["'none'"],
        'style-src': ["'self'", "'unsafe-inline'"],
        // Behind TLS a stray http:// URL (an S3 endpoint, say) is fetched over https instead.
        ...(production ? { 'upgrade-insecure-requests': [] } : {}),
      },
    },
    // The full address (an invitation code in `/signup?code=…`) never leaves the origin; the app's own
    // requests keep their Origin header, which tenancy reads (`no-referrer` would make it "null").
    referrerPolicy: { policy: 'same-origin' },
    xFrameOptions: { action: 'deny' },
    crossOriginResourcePolicy: { policy: 'same-site' },
    strictTransportSecurity: production ? { maxAge: HSTS_MAX_AGE_SECONDS, includeSubDomains: false } : false,
  };
}

/**
 * The API reference page's own CSP (@fastify/swagger-ui's, which allows its scripts by hash), made as
 * strict as the app's on framing; styles as the app's (Swagger UI sets inline styles, which its
 * style hashes would otherwise refuse); `upgrade-insecure-requests` only in production, behind TLS.
 */
export function apiDocsCsp(config: Config): (header: string) => string {
  return (header) => {
    let csp = header
      .replace("frame-ancestors 'self'", "frame-ancestors 'none'")
      .replace(/style-src [^;]*/, "style-src 'self' 'unsafe-inline'");
    if (config.env !== 'production') csp = csp.replace(/\s*upgrade-insecure-requests;?/, '');
    return csp;
  };
}

/**
 * Sets `securityHeaders` on every answer, errors too (an `onRequest` hook registered first). The
 * helmet middleware is built once: @fastify/helmet built it again for every request (parsing and
 * checking the whole policy each time), measured at a tenth of a signed-in read's CPU.
 */
export async function installSecurityHeaders(app: FastifyInstance, config: Config): Promise<void> {
  const apply = helmet(await securityHeaders(config));
  app.addHook('onRequest', (req, reply, done) => {
    apply(req.raw, reply.raw, (err?: unknown) => done(err instanceof Error ? err : undefined));
  });
}
