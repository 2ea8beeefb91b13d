import {
  DEFAULT_ATTRIBUTE_KEYS,
  DEFAULT_MEETING_FIELDS,
  LOCKED_ATTRIBUTE_KEYS,
  offeredLanguages,
  type TAttribute,
  type TComponent,
  type TLanguage,
  type TStage,
  type TStep,
  type TWorkflowBuilder,
  type TWorkflowDefinition,
  type TWorkflowSummary,
} from '@app/contract';
import type { Ctx } from '../../../core/context.ts';
import type { Tx } from '../../../core/db/database.ts';
import { AppError } from '../../../core/errors.ts';
import { languageCountry } from '../../../core/languages.ts';
import { actorOf, allowedActions, authorize } from '../../../core/policy.ts';
import { READ_URL_TTL_SECONDS } from '../../../core/storage.ts';
import { type WorkflowRecord, workflowPolicy } from './workflows.policy.ts';
import * as repo from './workflows.repo.ts';

/*
 * The one way every draft-changing call of the builder works (issue 25), shared by the form
 * (workflows/), the stages (stages/) and the versions (versions/):
 *
 *   return withDraft(ctx, workflowId, 'edit', async (tx, wf) => { …repo writes… });
 *
 * `withDraft` opens the request's tenant transaction, loads and locks the workflow (404 when it is
 * not this workspace's or out of the caller's reach), authorizes `action` with the workflow policy,
 * refuses a workflow that is not a DRAFT (409 `WORKFLOW_NOT_DRAFT`: "start a new version first")
 * when the action edits, runs `fn`, bumps `revision` and `updated_at`/`updated_by`, and answers the
 * whole builder as it stands after the change (`loadBuilder`), all in one transaction.
 *
 * Implemented by the workflows work package (helper `cms-core`); the signatures are the contract
 * between the packages.
 */

/** A workflow row as the services see it. */
export type WorkflowRow = {
  id: string;
  workspaceId: string;
  name: string;
  jurisdiction: 'IN_POSH' | 'CA_SOR_2020_130';
  template: 'POSH_INQUIRY' | 'CA_RESOLUTION' | null;
  branchId: string | null;
  status: 'DRAFT' | 'PUBLISHED';
  latestVersion: number | null;
  revision: number;
  languages: string[];
};

/** Actions of the workflow policy a draft call authorizes with. */
export type DraftAction = 'edit' | 'publish' | 'version';

/** 404 for a workflow that is not there (or not the caller's to see). */
export const workflowNotFound = () =>
  new AppError(404, 'NOT_FOUND', 'The workflow was not found.', { params: { reason: 'WORKFLOW_NOT_FOUND' } });

/** 409: a published workflow is changed only through a new version. */
export const notDraft = () =>
  new AppError(409, 'WORKFLOW_NOT_DRAFT', 'This workflow is published. Start a new version to change it.', {
    params: { reason: 'WORKFLOW_NOT_DRAFT' },
  });

const recordOf = (w: { workspaceId: string; branchId: string | null }): WorkflowRecord => ({
  workspaceId: w.workspaceId,
  branchId: w.branchId,
});

/**
 * Loads, locks and authorizes the workflow in `tx` (404 when missing or out of reach); for `edit`
 * and `publish`, refuses a PUBLISHED one (409 `WORKFLOW_NOT_DRAFT`). For services that change a
 * workflow without answering the builder.
 */
export async function lockDraft(ctx: Ctx, tx: Tx, workflowId: string, action: DraftAction): Promise<WorkflowRow> {
  const workspaceId = ctx.member().workspaceId;
  const row = await repo.findWorkflow(tx, workspaceId, workflowId, true);
  if (!row) throw workflowNotFound();
  authorize(ctx, workflowPolicy, action, recordOf(row));
  if (action !== 'version' && row.status !== 'DRAFT') throw notDraft();
  return {
    id: row.id,
    workspaceId: row.workspaceId,
    name: row.name,
    jurisdiction: row.jurisdiction,
    template: row.template,
    branchId: row.branchId,
    status: row.status,
    latestVersion: row.latestVersion,
    revision: row.revision,
    languages: row.languages,
  };
}

export async function withDraft(
  ctx: Ctx,
  workflowId: string,
  action: DraftAction,
  fn: (tx: Tx, wf: WorkflowRow) => Promise<void>,
): Promise<TWorkflowBuilder> {
  return ctx.tenant(async (tx, scope) => {
    const wf = await lockDraft(ctx, tx, workflowId, action);
    await fn(tx, wf);
    await repo.touchWorkflow(tx, wf.id, scope.accountId);
    return loadBuilder(ctx, tx, wf.id);
  });
}

/**
 * `withDraft` for a call that names a part of the workflow (a component, an attribute, a step…)
 * rather than the workflow: `locate` finds the part's workflow in the transaction (undefined: the
 * part is not there, and `missing` is thrown), then the same as `withDraft`.
 */
