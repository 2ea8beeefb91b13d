import { type ChildProcess, spawn } from 'node:child_process';
import { mkdtempSync, rmSync } from 'node:fs';
import net from 'node:net';
import os from 'node:os';
import path from 'node:path';
import pg from 'pg';
import type { TestProject } from 'vitest/node';
import { startTestIdp, type TestIdpUser } from '../apps/server/src/testing/oidc-provider.ts';

declare module 'vitest' {
  export interface ProvidedContext {
    /**
     * One server per e2e worker (`e2e/browser.ts` picks the worker's own: `port()`, `e2eDatabaseUrl()`):
     * the port each listens on; hosts are `localhost:<port>`, `acme.localhost:<port>`, …
     */
    e2ePorts: number[];
    /** The PostgreSQL database each server uses (empty on PGlite, which only the server process may open). */
    e2eDatabaseUrls: string[];
  }
}

/**
 * The people of the local OpenID providers standing in for Google and Microsoft: demo accounts of
 * Acme (whose demo data enables both providers), with verified addresses.
 */
export const E2E_IDP_USERS: { google: TestIdpUser[]; microsoft: TestIdpUser[] } = {
  google: [{ sub: 'google-employee-1', email: 'employee@acme.test', emailVerified: true, name: 'Acme Employee' }],
  microsoft: [{ sub: 'microsoft-admin-1', email: 'admin@acme.test', emailVerified: true, name: 'Acme Admin' }],
};

const root = path.resolve(import.meta.dirname, '..');

function freePort(): Promise<number> {
  return new Promise((resolve, reject) => {
    const srv = net.createServer();
    srv.listen(0, '127.0.0.1', () => {
      const { port } = srv.address() as net.AddressInfo;
      srv.close(() => resolve(port));
    });
    srv.on('error', reject);
  });
}

async function waitReady(port: number, child: ChildProcess, log: () => string): Promise<void> {
  // Generous: on a loaded machine two servers migrating and seeding at once took over 90 s.
  const deadline = Date.now() + 240_000;
  while (Date.now() < deadline) {
    if (child.exitCode !== null) throw new Error(`the server exited (${child.exitCode}):\n${log()}`);
    try {
      const res = await fetch(`http://127.0.0.1:${port}/ready`);
      if (res.ok) return;
    } catch {
      // not listening yet
    }
    await new Promise((r) => setTimeout(r, 250));
  }
  throw new Error(`the server did not become ready:\n${log()}`);
}

type Started = { port: number; databaseUrl: string; stop(): Promise<void> };

/**
 * Starts the platform the way `npm start` does (built web app served by the one server process,
 * demo data on first start) on a free port with its own data: a fresh PGlite folder, or a fresh
 * PostgreSQL database when DATABASE_URL is set; with its own local OpenID providers.
 */
