import { createHash } from 'node:crypto';
import type { TOccurrenceDetails, TRegisterObligation } from '@app/contract';
import { sql } from 'drizzle-orm';
import { afterAll, afterEach, beforeAll, beforeEach, describe, expect, it } from 'vitest';
import { queryRows } from '../../../core/db/database.ts';
import { withPlatform } from '../../../core/db/tenant.ts';
import {
  A_PDF,
  aRegisterAnswer,
  aRegisterObligation,
  aRegisterOccurrence,
  grantComplianceManage,
} from '../../../testing/compliance-register.ts';
import {
  aBusinessUnit,
  aMember,
  aWorkspace,
  captureMailer,
  createTestApp,
  type TestApp,
} from '../../../testing/index.ts';
import { multipart } from '../../../testing/multipart.ts';
import { writeZip } from '../../../testing/scorm/build-package.ts';

const mail = captureMailer();
let t: TestApp;
beforeAll(async () => {
  t = await createTestApp({ mailer: mail.mailer });
});
// Every test runs at NOW (sessions are opened on that clock).
beforeEach(() => t.clock.set(NOW));
afterEach(() => t.clock.reset());
afterAll(() => t.close());

/** 11:00 in Kolkata on 20 March 2031. */
const NOW = new Date('2031-03-20T05:30:00Z');
const R = '/lms/api/compliance/register';

const platform = <T>(fn: Parameters<typeof withPlatform<T>>[2]) =>
  withPlatform(t.database.db, { action: 'test.register', audit: false }, fn);

/**
 * A workspace with an admin, a unit North with its unit admin (given compliance.manage) and an
 * owner there, a reviewer at the headquarters (Hindi), an outsider; a unit obligation answered for
 * North and for the headquarters, an event obligation for North, a workspace-wide one.
 */
async function aRegister() {
  const db = t.database.db;
  const ws = await aWorkspace(t, { timeZone: 'Asia/Kolkata' });
  await grantComplianceManage(db, ws.id, 'BRANCH_ADMIN');
  const north = await aBusinessUnit(ws, { name: 'North' });
  const admin = await aMember(ws, { role: 'WORKSPACE_ADMIN' });
  const northAdmin = await aMember(ws, { role: 'BRANCH_ADMIN', unit: north });
  const owner = await aMember(ws, { firstName: 'Olga', lastName: 'Owner', unit: north });
  const reviewer = await aMember(ws, { firstName: 'Ravi', lastName: 'Reviewer', language: 'hi' });
  const outsider = await aMember(ws, { firstName: 'Omar', lastName: 'Out' });
  const unitObligation = await aRegisterObligation(db, { section: 's.4' });
  const eventObligation = await aRegisterObligation(db, {
    kind: 'EVENT',
    section: 's.10(4)',
    dueRule: { anchor: 'EVENT', offset: 6, unit: 'MONTH', onHoliday: 'NEXT_WORKING_DAY', reference: 's.10(4)' },
  });
  const wsObligation = await aRegisterObligation(db, { scope: 'WORKSPACE', section: 's.21' });
  const northAnswer = await aRegisterAnswer(db, {
    workspaceId: ws.id,
    obligationId: unitObligation,
    branchId: north.id,
    ownerId: owner.accountId,
    reviewerId: reviewer.accountId,
  });
  const hqAnswer = await aRegisterAnswer(db, { workspaceId: ws.id, obligationId: unitObligation, branchId: ws.hq.id });
  const eventAnswer = await aRegisterAnswer(db, {
    workspaceId: ws.id,
    obligationId: eventObligation,
    branchId: north.id,
    ownerId: owner.accountId,
    reviewerId: reviewer.accountId,
  });
  const wsAnswer = await aRegisterAnswer(db, { workspaceId: ws.id, obligationId: wsObligation, branchId: null });
  return {
    ws,
    north,
    admin,
    northAdmin,
    owner,
    reviewer,
    outsider,
    tokens: {
      admin: await admin.session(),
      northAdmin: await northAdmin.session(),
      owner: await owner.session(),
      reviewer: await reviewer.session(),
      outsider: await outsider.session(),
    },
    unitObligation,
    eventObligation,
    northAnswer,
    hqAnswer,
    eventAnswer,
    wsAnswer,
  };
}
type Reg = Awaited<ReturnType<typeof aRegister>>;

