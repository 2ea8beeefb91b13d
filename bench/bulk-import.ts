/**
 * `npm run bench:bulk`: a 50,000-row invitation import, CSV and XLSX, through the real server (its
 * own process, as `npm start` runs it; PGlite in a temporary folder, or DATABASE_URL), against
 * COPY of the same rows in the same run:
 *   - with DATABASE_URL: `COPY … FROM STDIN` into a table shaped like `invitations` (same columns,
 *     defaults and indexes) on the same PostgreSQL server;
 *   - with PGlite: PGlite's `COPY … FROM '/dev/blob'` into the same table in an in-memory PGlite.
 * Measures the server's checking (`/validate`), its import (`/bulk`: check + one set-based insert
 * in one transaction), the mail jobs draining into the outbox, and the server's peak
 * resident memory (VmHWM, reset before each phase). Appends its section to bench/RESULTS.md.
 *
 * Then "8 hostile uploads at once": the security review's lying XLSX (511 KB, its zip directory
 * says 4 KB, it unpacks to 500 MB) sent 8 times at once to `/api/invite/bulk/validate`; the
 * server's peak memory and the answers go into their own section. `BENCH_BULK_PHASE=hostile` runs
 * only that phase (a minute, not the import's several).
 */
import { execSync } from 'node:child_process';
import { createHash, randomBytes, randomUUID } from 'node:crypto';
import { mkdtempSync, openAsBlob, readFileSync, rmSync, statSync, writeFileSync } from 'node:fs';
import os from 'node:os';
import path from 'node:path';
import { Readable } from 'node:stream';
import { pipeline } from 'node:stream/promises';
import { lyingZipBomb } from '@app/server/bulk-files';
import { startSmtpReceiver } from '@app/server/smtp-receiver';
import { PGlite } from '@electric-sql/pglite';
import ExcelJS from 'exceljs';
import pg from 'pg';
import { from as copyFrom } from 'pg-copy-streams';
import { type BenchServer, freePort, signIn, startServer, writeResults } from './server.ts';

const ROWS = Number(process.env.BENCH_BULK_ROWS ?? 50_000);
const ONLY_HOSTILE = process.env.BENCH_BULK_PHASE === 'hostile';
const ONLY_MAIL = process.env.BENCH_BULK_PHASE === 'mail';
const port = await freePort();
const work = mkdtempSync(path.join(os.tmpdir(), 'compliance-bulk-bench-'));
// (The mail runs start servers of their own.)
const bench = ONLY_MAIL
  ? { process: { pid: undefined, exitCode: null }, stop: async () => {} }
  : await startServer({ port, dataDir: path.join(work, 'data') });
const server = bench.process;

/** A process's resident memory (MiB): now and peak since the last reset. */
function memoryOf(pid: number | undefined): { rss: number; peak: number } {
  const status = readFileSync(`/proc/${pid}/status`, 'utf8');
  const kb = (key: string) => Number(new RegExp(`${key}:\\s+(\\d+)`).exec(status)?.[1] ?? 0);
  return { rss: kb('VmRSS') / 1024, peak: kb('VmHWM') / 1024 };
}
/** Resets a process's peak (VmHWM) to its current RSS (Linux: clear_refs 5). */
function resetPeakOf(pid: number | undefined) {
  writeFileSync(`/proc/${pid}/clear_refs`, '5');
}
/** A process's CPU time so far (user + system), in ms. */
function cpuMsOf(pid: number | undefined): number {
  const fields = readFileSync(`/proc/${pid}/stat`, 'utf8').split(') ')[1]!.split(' ');
  // utime and stime are fields 14 and 15 of stat, counted from the state (field 3) here.
  return ((Number(fields[11]) + Number(fields[12])) * 1000) / 100;
}
/** The bench server's memory, and the reset of its peak. */
const memory = () => memoryOf(server.pid);
const resetPeak = () => resetPeakOf(server.pid);

const HEADER = [
  'Email',
  'First name',
  'Last name',
  'Employee ID',
  'Business unit',
  'Department',
  'Designation',
  'Date of joining',
];
const FIELDS = {
  email: 1,
  firstName: 2,
  lastName: 3,
  employeeId: 4,
  branch: 5,
  department: 6,
  designation: 7,
  dateOfJoining: 8,
};
function row(batch: string, i: number): string[] {
  const mumbai = i % 3 === 0;
  return [
    `bench-${batch}-${i}@example.test`,
    `First${i}`,
    `Last${i}`,
    `E-${batch}-${i}`,
    mumbai ? 'Mumbai' : 'Bengaluru HQ',
    mumbai ? 'Operations' : 'Engineering',
    'Associate',
    '2026-01-15',
  ];
}

