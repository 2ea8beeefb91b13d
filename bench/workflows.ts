/**
 * `npm run bench:workflows`: complaint workflows (issue 25). A workflow of 10 stages, 40 steps and
 * 60 form fields in six languages (English, Hindi, Kannada, Telugu, Tamil, Marathi) in Acme's
 * workspace, then through the real server:
 *   1. publishing it (`POST /cms/api/workflow/publish/{id}`: load the draft, validate, compile,
 *      canonical JSON, SHA-256, diff from the version before, insert), one request at a time, each
 *      after `POST /cms/api/workflow/version/{id}` has opened a new draft (not timed) — target p95 ≤ 200 ms;
 *   2. loading the builder (`GET /cms/api/workflow/get/{id}`) with a few concurrent connections —
 *      target p95 ≤ 100 ms;
 * and writes the section to bench/RESULTS.md. PGlite when DATABASE_URL is unset, PostgreSQL otherwise.
 */
import { mkdtempSync, rmSync } from 'node:fs';
import os from 'node:os';
import path from 'node:path';
import {
  canonicalJson,
  compile,
  demoHosts,
  diff,
  hashOf,
  insertDefinition,
  insertWorkflow,
  largeDefinition,
  openDatabase,
  queryRows,
  seedDemoData,
  structureOf,
  validateWorkflow,
  WORKFLOW_TEMPLATES,
  withPlatform,
  withTenant,
} from '@app/server/bench';
import { sql } from 'drizzle-orm';
import { load } from './load.ts';
import { type BenchServer, freePort, signIn, startServer, writeResults } from './server.ts';

const PUBLISHES = Number(process.env.BENCH_PUBLISHES ?? 60);
const SECONDS = Number(process.env.BENCH_SECONDS ?? 8);
const CONCURRENCY = Number(process.env.BENCH_CONCURRENCY ?? 4);
const databaseUrl = process.env.DATABASE_URL;
const engine = databaseUrl ? 'PostgreSQL (DATABASE_URL)' : 'PGlite (embedded)';

const port = await freePort();
const platformHost = `localhost:${port}`;
const host = demoHosts(platformHost).acme;
const dataDir = mkdtempSync(path.join(os.tmpdir(), 'compliance-workflows-bench-'));
const percentile = (sorted: number[], p: number) =>
  sorted[Math.min(sorted.length - 1, Math.floor((p / 100) * sorted.length))] ?? 0;