const get = (s: Reg, who: keyof Reg['tokens'], url: string) =>
  t.request(s.ws.host, { method: 'GET', url, token: s.tokens[who] });
const post = (s: Reg, who: keyof Reg['tokens'], url: string, payload: object) =>
  t.request(s.ws.host, { method: 'POST', url, token: s.tokens[who], payload });
const upload = (s: Reg, who: keyof Reg['tokens'], id: string, file: Buffer, filename: string, fields = {}) =>
  t.request(s.ws.host, {
    method: 'POST',
    url: `${R}/occurrence/${id}/evidence`,
    token: s.tokens[who],
    ...multipart(file, fields, filename),
  });

const answerRow = async (id: string) =>
  (
    await platform((tx) =>
      queryRows<{ notApplicable: boolean; justification: string | null; ownerId: string | null }>(
        tx,
        sql`select not_applicable as "notApplicable", justification, owner_id as "ownerId" from obligation_answers where id = ${id}`,
      ),
    )
  )[0]!;

describe('the obligations of a workspace', () => {
  it('lists what each caller sees: all for the admin, its units for a unit admin, its own for an owner', async () => {
    const s = await aRegister();
    const all = (await get(s, 'admin', `${R}/obligations`)).json() as TRegisterObligation[];
    expect(all.map((a) => a.answerId).sort()).toEqual([s.northAnswer, s.hqAnswer, s.eventAnswer, s.wsAnswer].sort());
    const north = all.find((a) => a.answerId === s.northAnswer)!;
    expect(north.reason).toEqual({ code: 'HEADCOUNT_AT_LEAST', params: { unit: 'Target', headcount: 14, min: 10 } });
    expect(north.unit).toEqual({ id: s.north.id, name: 'North' });
    expect(north.owner).toEqual({ id: s.owner.accountId, name: 'Olga Owner' });
    expect(north.actions).toEqual(['setApplicability', 'assign']);
    expect(all.find((a) => a.answerId === s.eventAnswer)!.actions).toEqual([
      'setApplicability',
      'assign',
      'recordEvent',
    ]);

    const unit = (await get(s, 'northAdmin', `${R}/obligations`)).json() as TRegisterObligation[];
    expect(unit.map((a) => a.answerId).sort()).toEqual([s.northAnswer, s.eventAnswer].sort());

    const own = (await get(s, 'owner', `${R}/obligations`)).json() as TRegisterObligation[];
    expect(own.map((a) => a.answerId).sort()).toEqual([s.northAnswer, s.eventAnswer].sort());
    expect(own.find((a) => a.answerId === s.northAnswer)!.actions).toEqual([]);
    expect(own.find((a) => a.answerId === s.eventAnswer)!.actions).toEqual(['recordEvent']);

    expect((await get(s, 'outsider', `${R}/obligations`)).json()).toEqual([]);
  });

  it("gives titles in the reader's language and filters by unit, applicability and search", async () => {
    const s = await aRegister();
    const hindi = (await get(s, 'reviewer', `${R}/obligations`)).json() as TRegisterObligation[];
    expect(hindi[0]!.obligation.title).toMatch(/^समिति गठित करें/);
    expect(hindi[0]!.obligation.category).toBe('परीक्षण श्रेणी');
    const byUnit = (await get(s, 'admin', `${R}/obligations?branchId=${s.ws.hq.id}`)).json() as TRegisterObligation[];
    expect(byUnit.map((a) => a.answerId)).toEqual([s.hqAnswer]);
    const search = (await get(s, 'admin', `${R}/obligations?search=${encodeURIComponent('s.10(4)')}`)).json();
    expect((search as TRegisterObligation[]).map((a) => a.answerId)).toEqual([s.eventAnswer]);
    await post(s, 'admin', `${R}/answer/${s.hqAnswer}`, {
      notApplicable: true,
      justification: 'Fewer than ten people work at the headquarters.',
    });
    // (The engine's sync, asked for by the change, may recompute the other answers meanwhile.)
    const notApplying = (await get(s, 'admin', `${R}/obligations?applies=false`)).json() as TRegisterObligation[];
    expect(notApplying.map((a) => a.answerId)).toContain(s.hqAnswer);
    expect(notApplying.find((a) => a.answerId === s.hqAnswer)!.justification).toBe(
      'Fewer than ten people work at the headquarters.',
    );
    const applying = (await get(s, 'admin', `${R}/obligations?applies=true`)).json() as TRegisterObligation[];
    expect(applying.map((a) => a.answerId)).not.toContain(s.hqAnswer);
  });
});