async function startServer(n: number): Promise<Started> {
  const port = await freePort();
  const dataDir = mkdtempSync(path.join(os.tmpdir(), 'compliance-e2e-'));
  let databaseUrl: string | undefined;
  let dropDatabase = async () => {};
  if (process.env.DATABASE_URL) {
    const u = new URL(process.env.DATABASE_URL);
    const name = `${u.pathname.slice(1) || 'compliance'}_e2e_${process.pid}_${n}`;
    const admin = new URL(process.env.DATABASE_URL);
    admin.pathname = '/postgres';
    const client = new pg.Client({ connectionString: admin.toString() });
    await client.connect();
    await client.query(`DROP DATABASE IF EXISTS "${name}" WITH (FORCE)`);
    await client.query(`CREATE DATABASE "${name}"`);
    await client.end();
    u.pathname = `/${name}`;
    databaseUrl = u.toString();
    dropDatabase = async () => {
      const c = new pg.Client({ connectionString: admin.toString() });
      await c.connect();
      await c.query(`DROP DATABASE IF EXISTS "${name}" WITH (FORCE)`);
      await c.end();
    };
  }
  // Real OpenID providers for Google and Microsoft sign-in, registered with the server's redirect URI.
  const redirectUris = [`http://localhost:${port}/api/auth/oidc/callback`];
  const [google, microsoft] = await Promise.all([
    startTestIdp({ name: 'Google (test)', redirectUris, users: E2E_IDP_USERS.google }),
    startTestIdp({ name: 'Microsoft (test)', redirectUris, users: E2E_IDP_USERS.microsoft }),
  ]);
  let output = '';
  const env: NodeJS.ProcessEnv = {
    ...process.env,
    PORT: String(port),
    PLATFORM_HOST: `localhost:${port}`,
    DATA_DIR: dataDir,
    NODE_ENV: 'test',
    LOG_LEVEL: 'warn',
    DEMO_DATA: 'true',
    OIDC_ALLOW_INSECURE_HTTP: 'true',
    OIDC_GOOGLE_ISSUER: google.issuer,
    OIDC_GOOGLE_CLIENT_ID: google.clientId,
    OIDC_GOOGLE_CLIENT_SECRET: google.clientSecret,
    OIDC_MICROSOFT_ISSUER: microsoft.issuer,
    OIDC_MICROSOFT_CLIENT_ID: microsoft.clientId,
    OIDC_MICROSOFT_CLIENT_SECRET: microsoft.clientSecret,
  };
  if (databaseUrl) env.DATABASE_URL = databaseUrl;
  else delete env.DATABASE_URL;
  const child = spawn(process.execPath, [path.join(root, 'apps/server/src/main.ts')], {
    cwd: root,
    env,
    stdio: 'pipe',
  });
  child.stdout?.on('data', (d) => {
    output += d;
  });
  child.stderr?.on('data', (d) => {
    output += d;
  });
  const stop = async () => {
    if (child.exitCode === null) {
      child.kill('SIGTERM');
      await new Promise((r) => child.once('exit', r));
    }
    await Promise.all([google.close(), microsoft.close()]);
    await dropDatabase();
    rmSync(dataDir, { recursive: true, force: true });
  };
  try {
    await waitReady(port, child, () => output);
  } catch (err) {
    await stop();
    throw err;
  }
  return { port, databaseUrl: databaseUrl ?? '', stop };
}

/**
 * How many journeys this run has (`vitest run --project e2e e2e/x.test.ts`: one, so one server is
 * started, not one per worker); the vitest run's file filters are not public, so every journey
 * counts when they cannot be read.
 */
async function journeysInRun(project: TestProject): Promise<number> {
  const filters = (project.vitest as unknown as { filenamePattern?: string[] }).filenamePattern;
  try {
    return (await project.globTestFiles(filters)).testFiles.length;
  } catch {
    return Number.POSITIVE_INFINITY;
  }
}

/**
 * One server (with its own database and data) per worker of the e2e project, so that two journeys
 * run at the same time without seeing each other's changes to the demo data; a journey talks to
 * its worker's server (`VITEST_POOL_ID`, see `port()` in e2e/browser.ts). Each server still serves
 * the journeys of its worker one after another, as the single server did before (docs/testing.md,
 * "CI time").
 */
export default async function setup(project: TestProject) {
  const count = Math.max(1, Math.min(project.config.maxWorkers, await journeysInRun(project)));
  const results = await Promise.allSettled(Array.from({ length: count }, (_, i) => startServer(i + 1)));
  const servers = results.flatMap((r) => (r.status === 'fulfilled' ? [r.value] : []));
  const failed = results.find((r) => r.status === 'rejected');
  if (failed) {
    await Promise.all(servers.map((s) => s.stop()));
    throw failed.reason;
  }
  project.provide(
    'e2ePorts',
    servers.map((s) => s.port),
  );
  project.provide(
    'e2eDatabaseUrls',
    servers.map((s) => s.databaseUrl),
  );
  return async () => {
    await Promise.all(servers.map((s) => s.stop()));
  };
}
