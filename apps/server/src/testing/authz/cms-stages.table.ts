import { sql } from 'drizzle-orm';
import { withPlatform } from '../../core/db/tenant.ts';
import type { AuthzFixture } from './fixture.ts';
import type { AuthzEntry, AuthzTable, NotApplicable, Prepared, Req } from './table.ts';

const na = (why: string): NotApplicable => ({ na: why });

/**
 * Gives A's business-unit admins `workflows.manage` (the matrix does not by default), so that the
 * unit-scope cases test the scope rule rather than a missing permission; then a draft workflow of
 * the target unit with a stage, a MEETING step (HEARING, with a custom meeting field), two ACTION
 * steps (NOTICE with an action, REPLY waiting for NOTICE).
 */
async function aDraft(f: AuthzFixture): Promise<Prepared> {
  await withPlatform(f.t.database.db, { action: 'test.permissions', audit: false }, (tx) =>
    tx.execute(sql`insert into role_permissions (workspace_id, role, permission, granted)
                   values (${f.a.id}, 'BRANCH_ADMIN', 'workflows.manage', true) on conflict do nothing`),
  );
  const send = async (method: 'POST', url: string, payload: object) => {
    const res = await f.t.request(f.a.host, {
      method,
      url: `/cms/api${url}`,
      token: f.people.adminA.token,
      payload,
    });
    if (res.statusCode !== 200) throw new Error(`${url}: ${res.statusCode} ${res.body}`);
    return res.json() as {
      workflow: { id: string };
      stages: Array<{
        id: string;
        steps: Array<{
          id: string;
          key: string;
          actions: Array<{ id: string }>;
          meetingFields: Array<{ id: string; key: string }>;
          prerequisites: Array<{ id: string }>;
        }>;
      }>;
    };
  };
  let b = await send('POST', '/workflow/create', {
    name: `Inquiry ${Math.random()}`,
    jurisdiction: 'IN_POSH',
    branchId: f.target.unit.id,
  });
  const workflowId = b.workflow.id;
  const stageId = b.stages[0]!.id;
  for (const [type, en] of [
    ['MEETING', 'Hearing'],
    ['ACTION', 'Notice'],
    ['ACTION', 'Reply'],
  ] as const)
    b = await send('POST', '/step/create', { workflowId, stageId, type, title: { en } });
  const step = (key: string) => b.stages[0]!.steps.find((s) => s.key === key)!;
  b = await send('POST', '/workflow-prerequisite/add', { stepId: step('REPLY').id, requiresStepId: step('NOTICE').id });
  b = await send('POST', '/step/action/add', { stepId: step('NOTICE').id, type: 'BUTTON' });
  b = await send('POST', '/meeting-fields/add', {
    stepId: step('HEARING').id,
    type: 'TEXT',
    label: { en: 'Interpreter' },
  });
  return {
    workflowId,
    stageId,
    hearingId: step('HEARING').id,
    noticeId: step('NOTICE').id,
    replyId: step('REPLY').id,
    prerequisiteId: step('REPLY').prerequisites[0]!.id,
    actionId: step('NOTICE').actions[0]!.id,
    fieldId: step('HEARING').meetingFields.find((m) => m.key === 'INTERPRETER')!.id,
  };
}

/** A route of the stages: the target unit's admin (holding workflows.manage) on a workflow of its unit; the standard refusals. */
const entry = (rule: string, request: (f: AuthzFixture, p: Prepared) => Req): AuthzEntry => ({
  rule,
  as: 'unitAdminTarget',
  prepare: aDraft,
  request,
  anotherWorkspace: 'refused',
  lowerRole: 'employee',
  unitAdminOutside: 'refused',
  moreThanHeld: na('changes a draft’s stages of redressal: gives no access, permission or credit to anyone'),
});

const RULE =
  "workflows.manage reaching the workflow's business unit (the whole workspace for a workspace-wide one); a draft only";
const READ = "workflows.manage reaching the workflow's business unit (the whole workspace for a workspace-wide one)";

