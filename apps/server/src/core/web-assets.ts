import { existsSync, readdirSync, readFileSync } from 'node:fs';
import path from 'node:path';
import fastifyStatic from '@fastify/static';
import type { FastifyInstance, FastifyReply, FastifyRequest } from 'fastify';
import { ICON_CACHE, type SiteIcon } from './favicon.ts';
import { requestHost } from './tenancy.ts';

/** Hashed build output (`/assets/<name>-<hash>.<ext>`): its name changes whenever its content does. */
const HASHED_ASSETS = `${path.sep}assets${path.sep}`;

/** A year, the longest lifetime caches honour; `immutable` spares the revalidation on reload. */
export const IMMUTABLE_CACHE = 'public, max-age=31536000, immutable';
/** Everything else (index.html, robots.txt, favicon): kept, but checked with the server on every use. */
export const REVALIDATE_CACHE = 'no-cache';

/** The compressed copies the build writes beside each text file (apps/web/vite.config.ts), best first. */
const ENCODINGS = [
  { name: 'br', ext: '.br' },
  { name: 'gzip', ext: '.gz' },
] as const;

/** `<name>.html` beside index.html: the copy of index.html sent for `GET /<name>`. */
const FIRST_PAGE_FILE = /^([a-z][a-z0-9-]*)\.html$/;

/** Where this server answers the main service, as the web build calls it by default. */
const MAIN_API_PREFIX = '/api';

type TIndexPage = { plain: Buffer; encoded: Map<string, Buffer> };

/** index.html and its precompressed copies, read once at start. */
function readIndexPage(indexFile: string): TIndexPage {
  const encoded = new Map<string, Buffer>();
  for (const e of ENCODINGS) {
    if (existsSync(indexFile + e.ext)) encoded.set(e.name, readFileSync(indexFile + e.ext));
  }
  return { plain: readFileSync(indexFile), encoded };
}

/** The first of `br`, `gzip` the request accepts (q > 0) and that we have a copy in. */
function pickEncoding(req: FastifyRequest, available: Map<string, Buffer>): string | null {
  const header = req.headers['accept-encoding'];
  if (!header || available.size === 0) return null;
  const accepted = new Map<string, number>();
  for (const part of String(header).split(',')) {
    const [token, ...params] = part.trim().toLowerCase().split(';');
    if (!token) continue;
    const q = params.map((p) => p.trim()).find((p) => p.startsWith('q='));
    accepted.set(token, q ? Number(q.slice(2)) : 1);
  }
  for (const e of ENCODINGS) {
    const q = accepted.get(e.name) ?? accepted.get('*') ?? 0;
    if (q > 0 && available.has(e.name)) return e.name;
  }
  return null;
}

/**
 * Sends index.html (the SPA shell) compressed when the browser accepts it; never cached unchecked.
 * On a workspace host, a `Link` header starts the company-profile request the app makes first
 * (app/app-root.tsx, HostGate) while the page's scripts download; the platform host skips it, as
 * the app does (spec §6).
 */
function sendIndexPage(req: FastifyRequest, reply: FastifyReply, page: TIndexPage, platformHost: string | null) {
  const encoding = pickEncoding(req, page.encoded);
  reply.type('text/html; charset=utf-8').header('cache-control', REVALIDATE_CACHE).header('vary', 'accept-encoding');
  const host = String(req.headers.host ?? '').toLowerCase();
  if (platformHost !== null && host && host !== platformHost) {
    const profile = `${MAIN_API_PREFIX}/workspace/company-profile/${encodeURIComponent(host)}`;
    reply.header('link', `<${profile}>; rel=preload; as=fetch; crossorigin`);
  }
  if (encoding) return reply.header('content-encoding', encoding).send(page.encoded.get(encoding));
  return reply.send(page.plain);
}

