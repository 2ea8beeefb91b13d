import type { TStage, TStatutoryRule, TStep, TWorkflowBuilder } from '@app/contract';
import { sql } from 'drizzle-orm';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { queryRows } from '../../../core/db/database.ts';
import { withPlatform, withTenant } from '../../../core/db/tenant.ts';
import { type AMember, aMember, aWorkspace } from '../../../testing/factories.ts';
import { createTestApp, type TestApp } from '../../../testing/test-app.ts';

// The stages of redressal through their HTTP interface (issue 25): stages, steps with their default
// settings and meeting fields, moving and renumbering, step settings with their due-rule checks,
// prerequisites (a cycle refused), meeting fields, actions, the statutory refusals, a published
// workflow refused, and every change audited with keys only. A refusal writes nothing.

let t: TestApp;
beforeAll(async () => {
  t = await createTestApp();
});
afterAll(() => t.close());

type Session = { host: string; token: string; workspaceId: string };
const session = async (m: AMember): Promise<Session> => ({
  host: m.workspace.host,
  token: await m.session(),
  workspaceId: m.workspace.id,
});
const call = (s: Session, method: 'GET' | 'POST' | 'DELETE', url: string, payload?: object) =>
  t.request(s.host, { method, url: `/cms/api${url}`, token: s.token, ...(payload ? { payload } : {}) });

const rows = <T>(query: ReturnType<typeof sql>) =>
  withPlatform(t.database.db, { action: 'test.read', audit: false }, (tx) => queryRows<T>(tx, query));
/** What the API cannot do (a template's statutory rule on a step, a published workflow), as the application role. */
const write = (s: Session, query: ReturnType<typeof sql>) =>
  withTenant(t.database.db, { workspaceId: s.workspaceId }, (tx) => tx.execute(query));

/** Sends and expects 200 with a builder. */
async function ok(s: Session, method: 'POST' | 'DELETE', url: string, payload?: object): Promise<TWorkflowBuilder> {
  const res = await call(s, method, url, payload);
  expect(res.statusCode, res.body).toBe(200);
  return res.json() as TWorkflowBuilder;
}

/** Sends, expects a refusal with `status` and `code`, and that the workflow's draft is unchanged. */
async function refused(
  s: Session,
  workflowId: string,
  method: 'POST' | 'DELETE' | 'GET',
  url: string,
  payload: object | undefined,
  status: number,
  code: string,
) {
  const before = await draftOf(workflowId);
  const res = await call(s, method, url, payload);
  expect(res.statusCode, res.body).toBe(status);
  expect(res.json().code, res.body).toBe(code);
  expect(await draftOf(workflowId)).toEqual(before);
  return res.json() as { code: string; params?: Record<string, string | number> };
}

/** Every row of a workflow's stages of redressal, for "nothing written". */
async function draftOf(workflowId: string) {
  const [stages, steps, actions, fields, prerequisites, workflow] = await Promise.all([
    rows(sql`select id, key, title, position from workflow_stages where workflow_id = ${workflowId} order by id`),
    rows(
      sql`select id, stage_id, key, title, description, position, mandatory, settings, statutory from workflow_steps where workflow_id = ${workflowId} order by id`,
    ),
    rows(
      sql`select id, key, type, position, settings from workflow_step_actions where workflow_id = ${workflowId} order by id`,
    ),
    rows(
      sql`select id, key, label, mandatory, position, options from workflow_meeting_fields where workflow_id = ${workflowId} order by id`,
    ),
    rows(
      sql`select id, step_id, requires_step_id, condition from workflow_prerequisites where workflow_id = ${workflowId} order by id`,
    ),
    rows(sql`select revision from workflows where id = ${workflowId}`),
  ]);
  return { stages, steps, actions, fields, prerequisites, workflow };
}

const title = (en: string, hi?: string) => (hi ? { en, hi } : { en });
const stepOf = (b: TWorkflowBuilder, key: string): TStep => {
  const step = b.stages.flatMap((s) => s.steps).find((s) => s.key === key);
  if (!step) throw new Error(`no step ${key}`);
  return step;
};
const stageOf = (b: TWorkflowBuilder, key: string): TStage => {
  const stage = b.stages.find((s) => s.key === key);
  if (!stage) throw new Error(`no stage ${key}`);
  return stage;
};

/** A new workflow from scratch (one empty stage) of `jurisdiction`, in `languages`. */
async function aWorkflow(s: Session, jurisdiction: 'IN_POSH' | 'CA_SOR_2020_130', languages: string[]) {
  const created = await call(s, 'POST', '/workflow/create', { name: `Inquiry ${Math.random()}`, jurisdiction });
  expect(created.statusCode, created.body).toBe(200);
  const id = (created.json() as TWorkflowBuilder).workflow.id;
  return ok(s, 'POST', `/workflow/update/${id}`, { languages });
}

let india: Session;
let canada: Session;
let employee: Session;
beforeAll(async () => {
  const wsIn = await aWorkspace(t, { name: 'Bharat Textiles', country: 'IN', timeZone: 'Asia/Kolkata' });
  india = await session(await aMember(wsIn, { role: 'WORKSPACE_ADMIN' }));
  employee = await session(await aMember(wsIn, {}));
  const wsCa = await aWorkspace(t, { name: 'Maple Freight', country: 'CA', timeZone: 'America/Toronto' });
  canada = await session(await aMember(wsCa, { role: 'WORKSPACE_ADMIN' }));
}, 60_000);