async function writeCsv(file: string, batch: string) {
  const lines = [HEADER.join(',')];
  for (let i = 0; i < ROWS; i++) lines.push(row(batch, i).join(','));
  writeFileSync(file, `${lines.join('\n')}\n`);
}

async function writeXlsx(file: string, batch: string) {
  const wb = new ExcelJS.stream.xlsx.WorkbookWriter({ filename: file, useSharedStrings: true, useStyles: false });
  const sheet = wb.addWorksheet('People');
  sheet.addRow(HEADER).commit();
  for (let i = 0; i < ROWS; i++) sheet.addRow(row(batch, i)).commit();
  sheet.commit();
  await wb.commit();
}

async function post(p: string, body: FormData | string, token?: string, on = port) {
  const res = await fetch(`http://127.0.0.1:${on}${p}`, {
    method: 'POST',
    headers: {
      origin: `http://acme.localhost:${on}`,
      ...(token ? { authorization: `Bearer ${token}` } : {}),
      ...(typeof body === 'string' ? { 'content-type': 'application/json' } : {}),
    },
    body,
  });
  const text = await res.text();
  return { status: res.status, json: JSON.parse(text || '{}') as Record<string, unknown> };
}

async function form(file: string): Promise<FormData> {
  const f = new FormData();
  for (const [k, v] of Object.entries(FIELDS)) f.append(k, String(v));
  f.append('file', await openAsBlob(file), path.basename(file));
  return f;
}

async function outboxHas(recipient: string, on = port): Promise<boolean> {
  // The outbox answers only this machine on the platform host (localhost:<port>, see bench/server.ts).
  const res = await fetch(`http://localhost:${on}/dev/outbox?recipient=${encodeURIComponent(recipient)}`);
  const body = (await res.json()) as { messages: unknown[] };
  return body.messages.length > 0;
}

type Phase = { name: string; seconds: number; rowsPerSecond: number; peakMiB: number; note?: string };

/** One format: validate, import, wait for the mails; each timed, with the server's peak memory. */
async function importFile(format: 'CSV' | 'XLSX', file: string, batch: string, token: string): Promise<Phase[]> {
  const phases: Phase[] = [];
  resetPeak();
  let t0 = performance.now();
  const checked = await post('/api/invite/bulk/validate', await form(file), token);
  let s = (performance.now() - t0) / 1000;
  if (checked.status !== 200 || checked.json.toInvite !== ROWS)
    throw new Error(`validate: ${checked.status} ${JSON.stringify(checked.json).slice(0, 300)}`);
  phases.push({
    name: `${format}: validate (nothing written)`,
    seconds: s,
    rowsPerSecond: ROWS / s,
    peakMiB: memory().peak,
  });

  resetPeak();
  t0 = performance.now();
  const done = await post('/api/invite/bulk', await form(file), token);
  s = (performance.now() - t0) / 1000;
  if (done.status !== 200 || done.json.invited !== ROWS)
    throw new Error(`import: ${done.status} ${JSON.stringify(done.json).slice(0, 300)}`);
  phases.push({
    name: `${format}: import (check + insert, one transaction)`,
    seconds: s,
    rowsPerSecond: ROWS / s,
    peakMiB: memory().peak,
  });

  // The mails are jobs committed with the import, delivered by the workers in no particular row
  // order: the phase ends when every 500th row's mail (and the last row's) is in the outbox.
  const sample = [...Array.from({ length: Math.ceil(ROWS / 500) }, (_, i) => i * 500), ROWS - 1].map(
    (i) => `bench-${batch}-${i}@example.test`,
  );
  const sent0 = performance.now();
  for (const recipient of sample) {
    while (!(await outboxHas(recipient))) await new Promise((r) => setTimeout(r, 500));
  }
  const mailS = (performance.now() - t0) / 1000;
  phases.push({
    name: `${format}: import until every mail is in the outbox`,
    seconds: mailS,
    rowsPerSecond: ROWS / mailS,
    peakMiB: memory().peak,
    note: `mails drained ${((performance.now() - sent0) / 1000).toFixed(1)} s after the answer`,
  });
  return phases;
}

const COPY_COLUMNS =
  'workspace_id, code_hash, email, first_name, last_name, employee_id, role, branch_id, department_id, designation, date_of_joining, expires_at';
