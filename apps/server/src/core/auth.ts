import { createHmac } from 'node:crypto';
import { ipInRanges, type TWorkspaceRole } from '@app/contract';
import { and, eq, gt, isNull, sql } from 'drizzle-orm';
import type { FastifyRequest } from 'fastify';
import { accounts, sessions, workspaces } from '../db/schema.ts';
import { type Scope, scopeOf } from './admin-scope.ts';
import { type WorkspaceSessionRow, workspaceSession } from './auth.repo.ts';
import type { Area } from './context.ts';
import { hashToken } from './crypto.ts';
import type { Db, Tx } from './db/database.ts';
import { type HeldTransaction, holdTenant, withPlatform, withTenant } from './db/tenant.ts';
import { AppError } from './errors.ts';
import { type Menu, menuClosed, menuSwitchedOff } from './menu-gate.ts';
import { permissionsFor } from './permissions.ts';
import type { Principal, Site } from './site.ts';

/** The bearer token of a request, if it carries one. */
export function bearerToken(req: Pick<FastifyRequest, 'headers'>): string | null {
  const header = req.headers.authorization;
  if (!header) return null;
  const match = /^Bearer\s+([A-Za-z0-9_-]{20,200})$/.exec(header.trim());
  return match?.[1] ?? null;
}

/**
 * A session's last use is written when the recorded one is older than this, not on every request:
 * one write per session every few minutes. The idle limit may so end a session this much early.
 */
export const SESSION_TOUCH_MINUTES = 5;

/** Whether the session has been idle past the limit, and whether its recorded last use is due a refresh. */
const idleColumns = (idleMinutes: number) => ({
  idle: sql<boolean>`${sessions.lastUsedAt} <= app_now() - make_interval(mins => ${idleMinutes})`,
  touch: sql<boolean>`${sessions.lastUsedAt} <= app_now() - make_interval(mins => ${SESSION_TOUCH_MINUTES})`,
});

/**
 * Ends a session idle past the limit (false: refuse the request), else records its use when the
 * recorded one is stale; in the verifying transaction, so a request costs no extra round trip.
 */
async function idleCheck(tx: Tx, row: { sessionId: string; idle: boolean; touch: boolean }): Promise<boolean> {
  if (row.idle) {
    await tx
      .update(sessions)
      .set({ revokedAt: sql`app_now()` })
      .where(and(eq(sessions.id, row.sessionId), isNull(sessions.revokedAt)));
    return false;
  }
  if (row.touch) await tx.update(sessions).set({ lastUsedAt: sql`app_now()` }).where(eq(sessions.id, row.sessionId));
  return true;
}

/** The session check's row when a live session matched (its session columns are then set). */
type LiveSession = {
  [K in Exclude<keyof WorkspaceSessionRow, 'branchId' | 'contractExpiredOn' | 'menusOff'>]: NonNullable<
    WorkspaceSessionRow[K]
  >;
} & { branchId: string | null; contractExpiredOn: string | null };

/** A verified session, and the transaction its check ran in when it is held for the route (see `verifySession`). */
export type VerifiedSession = {
  principal: Principal;
  held: HeldTransaction | null;
  /**
   * Elevate-IP mode: the ranges this caller may act from, or null when it may act from anywhere (the
   * mode is off for the workspace, its list is empty, or the caller administers no one). The request
   * path refuses a request from outside them (`assertIpAllowed`).
   */
  ipRanges: readonly string[] | null;
  /** The workspace's contract ended (its last day), read by the same statement (see `assertContractAllows`). */
  contractExpiredOn?: string | null;
};

/**
 * Verifies a token for the request's host. A workspace session is looked up under that workspace's
 * row-level security, so a token issued on another workspace's host is simply not found; its
 * membership must still be active. A platform session is valid on the platform host only. A session
 * not used for `idleMinutes` is revoked and refused (the 120-day limit applies as well).
 *
 * With `hold`, a workspace session's check runs in a transaction that is kept open for the route's
 * first `ctx.tenant` to adopt (one transaction for the check and the work; core/db/tenant.ts
 * `holdTenant`); the caller must release it if the request ends without adopting it.
 *
 * With `area`, a workspace session's check also reads that area's switch (the same statement) and
 * refuses with 403 `AREA_SWITCHED_OFF` when it is off, whether or not the session is valid: a
 * signed-in request to an area-gated route costs no transaction of its own for the switch. With
 * `menus` (core/menu-gate.ts `gateMenus`), the same statement's operator-switched-off menus refuse
 * with 403 `MENU_SWITCHED_OFF` when every one of them is off.
 */
