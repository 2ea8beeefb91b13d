import { eq, type SQL, sql } from 'drizzle-orm';
import { workspaces } from '../../db/schema.ts';
import { writeAuditEntries } from '../audit.ts';
import { type Clock, realClock } from '../clock.ts';
import type { Db, Tx } from './database.ts';

/** The role every workspace request queries as: not superuser, not the tables' owner, subject to RLS. */
export const APP_ROLE = 'compliance_app';
/** The role of the one explicit path for platform-operator work across workspaces. */
export const PLATFORM_ROLE = 'compliance_platform';

/** The clock each database's transactions pass to SQL (`app_now()`); the real one unless bound. */
const clocks = new WeakMap<Db, Clock>();

/** Makes `db`'s transactions use `clock`'s time in SQL (`app_now()`); `buildApp` binds `deps.clock`. */
export function bindClock(db: Db, clock: Clock): void {
  clocks.set(db, clock);
}

/** The clock bound to `db` (the real one when none is). */
export function clockOf(db: Db): Clock {
  return clocks.get(db) ?? realClock;
}

/**
 * The value of the `app.now` setting for a transaction: a controlled clock's time (ISO), so that
 * `app_now()` answers it; '' for the real time (the real clock, or a test clock not moved), so that
 * `app_now()` is the database's `now()`.
 */
function appNow(db: Db): string {
  const clock = clockOf(db);
  return clock.controlled ? clock.now().toISOString() : '';
}

/** Who a transaction runs for. `workspaceId` null means no workspace: tenant tables show nothing. */
export type TenantScope = { workspaceId: string | null; accountId?: string | null };

/**
 * Runs `fn` in one transaction as the application role with the workspace (and account) set for
 * row-level security. Every tenant read and write goes through here, so a forgotten WHERE still
 * cannot reach another workspace's rows.
 */
export async function withTenant<T>(db: Db, scope: TenantScope, fn: (tx: Tx) => Promise<T>): Promise<T> {
  return db.transaction(async (tx) => {
    await tx.execute(
      sql`select set_config('role', ${APP_ROLE}, true), set_config('app.workspace_id', ${scope.workspaceId ?? ''}, true), set_config('app.account_id', ${scope.accountId ?? ''}, true), set_config('app.now', ${appNow(db)}, true)`,
    );
    return fn(tx);
  });
}

/**
 * Locks the workspace's row until the transaction ends, so that commands that check and then change
 * a workspace (a unit or department name, the headquarters, the user limit) run one at a time: two
 * requests cannot both pass a check (which would end in a unique-index error or an exceeded limit).
 */
export async function lockWorkspace(tx: Tx, workspaceId: string): Promise<void> {
  await tx.select({ id: workspaces.id }).from(workspaces).where(eq(workspaces.id, workspaceId)).for('update');
}

/**
 * Why a platform path is taken, and by whom; written to the audit log unless `audit` is false.
 * `actorAccountId` is also set as the transaction's account (functions such as app_my_workspaces() read it).
 */
export type PlatformReason = {
  action: string;
  actorAccountId?: string | null;
  traceId?: string | null;
  ip?: string | null;
  details?: Record<string, unknown>;
  /** Routine, high-volume reads (host checks, sign-in lookups) are audited by their caller instead. */
  audit?: boolean;
};

/**
 * The one explicit path for work across workspaces (operator console, sign-in on the platform host,
 * seeding, the development mailbox). Runs as the platform role, which bypasses row-level security,
 * and records the reason in the audit log in the same transaction.
 */
export async function withPlatform<T>(db: Db, reason: PlatformReason, fn: (tx: Tx) => Promise<T>): Promise<T> {
  return db.transaction(async (tx) => {
    await enterPlatform(
      tx,
      reason,
      sql`select set_config('role', ${PLATFORM_ROLE}, true), set_config('app.workspace_id', '', true), set_config('app.account_id', ${reason.actorAccountId ?? ''}, true), set_config('app.now', ${appNow(db)}, true)`,
    );
    return fn(tx);
  });
}

/**
 * Switches a tenant transaction to the platform role for the rest of the transaction, for the rare
 * command whose last step must see other workspaces (anonymising an account that may belong to
 * several), so that the whole command stays one transaction. Audited like `withPlatform`.
 */
export async function escalateToPlatform(tx: Tx, reason: PlatformReason): Promise<void> {
  await enterPlatform(tx, reason, sql`select set_config('role', ${PLATFORM_ROLE}, true)`);
}

/** Runs `settings` (which switches to the platform role) and records the reason, unless `audit` is false. */
async function enterPlatform(tx: Tx, reason: PlatformReason, settings: SQL): Promise<void> {
  await tx.execute(settings);
  if (reason.audit !== false) {
    await writeAuditEntries(tx, {
      workspaceId: null,
      action: `platform.${reason.action}`,
      actorAccountId: reason.actorAccountId,
      traceId: reason.traceId,
      ip: reason.ip,
      details: reason.details,
    });
  }
}
