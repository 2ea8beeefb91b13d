import { randomUUID } from 'node:crypto';
import { sql } from 'drizzle-orm';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { queryRows } from '../../../core/db/database.ts';
import { caseCtxOf } from '../../../testing/case-ctx.ts';
import { aCaseWorld, type CaseWorld, fileACase, type Person, someAnswers, unlockKey } from '../../../testing/cases.ts';
import { aMember, aWorkspace } from '../../../testing/factories.ts';
import { createTestApp, type TestApp } from '../../../testing/test-app.ts';
import { withCase } from './case-core.ts';
import * as repo from './cases.repo.ts';
import { writeItem } from './items.ts';
import { newDataKey, wrapMissing } from './keys.ts';

/*
 * Following a case: each relation sees exactly its part, messages both ways, withdrawal (Canada
 * s.18 vs POSH), requests for steps the law starts on request, a form answered, a meeting's
 * calendar file, and notices that carry no content. What the committee's actions would do (inform
 * the respondent, send a form, schedule a meeting) is done here with the case primitives, as a
 * member, so that this part is tested on its own.
 */

let t: TestApp;
let w: CaseWorld;
let caseId: string;
let reference: string;

const SECRET_DETAILS = 'During the review meeting on 3 November he made remarks about my appearance';
const SECRET_MESSAGE = 'I can bring my colleague Asha as a witness of the remarks';

beforeAll(async () => {
  t = await createTestApp();
  w = await aCaseWorld(t);
  ({ caseId, reference } = await fileACase(w));
  await unlockKey(w, w.po);
  await unlockKey(w, w.m1);
  await unlockKey(w, w.respondent);
});
afterAll(() => t?.close());

type World = Pick<CaseWorld, 't' | 'ws'>;

const get = (x: World, p: Person, url: string) =>
  x.t.request(x.ws.host, { method: 'GET', url: `/cms/api${url}`, token: p.token });
const post = (x: World, p: Person, url: string, payload: unknown) =>
  x.t.request(x.ws.host, { method: 'POST', url: `/cms/api${url}`, token: p.token, payload: payload as object });

/** As a member: the respondent informed (access, their key, the copy of the complaint) and a form sent to them. */
async function informRespondent(x: CaseWorld, id: string): Promise<{ formItemId: string }> {
  const ctx = await caseCtxOf(x.t, x.ws, x.po);
  return withCase(
    ctx,
    id,
    'act',
    async (c) => {
      const steps = await repo.steps(c.tx, c.row.workspaceId, c.row.id);
      await repo.grantAccess(c.tx, {
        workspaceId: c.row.workspaceId,
        caseId: id,
        accountId: x.respondent.accountId,
        relation: 'PARTICIPANT',
        participantRole: 'RESPONDENT',
      });
      await newDataKey(c.tx, c.ring!, 'PARTICIPANT', x.respondent.accountId);
      await wrapMissing(c.tx, ctx.config, c.ring!);
      await writeItem(c, {
        kind: 'SHARE',
        audience: 'PARTICIPANT',
        participantAccountId: x.respondent.accountId,
        stepId: steps[0]!.id,
        body: {
          stepKey: steps[0]!.stepKey,
          actionKey: 'SEND_COMPLAINT_COPY',
          title: 'Copy of the complaint',
          answers: { INCIDENT_DETAILS: 'The copy shared with the respondent' },
          message: 'Reply within 10 working days.',
        },
      });
      const formItemId = await writeItem(c, {
        kind: 'FORM_REQUEST',
        audience: 'PARTICIPANT',
        participantAccountId: x.respondent.accountId,
        body: {
          stepKey: steps[0]!.stepKey,
          actionKey: 'FORM',
          title: { en: 'Your reply' },
          fields: [
            { key: 'REPLY', type: 'TEXT_AREA', label: { en: 'Your reply' }, mandatory: true, options: [] },
            {
              key: 'AGREE',
              type: 'SINGLE_SELECT',
              label: { en: 'Do you agree?' },
              mandatory: true,
              options: [
                { key: 'YES', label: { en: 'Yes' } },
                { key: 'NO', label: { en: 'No' } },
              ],
            },
          ],
        },
      });
      return { formItemId };
    },
    { keys: true, trailAction: null },
  );
}

