import { mkdirSync } from 'node:fs';
import net from 'node:net';
import path from 'node:path';
import { PGlite } from '@electric-sql/pglite';
import { pg_trgm } from '@electric-sql/pglite/contrib/pg_trgm';
import { type SQL, sql } from 'drizzle-orm';
import { drizzle as drizzleNodePg } from 'drizzle-orm/node-postgres';
import { migrate as migrateNodePg } from 'drizzle-orm/node-postgres/migrator';
import type { PgDatabase, PgQueryResultHKT } from 'drizzle-orm/pg-core';
import { drizzle as drizzlePglite } from 'drizzle-orm/pglite';
import { migrate as migratePglite } from 'drizzle-orm/pglite/migrator';
import pg from 'pg';
import type * as schema from '../../db/schema.ts';

export type Schema = typeof schema;
/** The Drizzle database, whichever engine is behind it. */
export type Db = PgDatabase<PgQueryResultHKT, Schema>;
/** A transaction handle: everything a request does runs in one. */
export type Tx = Parameters<Parameters<Db['transaction']>[0]>[0];

/** The folder of committed migrations, applied at start-up on both engines. */
export const MIGRATIONS_DIR = path.join(import.meta.dirname, '../../db/migrations');

/** An open database: Drizzle on top, the engine's client below, and how to close it. */
export type Database = {
  db: Db;
  engine: 'pglite' | 'postgres';
  /** The connection URL on PostgreSQL (the job queue opens its own small pool with it). */
  url?: string;
  /** Applies the committed migrations (as the connecting role, which owns the tables). */
  migrate(): Promise<void>;
  close(): Promise<void>;
  /** The PGlite instance when embedded (tests use it to dump a template). */
  pglite?: PGlite;
};

/**
 * The extensions every PGlite instance loads (the migrations create them: pg_trgm for the
 * trigram indexes of list search). Pass them wherever a PGlite instance is made.
 */
export const PGLITE_EXTENSIONS = { pg_trgm };

/** Opens PostgreSQL when `databaseUrl` is set, otherwise PGlite with its data in `dataDir` (or in memory). */
export async function openDatabase(opts: {
  databaseUrl?: string | undefined;
  dataDir?: string | undefined;
  poolSize?: number;
  pglite?: PGlite;
}): Promise<Database> {
  if (opts.databaseUrl) {
    const pool = new pg.Pool({
      connectionString: opts.databaseUrl,
      max: opts.poolSize ?? 10,
      stream: corkingSocket,
    });
    pool.on('error', () => {
      // An idle client lost its connection; the pool replaces it. Requests see errors of their own.
    });
    // No relational schema: the services use the query builders only, and every transaction would
    // otherwise build a relational query helper per table (measured: a tenth of a request's CPU).
    const db = drizzleNodePg({ client: pool }) as unknown as Db;
    return {
      db,
      engine: 'postgres',
      url: opts.databaseUrl,
      migrate: () => migrateNodePg(drizzleNodePg({ client: pool }), { migrationsFolder: MIGRATIONS_DIR }),
      close: () => pool.end(),
    };
  }
  let client = opts.pglite;
  if (!client) {
    if (opts.dataDir) mkdirSync(opts.dataDir, { recursive: true });
    client = await PGlite.create({
      ...(opts.dataDir ? { dataDir: path.join(opts.dataDir, 'pglite') } : {}),
      extensions: PGLITE_EXTENSIONS,
    });
  }
  const pglite = client;
  const db = drizzlePglite({ client: pglite }) as unknown as Db;
  return {
    db,
    engine: 'pglite',
    pglite,
    migrate: () => migratePglite(drizzlePglite({ client: pglite }), { migrationsFolder: MIGRATIONS_DIR }),
    close: () => pglite.close(),
  };
}

/**
 * A TCP socket that sends everything written to it in one tick as one packet. node-postgres writes
 * each message of a query separately (Parse, Bind, Describe, Execute, Sync: five system calls and,
 * with Nagle off, up to five packets for one statement); corked until the next tick they leave as
 * one write. Measured on the request path: the socket writes were a third of the server's CPU.
 */
function corkingSocket(): net.Socket {
  const socket = new net.Socket();
  const write = socket.write.bind(socket) as (...args: unknown[]) => boolean;
  let corked = false;
  socket.write = ((...args: unknown[]) => {
    if (!corked) {
      corked = true;
      socket.cork();
      process.nextTick(() => {
        corked = false;
        socket.uncork();
      });
    }
    return write(...args);
  }) as net.Socket['write'];
  return socket;
}

/** How many migrations are committed, and how many the database has applied. */
export async function migrationStatus(db: Db): Promise<{ applied: number; expected: number }> {
  const { readMigrationFiles } = await import('drizzle-orm/migrator');
  const expected = readMigrationFiles({ migrationsFolder: MIGRATIONS_DIR }).length;
  const rows = await queryRows<{ n: number }>(db, sql`select count(*)::int as n from drizzle.__drizzle_migrations`);
  return { applied: Number(rows[0]?.n ?? 0), expected };
}

/** Runs raw SQL and returns its rows, the same on both engines (Drizzle's builders are preferred; this is for SQL functions). */
export async function queryRows<T>(tx: Pick<Db, 'execute'>, query: SQL): Promise<T[]> {
  const result = (await tx.execute(query)) as unknown as { rows: T[] };
  return result.rows;
}