describe('stages', () => {
  it('are added, renamed, moved and removed, renumbered each time, and audited with keys only', async () => {
    let b = await aWorkflow(india, 'IN_POSH', ['en', 'hi']);
    const wf = b.workflow.id;
    const first = b.stages[0]!;
    b = await ok(india, 'POST', '/stage/create', { workflowId: wf, title: title('Review', 'समीक्षा') });
    b = await ok(india, 'POST', '/stage/create', { workflowId: wf, title: title('Review'), position: 0 });
    expect(b.stages.map((s) => [s.key, s.position])).toEqual([
      ['REVIEW_2', 0],
      [first.key, 1],
      ['REVIEW', 2],
    ]);
    b = await ok(india, 'POST', `/stage/update/${stageOf(b, 'REVIEW').id}`, { title: title('Hearing'), position: 0 });
    expect(b.stages.map((s) => [s.key, s.position, s.title.en])).toEqual([
      ['REVIEW', 0, 'Hearing'],
      ['REVIEW_2', 1, 'Review'],
      [first.key, 2, first.title.en],
    ]);
    b = await ok(india, 'DELETE', `/stage/delete/${stageOf(b, 'REVIEW_2').id}`);
    expect(b.stages.map((s) => [s.key, s.position])).toEqual([
      ['REVIEW', 0],
      [first.key, 1],
    ]);
    const audit = await rows<{ action: string; target_id: string; change: Record<string, unknown> }>(
      sql`select action, target_id, details as change from audit_log where workspace_id = ${india.workspaceId} and target_id = ${wf}
          and action = 'workflow.stages_changed' order by occurred_at, id`,
    );
    expect(audit.map((a) => a.change)).toEqual([
      { what: 'STAGE', change: 'CREATED', key: 'REVIEW' },
      { what: 'STAGE', change: 'CREATED', key: 'REVIEW_2' },
      { what: 'STAGE', change: 'UPDATED', key: 'REVIEW', fields: ['position', 'title'] },
      { what: 'STAGE', change: 'DELETED', key: 'REVIEW_2', removedStepKeys: [] },
    ]);
    // No texts in the trail.
    expect(JSON.stringify(audit)).not.toContain('Hearing');
  });

  it('a stage holding a statutory step is not removed (409 with the reference); removing one removes its steps', async () => {
    let b = await aWorkflow(india, 'IN_POSH', ['en']);
    const wf = b.workflow.id;
    const stage = b.stages[0]!;
    b = await ok(india, 'POST', '/step/create', {
      workflowId: wf,
      stageId: stage.id,
      type: 'ACTION',
      title: title('Notice'),
    });
    b = await ok(india, 'POST', '/step/create', {
      workflowId: wf,
      stageId: stage.id,
      type: 'MEETING',
      title: title('Hearing'),
    });
    await write(
      india,
      sql`update workflow_steps set statutory = ${JSON.stringify(RULE_7_2)}::jsonb where id = ${stepOf(b, 'NOTICE').id}`,
    );
    const refusal = await refused(
      india,
      wf,
      'DELETE',
      `/stage/delete/${stage.id}`,
      undefined,
      409,
      'STAGE_HOLDS_STATUTORY_STEP',
    );
    expect(refusal.params).toMatchObject({ reference: 'POSH Rules, Rule 7(2)', stepKey: 'NOTICE' });
    await write(india, sql`update workflow_steps set statutory = null where id = ${stepOf(b, 'NOTICE').id}`);
    b = await ok(india, 'DELETE', `/stage/delete/${stage.id}`);
    expect(b.stages).toEqual([]);
    expect(await rows(sql`select id from workflow_steps where workflow_id = ${wf}`)).toEqual([]);
    expect(await rows(sql`select id from workflow_meeting_fields where workflow_id = ${wf}`)).toEqual([]);
  });
});

const RULE_7_2 = {
  ruleKey: 'IN.POSH.RULE_7_2',
  reference: 'POSH Rules, Rule 7(2)',
  anchor: 'FILED',
  anchorStepKey: null,
  maxOffset: 7,
  unit: 'WORKING_DAY',
};