/** The key a session's unlocked case key is sealed under: HMAC-SHA256 of its token (not derivable from the stored SHA-256). */
export function sessionKeyOf(token: string): Buffer {
  return createHmac('sha256', token).update('case-unlock.v1').digest();
}

export async function verifySession(
  db: Db,
  site: Site,
  token: string,
  idleMinutes: number,
  opts: { hold?: boolean; area?: Area | undefined; menus?: readonly Menu[] } = {},
): Promise<VerifiedSession | null> {
  const tokenHash = hashToken(token);
  if (site.kind === 'workspace') {
    // The session check travels with `begin` (one round trip; core/db/tenant.ts `transactionAs`).
    const held = await holdTenant(
      db,
      { workspaceId: site.workspaceId },
      {
        statement: workspaceSession,
        values: [tokenHash, site.workspaceId, idleMinutes, SESSION_TOUCH_MINUTES],
      },
    );
    const workspace = held.opened[0] ?? null;
    // The area's switch is read by the same statement: a switched-off area refuses before the caller matters.
    if (opts.area && workspace && !workspace[opts.area]) {
      await held.release();
      throw areaSwitchedOff(opts.area);
    }
    if (opts.menus && workspace && menuClosed(opts.menus, workspace.menusOff)) {
      await held.release();
      throw menuSwitchedOff(opts.menus);
    }
    const row = workspace?.sessionId ? (workspace as LiveSession) : null;
    let live: boolean;
    try {
      live = row !== null && (await idleCheck(held.tx, row));
    } catch (err) {
      await held.release(false);
      throw err;
    }
    if (!row || !live || !opts.hold) await held.release();
    else held.handOver();
    if (!row || !live) return null;
    const role = row.role as TWorkspaceRole;
    const permissions = permissionsFor(role, row.overrides);
    return {
      ipRanges: elevatedRanges(row, scopeOf(role, row.branchId, permissions)),
      principal: {
        sessionId: row.sessionId,
        accountId: row.accountId,
        workspaceId: site.workspaceId,
        role,
        platformRole: null,
        branchId: row.branchId,
        permissions,
        firstLogin: row.firstLogin,
        sessionKey: sessionKeyOf(token),
      },
      held: opts.hold ? held : null,
      contractExpiredOn: row.contractExpiredOn,
    };
  }
  if (site.kind === 'platform') {
    return withPlatform(db, { action: 'session.verify', audit: false }, async (tx) => {
      const [row] = await tx
        .select({
          sessionId: sessions.id,
          accountId: sessions.accountId,
          platformRole: accounts.platformRole,
          firstLogin: accounts.firstLogin,
          ...idleColumns(idleMinutes),
        })
        .from(sessions)
        .innerJoin(accounts, eq(accounts.id, sessions.accountId))
        .where(
          and(
            eq(sessions.tokenHash, tokenHash),
            isNull(sessions.workspaceId),
            isNull(sessions.revokedAt),
            gt(sessions.expiresAt, sql`app_now()`),
          ),
        )
        .limit(1);
      if (!row || !(await idleCheck(tx, row))) return null;
      const principal: Principal = {
        sessionId: row.sessionId,
        accountId: row.accountId,
        workspaceId: null,
        role: null,
        platformRole: row.platformRole === 'PLATFORM_ADMIN' ? 'PLATFORM_ADMIN' : null,
        branchId: null,
        permissions: new Set(),
        firstLogin: row.firstLogin,
      };
      return { principal, held: null, ipRanges: null };
    });
  }
  return null;
}

/**
 * Elevate-IP mode (issue 23): an administrator — a member whose scope reaches anyone but itself
 * (core/admin-scope.ts `scopeOf`: the whole workspace, or business units) — may act only from the
 * workspace's ranges while the `elevateip` flag is on for it. An empty list restricts no one.
 */
