import type { TWorkflowDefinition } from '@app/contract';
import { sql } from 'drizzle-orm';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { sessionKeyOf } from '../../../core/auth.ts';
import { hashToken, sha256Hex } from '../../../core/crypto.ts';
import { queryRows } from '../../../core/db/database.ts';
import { withTenant } from '../../../core/db/tenant.ts';
import { jobRun } from '../../../core/job-context.ts';
import { captureMailer } from '../../../testing/capture.ts';
import { aCaseWorld, type CaseWorld, fileACase, type Person, unlockKey } from '../../../testing/cases.ts';
import { aMember } from '../../../testing/factories.ts';
import { createTestApp, type TestApp } from '../../../testing/test-app.ts';
import { POSH_INQUIRY } from '../templates/posh-inquiry.ts';
import * as casesRepo from './cases.repo.ts';
import * as keysRepo from './keys.repo.ts';
import { openKeyring } from './keys.ts';
import { runMeetingReminders } from './meeting-reminders.ts';

let t: TestApp;
let w: CaseWorld;
const mail = captureMailer();
beforeAll(async () => {
  t = await createTestApp({ mailer: mail.mailer });
  w = await aCaseWorld(t);
  for (const p of [w.po, w.m1, w.m2]) await unlockKey(w, p);
});
afterAll(() => t?.close());

const AGENDA = 'Hear the complainant about the review meeting of 3 November';

/** A case with its steps' ids by key. */
async function aCase(): Promise<{ caseId: string; reference: string; steps: Record<string, string> }> {
  const { caseId, reference } = await fileACase(w);
  const rows = await withTenant(t.database.db, { workspaceId: w.ws.id, accountId: w.po.accountId }, (tx) =>
    queryRows<{ id: string; stepKey: string }>(
      tx,
      sql`select id, step_key as "stepKey" from case_steps where case_id = ${caseId}`,
    ),
  );
  return { caseId, reference, steps: Object.fromEntries(rows.map((r) => [r.stepKey, r.id])) };
}

/** Puts a step under way (the step routes are another part's: here, straight in the table as a member). */
async function activate(caseId: string, stepKey: string): Promise<void> {
  await withTenant(t.database.db, { workspaceId: w.ws.id, accountId: w.po.accountId }, (tx) =>
    tx.execute(
      sql`update case_steps set status = 'ACTIVE', started_at = app_now() where case_id = ${caseId} and step_key = ${stepKey}`,
    ),
  );
}

async function revisionOf(caseId: string): Promise<number> {
  return withTenant(t.database.db, { workspaceId: w.ws.id, accountId: w.po.accountId }, async (tx) => {
    const row = await casesRepo.findCase(tx, w.ws.id, caseId);
    return row!.revision;
  });
}

/** What a person can read of a case: the items row-level security shows them, opened with their own keys. */
async function readAs(p: Person, caseId: string) {
  return withTenant(t.database.db, { workspaceId: w.ws.id, accountId: p.accountId }, async (tx) => {
    const [s] = await queryRows<{ id: string }>(
      tx,
      sql`select id from sessions where token_hash = ${hashToken(p.token)}`,
    );
    const caller = {
      workspaceId: w.ws.id,
      accountId: p.accountId,
      sessionId: s!.id,
      sessionKey: sessionKeyOf(p.token),
    };
    const ring = await openKeyring(tx, t.config, caller, caseId);
    try {
      const rows = await casesRepo.items(tx, w.ws.id, caseId);
      return {
        wraps: (await keysRepo.myWraps(tx, w.ws.id, caseId, p.accountId)).length,
        items: rows.map((r) => ({
          kind: r.kind,
          audience: r.audience,
          body: ring.openJson<Record<string, unknown>>(
            r.dataKeyId,
            ring.context('case_items', r.id, 'body'),
            Buffer.from(r.sealed, 'hex'),
          ),
        })),
      };
    } finally {
      ring.wipe();
    }
  });
}

const post = (p: Person, url: string, payload: object) =>
  t.request(w.ws.host, { method: 'POST', url: `/cms/api${url}`, token: p.token, payload });

function hearingFields(over: Record<string, unknown> = {}): Record<string, unknown> {
  return {
    MEETING_TITLE: 'First hearing',
    MEETING_DESCRIPTION: AGENDA,
    MEETING_START_TIME: '2027-02-10T05:30:00Z',
    MEETING_END_TIME: '2027-02-10T07:00:00Z',
    MEETING_LOCATION: 'Board room, 4th floor',
    MEETING_GUEST: [{ name: 'Anita NGO', email: 'anita@example.org' }],
    ...over,
  };
}

