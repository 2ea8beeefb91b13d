import { sql } from 'drizzle-orm';
import { afterAll, afterEach, beforeAll, describe, expect, it } from 'vitest';
import { queryRows } from '../../../core/db/database.ts';
import { withTenant } from '../../../core/db/tenant.ts';
import {
  aCaseWorld,
  type CaseWorld,
  fileACase as fileWith,
  type Person,
  someAnswers,
  unlockKey,
} from '../../../testing/cases.ts';
import { aMember } from '../../../testing/factories.ts';
import { createTestApp, type TestApp } from '../../../testing/test-app.ts';

/*
 * The committee's side of a case (committee.routes.ts): the list and the counts, running steps (on
 * request, late with a reason), the private sub-status, naming a party (a conflicted member loses
 * access, and the quorum with them), closing with the appeal window, the trail; and the menu.
 */

let t: TestApp;
beforeAll(async () => {
  t = await createTestApp();
});
afterAll(() => t?.close());
afterEach(() => t.clock.reset());

const get = (w: CaseWorld, p: Person, url: string) =>
  t.request(w.ws.host, { method: 'GET', url: `/cms/api${url}`, token: p.token });
const post = (w: CaseWorld, p: Person, url: string, payload: object = {}) =>
  t.request(w.ws.host, { method: 'POST', url: `/cms/api${url}`, token: p.token, payload });

/** Moves the clock (first thing in a test: its world is made at that time), or later: every session is renewed then. */
async function at(w: CaseWorld | null, iso: string) {
  t.clock.set(iso);
  if (!w) return;
  for (const p of [w.admin, w.complainant, w.respondent, w.po, w.m1, w.m2, w.other]) p.token = await p.session();
}

/** Files a complaint about an incident of 20 September 2026 (the clock is set after it). */
const fileACase = (w: CaseWorld) => fileWith(w, { answers: someAnswers(w, { INCIDENT_DATE: '2026-09-20' }) });

type StepRow = {
  id: string;
  stepKey: string;
  status: string;
  dueDate: string | null;
  lateReasonItemId: string | null;
};

/** The case's steps as a committee member reads them (RLS as that member). */
async function steps(w: CaseWorld, caseId: string, as: Person = w.po): Promise<StepRow[]> {
  return withTenant(t.database.db, { workspaceId: w.ws.id, accountId: as.accountId }, (tx) =>
    queryRows<StepRow>(
      tx,
      sql`select id, step_key as "stepKey", status, due_date::text as "dueDate", late_reason_item_id as "lateReasonItemId"
            from case_steps where case_id = ${caseId} order by created_at, occurrence`,
    ),
  );
}
const stepOf = async (w: CaseWorld, caseId: string, key: string) =>
  (await steps(w, caseId)).find((s) => s.stepKey === key)!;

async function caseRow(w: CaseWorld, caseId: string) {
  const [r] = await withTenant(t.database.db, { workspaceId: w.ws.id, accountId: w.po.accountId }, (tx) =>
    queryRows<{ status: string; outcome: string | null; appealUntil: string | null; revision: number }>(
      tx,
      sql`select status, outcome, appeal_until::text as "appealUntil", revision from cases where id = ${caseId}`,
    ),
  );
  return r!;
}