/** As a member: a meeting with the complainant invited (the row, the committee's record, her notice). */
async function scheduleMeeting(x: CaseWorld, id: string): Promise<string> {
  const ctx = await caseCtxOf(x.t, x.ws, x.po);
  return withCase(
    ctx,
    id,
    'scheduleMeeting',
    async (c) => {
      const steps = await repo.steps(c.tx, c.row.workspaceId, c.row.id);
      const meetingId = randomUUID();
      const fields = {
        MEETING_TITLE: 'Hearing',
        MEETING_DESCRIPTION: 'Agenda: hear the complainant about the remarks',
        MEETING_LOCATION: 'Room 4, Block B',
      };
      const itemId = await writeItem(c, {
        kind: 'MEETING',
        audience: 'COMMITTEE',
        body: { meetingId, stepKey: steps[0]!.stepKey, fields },
      });
      await c.tx.execute(
        sql`insert into case_meetings (id, workspace_id, case_id, step_id, item_id, starts_at, ends_at, guest_account_ids, sequence)
            values (${meetingId}, ${c.row.workspaceId}, ${id}, ${steps[0]!.id}, ${itemId}, '2026-03-12T04:30:00Z',
                    '2026-03-12T05:30:00Z', ${`{${x.complainant.accountId}}`}::uuid[], 1)`,
      );
      await writeItem(c, {
        kind: 'MEETING_NOTICE',
        audience: 'COMPLAINANT',
        body: {
          meetingId,
          title: 'Hearing',
          startsAt: '2026-03-12T04:30:00Z',
          endsAt: '2026-03-12T05:30:00Z',
          location: 'Room 4, Block B',
          status: 'SCHEDULED',
        },
      });
      return meetingId;
    },
    { keys: true, trailAction: null },
  );
}

/** The mail jobs of a workspace (payloads as text). */
async function mails(workspaceId: string): Promise<string[]> {
  const rows = await queryRows<{ data: string }>(
    t.database.db,
    sql`select data::text as data from pgboss.job where name = 'mail.send' and data->>'workspaceId' = ${workspaceId}`,
  );
  return rows.map((r) => r.data);
}

describe('what each relation sees', () => {
  it('the complainant: her complaint, every step with dates, no committee part, no withdrawal under POSH', async () => {
    const res = await get(w, w.complainant, `/case/${caseId}`);
    expect(res.statusCode).toBe(200);
    const v = res.json();
    expect(v.relation).toBe('COMPLAINANT');
    expect(v.reference).toBe(reference);
    expect(v.committee).toBeNull();
    expect(JSON.stringify(v.form)).toContain(SECRET_DETAILS);
    expect(v.steps.length).toBeGreaterThan(5);
    expect(v.steps.some((s: { dueDate: string | null }) => s.dueDate)).toBe(true);
    expect(v.next.length).toBeGreaterThan(0);
    expect(v.requests.map((r: { stepKey: string }) => r.stepKey).sort()).toEqual(['CONCILIATION', 'INTERIM_RELIEF']);
    expect(v.actions).toContain('message');
    expect(v.actions).not.toContain('withdraw');
  });

  it('a member: the whole case and the committee part (members, parties, quorum, trail head)', async () => {
    const v = (await get(w, w.po, `/case/${caseId}`)).json();
    expect(v.relation).toBe('COMMITTEE');
    expect(v.committee.complainant.accountId).toBe(w.complainant.accountId);
    expect(v.committee.members.map((m: { accountId: string }) => m.accountId).sort()).toEqual(
      [w.po.accountId, w.m1.accountId, w.m2.accountId].sort(),
    );
    expect(v.committee.parties).toEqual([
      expect.objectContaining({ accountId: w.respondent.accountId, role: 'RESPONDENT', informed: false }),
    ]);
    expect(v.committee.quorum.met).toBe(true);
    expect(v.committee.trailHead.seq).toBeGreaterThan(0);
    expect(v.requests).toEqual([]);
  });

  it('anyone unrelated — another employee, the admin, the respondent not yet informed, another workspace — gets 404', async () => {
    for (const p of [w.other, w.admin, w.respondent]) {
      expect((await get(w, p, `/case/${caseId}`)).statusCode).toBe(404);
      expect((await post(w, p, `/case/${caseId}/message`, { body: 'hello' })).statusCode).toBe(404);
    }
    const ws2 = await aWorkspace(t);
    const stranger = await aMember(ws2);
    const res = await t.request(ws2.host, {
      method: 'GET',
      url: `/cms/api/case/${caseId}`,
      token: await stranger.session(),
    });
    expect(res.statusCode).toBe(404);
  });
});