/** The same rows as COPY input (CSV), with ids and code hashes made up front. */
function copyCsv(batch: string): string {
  const ws = randomUUID();
  const units = [randomUUID(), randomUUID()];
  const depts = [randomUUID(), randomUUID()];
  const expires = new Date(Date.now() + 7 * 86_400_000).toISOString();
  const out: string[] = [];
  for (let i = 0; i < ROWS; i++) {
    const r = row(batch, i);
    const m = i % 3 === 0 ? 0 : 1;
    const hash = createHash('sha256').update(randomBytes(32)).digest('hex');
    out.push([ws, hash, r[0], r[1], r[2], r[3], 'EMPLOYEE', units[m], depts[m], r[6], r[7], expires].join(','));
  }
  return `${out.join('\n')}\n`;
}

async function copyPostgres(url: string, batch: string): Promise<Phase> {
  const client = new pg.Client({ connectionString: url });
  await client.connect();
  try {
    await client.query('create temp table bench_copy (like invitations including defaults including indexes)');
    const data = copyCsv(batch);
    const t0 = performance.now();
    await pipeline(
      Readable.from([data]),
      client.query(copyFrom(`COPY bench_copy (${COPY_COLUMNS}) FROM STDIN (FORMAT csv)`)),
    );
    const s = (performance.now() - t0) / 1000;
    return {
      name: 'COPY FROM STDIN, same rows, PostgreSQL (table like invitations, with its indexes)',
      seconds: s,
      rowsPerSecond: ROWS / s,
      peakMiB: 0,
    };
  } finally {
    await client.end();
  }
}

async function copyPglite(batch: string): Promise<Phase> {
  const db = await PGlite.create();
  await db.exec(`create table bench_copy (
    workspace_id uuid not null, id uuid not null default gen_random_uuid(), code_hash text not null, email text,
    contact_number text, first_name text, last_name text, role text not null default 'EMPLOYEE', branch_id uuid not null,
    department_id uuid, designation text, employee_id text, gender text, home_address text, date_of_joining date,
    last_sent_at timestamptz, send_count integer not null default 0, expires_at timestamptz not null, used_at timestamptz,
    used_by uuid, revoked_at timestamptz, created_at timestamptz not null default now(), updated_at timestamptz not null default now(),
    created_by uuid, primary key (workspace_id, id));
    create unique index on bench_copy (code_hash);
    create index on bench_copy (workspace_id, lower(email));`);
  const data = copyCsv(batch);
  const t0 = performance.now();
  await db.query(`COPY bench_copy (${COPY_COLUMNS}) FROM '/dev/blob' WITH (FORMAT csv)`, [], {
    blob: new Blob([data]),
  });
  const s = (performance.now() - t0) / 1000;
  await db.close();
  return {
    name: "COPY FROM '/dev/blob', same rows, PGlite in memory (table like invitations, with its indexes)",
    seconds: s,
    rowsPerSecond: ROWS / s,
    peakMiB: 0,
  };
}

/** 8 lying zip bombs at once: the answers and the server's peak memory. */
async function hostileUploads(token: string): Promise<void> {
  const HOSTILE = 8;
  const bomb = await lyingZipBomb(
    [
      ['Email', 'First name'],
      ['bomb@example.test', 'Bomb'],
    ],
    500 * 2 ** 20,
    'text',
  );
  const file = path.join(work, 'bomb.xlsx');
  writeFileSync(file, bomb);
  const idle = memory();
  resetPeak();
  const t0 = performance.now();
  const answers = await Promise.all(
    Array.from({ length: HOSTILE }, async () => {
      const f = new FormData();
      f.append('email', '1');
      f.append('firstName', '2');
      f.append('file', await openAsBlob(file), 'people.xlsx');
      return post('/api/invite/bulk/validate', f, token).catch((err: Error) => ({
        status: 0,
        json: { code: `no answer (${err.message})` } as Record<string, unknown>,
      }));
    }),
  );
  const s = (performance.now() - t0) / 1000;
  const alive = server.exitCode === null;
  const peak = alive ? memory().peak : Number.NaN;
  const tally = new Map<string, number>();
  for (const a of answers) {
    const key = `${a.status} ${String(a.json.code ?? '')}`.trim();
    tally.set(key, (tally.get(key) ?? 0) + 1);
  }
  const heading = '## Hostile uploads: 8 lying zip bombs at once';
  const section = `${heading}

Written by \`BENCH_BULK_PHASE=hostile npm run bench:bulk\` (bench/bulk-import.ts) on ${new Date().toISOString()}; ${os.cpus().length} × ${os.cpus()[0]?.model ?? 'cpu'}, Node ${process.version}, ${process.env.DATABASE_URL ? 'PostgreSQL' : 'PGlite'}. The file: an XLSX of ${(bomb.length / 1024).toFixed(0)} KB whose zip directory says its worksheet is 4 KB, while it unpacks to 500 MB (spaces before the rows, which an XML parser gathers into one string). Sent ${HOSTILE} times at once to \`POST /api/invite/bulk/validate\` as the workspace admin; \`SPREADSHEET_CONCURRENCY\` at its default (2).

| | |
|---|---|
| answers | ${[...tally].map(([k, n]) => `${n} × ${k}`).join(', ')} |
| all answered in | ${s.toFixed(2)} s |
| server alive afterwards | ${alive ? 'yes' : 'no (crashed)'} |
| server RSS before | ${idle.rss.toFixed(0)} MiB |
| server peak RSS (VmHWM) during the uploads | ${alive ? `${peak.toFixed(0)} MiB (+${(peak - idle.rss).toFixed(0)} MiB)` : '—'} |
`;
  writeResults({ heading, section });
  console.log(section);
}