let server: BenchServer | undefined;
try {
  const database = await openDatabase({ databaseUrl, dataDir });
  await database.migrate();
  await seedDemoData(database.db, platformHost);
  const [acme] = await withPlatform(database.db, { action: 'bench.workflows-seed', audit: false }, (tx) =>
    queryRows<{ id: string; admin: string }>(
      tx,
      sql`select w.id, (select m.account_id from memberships m join accounts a on a.id = m.account_id
                         where m.workspace_id = w.id and a.email = 'admin@acme.test') as admin
            from workspaces w where w.host = ${host}`,
    ),
  );
  if (!acme) throw new Error('no Acme');
  const def = largeDefinition(WORKFLOW_TEMPLATES.POSH_INQUIRY);
  const size = {
    stages: def.stages.length,
    steps: def.stages.flatMap((s) => s.steps).length,
    attributes: def.form.flatMap((c) => c.attributes).length,
  };
  const workflowId = await withTenant(database.db, { workspaceId: acme.id, accountId: acme.admin }, async (tx) => {
    const id = await insertWorkflow(tx, {
      workspaceId: acme.id,
      name: 'Bench workflow',
      description: def.description as Record<string, string>,
      jurisdiction: def.jurisdiction,
      template: null,
      filers: def.filers,
      branchId: null,
      languages: def.languages,
      createdBy: acme.admin,
    });
    await insertDefinition(tx, acme.id, id, def);
    return id;
  });
  await database.db.execute(sql`analyze`);
  await database.close();

  server = await startServer({ port, dataDir });
  const token = await signIn(port, host, 'admin@acme.test', 'Demo@12345');
  const headers = {
    origin: `http://${host}`,
    host,
    authorization: `Bearer ${token}`,
    'content-type': 'application/json',
  };
  const post = async (url: string, body: unknown) => {
    const res = await fetch(`http://127.0.0.1:${port}${url}`, { method: 'POST', headers, body: JSON.stringify(body) });
    const text = await res.text();
    if (res.status !== 200) throw new Error(`${url}: ${res.status} ${text.slice(0, 500)}`);
    return text;
  };

  const loadAtStart = os.loadavg()[0] ?? 0;
  // 1. Publishing, one at a time (the first is version 1; the rest label-only versions of it).
  const times: number[] = [];
  let definitionBytes = 0;
  for (let i = 0; i < PUBLISHES + 3; i++) {
    if (i > 0) await post(`/cms/api/workflow/version/${workflowId}`, {});
    const t0 = performance.now();
    await post(`/cms/api/workflow/publish/${workflowId}`, { changeNote: `Bench ${i}` });
    if (i >= 3) times.push(performance.now() - t0);
  }
  times.sort((a, b) => a - b);
  const res = await fetch(`http://127.0.0.1:${port}/cms/api/workflow/version/${workflowId}/1`, { headers });
  definitionBytes = Buffer.byteLength(JSON.stringify(((await res.json()) as { definition: unknown }).definition));

  // 1b. The pure part of publishing, in this process: validate, compile, canonical JSON, SHA-256 of it and of the structure, diff.
  const builderRes = await fetch(`http://127.0.0.1:${port}/cms/api/workflow/get/${workflowId}`, { headers });
  const builder = (await builderRes.json()) as Parameters<typeof compile>[0];
  const pure: number[] = [];
  const previous = compile(builder);
  for (let i = 0; i < 60; i++) {
    const t0 = performance.now();
    validateWorkflow(builder, null);
    const d = compile(builder);
    hashOf(d);
    canonicalJson(d);
    hashOf(structureOf(d));
    diff(previous, d);
    if (i >= 10) pure.push(performance.now() - t0);
  }
  pure.sort((a, b) => a - b);

  // 2. Loading the builder.
  const common = {
    port,
    concurrency: CONCURRENCY,
    path: `/cms/api/workflow/get/${workflowId}`,
    headers: { host, authorization: `Bearer ${token}` },
  };
  await load({ ...common, name: 'warm-up', seconds: 1 });
  const get = await load({ ...common, name: 'get', seconds: SECONDS });
  const single = await load({ ...common, concurrency: 1, name: 'get-1', seconds: Math.max(2, SECONDS / 2) });

  const publish = { p50: percentile(times, 50), p95: percentile(times, 95), max: times.at(-1) ?? 0 };
  const met = (v: number, target: number) => (v <= target ? 'yes' : 'no');
  const heading = `## Complaint workflows: publish and load a 10-stage, 40-step, 60-field workflow in six languages (${engine})`;
  const section = `${heading}

Written by \`npm run bench:workflows\` (bench/workflows.ts) on ${new Date().toISOString()}; ${os.cpus().length} × ${os.cpus()[0]?.model ?? 'cpu'}, ${Math.round(os.totalmem() / 2 ** 30)} GiB, Node ${process.version}. The workflow: ${size.stages} stages, ${size.steps} steps (a meeting with the spec's eight meeting fields and three NOTIFY actions per stage, each step due by a rule and waiting for the one before), ${size.attributes} form fields (the spec's 13 and 47 more, a third of them selects), every text in English, Hindi, Kannada, Telugu, Tamil and Marathi; its canonical definition is ${(definitionBytes / 1024).toFixed(0)} KiB. Publishing: ${PUBLISHES} \`POST /cms/api/workflow/publish/{id}\` one after another through the server (after 3 not counted), each after a \`POST /cms/api/workflow/version/{id}\` (not timed), so each also computes the diff from the version before. Loading: \`GET /cms/api/workflow/get/{id}\` with ${CONCURRENCY} connections for ${SECONDS} s, then with one.

| measurement | target | p50 ms | p95 ms | max / req/s | met? |
|---|---|---|---|---|---|
| publish (validate, compile, hash, diff, insert; answers the builder) | p95 ≤ 200 ms | ${publish.p50.toFixed(1)} | ${publish.p95.toFixed(1)} | max ${publish.max.toFixed(1)} ms | ${met(publish.p95, 200)} |
| … of which the pure part (validate, compile, canonical JSON, two SHA-256, diff), in the bench process | — | ${percentile(pure, 50).toFixed(1)} | ${percentile(pure, 95).toFixed(1)} | — | — |
| load the builder, ${CONCURRENCY} connections | p95 ≤ 100 ms | ${get.p50.toFixed(1)} | ${get.p95.toFixed(1)} | ${get.rps.toFixed(0)} req/s | ${met(get.p95, 100)} |
| load the builder, 1 connection | — | ${single.p50.toFixed(1)} | ${single.p95.toFixed(1)} | ${single.rps.toFixed(0)} req/s | — |

Machine load (1-minute load average) when the measurements began: ${loadAtStart.toFixed(1)} on ${os.cpus().length} cores${loadAtStart > os.cpus().length ? ': other work was running, so these figures are noisy' : ''}.
`;
  writeResults({ heading, section });
  console.log(section);
} finally {
  await server?.stop();
  rmSync(dataDir, { recursive: true, force: true });
}
