import { eq, sql } from 'drizzle-orm';
import { NodePgSession, NodePgTransaction } from 'drizzle-orm/node-postgres';
import type { PgDialect } from 'drizzle-orm/pg-core';
import pg from 'pg';
import { workspaces } from '../../db/schema.ts';
import { writeAuditEntries } from '../audit.ts';
import { type Clock, realClock } from '../clock.ts';
import type { Db, Tx } from './database.ts';
import type { Statement } from './statement.ts';

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
  return transactionAs(db, tenantSettings(scope), fn);
}

/** The settings of a tenant transaction for `scope`. */
function tenantSettings(scope: TenantScope): Settings {
  return { role: APP_ROLE, workspaceId: scope.workspaceId ?? '', accountId: scope.accountId ?? '' };
}

/** Who a transaction queries as, and for whom (the settings row-level security and `app_now()` read). */
export type Settings = { role: string; workspaceId: string; accountId: string };

const UUID = /^[0-9a-f]{8}-[0-9a-f]{4}-[0-9a-f]{4}-[0-9a-f]{4}-[0-9a-f]{12}$/i;

/**
 * The statement that sets a transaction's settings, with its values written in: it is sent in the
 * same round trip as `begin`, which the extended protocol (parameters) does not allow. The values
 * are role names of this file, UUIDs (checked here) and an ISO time, so nothing is escaped.
 */
function settingsSql(db: Db, s: Settings): string {
  return transactionSettingsSql(s, appNow(db));
}

/** The settings statement of a transaction for `s` at `now` ('' for the database's time; see `settingsSql`). */
export function transactionSettingsSql(s: Settings, now = ''): string {
  for (const id of [s.workspaceId, s.accountId]) {
    if (id !== '' && !UUID.test(id)) throw new Error('A transaction scope must be a UUID');
  }
  if (s.role !== APP_ROLE && s.role !== PLATFORM_ROLE) throw new Error('Unknown role');
  if (!/^[0-9TZ:.+-]*$/.test(now)) throw new Error('app.now must be an ISO time');
  return `select set_config('role', '${s.role}', true), set_config('app.workspace_id', '${s.workspaceId}', true), set_config('app.account_id', '${s.accountId}', true), set_config('app.now', '${now}', true)`;
}

/** A statement to run first in a transaction, in the same round trip as `begin` on PostgreSQL. */
export type Opening<Row> = { statement: Statement<Row>; values: readonly unknown[] };

/** The connections on which each statement's SQL-level `PREPARE` has run. */
const preparedOn = new Map<string, WeakSet<object>>();

/**
 * One transaction with `settings` applied before `fn` runs. On PostgreSQL `begin`, the settings
 * and an optional opening statement travel in one round trip (a simple-protocol query of several
 * statements; the opening one prepared once per connection with SQL `PREPARE` and run by `EXECUTE`)
 * on a connection of the pool. PGlite runs in this process, where a round trip costs no network, so
 * it uses Drizzle's own `begin` and runs the statements one by one.
 */
async function transactionAs<T, Row = never>(
  db: Db,
  settings: Settings,
  fn: (tx: Tx, opened: Row[]) => Promise<T>,
  opening?: Opening<Row>,
): Promise<T> {
  const text = settingsSql(db, settings);
  const pool = (db as unknown as { $client: unknown }).$client;
  if (!(pool instanceof pg.Pool)) {
    return db.transaction(async (tx) => {
      await tx.execute(sql.raw(text));
      return fn(tx, opening ? await opening.statement(tx, opening.values) : []);
    });
  }
  const client = await pool.connect();
  // A connection whose state is unknown (a failed commit or rollback) is closed, not reused.
  let broken: Error | undefined;
  try {
    const dialect = (db as unknown as { dialect: PgDialect }).dialect;
    const tx = new NodePgTransaction(
      dialect,
      new NodePgSession(client, dialect, undefined),
      undefined,
    ) as unknown as Tx;
    const commands = ['begin', text];
    let prepared: WeakSet<object> | undefined;
    if (opening) {
      const name = opening.statement.statementName;
      prepared = preparedOn.get(name) ?? new WeakSet();
      preparedOn.set(name, prepared);
      if (!prepared.has(client)) commands.push(opening.statement.sqlPrepare);
      commands.push(opening.statement.sqlExecute(opening.values));
    }
    const results = await client.query(commands.join('; ')).catch((err: Error) => {
      broken = err;
      throw err;
    });
    if (opening) prepared?.add(client);
    const last = (Array.isArray(results) ? results.at(-1) : results) as { rows: Row[] } | undefined;
    let result: T;
    try {
      result = await fn(tx, opening ? (last?.rows ?? []) : []);
    } catch (err) {
      await client.query('rollback').catch((e: Error) => {
        broken = e;
      });
      throw err;
    }
    await client.query('commit').catch((err: Error) => {
      broken = err;
      throw err;
    });
    return result;
  } finally {
    client.release(broken);
  }
}

