import { execFileSync } from 'node:child_process';
import { existsSync, readdirSync, readFileSync } from 'node:fs';
import path from 'node:path';
import { sql } from 'drizzle-orm';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { queryRows } from '../../../core/db/database.ts';
import { captureMailer } from '../../../testing/capture.ts';
import { writeAs } from '../../../testing/case-access.ts';
import { aCaseWorld, type CaseWorld, fileACase, someAnswers, unlockKey } from '../../../testing/cases.ts';
import { createTestApp, type TestApp } from '../../../testing/test-app.ts';

/*
 * A database dump of a workspace with cases holds no complaint text (issue 26, DESIGN §9,
 * docs/cases-security.md §3): complaints filed with distinctive phrases — the complaint's text, a
 * message, a note, an evidence file's text, a meeting's minutes (through the other parts' routes
 * when registered, else written through the keyring API) — then the whole database is dumped
 * (PostgreSQL: pg_dump as the superuser; PGlite: its data directory, raw, which also holds the
 * write-ahead log and dead row versions) and searched for every phrase: none is found. The storage
 * directory (files are encrypted), every job payload, the outbox, the audit log and the trail are
 * in the dump, and the mail sent is searched too.
 */

const PHRASES = {
  complaint: 'Marigold-tractor-5531 pressed against me in the lift',
  message: 'Obsidian-kettle-7702 I can bring two witnesses',
  note: 'Heliotrope-anvil-3310 the committee believes her account',
  evidence: 'Cobalt-quokka-8846 screenshot transcript',
  minutes: 'Vermilion-yak-1209 minutes of the hearing',
  draft: 'Saffron-zeppelin-6624 half written draft',
};

const mail = captureMailer();
let t: TestApp;
let w: CaseWorld;
const written: string[] = [];

const registered = (method: string, url: string) =>
  t.app.routeConfigs.some((r) => r.method === method && r.url === url);

beforeAll(async () => {
  t = await createTestApp({ mailer: mail.mailer });
  w = await aCaseWorld(t);
  for (const p of [w.po, w.m1, w.m2]) await unlockKey(w, p);
  const { caseId } = await fileACase(w, { answers: someAnswers(w, { INCIDENT_DETAILS: PHRASES.complaint }) });
  written.push('complaint');
  // A draft saved and left (its answers sealed too).
  const draft = (
    await t.request(w.ws.host, {
      method: 'POST',
      url: '/cms/api/complaint/draft',
      token: w.complainant.token,
      payload: { workflowId: w.workflowId },
    })
  ).json();
  const saved = await t.request(w.ws.host, {
    method: 'POST',
    url: `/cms/api/complaint/draft/${draft.id}`,
    token: w.complainant.token,
    payload: { answers: { INCIDENT_DETAILS: PHRASES.draft }, revision: draft.revision },
  });
  if (saved.statusCode !== 200) throw new Error(saved.body);
  written.push('draft');
  // A message: the route when registered, else through the keyring.
  if (registered('POST', '/cms/api/case/:id/message')) {
    const res = await t.request(w.ws.host, {
      method: 'POST',
      url: `/cms/api/case/${caseId}/message`,
      token: w.complainant.token,
      payload: { body: PHRASES.message },
    });
    if (res.statusCode !== 200) throw new Error(res.body);
  } else await writeAs(w, w.complainant, caseId, 'MESSAGE', 'COMPLAINANT', { text: PHRASES.message });
  written.push('message');
  await writeAs(w, w.po, caseId, 'NOTE', 'COMMITTEE', { text: PHRASES.note });
  written.push('note');
  if (registered('POST', '/cms/api/case/:id/file')) {
    const res = await t.request(w.ws.host, {
      method: 'POST',
      url: `/cms/api/case/${caseId}/file`,
      token: w.complainant.token,
      payload: PHRASES.evidence,
      headers: { 'content-type': 'text/plain', 'x-file-name': 'evidence.txt' },
    });
    if (res.statusCode !== 200) throw new Error(res.body);
    written.push('evidence');
  }
  // Minutes: helper 4's route records them (through the meeting's save) — a sealed MINUTES item either way.
  await writeAs(w, w.po, caseId, 'MINUTES', 'COMMITTEE', {
    meetingId: '00000000-0000-4000-8000-000000000002',
    fields: { MINUTES_OF_MEETING: PHRASES.minutes },
    present: [],
    status: 'HELD',
  });
  written.push('minutes');
  // A conflict declared with a reason (sealed), and the jobs the journey queued, all run.
  await t.request(w.ws.host, {
    method: 'POST',
    url: `/cms/api/case/${caseId}/conflict/declare`,
    token: w.m2.token,
    payload: { reason: `${PHRASES.note} (declared)` },
  });
  await settled();
}, 180_000);
afterAll(() => t?.close());

