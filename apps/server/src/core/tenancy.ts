import { sql } from 'drizzle-orm';
import type { FastifyRequest } from 'fastify';
import { type Db, queryRows } from './db/database.ts';
import { withTenant } from './db/tenant.ts';
import { AppError } from './errors.ts';
import type { Site } from './site.ts';

/**
 * The host a request was made for: the Origin header's host when present (browsers send it on
 * cross-origin and non-GET requests), otherwise the Host header. Lower case, with the port.
 */
export function requestHost(req: Pick<FastifyRequest, 'headers'>): string {
  const origin = req.headers.origin;
  if (origin && origin !== 'null') {
    try {
      return new URL(origin).host.toLowerCase();
    } catch {
      throw new AppError(400, 'BAD_ORIGIN', 'The Origin header is not a valid URL.');
    }
  }
  return String(req.headers.host ?? '').toLowerCase();
}

/** Finds the workspace served from `host`, through the narrow host-resolution function. */
export async function resolveHost(db: Db, host: string, platformHost: string): Promise<Site> {
  if (host === platformHost) return { kind: 'platform', host };
  if (!host || host.length > 255) return { kind: 'unknown', host };
  const rows = await withTenant(db, { workspaceId: null }, (tx) =>
    queryRows<{ workspace_id: string; active: boolean }>(tx, sql`select * from app_resolve_host(${host})`),
  );
  const row = rows[0];
  if (!row?.active) return { kind: 'unknown', host };
  return { kind: 'workspace', host, workspaceId: row.workspace_id };
}

/** The 404 for a host no workspace is served from. */
export function unknownHostError(host: string): AppError {
  return new AppError(
    404,
    'UNKNOWN_HOST',
    `No workspace is served at ${host || 'this address'}. Check the address, or ask your administrator for your workspace's link.`,
    { params: { host } },
  );
}

/** Resolves hosts with a short-lived per-process cache of known workspaces (host lookups happen on every request). */
export type HostResolver = { resolve(host: string): Promise<Site>; invalidate(): void };

/**
 * A host resolver that remembers a known workspace host for `ttlMs`. A workspace whose host changes
 * or that is deactivated is therefore seen by every replica within `ttlMs`; the process that made the
 * change calls `invalidate()` and sees it at once. Unknown hosts are not cached.
 */
export function createHostResolver(
  db: Db,
  platformHost: string,
  ttlMs = 5_000,
  /** Hosts no workspace is ever served from (the SCORM content origin's): always `unknown`. */
  reservedHosts: readonly string[] = [],
): HostResolver {
  const cache = new Map<string, { site: Site; until: number }>();
  return {
    async resolve(host) {
      if (reservedHosts.includes(host)) return { kind: 'unknown', host };
      const hit = cache.get(host);
      if (hit && hit.until > Date.now()) return hit.site;
      const site = await resolveHost(db, host, platformHost);
      if (site.kind === 'workspace') {
        if (cache.size > 10_000) cache.clear();
        cache.set(host, { site, until: Date.now() + ttlMs });
      }
      return site;
    },
    invalidate: () => cache.clear(),
  };
}