export async function withDraftOf(
  ctx: Ctx,
  locate: (tx: Tx, workspaceId: string) => Promise<string | undefined>,
  missing: () => Error,
  action: DraftAction,
  fn: (tx: Tx, wf: WorkflowRow) => Promise<void>,
): Promise<TWorkflowBuilder> {
  return ctx.tenant(async (tx, scope) => {
    const workflowId = await locate(tx, scope.workspaceId);
    if (!workflowId) throw missing();
    const wf = await lockDraft(ctx, tx, workflowId, action);
    await fn(tx, wf);
    await repo.touchWorkflow(tx, wf.id, scope.accountId);
    return loadBuilder(ctx, tx, wf.id);
  });
}

/** The process details of a workflow row with what the caller may do with it. */
export function summaryOf(ctx: Ctx, row: repo.WorkflowFullRow): TWorkflowSummary {
  const allowed = allowedActions(actorOf(ctx), workflowPolicy, recordOf(row));
  const actions = (['edit', 'publish', 'version'] as const).filter(
    (a) => allowed.includes(a) && (a === 'version' ? row.status === 'PUBLISHED' : row.status === 'DRAFT'),
  );
  return {
    id: row.id,
    name: row.name,
    description: row.description,
    jurisdiction: row.jurisdiction,
    filers: row.filers as TWorkflowSummary['filers'],
    anonymousWitnesses: row.anonymousWitnesses,
    branchId: row.branchId,
    branchName: row.branchName,
    handler:
      row.handlerKind === 'COMMITTEE' && row.committeeId
        ? { kind: 'COMMITTEE', committeeId: row.committeeId }
        : { kind: 'UNIT_COMMITTEE' },
    handlerName: row.handlerKind === 'COMMITTEE' ? row.committeeName : null,
    contact: row.contact,
    languages: row.languages as TLanguage[],
    template: row.template,
    status: row.status,
    latestVersion: row.latestVersion,
    revision: row.revision,
    updatedAt: row.updatedAt,
    actions,
  };
}

/** The whole builder of a workflow, read in `tx` (the caller has authorized). */
export async function loadBuilder(ctx: Ctx, tx: Tx, workflowId: string): Promise<TWorkflowBuilder> {
  const workspaceId = ctx.member().workspaceId;
  const row = await repo.findWorkflow(tx, workspaceId, workflowId);
  if (!row) throw workflowNotFound();
  const [components, attributes, stages, steps, actions, fields, prerequisites, country] = await Promise.all([
    repo.listComponents(tx, workflowId),
    repo.listAttributes(tx, workflowId),
    repo.listStages(tx, workflowId),
    repo.listSteps(tx, workflowId),
    repo.listActions(tx, workflowId),
    repo.listMeetingFields(tx, workflowId),
    repo.listPrerequisites(tx, workflowId),
    languageCountry(tx, workspaceId),
  ]);
  const resourceUrls = new Map<string, string>();
  for (const a of attributes) {
    if (a.resourceKey) resourceUrls.set(a.id, await ctx.storage.downloadUrl(a.resourceKey, READ_URL_TTL_SECONDS));
  }
  const toAttribute = (a: repo.AttributeRow): TAttribute => ({
    id: a.id,
    key: a.key,
    componentId: a.componentId,
    type: a.type as TAttribute['type'],
    label: a.label as TAttribute['label'],
    hint: a.hint,
    mandatory: a.mandatory,
    position: a.position,
    options: a.options as TAttribute['options'],
    condition: a.condition,
    settings: a.settings as TAttribute['settings'],
    resource:
      a.resourceKey && a.resourceName && a.resourceSize !== null && a.resourceSha256
        ? { fileName: a.resourceName, size: a.resourceSize, sha256: a.resourceSha256, url: resourceUrls.get(a.id)! }
        : null,
    builtin: a.builtin,
    locked: a.locked,
    statutoryReference: a.statutoryReference,
  });
  const byComponent = groupBy(attributes, (a) => a.componentId);
  const byStage = groupBy(steps, (s) => s.stageId);
  const actionsByStep = groupBy(actions, (a) => a.stepId);
  const fieldsByStep = groupBy(fields, (f) => f.stepId);
  const prereqsByStep = groupBy(prerequisites, (p) => p.stepId);
  const toStep = (s: repo.StepRow): TStep => ({
    id: s.id,
    key: s.key,
    stageId: s.stageId,
    type: s.type as TStep['type'],
    title: s.title as TStep['title'],
    description: s.description,
    position: s.position,
    mandatory: s.mandatory,
    settings: s.settings as TStep['settings'],
    statutory: s.statutory as TStep['statutory'],
    actions: (actionsByStep.get(s.id) ?? []).map((a) => ({
      id: a.id,
      key: a.key,
      type: a.type as TStep['actions'][number]['type'],
      position: a.position,
      settings: a.settings as TStep['actions'][number]['settings'],
      statutory: a.statutory,
    })),
    meetingFields: (fieldsByStep.get(s.id) ?? []).map((f) => ({
      id: f.id,
      key: f.key,
      type: f.type as TStep['meetingFields'][number]['type'],
      label: f.label as TStep['meetingFields'][number]['label'],
      mandatory: f.mandatory,
      position: f.position,
      options: f.options as TStep['meetingFields'][number]['options'],
      builtin: f.builtin,
    })),
    prerequisites: prereqsByStep.get(s.id) ?? [],
  });
  return {
    workflow: summaryOf(ctx, row),
    components: components.map(
      (c): TComponent => ({
        id: c.id,
        key: c.key,
        title: c.title as TComponent['title'],
        position: c.position,
        builtin: c.builtin,
        attributes: (byComponent.get(c.id) ?? []).map(toAttribute),
      }),
    ),
    stages: stages.map((st): TStage => {
      const stageSteps = (byStage.get(st.id) ?? []).map(toStep);
      return {
        id: st.id,
        key: st.key,
        title: st.title as TStage['title'],
        position: st.position,
        statutory: stageSteps.some((s) => s.statutory !== null),
        steps: stageSteps,
      };
    }),
    offeredLanguages: [...offeredLanguages(country)],
  };
}