describe('meetings', () => {
  it('refuses a meeting with a required field missing, one detail per field, and writes nothing', async () => {
    const c = await aCase();
    await activate(c.caseId, 'HEARING');
    const fields = hearingFields({ MEETING_END_TIME: '2027-02-10T05:00:00Z' });
    delete fields.MEETING_TITLE;
    delete fields.MEETING_LOCATION;
    const res = await post(w.po, `/case/${c.caseId}/meeting`, {
      stepId: c.steps.HEARING,
      fields: { ...fields, MEETING_DESCRIPTION: '' },
      guestAccountIds: [w.complainant.accountId, w.other.accountId],
    });
    expect(res.statusCode).toBe(422);
    expect(res.json().code).toBe('MEETING_INVALID');
    expect(
      res
        .json()
        .details.map((d: { path: string; code: string }) => `${d.path}:${d.code}`)
        .sort(),
    ).toEqual([
      'fields.MEETING_DESCRIPTION:REQUIRED',
      'fields.MEETING_END_TIME:END_BEFORE_START',
      'fields.MEETING_LOCATION:REQUIRED',
      'fields.MEETING_TITLE:REQUIRED',
      'guestAccountIds.1:GUEST_NOT_ON_CASE',
    ]);
    const link = await post(w.po, `/case/${c.caseId}/meeting`, {
      stepId: c.steps.HEARING,
      fields: hearingFields({ MEETING_LOCATION: 'https://zoom.example.com/j/1' }),
    });
    expect(link.json().details.map((d: { code: string }) => d.code)).toEqual(['LOCATION_LINK']);
    expect((await readAs(w.po, c.caseId)).items.filter((i) => i.kind === 'MEETING')).toEqual([]);
  });

  it('refuses a meeting of a step that is not under way, and a stale revision', async () => {
    const c = await aCase();
    const waiting = await post(w.po, `/case/${c.caseId}/meeting`, { stepId: c.steps.HEARING, fields: hearingFields() });
    expect(waiting.statusCode).toBe(409);
    expect(waiting.json().code).toBe('STEP_NOT_ACTIVE');
    await activate(c.caseId, 'HEARING');
    const revision = await revisionOf(c.caseId);
    const first = await post(w.po, `/case/${c.caseId}/meeting`, {
      stepId: c.steps.HEARING,
      fields: hearingFields(),
      revision,
    });
    expect(first.statusCode).toBe(200);
    // The same click again (the same revision): refused, nothing written twice.
    const again = await post(w.po, `/case/${c.caseId}/meeting`, {
      stepId: c.steps.HEARING,
      fields: hearingFields(),
      revision,
    });
    expect(again.statusCode).toBe(409);
    expect(again.json().params.reason).toBe('CASE_CHANGED');
  });

  it('invites guests with a calendar file that holds the time and place and no agenda', async () => {
    const c = await aCase();
    await activate(c.caseId, 'HEARING');
    const before = mail.to(w.complainant.email!).length;
    const outsiderBefore = mail.to('anita@example.org').length;
    const res = await post(w.po, `/case/${c.caseId}/meeting`, {
      stepId: c.steps.HEARING,
      fields: hearingFields(),
      guestAccountIds: [w.complainant.accountId, w.m1.accountId],
    });
    expect(res.statusCode).toBe(200);
    const invite = await mail.next(w.complainant.email!, before);
    expect(invite.text).not.toContain(AGENDA);
    const ics = invite.attachments?.[0]?.content ?? '';
    expect(ics).toContain('BEGIN:VCALENDAR');
    expect(ics).toContain('METHOD:REQUEST');
    expect(ics).toContain('DTSTART:20270210T053000Z');
    expect(ics).toContain('LOCATION:Board room\\, 4th floor');
    expect(ics).toContain(`SUMMARY:Meeting — case ${c.reference}`);
    expect(ics).not.toContain('Hear the complainant');
    expect(ics).not.toContain('First hearing');
    const outsider = await mail.next('anita@example.org', outsiderBefore);
    expect(outsider.attachments?.[0]?.content).toContain('METHOD:REQUEST');
    // The complainant's thread has the notice (title, time, place), not the agenda.
    const hers = await readAs(w.complainant, c.caseId);
    const notice = hers.items.find((i) => i.kind === 'MEETING_NOTICE');
    expect(notice?.body).toMatchObject({ title: 'First hearing', location: 'Board room, 4th floor' });
    expect(JSON.stringify(hers.items)).not.toContain(AGENDA);

    // Cancelled: a cancellation with a higher sequence.
    const cancel = await post(w.po, `/case/${c.caseId}/meeting/${res.json().id}`, { status: 'CANCELLED' });
    expect(cancel.statusCode).toBe(200);
    const cancelled = await mail.next(w.complainant.email!, before + 1);
    expect(cancelled.attachments?.[0]?.content).toContain('METHOD:CANCEL');
    expect(cancelled.attachments?.[0]?.content).toContain('SEQUENCE:1');
  });

  it('refuses minutes of a hearing without its quorum present, then records them with it', async () => {
    const c = await aCase();
    await activate(c.caseId, 'HEARING');
    const m = (
      await post(w.po, `/case/${c.caseId}/meeting`, { stepId: c.steps.HEARING, fields: hearingFields() })
    ).json();
    const minutes = { MINUTES_OF_MEETING: 'Both parties heard.', MEETING_OUTCOME: 'Adjourned' };
    const two = await post(w.po, `/case/${c.caseId}/meeting/${m.id}`, {
      status: 'HELD',
      fields: minutes,
      presentAccountIds: [w.po.accountId, w.m1.accountId],
    });
    expect(two.statusCode).toBe(422);
    expect(two.json()).toMatchObject({
      code: 'MEETING_QUORUM_NOT_PRESENT',
      params: { present: 2, required: 3, presidingOfficerPresent: 1 },
    });
    const noMinutes = await post(w.po, `/case/${c.caseId}/meeting/${m.id}`, {
      status: 'HELD',
      fields: {},
      presentAccountIds: [w.po.accountId, w.m1.accountId, w.m2.accountId],
    });
    expect(noMinutes.json().details.map((d: { path: string }) => d.path)).toEqual(['fields.MINUTES_OF_MEETING']);
    const held = await post(w.po, `/case/${c.caseId}/meeting/${m.id}`, {
      status: 'HELD',
      fields: minutes,
      presentAccountIds: [w.po.accountId, w.m1.accountId, w.m2.accountId],
    });
    expect(held.statusCode).toBe(200);
    const again = await post(w.m1, `/case/${c.caseId}/meeting/${m.id}`, { status: 'CANCELLED' });
    expect(again.json().code).toBe('MEETING_NOT_SCHEDULED');
    const items = (await readAs(w.m2, c.caseId)).items;
    expect(items.find((i) => i.kind === 'MINUTES')?.body).toMatchObject({ status: 'HELD', fields: minutes });
  });
});

