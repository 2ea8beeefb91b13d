import { sql } from 'drizzle-orm';
import { afterAll, afterEach, beforeAll, describe, expect, it } from 'vitest';
import { queryRows } from '../../../core/db/database.ts';
import { withTenant } from '../../../core/db/tenant.ts';
import { jobRun } from '../../../core/job-context.ts';
import { aCaseWorld, type CaseWorld, fileACase, type Person, someAnswers, unlockKey } from '../../../testing/cases.ts';
import { createTestApp, type TestApp } from '../../../testing/test-app.ts';
import * as repo from './cases.repo.ts';
import { escalationDue, reminderDue, runCaseClocks } from './clocks.ts';

/*
 * The case clock moved through with the one clock (docs/foundations.md §5): every statutory clock of
 * both templates from the deadline engine (working days, a holiday, a deadline moved off a weekend
 * or a holiday), reminders before, escalations at both thresholds, a late step refused without its
 * reason, and Canada's monthly status updates sent once a month however often the pass runs.
 */

let t: TestApp;
beforeAll(async () => {
  t = await createTestApp();
});
afterAll(() => t?.close());
afterEach(() => t.clock.reset());

const post = (w: CaseWorld, p: Person, url: string, payload: object = {}) =>
  t.request(w.ws.host, { method: 'POST', url: `/cms/api${url}`, token: p.token, payload });

/** Moves the clock; every session of the world is renewed (they expire while the clock runs on). */
async function at(w: CaseWorld, iso: string) {
  t.clock.set(iso);
  for (const p of [w.admin, w.complainant, w.respondent, w.po, w.m1, w.m2, w.other]) p.token = await p.session();
}

type StepRow = {
  id: string;
  stepKey: string;
  occurrence: number;
  status: string;
  dueDate: string | null;
  reference: string | null;
  completedBy: string | null;
};

async function steps(w: CaseWorld, caseId: string): Promise<StepRow[]> {
  return withTenant(t.database.db, { workspaceId: w.ws.id, accountId: w.po.accountId }, (tx) =>
    queryRows<StepRow>(
      tx,
      sql`select id, step_key as "stepKey", occurrence, status, due_date::text as "dueDate", reference,
                 completed_by as "completedBy"
            from case_steps where case_id = ${caseId} order by created_at, occurrence`,
    ),
  );
}
const step = async (w: CaseWorld, caseId: string, key: string) =>
  (await steps(w, caseId)).filter((s) => s.stepKey === key).sort((a, b) => b.occurrence - a.occurrence)[0]!;

/** Completes a step as the presiding officer (unlocking their key for this session first). */
async function complete(w: CaseWorld, caseId: string, key: string, lateReason: string | null = null) {
  await unlockKey(w, w.po);
  const s = await step(w, caseId, key);
  return post(w, w.po, `/case/${caseId}/step/${s.id}/complete`, { lateReason });
}

let run = 0;
/** The daily pass of `zone` as its job runs it, on `day` at 07:00 there. */
async function pass(day: string, zone: string, utcTime: string) {
  t.clock.set(`${day}T${utcTime}`);
  return runCaseClocks(jobRun(t.app.deps, `clock-test-${run++}`), zone);
}

/** Notices of a kind queued to a person so far (their words: content-free). */
async function notices(p: Person, words: string): Promise<number> {
  const [r] = await queryRows<{ n: number }>(
    t.database.db,
    sql`select count(*)::int as n from pgboss.job where name = 'mail.send' and data->>'to' = ${p.email}
         and data->>'text' like ${`%${words}%`}`,
  );
  return r!.n;
}
const DEADLINE = 'falls due soon';
const ESCALATION = 'is overdue';
const STATUS = 'monthly status update';

