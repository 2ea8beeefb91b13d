/**
 * `npm run bench:register-page`: a workspace's compliance register page through the real server (issue
 * 24: "a workspace's register page (200 occurrences, filters) p95 ≤ 50 ms through the server").
 * Acme (the demo workspace) gets 8 obligations answered for each of its business units and 200
 * occurrences spread over two years around today; Globex gets 20,000 of its own, so that Acme's
 * page has to be found by index among other workspaces' rows. The page is
 * `GET /lms/api/compliance/register/occurrences` (60 a page) as the workspace admin, with the
 * filters the register page offers. p50/p95 per filter, appended to bench/RESULTS.md. PGlite when
 * DATABASE_URL is unset, PostgreSQL otherwise.
 */
import { mkdtempSync, rmSync } from 'node:fs';
import os from 'node:os';
import path from 'node:path';
import { demoHosts, openDatabase, queryRows, seedDemoData, withPlatform, withTenant } from '@app/server/bench';
import { sql } from 'drizzle-orm';
import { load, type Result } from './load.ts';
import { type BenchServer, freePort, signIn, startServer, writeResults } from './server.ts';

const SECONDS = Number(process.env.BENCH_SECONDS ?? 8);
const CONCURRENCY = Number(process.env.BENCH_CONCURRENCY ?? 4);
const OCCURRENCES = 200;
const OTHER_OCCURRENCES = 20_000;
const databaseUrl = process.env.DATABASE_URL;
const engine = databaseUrl ? 'PostgreSQL (DATABASE_URL)' : 'PGlite (embedded)';

const port = await freePort();
const platformHost = `localhost:${port}`;
const hosts = demoHosts(platformHost);
const dataDir = mkdtempSync(path.join(os.tmpdir(), 'compliance-register-bench-'));

/** Obligations, an answer per (obligation, unit) of the workspace, and `count` occurrences over two years around today. */
async function seedRegister(db: Parameters<typeof withTenant>[0], host: string, count: number, obligations: string[]) {
  const [ws] = await withPlatform(db, { action: 'bench.register-seed', audit: false }, (tx) =>
    queryRows<{ id: string }>(tx, sql`select id from workspaces where host = ${host}`),
  );
  return withTenant(db, { workspaceId: ws!.id }, async (tx) => {
    await tx.execute(sql`insert into obligation_answers (workspace_id, obligation_id, branch_id, applies, reason, applies_from)
      select ${ws!.id}, o, b.id, true, '{"code":"HEADCOUNT_AT_LEAST","params":{"unit":"x","headcount":14,"min":10}}'::jsonb, '2025-01-01'
        from unnest(${`{${obligations.join(',')}}`}::uuid[]) o, branches b where b.workspace_id = ${ws!.id}`);
    await tx.execute(sql`insert into obligation_occurrences (workspace_id, obligation_id, answer_id, branch_id, period_start, period_end, due_date, due_at, status)
      select a.workspace_id, a.obligation_id, a.id, a.branch_id, d, d, d, (d + 1)::timestamp at time zone 'Asia/Kolkata' - interval '1 microsecond',
             (array['OPEN','OPEN','OPEN','SUBMITTED','APPROVED','RETURNED'])[1 + (g % 6)]
        from (select g, (current_date - 365 + (g * 730 / ${count}))::date as d, g % (select count(*) from obligation_answers where workspace_id = ${ws!.id}) as k
                from generate_series(0, ${count - 1}) g) s
        join lateral (select * from obligation_answers where workspace_id = ${ws!.id} order by id offset s.k limit 1) a on true
      on conflict do nothing`);
    const [counts] = await queryRows<{ n: number; unit: string }>(
      tx,
      sql`select count(*)::int as n, (select branch_id::text from obligation_occurrences where workspace_id = ${ws!.id} limit 1) as unit
            from obligation_occurrences where workspace_id = ${ws!.id}`,
    );
    return { id: ws!.id, occurrences: counts!.n, unit: counts!.unit };
  });
}

