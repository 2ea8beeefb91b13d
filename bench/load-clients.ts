/**
 * `npm run bench:load`: 200 signed-in clients at once for 60 s against the server as `npm start`
 * runs it (its own process; DATABASE_URL for PostgreSQL, else PGlite in a temporary folder).
 *
 * Each client has its own session (signed in through the API with a password) and its own
 * keep-alive connection, and sends one request after another without pause: three in four clients
 * are employees reading their session (`GET /api/user/details`, what every page load asks first),
 * one in four are HR admins alternating the first page of the users list (`POST /api/workspace/users`)
 * and the users' counts (`GET /api/workspace/users/stats`). Every answer must be a 2xx: any other
 * status, or a network error, counts as an error. Writes the throughput, the latency percentiles
 * (p50, p95, p99, max) and the errors to bench/RESULTS.md.
 */

import { mkdtempSync, rmSync } from 'node:fs';
import http from 'node:http';
import os from 'node:os';
import path from 'node:path';
import { freePort, signIn, startServer, writeResults } from './server.ts';

const CLIENTS = Number(process.env.BENCH_CLIENTS ?? 200);
const SECONDS = Number(process.env.BENCH_SECONDS ?? 60);
const ADMIN_SHARE = Number(process.env.BENCH_ADMIN_SHARE ?? 0.25);

const port = await freePort();
const dataDir = mkdtempSync(path.join(os.tmpdir(), 'compliance-load-'));
const host = `acme.localhost:${port}`;
const server = await startServer({ port, dataDir, readyWithinMs: 90_000 });

type Call = { method: 'GET' | 'POST'; path: string; body?: string };
const details: Call = { method: 'GET', path: '/api/user/details' };
const usersPage: Call = {
  method: 'POST',
  path: '/api/workspace/users?pageNo=0&pageSize=20',
  body: JSON.stringify({}),
};
const usersStats: Call = { method: 'GET', path: '/api/workspace/users/stats' };

/** One request on `agent`; resolves with its status (0 for a network error). */
function send(agent: http.Agent, token: string, call: Call): Promise<number> {
  return new Promise((resolve) => {
    const req = http.request(
      {
        host: '127.0.0.1',
        port,
        agent,
        method: call.method,
        path: call.path,
        headers: {
          host,
          authorization: `Bearer ${token}`,
          ...(call.body ? { 'content-type': 'application/json', 'content-length': Buffer.byteLength(call.body) } : {}),
        },
      },
      (res) => {
        res.resume();
        res.on('end', () => resolve(res.statusCode ?? 0));
        res.on('error', () => resolve(0));
      },
    );
    req.on('error', () => resolve(0));
    req.end(call.body);
  });
}

try {
  // Sessions first (argon2id per sign-in), four at a time.
  const admins = Math.round(CLIENTS * ADMIN_SHARE);
  const tokens: { token: string; admin: boolean }[] = [];
  const signInStarted = performance.now();
  for (let i = 0; i < CLIENTS; i += 4) {
    const batch = Array.from({ length: Math.min(4, CLIENTS - i) }, (_, k) => i + k);
    const got = await Promise.all(
      batch.map((n) => signIn(port, host, n < admins ? 'admin@acme.test' : 'employee@acme.test', 'Demo@12345')),
    );
    for (const [k, token] of got.entries()) tokens.push({ token, admin: (batch[k] ?? 0) < admins });
  }
  const signInSeconds = (performance.now() - signInStarted) / 1000;

  const latencies: number[] = [];
  const byCall = new Map<Call, number[]>([
    [details, []],
    [usersPage, []],
    [usersStats, []],
  ]);
  const errors = new Map<number, number>();
  let requests = 0;
  const started = performance.now();
  const deadline = started + SECONDS * 1000;
  const client = async ({ token, admin }: { token: string; admin: boolean }) => {
    const agent = new http.Agent({ keepAlive: true, maxSockets: 1 });
    let n = 0;
    while (performance.now() < deadline) {
      const call = admin ? (n % 2 === 0 ? usersPage : usersStats) : details;
      n++;
      const t0 = performance.now();
      const status = await send(agent, token, call);
      const took = performance.now() - t0;
      latencies.push(took);
      byCall.get(call)?.push(took);
      requests++;
      if (status < 200 || status >= 300) errors.set(status, (errors.get(status) ?? 0) + 1);
    }
    agent.destroy();
  };
  await Promise.all(tokens.map(client));
  const elapsed = (performance.now() - started) / 1000;
  const sorted = latencies.sort((a, b) => a - b);
  const pct = (p: number) => sorted[Math.min(sorted.length - 1, Math.floor((p / 100) * sorted.length))] ?? 0;
  const callRows = [...byCall]
    .filter(([, v]) => v.length > 0)
    .map(([call, v]) => {
      const s = v.sort((a, b) => a - b);
      const p = (q: number) => s[Math.min(s.length - 1, Math.floor((q / 100) * s.length))] ?? 0;
      return `| ${call.method} ${call.path.split('?')[0]} | ${s.length} | ${p(50).toFixed(1)} | ${p(95).toFixed(1)} | ${p(99).toFixed(1)} |`;
    })
    .join('\n');
  const errorCount = [...errors.values()].reduce((a, b) => a + b, 0);
  const engine = process.env.DATABASE_URL ? 'PostgreSQL (DATABASE_URL)' : 'PGlite (embedded)';
  const heading = `## Load: ${CLIENTS} signed-in clients for ${SECONDS} s (${engine})`;
  const section = `${heading}

Written by \`npm run bench:load\` (bench/load-clients.ts) on ${new Date().toISOString()}; ${os.cpus().length} × ${os.cpus()[0]?.model ?? 'cpu'}, Node ${process.version}. The server runs in its own process as \`npm start\` does (database pool: 10 connections); the ${CLIENTS} clients run in the bench process, each with its own session and keep-alive connection, one request after another without pause: ${CLIENTS - admins} employees read \`GET /api/user/details\`, ${admins} HR admins alternate \`POST /api/workspace/users\` (first page of 20) and \`GET /api/workspace/users/stats\` (demo workspace). The ${CLIENTS} sessions were opened first through password sign-in (${signInSeconds.toFixed(1)} s).

| requests | req/s | errors | p50 ms | p95 ms | p99 ms | max ms |
|---|---|---|---|---|---|---|
| ${requests} | ${(requests / elapsed).toFixed(0)} | ${errorCount}${errorCount ? ` (${[...errors].map(([s, c]) => `${c} × ${s || 'network'}`).join(', ')})` : ''} | ${pct(50).toFixed(1)} | ${pct(95).toFixed(1)} | ${pct(99).toFixed(1)} | ${(sorted.at(-1) ?? 0).toFixed(1)} |

| call | requests | p50 ms | p95 ms | p99 ms |
|---|---|---|---|---|
${callRows}
`;
  writeResults({ heading, section });
  console.log(section);
  if (errorCount > 0) process.exitCode = 1;
} finally {
  await server.stop();
  rmSync(dataDir, { recursive: true, force: true });
}
