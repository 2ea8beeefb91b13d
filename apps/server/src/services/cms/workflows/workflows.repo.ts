import { and, eq, inArray, sql } from 'drizzle-orm';
import { queryRows, type Tx } from '../../../core/db/database.ts';
import {
  workflowAttributes,
  workflowComponents,
  workflowMeetingFields,
  workflowPrerequisites,
  workflowStages,
  workflowStepActions,
  workflowSteps,
  workflows,
} from '../../../db/cms-schema.ts';

/*
 * SQL of complaint workflows' drafts (db/cms-schema.ts, migration 0042): the workflow row, the form's
 * components and attributes, and reads of the whole draft for the builder. Every statement runs in
 * the caller's tenant transaction (row-level security shows this workspace's rows only) and names the
 * workspace as well. The committee register is read here from its tables (db/register-schema.ts),
 * never through the committee module.
 */

export type WorkflowFullRow = {
  id: string;
  workspaceId: string;
  name: string;
  description: Record<string, string>;
  jurisdiction: 'IN_POSH' | 'CA_SOR_2020_130';
  template: 'POSH_INQUIRY' | 'CA_RESOLUTION' | null;
  filers: string[];
  anonymousWitnesses: boolean;
  branchId: string | null;
  branchName: string | null;
  handlerKind: 'UNIT_COMMITTEE' | 'COMMITTEE';
  committeeId: string | null;
  committeeName: string | null;
  contact: { name: string; email: string | null; phone: string | null } | null;
  languages: string[];
  status: 'DRAFT' | 'PUBLISHED';
  latestVersion: number | null;
  revision: number;
  updatedAt: string;
};

const WORKFLOW_COLUMNS = sql`w.id, w.workspace_id as "workspaceId", w.name, w.description, w.jurisdiction, w.template,
  w.filers, w.anonymous_witnesses as "anonymousWitnesses", w.branch_id as "branchId", b.name as "branchName",
  w.handler_kind as "handlerKind", w.committee_id as "committeeId", c.name as "committeeName", w.contact,
  w.languages, w.status, w.latest_version as "latestVersion", w.revision,
  to_char(w.updated_at at time zone 'UTC', 'YYYY-MM-DD"T"HH24:MI:SS.MS"Z"') as "updatedAt"`;
const WORKFLOW_FROM = sql`workflows w
  left join branches b on b.workspace_id = w.workspace_id and b.id = w.branch_id
  left join committees c on c.id = w.committee_id`;

/** One workflow of the workspace with its unit's and committee's names; `lock`: for a change in this transaction. */
export async function findWorkflow(
  tx: Tx,
  workspaceId: string,
  id: string,
  lock = false,
): Promise<WorkflowFullRow | undefined> {
  const [row] = await queryRows<WorkflowFullRow>(
    tx,
    sql`select ${WORKFLOW_COLUMNS} from ${WORKFLOW_FROM} where w.workspace_id = ${workspaceId} and w.id = ${id}
        ${lock ? sql`for update of w` : sql``}`,
  );
  return row;
}

/**
 * One page of the workspace's workflows, most recently changed first. `branchIds` null: all of them;
 * otherwise only those of these units (a unit administrator's; workspace-wide ones left out).
 */
export async function listWorkflows(
  tx: Tx,
  workspaceId: string,
  branchIds: readonly string[] | null,
  page: { offset: number; limit: number },
): Promise<{ rows: WorkflowFullRow[]; total: number }> {
  const scope =
    branchIds === null
      ? sql`true`
      : branchIds.length === 0
        ? sql`false`
        : sql`w.branch_id in (${sql.join(
            branchIds.map((b) => sql`${b}`),
            sql`, `,
          )})`;
  const rows = await queryRows<WorkflowFullRow>(
    tx,
    sql`select ${WORKFLOW_COLUMNS} from ${WORKFLOW_FROM} where w.workspace_id = ${workspaceId} and ${scope}
        order by w.updated_at desc, w.id limit ${page.limit} offset ${page.offset}`,
  );
  const [count] = await queryRows<{ n: number }>(
    tx,
    sql`select count(*)::int as n from workflows w where w.workspace_id = ${workspaceId} and ${scope}`,
  );
  return { rows, total: Number(count?.n ?? 0) };
}