describe('messages both ways', () => {
  it('the complainant writes; the committee reads her name; the members are told, without the text', async () => {
    const res = await post(w, w.complainant, `/case/${caseId}/message`, { body: SECRET_MESSAGE });
    expect(res.statusCode).toBe(200);
    const mine = res.json().entries.find((e: { kind: string }) => e.kind === 'MESSAGE');
    expect(mine).toMatchObject({
      audience: 'COMPLAINANT',
      author: { kind: 'YOU', name: null },
      body: { text: SECRET_MESSAGE },
    });
    const seen = (await get(w, w.m1, `/case/${caseId}`)).json();
    const theirs = seen.entries.find((e: { id: string }) => e.id === mine.id);
    expect(theirs.author).toEqual({ kind: 'COMPLAINANT', name: 'Kavya Complainant' });
    const sent = (await mails(w.ws.id)).filter((m) => m.includes('/cases/'));
    expect(sent.length).toBeGreaterThanOrEqual(3);
    for (const m of await mails(w.ws.id)) {
      expect(m).not.toContain(SECRET_MESSAGE);
      expect(m).not.toContain('remarks about my appearance');
    }
  });

  it('a member writes to her: she sees "the committee", never which member', async () => {
    const res = await post(w, w.po, `/case/${caseId}/message`, { body: 'We have received it.', to: 'COMPLAINANT' });
    expect(res.statusCode).toBe(200);
    const v = (await get(w, w.complainant, `/case/${caseId}`)).json();
    const e = v.entries.find((x: { body: { text?: string } }) => x.body.text === 'We have received it.');
    expect(e.author).toEqual({ kind: 'COMMITTEE', name: null });
    const mine = (await mails(w.ws.id)).filter((m) => m.includes(`/complaints/${caseId}`));
    expect(mine.length).toBe(1);
  });

  it('a member’s note stays in the committee space; a party cannot write there; a member must say to whom', async () => {
    const note = await post(w, w.m1, `/case/${caseId}/message`, { body: 'Private: check the CCTV', to: 'COMMITTEE' });
    expect(note.statusCode).toBe(200);
    expect(note.json().entries.some((e: { audience: string }) => e.audience === 'COMMITTEE')).toBe(true);
    const v = (await get(w, w.complainant, `/case/${caseId}`)).json();
    expect(JSON.stringify(v)).not.toContain('CCTV');
    expect(v.entries.every((e: { audience: string }) => e.audience === 'COMPLAINANT')).toBe(true);
    expect((await post(w, w.complainant, `/case/${caseId}/message`, { body: 'x', to: 'COMMITTEE' })).statusCode).toBe(
      403,
    );
    const noTo = await post(w, w.po, `/case/${caseId}/message`, { body: 'x' });
    expect(noTo.statusCode).toBe(422);
  });

  it('a file that is not hers to attach is refused and nothing is written', async () => {
    const before = (await get(w, w.complainant, `/case/${caseId}`)).json().entries.length;
    const res = await post(w, w.complainant, `/case/${caseId}/addition`, {
      text: 'More',
      fileIds: [randomUUID()],
    });
    expect(res.statusCode).toBe(422);
    expect(res.json().code).toBe('FILE_NOT_ATTACHABLE');
    const after = (await get(w, w.complainant, `/case/${caseId}`)).json().entries.length;
    expect(after).toBe(before);
    const ok = await post(w, w.complainant, `/case/${caseId}/addition`, { text: 'He also sent messages at night.' });
    expect(ok.statusCode).toBe(200);
    expect(ok.json().entries.some((e: { kind: string }) => e.kind === 'ADDITION')).toBe(true);
  });
});