/** The stages of redressal of a workflow's draft (issue 25, helper cms-stages). */
export const CMS_STAGES_ROUTES: AuthzTable = {
  'POST /cms/api/stage/create': entry(RULE, (_f, p) => ({
    method: 'POST',
    url: '/cms/api/stage/create',
    payload: { workflowId: p.workflowId, title: { en: 'Appeal' } },
  })),
  'POST /cms/api/stage/update/:id': entry(RULE, (_f, p) => ({
    method: 'POST',
    url: `/cms/api/stage/update/${p.stageId}`,
    payload: { title: { en: 'Inquiry and hearing' } },
  })),
  'DELETE /cms/api/stage/delete/:id': entry(RULE, (_f, p) => ({
    method: 'DELETE',
    url: `/cms/api/stage/delete/${p.stageId}`,
  })),
  'POST /cms/api/step/create': entry(RULE, (_f, p) => ({
    method: 'POST',
    url: '/cms/api/step/create',
    payload: { workflowId: p.workflowId, stageId: p.stageId, type: 'ACTION', title: { en: 'Report' } },
  })),
  'POST /cms/api/step/update/:id': entry(RULE, (_f, p) => ({
    method: 'POST',
    url: `/cms/api/step/update/${p.noticeId}`,
    payload: { title: { en: 'Copy to the respondent' }, position: 0 },
  })),
  'DELETE /cms/api/step/delete/:id': entry(RULE, (_f, p) => ({
    method: 'DELETE',
    url: `/cms/api/step/delete/${p.noticeId}`,
  })),
  'GET /cms/api/step/details/:id': {
    ...entry(READ, (_f, p) => ({ method: 'GET', url: `/cms/api/step/details/${p.hearingId}` })),
    moreThanHeld: na('reads; gives nothing'),
  },
  'POST /cms/api/step-setting/:stepId': entry(RULE, (_f, p) => ({
    method: 'POST',
    url: `/cms/api/step-setting/${p.replyId}`,
    payload: {
      dueRule: {
        anchor: 'STEP_COMPLETED',
        anchorStepKey: 'NOTICE',
        offset: 10,
        unit: 'WORKING_DAY',
        onHoliday: 'NONE',
      },
      escalate: true,
    },
  })),
  'GET /cms/api/workflow-prerequisite/get/:stepId': {
    ...entry(READ, (_f, p) => ({ method: 'GET', url: `/cms/api/workflow-prerequisite/get/${p.replyId}` })),
    moreThanHeld: na('reads; gives nothing'),
  },
  'POST /cms/api/workflow-prerequisite/add': entry(RULE, (_f, p) => ({
    method: 'POST',
    url: '/cms/api/workflow-prerequisite/add',
    payload: { stepId: p.hearingId, requiresStepId: p.replyId },
  })),
  'POST /cms/api/workflow-prerequisite/update/:id': entry(RULE, (_f, p) => ({
    method: 'POST',
    url: `/cms/api/workflow-prerequisite/update/${p.prerequisiteId}`,
    payload: { condition: 'STARTED' },
  })),
  'DELETE /cms/api/workflow-prerequisite/remove/:id': entry(RULE, (_f, p) => ({
    method: 'DELETE',
    url: `/cms/api/workflow-prerequisite/remove/${p.prerequisiteId}`,
  })),
  'GET /cms/api/meeting-fields/all/:stepId': {
    ...entry(READ, (_f, p) => ({ method: 'GET', url: `/cms/api/meeting-fields/all/${p.hearingId}` })),
    moreThanHeld: na('reads; gives nothing'),
  },
  'POST /cms/api/meeting-fields/add': entry(RULE, (_f, p) => ({
    method: 'POST',
    url: '/cms/api/meeting-fields/add',
    payload: { stepId: p.hearingId, type: 'CHECKBOX', label: { en: 'Support person present' } },
  })),
  'POST /cms/api/meeting-fields/update/:id': entry(RULE, (_f, p) => ({
    method: 'POST',
    url: `/cms/api/meeting-fields/update/${p.fieldId}`,
    payload: { mandatory: true },
  })),
  'DELETE /cms/api/meeting-fields/remove/:id': entry(RULE, (_f, p) => ({
    method: 'DELETE',
    url: `/cms/api/meeting-fields/remove/${p.fieldId}`,
  })),
  'POST /cms/api/step/action/add': entry(RULE, (_f, p) => ({
    method: 'POST',
    url: '/cms/api/step/action/add',
    payload: { stepId: p.noticeId, type: 'RESOURCE' },
  })),
  'DELETE /cms/api/step/action/remove/:actionId': entry(RULE, (_f, p) => ({
    method: 'DELETE',
    url: `/cms/api/step/action/remove/${p.actionId}`,
  })),
  'POST /cms/api/workflow-action-setting/:actionId': entry(RULE, (_f, p) => ({
    method: 'POST',
    url: `/cms/api/workflow-action-setting/${p.actionId}`,
    payload: { type: 'BUTTON', label: { en: 'Settled' }, outcome: 'SETTLED', confirm: true },
  })),
};
