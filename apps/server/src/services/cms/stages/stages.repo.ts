import { type SQL, sql } from 'drizzle-orm';
import { queryRows, type Tx } from '../../../core/db/database.ts';
import type * as Builder from '../workflows/workflows.repo.ts';

/**
 * SQL of the stages of redressal (issue 25; tables workflow_stages, workflow_steps,
 * workflow_step_actions, workflow_meeting_fields, workflow_prerequisites, and the read-only
 * holiday_calendars; db/cms-schema.ts). Texts, settings and options are jsonb, read as given.
 * Positions are 0-based and rewritten whole (`setPositions`, workflows.repo.ts) whenever an order changes.
 */

const json = (v: unknown) => sql`${v === null ? null : JSON.stringify(v)}::jsonb`;

/*
 * The rows as the builder reads them (workflows.repo.ts), each with its workflow — a stage call
 * finds a row by its own id and then needs to know whose it is.
 */
export type StageRow = Builder.StageRow & { workflowId: string };
export type StepRow = Omit<Builder.StepRow, 'type'> & { workflowId: string; type: 'MEETING' | 'ACTION' };
export type ActionRow = Builder.ActionRow & { workflowId: string };
export type MeetingFieldRow = Builder.MeetingFieldRow & { workflowId: string };
export type PrerequisiteRow = Builder.PrerequisiteRow & { workflowId: string; stepKey: string };

export { setPositions } from '../workflows/workflows.repo.ts';

// --- stages ------------------------------------------------------------------------------------

const STAGE = sql`s.id, s.workflow_id as "workflowId", s.key, s.title, s.position`;

export async function findStage(tx: Tx, workspaceId: string, id: string): Promise<StageRow | undefined> {
  const [row] = await queryRows<StageRow>(
    tx,
    sql`select ${STAGE} from workflow_stages s where s.workspace_id = ${workspaceId} and s.id = ${id}`,
  );
  return row;
}

/** A workflow's stages in order. */
export function listStages(tx: Tx, workspaceId: string, workflowId: string): Promise<StageRow[]> {
  return queryRows<StageRow>(
    tx,
    sql`select ${STAGE} from workflow_stages s where s.workspace_id = ${workspaceId} and s.workflow_id = ${workflowId}
        order by s.position, s.created_at, s.id`,
  );
}

export async function insertStage(
  tx: Tx,
  v: { workspaceId: string; workflowId: string; key: string; title: Record<string, string>; position: number },
): Promise<string> {
  const [row] = await queryRows<{ id: string }>(
    tx,
    sql`insert into workflow_stages (workspace_id, workflow_id, key, title, position)
        values (${v.workspaceId}, ${v.workflowId}, ${v.key}, ${json(v.title)}, ${v.position}) returning id`,
  );
  return row!.id;
}

export async function updateStageTitle(tx: Tx, workspaceId: string, id: string, title: Record<string, string>) {
  await tx.execute(
    sql`update workflow_stages set title = ${json(title)}, updated_at = app_now()
        where workspace_id = ${workspaceId} and id = ${id}`,
  );
}

/** Removes a stage; its steps, their actions, meeting fields and prerequisites go with it (foreign keys). */
export async function deleteStage(tx: Tx, workspaceId: string, id: string): Promise<void> {
  await tx.execute(sql`delete from workflow_stages where workspace_id = ${workspaceId} and id = ${id}`);
}

// --- steps -------------------------------------------------------------------------------------

const STEP = sql`p.id, p.workflow_id as "workflowId", p.stage_id as "stageId", p.key, p.type, p.title, p.description,
  p.position, p.mandatory, p.settings, p.statutory`;

export async function findStep(tx: Tx, workspaceId: string, id: string): Promise<StepRow | undefined> {
  const [row] = await queryRows<StepRow>(
    tx,
    sql`select ${STEP} from workflow_steps p where p.workspace_id = ${workspaceId} and p.id = ${id}`,
  );
  return row;
}