describe('steps', () => {
  it('an Indian meeting starts with the spec’s meeting fields in the workflow’s languages and a quorum of 3', async () => {
    let b = await aWorkflow(india, 'IN_POSH', ['en', 'hi']);
    const wf = b.workflow.id;
    b = await ok(india, 'POST', '/step/create', {
      workflowId: wf,
      stageId: b.stages[0]!.id,
      type: 'MEETING',
      title: title('Hearing', 'सुनवाई'),
    });
    const hearing = stepOf(b, 'HEARING');
    expect(hearing.settings).toEqual({
      performer: 'PRESIDING_OFFICER',
      dueRule: null,
      reminderDaysBefore: [],
      escalate: false,
      start: { kind: 'PREREQUISITES_MET' },
      reasonIfLate: false,
      quorum: 3,
    });
    expect(hearing.mandatory).toBe(true);
    expect(hearing.meetingFields.map((f) => [f.key, f.type, f.mandatory, f.builtin, f.position])).toEqual([
      ['MEETING_TITLE', 'TEXT', true, true, 0],
      ['MEETING_DESCRIPTION', 'TEXT_AREA', true, true, 1],
      ['MEETING_START_TIME', 'DATETIME', true, true, 2],
      ['MEETING_END_TIME', 'DATETIME', true, true, 3],
      ['MEETING_LOCATION', 'LOCATION', true, true, 4],
      ['MEETING_GUEST', 'GUESTS', true, true, 5],
      ['MINUTES_OF_MEETING', 'TEXT_AREA', false, true, 6],
      ['MEETING_OUTCOME', 'TEXT_AREA', false, true, 7],
    ]);
    expect(hearing.meetingFields[1]!.label).toEqual({ en: 'Agenda', hi: 'कार्यसूची' });
    // An action step has no meeting fields and no quorum.
    b = await ok(india, 'POST', '/step/create', {
      workflowId: wf,
      stageId: b.stages[0]!.id,
      type: 'ACTION',
      title: title('Notice'),
    });
    expect(stepOf(b, 'NOTICE').meetingFields).toEqual([]);
    expect(stepOf(b, 'NOTICE').settings.quorum).toBeNull();
    // The details call answers the same step.
    const details = await call(india, 'GET', `/step/details/${hearing.id}`);
    expect(details.statusCode, details.body).toBe(200);
    expect(details.json()).toEqual(stepOf(b, 'HEARING'));
  });

  it('a Canadian step is performed by the designated recipient and asks a reason when late', async () => {
    let b = await aWorkflow(canada, 'CA_SOR_2020_130', ['en', 'fr']);
    b = await ok(canada, 'POST', '/step/create', {
      workflowId: b.workflow.id,
      stageId: b.stages[0]!.id,
      type: 'MEETING',
      title: title('Negotiated resolution'),
      key: 'NEGOTIATED_RESOLUTION',
    });
    const step = stepOf(b, 'NEGOTIATED_RESOLUTION');
    expect(step.settings).toMatchObject({ performer: 'DESIGNATED_RECIPIENT', reasonIfLate: true, quorum: null });
    expect(step.meetingFields[0]!.label).toEqual({ en: 'Meeting title', fr: 'Titre de la réunion' });
  });

  it('are placed, moved to another stage (both renumbered), and a taken key is refused', async () => {
    let b = await aWorkflow(india, 'IN_POSH', ['en']);
    const wf = b.workflow.id;
    const a = b.stages[0]!.id;
    b = await ok(india, 'POST', '/stage/create', { workflowId: wf, title: title('Later') });
    const later = stageOf(b, 'LATER').id;
    for (const name of ['One', 'Two', 'Three'])
      b = await ok(india, 'POST', '/step/create', { workflowId: wf, stageId: a, type: 'ACTION', title: title(name) });
    b = await ok(india, 'POST', '/step/create', {
      workflowId: wf,
      stageId: a,
      type: 'ACTION',
      title: title('Zero'),
      position: 0,
    });
    expect(b.stages[0]!.steps.map((s) => [s.key, s.position])).toEqual([
      ['ZERO', 0],
      ['ONE', 1],
      ['TWO', 2],
      ['THREE', 3],
    ]);
    await refused(
      india,
      wf,
      'POST',
      '/step/create',
      { workflowId: wf, stageId: a, type: 'ACTION', title: title('x'), key: 'ONE' },
      409,
      'KEY_TAKEN',
    );
    b = await ok(india, 'POST', `/step/update/${stepOf(b, 'ONE').id}`, { stageId: later, title: title('First') });
    b = await ok(india, 'POST', `/step/update/${stepOf(b, 'THREE').id}`, { stageId: later, position: 0 });
    expect(b.stages[0]!.steps.map((s) => [s.key, s.position])).toEqual([
      ['ZERO', 0],
      ['TWO', 1],
    ]);
    expect(stageOf(b, 'LATER').steps.map((s) => [s.key, s.position, s.title.en])).toEqual([
      ['THREE', 0, 'Three'],
      ['ONE', 1, 'First'],
    ]);
    b = await ok(india, 'POST', `/step/update/${stepOf(b, 'TWO').id}`, { position: 0, mandatory: false });
    expect(b.stages[0]!.steps.map((s) => [s.key, s.position, s.mandatory])).toEqual([
      ['TWO', 0, false],
      ['ZERO', 1, true],
    ]);
    // A stage of another workflow is not this workflow's.
    const other = await aWorkflow(india, 'IN_POSH', ['en']);
    await refused(
      india,
      wf,
      'POST',
      `/step/update/${stepOf(b, 'TWO').id}`,
      { stageId: other.stages[0]!.id },
      404,
      'NOT_FOUND',
    );
  });

  it('a statutory step stays (409 STATUTORY_STEP with the reference) and mandatory; a step a deadline counts from stays', async () => {
    let b = await aWorkflow(india, 'IN_POSH', ['en']);
    const wf = b.workflow.id;
    const stage = b.stages[0]!.id;
    for (const name of ['Notice', 'Reply', 'Hearing'])
      b = await ok(india, 'POST', '/step/create', {
        workflowId: wf,
        stageId: stage,
        type: 'ACTION',
        title: title(name),
      });
    await write(
      india,
      sql`update workflow_steps set statutory = ${JSON.stringify(RULE_7_2)}::jsonb where id = ${stepOf(b, 'NOTICE').id}`,
    );
    const r = await refused(
      india,
      wf,
      'DELETE',
      `/step/delete/${stepOf(b, 'NOTICE').id}`,
      undefined,
      409,
      'STATUTORY_STEP',
    );
    expect(r.params).toMatchObject({ reference: 'POSH Rules, Rule 7(2)', stepKey: 'NOTICE' });
    await refused(
      india,
      wf,
      'POST',
      `/step/update/${stepOf(b, 'NOTICE').id}`,
      { mandatory: false },
      409,
      'STATUTORY_STEP',
    );
    // HEARING's deadline counts from REPLY: REPLY stays while it does.
    b = await ok(india, 'POST', `/step-setting/${stepOf(b, 'HEARING').id}`, {
      dueRule: {
        anchor: 'STEP_COMPLETED',
        anchorStepKey: 'REPLY',
        offset: 10,
        unit: 'WORKING_DAY',
        onHoliday: 'NEXT_WORKING_DAY',
      },
    });
    const a = await refused(
      india,
      wf,
      'DELETE',
      `/step/delete/${stepOf(b, 'REPLY').id}`,
      undefined,
      409,
      'STEP_IS_ANCHOR',
    );
    expect(a.params).toMatchObject({ stepKey: 'REPLY', anchoredStepKey: 'HEARING' });
    // Removing a step removes the prerequisites naming it.
    b = await ok(india, 'POST', '/workflow-prerequisite/add', {
      stepId: stepOf(b, 'REPLY').id,
      requiresStepId: stepOf(b, 'HEARING').id,
    });
    b = await ok(india, 'POST', `/step-setting/${stepOf(b, 'HEARING').id}`, { dueRule: null });
    b = await ok(india, 'DELETE', `/step/delete/${stepOf(b, 'HEARING').id}`);
    expect(b.stages[0]!.steps.map((s) => [s.key, s.position])).toEqual([
      ['NOTICE', 0],
      ['REPLY', 1],
    ]);
    expect(stepOf(b, 'REPLY').prerequisites).toEqual([]);
    expect(await rows(sql`select id from workflow_prerequisites where workflow_id = ${wf}`)).toEqual([]);
  });
});