function groupBy<T>(items: readonly T[], key: (t: T) => string): Map<string, T[]> {
  const out = new Map<string, T[]>();
  for (const item of items) {
    const k = key(item);
    const list = out.get(k);
    if (list) list.push(item);
    else out.set(k, [item]);
  }
  return out;
}

const BUILTIN_COMPONENT_KEYS = new Set(['COMPLAINANT', 'RESPONDENT', 'INCIDENT']);
const DEFAULT_KEYS = new Set<string>(DEFAULT_ATTRIBUTE_KEYS);
const LOCKED_KEYS = new Set<string>(LOCKED_ATTRIBUTE_KEYS);
const MEETING_KEYS = new Set<string>(DEFAULT_MEETING_FIELDS.map((f) => f.key));

/**
 * Writes the relational draft rows of `def` (components, attributes, stages, steps, actions,
 * meeting fields, prerequisites by key) into the workflow `workflowId`, whose draft must be empty.
 * The workflow's own row (process details) is the caller's. Builtin and locked are derived: a spec
 * default key is builtin; the spec's four mandatory fields and every field citing a statute are
 * locked; a statutory step's actions are statutory; the spec's meeting fields are builtin.
 */
export async function insertDefinition(
  tx: Tx,
  workspaceId: string,
  workflowId: string,
  def: TWorkflowDefinition,
): Promise<void> {
  const base = { workspaceId, workflowId };
  for (const [ci, component] of def.form.entries()) {
    const componentId = await repo.insertComponent(tx, {
      ...base,
      key: component.key,
      title: component.title,
      position: ci,
      builtin: BUILTIN_COMPONENT_KEYS.has(component.key),
    });
    for (const [ai, a] of component.attributes.entries()) {
      await repo.insertAttribute(tx, {
        ...base,
        componentId,
        key: a.key,
        type: a.type,
        label: a.label,
        hint: a.hint,
        mandatory: a.mandatory || LOCKED_KEYS.has(a.key),
        position: ai,
        options: a.options,
        condition: a.condition,
        settings: a.settings,
        builtin: DEFAULT_KEYS.has(a.key),
        locked: LOCKED_KEYS.has(a.key) || a.statutoryReference !== null,
        statutoryReference: a.statutoryReference,
      });
    }
  }
  const stepIds = new Map<string, string>();
  const requires: Array<{ stepId: string; stepKey: string; condition: string }> = [];
  for (const [si, stage] of def.stages.entries()) {
    const stageId = await repo.insertStage(tx, { ...base, key: stage.key, title: stage.title, position: si });
    for (const [pi, step] of stage.steps.entries()) {
      const stepId = await repo.insertStep(tx, {
        ...base,
        stageId,
        key: step.key,
        type: step.type,
        title: step.title,
        description: step.description,
        position: pi,
        mandatory: step.mandatory,
        settings: step.settings,
        statutory: step.statutory,
      });
      stepIds.set(step.key, stepId);
      for (const [xi, action] of step.actions.entries()) {
        await repo.insertAction(tx, {
          ...base,
          stepId,
          key: action.key,
          type: action.settings.type,
          position: xi,
          settings: action.settings,
          statutory: step.statutory !== null,
        });
      }
      for (const [fi, field] of step.meetingFields.entries()) {
        await repo.insertMeetingField(tx, {
          ...base,
          stepId,
          key: field.key,
          type: field.type,
          label: field.label,
          mandatory: field.mandatory,
          position: fi,
          options: field.options,
          builtin: MEETING_KEYS.has(field.key),
        });
      }
      for (const r of step.requires) requires.push({ stepId, stepKey: r.stepKey, condition: r.condition });
    }
  }
  for (const r of requires) {
    const requiresStepId = stepIds.get(r.stepKey);
    if (!requiresStepId) throw new Error(`insertDefinition: step ${r.stepKey} required but not defined`);
    await repo.insertPrerequisite(tx, { ...base, stepId: r.stepId, requiresStepId, condition: r.condition });
  }
}