/** A workflow's steps, by stage position then step position. */
export function listSteps(tx: Tx, workspaceId: string, workflowId: string): Promise<StepRow[]> {
  return queryRows<StepRow>(
    tx,
    sql`select ${STEP} from workflow_steps p join workflow_stages s on s.id = p.stage_id
        where p.workspace_id = ${workspaceId} and p.workflow_id = ${workflowId}
        order by s.position, p.position, p.created_at, p.id`,
  );
}

/** The ids of a stage's steps in order. */
export async function stepIdsOf(tx: Tx, workspaceId: string, stageId: string): Promise<string[]> {
  const rows = await queryRows<{ id: string }>(
    tx,
    sql`select id from workflow_steps where workspace_id = ${workspaceId} and stage_id = ${stageId}
        order by position, created_at, id`,
  );
  return rows.map((r) => r.id);
}

export async function insertStep(
  tx: Tx,
  v: {
    workspaceId: string;
    workflowId: string;
    stageId: string;
    key: string;
    type: string;
    title: Record<string, string>;
    description: Record<string, string>;
    position: number;
    settings: unknown;
  },
): Promise<string> {
  const [row] = await queryRows<{ id: string }>(
    tx,
    sql`insert into workflow_steps (workspace_id, workflow_id, stage_id, key, type, title, description, position, settings)
        values (${v.workspaceId}, ${v.workflowId}, ${v.stageId}, ${v.key}, ${v.type}, ${json(v.title)},
                ${json(v.description)}, ${v.position}, ${json(v.settings)}) returning id`,
  );
  return row!.id;
}

/** Sets the given columns of a step (texts, mandatory, stage, settings). */
export async function updateStep(
  tx: Tx,
  workspaceId: string,
  id: string,
  v: {
    title?: Record<string, string>;
    description?: Record<string, string>;
    mandatory?: boolean;
    stageId?: string;
    settings?: unknown;
  },
): Promise<void> {
  const sets: SQL[] = [];
  if (v.title !== undefined) sets.push(sql`title = ${json(v.title)}`);
  if (v.description !== undefined) sets.push(sql`description = ${json(v.description)}`);
  if (v.mandatory !== undefined) sets.push(sql`mandatory = ${v.mandatory}`);
  if (v.stageId !== undefined) sets.push(sql`stage_id = ${v.stageId}`);
  if (v.settings !== undefined) sets.push(sql`settings = ${json(v.settings)}`);
  if (sets.length === 0) return;
  sets.push(sql`updated_at = app_now()`);
  await tx.execute(
    sql`update workflow_steps set ${sql.join(sets, sql`, `)} where workspace_id = ${workspaceId} and id = ${id}`,
  );
}

/** Removes a step; its actions, meeting fields and the prerequisites naming it go with it (foreign keys). */
export async function deleteStep(tx: Tx, workspaceId: string, id: string): Promise<void> {
  await tx.execute(sql`delete from workflow_steps where workspace_id = ${workspaceId} and id = ${id}`);
}

// --- prerequisites -----------------------------------------------------------------------------

const PREREQUISITE = sql`q.id, q.workflow_id as "workflowId", q.step_id as "stepId", a.key as "stepKey",
  q.requires_step_id as "requiresStepId", b.key as "requiresStepKey", q.condition`;
const PREREQUISITE_FROM = sql`workflow_prerequisites q join workflow_steps a on a.id = q.step_id
  join workflow_steps b on b.id = q.requires_step_id`;

/** A workflow's prerequisites (every step's). */
export function listPrerequisites(tx: Tx, workspaceId: string, workflowId: string): Promise<PrerequisiteRow[]> {
  return queryRows<PrerequisiteRow>(
    tx,
    sql`select ${PREREQUISITE} from ${PREREQUISITE_FROM}
        where q.workspace_id = ${workspaceId} and q.workflow_id = ${workflowId} order by a.key, b.key`,
  );
}