function elevatedRanges(row: Pick<WorkspaceSessionRow, 'elevateIp' | 'adminIpRanges'>, scope: Scope): string[] | null {
  if (!row.elevateIp || row.adminIpRanges.length === 0 || scope.kind === 'self') return null;
  return row.adminIpRanges;
}

/** 403 `IP_NOT_ALLOWED` (params `{ ip }`): an administrator's request from outside the workspace's ranges. */
export function ipNotAllowed(ip: string): AppError {
  return new AppError(
    403,
    'IP_NOT_ALLOWED',
    `This workspace lets its administrators act only from its listed network addresses, and this request came from ${ip}. Connect from an allowed network, or ask a workspace administrator (or the platform operator) to add this address.`,
    { params: { ip } },
  );
}

/** Refuses with `IP_NOT_ALLOWED` a request from `ip` outside the caller's ranges (null: any address). */
export function assertIpAllowed(ranges: readonly string[] | null, ip: string): void {
  if (ranges !== null && !ipInRanges(ip, ranges)) throw ipNotAllowed(ip);
}

/** The column of each area's switch. */
const AREA_SWITCH = {
  cms: workspaces.accessCms,
  lms: workspaces.accessLms,
  concernedAuthority: workspaces.accessConcernedAuthority,
  policies: workspaces.accessPolicies,
  compliance: workspaces.accessCompliance,
} as const satisfies Record<Area, unknown>;

/** 403 `AREA_SWITCHED_OFF` (the area named in `details`, path `area`): the workspace has switched the area off. */
export function areaSwitchedOff(area: Area): AppError {
  return new AppError(403, 'AREA_SWITCHED_OFF', `This workspace does not use this part of the platform (${area}).`, {
    details: [{ path: 'area', message: area }],
  });
}

/**
 * Refuses a request to a route of `area` (route config `area`) on the host of a workspace that has
 * switched the area off: switches gate the routes, not only the menus. Other hosts are not gated.
 * For a request with no workspace session to check (no token): one with a token reads the switch
 * in its session check (`verifySession`'s `area`), without this transaction. The same for the
 * operator's switched-off menus (`menus`, the route's gate; 403 `MENU_SWITCHED_OFF`).
 */
export async function assertAreaOn(
  db: Db,
  site: Site,
  area: Area | undefined,
  menus: readonly Menu[] = [],
): Promise<void> {
  if (site.kind !== 'workspace') return;
  const [row] = await withTenant(db, { workspaceId: site.workspaceId }, (tx) =>
    tx
      .select({
        on: area ? AREA_SWITCH[area] : sql<boolean>`true`,
        menusOff: sql<string[]>`coalesce((select json_agg(wm.menu) from workspace_menus wm
          where wm.workspace_id = ${workspaces.id} and not wm.enabled), '[]'::json)`,
      })
      .from(workspaces)
      .where(eq(workspaces.id, site.workspaceId)),
  );
  if (row && area && !row.on) throw areaSwitchedOff(area);
  if (row && menuClosed(menus, row.menusOff)) throw menuSwitchedOff(menus);
}

/** Methods that change something: refused on a workspace whose contract has ended (`assertContractAllows`). */
const CHANGING_METHODS = new Set(['POST', 'PUT', 'PATCH', 'DELETE']);

/**
 * After a workspace's contract ended (the day after its last day, in its zone), a signed-in request
 * that changes something answers 403 `CONTRACT_EXPIRED` (params `expiredOn`), unless its route is
 * marked `duringContractExpiry` (sign-out, one's own profile and password, list routes that only
 * read, what the law's duties need) or belongs to the complaints area (`cms`), which never lapses
 * with a contract. The expiry is read by the session check's statement: no extra round trip.
 * Requests without a session (sign-in, codes, password reset, invitation claim) are not gated.
 */
export function assertContractAllows(
  method: string,
  route: { duringContractExpiry?: boolean; area?: Area | undefined },
  verified: Pick<VerifiedSession, 'contractExpiredOn'> | null,
): void {
  const expiredOn = verified?.contractExpiredOn;
  if (!expiredOn || !CHANGING_METHODS.has(method) || route.duringContractExpiry || route.area === 'cms') return;
  throw new AppError(
    403,
    'CONTRACT_EXPIRED',
    `This workspace's contract ended on ${expiredOn}: administration and learning are read-only until it is renewed.`,
    { params: { expiredOn } },
  );
}
