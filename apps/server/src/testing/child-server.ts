import { type ChildProcess, spawn } from 'node:child_process';
import { randomBytes } from 'node:crypto';
import { mkdtempSync, rmSync } from 'node:fs';
import net from 'node:net';
import os from 'node:os';
import path from 'node:path';
import pg from 'pg';
import { adminUrl } from './global-setup.ts';

/*
 * The real server in its own process, as `npm start` runs it, for the crash tests (kill -9 and
 * restart on the same data): a free port, a database of its own, and a start that waits for
 * `/ready`. Each helper registers what it makes in `cleanups`, which the test runs in reverse.
 */

const root = path.resolve(import.meta.dirname, '../../../..');
const MAIN = path.join(root, 'apps/server/src/main.ts');

export type Cleanups = Array<() => Promise<void> | void>;

/** A port nothing listens on now. */
export function freePort(): Promise<number> {
  return new Promise((resolve) => {
    const s = net.createServer().listen(0, '127.0.0.1', () => {
      const p = (s.address() as net.AddressInfo).port;
      s.close(() => resolve(p));
    });
  });
}

/** Starts the server on `port` with `env` and waits (polling, up to 90 s) until `/ready` answers. */
export async function startChildServer(
  port: number,
  env: Record<string, string>,
  cleanups: Cleanups,
): Promise<ChildProcess> {
  const child = spawn(process.execPath, [MAIN], {
    cwd: root,
    env: {
      ...process.env,
      ...env,
      PORT: String(port),
      PLATFORM_HOST: `localhost:${port}`,
      LOG_LEVEL: 'error',
      NODE_ENV: 'test',
    },
    stdio: ['ignore', 'ignore', 'inherit'],
  });
  cleanups.push(() => {
    if (child.exitCode === null && child.signalCode === null) child.kill('SIGKILL');
  });
  const deadline = Date.now() + 90_000;
  for (;;) {
    const ok = await fetch(`http://127.0.0.1:${port}/ready`)
      .then((r) => r.ok)
      .catch(() => false);
    if (ok) return child;
    if (Date.now() > deadline || child.exitCode !== null) throw new Error('the server did not start');
    await new Promise((r) => setTimeout(r, 100));
  }
}

/** A database of its own for the server: a fresh PostgreSQL database (DATABASE_URL set), or a PGlite folder. */
export async function freshData(label: string, cleanups: Cleanups): Promise<Record<string, string>> {
  const url = process.env.DATABASE_URL;
  if (!url) {
    const dir = mkdtempSync(path.join(os.tmpdir(), `compliance-${label}-`));
    cleanups.push(() => rmSync(dir, { recursive: true, force: true }));
    return { DATA_DIR: dir };
  }
  const name = `${new URL(url).pathname.slice(1) || 'compliance'}_${label}_${randomBytes(4).toString('hex')}`;
  const admin = new pg.Client({ connectionString: adminUrl(url) });
  await admin.connect();
  await admin.query(`CREATE DATABASE "${name}"`);
  await admin.end();
  cleanups.push(async () => {
    const a = new pg.Client({ connectionString: adminUrl(url) });
    await a.connect();
    await a.query(`DROP DATABASE IF EXISTS "${name}" WITH (FORCE)`);
    await a.end();
  });
  const u = new URL(url);
  u.pathname = `/${name}`;
  return { DATABASE_URL: u.toString() };
}