describe('prerequisites', () => {
  it('are added, listed, changed and removed; a cycle is refused with its keys, and so is a step of another workflow', async () => {
    let b = await aWorkflow(india, 'IN_POSH', ['en']);
    const wf = b.workflow.id;
    const stage = b.stages[0]!.id;
    for (const name of ['A', 'B', 'C', 'D'])
      b = await ok(india, 'POST', '/step/create', {
        workflowId: wf,
        stageId: stage,
        type: 'ACTION',
        title: title(`Step ${name}`),
        key: name,
      });
    const id = (k: string) => stepOf(b, k).id;
    // B waits for A, C waits for B.
    b = await ok(india, 'POST', '/workflow-prerequisite/add', { stepId: id('B'), requiresStepId: id('A') });
    b = await ok(india, 'POST', '/workflow-prerequisite/add', {
      stepId: id('C'),
      requiresStepId: id('B'),
      condition: 'STARTED',
    });
    const list = await call(india, 'GET', `/workflow-prerequisite/get/${id('C')}`);
    expect(list.statusCode, list.body).toBe(200);
    expect(list.json().prerequisites).toEqual([
      { id: expect.any(String), stepId: id('C'), requiresStepId: id('B'), requiresStepKey: 'B', condition: 'STARTED' },
    ]);
    // A waiting for C closes A → C → B → A.
    const cycle = await refused(
      india,
      wf,
      'POST',
      '/workflow-prerequisite/add',
      { stepId: id('A'), requiresStepId: id('C') },
      409,
      'PREREQUISITE_CYCLE',
    );
    expect(cycle.params?.cycle).toBe('A → C → B → A');
    await refused(
      india,
      wf,
      'POST',
      '/workflow-prerequisite/add',
      { stepId: id('A'), requiresStepId: id('A') },
      422,
      'PREREQUISITE_SELF',
    );
    await refused(
      india,
      wf,
      'POST',
      '/workflow-prerequisite/add',
      { stepId: id('B'), requiresStepId: id('A') },
      409,
      'PREREQUISITE_EXISTS',
    );
    const other = await aWorkflow(india, 'IN_POSH', ['en']);
    const o = await ok(india, 'POST', '/step/create', {
      workflowId: other.workflow.id,
      stageId: other.stages[0]!.id,
      type: 'ACTION',
      title: title('Elsewhere'),
    });
    await refused(
      india,
      wf,
      'POST',
      '/workflow-prerequisite/add',
      { stepId: id('A'), requiresStepId: stepOf(o, 'ELSEWHERE').id },
      422,
      'PREREQUISITE_OTHER_WORKFLOW',
    );
    // Changing C's prerequisite from B to D is fine; B → C would then close no cycle, but A → B's change to A → … is checked.
    const cOnB = list.json().prerequisites[0].id as string;
    b = await ok(india, 'POST', `/workflow-prerequisite/update/${cOnB}`, {
      requiresStepId: id('D'),
      condition: 'COMPLETED',
    });
    expect(stepOf(b, 'C').prerequisites.map((p) => [p.requiresStepKey, p.condition])).toEqual([['D', 'COMPLETED']]);
    b = await ok(india, 'POST', '/workflow-prerequisite/add', { stepId: id('D'), requiresStepId: id('B') });
    // Now C → D → B → A: changing B's prerequisite to C closes B → C → D → B.
    const bOnA = stepOf(b, 'B').prerequisites[0]!.id;
    const c2 = await refused(
      india,
      wf,
      'POST',
      `/workflow-prerequisite/update/${bOnA}`,
      { requiresStepId: id('C') },
      409,
      'PREREQUISITE_CYCLE',
    );
    expect(c2.params?.cycle).toBe('B → C → D → B');
    b = await ok(india, 'DELETE', `/workflow-prerequisite/remove/${bOnA}`);
    expect(stepOf(b, 'B').prerequisites).toEqual([]);
    const audit = await rows<{ change: Record<string, unknown> }>(
      sql`select details as change from audit_log where target_id = ${wf} and details->>'what' = 'PREREQUISITE' order by occurred_at, id`,
    );
    expect(audit.map((a) => [a.change.change, a.change.key, a.change.requiresStepKey])).toEqual([
      ['CREATED', 'B', 'A'],
      ['CREATED', 'C', 'B'],
      ['UPDATED', 'C', 'D'],
      ['CREATED', 'D', 'B'],
      ['DELETED', 'B', 'A'],
    ]);
  });
});