export async function findPrerequisite(tx: Tx, workspaceId: string, id: string): Promise<PrerequisiteRow | undefined> {
  const [row] = await queryRows<PrerequisiteRow>(
    tx,
    sql`select ${PREREQUISITE} from ${PREREQUISITE_FROM} where q.workspace_id = ${workspaceId} and q.id = ${id}`,
  );
  return row;
}

export async function insertPrerequisite(
  tx: Tx,
  v: { workspaceId: string; workflowId: string; stepId: string; requiresStepId: string; condition: string },
): Promise<string> {
  const [row] = await queryRows<{ id: string }>(
    tx,
    sql`insert into workflow_prerequisites (workspace_id, workflow_id, step_id, requires_step_id, condition)
        values (${v.workspaceId}, ${v.workflowId}, ${v.stepId}, ${v.requiresStepId}, ${v.condition}) returning id`,
  );
  return row!.id;
}

export async function updatePrerequisite(
  tx: Tx,
  workspaceId: string,
  id: string,
  v: { requiresStepId: string; condition: string },
): Promise<void> {
  await tx.execute(
    sql`update workflow_prerequisites set requires_step_id = ${v.requiresStepId}, condition = ${v.condition},
        updated_at = app_now() where workspace_id = ${workspaceId} and id = ${id}`,
  );
}

export async function deletePrerequisite(tx: Tx, workspaceId: string, id: string): Promise<void> {
  await tx.execute(sql`delete from workflow_prerequisites where workspace_id = ${workspaceId} and id = ${id}`);
}

// --- meeting fields ----------------------------------------------------------------------------

const FIELD = sql`m.id, m.workflow_id as "workflowId", m.step_id as "stepId", m.key, m.type, m.label, m.mandatory,
  m.position, m.options, m.builtin`;

/** The meeting fields of `stepIds`, by step then position. */
export function listMeetingFields(tx: Tx, workspaceId: string, stepIds: readonly string[]): Promise<MeetingFieldRow[]> {
  if (stepIds.length === 0) return Promise.resolve([]);
  return queryRows<MeetingFieldRow>(
    tx,
    sql`select ${FIELD} from workflow_meeting_fields m
        where m.workspace_id = ${workspaceId} and m.step_id in (select value::uuid from jsonb_array_elements_text(${json(stepIds)}))
        order by m.step_id, m.position, m.created_at, m.id`,
  );
}

export async function findMeetingField(tx: Tx, workspaceId: string, id: string): Promise<MeetingFieldRow | undefined> {
  const [row] = await queryRows<MeetingFieldRow>(
    tx,
    sql`select ${FIELD} from workflow_meeting_fields m where m.workspace_id = ${workspaceId} and m.id = ${id}`,
  );
  return row;
}

export async function insertMeetingField(
  tx: Tx,
  v: {
    workspaceId: string;
    workflowId: string;
    stepId: string;
    key: string;
    type: string;
    label: Record<string, string>;
    mandatory: boolean;
    position: number;
    options: unknown[];
    builtin: boolean;
  },
): Promise<string> {
  const [row] = await queryRows<{ id: string }>(
    tx,
    sql`insert into workflow_meeting_fields (workspace_id, workflow_id, step_id, key, type, label, mandatory, position, options, builtin)
        values (${v.workspaceId}, ${v.workflowId}, ${v.stepId}, ${v.key}, ${v.type}, ${json(v.label)}, ${v.mandatory},
                ${v.position}, ${json(v.options)}, ${v.builtin}) returning id`,
  );
  return row!.id;
}

export async function updateMeetingField(
  tx: Tx,
  workspaceId: string,
  id: string,
  v: { label?: Record<string, string>; mandatory?: boolean; options?: unknown[] },
): Promise<void> {
  const sets: SQL[] = [];
  if (v.label !== undefined) sets.push(sql`label = ${json(v.label)}`);
  if (v.mandatory !== undefined) sets.push(sql`mandatory = ${v.mandatory}`);
  if (v.options !== undefined) sets.push(sql`options = ${json(v.options)}`);
  if (sets.length === 0) return;
  sets.push(sql`updated_at = app_now()`);
  await tx.execute(
    sql`update workflow_meeting_fields set ${sql.join(sets, sql`, `)} where workspace_id = ${workspaceId} and id = ${id}`,
  );
}

