import { randomBytes } from 'node:crypto';
import { readFileSync, rmSync } from 'node:fs';
import { tmpdir } from 'node:os';
import path from 'node:path';
import { PGlite } from '@electric-sql/pglite';
import type { FastifyInstance, InjectOptions, LightMyRequestResponse } from 'fastify';
import pg from 'pg';
import { inject } from 'vitest';
import { buildApp } from '../app.ts';
import { type TestClock, testClock } from '../core/clock.ts';
import { type Config, loadConfig } from '../core/config.ts';
import { type Database, openDatabase, PGLITE_EXTENSIONS } from '../core/db/database.ts';
import type { Schedule } from '../core/jobs.ts';
import type { Mailer } from '../core/mail.ts';
import type { ModuleDefinition } from '../core/module.ts';
import type { SmsSender } from '../core/sms.ts';
import { TEST_PLATFORM_HOST } from './constants.ts';
import { adminUrl } from './global-setup.ts';

/**
 * A fresh database for one test file, cloned from the run's template. `poolSize` (PostgreSQL; 5 by
 * default) of 1 makes every transaction use the same connection, as PGlite's one always does.
 */
export async function openTestDatabase(
  opts: { poolSize?: number } = {},
): Promise<Database & { dispose(): Promise<void> }> {
  const template = inject('dbTemplate');
  const databaseUrl = process.env.DATABASE_URL;
  if (databaseUrl) {
    const name = `${template.replace(/_tpl_\d+$/, '')}_t_${randomBytes(6).toString('hex')}`;
    const admin = new pg.Client({ connectionString: adminUrl(databaseUrl) });
    await admin.connect();
    await admin.query(`CREATE DATABASE "${name}" TEMPLATE "${template}"`);
    await admin.end();
    const u = new URL(databaseUrl);
    u.pathname = `/${name}`;
    const database = await openDatabase({ databaseUrl: u.toString(), poolSize: opts.poolSize ?? 5 });
    return {
      ...database,
      async dispose() {
        await database.close();
        const a = new pg.Client({ connectionString: adminUrl(databaseUrl) });
        await a.connect();
        await a.query(`DROP DATABASE IF EXISTS "${name}" WITH (FORCE)`);
        await a.end();
      },
    };
  }
  const pglite = await PGlite.create({
    loadDataDir: new Blob([readFileSync(template)]),
    extensions: PGLITE_EXTENSIONS,
  });
  const database = await openDatabase({ pglite });
  return { ...database, dispose: () => database.close() };
}

/** A random AUTH_SECRET per test process: nothing in the tests may depend on a known key. */
const TEST_AUTH_SECRET = randomBytes(48).toString('base64');

/** Test configuration: the same validation as production, with test defaults. */
export function testConfig(overrides: Partial<Config> = {}): Config {
  const base = loadConfig({
    NODE_ENV: 'test',
    PLATFORM_HOST: TEST_PLATFORM_HOST,
    LOG_LEVEL: 'silent',
    AUTH_SECRET: TEST_AUTH_SECRET,
  });
  // Each test app keeps its files in its own temporary folder.
  const storage = { dir: path.join(tmpdir(), `cp-test-files-${randomBytes(6).toString('hex')}`), s3: null };
  return { ...base, storage, ...overrides };
}

export type TestApp = {
  app: FastifyInstance;
  database: Database;
  config: Config;
  /**
   * The server's clock (`deps.clock`, and `app_now()` in SQL): follows the real time until a test
   * sets or advances it. A test that moves it resets it when done (`clock.reset()`).
   */
  clock: TestClock;
  /** Sends a request as a browser on `host` would (Host and Origin headers set). */
  request(host: string, opts: InjectOptions & { token?: string }): Promise<LightMyRequestResponse>;
  close(): Promise<void>;
};

/** Builds the real server on a fresh database, for driving through its HTTP interface. */
export async function createTestApp(
  opts: {
    config?: Partial<Config>;
    mailer?: Mailer;
    sms?: SmsSender;
    database?: Database;
    schedules?: readonly Schedule[];
    /** The modules to run; the app's `MODULES` by default (a test adds a module of its own to them). */
    modules?: readonly ModuleDefinition[];
    /** The HTTP timeouts of a server that listens (`app.listen`); the real ones by default. */
    timeouts?: { idleMs: number; requestMs: number };
  } = {},
): Promise<TestApp> {
  const database = opts.database ?? (await openTestDatabase());
  const config = testConfig(opts.config);
  const clock = testClock();
  const app = await buildApp({
    config,
    database,
    clock,
    logger: process.env.TEST_LOG ? { level: 'error' } : false,
    ...(opts.mailer ? { mailer: opts.mailer } : {}),
    ...(opts.sms ? { sms: opts.sms } : {}),
    ...(opts.schedules ? { schedules: opts.schedules } : {}),
    ...(opts.modules ? { modules: opts.modules } : {}),
    ...(opts.timeouts ? { timeouts: opts.timeouts } : {}),
  });
  await app.ready();
  return {
    app,
    database,
    config,
    clock,
    request(host, { token, headers, ...rest }) {
      return app.inject({
        ...rest,
        headers: {
          host,
          ...(token ? { authorization: `Bearer ${token}` } : {}),
          ...headers,
        },
      });
    },
    async close() {
      await app.close();
      if (!opts.database) await (database as Database & { dispose(): Promise<void> }).dispose();
      if (!opts.config?.storage) rmSync(config.storage.dir, { recursive: true, force: true });
    },
  };
}