describe('the pure rules', () => {
  it('sends the nearest reminder once, and escalates at each threshold', () => {
    expect(reminderDue([7, 1], 8, [])).toBeNull();
    expect(reminderDue([7, 1], 7, [])).toBe(7);
    expect(reminderDue([7, 1], 5, [7])).toBeNull();
    expect(reminderDue([7, 1], 1, [7])).toBe(1);
    expect(reminderDue([7, 1], 0, [])).toBe(1);
    expect(reminderDue([7, 1], 0, [1])).toBeNull();
    expect(reminderDue([7, 1], -1, [])).toBeNull();
    expect(escalationDue(0, { firstDays: 1, secondDays: 3 })).toBe(0);
    expect(escalationDue(2, { firstDays: 1, secondDays: 3 })).toBe(1);
    expect(escalationDue(5, { firstDays: 1, secondDays: 3 })).toBe(2);
  });
});

describe('POSH: every clock of the inquiry template', () => {
  it('runs Rule 7(2), 7(3), s.11(4), s.13(1), s.13(4), s.18(2) and s.9(1) with reminders and escalations', async () => {
    const IST = 'Asia/Kolkata';
    const AT7 = '01:30:00Z'; // 07:00 in India
    t.clock.set('2026-09-28T04:30:00Z'); // Monday 28 September, 10:00
    const w = await aCaseWorld(t);
    const setting = await t.request(w.ws.host, {
      method: 'POST',
      url: '/api/escalation-setting/save',
      token: w.admin.token,
      payload: {
        branchId: null,
        escalationType: 'CASE',
        firstThresholdDate: 1,
        secondThresholdDate: 3,
        targetId: w.admin.accountId,
      },
    });
    expect(setting.statusCode, setting.body).toBe(200);
    const { caseId } = await fileACase(w, { answers: someAnswers(w, { INCIDENT_DATE: '2026-09-20' }) });
    // s.9(1): 3 months from the incident, 20 December a Sunday: Monday 21 December.
    expect(await step(w, caseId, 'COMPLAINT_RECEIVED')).toMatchObject({ dueDate: '2026-12-21', reference: 's.9(1)' });
    expect((await complete(w, caseId, 'COMPLAINT_RECEIVED')).statusCode).toBe(200);
    // Rule 7(2): 7 working days from the filing (Sundays off; Gandhi Jayanti, Friday 2 October): 7 October.
    expect(await step(w, caseId, 'COPY_TO_RESPONDENT')).toMatchObject({
      status: 'ACTIVE',
      dueDate: '2026-10-07',
      reference: 'Rule 7(2)',
    });

    // Reminders: the template's 2 days before, to each member with access, once.
    await pass('2026-10-04', IST, AT7);
    expect(await notices(w.po, DEADLINE)).toBe(0);
    const fifth = await pass('2026-10-05', IST, AT7);
    expect(fifth.reminders).toBe(1);
    await pass('2026-10-05', IST, AT7);
    await pass('2026-10-06', IST, AT7);
    for (const m of [w.po, w.m1, w.m2]) expect(await notices(m, DEADLINE)).toBe(1);
    expect(await notices(w.complainant, DEADLINE)).toBe(0);

    // Escalation at the first threshold (1 day overdue) to the committee; at the second (3) also to the target.
    await pass('2026-10-07', IST, AT7);
    expect(await notices(w.po, ESCALATION)).toBe(0);
    await pass('2026-10-08', IST, AT7);
    await pass('2026-10-08', IST, AT7);
    await pass('2026-10-09', IST, AT7);
    expect(await notices(w.po, ESCALATION)).toBe(1);
    expect(await notices(w.admin, ESCALATION)).toBe(0);
    await pass('2026-10-10', IST, AT7);
    await pass('2026-10-10', IST, AT7);
    expect(await notices(w.po, ESCALATION)).toBe(2);
    expect(await notices(w.m2, ESCALATION)).toBe(2);
    expect(await notices(w.admin, ESCALATION)).toBe(1);
    expect(await notices(w.complainant, ESCALATION)).toBe(0);

    // Done late: refused without the reason, accepted with it.
    await at(w, '2026-10-10T05:00:00Z');
    const refused = await complete(w, caseId, 'COPY_TO_RESPONDENT');
    expect(refused.statusCode).toBe(422);
    expect(refused.json().code).toBe('LATE_REASON_REQUIRED');
    expect((await complete(w, caseId, 'COPY_TO_RESPONDENT', 'The respondent was travelling.')).statusCode).toBe(200);
    // Rule 7(3): 10 working days from Saturday 10 October: Thursday 22 October.
    expect(await step(w, caseId, 'RESPONDENT_REPLY')).toMatchObject({ dueDate: '2026-10-22', reference: 'Rule 7(3)' });
    await at(w, '2026-10-12T05:00:00Z');
    expect((await complete(w, caseId, 'INQUIRY_START')).statusCode).toBe(200);
    // s.11(4): 90 days from the inquiry's start (12 October): Sunday 10 January 2027, so Monday 11 January.
    expect(await step(w, caseId, 'INQUIRY_COMPLETED')).toMatchObject({
      status: 'WAITING',
      dueDate: '2027-01-11',
      reference: 's.11(4)',
    });
    await at(w, '2026-10-20T05:00:00Z');
    expect((await complete(w, caseId, 'RESPONDENT_REPLY')).statusCode).toBe(200);
    await at(w, '2026-11-02T05:00:00Z');
    expect((await complete(w, caseId, 'HEARING')).statusCode).toBe(200);
    await at(w, '2026-11-30T05:00:00Z');
    expect((await complete(w, caseId, 'INQUIRY_COMPLETED')).statusCode).toBe(200);
    // s.13(1): the report within 10 days of the inquiry's end: Thursday 10 December.
    expect(await step(w, caseId, 'REPORT')).toMatchObject({ dueDate: '2026-12-10', reference: 's.13(1)' });
    await at(w, '2026-12-07T05:00:00Z');
    expect((await complete(w, caseId, 'REPORT')).statusCode).toBe(200);
    // s.13(4): the employer within 60 days of the report: Friday 5 February 2027.
    expect(await step(w, caseId, 'EMPLOYER_ACTION')).toMatchObject({ dueDate: '2027-02-05', reference: 's.13(4)' });
    // s.18(2): an appeal within 90 days: Sunday 7 March 2027, so Monday 8 March.
    expect(await step(w, caseId, 'APPEAL_WINDOW')).toMatchObject({ dueDate: '2027-03-08', reference: 's.18(2)' });

    // Closed with the recommendations of 7 December: the appeal window stays open, then is marked done.
    await unlockKey(w, w.po);
    const closed = await post(w, w.po, `/case/${caseId}/close`, {
      outcome: 'PROVED',
      reportOn: '2026-12-07',
      employerAction: '',
      employerActionOn: null,
    });
    expect(closed.statusCode, closed.body).toBe(200);
    await pass('2027-03-08', IST, AT7);
    expect((await step(w, caseId, 'APPEAL_WINDOW')).status).toBe('ACTIVE');
    // This time through the schedule's own job for India's zone (the module's queue and handler).
    t.clock.set(`2027-03-09T${AT7}`);
    expect(await t.app.deps.jobs.fire('cms.case-clock', IST)).toBeTruthy();
    await expect.poll(async () => (await step(w, caseId, 'APPEAL_WINDOW')).status, { timeout: 20_000 }).toBe('DONE');
    expect((await step(w, caseId, 'APPEAL_WINDOW')).completedBy).toBeNull();
    // Nothing escalates or reminds on a closed case.
    const after = await pass('2027-03-10', IST, AT7);
    expect(after.reminders + after.escalations + after.appeals).toBe(0);
  });
});

