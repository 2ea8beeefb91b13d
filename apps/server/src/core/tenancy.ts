import { sql } from 'drizzle-orm';
import type { FastifyRequest } from 'fastify';
import type { Site } from './context.ts';
import { type Db, queryRows } from './db/database.ts';
import { withTenant } from './db/tenant.ts';
import { AppError } from './errors.ts';

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
  );
}