export type NewWorkflow = {
  workspaceId: string;
  name: string;
  jurisdiction: string;
  template: string | null;
  filers: string[];
  anonymousWitnesses?: boolean;
  branchId: string | null;
  handlerKind?: string;
  committeeId?: string | null;
  contact?: unknown;
  description?: Record<string, string>;
  languages: string[];
  createdBy: string | null;
};

export async function insertWorkflow(tx: Tx, w: NewWorkflow): Promise<string> {
  const [row] = await tx
    .insert(workflows)
    .values({ ...w, updatedBy: w.createdBy })
    .returning({ id: workflows.id });
  return row!.id;
}

export type WorkflowPatch = Partial<{
  name: string;
  description: Record<string, string>;
  jurisdiction: string;
  filers: string[];
  anonymousWitnesses: boolean;
  handlerKind: string;
  committeeId: string | null;
  contact: unknown;
  languages: string[];
}>;

export async function updateWorkflow(tx: Tx, id: string, patch: WorkflowPatch): Promise<void> {
  if (Object.keys(patch).length === 0) return;
  await tx.update(workflows).set(patch).where(eq(workflows.id, id));
}

/** Marks a change of the draft: the next revision, who and when. */
export async function touchWorkflow(tx: Tx, id: string, accountId: string | null): Promise<void> {
  await tx
    .update(workflows)
    .set({ revision: sql`${workflows.revision} + 1`, updatedAt: sql`app_now()`, updatedBy: accountId })
    .where(eq(workflows.id, id));
}

/** Sets the draft's state (publishing marks it PUBLISHED with its version number; `version` back to DRAFT). */
export async function setWorkflowStatus(
  tx: Tx,
  id: string,
  status: 'DRAFT' | 'PUBLISHED',
  latestVersion?: number | null,
): Promise<void> {
  await tx
    .update(workflows)
    .set({ status, ...(latestVersion !== undefined ? { latestVersion } : {}) })
    .where(eq(workflows.id, id));
}

/** Whether `branchId` is a business unit of the workspace. */
export async function branchExists(tx: Tx, workspaceId: string, branchId: string): Promise<boolean> {
  const rows = await queryRows<{ id: string }>(
    tx,
    sql`select id from branches where workspace_id = ${workspaceId} and id = ${branchId}`,
  );
  return rows.length > 0;
}

// --- committees (the register's tables, read only) ---------------------------------------------

export type CommitteeOption = {
  id: string;
  name: string;
  kind: 'INTERNAL_COMMITTEE' | 'DESIGNATED_RECIPIENT';
  workspaceWide: boolean;
  branchIds: string[];
  unitNames: string[];
};

/** The workspace's live committees (not dissolved) with the units they serve today, by name. */
export function liveCommittees(tx: Tx, workspaceId: string, id?: string): Promise<CommitteeOption[]> {
  return queryRows<CommitteeOption>(
    tx,
    sql`select c.id, c.name, c.kind, c.workspace_wide as "workspaceWide",
          coalesce(array_agg(u.branch_id order by b.name) filter (where u.branch_id is not null), '{}') as "branchIds",
          coalesce(array_agg(b.name order by b.name) filter (where u.branch_id is not null), '{}') as "unitNames"
        from committees c
        left join committee_units u on u.committee_id = c.id and u.workspace_id = c.workspace_id
          and u.from_date <= (app_now())::date and (u.to_date is null or u.to_date >= (app_now())::date)
        left join branches b on b.workspace_id = u.workspace_id and b.id = u.branch_id
        where c.workspace_id = ${workspaceId} and (c.dissolved_on is null or c.dissolved_on > (app_now())::date)
          ${id ? sql`and c.id = ${id}` : sql``}
        group by c.id order by c.name, c.id`,
  );
}

// --- the complaint form ------------------------------------------------------------------------

export type ComponentRow = {
  id: string;
  workflowId: string;
  key: string;
  title: Record<string, string>;
  position: number;
  builtin: boolean;
};

export type AttributeRow = {
  id: string;
  workflowId: string;
  componentId: string;
  key: string;
  type: string;
  label: Record<string, string>;
  hint: Record<string, string>;
  mandatory: boolean;
  position: number;
  options: Array<{ key: string; label: Record<string, string> }>;
  condition: { attributeKey: string; equals: string | true } | null;
  settings: Record<string, unknown>;
  builtin: boolean;
  locked: boolean;
  statutoryReference: string | null;
  resourceKey: string | null;
  resourceName: string | null;
  resourceSize: number | null;
  resourceSha256: string | null;
};