/**
 * The web app: one build for every host, served from `webDistDir`.
 *  - Files are sent as the build wrote them, brotli or gzip copies (`<file>.br`, `<file>.gz`) when
 *    the browser accepts them (@fastify/static `preCompressed`), with `Vary: Accept-Encoding`.
 *  - Hashed files under `/assets/` are cached for a year as immutable; every other file, and
 *    index.html, is revalidated on each use (`no-cache`), so a new build is seen at once.
 *  - Every other GET outside the API prefixes is one of the SPA's own routes: index.html, or for
 *    `/<name>` the build's `<name>.html` when there is one (the same page naming that route's chunks).
 *  - Without a build, such GETs answer 503 with how to build it; API paths (and other methods)
 *    answer a JSON 404.
 */
export async function webAssets(
  app: FastifyInstance,
  opts: {
    webDistDir: string;
    apiPrefixes: readonly string[];
    platformHost: string;
    /** The browser-tab icon of a host (core/favicon.ts `siteIcon`); without it, no icon routes. */
    icon?: (host: string) => Promise<SiteIcon>;
  },
): Promise<void> {
  if (opts.icon) registerIcons(app, opts.icon);
  const indexFile = path.join(opts.webDistDir, 'index.html');
  const indexPage = existsSync(indexFile) ? readIndexPage(indexFile) : null;
  if (indexPage) {
    await app.register(fastifyStatic, {
      root: opts.webDistDir,
      wildcard: false,
      index: false,
      preCompressed: true,
      cacheControl: false,
      setHeaders: (reply, file) => {
        reply.header('cache-control', file.includes(HASHED_ASSETS) ? IMMUTABLE_CACHE : REVALIDATE_CACHE);
      },
    });
  }
  // First pages with their own copy of index.html (`signin.html` for `/signin`): the same page,
  // which also names that route's chunks (apps/web/vite.config.ts, firstPageCopies).
  const firstPages = new Map<string, TIndexPage>();
  // The company profile is preloaded only for a build that calls this server's API (it preloads
  // `/api/app-config`, apps/web/vite.config.ts); a build pointed elsewhere would not use it.
  const preloadProfile = indexPage?.plain.includes(`href="${MAIN_API_PREFIX}/app-config"`) ?? false;
  if (indexPage) {
    for (const name of readdirSync(opts.webDistDir)) {
      const match = FIRST_PAGE_FILE.exec(name);
      if (match?.[1] && match[1] !== 'index')
        firstPages.set(`/${match[1]}`, readIndexPage(path.join(opts.webDistDir, name)));
    }
  }
  app.setNotFoundHandler((req, reply) => {
    const url = req.url.split('?')[0] ?? '/';
    if (opts.apiPrefixes.some((p) => url.startsWith(p)) || req.method !== 'GET') {
      return reply.status(404).send({
        status: 404,
        code: 'ROUTE_NOT_FOUND',
        message: `There is no ${req.method} ${url}. See /api/docs for the API reference.`,
      });
    }
    if (!indexPage) {
      return reply
        .status(503)
        .type('text/plain; charset=utf-8')
        .send('The web app is not built. Run `npm run build` (npm start does it for you).');
    }
    return sendIndexPage(req, reply, firstPages.get(url) ?? indexPage, preloadProfile ? opts.platformHost : null);
  });
}

/**
 * `/favicon.svg` (what index.html's `<link rel="icon">` names) and `/favicon.ico` (what browsers
 * and crawlers ask for by themselves) answer the host's icon: a redirect to the workspace's logo,
 * its initial drawn on its colour, or the product's icon on the platform host. One build serves
 * every host, so the icon is decided per request; the short cache lets a new logo or colour show
 * within minutes.
 */
function registerIcons(app: FastifyInstance, icon: (host: string) => Promise<SiteIcon>) {
  const send = async (req: FastifyRequest, reply: FastifyReply) => {
    const found = await icon(requestHost(req));
    reply.header('cache-control', ICON_CACHE).header('vary', 'host');
    if (found.kind === 'logo') return reply.redirect(found.url, 302);
    return reply.type('image/svg+xml; charset=utf-8').send(found.svg);
  };
  for (const url of ['/favicon.svg', '/favicon.ico']) {
    app.get(url, { schema: { hide: true } }, send);
  }
}