let server: BenchServer | undefined;
try {
  const database = await openDatabase({ databaseUrl, dataDir });
  await database.migrate();
  await seedDemoData(database.db, platformHost);
  const seeded = await withPlatform(database.db, { action: 'bench.register-catalogue', audit: false }, async (tx) => {
    const [cat] = await queryRows<{ id: string }>(
      tx,
      sql`insert into compliance_categories (key, name) values ('BENCH', '{"en":"Bench"}'::jsonb) returning id`,
    );
    const obligations = await queryRows<{ id: string }>(
      tx,
      sql`insert into obligations (key, category_id, country, law, section, title, description, evidence, kind, due_rule, applicability, scope)
          select 'BENCH.' || g, ${cat!.id}, 'IN', 'POSH Act, 2013', 's.' || g,
                 jsonb_build_object('en', 'Bench obligation ' || g, 'hi', 'बेंच दायित्व ' || g), '{"en":"d"}'::jsonb, '{"en":"e"}'::jsonb,
                 'ONE_TIME', '{"anchor":"APPLIES_FROM","offset":30,"unit":"CALENDAR_DAY","onHoliday":"NONE","reference":null}'::jsonb,
                 '{"minHeadcount":null,"maxHeadcount":null,"jurisdictionCodes":[]}'::jsonb, 'UNIT'
            from generate_series(1, 8) g returning id`,
    );
    return obligations.map((o) => o.id);
  });
  const acme = await seedRegister(database.db, hosts.acme, OCCURRENCES, seeded);
  await seedRegister(database.db, hosts.globex, OTHER_OCCURRENCES, seeded);
  await database.db.execute(sql`analyze`);
  await database.close();

  server = await startServer({ port, dataDir });
  const token = await signIn(port, hosts.acme, 'admin@acme.test', 'Demo@12345');
  const R = '/lms/api/compliance/register/occurrences';
  const loadAtStart = os.loadavg()[0] ?? 0;
  const pages = [
    { name: 'all, first page', path: `${R}?status=ALL` },
    { name: 'all, last page', path: `${R}?status=ALL&pageNo=3` },
    { name: 'due', path: `${R}?status=DUE` },
    { name: 'overdue', path: `${R}?status=OVERDUE` },
    { name: 'awaiting review', path: `${R}?status=AWAITING_REVIEW` },
    { name: 'one unit, a quarter', path: `${R}?status=ALL&branchId=${acme.unit}&from=2026-01-01&to=2026-03-31` },
  ];
  const served: Array<{ name: string; result: Result }> = [];
  for (const p of pages) {
    const common = {
      port,
      concurrency: CONCURRENCY,
      path: p.path,
      headers: { host: hosts.acme, authorization: `Bearer ${token}` },
    };
    await load({ ...common, name: 'warm-up', seconds: 1 });
    served.push({ name: p.name, result: await load({ ...common, name: p.name, seconds: SECONDS }) });
  }
  const rows = served.map(
    ({ name, result: r }) =>
      `| ${name} | ${r.p50.toFixed(1)} | ${r.p95.toFixed(1)} | ${r.rps.toFixed(0)} | ${r.p95 <= 50 ? 'yes' : 'no'} |`,
  );
  const heading = `## Compliance register page: 200 occurrences with filters (${engine}, ${CONCURRENCY} connection${CONCURRENCY === 1 ? '' : 's'})`;
  const section = `${heading}

Written by \`npm run bench:register\` (bench/compliance-register-page.ts) on ${new Date().toISOString()}; ${os.cpus().length} × ${os.cpus()[0]?.model ?? 'cpu'}, Node ${process.version}. Acme has ${acme.occurrences} occurrences of 8 obligations answered per business unit, due over two years around today in mixed states; Globex has ${OTHER_OCCURRENCES.toLocaleString('en')} of its own. Each row sends \`GET /lms/api/compliance/register/occurrences\` (60 a page: one SQL statement with the count, walking the (workspace, due date, id) index) as Acme's workspace admin with ${CONCURRENCY} connections for ${SECONDS} s, session check included. Target (issue 24): p95 ≤ 50 ms on PostgreSQL.

| filter | p50 ms | p95 ms | req/s | p95 ≤ 50 ms |
|---|---|---|---|---|
${rows.join('\n')}

Machine load (1-minute load average) when the measurements began: ${loadAtStart.toFixed(1)} on ${os.cpus().length} cores${loadAtStart > os.cpus().length ? ': other work was running, so these figures are noisy' : ''}.
`;
  writeResults({ heading, section });
  console.log(section);
} finally {
  await server?.stop();
  rmSync(dataDir, { recursive: true, force: true });
}