describe('the committee’s list and the administrators’ counts', () => {
  it('lists a member’s cases by next deadline with counts by stage; others see none; counts need complaints.manage', async () => {
    t.clock.set('2026-09-28T03:30:00Z');
    const w = await aCaseWorld(t);
    const first = await fileACase(w);
    await at(w, '2026-09-29T03:30:00Z');
    const second = await fileACase(w);
    // The first case received: its Rule 7(2) clock (7 October) becomes its next deadline.
    await unlockKey(w, w.po);
    const received = await stepOf(w, first.caseId, 'COMPLAINT_RECEIVED');
    expect((await post(w, w.po, `/case/${first.caseId}/step/${received.id}/complete`, {})).statusCode).toBe(200);
    const list = await get(w, w.m1, '/committee-cases');
    expect(list.statusCode, list.body).toBe(200);
    const body = list.json();
    expect(body.page.totalElements).toBe(2);
    expect(body.page.content.map((c: { id: string }) => c.id)).toEqual([first.caseId, second.caseId]);
    const top = body.page.content[0];
    expect(top).toMatchObject({ reference: first.reference, status: 'OPEN', relation: 'COMMITTEE', overdue: false });
    expect(top.stageKey).toBe('NOTICE');
    expect(top.next).toMatchObject({ stepKey: 'COPY_TO_RESPONDENT', reference: 'Rule 7(2)', dueDate: '2026-10-07' });
    expect(top.daysLeft).toBe(8);
    expect(body.page.content[1].next).toMatchObject({ stepKey: 'COMPLAINT_RECEIVED', dueDate: '2026-12-21' });
    expect(body.byStage).toEqual(
      expect.arrayContaining([
        { stageKey: 'RECEIPT', stageTitle: expect.objectContaining({ en: expect.any(String) }), count: 1 },
        { stageKey: 'NOTICE', stageTitle: expect.objectContaining({ en: expect.any(String) }), count: 1 },
      ]),
    );
    expect(body.overdue).toBe(0);
    // Paged.
    const paged = (await get(w, w.m1, '/committee-cases?pageSize=1&pageNo=1')).json();
    expect(paged.page.content.map((c: { id: string }) => c.id)).toEqual([second.caseId]);
    // Overdue first, and counted.
    await at(w, '2026-10-09T03:30:00Z');
    const later = (await get(w, w.po, '/committee-cases')).json();
    expect(later.overdue).toBe(1);
    expect(later.page.content[0]).toMatchObject({ id: first.caseId, overdue: true });
    expect(later.page.content[0].daysLeft).toBeLessThan(0);
    // Not on the committee: nothing, whoever they are.
    for (const p of [w.admin, w.other, w.complainant]) {
      const res = await get(w, p, '/committee-cases');
      expect(res.statusCode).toBe(200);
      expect(res.json().page.totalElements).toBe(0);
    }
    // The closed ones are asked for apart.
    expect((await get(w, w.po, '/committee-cases?status=CLOSED')).json().page.totalElements).toBe(0);
    // Counts: the administrator (complaints.manage), grouped, never a case.
    const employer = Object.assign(await aMember(w.ws, { role: 'EMPLOYER' }), { token: '' });
    employer.token = await employer.session();
    const counts = await get(w, employer, '/case-counts');
    expect(counts.statusCode, counts.body).toBe(200);
    expect(counts.json()).toEqual({
      rows: [
        {
          status: 'OPEN',
          stageKey: 'NOTICE',
          stageTitle: expect.objectContaining({ en: 'Notice to the respondent' }),
          jurisdiction: 'IN_POSH',
          overdue: true,
          count: 1,
        },
        {
          status: 'OPEN',
          stageKey: 'RECEIPT',
          stageTitle: expect.objectContaining({ en: expect.any(String) }),
          jurisdiction: 'IN_POSH',
          overdue: false,
          count: 1,
        },
      ],
      total: 2,
    });
    expect(JSON.stringify(counts.json())).not.toContain(first.caseId);
    expect((await get(w, w.other, '/case-counts')).statusCode).toBe(403);
    expect((await get(w, employer, '/committee-cases')).json().page.totalElements).toBe(0);
  });

  it('shows the Complaints menu to a member of a live committee, not to another employee', async () => {
    const w = await aCaseWorld(t);
    const menus = async (p: Person) => {
      const res = await t.request(w.ws.host, { method: 'GET', url: '/api/navigation/v3', token: p.token });
      return Object.fromEntries(
        (res.json() as Array<{ menu: string; enabled: boolean }>).map((i) => [i.menu, i.enabled]),
      );
    };
    expect((await menus(w.m1)).COMPLAINTS).toBe(true);
    expect((await menus(w.other)).COMPLAINTS).toBe(false);
    // The employer holds complaints.manage (the counts); the workspace administrator does not.
    const employer = Object.assign(await aMember(w.ws, { role: 'EMPLOYER' }), { token: '' });
    employer.token = await employer.session();
    expect((await menus(employer)).COMPLAINTS).toBe(true);
  });
});