const COMPONENT_COLUMNS = {
  id: workflowComponents.id,
  workflowId: workflowComponents.workflowId,
  key: workflowComponents.key,
  title: workflowComponents.title,
  position: workflowComponents.position,
  builtin: workflowComponents.builtin,
};
const ATTRIBUTE_COLUMNS = {
  id: workflowAttributes.id,
  workflowId: workflowAttributes.workflowId,
  componentId: workflowAttributes.componentId,
  key: workflowAttributes.key,
  type: workflowAttributes.type,
  label: workflowAttributes.label,
  hint: workflowAttributes.hint,
  mandatory: workflowAttributes.mandatory,
  position: workflowAttributes.position,
  options: workflowAttributes.options,
  condition: workflowAttributes.condition,
  settings: workflowAttributes.settings,
  builtin: workflowAttributes.builtin,
  locked: workflowAttributes.locked,
  statutoryReference: workflowAttributes.statutoryReference,
  resourceKey: workflowAttributes.resourceKey,
  resourceName: workflowAttributes.resourceName,
  resourceSize: workflowAttributes.resourceSize,
  resourceSha256: workflowAttributes.resourceSha256,
};

/** The workflow's components, in order. */
export async function listComponents(tx: Tx, workflowId: string): Promise<ComponentRow[]> {
  return (await tx
    .select(COMPONENT_COLUMNS)
    .from(workflowComponents)
    .where(eq(workflowComponents.workflowId, workflowId))
    .orderBy(workflowComponents.position, workflowComponents.id)) as ComponentRow[];
}

/** The workflow's attributes, by component then position. */
export async function listAttributes(tx: Tx, workflowId: string): Promise<AttributeRow[]> {
  return (await tx
    .select(ATTRIBUTE_COLUMNS)
    .from(workflowAttributes)
    .where(eq(workflowAttributes.workflowId, workflowId))
    .orderBy(workflowAttributes.componentId, workflowAttributes.position, workflowAttributes.id)) as AttributeRow[];
}

export async function findComponent(tx: Tx, workspaceId: string, id: string): Promise<ComponentRow | undefined> {
  const [row] = await tx
    .select(COMPONENT_COLUMNS)
    .from(workflowComponents)
    .where(and(eq(workflowComponents.workspaceId, workspaceId), eq(workflowComponents.id, id)));
  return row as ComponentRow | undefined;
}

export async function findAttribute(tx: Tx, workspaceId: string, id: string): Promise<AttributeRow | undefined> {
  const [row] = await tx
    .select(ATTRIBUTE_COLUMNS)
    .from(workflowAttributes)
    .where(and(eq(workflowAttributes.workspaceId, workspaceId), eq(workflowAttributes.id, id)));
  return row as AttributeRow | undefined;
}

export type NewComponent = {
  workspaceId: string;
  workflowId: string;
  key: string;
  title: Record<string, string>;
  position: number;
  builtin?: boolean;
};

export async function insertComponent(tx: Tx, c: NewComponent): Promise<string> {
  const [row] = await tx.insert(workflowComponents).values(c).returning({ id: workflowComponents.id });
  return row!.id;
}

export async function updateComponent(
  tx: Tx,
  id: string,
  patch: Partial<{ title: Record<string, string>; position: number }>,
): Promise<void> {
  await tx
    .update(workflowComponents)
    .set({ ...patch, updatedAt: sql`app_now()` })
    .where(eq(workflowComponents.id, id));
}

/** Deletes a component and its attributes (the foreign key cascades). */
export async function deleteComponent(tx: Tx, id: string): Promise<void> {
  await tx.delete(workflowComponents).where(eq(workflowComponents.id, id));
}

export type NewAttribute = {
  workspaceId: string;
  workflowId: string;
  componentId: string;
  key: string;
  type: string;
  label: Record<string, string>;
  hint?: Record<string, string>;
  mandatory?: boolean;
  position: number;
  options?: unknown;
  condition?: unknown;
  settings?: unknown;
  builtin?: boolean;
  locked?: boolean;
  statutoryReference?: string | null;
};

export async function insertAttribute(tx: Tx, a: NewAttribute): Promise<string> {
  const [row] = await tx.insert(workflowAttributes).values(a).returning({ id: workflowAttributes.id });
  return row!.id;
}