describe('step settings', () => {
  it('check the due rule: its anchor step, no anchoring cycle, the calendar, and a statutory step’s limit', async () => {
    let b = await aWorkflow(india, 'IN_POSH', ['en']);
    const wf = b.workflow.id;
    const stage = b.stages[0]!.id;
    for (const name of ['Notice', 'Reply', 'Hearing'])
      b = await ok(india, 'POST', '/step/create', {
        workflowId: wf,
        stageId: stage,
        type: name === 'Hearing' ? 'MEETING' : 'ACTION',
        title: title(name),
      });
    const id = (k: string) => stepOf(b, k).id;
    const due = (over: object = {}) => ({
      anchor: 'STEP_COMPLETED',
      anchorStepKey: 'NOTICE',
      offset: 10,
      unit: 'WORKING_DAY',
      onHoliday: 'NEXT_WORKING_DAY',
      ...over,
    });
    b = await ok(india, 'POST', `/step-setting/${id('REPLY')}`, {
      dueRule: due({ calendar: 'IN-KA', reference: 'POSH Rules, Rule 7(3)' }),
      reminderDaysBefore: [3, 1],
      escalate: true,
      performer: 'ANY_MEMBER',
    });
    expect(stepOf(b, 'REPLY').settings).toMatchObject({
      performer: 'ANY_MEMBER',
      reminderDaysBefore: [3, 1],
      escalate: true,
      start: { kind: 'PREREQUISITES_MET' },
      dueRule: {
        anchorStepKey: 'NOTICE',
        offset: 10,
        calendar: 'IN-KA',
        reference: 'POSH Rules, Rule 7(3)',
        repeats: false,
      },
    });
    await refused(
      india,
      wf,
      'POST',
      `/step-setting/${id('REPLY')}`,
      { dueRule: due({ anchorStepKey: 'REPLY' }) },
      422,
      'ANCHOR_STEP_INVALID',
    );
    await refused(
      india,
      wf,
      'POST',
      `/step-setting/${id('REPLY')}`,
      { dueRule: due({ anchorStepKey: 'NOWHERE' }) },
      422,
      'ANCHOR_STEP_INVALID',
    );
    const c = await refused(
      india,
      wf,
      'POST',
      `/step-setting/${id('NOTICE')}`,
      { dueRule: due({ anchorStepKey: 'REPLY' }) },
      409,
      'DUE_RULE_CYCLE',
    );
    expect(c.params?.cycle).toBe('NOTICE → REPLY → NOTICE');
    await refused(
      india,
      wf,
      'POST',
      `/step-setting/${id('NOTICE')}`,
      { dueRule: due({ anchor: 'FILED', anchorStepKey: null, calendar: 'XX-NOPE' }) },
      422,
      'HOLIDAY_CALENDAR_UNKNOWN',
    );
    await refused(
      india,
      wf,
      'POST',
      `/step-setting/${id('NOTICE')}`,
      { performer: 'DESIGNATED_RECIPIENT' },
      422,
      'PERFORMER_NOT_FOR_JURISDICTION',
    );
    await refused(india, wf, 'POST', `/step-setting/${id('NOTICE')}`, { quorum: 3 }, 422, 'QUORUM_MEETINGS_ONLY');
    b = await ok(india, 'POST', `/step-setting/${id('HEARING')}`, {
      quorum: 4,
      start: { kind: 'ON_REQUEST', by: 'COMPLAINANT', inWriting: true },
    });
    expect(stepOf(b, 'HEARING').settings).toMatchObject({
      quorum: 4,
      start: { kind: 'ON_REQUEST', by: 'COMPLAINANT', inWriting: true },
    });
    // A statutory step: at most 7 working days from filing (Rule 7(2)), the anchor kept.
    await write(
      india,
      sql`update workflow_steps set statutory = ${JSON.stringify(RULE_7_2)}::jsonb where id = ${id('NOTICE')}`,
    );
    const statutory = (over: object) => ({
      dueRule: due({ anchor: 'FILED', anchorStepKey: null, offset: 7, ...over }),
    });
    b = await ok(india, 'POST', `/step-setting/${id('NOTICE')}`, statutory({ offset: 5 }));
    expect(stepOf(b, 'NOTICE').settings.dueRule?.offset).toBe(5);
    const later = await refused(
      india,
      wf,
      'POST',
      `/step-setting/${id('NOTICE')}`,
      statutory({ offset: 8 }),
      409,
      'STATUTORY_DEADLINE_LATER',
    );
    expect(later.params).toMatchObject({ reference: 'POSH Rules, Rule 7(2)', maxOffset: 7, unit: 'WORKING_DAY' });
    await refused(
      india,
      wf,
      'POST',
      `/step-setting/${id('NOTICE')}`,
      statutory({ unit: 'CALENDAR_DAY' }),
      409,
      'STATUTORY_DEADLINE_LATER',
    );
    await refused(
      india,
      wf,
      'POST',
      `/step-setting/${id('NOTICE')}`,
      { dueRule: null },
      409,
      'STATUTORY_DEADLINE_LATER',
    );
    await refused(
      india,
      wf,
      'POST',
      `/step-setting/${id('NOTICE')}`,
      statutory({ anchor: 'INCIDENT' }),
      409,
      'STATUTORY_ANCHOR_FIXED',
    );
  });

  it('the designated recipient performs a Canadian step', async () => {
    let b = await aWorkflow(canada, 'CA_SOR_2020_130', ['en']);
    b = await ok(canada, 'POST', '/step/create', {
      workflowId: b.workflow.id,
      stageId: b.stages[0]!.id,
      type: 'ACTION',
      title: title('First contact'),
    });
    b = await ok(canada, 'POST', `/step-setting/${stepOf(b, 'FIRST_CONTACT').id}`, { performer: 'ANY_MEMBER' });
    b = await ok(canada, 'POST', `/step-setting/${stepOf(b, 'FIRST_CONTACT').id}`, {
      performer: 'DESIGNATED_RECIPIENT',
    });
    expect(stepOf(b, 'FIRST_CONTACT').settings.performer).toBe('DESIGNATED_RECIPIENT');
  });
});