describe('running the steps', () => {
  it('completes an open step once; a stale revision and a closed step are refused', async () => {
    t.clock.set('2026-09-28T03:30:00Z');
    const w = await aCaseWorld(t);
    const { caseId } = await fileACase(w);
    await unlockKey(w, w.po);
    const received = await stepOf(w, caseId, 'COMPLAINT_RECEIVED');
    const { revision } = await caseRow(w, caseId);
    const stale = await post(w, w.po, `/case/${caseId}/step/${received.id}/complete`, { revision: revision - 1 });
    expect(stale.statusCode).toBe(409);
    expect(stale.json().params.reason).toBe('CASE_CHANGED');
    const done = await post(w, w.po, `/case/${caseId}/step/${received.id}/complete`, { revision });
    expect(done.statusCode, done.body).toBe(200);
    expect(done.json().revision).toBeGreaterThan(revision);
    // A double click.
    const again = await post(w, w.po, `/case/${caseId}/step/${received.id}/complete`, {});
    expect(again.statusCode).toBe(409);
    expect(again.json().params.reason).toBe('STEP_NOT_ACTIVE');
    expect((await stepOf(w, caseId, 'COPY_TO_RESPONDENT')).status).toBe('ACTIVE');
    // Not on the committee: the case reads as missing.
    await unlockKey(w, w.other);
    expect((await post(w, w.other, `/case/${caseId}/step/${received.id}/complete`, {})).statusCode).toBe(404);
    // The complainant: not hers to do.
    const copy = await stepOf(w, caseId, 'COPY_TO_RESPONDENT');
    const hers = await post(w, w.complainant, `/case/${caseId}/step/${copy.id}/complete`, {});
    expect(hers.statusCode, hers.body).toBe(403);
  });

  it('refuses a late statutory step without a written reason and keeps the reason sealed', async () => {
    t.clock.set('2026-09-28T03:30:00Z');
    const w = await aCaseWorld(t);
    const { caseId } = await fileACase(w);
    await unlockKey(w, w.po);
    const received = await stepOf(w, caseId, 'COMPLAINT_RECEIVED');
    expect((await post(w, w.po, `/case/${caseId}/step/${received.id}/complete`, {})).statusCode).toBe(200);
    const copy = await stepOf(w, caseId, 'COPY_TO_RESPONDENT');
    // Rule 7(2): 7 working days from Monday 28 September (Sundays off in India), Gandhi Jayanti
    // (Friday 2 October) not counted: Wednesday 7 October.
    expect(copy.dueDate).toBe('2026-10-07');
    await at(w, '2026-10-08T05:00:00Z');
    await unlockKey(w, w.po);
    const refused = await post(w, w.po, `/case/${caseId}/step/${copy.id}/complete`, {});
    expect(refused.statusCode).toBe(422);
    expect(refused.json()).toMatchObject({ code: 'LATE_REASON_REQUIRED', details: [{ path: 'lateReason' }] });
    expect((await stepOf(w, caseId, 'COPY_TO_RESPONDENT')).status).toBe('ACTIVE');
    const blank = await post(w, w.po, `/case/${caseId}/step/${copy.id}/complete`, { lateReason: '   ' });
    expect(blank.statusCode).toBe(422);
    const reason = 'The respondent was on leave abroad until 8 October.';
    const ok = await post(w, w.po, `/case/${caseId}/step/${copy.id}/complete`, { lateReason: reason });
    expect(ok.statusCode, ok.body).toBe(200);
    const after = await stepOf(w, caseId, 'COPY_TO_RESPONDENT');
    expect(after.status).toBe('DONE');
    expect(after.lateReasonItemId).not.toBeNull();
    // Sealed: the reason's words are nowhere in the database in clear.
    const [hit] = await withTenant(t.database.db, { workspaceId: w.ws.id, accountId: w.po.accountId }, (tx) =>
      queryRows<{ n: number }>(
        tx,
        sql`select count(*)::int as n from case_items where id = ${after.lateReasonItemId}
           and audience = 'COMMITTEE' and kind = 'LATE_REASON' and position(convert_to(${'leave abroad'}, 'UTF8') in sealed) = 0`,
      ),
    );
    expect(hit!.n).toBe(1);
  });

  it('starts a step the law starts on request, and only such a step', async () => {
    t.clock.set('2026-09-28T03:30:00Z');
    const w = await aCaseWorld(t);
    const { caseId } = await fileACase(w);
    await unlockKey(w, w.po);
    const interim = await stepOf(w, caseId, 'INTERIM_RELIEF');
    expect(interim.status).toBe('ON_REQUEST');
    const copy = await stepOf(w, caseId, 'COPY_TO_RESPONDENT');
    const waiting = await post(w, w.po, `/case/${caseId}/step/${copy.id}/start`, {});
    expect(waiting.statusCode).toBe(409);
    expect(waiting.json().params.reason).toBe('STEP_NOT_ON_REQUEST');
    // Conciliation (s.10(1)) waits for the complaint to be received.
    const conciliation = await stepOf(w, caseId, 'CONCILIATION');
    const early = await post(w, w.po, `/case/${caseId}/step/${conciliation.id}/start`, {});
    expect(early.json().params.reason).toBe('STEP_PREREQUISITES_NOT_MET');
    const started = await post(w, w.po, `/case/${caseId}/step/${interim.id}/start`, {});
    expect(started.statusCode, started.body).toBe(200);
    expect((await stepOf(w, caseId, 'INTERIM_RELIEF')).status).toBe('ACTIVE');
  });

  it('keeps a private sub-status in the committee’s space', async () => {
    const w = await aCaseWorld(t);
    const { caseId } = await fileACase(w);
    await unlockKey(w, w.m1);
    const res = await post(w, w.m1, `/case/${caseId}/sub-status`, { label: 'Waiting for the CCTV footage' });
    expect(res.statusCode, res.body).toBe(200);
    const [row] = await withTenant(t.database.db, { workspaceId: w.ws.id, accountId: w.complainant.accountId }, (tx) =>
      queryRows<{ n: number }>(
        tx,
        sql`select count(*)::int as n from case_items where case_id = ${caseId} and kind = 'SUB_STATUS'`,
      ),
    );
    expect(row!.n).toBe(0);
    expect((await post(w, w.complainant, `/case/${caseId}/sub-status`, { label: 'x' })).statusCode).toBe(403);
  });
});