export async function deleteMeetingField(tx: Tx, workspaceId: string, id: string): Promise<void> {
  await tx.execute(sql`delete from workflow_meeting_fields where workspace_id = ${workspaceId} and id = ${id}`);
}

// --- actions -----------------------------------------------------------------------------------

const ACTION = sql`x.id, x.workflow_id as "workflowId", x.step_id as "stepId", x.key, x.type, x.position, x.settings,
  x.statutory`;

/** The actions of `stepIds`, by step then position. */
export function listActions(tx: Tx, workspaceId: string, stepIds: readonly string[]): Promise<ActionRow[]> {
  if (stepIds.length === 0) return Promise.resolve([]);
  return queryRows<ActionRow>(
    tx,
    sql`select ${ACTION} from workflow_step_actions x
        where x.workspace_id = ${workspaceId} and x.step_id in (select value::uuid from jsonb_array_elements_text(${json(stepIds)}))
        order by x.step_id, x.position, x.created_at, x.id`,
  );
}

export async function findAction(tx: Tx, workspaceId: string, id: string): Promise<ActionRow | undefined> {
  const [row] = await queryRows<ActionRow>(
    tx,
    sql`select ${ACTION} from workflow_step_actions x where x.workspace_id = ${workspaceId} and x.id = ${id}`,
  );
  return row;
}

/** The action keys a workflow uses (unique within it). */
export async function actionKeys(tx: Tx, workspaceId: string, workflowId: string): Promise<string[]> {
  const rows = await queryRows<{ key: string }>(
    tx,
    sql`select key from workflow_step_actions where workspace_id = ${workspaceId} and workflow_id = ${workflowId}`,
  );
  return rows.map((r) => r.key);
}

export async function insertAction(
  tx: Tx,
  v: {
    workspaceId: string;
    workflowId: string;
    stepId: string;
    key: string;
    type: string;
    position: number;
    settings: unknown | null;
  },
): Promise<string> {
  const [row] = await queryRows<{ id: string }>(
    tx,
    sql`insert into workflow_step_actions (workspace_id, workflow_id, step_id, key, type, position, settings)
        values (${v.workspaceId}, ${v.workflowId}, ${v.stepId}, ${v.key}, ${v.type}, ${v.position}, ${json(v.settings)})
        returning id`,
  );
  return row!.id;
}

export async function updateActionSettings(tx: Tx, workspaceId: string, id: string, settings: unknown): Promise<void> {
  await tx.execute(
    sql`update workflow_step_actions set settings = ${json(settings)}, updated_at = app_now()
        where workspace_id = ${workspaceId} and id = ${id}`,
  );
}

export async function deleteAction(tx: Tx, workspaceId: string, id: string): Promise<void> {
  await tx.execute(sql`delete from workflow_step_actions where workspace_id = ${workspaceId} and id = ${id}`);
}

// --- holiday calendars -------------------------------------------------------------------------

/** Whether a holiday calendar of this code exists (the platform's calendars, readable by every workspace). */
export async function holidayCalendarExists(tx: Tx, code: string): Promise<boolean> {
  const rows = await queryRows<{ one: number }>(tx, sql`select 1 as one from holiday_calendars where code = ${code}`);
  return rows.length > 0;
}

// --- the workflow --------------------------------------------------------------------------------

/** Whose a workflow is and the unit it belongs to: what the workflow policy decides a read on. */
export async function findWorkflowScope(
  tx: Tx,
  workspaceId: string,
  id: string,
): Promise<{ workspaceId: string; branchId: string | null } | undefined> {
  const [row] = await queryRows<{ workspaceId: string; branchId: string | null }>(
    tx,
    sql`select workspace_id as "workspaceId", branch_id as "branchId" from workflows
        where workspace_id = ${workspaceId} and id = ${id}`,
  );
  return row;
}