/**
 * A server of its own for one mail run, as `npm start` runs it: on a fresh database (a new
 * PostgreSQL database beside DATABASE_URL's, dropped afterwards) or a fresh PGlite folder, with the
 * demo data (so `admin@acme.test` may import) and `env` (SMTP_URL).
 */
async function freshServer(env: Record<string, string>): Promise<{ server: BenchServer; close(): Promise<void> }> {
  const p = await freePort();
  const url = process.env.DATABASE_URL;
  let database: Record<string, string> = {};
  let drop = async () => {};
  if (url) {
    const name = `${new URL(url).pathname.slice(1) || 'compliance'}_mailbench_${randomBytes(4).toString('hex')}`;
    const admin = new URL(url);
    admin.pathname = '/postgres';
    const sqlAsAdmin = async (text: string) => {
      const c = new pg.Client({ connectionString: admin.toString() });
      await c.connect();
      try {
        await c.query(text);
      } finally {
        await c.end();
      }
    };
    await sqlAsAdmin(`CREATE DATABASE "${name}"`);
    const u = new URL(url);
    u.pathname = `/${name}`;
    database = { DATABASE_URL: u.toString() };
    drop = () => sqlAsAdmin(`DROP DATABASE IF EXISTS "${name}" WITH (FORCE)`);
  }
  const started = await startServer({ port: p, dataDir: path.join(work, `mail-${p}`), env: { ...database, ...env } });
  return {
    server: started,
    async close() {
      await started.stop();
      await drop();
    },
  };
}

type MailRun = {
  transport: string;
  answerS: number;
  drainS: number;
  rssBefore: number;
  /** The server's peak RSS by the import's answer (the import itself), and by the last mail. */
  peakAtAnswer: number;
  peak: number;
  /** The server's CPU time from the import's answer until the last mail, per mail (ms). */
  cpuPerMail: number;
  note: string;
};

/**
 * One CSV import of ROWS new people on a fresh server whose mail goes to `transport`: the time of
 * the import's answer, then until every mail is delivered (all ROWS recipients in the SMTP
 * receiver; for the outbox, every 500th row's mail and the last row's, as in the import phases),
 * and the server's peak RSS from just before the upload until the last mail (VmHWM).
 */