describe('Canada: every clock of the resolution template', () => {
  it('runs s.20, s.23(1), s.33(1) and s.34 (monthly, once a month), with s.35(1)(f) for a late step', async () => {
    const TOR = 'America/Toronto';
    t.clock.set('2026-09-27T15:00:00Z'); // Sunday 27 September, 11:00 in Toronto
    const w = await aCaseWorld(t, { country: 'CA' });
    const { caseId } = await fileACase(w, { answers: someAnswers(w, { INCIDENT_DATE: '2026-09-20' }) });
    // s.20: 7 days from the notice is Sunday 4 October: Monday 5 October.
    expect(await step(w, caseId, 'FIRST_CONTACT')).toMatchObject({ dueDate: '2026-10-05', reference: 's.20' });
    // s.23(1): 45 days is Remembrance Day (Wednesday 11 November): Thursday 12 November.
    expect(await step(w, caseId, 'NEGOTIATED_RESOLUTION')).toMatchObject({
      dueDate: '2026-11-12',
      reference: 's.23(1)',
    });
    // s.33(1): a year from the notice: Monday 27 September 2027.
    expect(await step(w, caseId, 'COMPLETION')).toMatchObject({ dueDate: '2027-09-27', reference: 's.33(1)' });
    // s.34: a month from the notice: Tuesday 27 October.
    expect(await step(w, caseId, 'STATUS_UPDATE')).toMatchObject({
      status: 'ACTIVE',
      occurrence: 1,
      dueDate: '2026-10-27',
      reference: 's.34',
    });
    // The respondent informed (as the committee's action does): a participant who gets the updates too.
    await withTenant(t.database.db, { workspaceId: w.ws.id, accountId: w.po.accountId }, (tx) =>
      repo.grantAccess(tx, {
        workspaceId: w.ws.id,
        caseId,
        accountId: w.respondent.accountId,
        relation: 'PARTICIPANT',
        participantRole: 'RESPONDENT',
      }),
    );

    // s.35(1)(f): the first contact made late needs its reason.
    await at(w, '2026-10-06T14:00:00Z');
    expect((await complete(w, caseId, 'FIRST_CONTACT')).json().code).toBe('LATE_REASON_REQUIRED');
    expect((await complete(w, caseId, 'FIRST_CONTACT', 'The principal party was on sick leave.')).statusCode).toBe(200);

    // Monthly updates: none the day before; on the day, to both parties; once however often the pass runs.
    const AT7 = '11:00:00Z'; // 07:00 in Toronto (daylight time)
    await pass('2026-10-26', TOR, AT7);
    expect(await notices(w.complainant, STATUS)).toBe(0);
    const first = await pass('2026-10-27', TOR, AT7);
    expect(first.statusUpdates).toBe(1);
    await pass('2026-10-27', TOR, AT7);
    await pass('2026-10-28', TOR, AT7);
    expect(await notices(w.complainant, STATUS)).toBe(1);
    expect(await notices(w.respondent, STATUS)).toBe(1);
    expect(await notices(w.po, STATUS)).toBe(0);
    // The committee is not reminded of what the system does.
    expect(await notices(w.po, DEADLINE)).toBe(0);
    const updates = (await steps(w, caseId)).filter((s) => s.stepKey === 'STATUS_UPDATE');
    expect(updates.map((s) => [s.occurrence, s.status, s.dueDate, s.completedBy])).toEqual([
      [1, 'DONE', '2026-10-27', null],
      [2, 'ACTIVE', '2026-11-27', null],
    ]);
    const AT7_EST = '12:00:00Z'; // 07:00 in Toronto (standard time)
    await pass('2026-11-26', TOR, AT7_EST);
    expect(await notices(w.complainant, STATUS)).toBe(1);
    await pass('2026-11-27', TOR, AT7_EST);
    await pass('2026-11-27', TOR, AT7_EST);
    expect(await notices(w.complainant, STATUS)).toBe(2);
    expect(await notices(w.respondent, STATUS)).toBe(2);
    // The next a month on: Sunday 27 December, then Boxing Day observed (28th): Tuesday 29 December.
    expect(await step(w, caseId, 'STATUS_UPDATE')).toMatchObject({ occurrence: 3, dueDate: '2026-12-29' });
    // No CASE escalation setting in this workspace: overdue steps are not escalated.
    await pass('2026-11-20', TOR, AT7_EST);
    expect(await notices(w.po, ESCALATION)).toBe(0);
  });
});