async function settled(): Promise<void> {
  const deadline = Date.now() + 20_000;
  for (;;) {
    const [row] = await queryRows<{ n: number }>(
      t.database.db,
      sql`select count(*)::int as n from pgboss.job where state = 'active' or (state in ('created', 'retry') and start_after <= now())`,
    );
    if (row!.n === 0) return;
    if (Date.now() > deadline) throw new Error('jobs still due');
    await new Promise((r) => setTimeout(r, 20));
  }
}

/** The whole database as bytes: pg_dump as the superuser on PostgreSQL, the raw data directory on PGlite. */
async function dump(): Promise<Buffer> {
  if (t.database.engine === 'postgres') {
    const [db] = await queryRows<{ name: string }>(t.database.db, sql`select current_database() as name`);
    const u = new URL(t.database.url!);
    return execFileSync('pg_dump', ['-h', u.hostname, '-p', u.port || '5432', '-U', 'postgres', '-d', db!.name], {
      maxBuffer: 512 * 1024 * 1024,
    });
  }
  // Checkpoint first, so that the data files hold the rows (the write-ahead log is in the directory too).
  await t.database.pglite!.exec('CHECKPOINT');
  const blob = await t.database.pglite!.dumpDataDir('none');
  return Buffer.from(await blob.arrayBuffer());
}

function filesUnder(dir: string): string[] {
  if (!existsSync(dir)) return [];
  return readdirSync(dir, { recursive: true, withFileTypes: true })
    .filter((e) => e.isFile())
    .map((e) => path.join(e.parentPath, e.name));
}

describe('a dump of a workspace with cases', () => {
  it('holds none of the phrases written in the cases', async () => {
    expect(written).toEqual(expect.arrayContaining(['complaint', 'draft', 'message', 'note', 'minutes']));
    const bytes = await dump();
    expect(bytes.length).toBeGreaterThan(100_000);
    // The dump is the real thing: it holds clear metadata (the case reference, the committee's name).
    expect(bytes.includes(Buffer.from('Internal Committee'))).toBe(true);
    for (const [what, phrase] of Object.entries(PHRASES)) {
      expect(bytes.includes(Buffer.from(phrase.slice(0, 22), 'utf8')), `${what} in the dump`).toBe(false);
    }
  });

  it('the storage directory, the mail sent and the rows of jobs, audit log and trail hold none either', async () => {
    for (const file of filesUnder(t.config.storage.dir)) {
      const bytes = readFileSync(file);
      for (const [what, phrase] of Object.entries(PHRASES))
        expect(bytes.includes(Buffer.from(phrase.slice(0, 22))), `${what} in ${file}`).toBe(false);
    }
    const mails = JSON.stringify(mail.sent);
    expect(mail.sent.length).toBeGreaterThan(0);
    for (const phrase of Object.values(PHRASES)) expect(mails).not.toContain(phrase.slice(0, 22));
    // Read as the database's owner would see them in a query (the dump covers them raw too).
    const rows = await queryRows<{ t: string }>(
      t.database.db,
      sql`select coalesce(string_agg(j.data::text, ' '), '') as t from pgboss.job j`,
    );
    for (const phrase of Object.values(PHRASES)) expect(rows[0]!.t).not.toContain(phrase.slice(0, 22));
  });
});