async function mailRun(transport: 'outbox' | 'smtp'): Promise<MailRun> {
  const smtp = transport === 'smtp' ? await startSmtpReceiver() : null;
  const fresh = await freshServer(smtp ? { SMTP_URL: smtp.url } : {});
  const { pid } = fresh.server.process;
  const on = fresh.server.port;
  try {
    const token = await signIn(on, `acme.localhost:${on}`, 'admin@acme.test', 'Demo@12345');
    const batch = randomBytes(4).toString('hex');
    const file = path.join(work, `mail-${transport}.csv`);
    await writeCsv(file, batch);
    const body = await form(file);
    const before = memoryOf(pid);
    resetPeakOf(pid);
    const t0 = performance.now();
    const done = await post('/api/invite/bulk', body, token, on);
    const answered = performance.now();
    const cpu0 = cpuMsOf(pid);
    const peakAtAnswer = memoryOf(pid).peak;
    if (done.status !== 200 || done.json.invited !== ROWS)
      throw new Error(`import: ${done.status} ${JSON.stringify(done.json).slice(0, 300)}`);
    let note = '';
    if (smtp) {
      // Every recipient of the batch once at least (a message delivered twice is counted once).
      const seen = new Set<string>();
      let read = 0;
      const until = Date.now() + 30 * 60_000;
      while (seen.size < ROWS) {
        for (; read < smtp.received.length; read++) for (const to of smtp.received[read]!.to) seen.add(to);
        if (Date.now() > until) throw new Error(`SMTP: ${seen.size} of ${ROWS} mails within 30 minutes`);
        if (seen.size < ROWS) await new Promise((r) => setTimeout(r, 50));
      }
      const ids = new Set(smtp.received.map((m) => m.messageId));
      note = `${smtp.received.length} messages received, ${ids.size} distinct Message-IDs, ${smtp.refused.length} refused`;
    } else {
      const sample = [...Array.from({ length: Math.ceil(ROWS / 500) }, (_, i) => i * 500), ROWS - 1].map(
        (i) => `bench-${batch}-${i}@example.test`,
      );
      for (const recipient of sample) {
        while (!(await outboxHas(recipient, on))) await new Promise((r) => setTimeout(r, 100));
      }
    }
    const drained = performance.now();
    return {
      transport,
      answerS: (answered - t0) / 1000,
      drainS: (drained - answered) / 1000,
      rssBefore: before.rss,
      peakAtAnswer,
      peak: memoryOf(pid).peak,
      cpuPerMail: (cpuMsOf(pid) - cpu0) / ROWS,
      note,
    };
  } finally {
    await fresh.close();
    await smtp?.close();
  }
}

/** The mail section: a CSV import delivered into the outbox, then one through a real SMTP server. */
async function mailThroughput(): Promise<void> {
  // BENCH_MAIL_TO=outbox (or smtp) runs only that one.
  const runs: MailRun[] = [];
  for (const transport of ['outbox', 'smtp'] as const) {
    if (!process.env.BENCH_MAIL_TO || process.env.BENCH_MAIL_TO === transport) runs.push(await mailRun(transport));
  }
  const engine = process.env.DATABASE_URL ? 'PostgreSQL' : 'PGlite';
  const label = process.env.BENCH_LABEL ? `, ${process.env.BENCH_LABEL}` : '';
  const heading = `## Bulk invitation mail: ${ROWS.toLocaleString('en')} mails (${engine}${label})`;
  const target = { outbox: 3000, smtp: 500 } as const;
  const line = (r: MailRun) => {
    const rate = ROWS / r.drainS;
    const growth = r.peak - r.rssBefore;
    const t = target[r.transport as keyof typeof target];
    return `| ${r.transport === 'smtp' ? 'SMTP (smtp-server in the bench process)' : 'outbox table'} | ${r.answerS.toFixed(2)} | ${r.drainS.toFixed(2)} | **${rate.toFixed(0)}** (target ≥ ${t.toLocaleString('en')}: ${rate >= t ? 'met' : 'not met'}) | ${r.rssBefore.toFixed(0)} → ${r.peakAtAnswer.toFixed(0)} → ${r.peak.toFixed(0)} (**+${growth.toFixed(0)}**; target < 100: ${growth < 100 ? 'met' : 'not met'}) | ${r.cpuPerMail.toFixed(2)} | ${r.note} |`;
  };
  const section = `${heading}

Written by \`BENCH_BULK_PHASE=mail npm run bench:bulk\` (bench/bulk-import.ts; \`BENCH_LABEL\` names the run) on ${new Date().toISOString()}; ${os.cpus().length} × ${os.cpus()[0]?.model ?? 'cpu'}, Node ${process.version}; git ${gitHead()}. Each run: a fresh server in its own process (as \`npm start\`) on a fresh ${engine === 'PostgreSQL' ? 'database' : 'PGlite folder'}, one CSV import of ${ROWS.toLocaleString('en')} new people; "drained" is from the import's answer (its transaction committed the mail jobs) until every mail is delivered: for SMTP every recipient at the receiver (\`apps/server/src/testing/smtp-receiver.ts\`, in the bench process on loopback), for the outbox every 500th row's mail and the last. Memory: the server's RSS just before the upload, and its peak (VmHWM) from then until the last mail. CPU: the server process's user + system time from the answer until the last mail, divided by the mails (steadier than mails/s on a shared machine; the limit on one core is 1,000 ÷ that). The machine may be shared: figures are noisy (load average: ${os
    .loadavg()
    .map((l) => l.toFixed(1))
    .join(', ')} at the end).

| mail goes to | import answered (s) | drained after the answer (s) | mails/s | server RSS MiB: before → peak by the answer → peak by the last mail (growth) | server CPU ms per mail while draining | note |
|---|---|---|---|---|---|---|
${runs.map(line).join('\n')}
`;
  writeResults({ heading, section });
  console.log(section);
}