describe('actions', () => {
  it('holds the findings vote: each member once, decided with the quorum', async () => {
    const c = await aCase();
    await activate(c.caseId, 'INQUIRY_COMPLETED');
    const url = `/case/${c.caseId}/action/${c.steps.INQUIRY_COMPLETED}/FINDINGS_VOTE`;
    expect((await post(w.po, url, { option: 'MAYBE' })).statusCode).toBe(422);
    expect((await post(w.po, url, { option: 'PROVED' })).json().decided).toBeNull();
    expect((await post(w.m1, url, { option: 'NOT_PROVED' })).json().decided).toBeNull();
    const twice = await post(w.m1, url, { option: 'PROVED' });
    expect(twice.statusCode).toBe(409);
    expect(twice.json().code).toBe('ALREADY_VOTED');
    const last = await post(w.m2, url, { option: 'PROVED' });
    expect(last.json().decided).toBe('PROVED');
    const actions = (await readAs(w.po, c.caseId)).items.filter((i) => i.kind === 'ACTION');
    expect(actions.map((a) => a.body)).toEqual([
      expect.objectContaining({ type: 'VOTE', input: { option: 'PROVED', counts: { PROVED: 2, NOT_PROVED: 1 } } }),
    ]);
  });

  it('informs the respondent, who reads the copy of the complaint and nothing else', async () => {
    const c = await aCase();
    await activate(c.caseId, 'REPORT');
    // Before the respondent is informed, a notice to them is refused.
    const early = await post(w.po, `/case/${c.caseId}/action/${c.steps.REPORT}/REPORT_TO_PARTIES`, {});
    expect(early.statusCode).toBe(409);
    expect(early.json().code).toBe('NOTIFY_RECIPIENT_NO_ACCESS');

    await activate(c.caseId, 'COPY_TO_RESPONDENT');
    const before = mail.to(w.respondent.email!).length;
    const res = await post(w.po, `/case/${c.caseId}/action/${c.steps.COPY_TO_RESPONDENT}/SEND_COMPLAINT_COPY`, {
      accountId: w.respondent.accountId,
    });
    expect(res.statusCode).toBe(200);
    const access = await mail.next(w.respondent.email!, before);
    expect(access.text).not.toContain('review meeting');

    await unlockKey(w, w.respondent);
    const theirs = await readAs(w.respondent, c.caseId);
    expect(theirs.items.map((i) => i.kind)).toEqual(['SHARE']);
    const share = theirs.items[0]!.body!;
    expect(share.answers).toMatchObject({ INCIDENT_DETAILS: expect.stringContaining('review meeting') });
    expect(share.message).toContain('Rule 7(3)');

    // Another participant (a witness given access to their own part) cannot read the share.
    const witness = await aMember(w.ws, { firstName: 'Wanda', lastName: 'Witness' });
    const wp = Object.assign(witness, { token: await witness.session() });
    await withTenant(t.database.db, { workspaceId: w.ws.id, accountId: w.po.accountId }, (tx) =>
      casesRepo.grantAccess(tx, {
        workspaceId: w.ws.id,
        caseId: c.caseId,
        accountId: wp.accountId,
        relation: 'PARTICIPANT',
        participantRole: 'WITNESS',
      }),
    );
    await unlockKey(w, wp);
    expect((await readAs(wp, c.caseId)).items).toEqual([]);

    // Now the report's notice reaches both parties' threads.
    const notify = await post(w.po, `/case/${c.caseId}/action/${c.steps.REPORT}/REPORT_TO_PARTIES`, {});
    expect(notify.statusCode).toBe(200);
    expect((await readAs(w.respondent, c.caseId)).items.map((i) => i.kind)).toEqual(['SHARE', 'NOTICE']);
    const hers = (await readAs(w.complainant, c.caseId)).items.filter((i) => i.kind === 'NOTICE');
    expect(hers[0]?.body).toMatchObject({
      actionKey: 'REPORT_TO_PARTIES',
      message: expect.stringContaining('s.18(2)'),
    });
  });

  it('requires the quorum for every action but a transfer', async () => {
    const c = await aCase();
    // m2 declares a conflict (straight in the tables: the conflict routes are another part's).
    await withTenant(t.database.db, { workspaceId: w.ws.id, accountId: w.po.accountId }, async (tx) => {
      await keysRepo.deleteWraps(tx, w.ws.id, c.caseId, w.m2.accountId);
      await casesRepo.revokeAccess(tx, w.ws.id, c.caseId, w.m2.accountId, 'COMMITTEE');
    });
    const res = await post(w.po, `/case/${c.caseId}/action/${c.steps.COMPLAINT_RECEIVED}/ACCEPT_COMPLAINT`, {});
    expect(res.statusCode).toBe(409);
    expect(res.json().code).toBe('QUORUM_NOT_MET');
  });

  it('asks the conciliation settlement to confirm no money changes hands (s.10(1))', async () => {
    const c = await aCase();
    await activate(c.caseId, 'CONCILIATION');
    const url = `/case/${c.caseId}/action/${c.steps.CONCILIATION}/SETTLED_BY_CONCILIATION`;
    const res = await post(w.po, url, {});
    expect(res.statusCode).toBe(422);
    expect(res.json().code).toBe('NO_MONETARY_SETTLEMENT_REQUIRED');
    expect((await post(w.po, url, { noMonetarySettlement: true })).statusCode).toBe(200);
  });
});

