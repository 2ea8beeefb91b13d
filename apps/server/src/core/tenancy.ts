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

/**
 * Finds the workspace served from `host`, through the narrow host-resolution functions: a workspace's
 * current host (`app_resolve_host`), else a host it moved from that still redirects
 * (`app_resolve_moved_host`, until its `until` on the database's clock). A retired (inactive)
 * workspace's hosts, current or redirecting, are `suspended`; a purged workspace keeps no host.
 */
export async function resolveHost(db: Db, host: string, platformHost: string): Promise<Site> {
  if (host === platformHost) return { kind: 'platform', host };
  if (!host || host.length > 255) return { kind: 'unknown', host };
  return withTenant(db, { workspaceId: null }, async (tx) => {
    const rows = await queryRows<{ workspace_id: string; active: boolean }>(
      tx,
      sql`select * from app_resolve_host(${host})`,
    );
    const row = rows[0];
    if (row) {
      return row.active
        ? { kind: 'workspace', host, workspaceId: row.workspace_id }
        : { kind: 'suspended', host, workspaceId: row.workspace_id };
    }
    const [moved] = await queryRows<{ workspace_id: string; current_host: string; until: Date | string }>(
      tx,
      sql`select * from app_resolve_moved_host(${host})`,
    );
    if (!moved) return { kind: 'unknown', host };
    const [current] = await queryRows<{ workspace_id: string; active: boolean }>(
      tx,
      sql`select * from app_resolve_host(${moved.current_host})`,
    );
    if (!current?.active) return { kind: 'suspended', host, workspaceId: moved.workspace_id };
    return {
      kind: 'moved',
      host,
      workspaceId: moved.workspace_id,
      currentHost: moved.current_host,
      until: new Date(moved.until).toISOString(),
    };
  });
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

/**
 * The answer of a request to a host that serves no workspace now: 410 `WORKSPACE_MOVED` (params
 * `host`: the workspace's new host, `until`) on a host the workspace moved from, 410
 * `WORKSPACE_SUSPENDED` on a retired workspace's host, else 404 `UNKNOWN_HOST`.
 */
export function notServedError(site: Site): AppError {
  if (site.kind === 'moved') {
    return new AppError(
      410,
      'WORKSPACE_MOVED',
      `This workspace has moved to ${site.currentHost}. Use that address from now on.`,
      { params: { host: site.currentHost, until: site.until } },
    );
  }
  if (site.kind === 'suspended') {
    return new AppError(
      410,
      'WORKSPACE_SUSPENDED',
      'This workspace is suspended: nobody can sign in to it. Ask your organisation or the platform operator.',
      { params: { host: site.host } },
    );
  }
  return unknownHostError(site.host);
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
    // Only a served workspace is cached: a moved, suspended or unknown host is read each time.
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