describe('withdrawal and requests (POSH)', () => {
  it('POSH provides no withdrawal: 409 WITHDRAWAL_NOT_PROVIDED, nothing changes', async () => {
    const res = await post(w, w.complainant, `/case/${caseId}/withdraw`, { reason: 'x' });
    expect(res.statusCode).toBe(409);
    expect(res.json().params.reason).toBe('WITHDRAWAL_NOT_PROVIDED');
    expect((await get(w, w.complainant, `/case/${caseId}`)).json().status).toBe('OPEN');
  });

  it('conciliation at her request (s.10(1)): recorded, the step waits for its prerequisite, asked once', async () => {
    const res = await post(w, w.complainant, `/case/${caseId}/request`, { stepKey: 'CONCILIATION' });
    expect(res.statusCode).toBe(200);
    const v = res.json();
    const step = v.steps.find((s: { stepKey: string }) => s.stepKey === 'CONCILIATION');
    expect(['WAITING', 'ACTIVE']).toContain(step.status);
    expect(v.requests.map((r: { stepKey: string }) => r.stepKey)).toEqual(['INTERIM_RELIEF']);
    expect(v.entries.some((e: { kind: string }) => e.kind === 'REQUEST')).toBe(true);
    const again = await post(w, w.complainant, `/case/${caseId}/request`, { stepKey: 'CONCILIATION' });
    expect(again.statusCode).toBe(409);
  });

  it('interim relief (s.12) must be asked in writing; a step that is not on request is refused', async () => {
    const bare = await post(w, w.complainant, `/case/${caseId}/request`, { stepKey: 'INTERIM_RELIEF' });
    expect(bare.statusCode).toBe(422);
    const written = await post(w, w.complainant, `/case/${caseId}/request`, {
      stepKey: 'INTERIM_RELIEF',
      text: 'I ask to be moved to another team while the inquiry runs.',
    });
    expect(written.statusCode).toBe(200);
    expect(written.json().steps.find((s: { stepKey: string }) => s.stepKey === 'INTERIM_RELIEF').status).toBe('ACTIVE');
    const notOnRequest = await post(w, w.complainant, `/case/${caseId}/request`, { stepKey: 'INQUIRY_START' });
    expect(notOnRequest.statusCode).toBe(409);
    expect(notOnRequest.json().params.reason).toBe('STEP_NOT_ON_REQUEST');
  });
});