describe('meeting fields', () => {
  it('are listed, added, changed, moved and removed on meetings only; the spec’s required ones stay', async () => {
    let b = await aWorkflow(india, 'IN_POSH', ['en']);
    const wf = b.workflow.id;
    const stage = b.stages[0]!.id;
    b = await ok(india, 'POST', '/step/create', {
      workflowId: wf,
      stageId: stage,
      type: 'MEETING',
      title: title('Hearing'),
    });
    b = await ok(india, 'POST', '/step/create', {
      workflowId: wf,
      stageId: stage,
      type: 'ACTION',
      title: title('Notice'),
    });
    const hearing = stepOf(b, 'HEARING').id;
    const all = await call(india, 'GET', `/meeting-fields/all/${hearing}`);
    expect(all.statusCode, all.body).toBe(200);
    expect(all.json().fields).toHaveLength(8);
    await refused(
      india,
      wf,
      'GET',
      `/meeting-fields/all/${stepOf(b, 'NOTICE').id}`,
      undefined,
      409,
      'STEP_NOT_MEETING',
    );
    await refused(
      india,
      wf,
      'POST',
      '/meeting-fields/add',
      { stepId: stepOf(b, 'NOTICE').id, type: 'TEXT', label: title('x') },
      409,
      'STEP_NOT_MEETING',
    );
    await refused(
      india,
      wf,
      'POST',
      '/meeting-fields/add',
      { stepId: hearing, type: 'TEXT', label: title('x'), options: [{ key: 'A', label: title('A') }] },
      422,
      'OPTIONS_NOT_ALLOWED',
    );
    await refused(
      india,
      wf,
      'POST',
      '/meeting-fields/add',
      { stepId: hearing, type: 'TEXT', label: title('x'), key: 'MEETING_TITLE' },
      409,
      'KEY_TAKEN',
    );
    const options = [
      { key: 'IN_PERSON', label: title('In person') },
      { key: 'ONLINE', label: title('Online') },
    ];
    b = await ok(india, 'POST', '/meeting-fields/add', {
      stepId: hearing,
      type: 'SINGLE_SELECT',
      label: title('Mode of hearing'),
      mandatory: true,
      options,
    });
    const mode = stepOf(b, 'HEARING').meetingFields.find((f) => f.key === 'MODE_OF_HEARING')!;
    expect(mode).toMatchObject({ type: 'SINGLE_SELECT', mandatory: true, builtin: false, position: 8, options });
    b = await ok(india, 'POST', `/meeting-fields/update/${mode.id}`, {
      position: 0,
      label: title('Mode'),
      mandatory: false,
    });
    expect(
      stepOf(b, 'HEARING')
        .meetingFields.map((f) => f.key)
        .slice(0, 2),
    ).toEqual(['MODE_OF_HEARING', 'MEETING_TITLE']);
    expect(stepOf(b, 'HEARING').meetingFields.map((f) => f.position)).toEqual([0, 1, 2, 3, 4, 5, 6, 7, 8]);
    const field = (k: string) => stepOf(b, 'HEARING').meetingFields.find((f) => f.key === k)!;
    const r = await refused(
      india,
      wf,
      'POST',
      `/meeting-fields/update/${field('MEETING_LOCATION').id}`,
      { mandatory: false },
      409,
      'MEETING_FIELD_REQUIRED',
    );
    expect(r.params?.key).toBe('MEETING_LOCATION');
    await refused(
      india,
      wf,
      'DELETE',
      `/meeting-fields/remove/${field('MEETING_GUEST').id}`,
      undefined,
      409,
      'MEETING_FIELD_REQUIRED',
    );
    // A required one takes a new label; an optional one of the spec's becomes mandatory, or goes.
    b = await ok(india, 'POST', `/meeting-fields/update/${field('MEETING_LOCATION').id}`, {
      label: title('Venue or link'),
    });
    b = await ok(india, 'POST', `/meeting-fields/update/${field('MEETING_OUTCOME').id}`, { mandatory: true });
    expect(field('MEETING_OUTCOME').mandatory).toBe(true);
    b = await ok(india, 'DELETE', `/meeting-fields/remove/${field('MINUTES_OF_MEETING').id}`);
    b = await ok(india, 'DELETE', `/meeting-fields/remove/${mode.id}`);
    expect(stepOf(b, 'HEARING').meetingFields.map((f) => [f.key, f.position])).toEqual([
      ['MEETING_TITLE', 0],
      ['MEETING_DESCRIPTION', 1],
      ['MEETING_START_TIME', 2],
      ['MEETING_END_TIME', 3],
      ['MEETING_LOCATION', 4],
      ['MEETING_GUEST', 5],
      ['MEETING_OUTCOME', 6],
    ]);
    expect(field('MEETING_LOCATION').label.en).toBe('Venue or link');
  });
});

