/**
 * `npm run bench:cases`: complaint cases (issue 26), through the real server, on Acme's demo data
 * with a committee of six (the presiding officer and five members with accounts, each with their
 * keypair, plus an external member):
 *   1. filing: a complaint with 5 evidence files of 2 MB each (uploaded first, each sealed on the
 *      way in) — `POST /cms/api/complaint/submit/{id}` timed (checked against the version, sealed,
 *      the case key wrapped to the complainant and six members, clocks from the deadline engine,
 *      notices) — target p95 ≤ 300 ms; the uploads timed apart;
 *   2. opening a case with 50 messages (`GET /cms/api/case/{id}`: the keys unwrapped, every item
 *      decrypted, the view built, a trail entry written) — target p95 ≤ 150 ms;
 *   3. the committee's list with 10,000 cases in the workspace (`GET /cms/api/committee-cases`) —
 *      target p95 ≤ 50 ms;
 * and writes the section to bench/RESULTS.md. PGlite when DATABASE_URL is unset; PostgreSQL
 * otherwise (give it a fresh database: `DB_NAME=compliance_bench_cases bash scripts/setup-postgres.sh`).
 */
import { randomBytes } from 'node:crypto';
import { mkdtempSync, rmSync } from 'node:fs';
import os from 'node:os';
import path from 'node:path';
import {
  demoHosts,
  hashPassword,
  openDatabase,
  queryRows,
  seedDemoData,
  withPlatform,
  withTenant,
} from '@app/server/bench';
import { sql } from 'drizzle-orm';
import { load } from './load.ts';
import { type BenchServer, freePort, signIn, startServer, writeResults } from './server.ts';

const FILINGS = Number(process.env.BENCH_FILINGS ?? 25);
const SECONDS = Number(process.env.BENCH_SECONDS ?? 8);
const CONCURRENCY = Number(process.env.BENCH_CONCURRENCY ?? 4);
const LIST_CASES = Number(process.env.BENCH_LIST_CASES ?? 10_000);
const databaseUrl = process.env.DATABASE_URL;
const engine = databaseUrl ? 'PostgreSQL (DATABASE_URL)' : 'PGlite (embedded)';
const PASSWORD = 'Demo@12345';
const EXTRA = ['bench.member3@acme.test', 'bench.member4@acme.test', 'bench.member5@acme.test'];

const port = await freePort();
const platformHost = `localhost:${port}`;
const host = demoHosts(platformHost).acme;
const dataDir = mkdtempSync(path.join(os.tmpdir(), 'compliance-cases-bench-'));
const percentile = (sorted: number[], p: number) =>
  sorted[Math.min(sorted.length - 1, Math.floor((p / 100) * sorted.length))] ?? 0;
const stats = (xs: number[]) => {
  const s = [...xs].sort((a, b) => a - b);
  return { p50: percentile(s, 50), p95: percentile(s, 95), max: s.at(-1) ?? 0 };
};