describe('a participant', () => {
  let formItemId: string;
  beforeAll(async () => {
    ({ formItemId } = await informRespondent(w, caseId));
  });

  it('sees only their share, their form and the steps that concern them; no complaint, no committee part', async () => {
    const res = await get(w, w.respondent, `/case/${caseId}`);
    expect(res.statusCode).toBe(200);
    const v = res.json();
    expect(v.relation).toBe('PARTICIPANT');
    expect(v.participantRole).toBe('RESPONDENT');
    expect(v.form).toEqual([]);
    expect(v.files).toEqual([]);
    expect(v.committee).toBeNull();
    expect(v.entries.map((e: { kind: string }) => e.kind).sort()).toEqual(['FORM_REQUEST', 'SHARE']);
    const text = JSON.stringify(v);
    expect(text).not.toContain(SECRET_DETAILS);
    expect(text).not.toContain(SECRET_MESSAGE);
    expect(text).toContain('The copy shared with the respondent');
    const keys = v.steps.map((s: { stepKey: string }) => s.stepKey);
    expect(keys).toContain('RESPONDENT_REPLY');
    expect(keys).not.toContain('COMPLAINT_RECEIVED');
    expect(v.forms).toEqual([expect.objectContaining({ itemId: formItemId, title: { en: 'Your reply' } })]);
    // POSH conciliation is the complainant's to ask for.
    expect(v.requests).toEqual([]);
    const notYours = await post(w, w.respondent, `/case/${caseId}/request`, { stepKey: 'INTERIM_RELIEF' });
    expect(notYours.statusCode).toBe(409);
    expect(notYours.json().params.reason).toBe('REQUEST_NOT_YOURS');
    // The committee now shows the respondent as informed.
    const c = (await get(w, w.po, `/case/${caseId}`)).json();
    expect(c.committee.parties[0].informed).toBe(true);
  });

  it('answers the form once, checked against its fields', async () => {
    const bad = await post(w, w.respondent, `/case/${caseId}/form/${formItemId}`, { answers: { AGREE: 'MAYBE' } });
    expect(bad.statusCode).toBe(422);
    expect(
      bad
        .json()
        .details.map((d: { path: string }) => d.path)
        .sort(),
    ).toEqual(['answers.AGREE', 'answers.REPLY']);
    const ok = await post(w, w.respondent, `/case/${caseId}/form/${formItemId}`, {
      answers: { REPLY: 'I deny it.', AGREE: 'NO' },
    });
    expect(ok.statusCode).toBe(200);
    expect(ok.json().forms).toEqual([]);
    const twice = await post(w, w.respondent, `/case/${caseId}/form/${formItemId}`, {
      answers: { REPLY: 'Again', AGREE: 'NO' },
    });
    expect(twice.statusCode).toBe(409);
    // The complainant cannot answer (or see) the respondent's form.
    expect((await post(w, w.complainant, `/case/${caseId}/form/${formItemId}`, { answers: {} })).statusCode).toBe(404);
  });

  it('writes to the committee in their own thread; a member answers them by id', async () => {
    const res = await post(w, w.respondent, `/case/${caseId}/message`, { body: 'When is my hearing?' });
    expect(res.statusCode).toBe(200);
    const c = (await get(w, w.po, `/case/${caseId}`)).json();
    const e = c.entries.find((x: { body: { text?: string } }) => x.body.text === 'When is my hearing?');
    expect(e).toMatchObject({ audience: 'PARTICIPANT', author: { kind: 'PARTICIPANT', name: 'Ravi Respondent' } });
    const reply = await post(w, w.po, `/case/${caseId}/message`, { body: 'Next week.', to: w.respondent.accountId });
    expect(reply.statusCode).toBe(200);
    const r = (await get(w, w.respondent, `/case/${caseId}`)).json();
    expect(r.entries.find((x: { body: { text?: string } }) => x.body.text === 'Next week.').author).toEqual({
      kind: 'COMMITTEE',
      name: null,
    });
    // Neither thread reaches the complainant.
    expect(JSON.stringify((await get(w, w.complainant, `/case/${caseId}`)).json())).not.toContain('hearing?');
    // A member cannot write to someone without access.
    expect((await post(w, w.po, `/case/${caseId}/message`, { body: 'x', to: w.other.accountId })).statusCode).toBe(404);
  });
});