describe('actions', () => {
  const inform = { type: 'INFORM_RESPONDENT', shareComplaintCopy: true, message: title('A complaint names you.') };
  it('are added to action steps with settings of their own type, set, and removed unless statutory', async () => {
    let b = await aWorkflow(india, 'IN_POSH', ['en']);
    const wf = b.workflow.id;
    const stage = b.stages[0]!.id;
    b = await ok(india, 'POST', '/step/create', {
      workflowId: wf,
      stageId: stage,
      type: 'MEETING',
      title: title('Hearing'),
    });
    b = await ok(india, 'POST', '/step/create', {
      workflowId: wf,
      stageId: stage,
      type: 'ACTION',
      title: title('Notice'),
    });
    const notice = stepOf(b, 'NOTICE').id;
    await refused(
      india,
      wf,
      'POST',
      '/step/action/add',
      { stepId: stepOf(b, 'HEARING').id, type: 'NOTIFY' },
      409,
      'STEP_NOT_ACTION',
    );
    await refused(
      india,
      wf,
      'POST',
      '/step/action/add',
      { stepId: notice, type: 'INFORM_EMPLOYER', settings: inform },
      422,
      'ACTION_SETTINGS_TYPE',
    );
    b = await ok(india, 'POST', '/step/action/add', { stepId: notice, type: 'INFORM_RESPONDENT', settings: inform });
    b = await ok(india, 'POST', '/step/action/add', { stepId: notice, type: 'INFORM_RESPONDENT' });
    b = await ok(india, 'POST', '/step/action/add', { stepId: notice, type: 'BUTTON' });
    expect(stepOf(b, 'NOTICE').actions.map((a) => [a.key, a.type, a.position, a.settings])).toEqual([
      ['INFORM_RESPONDENT', 'INFORM_RESPONDENT', 0, inform],
      ['INFORM_RESPONDENT_2', 'INFORM_RESPONDENT', 1, null],
      ['BUTTON', 'BUTTON', 2, null],
    ]);
    const [first, second, button] = stepOf(b, 'NOTICE').actions;
    const settle = { type: 'BUTTON', label: title('Settled'), outcome: 'SETTLED', confirm: true };
    await refused(india, wf, 'POST', `/workflow-action-setting/${second!.id}`, settle, 422, 'ACTION_SETTINGS_TYPE');
    const vote = {
      type: 'VOTE',
      question: title('Is the complaint proved?'),
      options: [
        { key: 'PROVED', label: title('Proved') },
        { key: 'PROVED', label: title('Not proved') },
      ],
      quorum: 3,
      presidingOfficerRequired: true,
    };
    await refused(
      india,
      wf,
      'POST',
      '/step/action/add',
      { stepId: notice, type: 'VOTE', settings: vote },
      422,
      'OPTION_KEY_TWICE',
    );
    b = await ok(india, 'POST', `/workflow-action-setting/${button!.id}`, settle);
    expect(stepOf(b, 'NOTICE').actions[2]!.settings).toEqual(settle);
    await write(india, sql`update workflow_step_actions set statutory = true where id = ${first!.id}`);
    await write(
      india,
      sql`update workflow_steps set statutory = ${JSON.stringify(RULE_7_2)}::jsonb where id = ${notice}`,
    );
    const r = await refused(
      india,
      wf,
      'DELETE',
      `/step/action/remove/${first!.id}`,
      undefined,
      409,
      'STATUTORY_ACTION',
    );
    expect(r.params).toMatchObject({ reference: 'POSH Rules, Rule 7(2)', key: 'INFORM_RESPONDENT' });
    b = await ok(india, 'DELETE', `/step/action/remove/${second!.id}`);
    expect(stepOf(b, 'NOTICE').actions.map((a) => [a.key, a.position])).toEqual([
      ['INFORM_RESPONDENT', 0],
      ['BUTTON', 1],
    ]);
  });
});