export type AttributePatch = Partial<{
  componentId: string;
  label: Record<string, string>;
  hint: Record<string, string>;
  mandatory: boolean;
  position: number;
  options: unknown;
  condition: unknown;
  settings: unknown;
  resourceKey: string | null;
  resourceName: string | null;
  resourceSize: number | null;
  resourceSha256: string | null;
}>;

export async function updateAttribute(tx: Tx, id: string, patch: AttributePatch): Promise<void> {
  await tx
    .update(workflowAttributes)
    .set({ ...patch, updatedAt: sql`app_now()` })
    .where(eq(workflowAttributes.id, id));
}

export async function deleteAttribute(tx: Tx, id: string): Promise<void> {
  await tx.delete(workflowAttributes).where(eq(workflowAttributes.id, id));
}

/** The tables whose rows carry a position (what `setPositions` may reorder). */
export type Ordered =
  | 'workflow_components'
  | 'workflow_attributes'
  | 'workflow_stages'
  | 'workflow_steps'
  | 'workflow_step_actions'
  | 'workflow_meeting_fields';

/** Numbers `ids` 0, 1, 2, … in `table` (rows of the workspace only), in one statement. */
export async function setPositions(tx: Tx, workspaceId: string, table: Ordered, ids: readonly string[]): Promise<void> {
  if (ids.length === 0) return;
  await tx.execute(
    sql`update ${sql.identifier(table)} t set position = o.n - 1, updated_at = app_now()
        from jsonb_array_elements_text(${JSON.stringify(ids)}::jsonb) with ordinality as o(id, n)
        where t.workspace_id = ${workspaceId} and t.id = o.id::uuid and t.position <> o.n - 1`,
  );
}

/** The keys of the workflow's attributes (to make a new one unique). */
export async function attributeKeys(tx: Tx, workflowId: string): Promise<string[]> {
  const rows = await tx
    .select({ key: workflowAttributes.key })
    .from(workflowAttributes)
    .where(eq(workflowAttributes.workflowId, workflowId));
  return rows.map((r) => r.key);
}

/** The keys of the workflow's components. */
export async function componentKeys(tx: Tx, workflowId: string): Promise<string[]> {
  const rows = await tx
    .select({ key: workflowComponents.key })
    .from(workflowComponents)
    .where(eq(workflowComponents.workflowId, workflowId));
  return rows.map((r) => r.key);
}

// --- stages of redressal (read for the builder; written from a definition) ----------------------

export type StageRow = { id: string; key: string; title: Record<string, string>; position: number };
export type StepRow = {
  id: string;
  stageId: string;
  key: string;
  type: string;
  title: Record<string, string>;
  description: Record<string, string>;
  position: number;
  mandatory: boolean;
  settings: Record<string, unknown>;
  statutory: Record<string, unknown> | null;
};
export type ActionRow = {
  id: string;
  stepId: string;
  key: string;
  type: string;
  position: number;
  settings: Record<string, unknown> | null;
  statutory: boolean;
};
export type MeetingFieldRow = {
  id: string;
  stepId: string;
  key: string;
  type: string;
  label: Record<string, string>;
  mandatory: boolean;
  position: number;
  options: Array<{ key: string; label: Record<string, string> }>;
  builtin: boolean;
};
export type PrerequisiteRow = {
  id: string;
  stepId: string;
  requiresStepId: string;
  requiresStepKey: string;
  condition: 'COMPLETED' | 'STARTED';
};

export async function listStages(tx: Tx, workflowId: string): Promise<StageRow[]> {
  return (await tx
    .select({
      id: workflowStages.id,
      key: workflowStages.key,
      title: workflowStages.title,
      position: workflowStages.position,
    })
    .from(workflowStages)
    .where(eq(workflowStages.workflowId, workflowId))
    .orderBy(workflowStages.position, workflowStages.id)) as StageRow[];
}

export async function listSteps(tx: Tx, workflowId: string): Promise<StepRow[]> {
  return (await tx
    .select({
      id: workflowSteps.id,
      stageId: workflowSteps.stageId,
      key: workflowSteps.key,
      type: workflowSteps.type,
      title: workflowSteps.title,
      description: workflowSteps.description,
      position: workflowSteps.position,
      mandatory: workflowSteps.mandatory,
      settings: workflowSteps.settings,
      statutory: workflowSteps.statutory,
    })
    .from(workflowSteps)
    .where(eq(workflowSteps.workflowId, workflowId))
    .orderBy(workflowSteps.stageId, workflowSteps.position, workflowSteps.id)) as StepRow[];
}