/**
 * A tenant transaction opened before the work it will hold is known: the request's session check
 * runs in it, then the route's first `ctx.tenant` adopts it, so that the check and the work share
 * one transaction on one connection (three round trips fewer). Released (committed) when nobody
 * adopts it: at the end of the request, before a platform transaction of the same request, or after
 * `maxHoldMs` (so that a handler waiting for something else never keeps a connection, or PGlite's
 * one, from the others).
 */
export type HeldTransaction<Row = unknown> = {
  tx: Tx;
  /** The rows of the opening statement, run in the same round trip as `begin`. */
  opened: Row[];
  /** Runs `fn` in the held transaction and commits it (rolls back if `fn` throws); null if already taken or released. */
  adopt<T>(fn: (tx: Tx) => Promise<T>): Promise<T> | null;
  /** Commits what ran in it so far (`commit` false: rolls back) and frees the connection; idempotent. */
  release(commit?: boolean): Promise<void>;
  /**
   * Hands the transaction over to whoever may adopt it, and releases it if nobody has after
   * `maxHoldMs`. `tx` must not be used after this: only through `adopt`.
   */
  handOver(maxHoldMs?: number): void;
};

/** Opens a tenant transaction and holds it for `adopt` (see `HeldTransaction`). */
export async function holdTenant<Row = never>(
  db: Db,
  scope: TenantScope,
  opening?: Opening<Row>,
): Promise<HeldTransaction<Row>> {
  type Work = (tx: Tx) => Promise<unknown>;
  let give: (work: Work) => void = () => {};
  const work = new Promise<Work>((resolve) => {
    give = resolve;
  });
  let opened: (value: { tx: Tx; rows: Row[] }) => void = () => {};
  let failedToOpen: (err: unknown) => void = () => {};
  const ready = new Promise<{ tx: Tx; rows: Row[] }>((resolve, reject) => {
    opened = resolve;
    failedToOpen = reject;
  });
  const done = transactionAs(
    db,
    tenantSettings(scope),
    async (tx, rows: Row[]) => {
      opened({ tx, rows });
      return (await work)(tx);
    },
    opening,
  );
  // Before `opened`, a failure (no connection, `begin` refused) is the caller's; after it, the
  // adopter's (who awaits `done`) or nobody's (a released transaction whose commit failed).
  done.catch(failedToOpen);
  const { tx, rows } = await ready;
  let state: 'held' | 'taken' | 'released' = 'held';
  let timer: NodeJS.Timeout | undefined;
  const release = async (commit = true) => {
    if (state === 'held') {
      state = 'released';
      clearTimeout(timer);
      give(commit ? async () => undefined : async () => Promise.reject(new RolledBack()));
    }
    await done.then(
      () => undefined,
      () => undefined,
    );
  };
  return {
    tx,
    opened: rows,
    adopt<T>(fn: (tx: Tx) => Promise<T>) {
      if (state !== 'held') return null;
      state = 'taken';
      clearTimeout(timer);
      give(fn);
      return done as Promise<T>;
    },
    release,
    handOver(maxHoldMs = 250) {
      if (state !== 'held') return;
      timer = setTimeout(() => void release(), maxHoldMs);
      timer.unref();
    },
  };
}

/** The rollback of a held transaction released without committing. */
class RolledBack extends Error {}

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
  return transactionAs(
    db,
    { role: PLATFORM_ROLE, workspaceId: '', accountId: reason.actorAccountId ?? '' },
    async (tx) => {
      await recordPlatformReason(tx, reason);
      return fn(tx);
    },
  );
}

/**
 * Switches a tenant transaction to the platform role for the rest of the transaction, for the rare
 * command whose last step must see other workspaces (anonymising an account that may belong to
 * several), so that the whole command stays one transaction. Audited like `withPlatform`.
 */
export async function escalateToPlatform(tx: Tx, reason: PlatformReason): Promise<void> {
  await tx.execute(sql`select set_config('role', ${PLATFORM_ROLE}, true)`);
  await recordPlatformReason(tx, reason);
}

/** Records why the platform path is taken, unless `audit` is false. */
async function recordPlatformReason(tx: Tx, reason: PlatformReason): Promise<void> {
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