describe('who and when', () => {
  it('a published workflow is not changed (409 WORKFLOW_NOT_DRAFT), an employee is refused, another workspace sees nothing', async () => {
    let b = await aWorkflow(india, 'IN_POSH', ['en']);
    const wf = b.workflow.id;
    b = await ok(india, 'POST', '/step/create', {
      workflowId: wf,
      stageId: b.stages[0]!.id,
      type: 'ACTION',
      title: title('Notice'),
    });
    const notice = stepOf(b, 'NOTICE').id;
    await refused(employee, wf, 'DELETE', `/step/delete/${notice}`, undefined, 404, 'NOT_FOUND');
    await refused(canada, wf, 'DELETE', `/step/delete/${notice}`, undefined, 404, 'NOT_FOUND');
    const foreign = await t.request(canada.host, {
      method: 'GET',
      url: `/cms/api/step/details/${notice}`,
      token: canada.token,
    });
    expect(foreign.statusCode).toBe(404);
    await write(india, sql`update workflows set status = 'PUBLISHED' where id = ${wf}`);
    await refused(
      india,
      wf,
      'POST',
      '/stage/create',
      { workflowId: wf, title: title('More') },
      409,
      'WORKFLOW_NOT_DRAFT',
    );
    await refused(india, wf, 'DELETE', `/step/delete/${notice}`, undefined, 409, 'WORKFLOW_NOT_DRAFT');
    await refused(india, wf, 'POST', `/step-setting/${notice}`, { escalate: true }, 409, 'WORKFLOW_NOT_DRAFT');
    // Reading still works.
    expect((await call(india, 'GET', `/step/details/${notice}`)).statusCode).toBe(200);
  });
});

describe('a template’s statutory steps (helper cms-versions’ templates)', () => {
  it.each(['POSH_INQUIRY', 'CA_RESOLUTION'] as const)(
    '%s: each keeps its own rule, is refused removal and a later deadline, takes an earlier one; the draft still publishes',
    async (template) => {
      const s = template === 'POSH_INQUIRY' ? india : canada;
      const created = await call(s, 'POST', '/workflow/create', { name: `From ${template}`, template });
      expect(created.statusCode, created.body).toBe(200);
      let b = created.json() as TWorkflowBuilder;
      const wf = b.workflow.id;
      const statutory = b.stages.flatMap((st) => st.steps).filter((st) => st.statutory !== null);
      expect(statutory.length).toBeGreaterThan(3);
      // Steps the law starts only on request (POSH s.10(1), s.12; Canada s.24, s.25(1)) are kept too.
      const onRequest = statutory.filter((st) => st.statutory!.maxOffset === null);
      expect(onRequest.map((st) => st.statutory!.reference).sort()).toEqual(
        template === 'POSH_INQUIRY' ? ['s.10(1)', 's.12'] : ['s.24', 's.25(1)'],
      );
      for (const step of onRequest) {
        const removal = await refused(s, wf, 'DELETE', `/step/delete/${step.id}`, undefined, 409, 'STATUTORY_STEP');
        expect(removal.params?.reference).toBe(step.statutory!.reference);
        // It keeps waiting for the request the law names; a deadline of the workspace's own is allowed.
        const automatic = await refused(
          s,
          wf,
          'POST',
          `/step-setting/${step.id}`,
          { start: { kind: 'PREREQUISITES_MET' } },
          409,
          'STATUTORY_START_FIXED',
        );
        expect(automatic.params?.reference).toBe(step.statutory!.reference);
        b = await ok(s, 'POST', `/step-setting/${step.id}`, {
          dueRule: {
            anchor: 'FILED',
            anchorStepKey: null,
            offset: 30,
            unit: 'CALENDAR_DAY',
            onHoliday: 'NONE',
            calendar: null,
            reference: null,
            repeats: false,
          },
        });
      }
      for (const step of statutory.filter((st) => st.statutory!.maxOffset !== null)) {
        const rule = step.statutory! as TStatutoryRule & { maxOffset: number };
        // The template's own deadline is within the law: saving it again is accepted.
        b = await ok(s, 'POST', `/step-setting/${step.id}`, { dueRule: step.settings.dueRule });
        const removal = await refused(s, wf, 'DELETE', `/step/delete/${step.id}`, undefined, 409, 'STATUTORY_STEP');
        expect(removal.params?.reference).toBe(rule.reference);
        const later = await refused(
          s,
          wf,
          'POST',
          `/step-setting/${step.id}`,
          { dueRule: { ...step.settings.dueRule!, offset: rule.maxOffset + 1 } },
          409,
          'STATUTORY_DEADLINE_LATER',
        );
        expect(later.params).toMatchObject({ reference: rule.reference, maxOffset: rule.maxOffset, unit: rule.unit });
        await refused(s, wf, 'POST', `/step/update/${step.id}`, { mandatory: false }, 409, 'STATUTORY_STEP');
      }
      const stage = b.stages.find((st) => st.statutory)!;
      await refused(s, wf, 'DELETE', `/stage/delete/${stage.id}`, undefined, 409, 'STAGE_HOLDS_STATUTORY_STEP');
      const action = statutory.flatMap((st) => st.actions).find((a) => a.statutory);
      if (action)
        await refused(s, wf, 'DELETE', `/step/action/remove/${action.id}`, undefined, 409, 'STATUTORY_ACTION');
      // An earlier deadline than the law's is the workspace's choice.
      const limit = (st: (typeof statutory)[number]) => st.statutory!.maxOffset ?? -1;
      const longest = statutory.reduce((a, c) => (limit(c) > limit(a) ? c : a));
      b = await ok(s, 'POST', `/step-setting/${longest.id}`, {
        dueRule: { ...longest.settings.dueRule!, offset: limit(longest) - 1 },
      });
      expect(stepOf(b, longest.key).settings.dueRule?.offset).toBe(limit(longest) - 1);
      // The stages tab's changes leave a draft that publishes.
      const published = await call(s, 'POST', `/workflow/publish/${wf}`, { changeNote: 'Our deadlines' });
      expect(published.statusCode, published.body).toBe(200);
    },
  );
});
