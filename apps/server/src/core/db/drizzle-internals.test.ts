import { readFileSync } from 'node:fs';
import { createRequire } from 'node:module';
import path from 'node:path';
import { sql } from 'drizzle-orm';
import { NodePgSession, NodePgTransaction } from 'drizzle-orm/node-postgres';
import { PgDialect } from 'drizzle-orm/pg-core';
import pg from 'pg';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { openTestDatabase } from '../../testing/test-app.ts';
import { queryRows, type Tx } from './database.ts';
import { statement } from './statement.ts';
import { withTenant } from './tenant.ts';

/**
 * The upgrade test of Drizzle. The request path does not go through Drizzle's public API alone:
 * core/db/tenant.ts `transactionAs` builds a transaction on a pooled connection from Drizzle's
 * internals (`new NodePgTransaction(dialect, new NodePgSession(client, dialect, undefined),
 * undefined)`, `db.dialect`, `db.$client`), and core/db/statement.ts runs prepared statements on
 * `tx.session.client`. Case access relies on that transaction being the caller's
 * (docs/request-path.md). So `drizzle-orm` is pinned to an exact version, and each internal used is
 * asserted here: when an upgrade changes one, this fails and says what to re-check.
 */

const RECHECK =
  'Drizzle internals used by core/db/tenant.ts (transactionAs) and core/db/statement.ts (driverClientOf) changed: ' +
  're-read drizzle-orm/node-postgres/session.js and pg-core/session.js, adapt those two files, then run ' +
  'core/request-caller.test.ts, core/db/request-transaction.test.ts and core/areas.test.ts on both engines.';

const serverPackage = JSON.parse(readFileSync(path.join(import.meta.dirname, '../../../package.json'), 'utf8')) as {
  dependencies: Record<string, string>;
};
const installed = JSON.parse(
  readFileSync(path.join(path.dirname(createRequire(import.meta.url).resolve('drizzle-orm')), 'package.json'), 'utf8'),
) as { version: string };

/** The version these internals were checked against; change it only after re-checking them. */
const CHECKED_VERSION = '0.45.4';

let database: Awaited<ReturnType<typeof openTestDatabase>>;
beforeAll(async () => {
  database = await openTestDatabase();
});
afterAll(() => database.dispose());

describe('Drizzle, whose internals the request path uses', () => {
  it('is pinned to the exact version its internals were checked against', () => {
    const wanted = serverPackage.dependencies['drizzle-orm'];
    expect(wanted, 'drizzle-orm must have an exact version in apps/server/package.json (no ^ or ~)').toMatch(
      /^\d+\.\d+\.\d+$/,
    );
    expect(installed.version, 'the installed drizzle-orm is not the pinned one: run npm install').toBe(wanted);
    expect(wanted, `drizzle-orm was upgraded. ${RECHECK} Then set CHECKED_VERSION here.`).toBe(CHECKED_VERSION);
  });

  it('keeps the constructors transactionAs calls, with the same parameters', () => {
    // NodePgSession(client, dialect, schema, options = {}); NodePgTransaction(dialect, session, schema, nestedIndex = 0).
    expect(typeof NodePgSession, RECHECK).toBe('function');
    expect(typeof NodePgTransaction, RECHECK).toBe('function');
    expect(NodePgSession.length, RECHECK).toBe(3);
    // NodePgTransaction declares no constructor of its own: PgTransaction's.
    expect((Object.getPrototypeOf(NodePgTransaction) as { length: number }).length, RECHECK).toBe(3);
    const client = new pg.Client();
    const dialect = new PgDialect();
    const session = new NodePgSession(client, dialect, undefined);
    const tx = new NodePgTransaction(dialect, session, undefined) as unknown as Record<string, unknown>;
    expect((session as unknown as { client: unknown }).client, RECHECK).toBe(client);
    expect(tx.session, RECHECK).toBe(session);
    expect(tx.dialect, RECHECK).toBe(dialect);
    for (const method of ['execute', 'select', 'insert', 'update', 'delete', 'transaction'])
      expect(typeof tx[method], `${RECHECK} (tx.${method})`).toBe('function');
  });

  it('exposes the dialect and the driver client on the database, and the driver client on a transaction', async () => {
    const db = database.db as unknown as { dialect: unknown; $client: unknown };
    expect(db.dialect, RECHECK).toBeInstanceOf(PgDialect);
    if (database.engine === 'postgres') expect(db.$client, RECHECK).toBeInstanceOf(pg.Pool);
    else expect(db.$client, RECHECK).toBe(database.pglite);
    await withTenant(database.db, { workspaceId: null }, async (tx: Tx) => {
      const client = (tx as unknown as { session?: { client?: { query?: unknown } } }).session?.client;
      expect(typeof client?.query, RECHECK).toBe('function');
    });
  });

  it('runs the transaction it builds on the connection it was given, with statements on the same one', async () => {
    const pid = statement<{ pid: number }>('test_drizzle_pid', 'select pg_backend_pid() as pid');
    await withTenant(database.db, { workspaceId: null }, async (tx) => {
      const [built] = await queryRows<{ pid: number; role: string }>(
        tx,
        sql`select pg_backend_pid() as pid, current_user as role`,
      );
      const [prepared] = await pid(tx, []);
      expect(prepared?.pid, RECHECK).toBe(built?.pid);
      expect(built?.role, RECHECK).toBe('compliance_app');
    });
  });
});
