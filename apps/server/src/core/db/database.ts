import { mkdirSync } from 'node:fs';
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
import * as schema from '../../db/schema.ts';

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
    const pool = new pg.Pool({ connectionString: opts.databaseUrl, max: opts.poolSize ?? 10 });
    pool.on('error', () => {
      // An idle client lost its connection; the pool replaces it. Requests see errors of their own.
    });
    const db = drizzleNodePg({ client: pool, schema }) as unknown as Db;
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
  const db = drizzlePglite({ client: pglite, schema }) as unknown as Db;
  return {
    db,
    engine: 'pglite',
    pglite,
    migrate: () => migratePglite(drizzlePglite({ client: pglite }), { migrationsFolder: MIGRATIONS_DIR }),
    close: () => pglite.close(),
  };
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