describe('a meeting', () => {
  let meetingId: string;
  beforeAll(async () => {
    meetingId = await scheduleMeeting(w, caseId);
  });

  it('the guest sees it and downloads a calendar file with a neutral title, the place and a link only', async () => {
    const v = (await get(w, w.complainant, `/case/${caseId}`)).json();
    expect(v.meetings).toEqual([
      expect.objectContaining({
        id: meetingId,
        startsAt: '2026-03-12T04:30:00.000Z',
        fields: { MEETING_TITLE: 'Hearing', MEETING_LOCATION: 'Room 4, Block B' },
        guests: [],
      }),
    ]);
    const ics = await get(w, w.complainant, `/case/${caseId}/meeting/${meetingId}/ics`);
    expect(ics.statusCode).toBe(200);
    expect(ics.headers['content-type']).toBe('text/calendar; charset=utf-8');
    expect(ics.headers['content-disposition']).toBe(`attachment; filename="meeting-${reference}.ics"`);
    const body = ics.body.replace(/\r\n /g, '');
    expect(body).toContain(`SUMMARY:Meeting — case ${reference}`);
    expect(body).toContain('LOCATION:Room 4\\, Block B');
    expect(body).toContain('DTSTART:20260312T043000Z');
    expect(body).toContain('SEQUENCE:1');
    expect(body).toContain(`/complaints/${caseId}`);
    expect(body).not.toContain('Agenda');
  });

  it('a member sees its fields and guests; someone not invited sees no meeting and no file', async () => {
    const v = (await get(w, w.po, `/case/${caseId}`)).json();
    expect(v.meetings[0].fields.MEETING_DESCRIPTION).toContain('Agenda');
    expect(v.meetings[0].guests.map((g: { accountId: string }) => g.accountId)).toEqual([w.complainant.accountId]);
    const ics = await get(w, w.po, `/case/${caseId}/meeting/${meetingId}/ics`);
    expect(ics.body.replace(/\r\n /g, '')).toContain(`/cases/${caseId}`);
    expect((await get(w, w.respondent, `/case/${caseId}`)).json().meetings).toEqual([]);
    expect((await get(w, w.respondent, `/case/${caseId}/meeting/${meetingId}/ics`)).statusCode).toBe(404);
    expect((await get(w, w.other, `/case/${caseId}/meeting/${meetingId}/ics`)).statusCode).toBe(404);
  });
});

describe('Canada', () => {
  let ca: CaseWorld;
  let id: string;
  beforeAll(async () => {
    ca = await aCaseWorld(t, { country: 'CA' });
    ({ caseId: id } = await fileACase(ca, { answers: someAnswers(ca) }));
    await unlockKey(ca, ca.po);
    await unlockKey(ca, ca.respondent);
  });

  it('conciliation (s.24) starts only once both parties asked', async () => {
    const first = await post(ca, ca.complainant, `/case/${id}/request`, { stepKey: 'CONCILIATION' });
    expect(first.statusCode).toBe(200);
    expect(first.json().steps.find((s: { stepKey: string }) => s.stepKey === 'CONCILIATION').status).toBe('ON_REQUEST');
    await informRespondent(ca, id);
    const v = (await get(ca, ca.respondent, `/case/${id}`)).json();
    expect(v.requests.map((r: { stepKey: string }) => r.stepKey)).toEqual(['CONCILIATION']);
    const second = await post(ca, ca.respondent, `/case/${id}/request`, { stepKey: 'CONCILIATION' });
    expect(second.statusCode).toBe(200);
    const status = (await get(ca, ca.po, `/case/${id}`))
      .json()
      .steps.find((s: { stepKey: string }) => s.stepKey === 'CONCILIATION').status;
    expect(['WAITING', 'ACTIVE']).toContain(status);
  });

  it('the complainant withdraws at any time (s.18): withdrawn, closed, open steps skipped, the recipient told', async () => {
    const before = (await get(ca, ca.complainant, `/case/${id}`)).json();
    expect(before.actions).toContain('withdraw');
    const res = await post(ca, ca.complainant, `/case/${id}/withdraw`, { reason: 'I have found another job.' });
    expect(res.statusCode).toBe(200);
    const v = res.json();
    expect(v.status).toBe('WITHDRAWN');
    expect(v.closedAt).not.toBeNull();
    expect(v.actions).not.toContain('withdraw');
    expect(v.steps.some((s: { status: string }) => ['ACTIVE', 'WAITING', 'ON_REQUEST'].includes(s.status))).toBe(false);
    const again = await post(ca, ca.complainant, `/case/${id}/withdraw`, { reason: '' });
    expect(again.statusCode).toBe(409);
    const committee = (await get(ca, ca.po, `/case/${id}`)).json();
    expect(committee.entries.find((e: { kind: string }) => e.kind === 'WITHDRAWAL').body.reason).toBe(
      'I have found another job.',
    );
    const sent = await mails(ca.ws.id);
    expect(sent.some((m) => m.includes(`/cases/${id}`))).toBe(true);
    for (const m of sent) expect(m).not.toContain('another job');
    expect((await post(ca, ca.complainant, `/case/${id}/message`, { body: 'x' })).statusCode).toBe(409);
  });
});