describe('parties and conflicts', () => {
  it('a member named a witness is conflicted, loses access and keys; the quorum then fails', async () => {
    t.clock.set('2026-09-28T03:30:00Z');
    const w = await aCaseWorld(t);
    const { caseId } = await fileACase(w);
    await unlockKey(w, w.po);
    await unlockKey(w, w.m2);
    // m2 holds the keys before (counted as m2: each person sees only their own wraps).
    const wraps = async () =>
      (
        await withTenant(t.database.db, { workspaceId: w.ws.id, accountId: w.m2.accountId }, (tx) =>
          queryRows<{ n: number }>(
            tx,
            sql`select count(*)::int as n from case_key_wraps where case_id = ${caseId} and account_id = ${w.m2.accountId}`,
          ),
        )
      )[0]!.n;
    expect(await wraps()).toBeGreaterThan(0);
    expect(
      (await post(w, w.po, `/case/${caseId}/party`, { accountId: w.complainant.accountId, role: 'WITNESS' })).json()
        .code,
    ).toBe('PARTY_IS_COMPLAINANT');
    const res = await post(w, w.po, `/case/${caseId}/party`, { accountId: w.m2.accountId, role: 'WITNESS' });
    expect(res.statusCode, res.body).toBe(200);
    expect(res.json().conflicted).toEqual([w.m2.accountId]);
    expect(await wraps()).toBe(0);
    expect((await get(w, w.m2, '/committee-cases')).json().page.totalElements).toBe(0);
    expect((await get(w, w.m2, `/case/${caseId}/trail`)).statusCode).toBe(404);
    // Two members left of three: the quorum of Rule 7(7) fails, and steps wait.
    const received = await stepOf(w, caseId, 'COMPLAINT_RECEIVED');
    const blocked = await post(w, w.po, `/case/${caseId}/step/${received.id}/complete`, {});
    expect(blocked.statusCode).toBe(409);
    expect(blocked.json()).toMatchObject({ code: 'QUORUM_NOT_MET', params: { reason: 'QUORUM_TOO_FEW' } });
    // The new keys reach the others: the presiding officer still writes in the committee's space.
    expect((await post(w, w.po, `/case/${caseId}/sub-status`, { label: 'Quorum lost' })).statusCode).toBe(200);
    // Naming the member who asks: refused, nothing written.
    const self = await post(w, w.po, `/case/${caseId}/party`, { accountId: w.po.accountId, role: 'WITNESS' });
    expect(self.json().params.reason).toBe('PARTY_CONFLICTS_YOU');
  });
});