describe('the day-before reminder', () => {
  it('reminds each guest once, the day before', async () => {
    const c = await aCase();
    await activate(c.caseId, 'HEARING');
    const now = t.clock.now().getTime();
    const hours = (h: number) => new Date(now + h * 3600_000);
    const before = mail.to(w.complainant.email!).length;
    const res = await post(w.po, `/case/${c.caseId}/meeting`, {
      stepId: c.steps.HEARING,
      fields: hearingFields({ MEETING_START_TIME: hours(30).toISOString(), MEETING_END_TIME: hours(31).toISOString() }),
      guestAccountIds: [w.complainant.accountId],
    });
    expect(res.statusCode).toBe(200);
    await mail.next(w.complainant.email!, before);
    try {
      // More than a day before: nothing yet.
      t.clock.set(hours(2));
      await t.app.deps.jobs.fire('cms.case-meeting-reminders');
      t.clock.set(hours(8));
      await t.app.deps.jobs.fire('cms.case-meeting-reminders');
      const reminder = await mail.next(w.complainant.email!, before + 1);
      expect(reminder.text).toContain('tomorrow');
      expect(reminder.text).not.toContain(AGENDA);
      t.clock.set(hours(9));
      // The pass run here (not fired): a second reminder would be a mail it enqueued; it sends none.
      expect(await runMeetingReminders(jobRun(t.app.deps, 'meeting-reminder-test'))).toBe(0);
      expect(mail.to(w.complainant.email!).filter((m) => m.text.includes('tomorrow'))).toHaveLength(1);
    } finally {
      t.clock.reset();
    }
  });
});