describe('answering an obligation', () => {
  it('refuses "not applicable" without a justification of 10 characters, and changes nothing', async () => {
    const s = await aRegister();
    const res = await post(s, 'admin', `${R}/answer/${s.northAnswer}`, {
      notApplicable: true,
      justification: 'too short',
    });
    expect(res.statusCode).toBe(400);
    expect(res.json().params.reason).toBe('JUSTIFICATION_REQUIRED');
    expect((await answerRow(s.northAnswer)).notApplicable).toBe(false);
    const none = await post(s, 'admin', `${R}/answer/${s.northAnswer}`, { notApplicable: true });
    expect(none.json().params.reason).toBe('JUSTIFICATION_REQUIRED');
  });

  it('marks not applicable with a justification, then applicable again (justification cleared), audited', async () => {
    const s = await aRegister();
    const off = await post(s, 'admin', `${R}/answer/${s.northAnswer}`, {
      notApplicable: true,
      justification: '  The North office closed in January.  ',
    });
    expect(off.statusCode, off.body).toBe(200);
    expect(off.json()).toMatchObject({ notApplicable: true, justification: 'The North office closed in January.' });
    // The change asked the engine to recompute the workspace (a job written in its transaction).
    const jobs = () =>
      queryRows<{ n: number }>(
        t.database.db,
        sql`select count(*)::int as n from pgboss.job
             where name = 'compliance.sync-workspace' and data->>'workspaceId' = ${s.ws.id}`,
      );
    expect((await jobs())[0]!.n).toBe(1);
    // An assignment alone asks for nothing.
    await post(s, 'admin', `${R}/answer/${s.northAnswer}`, { reviewerId: s.admin.accountId });
    expect((await jobs())[0]!.n).toBe(1);
    const on = await post(s, 'admin', `${R}/answer/${s.northAnswer}`, { notApplicable: false });
    expect((await jobs())[0]!.n).toBe(2);
    expect(on.json()).toMatchObject({ notApplicable: false, justification: null });
    const audit = await platform((tx) =>
      queryRows<{ n: number }>(
        tx,
        sql`select count(*)::int as n from audit_log where target_id = ${s.northAnswer} and action = 'compliance_answer.updated'`,
      ),
    );
    expect(audit[0]!.n).toBe(3);
  });

  it('assigns owner and reviewer: active members the caller reaches, never the same person', async () => {
    const s = await aRegister();
    const ok = await post(s, 'northAdmin', `${R}/answer/${s.northAnswer}`, { ownerId: s.northAdmin.accountId });
    expect(ok.statusCode, ok.body).toBe(200);
    expect(ok.json().owner.id).toBe(s.northAdmin.accountId);
    // The outsider works at the headquarters: outside the unit admin's reach.
    const outside = await post(s, 'northAdmin', `${R}/answer/${s.northAnswer}`, { ownerId: s.outsider.accountId });
    expect(outside.statusCode).toBe(403);
    expect(outside.json().params.reason).toBe('FORBIDDEN_ASSIGN_OUTSIDE_SCOPE');
    const stranger = await post(s, 'admin', `${R}/answer/${s.northAnswer}`, { ownerId: crypto.randomUUID() });
    expect(stranger.statusCode).toBe(400);
    expect(stranger.json().params.reason).toBe('NOT_A_MEMBER');
    const same = await post(s, 'admin', `${R}/answer/${s.northAnswer}`, {
      ownerId: s.reviewer.accountId,
      reviewerId: s.reviewer.accountId,
    });
    expect(same.json().params.reason).toBe('OWNER_IS_REVIEWER');
    expect((await answerRow(s.northAnswer)).ownerId).toBe(s.northAdmin.accountId);
  });

  it('refuses the owner (no permission) and a unit admin on the workspace-wide answer', async () => {
    const s = await aRegister();
    const owner = await post(s, 'owner', `${R}/answer/${s.northAnswer}`, { ownerId: s.owner.accountId });
    expect(owner.statusCode).toBe(403);
    const wide = await post(s, 'northAdmin', `${R}/answer/${s.wsAnswer}`, { ownerId: s.northAdmin.accountId });
    expect(wide.statusCode).toBe(404);
    const courses = await post(s, 'admin', `${R}/answer/${s.northAnswer}`, { evidenceCourses: [crypto.randomUUID()] });
    expect(courses.json().params.reason).toBe('COURSES_NOT_EXPECTED');
  });
});