let server: BenchServer | undefined;
try {
  // The demo data and three more employees of Bengaluru HQ for a committee of six.
  const database = await openDatabase({ databaseUrl, dataDir });
  await database.migrate();
  await seedDemoData(database.db, platformHost);
  const passwordHash = await hashPassword(PASSWORD);
  const ids = await withPlatform(database.db, { action: 'bench.cases-seed', audit: false }, async (tx) => {
    const [ws] = await queryRows<{ id: string; branchId: string }>(
      tx,
      sql`select w.id, b.id as "branchId" from workspaces w join branches b on b.workspace_id = w.id and b.name = 'Bengaluru HQ'
           where w.host = ${host}`,
    );
    if (!ws) throw new Error('no Acme');
    for (const [i, email] of EXTRA.entries()) {
      const [a] = await queryRows<{ id: string }>(
        tx,
        sql`insert into accounts (email, password_hash, first_name, last_name, email_verified)
            values (${email}, ${passwordHash}, 'Bench', ${`Member ${i + 3}`}, true)
            on conflict do nothing returning id`,
      );
      if (a)
        await tx.execute(
          sql`insert into memberships (workspace_id, account_id, role, branch_id, employee_id)
              values (${ws.id}, ${a.id}, 'EMPLOYEE', ${ws.branchId}, ${`BENCH-${i + 3}`}) on conflict do nothing`,
        );
    }
    const people = await queryRows<{ id: string; email: string }>(
      tx,
      sql`select id, email from accounts where email like '%@acme.test'`,
    );
    return {
      workspaceId: ws.id,
      branchId: ws.branchId,
      people: Object.fromEntries(people.map((p) => [p.email, p.id])),
    };
  });
  await database.close();

  server = await startServer({ port, dataDir });
  const base = `http://127.0.0.1:${port}`;
  const call = async (
    token: string,
    method: string,
    url: string,
    body?: unknown,
    headers: Record<string, string> = {},
  ) => {
    const res = await fetch(`${base}${url}`, {
      method,
      headers: {
        host,
        origin: `http://${host}`,
        authorization: `Bearer ${token}`,
        ...(body !== undefined && !(body instanceof Buffer) ? { 'content-type': 'application/json' } : {}),
        ...headers,
      },
      ...(body !== undefined ? { body: body instanceof Buffer ? body : JSON.stringify(body) } : {}),
    });
    const text = await res.text();
    if (res.status !== 200) throw new Error(`${method} ${url}: ${res.status} ${text.slice(0, 400)}`);
    return JSON.parse(text) as Record<string, unknown>;
  };

  // The committee of six, each member's key set up (their keypairs exist: wraps go to them, not to escrow).
  const admin = await signIn(port, host, 'admin@acme.test', PASSWORD);
  const member = (email: string, role: string, gender: string, senior = false) => ({
    role,
    accountId: ids.people[email],
    external: null,
    gender,
    senior,
    termStart: '2026-01-01',
    termEnd: '2028-12-31',
  });
  const committee = await call(admin, 'POST', '/api/committee/create', {
    kind: 'INTERNAL_COMMITTEE',
    name: 'Bench committee',
    workspaceWide: false,
    branchIds: [ids.branchId],
    orderDate: '2026-01-01',
    howToRaise: null,
    effectiveDate: '2026-01-01',
    members: [
      member('ic.presiding@acme.test', 'PRESIDING_OFFICER', 'WOMAN', true),
      member('ic.member@acme.test', 'MEMBER', 'MAN'),
      member('ic.member2@acme.test', 'MEMBER', 'WOMAN'),
      member(EXTRA[0]!, 'MEMBER', 'WOMAN'),
      member(EXTRA[1]!, 'MEMBER', 'MAN'),
      member(EXTRA[2]!, 'MEMBER', 'WOMAN'),
      {
        role: 'EXTERNAL_MEMBER',
        accountId: null,
        external: {
          name: 'External member (bench)',
          organisation: 'An NGO (bench)',
          email: 'external@example.org',
          phone: null,
        },
        gender: 'WOMAN',
        senior: false,
        termStart: '2026-01-01',
        termEnd: '2028-12-31',
      },
    ],
  });
  const membersEmails = ['ic.presiding@acme.test', 'ic.member@acme.test', 'ic.member2@acme.test', ...EXTRA];
  const tokens: Record<string, string> = {};
  for (const e of membersEmails) {
    tokens[e] = await signIn(port, host, e, PASSWORD);
    await call(tokens[e]!, 'POST', '/cms/api/case-key/unlock', { secret: PASSWORD });
  }
  const po = tokens['ic.presiding@acme.test']!;
  const her = await signIn(port, host, 'employee@acme.test', PASSWORD);
  await call(her, 'POST', '/cms/api/case-key/unlock', { secret: PASSWORD });
  const forms = (await call(her, 'GET', '/cms/api/complaint/forms')) as { forms: Array<{ workflowId: string }> };
  const workflowId = forms.forms[0]!.workflowId;

  // 1. Filing with 5 files of 2 MB.
  const loadAtStart = os.loadavg()[0] ?? 0;
  const submits: number[] = [];
  const uploads: number[] = [];
  let lastCase = '';
  for (let i = 0; i < FILINGS + 2; i++) {
    const draft = await call(her, 'POST', '/cms/api/complaint/draft', { workflowId });
    const fileIds: string[] = [];
    for (let f = 0; f < 5; f++) {
      // A PDF header, then 2 MB of noise (the content check reads the header).
      const body = Buffer.concat([Buffer.from('%PDF-1.7\n'), randomBytes(2 * 1024 * 1024 - 9)]);
      const t0 = performance.now();
      const up = await call(her, 'POST', `/cms/api/case/${draft.id}/file`, body, {
        'content-type': 'application/pdf',
        'x-file-name': encodeURIComponent(`evidence-${f + 1}.pdf`),
        'x-attribute-key': 'EVIDENCE',
      });
      if (i >= 2) uploads.push(performance.now() - t0);
      fileIds.push(up.id as string);
    }
    const t0 = performance.now();
    const receipt = await call(
      her,
      'POST',
      `/cms/api/complaint/submit/${draft.id}`,
      {
        answers: {
          COMPLAINANT_NAME: 'Rahul Sharma',
          COMPLAINANT_EMAIL: 'employee@acme.test',
          RESPONDENT_NAME: 'Arjun Malhotra',
          RESPONDENT_EMAIL: 'manager@acme.test',
          INCIDENT_DATE: '2026-11-20',
          INCIDENT_DETAILS: `Bench complaint ${i}: what happened, in some detail. `.repeat(20),
          EVIDENCE: fileIds,
        },
        revision: draft.revision,
      },
      { 'idempotency-key': `bench-${draft.id}` },
    );
    if (i >= 2) submits.push(performance.now() - t0);
    lastCase = receipt.caseId as string;
  }

  // 2. A case with 50 messages, opened by the presiding officer.
  for (let m = 0; m < 50; m++) {
    if (m % 2 === 0)
      await call(her, 'POST', `/cms/api/case/${lastCase}/message`, {
        body: `Message ${m} from the complainant. `.repeat(6),
      });
    else
      await call(po, 'POST', `/cms/api/case/${lastCase}/message`, {
        body: `Message ${m} from the committee. `.repeat(6),
        to: 'COMPLAINANT',
      });
  }
  const open = { port, path: `/cms/api/case/${lastCase}`, headers: { host, authorization: `Bearer ${po}` } };
  await load({ ...open, name: 'warm-up', concurrency: 1, seconds: 1 });
  const open1 = await load({ ...open, name: 'open-1', concurrency: 1, seconds: SECONDS });
  const openN = await load({ ...open, name: 'open-n', concurrency: CONCURRENCY, seconds: SECONDS });

  // 3. 10,000 cases in the workspace on the committee's list (made in SQL as the presiding officer:
  //    drafts of hers, access granted while drafts, then filed — row-level security as for anyone).
  await server.stop();
  server = undefined;
  const db2 = await openDatabase({ databaseUrl, dataDir });
  const poId = ids.people['ic.presiding@acme.test']!;
  const [v] = await withTenant(db2.db, { workspaceId: ids.workspaceId, accountId: poId }, (tx) =>
    queryRows<{ id: string; workflowId: string; number: number; sha256: string }>(
      tx,
      sql`select id, workflow_id as "workflowId", number, sha256 from workflow_versions where workflow_id = ${workflowId} order by number desc limit 1`,
    ),
  );
  await withTenant(db2.db, { workspaceId: ids.workspaceId, accountId: poId }, async (tx) => {
    await tx.execute(sql`create temporary table bench_ids on commit drop as
      select gen_random_uuid() as id, g from generate_series(1, ${LIST_CASES}) g`);
    await tx.execute(sql`insert into cases (id, workspace_id, workflow_id, version_id, version_number, definition_sha256,
        jurisdiction, branch_id, complainant_account_id, filer_kind)
      select id, ${ids.workspaceId}, ${v!.workflowId}, ${v!.id}, ${v!.number}, ${v!.sha256}, 'IN_POSH', ${ids.branchId}, ${poId}, 'EMPLOYEE'
        from bench_ids`);
    await tx.execute(sql`insert into case_access (workspace_id, case_id, account_id, relation, member_role)
      select ${ids.workspaceId}, id, ${poId}, 'COMMITTEE', 'PRESIDING_OFFICER' from bench_ids`);
    await tx.execute(sql`update cases c set status = 'OPEN', reference = 'B-2026-' || lpad(b.g::text, 5, '0'),
        filed_at = app_now() - (b.g % 90) * interval '1 day', committee_id = ${committee.id as string},
        stage_key = (array['RECEIPT','NOTICE','INQUIRY','OUTCOME'])[1 + b.g % 4],
        next_due_at = app_now() + ((b.g % 120) - 20) * interval '1 day', next_step_key = 'COMPLAINT_RECEIVED'
      from bench_ids b where c.id = b.id`);
  });
  await db2.db.execute(sql`analyze`);
  await db2.close();
  server = await startServer({ port, dataDir });
  const poAgain = await signIn(port, host, 'ic.presiding@acme.test', PASSWORD);
  const list = {
    port,
    path: '/cms/api/committee-cases?pageNo=0&pageSize=20',
    headers: { host, authorization: `Bearer ${poAgain}` },
  };
  await load({ ...list, name: 'warm-up', concurrency: 1, seconds: 1 });
  const list1 = await load({ ...list, name: 'list-1', concurrency: 1, seconds: SECONDS });
  const listN = await load({ ...list, name: 'list-n', concurrency: CONCURRENCY, seconds: SECONDS });

  const submit = stats(submits);
  const upload = stats(uploads);
  const met = (v: number, target: number) => (v <= target ? 'yes' : 'no');
  const heading = `## Complaint cases: filing with 5 × 2 MB files, opening a case of 50 messages, the committee's list of 10,000 cases (${engine})`;
  const section = `${heading}

Written by \`npm run bench:cases\` (bench/cases.ts) on ${new Date().toISOString()}; ${os.cpus().length} × ${os.cpus()[0]?.model ?? 'cpu'}, ${Math.round(os.totalmem() / 2 ** 30)} GiB, Node ${process.version}. Acme's demo data with a committee of six members with accounts (each with a keypair: every filing wraps the case's keys to seven people) and an external member. Filing: ${FILINGS} complaints one after another (after 2 not counted), each with five 2 MB files uploaded first (each checked by content, hashed and sealed with the case's key on the way in: timed apart) and then submitted (checked against the frozen definition, sealed, access and wraps for the complainant and six members, the POSH clocks from the deadline engine, notices). Opening: \`GET /cms/api/case/{id}\` of a case with 50 messages and 5 files by the presiding officer (unwrap, decrypt every item, build the view, a trail entry). List: ${LIST_CASES.toLocaleString('en')} open cases of the committee in the workspace, \`GET /cms/api/committee-cases\` page 1 (20 by next deadline, counts by stage).

| measurement | target | p50 ms | p95 ms | max / req/s | met? |
|---|---|---|---|---|---|
| file a complaint (submit, 5 files attached, committee of 6) | p95 ≤ 300 ms | ${submit.p50.toFixed(1)} | ${submit.p95.toFixed(1)} | max ${submit.max.toFixed(1)} ms | ${met(submit.p95, 300)} |
| … upload one 2 MB file (check, hash, seal, store) | — | ${upload.p50.toFixed(1)} | ${upload.p95.toFixed(1)} | max ${upload.max.toFixed(1)} ms | — |
| open a case with 50 messages, 1 connection | p95 ≤ 150 ms | ${open1.p50.toFixed(1)} | ${open1.p95.toFixed(1)} | ${open1.rps.toFixed(0)} req/s | ${met(open1.p95, 150)} |
| open a case with 50 messages, ${CONCURRENCY} connections | — | ${openN.p50.toFixed(1)} | ${openN.p95.toFixed(1)} | ${openN.rps.toFixed(0)} req/s | — |
| the committee's list, ${LIST_CASES.toLocaleString('en')} cases, 1 connection | p95 ≤ 50 ms | ${list1.p50.toFixed(1)} | ${list1.p95.toFixed(1)} | ${list1.rps.toFixed(0)} req/s | ${met(list1.p95, 50)} |
| the committee's list, ${CONCURRENCY} connections | — | ${listN.p50.toFixed(1)} | ${listN.p95.toFixed(1)} | ${listN.rps.toFixed(0)} req/s | — |

Machine load (1-minute load average) when the measurements began: ${loadAtStart.toFixed(1)} on ${os.cpus().length} cores${loadAtStart > os.cpus().length ? ': other work was running, so these figures are noisy' : ''}.
`;
  writeResults({ heading, section });
  console.log(section);
} finally {
  await server?.stop();
  rmSync(dataDir, { recursive: true, force: true });
}