// Last: the second committee created here takes the head office's new complaints from then on.
describe('transfer', () => {
  it('transfers to another committee: the old committee loses access and its keys, the new one reads', async () => {
    // A version of the workflow whose first step can transfer the complaint.
    const def: TWorkflowDefinition = structuredClone(POSH_INQUIRY);
    def.stages[0]!.steps[0]!.actions.push({
      key: 'TRANSFER',
      settings: { type: 'TRANSFER_COMPLAINT', to: 'OTHER_UNIT_COMMITTEE', reasonRequired: true },
    });
    const text = JSON.stringify(def);
    await withTenant(t.database.db, { workspaceId: w.ws.id, accountId: w.admin.accountId }, (tx) =>
      tx.execute(
        sql`insert into workflow_versions (workspace_id, workflow_id, number, definition, sha256, structure_sha256, label_only)
            values (${w.ws.id}, ${w.workflowId}, 99, ${text}, ${sha256Hex(text)}, ${sha256Hex(text)}, false)`,
      ),
    );
    const c = await aCase();
    const people = await Promise.all(
      ['Nisha', 'Nora', 'Neel'].map(async (firstName) => {
        const m = await aMember(w.ws, { firstName, lastName: 'Newcommittee' });
        return Object.assign(m, { token: await m.session() });
      }),
    );
    const member = (p: Person, role: string, gender: string, senior = false) => ({
      role,
      accountId: p.accountId,
      external: null,
      gender,
      senior,
      termStart: '2026-01-01',
      termEnd: '2028-12-31',
    });
    const created = await t.request(w.ws.host, {
      method: 'POST',
      url: '/api/committee/create',
      token: w.admin.token,
      payload: {
        kind: 'INTERNAL_COMMITTEE',
        name: 'Second committee',
        workspaceWide: false,
        branchIds: [w.ws.hq.id],
        orderDate: '2026-01-01',
        howToRaise: null,
        members: [
          member(people[0]!, 'PRESIDING_OFFICER', 'WOMAN', true),
          member(people[1]!, 'MEMBER', 'WOMAN'),
          member(people[2]!, 'MEMBER', 'MAN'),
          {
            role: 'EXTERNAL_MEMBER',
            accountId: null,
            external: { name: 'Lata NGO', organisation: 'Trust', email: 'lata@example.org', phone: null },
            gender: 'WOMAN',
            senior: false,
            termStart: '2026-01-01',
            termEnd: '2028-12-31',
          },
        ],
        effectiveDate: '2026-01-01',
      },
    });
    expect(created.statusCode).toBe(200);
    const url = `/case/${c.caseId}/action/${c.steps.COMPLAINT_RECEIVED}/TRANSFER`;
    const noReason = await post(w.m1, url, { committeeId: created.json().id });
    expect(noReason.json().details.map((d: { path: string }) => d.path)).toEqual(['reason']);
    const res = await post(w.m1, url, { committeeId: created.json().id, reason: 'The quorum cannot be met.' });
    expect(res.statusCode).toBe(200);

    // The old committee: the case reads as missing, and nothing is left to decrypt with.
    const gone = await post(w.po, `/case/${c.caseId}/action/${c.steps.COMPLAINT_RECEIVED}/ACCEPT_COMPLAINT`, {});
    expect(gone.statusCode).toBe(404);
    // Each old member's own wraps of the case (they may read their own): none left.
    for (const p of [w.po, w.m1, w.m2]) {
      const left = await withTenant(t.database.db, { workspaceId: w.ws.id, accountId: p.accountId }, (tx) =>
        keysRepo.myWraps(tx, w.ws.id, c.caseId, p.accountId),
      );
      expect(left).toEqual([]);
    }
    const old = await readAs(w.po, c.caseId);
    expect(old).toEqual({ wraps: 0, items: [] });

    // The new committee reads the complaint (and writes under the new keys).
    await unlockKey(w, people[0]!);
    const theirs = await readAs(people[0]!, c.caseId);
    expect(theirs.items.find((i) => i.kind === 'ANSWERS')?.body).toMatchObject({
      answers: { INCIDENT_DETAILS: expect.stringContaining('review meeting') },
    });
    expect(theirs.items.find((i) => i.kind === 'TRANSFER')?.body).toMatchObject({
      reason: 'The quorum cannot be met.',
    });
  });
});