export async function listActions(tx: Tx, workflowId: string): Promise<ActionRow[]> {
  return (await tx
    .select({
      id: workflowStepActions.id,
      stepId: workflowStepActions.stepId,
      key: workflowStepActions.key,
      type: workflowStepActions.type,
      position: workflowStepActions.position,
      settings: workflowStepActions.settings,
      statutory: workflowStepActions.statutory,
    })
    .from(workflowStepActions)
    .where(eq(workflowStepActions.workflowId, workflowId))
    .orderBy(workflowStepActions.stepId, workflowStepActions.position, workflowStepActions.id)) as ActionRow[];
}

export async function listMeetingFields(tx: Tx, workflowId: string): Promise<MeetingFieldRow[]> {
  return (await tx
    .select({
      id: workflowMeetingFields.id,
      stepId: workflowMeetingFields.stepId,
      key: workflowMeetingFields.key,
      type: workflowMeetingFields.type,
      label: workflowMeetingFields.label,
      mandatory: workflowMeetingFields.mandatory,
      position: workflowMeetingFields.position,
      options: workflowMeetingFields.options,
      builtin: workflowMeetingFields.builtin,
    })
    .from(workflowMeetingFields)
    .where(eq(workflowMeetingFields.workflowId, workflowId))
    .orderBy(
      workflowMeetingFields.stepId,
      workflowMeetingFields.position,
      workflowMeetingFields.id,
    )) as MeetingFieldRow[];
}

export function listPrerequisites(tx: Tx, workflowId: string): Promise<PrerequisiteRow[]> {
  return queryRows<PrerequisiteRow>(
    tx,
    sql`select p.id, p.step_id as "stepId", p.requires_step_id as "requiresStepId", s.key as "requiresStepKey", p.condition
        from workflow_prerequisites p join workflow_steps s on s.id = p.requires_step_id
        where p.workflow_id = ${workflowId} order by p.created_at, p.id`,
  );
}

export async function insertStage(
  tx: Tx,
  s: { workspaceId: string; workflowId: string; key: string; title: Record<string, string>; position: number },
): Promise<string> {
  const [row] = await tx.insert(workflowStages).values(s).returning({ id: workflowStages.id });
  return row!.id;
}

export async function insertStep(
  tx: Tx,
  s: {
    workspaceId: string;
    workflowId: string;
    stageId: string;
    key: string;
    type: string;
    title: Record<string, string>;
    description: Record<string, string>;
    position: number;
    mandatory: boolean;
    settings: unknown;
    statutory: unknown;
  },
): Promise<string> {
  const [row] = await tx.insert(workflowSteps).values(s).returning({ id: workflowSteps.id });
  return row!.id;
}

export async function insertAction(
  tx: Tx,
  a: {
    workspaceId: string;
    workflowId: string;
    stepId: string;
    key: string;
    type: string;
    position: number;
    settings: unknown;
    statutory: boolean;
  },
): Promise<void> {
  await tx.insert(workflowStepActions).values(a);
}

export async function insertMeetingField(
  tx: Tx,
  f: {
    workspaceId: string;
    workflowId: string;
    stepId: string;
    key: string;
    type: string;
    label: Record<string, string>;
    mandatory: boolean;
    position: number;
    options: unknown;
    builtin: boolean;
  },
): Promise<void> {
  await tx.insert(workflowMeetingFields).values(f);
}

export async function insertPrerequisite(
  tx: Tx,
  p: { workspaceId: string; workflowId: string; stepId: string; requiresStepId: string; condition: string },
): Promise<void> {
  await tx.insert(workflowPrerequisites).values(p);
}

/** Ids of attributes among `ids` that belong to `componentId`. */
export async function attributesOfComponent(tx: Tx, componentId: string, ids: readonly string[]): Promise<string[]> {
  if (ids.length === 0) return [];
  const rows = await tx
    .select({ id: workflowAttributes.id })
    .from(workflowAttributes)
    .where(and(eq(workflowAttributes.componentId, componentId), inArray(workflowAttributes.id, [...ids])));
  return rows.map((r) => r.id);
}