describe('occurrences', () => {
  it('pages 60 by due date, computes overdue on the one clock in the zone, and filters', async () => {
    const s = await aRegister();
    const db = t.database.db;
    // 65 occurrences of North's answer: 5 overdue (due 10–14 March), 60 due from 21 March on.
    for (let i = 0; i < 65; i++) {
      const due = new Date(Date.UTC(2031, 2, 10 + i)).toISOString().slice(0, 10);
      await aRegisterOccurrence(db, { workspaceId: s.ws.id, answerId: s.northAnswer, dueDate: due, periodStart: due });
    }
    const hq = await aRegisterOccurrence(db, { workspaceId: s.ws.id, answerId: s.hqAnswer, dueDate: '2031-03-25' });
    const allRes = await get(s, 'admin', `${R}/occurrences?status=ALL`);
    expect(allRes.statusCode, allRes.body.slice(0, 500)).toBe(200);
    const all = allRes.json();
    expect(all.totalElements).toBe(66);
    expect(all.content).toHaveLength(60);
    expect(all.content[0]).toMatchObject({ dueDate: '2031-03-10', overdue: true, daysOverdue: 10, status: 'OPEN' });
    const page1 = (await get(s, 'admin', `${R}/occurrences?status=ALL&pageNo=1`)).json();
    expect(page1.content).toHaveLength(6);
    const overdue = (await get(s, 'admin', `${R}/occurrences?status=OVERDUE`)).json();
    // 10–19 March are past at 11:00 on 20 March; the 20th is due until midnight.
    expect(overdue.totalElements).toBe(10);
    const due = (await get(s, 'admin', `${R}/occurrences?status=DUE&from=2031-03-20&to=2031-03-31`)).json();
    expect(due.content.map((o: { dueDate: string }) => o.dueDate)[0]).toBe('2031-03-20');
    expect(due.totalElements).toBe(13);
    const unit = (await get(s, 'northAdmin', `${R}/occurrences?status=ALL&branchId=${s.ws.hq.id}`)).json();
    expect(unit.totalElements).toBe(0);
    const mine = (await get(s, 'owner', `${R}/occurrences?status=ALL&mine=true`)).json();
    expect(mine.totalElements).toBe(65);
    const outsider = (await get(s, 'outsider', `${R}/occurrences?status=ALL`)).json();
    expect(outsider.totalElements).toBe(0);
    expect((await get(s, 'outsider', `${R}/occurrence/${hq}`)).statusCode).toBe(404);
    const bad = await get(s, 'admin', `${R}/occurrences?status=LATE`);
    expect(bad.statusCode).toBe(400);
  });
});

