/**
 * `npm run bench:users-export`: the users export (`POST /api/workspace/users/export`) on a
 * workspace with BENCH_USERS (100,000) extra members, seeded as `bench:users` seeds them.
 * Measures, through the real server, the time until the last byte of a CSV and of an XLSX of the
 * whole list (and of a filtered one), the file's size, and the server process's peak resident
 * memory during each download (VmHWM, reset before each), then appends its section to
 * bench/RESULTS.md. PGlite when DATABASE_URL is unset, PostgreSQL otherwise.
 */
import { mkdtempSync, readFileSync, rmSync, writeFileSync } from 'node:fs';
import os from 'node:os';
import path from 'node:path';
import { demoHosts, hashPassword, openDatabase, queryRows, seedDemoData, withPlatform } from '@app/server/bench';
import { sql } from 'drizzle-orm';
import { type BenchServer, freePort, signIn, startServer, writeResults } from './server.ts';

const USERS = Number(process.env.BENCH_USERS ?? 100_000);
const databaseUrl = process.env.DATABASE_URL;
const engine = databaseUrl ? 'PostgreSQL (DATABASE_URL)' : 'PGlite (embedded)';

const port = await freePort();
const platformHost = `localhost:${port}`;
const host = demoHosts(platformHost).acme;
const dataDir = mkdtempSync(path.join(os.tmpdir(), 'compliance-export-bench-'));

function memoryOf(pid: number | undefined): { rss: number; peak: number } {
  const status = readFileSync(`/proc/${pid}/status`, 'utf8');
  const kb = (key: string) => Number(new RegExp(`${key}:\\s+(\\d+)`).exec(status)?.[1] ?? 0);
  return { rss: kb('VmRSS') / 1024, peak: kb('VmHWM') / 1024 };
}

let server: BenchServer | undefined;
try {
  const database = await openDatabase({ databaseUrl, dataDir });
  await database.migrate();
  await seedDemoData(database.db, platformHost);
  const seedStart = performance.now();
  const passwordHash = await hashPassword('Bench@12345');
  await withPlatform(database.db, { action: 'bench.seed-users', audit: false }, async (tx) => {
    const [ws] = await queryRows<{ id: string; blr: string; mum: string; eng: string; ops: string }>(
      tx,
      sql`select w.id,
            (select id from branches where workspace_id = w.id and name = 'Bengaluru HQ') as blr,
            (select id from branches where workspace_id = w.id and name = 'Mumbai') as mum,
            (select id from departments where workspace_id = w.id and name = 'Engineering') as eng,
            (select id from departments where workspace_id = w.id and name = 'Operations') as ops
          from workspaces w where w.host = ${host}`,
    );
    await tx.execute(sql`
      insert into accounts (email, first_name, last_name, contact_number, password_hash, email_verified)
      select 'bench-' || g || '@bench.test', 'Person' || (g % 997), 'Bench' || (g % 31),
             '+9170' || lpad(g::text, 8, '0'), ${passwordHash}, true
        from generate_series(1, ${USERS}) g
      on conflict do nothing`);
    await tx.execute(sql`
      insert into memberships (workspace_id, account_id, role, branch_id, department_id, employee_id, designation, is_default, active)
      select ${ws!.id}, a.id,
             case when a.n % 50 = 0 then 'BRANCH_ADMIN' else 'EMPLOYEE' end,
             case when a.n % 2 = 0 then ${ws!.blr}::uuid else ${ws!.mum}::uuid end,
             case when a.n % 2 = 0 then ${ws!.eng}::uuid else ${ws!.ops}::uuid end,
             'BEN-' || lpad(a.n::text, 6, '0'), 'Associate', true, a.n % 10 <> 0
        from (select id, row_number() over (order by email) as n from accounts where email like 'bench-%@bench.test') a
       where a.n <= ${USERS}
      on conflict do nothing`);
  });
  if (databaseUrl) {
    await database.db.execute(sql`vacuum analyze accounts`);
    await database.db.execute(sql`vacuum analyze memberships`);
  } else {
    await database.db.execute(sql`analyze accounts`);
    await database.db.execute(sql`analyze memberships`);
  }
  const seedSeconds = (performance.now() - seedStart) / 1000;
  await database.close();

  server = await startServer({ port, dataDir });
  const pid = server.process.pid;
  const token = await signIn(port, host, 'admin@acme.test', 'Demo@12345');
  const loadAtStart = os.loadavg()[0] ?? 0;

  const runs: Array<{ name: string; format: 'csv' | 'xlsx'; body: Record<string, unknown> }> = [
    { name: 'whole list, CSV', format: 'csv', body: { searchText: '' } },
    { name: 'whole list, XLSX', format: 'xlsx', body: { searchText: '' } },
    { name: 'active employees, CSV', format: 'csv', body: { searchText: '', role: 'EMPLOYEE', status: 'ACTIVE' } },
  ];
  const rows: string[] = [];
  for (const run of runs) {
    await new Promise((r) => setTimeout(r, 500));
    const before = memoryOf(pid);
    writeFileSync(`/proc/${pid}/clear_refs`, '5');
    const t0 = performance.now();
    const res = await fetch(`http://127.0.0.1:${port}/api/workspace/users/export?format=${run.format}`, {
      method: 'POST',
      headers: { origin: `http://${host}`, authorization: `Bearer ${token}`, 'content-type': 'application/json' },
      body: JSON.stringify(run.body),
    });
    if (res.status !== 200) throw new Error(`${run.name}: ${res.status} ${await res.text()}`);
    let bytes = 0;
    let firstByte = 0;
    let lines = 0;
    for await (const chunk of res.body as unknown as AsyncIterable<Uint8Array>) {
      if (!firstByte) firstByte = performance.now() - t0;
      bytes += chunk.byteLength;
      if (run.format === 'csv') for (const b of chunk) if (b === 10) lines++;
    }
    const seconds = (performance.now() - t0) / 1000;
    const after = memoryOf(pid);
    rows.push(
      `| ${run.name} | ${run.format === 'csv' ? (lines - 1).toLocaleString('en') : '—'} | ${(firstByte / 1000).toFixed(2)} | ${seconds.toFixed(1)} | ${(bytes / 1_048_576).toFixed(1)} | ${before.rss.toFixed(0)} | ${after.peak.toFixed(0)} (+${(after.peak - before.rss).toFixed(0)}) |`,
    );
    console.log(rows.at(-1));
  }

  const heading = `## Users export: ${USERS.toLocaleString('en')} users (${engine})`;
  const section = `${heading}

Written by \`npm run bench:users-export\` (bench/users-export.ts) on ${new Date().toISOString()}; ${os.cpus().length} × ${os.cpus()[0]?.model ?? 'cpu'}, Node ${process.version}; load average ${loadAtStart.toFixed(1)} when the downloads began (other helpers' work shares the machine). Acme seeded with ${USERS.toLocaleString('en')} extra members in ${seedSeconds.toFixed(1)} s (the \`bench:users\` seed). Each download is one \`POST /api/workspace/users/export\` read to its last byte by the bench (counted, not kept); the server reads 1,000 users per batch (keyset on \`memberships_sort_idx\`, each batch its own read) and writes each batch before reading the next. Peak memory is the server process's VmHWM, reset before each download.

| export | data rows | first byte s | last byte s | file MiB | server RSS before MiB | server peak RSS MiB |
|---|---|---|---|---|---|---|
${rows.join('\n')}
`;
  writeResults({ heading, section });
  console.log(section);
} finally {
  await server?.stop();
  rmSync(dataDir, { recursive: true, force: true });
}
