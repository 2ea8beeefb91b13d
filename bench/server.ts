/** What every benchmark shares: a free port, the server started as `npm start` does, RESULTS.md. */
import { type ChildProcess, spawn } from 'node:child_process';
import { existsSync, readFileSync, writeFileSync } from 'node:fs';
import net from 'node:net';
import path from 'node:path';

const root = path.resolve(import.meta.dirname, '..');
const RESULTS = path.join(import.meta.dirname, 'RESULTS.md');

/** A port nothing listens on right now. */
export function freePort(): Promise<number> {
  return new Promise((resolve) => {
    const s = net.createServer().listen(0, '127.0.0.1', () => {
      const p = (s.address() as net.AddressInfo).port;
      s.close(() => resolve(p));
    });
  });
}

/** A running server in its own process; `stop()` ends it. */
export type BenchServer = { port: number; process: ChildProcess; stop(): Promise<void> };

/**
 * Starts `apps/server/src/main.ts` on `port` with its data in `dataDir` (or DATABASE_URL from the
 * environment) and waits until `/ready` answers.
 */
export async function startServer(opts: {
  port: number;
  dataDir: string;
  readyWithinMs?: number;
  /** More environment for the server (SMTP_URL…), over the bench's own. */
  env?: Record<string, string>;
}): Promise<BenchServer> {
  // BENCH_SERVER_NODE_ARGS: more flags for the server's node, such as `--cpu-prof --cpu-prof-dir=/tmp/prof`.
  const nodeArgs = process.env.BENCH_SERVER_NODE_ARGS?.split(' ').filter(Boolean) ?? [];
  const child = spawn(process.execPath, [...nodeArgs, path.join(root, 'apps/server/src/main.ts')], {
    cwd: root,
    env: {
      ...process.env,
      PORT: String(opts.port),
      PLATFORM_HOST: `localhost:${opts.port}`,
      DATA_DIR: opts.dataDir,
      LOG_LEVEL: 'warn',
      NODE_ENV: 'test',
      ...opts.env,
    },
    stdio: ['ignore', 'ignore', 'inherit'],
  });
  const stop = async () => {
    if (child.exitCode !== null) return;
    child.kill('SIGTERM');
    await new Promise((r) => child.once('exit', r));
  };
  const deadline = Date.now() + (opts.readyWithinMs ?? 90_000);
  for (;;) {
    const ok = await fetch(`http://127.0.0.1:${opts.port}/ready`)
      .then((r) => r.ok)
      .catch(() => false);
    if (ok) break;
    if (Date.now() > deadline || child.exitCode !== null) {
      await stop();
      throw new Error('server did not start');
    }
    await new Promise((r) => setTimeout(r, 250));
  }
  return { port: opts.port, process: child, stop };
}

/** Signs in with a password on `host` (sent as Origin) and returns the bearer token. */
export async function signIn(port: number, host: string, userEmail: string, userPassword: string): Promise<string> {
  const res = await fetch(`http://127.0.0.1:${port}/api/user/signin`, {
    method: 'POST',
    headers: { origin: `http://${host}`, 'content-type': 'application/json' },
    body: JSON.stringify({ userEmail, userPassword }),
  });
  const body = (await res.json()) as { accessToken?: string };
  if (res.status !== 200 || !body.accessToken) throw new Error(`sign-in failed: ${res.status}`);
  return body.accessToken;
}

/**
 * Writes one `## heading` section of bench/RESULTS.md, replacing the section of that heading if
 * there is one and keeping every other. With `lead`, the text replaces what comes before the first
 * section (bench/run.ts's report).
 */
export function writeResults(input: { heading: string; section: string } | { lead: string }): void {
  const existing = existsSync(RESULTS) ? readFileSync(RESULTS, 'utf8') : '';
  let next: string;
  if ('lead' in input) {
    const first = existing.indexOf('\n## ');
    next = first < 0 ? input.lead : `${input.lead.trimEnd()}\n\n${existing.slice(first + 1)}`;
  } else {
    const start = existing.indexOf(input.heading);
    if (start < 0) next = `${existing.trimEnd()}\n\n${input.section}`;
    else {
      const end = existing.indexOf('\n## ', start + input.heading.length);
      next = existing.slice(0, start) + input.section + (end < 0 ? '' : existing.slice(end + 1));
    }
  }
  writeFileSync(RESULTS, next.endsWith('\n') ? next : `${next}\n`);
}