describe('evidence and review', () => {
  async function anOpenOccurrence() {
    const s = await aRegister();
    const id = await aRegisterOccurrence(t.database.db, {
      workspaceId: s.ws.id,
      answerId: s.northAnswer,
      dueDate: '2031-04-30',
    });
    return { s, id };
  }

  it('an owner records evidence, the reviewer (told by mail, in Hindi) approves it', async () => {
    const { s, id } = await anOpenOccurrence();
    const res = await upload(s, 'owner', id, A_PDF, 'committee order.pdf', {
      coversFrom: '2031-01-01',
      coversTo: '2031-03-31',
      note: 'Signed by the director',
    });
    expect(res.statusCode, res.body).toBe(200);
    const d = res.json() as TOccurrenceDetails;
    expect(d.status).toBe('SUBMITTED');
    expect(d.evidence).toHaveLength(1);
    expect(d.evidence[0]).toMatchObject({
      revision: 1,
      kind: 'FILE',
      fileName: 'committee-order.pdf',
      sizeBytes: A_PDF.length,
      sha256: createHash('sha256').update(A_PDF).digest('hex'),
      coversFrom: '2031-01-01',
      note: 'Signed by the director',
      by: { id: s.owner.accountId, name: 'Olga Owner' },
    });
    expect(d.actions).toEqual(['addEvidence']);

    const told = await mail.next(s.reviewer.email!, 0);
    expect(told.subject).toMatch(/^समीक्षा के लिए साक्ष्य: समिति गठित करें/);
    expect(told.text).not.toContain('Signed by the director');
    expect(told.text).not.toContain('committee-order');
    expect(told.text).not.toContain('Olga');

    const file = await get(s, 'reviewer', `${R}/occurrence/${id}/evidence/1`);
    expect(file.statusCode).toBe(200);
    expect(file.headers['content-type']).toBe('application/pdf');
    expect(file.rawPayload.equals(A_PDF)).toBe(true);
    expect((await get(s, 'outsider', `${R}/occurrence/${id}/evidence/1`)).statusCode).toBe(404);

    const asReviewer = (await get(s, 'reviewer', `${R}/occurrence/${id}`)).json() as TOccurrenceDetails;
    expect(asReviewer.actions).toEqual(['approve', 'return']);
    const approved = await post(s, 'reviewer', `${R}/occurrence/${id}/review`, { decision: 'APPROVED', note: null });
    expect(approved.statusCode, approved.body).toBe(200);
    expect(approved.json()).toMatchObject({ status: 'APPROVED', actions: [] });
    expect(approved.json().reviews[0]).toMatchObject({ decision: 'APPROVED', evidenceRevision: 1 });
    // Closed: no more evidence.
    const late = await upload(s, 'owner', id, A_PDF, 'again.pdf');
    expect(late.statusCode).toBe(409);
    expect(late.json().params.reason).toBe('OCCURRENCE_CLOSED');
  });

  it('a reviewer returns with a note (the owner is told, without the note); nobody reviews their own evidence', async () => {
    const { s, id } = await anOpenOccurrence();
    const empty = await post(s, 'reviewer', `${R}/occurrence/${id}/review`, { decision: 'APPROVED', note: null });
    expect(empty.statusCode).toBe(409);
    expect(empty.json().params.reason).toBe('NOT_AWAITING_REVIEW');
    // The admin (a register manager) records evidence itself: it may not approve it.
    await upload(s, 'admin', id, A_PDF, 'order.pdf');
    const own = await post(s, 'admin', `${R}/occurrence/${id}/review`, { decision: 'APPROVED', note: null });
    expect(own.statusCode).toBe(403);
    expect(own.json().params.reason).toBe('FORBIDDEN_REVIEW_OWN_EVIDENCE');
    const noNote = await post(s, 'reviewer', `${R}/occurrence/${id}/review`, { decision: 'RETURNED', note: null });
    expect(noNote.statusCode).toBe(400);
    const returned = await post(s, 'reviewer', `${R}/occurrence/${id}/review`, {
      decision: 'RETURNED',
      note: 'The order is not signed.',
    });
    expect(returned.json()).toMatchObject({ status: 'RETURNED' });
    const told = await mail.next(s.owner.email!, 0);
    expect(told.subject).toMatch(/^Evidence returned: Constitute the committee/);
    expect(told.text).not.toContain('not signed');
    // The owner sends a second revision.
    const again = await upload(s, 'owner', id, A_PDF, 'signed.pdf');
    expect(again.json()).toMatchObject({ status: 'SUBMITTED' });
    expect((again.json() as TOccurrenceDetails).evidence.map((e) => e.revision)).toEqual([2, 1]);
  });

  it('refuses hostile and unaccepted files with clear codes, and keeps nothing', async () => {
    const { s, id } = await anOpenOccurrence();
    const html = await upload(s, 'owner', id, Buffer.from('<html><script>alert(1)</script></html>'), 'order.pdf');
    expect(html.statusCode).toBe(415);
    expect(html.json()).toMatchObject({ code: 'UNSUPPORTED_FILE_TYPE', params: { reason: 'NOT_ACCEPTED' } });
    const noEnd = await upload(s, 'owner', id, Buffer.from('%PDF-1.4\n<html>'), 'order.pdf');
    expect(noEnd.json().params.reason).toBe('DAMAGED_PDF');
    const big = await upload(s, 'owner', id, Buffer.concat([A_PDF, Buffer.alloc(20 * 1024 * 1024)]), 'big.pdf');
    expect(big.statusCode).toBe(413);
    expect(big.json().code).toBe('FILE_TOO_LARGE');
    const bomb = writeZip([
      { name: '[Content_Types].xml', data: '<Types/>' },
      { name: 'word/document.xml', data: Buffer.alloc(30 * 1024 * 1024) },
    ]);
    const bombed = await upload(s, 'owner', id, bomb, 'report.docx');
    expect(bombed.statusCode).toBe(415);
    expect(bombed.json().params.reason).toBe('ZIP_BOMB');
    const plainZip = writeZip([{ name: 'notes.txt', data: 'hello' }]);
    expect((await upload(s, 'owner', id, plainZip, 'notes.docx')).json().params.reason).toBe('NOT_OFFICE_DOCUMENT');
    const macros = writeZip([
      {
        name: '[Content_Types].xml',
        data: '<Types><Override ContentType="application/vnd.ms-word.document.macroEnabled.main+xml"/></Types>',
      },
      { name: 'word/document.xml', data: '<w:document/>' },
      { name: 'word/vbaProject.bin', data: 'x' },
    ]);
    expect((await upload(s, 'owner', id, macros, 'report.docx')).json().params.reason).toBe('MACROS');
    const rows = await platform((tx) =>
      queryRows<{ n: number }>(tx, sql`select count(*)::int as n from occurrence_evidence where occurrence_id = ${id}`),
    );
    expect(rows[0]!.n).toBe(0);
  });

  it('accepts a Word document told by its contents, and keeps a file name without its path', async () => {
    const { s, id } = await anOpenOccurrence();
    const docx = writeZip([
      {
        name: '[Content_Types].xml',
        data: '<Types><Override PartName="/word/document.xml" ContentType="application/vnd.openxmlformats-officedocument.wordprocessingml.document.main+xml"/></Types>',
      },
      { name: 'word/document.xml', data: '<w:document/>' },
    ]);
    const res = await upload(s, 'owner', id, docx, '../../etc/passwd.pdf');
    expect(res.statusCode, res.body).toBe(200);
    expect((res.json() as TOccurrenceDetails).evidence[0]!.fileName).toBe('passwd.docx');
    const [key] = await platform((tx) =>
      queryRows<{ storageKey: string }>(
        tx,
        sql`select storage_key as "storageKey" from occurrence_evidence where occurrence_id = ${id}`,
      ),
    );
    expect(key!.storageKey.startsWith(`${s.ws.id}/compliance/`)).toBe(true);
    expect(key!.storageKey).not.toContain('..');
    const file = await get(s, 'owner', `${R}/occurrence/${id}/evidence/1`);
    expect(file.headers['content-disposition']).toBe('attachment; filename="passwd.docx"');
  });
});