/** The commit the server code was at (and whether files differed from it). */
function gitHead(): string {
  try {
    const root = path.resolve(import.meta.dirname, '..');
    const head = execSync('git rev-parse --short HEAD', { cwd: root }).toString().trim();
    const changed = execSync('git status --porcelain -- apps/server/src', { cwd: root }).toString().trim();
    return changed ? `${head} (+ uncommitted changes)` : head;
  } catch {
    return 'unknown';
  }
}

try {
  if (ONLY_MAIL) {
    await mailThroughput();
  } else if (ONLY_HOSTILE) {
    await hostileUploads(await signIn(port, `acme.localhost:${port}`, 'admin@acme.test', 'Demo@12345'));
  } else {
    const token = await signIn(port, `acme.localhost:${port}`, 'admin@acme.test', 'Demo@12345');
    const idle = memory();

    const csvBatch = randomBytes(4).toString('hex');
    const xlsxBatch = randomBytes(4).toString('hex');
    const csvFile = path.join(work, 'people.csv');
    const xlsxFile = path.join(work, 'people.xlsx');
    await writeCsv(csvFile, csvBatch);
    await writeXlsx(xlsxFile, xlsxBatch);

    const phases = [
      ...(await importFile('CSV', csvFile, csvBatch, token)),
      ...(await importFile('XLSX', xlsxFile, xlsxBatch, token)),
    ];
    const url = process.env.DATABASE_URL;
    const copy = url
      ? await copyPostgres(url, randomBytes(4).toString('hex'))
      : await copyPglite(randomBytes(4).toString('hex'));
    const engine = url ? 'PostgreSQL (DATABASE_URL)' : 'PGlite (embedded, in the server process)';
    const csvImport = phases[1]!;
    const xlsxImport = phases[4]!;
    const line = (p: Phase) =>
      `| ${p.name} | ${p.seconds.toFixed(2)} | ${p.rowsPerSecond.toFixed(0)} | ${p.peakMiB ? p.peakMiB.toFixed(0) : '—'} | ${p.note ?? ''} |`;
    const section = `## Bulk invitation import: ${ROWS.toLocaleString('en')} rows (${engine})

Written by \`npm run bench:bulk\` (bench/bulk-import.ts) on ${new Date().toISOString()}; ${os.cpus().length} × ${os.cpus()[0]?.model ?? 'cpu'}, Node ${process.version}. The server runs in its own process as \`npm start\` does; files are uploaded as multipart from the bench process on loopback (CSV ${(statSync(csvFile).size / 2 ** 20).toFixed(1)} MiB, XLSX ${(statSync(xlsxFile).size / 2 ** 20).toFixed(1)} MiB). Peak memory is the server process's VmHWM, reset before each phase; idle RSS before the imports: ${idle.rss.toFixed(0)} MiB.

| phase | seconds | rows/s | server peak RSS MiB | note |
|---|---|---|---|---|
${phases.map(line).join('\n')}
${line(copy)}

**Ratio:** the CSV import reaches ${((csvImport.rowsPerSecond / copy.rowsPerSecond) * 100).toFixed(1)}% of COPY's rate (${(copy.rowsPerSecond / csvImport.rowsPerSecond).toFixed(1)}× slower), the XLSX import ${((xlsxImport.rowsPerSecond / copy.rowsPerSecond) * 100).toFixed(1)}% (${(copy.rowsPerSecond / xlsxImport.rowsPerSecond).toFixed(1)}× slower). COPY only loads rows; the import also uploads and parses the file, checks every row (formats, duplicates, names of units and departments, existing members and pending invitations), locks the workspace row, makes a code per row and writes an audit entry — and enqueues one mail job per row in the same transaction, which the workers then deliver (here into the outbox table, in the same database).
`;
    writeResults({ heading: `## Bulk invitation import: ${ROWS.toLocaleString('en')} rows (${engine})`, section });
    console.log(section);
    await hostileUploads(token);
    await mailThroughput();
  }
} finally {
  await bench.stop();
  rmSync(work, { recursive: true, force: true });
}