describe('closing and the trail', () => {
  it('closes with an offered outcome, skips open steps, tracks the POSH appeal window; the trail verifies', async () => {
    t.clock.set('2026-09-28T03:30:00Z');
    const w = await aCaseWorld(t);
    const { caseId } = await fileACase(w);
    await unlockKey(w, w.po);
    const received = await stepOf(w, caseId, 'COMPLAINT_RECEIVED');
    expect((await post(w, w.po, `/case/${caseId}/step/${received.id}/complete`, {})).statusCode).toBe(200);
    await at(w, '2026-12-07T05:00:00Z');
    await unlockKey(w, w.po);
    const body = {
      outcome: 'PROVED',
      reportOn: '2026-12-07',
      employerAction: 'Written warning',
      employerActionOn: null,
    };
    expect((await post(w, w.po, `/case/${caseId}/close`, { ...body, outcome: 'MADE_UP' })).json().code).toBe(
      'OUTCOME_NOT_OFFERED',
    );
    expect((await post(w, w.po, `/case/${caseId}/close`, { ...body, reportOn: '2026-12-08' })).json().code).toBe(
      'REPORT_DATE_IN_FUTURE',
    );
    expect(
      (
        await post(w, w.po, `/case/${caseId}/close`, { ...body, reportFileId: '00000000-0000-4000-8000-000000000000' })
      ).json().code,
    ).toBe('REPORT_FILE_NOT_FOUND');
    const closed = await post(w, w.po, `/case/${caseId}/close`, body);
    expect(closed.statusCode, closed.body).toBe(200);
    // s.18(2): 90 days from 7 December 2026 is Sunday 7 March 2027: Monday 8 March.
    expect(await caseRow(w, caseId)).toMatchObject({ status: 'CLOSED', outcome: 'PROVED', appealUntil: '2027-03-08' });
    const after = await steps(w, caseId);
    expect(after.filter((s) => s.status === 'ACTIVE').map((s) => [s.stepKey, s.dueDate])).toEqual([
      ['APPEAL_WINDOW', '2027-03-08'],
    ]);
    expect(after.find((s) => s.stepKey === 'COPY_TO_RESPONDENT')!.status).toBe('SKIPPED');
    expect((await post(w, w.po, `/case/${caseId}/close`, body)).json().params.reason).toBe('CASE_NOT_OPEN');
    expect((await get(w, w.po, '/committee-cases?status=CLOSED')).json().page.content[0]).toMatchObject({
      id: caseId,
      status: 'CLOSED',
      next: null,
      daysLeft: null,
    });

    // The trail: ids and codes, members by name; it verifies; an edited entry is found.
    const trail = await get(w, w.m1, `/case/${caseId}/trail`);
    expect(trail.statusCode, trail.body).toBe(200);
    const entries = trail.json().entries as Array<{
      seq: number;
      action: string;
      actor: string | null;
      targetId: string;
    }>;
    expect(entries.map((e) => e.action)).toEqual(
      expect.arrayContaining(['case.filed', 'case.step_completed', 'case.closed']),
    );
    expect(entries.find((e) => e.action === 'case.step_completed')).toMatchObject({
      actor: 'Priya Officer',
      targetId: received.id,
    });
    expect(trail.json().head).toMatchObject({ seq: entries.at(-1)!.seq });
    const verdict = await post(w, w.m1, `/case/${caseId}/trail/verify`);
    expect(verdict.statusCode, verdict.body).toBe(200);
    expect(verdict.json()).toMatchObject({ intact: true, firstBadSeq: null });
    // Edited behind the application's back (the owner, the insert-only trigger off for it).
    await t.database.db.transaction(async (tx) => {
      await tx.execute(sql`select set_config('app.workspace_id', ${w.ws.id}, true)`);
      await tx.execute(sql`select set_config('app.account_id', ${w.m1.accountId}, true)`);
      await tx.execute(sql`alter table trail_entries disable trigger trail_entries_insert_only`);
      await tx.execute(sql`update trail_entries set action = 'case.made_up' where chain_id = ${caseId} and seq = 2`);
      await tx.execute(sql`alter table trail_entries enable trigger trail_entries_insert_only`);
    });
    expect((await post(w, w.m1, `/case/${caseId}/trail/verify`)).json()).toMatchObject({
      intact: false,
      firstBadSeq: 2,
      problem: 'EDITED',
    });
    expect((await get(w, w.complainant, `/case/${caseId}/trail`)).statusCode).toBe(403);
  });
});