describe('events', () => {
  it('records an event: an occurrence due by the rule from that day, once per day, never in the future', async () => {
    const s = await aRegister();
    const res = await post(s, 'owner', `${R}/answer/${s.eventAnswer}/event`, {
      date: '2031-03-15',
      note: 'Policy revised',
    });
    expect(res.statusCode, res.body).toBe(200);
    // 6 months after 15 March 2031 is Monday 15 September 2031.
    expect(res.json()).toMatchObject({ periodStart: '2031-03-15', dueDate: '2031-09-15', status: 'OPEN' });
    const twice = await post(s, 'owner', `${R}/answer/${s.eventAnswer}/event`, { date: '2031-03-15', note: null });
    expect(twice.statusCode).toBe(409);
    expect(twice.json().params.reason).toBe('EVENT_ALREADY_RECORDED');
    const future = await post(s, 'owner', `${R}/answer/${s.eventAnswer}/event`, { date: '2031-03-21', note: null });
    expect(future.json().params.reason).toBe('EVENT_IN_FUTURE');
    const notEvent = await post(s, 'admin', `${R}/answer/${s.northAnswer}/event`, { date: '2031-03-15', note: null });
    expect(notEvent.statusCode).toBe(409);
    expect(notEvent.json().params.reason).toBe('NOT_AN_EVENT_OBLIGATION');
    const reviewer = await post(s, 'reviewer', `${R}/answer/${s.eventAnswer}/event`, {
      date: '2031-03-14',
      note: null,
    });
    expect(reviewer.statusCode).toBe(403);
  });
});
