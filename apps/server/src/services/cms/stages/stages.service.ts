import {
  DEFAULT_MEETING_FIELDS,
  type TMeetingField,
  type TPrerequisite,
  type TStatutoryRule,
  type TStep,
  type TStepAction,
  type TStepDueRule,
  type TWorkflowBuilder,
  type ZActionSettings,
  type ZMeetingFieldAdd,
  type ZMeetingFieldUpdate,
  type ZPrerequisiteAdd,
  type ZPrerequisiteUpdate,
  type ZStageCreate,
  type ZStageUpdate,
  type ZStepActionAdd,
  type ZStepCreate,
  type ZStepSettings,
  type ZStepUpdate,
} from '@app/contract';
import type { z } from 'zod';
import type { AuditChange } from '../../../core/audit.ts';
import type { Ctx } from '../../../core/context.ts';
import type { Tx } from '../../../core/db/database.ts';
import { AppError } from '../../../core/errors.ts';
import { authorize } from '../../../core/policy.ts';
import { type WorkflowRow, withDraft, withDraftOf } from '../workflows/draft.ts';
import { workflowPolicy } from '../workflows/workflows.policy.ts';
import {
  cycleClosedBy,
  DEFAULT_MEETING_FIELD_LABELS,
  defaultStepSettings,
  keyFrom,
  labelIn,
  placeAt,
  type StepEdge,
  statutoryBreach,
  statutoryStartBreach,
} from './rules.ts';
import * as repo from './stages.repo.ts';

/*
 * The stages of redressal of a workflow's draft (issue 25): stages, MEETING and ACTION steps, their
 * settings, prerequisites between steps, meeting fields and actions. Every change goes through
 * `withDraft` (the workflow locked, authorized `edit` with the workflow policy, refused when it is
 * not a draft) and answers the whole builder; the reads authorize `view`. The rules that need no
 * database are in rules.ts. A template's statutory step (its `statutory` rule) cannot be removed, made
 * optional, or given a later deadline than its rule allows.
 */

const ws = (ctx: Ctx) => ctx.member().workspaceId;

const notFound = (reason: string, what: string) =>
  new AppError(404, 'NOT_FOUND', `${what} was not found.`, { params: { reason } });
const stageNotFound = () => notFound('WORKFLOW_STAGE_NOT_FOUND', 'The stage');
const stepNotFound = () => notFound('WORKFLOW_STEP_NOT_FOUND', 'The step');
const prerequisiteNotFound = () => notFound('WORKFLOW_PREREQUISITE_NOT_FOUND', 'The prerequisite');
const fieldNotFound = () => notFound('MEETING_FIELD_NOT_FOUND', 'The meeting field');
const actionNotFound = () => notFound('WORKFLOW_ACTION_NOT_FOUND', 'The action');

const conflict = (code: string, message: string, params: Record<string, string | number> = {}) =>
  new AppError(409, code, message, { params: { reason: code, ...params } });
const invalid = (code: string, message: string, params: Record<string, string | number> = {}) =>
  new AppError(422, code, message, { params: { reason: code, ...params } });

type Change = AuditChange<'workflow.stages_changed'>;
const audit = (ctx: Ctx, wf: WorkflowRow, change: Change) => ctx.audit('workflow.stages_changed', wf.id, change);

/** Finds the workflow of a part of it (a stage, a step…) by the part's row. */
const via =
  (find: (tx: Tx, workspaceId: string) => Promise<{ workflowId: string } | undefined>) =>
  async (tx: Tx, workspaceId: string) =>
    (await find(tx, workspaceId))?.workflowId;

/**
 * Reads in one transaction after authorizing `view` of the workflow `locate` finds (the part
 * missing: `missing`; the workflow out of reach: 404).
 */
async function readWith<T>(
  ctx: Ctx,
  locate: (tx: Tx, workspaceId: string) => Promise<string | undefined>,
  missing: () => AppError,
  fn: (tx: Tx, workflowId: string) => Promise<T>,
): Promise<T> {
  return ctx.tenant(async (tx, scope) => {
    const workflowId = await locate(tx, scope.workspaceId);
    if (!workflowId) throw missing();
    const wf = await repo.findWorkflowScope(tx, scope.workspaceId, workflowId);
    if (!wf) throw missing();
    authorize(ctx, workflowPolicy, 'view', wf);
    return fn(tx, workflowId);
  });
}

/** A row of the draft, re-read inside the draft's transaction: gone, or of another workflow, is 404. */
async function mustFind<T extends { workflowId: string }>(
  found: Promise<T | undefined>,
  wf: WorkflowRow,
  missing: () => AppError,
): Promise<T> {
  const row = await found;
  if (!row || row.workflowId !== wf.id) throw missing();
  return row;
}

const stepSettingsOf = (s: repo.StepRow) => s.settings as TStep['settings'];
const statutoryOf = (s: repo.StepRow) => s.statutory as TStatutoryRule | null;

/** The steps whose deadline (or statutory rule) is anchored on step `key`. */
function anchoredOn(steps: readonly repo.StepRow[], key: string): repo.StepRow[] {
  return steps.filter(
    (s) => s.key !== key && (stepSettingsOf(s).dueRule?.anchorStepKey === key || statutoryOf(s)?.anchorStepKey === key),
  );
}

function refuseStatutory(step: repo.StepRow, message: string): never {
  const rule = statutoryOf(step)!;
  throw conflict('STATUTORY_STEP', message, { reference: rule.reference, stepKey: step.key });
}

/** Refuses removing `doomed` steps while a step that stays has its deadline anchored on one of them. */
function refuseAnchors(all: readonly repo.StepRow[], doomed: readonly repo.StepRow[]) {
  const ids = new Set(doomed.map((s) => s.id));
  for (const d of doomed) {
    const other = anchoredOn(all, d.key).find((s) => !ids.has(s.id));
    if (other)
      throw conflict(
        'STEP_IS_ANCHOR',
        `The deadline of step ${other.key} counts from step ${d.key}. Change it first.`,
        {
          stepKey: d.key,
          anchoredStepKey: other.key,
        },
      );
  }
}

// --- stages ------------------------------------------------------------------------------------

export function createStage(ctx: Ctx, body: z.infer<typeof ZStageCreate>): Promise<TWorkflowBuilder> {
  return withDraft(ctx, body.workflowId, 'edit', async (tx, wf) => {
    const stages = await repo.listStages(tx, wf.workspaceId, wf.id);
    const key = keyFrom(body.title.en, new Set(stages.map((s) => s.key)), 'STAGE');
    const id = await repo.insertStage(tx, { ...scope(wf), key, title: body.title, position: stages.length });
    await repo.setPositions(tx, wf.workspaceId, 'workflow_stages', placeAt(ids(stages), id, body.position));
    await audit(ctx, wf, { what: 'STAGE', change: 'CREATED', key });
  });
}

export async function updateStage(
  ctx: Ctx,
  stageId: string,
  body: z.infer<typeof ZStageUpdate>,
): Promise<TWorkflowBuilder> {
  return withDraftOf(
    ctx,
    via((tx, w) => repo.findStage(tx, w, stageId)),
    stageNotFound,
    'edit',
    async (tx, wf) => {
      const stage = await mustFind(repo.findStage(tx, wf.workspaceId, stageId), wf, stageNotFound);
      if (body.title !== undefined) await repo.updateStageTitle(tx, wf.workspaceId, stage.id, body.title);
      if (body.position !== undefined) {
        const stages = await repo.listStages(tx, wf.workspaceId, wf.id);
        await repo.setPositions(tx, wf.workspaceId, 'workflow_stages', placeAt(ids(stages), stage.id, body.position));
      }
      await audit(ctx, wf, { what: 'STAGE', change: 'UPDATED', key: stage.key, fields: Object.keys(body).sort() });
    },
  );
}

export async function deleteStage(ctx: Ctx, stageId: string): Promise<TWorkflowBuilder> {
  return withDraftOf(
    ctx,
    via((tx, w) => repo.findStage(tx, w, stageId)),
    stageNotFound,
    'edit',
    async (tx, wf) => {
      const stage = await mustFind(repo.findStage(tx, wf.workspaceId, stageId), wf, stageNotFound);
      const steps = await repo.listSteps(tx, wf.workspaceId, wf.id);
      const doomed = steps.filter((s) => s.stageId === stage.id);
      const statutory = doomed.find((s) => s.statutory !== null);
      if (statutory)
        throw conflict(
          'STAGE_HOLDS_STATUTORY_STEP',
          `This stage holds the statutory step ${statutory.key} (${statutoryOf(statutory)!.reference}), which cannot be removed.`,
          { reference: statutoryOf(statutory)!.reference, stepKey: statutory.key },
        );
      refuseAnchors(steps, doomed);
      await repo.deleteStage(tx, wf.workspaceId, stage.id);
      const rest = (await repo.listStages(tx, wf.workspaceId, wf.id)).map((s) => s.id);
      await repo.setPositions(tx, wf.workspaceId, 'workflow_stages', rest);
      await audit(ctx, wf, {
        what: 'STAGE',
        change: 'DELETED',
        key: stage.key,
        removedStepKeys: doomed.map((s) => s.key),
      });
    },
  );
}

// --- steps -------------------------------------------------------------------------------------

export function createStep(ctx: Ctx, body: z.infer<typeof ZStepCreate>): Promise<TWorkflowBuilder> {
  return withDraft(ctx, body.workflowId, 'edit', async (tx, wf) => {
    const stage = await mustFind(repo.findStage(tx, wf.workspaceId, body.stageId), wf, stageNotFound);
    const steps = await repo.listSteps(tx, wf.workspaceId, wf.id);
    const taken = new Set(steps.map((s) => s.key));
    if (body.key !== undefined && taken.has(body.key))
      throw conflict('KEY_TAKEN', `Another step of this workflow has the key ${body.key}.`, { key: body.key });
    const key = body.key ?? keyFrom(body.title.en, taken, 'STEP');
    const inStage = steps.filter((s) => s.stageId === stage.id);
    const id = await repo.insertStep(tx, {
      ...scope(wf),
      stageId: stage.id,
      key,
      type: body.type,
      title: body.title,
      description: body.description,
      position: inStage.length,
      settings: defaultStepSettings(body.type, wf.jurisdiction),
    });
    await repo.setPositions(tx, wf.workspaceId, 'workflow_steps', placeAt(ids(inStage), id, body.position));
    if (body.type === 'MEETING') {
      for (const [position, f] of DEFAULT_MEETING_FIELDS.entries()) {
        await repo.insertMeetingField(tx, {
          ...scope(wf),
          stepId: id,
          key: f.key,
          type: f.type,
          label: labelIn(DEFAULT_MEETING_FIELD_LABELS[f.key]!, wf.languages),
          mandatory: f.mandatory,
          position,
          options: [],
          builtin: true,
        });
      }
    }
    await audit(ctx, wf, { what: 'STEP', change: 'CREATED', key, stageKey: stage.key });
  });
}

export async function updateStep(
  ctx: Ctx,
  stepId: string,
  body: z.infer<typeof ZStepUpdate>,
): Promise<TWorkflowBuilder> {
  return withDraftOf(
    ctx,
    via((tx, w) => repo.findStep(tx, w, stepId)),
    stepNotFound,
    'edit',
    async (tx, wf) => {
      const step = await mustFind(repo.findStep(tx, wf.workspaceId, stepId), wf, stepNotFound);
      if (body.mandatory === false && step.statutory !== null)
        refuseStatutory(step, `Step ${step.key} is statutory: it stays mandatory.`);
      const target =
        body.stageId !== undefined && body.stageId !== step.stageId
          ? await mustFind(repo.findStage(tx, wf.workspaceId, body.stageId), wf, stageNotFound)
          : null;
      await repo.updateStep(tx, wf.workspaceId, step.id, {
        title: body.title,
        description: body.description,
        mandatory: body.mandatory,
        stageId: target?.id,
      });
      if (target) {
        const left = (await repo.stepIdsOf(tx, wf.workspaceId, step.stageId)).filter((x) => x !== step.id);
        await repo.setPositions(tx, wf.workspaceId, 'workflow_steps', left);
      }
      if (target || body.position !== undefined) {
        const stageId = target?.id ?? step.stageId;
        const order = await repo.stepIdsOf(tx, wf.workspaceId, stageId);
        // A step moved in comes last unless a position is given.
        await repo.setPositions(tx, wf.workspaceId, 'workflow_steps', placeAt(order, step.id, body.position));
      }
      await audit(ctx, wf, { what: 'STEP', change: 'UPDATED', key: step.key, fields: Object.keys(body).sort() });
    },
  );
}

export async function deleteStep(ctx: Ctx, stepId: string): Promise<TWorkflowBuilder> {
  return withDraftOf(
    ctx,
    via((tx, w) => repo.findStep(tx, w, stepId)),
    stepNotFound,
    'edit',
    async (tx, wf) => {
      const step = await mustFind(repo.findStep(tx, wf.workspaceId, stepId), wf, stepNotFound);
      if (step.statutory !== null) refuseStatutory(step, `Step ${step.key} is statutory and cannot be removed.`);
      const steps = await repo.listSteps(tx, wf.workspaceId, wf.id);
      refuseAnchors(steps, [step]);
      const requiredBy = (await repo.listPrerequisites(tx, wf.workspaceId, wf.id))
        .filter((p) => p.requiresStepId === step.id)
        .map((p) => p.stepKey);
      await repo.deleteStep(tx, wf.workspaceId, step.id);
      await repo.setPositions(
        tx,
        wf.workspaceId,
        'workflow_steps',
        await repo.stepIdsOf(tx, wf.workspaceId, step.stageId),
      );
      await audit(ctx, wf, { what: 'STEP', change: 'DELETED', key: step.key, prerequisitesRemovedFrom: requiredBy });
    },
  );
}

/** `GET /step/details/{id}`: one step with its settings, actions, meeting fields and prerequisites. */
export async function stepDetails(ctx: Ctx, stepId: string): Promise<TStep> {
  return readWith(
    ctx,
    via((tx, w) => repo.findStep(tx, w, stepId)),
    stepNotFound,
    async (tx) => {
      const step = await repo.findStep(tx, ws(ctx), stepId);
      if (!step) throw stepNotFound();
      const [actions, fields, prerequisites] = await Promise.all([
        repo.listActions(tx, ws(ctx), [step.id]),
        repo.listMeetingFields(tx, ws(ctx), [step.id]),
        repo.listPrerequisites(tx, ws(ctx), step.workflowId),
      ]);
      return {
        id: step.id,
        key: step.key,
        stageId: step.stageId,
        type: step.type,
        title: step.title as TStep['title'],
        description: step.description,
        position: step.position,
        mandatory: step.mandatory,
        settings: stepSettingsOf(step),
        statutory: statutoryOf(step),
        actions: actions.map(toAction),
        meetingFields: fields.map(toField),
        prerequisites: prerequisites.filter((p) => p.stepId === step.id).map(toPrerequisite),
      };
    },
  );
}

// --- step settings -----------------------------------------------------------------------------

export async function saveStepSettings(
  ctx: Ctx,
  stepId: string,
  body: z.infer<typeof ZStepSettings>,
): Promise<TWorkflowBuilder> {
  return withDraftOf(
    ctx,
    via((tx, w) => repo.findStep(tx, w, stepId)),
    stepNotFound,
    'edit',
    async (tx, wf) => {
      const step = await mustFind(repo.findStep(tx, wf.workspaceId, stepId), wf, stepNotFound);
      const next: TStep['settings'] = { ...stepSettingsOf(step), ...body };
      if (body.performer === 'DESIGNATED_RECIPIENT' && wf.jurisdiction !== 'CA_SOR_2020_130')
        throw invalid(
          'PERFORMER_NOT_FOR_JURISDICTION',
          'Only a Canadian workflow has a designated recipient (SOR/2020-130 s.14).',
          { performer: body.performer },
        );
      if (body.quorum !== undefined && body.quorum !== null && step.type !== 'MEETING')
        throw invalid('QUORUM_MEETINGS_ONLY', 'Only a meeting has a quorum.');
      if (body.dueRule !== undefined) await checkDueRule(tx, wf, step, body.dueRule);
      const law = statutoryOf(step);
      const startBreach = law && body.start ? statutoryStartBreach(law, stepSettingsOf(step).start, body.start) : null;
      if (startBreach)
        throw conflict(
          startBreach.code,
          `Step ${step.key} is statutory (${startBreach.reference}): it starts only at the request the law names.`,
          { reference: startBreach.reference, stepKey: step.key },
        );
      await repo.updateStep(tx, wf.workspaceId, step.id, { settings: next });
      await audit(ctx, wf, {
        what: 'STEP_SETTINGS',
        change: 'UPDATED',
        key: step.key,
        fields: Object.keys(body).sort(),
      });
    },
  );
}

async function checkDueRule(tx: Tx, wf: WorkflowRow, step: repo.StepRow, due: TStepDueRule | null): Promise<void> {
  const rule = statutoryOf(step);
  if (rule) {
    const breach = statutoryBreach(rule, due);
    if (breach?.code === 'STATUTORY_ANCHOR_FIXED' || breach?.code === 'STATUTORY_START_FIXED')
      throw conflict(
        breach.code,
        `Step ${step.key} is statutory (${breach.reference}): its deadline keeps counting from the same point.`,
        { reference: breach.reference, stepKey: step.key },
      );
    if (breach)
      throw conflict(
        breach.code,
        `Step ${step.key} is statutory (${breach.reference}): its deadline can be at most ${breach.maxOffset} (${breach.unit}).`,
        { reference: breach.reference, maxOffset: breach.maxOffset, unit: breach.unit, stepKey: step.key },
      );
  }
  if (due === null) return;
  if (due.anchorStepKey !== null) {
    const steps = await repo.listSteps(tx, wf.workspaceId, wf.id);
    if (due.anchorStepKey === step.key || !steps.some((s) => s.key === due.anchorStepKey))
      throw invalid('ANCHOR_STEP_INVALID', 'The deadline counts from another step of this workflow.', {
        anchorStepKey: due.anchorStepKey,
      });
    const edges: StepEdge[] = steps
      .filter((s) => s.id !== step.id && stepSettingsOf(s).dueRule?.anchorStepKey)
      .map((s) => ({ from: s.key, to: stepSettingsOf(s).dueRule!.anchorStepKey! }));
    const cycle = cycleClosedBy(edges, { from: step.key, to: due.anchorStepKey });
    if (cycle)
      throw conflict('DUE_RULE_CYCLE', `These deadlines would count from each other: ${cycle.join(' → ')}.`, {
        cycle: cycle.join(' → '),
      });
  }
  if (due.calendar !== null && !(await repo.holidayCalendarExists(tx, due.calendar)))
    throw invalid('HOLIDAY_CALENDAR_UNKNOWN', `There is no holiday calendar ${due.calendar}.`, {
      calendar: due.calendar,
    });
}

// --- prerequisites -----------------------------------------------------------------------------

export async function prerequisitesOf(ctx: Ctx, stepId: string): Promise<{ prerequisites: TPrerequisite[] }> {
  return readWith(
    ctx,
    via((tx, w) => repo.findStep(tx, w, stepId)),
    stepNotFound,
    async (tx, workflowId) => {
      const all = await repo.listPrerequisites(tx, ws(ctx), workflowId);
      return { prerequisites: all.filter((p) => p.stepId === stepId).map(toPrerequisite) };
    },
  );
}

/** Refuses a prerequisite `step` → `requires` that is not between two steps of `wf`, twice, or would close a cycle. */
async function checkPrerequisite(
  tx: Tx,
  wf: WorkflowRow,
  step: repo.StepRow,
  requiresStepId: string,
  except: string | null,
): Promise<repo.StepRow> {
  const requires = await repo.findStep(tx, wf.workspaceId, requiresStepId);
  if (!requires || requires.workflowId !== wf.id)
    throw invalid('PREREQUISITE_OTHER_WORKFLOW', 'A step can wait only for another step of the same workflow.');
  if (requires.id === step.id) throw invalid('PREREQUISITE_SELF', 'A step cannot wait for itself.');
  const all = (await repo.listPrerequisites(tx, wf.workspaceId, wf.id)).filter((p) => p.id !== except);
  if (all.some((p) => p.stepId === step.id && p.requiresStepId === requires.id))
    throw conflict('PREREQUISITE_EXISTS', `Step ${step.key} already waits for step ${requires.key}.`, {
      stepKey: step.key,
      requiresStepKey: requires.key,
    });
  const cycle = cycleClosedBy(
    all.map((p) => ({ from: p.stepKey, to: p.requiresStepKey })),
    { from: step.key, to: requires.key },
  );
  if (cycle)
    throw conflict('PREREQUISITE_CYCLE', `These steps would wait for each other: ${cycle.join(' → ')}.`, {
      cycle: cycle.join(' → '),
      stepKey: step.key,
      requiresStepKey: requires.key,
    });
  return requires;
}

export async function addPrerequisite(ctx: Ctx, body: z.infer<typeof ZPrerequisiteAdd>): Promise<TWorkflowBuilder> {
  return withDraftOf(
    ctx,
    via((tx, w) => repo.findStep(tx, w, body.stepId)),
    stepNotFound,
    'edit',
    async (tx, wf) => {
      const step = await mustFind(repo.findStep(tx, wf.workspaceId, body.stepId), wf, stepNotFound);
      const requires = await checkPrerequisite(tx, wf, step, body.requiresStepId, null);
      await repo.insertPrerequisite(tx, {
        ...scope(wf),
        stepId: step.id,
        requiresStepId: requires.id,
        condition: body.condition,
      });
      await audit(ctx, wf, {
        what: 'PREREQUISITE',
        change: 'CREATED',
        key: step.key,
        requiresStepKey: requires.key,
        condition: body.condition,
      });
    },
  );
}

export async function updatePrerequisite(
  ctx: Ctx,
  id: string,
  body: z.infer<typeof ZPrerequisiteUpdate>,
): Promise<TWorkflowBuilder> {
  return withDraftOf(
    ctx,
    via((tx, w) => repo.findPrerequisite(tx, w, id)),
    prerequisiteNotFound,
    'edit',
    async (tx, wf) => {
      const p = await mustFind(repo.findPrerequisite(tx, wf.workspaceId, id), wf, prerequisiteNotFound);
      const step = (await repo.findStep(tx, wf.workspaceId, p.stepId))!;
      const requires =
        body.requiresStepId !== undefined && body.requiresStepId !== p.requiresStepId
          ? await checkPrerequisite(tx, wf, step, body.requiresStepId, p.id)
          : { id: p.requiresStepId, key: p.requiresStepKey };
      const condition = body.condition ?? p.condition;
      await repo.updatePrerequisite(tx, wf.workspaceId, p.id, { requiresStepId: requires.id, condition });
      await audit(ctx, wf, {
        what: 'PREREQUISITE',
        change: 'UPDATED',
        key: step.key,
        requiresStepKey: requires.key,
        condition,
        fields: Object.keys(body).sort(),
      });
    },
  );
}

export async function removePrerequisite(ctx: Ctx, id: string): Promise<TWorkflowBuilder> {
  return withDraftOf(
    ctx,
    via((tx, w) => repo.findPrerequisite(tx, w, id)),
    prerequisiteNotFound,
    'edit',
    async (tx, wf) => {
      const p = await mustFind(repo.findPrerequisite(tx, wf.workspaceId, id), wf, prerequisiteNotFound);
      await repo.deletePrerequisite(tx, wf.workspaceId, p.id);
      await audit(ctx, wf, {
        what: 'PREREQUISITE',
        change: 'DELETED',
        key: p.stepKey,
        requiresStepKey: p.requiresStepKey,
      });
    },
  );
}

// --- meeting fields ----------------------------------------------------------------------------

const REQUIRED_MEETING_KEYS = new Set<string>(DEFAULT_MEETING_FIELDS.filter((f) => f.mandatory).map((f) => f.key));
const isRequiredBuiltin = (f: repo.MeetingFieldRow) => f.builtin && REQUIRED_MEETING_KEYS.has(f.key);

function refuseNotMeeting(step: repo.StepRow): void {
  if (step.type !== 'MEETING')
    throw conflict('STEP_NOT_MEETING', `Step ${step.key} is not a meeting: it has no meeting fields.`, {
      stepKey: step.key,
    });
}

function checkOptions(type: string, options: ReadonlyArray<{ key: string }>): void {
  if (type !== 'SINGLE_SELECT' && options.length > 0)
    throw invalid('OPTIONS_NOT_ALLOWED', 'Only a single-choice field has options.');
  if (new Set(options.map((o) => o.key)).size !== options.length)
    throw invalid('OPTION_KEY_TWICE', 'Each option needs its own key.');
}

export async function meetingFieldsOf(ctx: Ctx, stepId: string): Promise<{ fields: TMeetingField[] }> {
  return readWith(
    ctx,
    via((tx, w) => repo.findStep(tx, w, stepId)),
    stepNotFound,
    async (tx) => {
      const step = await repo.findStep(tx, ws(ctx), stepId);
      if (!step) throw stepNotFound();
      refuseNotMeeting(step);
      return { fields: (await repo.listMeetingFields(tx, ws(ctx), [step.id])).map(toField) };
    },
  );
}

export async function addMeetingField(ctx: Ctx, body: z.infer<typeof ZMeetingFieldAdd>): Promise<TWorkflowBuilder> {
  return withDraftOf(
    ctx,
    via((tx, w) => repo.findStep(tx, w, body.stepId)),
    stepNotFound,
    'edit',
    async (tx, wf) => {
      const step = await mustFind(repo.findStep(tx, wf.workspaceId, body.stepId), wf, stepNotFound);
      refuseNotMeeting(step);
      checkOptions(body.type, body.options);
      const fields = await repo.listMeetingFields(tx, wf.workspaceId, [step.id]);
      const taken = new Set(fields.map((f) => f.key));
      if (body.key !== undefined && taken.has(body.key))
        throw conflict('KEY_TAKEN', `This meeting already has a field ${body.key}.`, { key: body.key });
      const key = body.key ?? keyFrom(body.label.en, taken, 'FIELD');
      await repo.insertMeetingField(tx, {
        ...scope(wf),
        stepId: step.id,
        key,
        type: body.type,
        label: body.label,
        mandatory: body.mandatory,
        position: fields.length,
        options: body.options,
        builtin: false,
      });
      await audit(ctx, wf, { what: 'MEETING_FIELD', change: 'CREATED', key, stepKey: step.key });
    },
  );
}

export async function updateMeetingField(
  ctx: Ctx,
  id: string,
  body: z.infer<typeof ZMeetingFieldUpdate>,
): Promise<TWorkflowBuilder> {
  return withDraftOf(
    ctx,
    via((tx, w) => repo.findMeetingField(tx, w, id)),
    fieldNotFound,
    'edit',
    async (tx, wf) => {
      const field = await mustFind(repo.findMeetingField(tx, wf.workspaceId, id), wf, fieldNotFound);
      const step = (await repo.findStep(tx, wf.workspaceId, field.stepId))!;
      if (body.mandatory === false && isRequiredBuiltin(field))
        throw conflict('MEETING_FIELD_REQUIRED', `${field.key} is required on every meeting.`, { key: field.key });
      if (body.options !== undefined) checkOptions(field.type, body.options);
      await repo.updateMeetingField(tx, wf.workspaceId, field.id, {
        label: body.label,
        mandatory: body.mandatory,
        options: body.options,
      });
      if (body.position !== undefined) {
        const order = (await repo.listMeetingFields(tx, wf.workspaceId, [step.id])).map((f) => f.id);
        await repo.setPositions(tx, wf.workspaceId, 'workflow_meeting_fields', placeAt(order, field.id, body.position));
      }
      await audit(ctx, wf, {
        what: 'MEETING_FIELD',
        change: 'UPDATED',
        key: field.key,
        stepKey: step.key,
        fields: Object.keys(body).sort(),
      });
    },
  );
}

export async function removeMeetingField(ctx: Ctx, id: string): Promise<TWorkflowBuilder> {
  return withDraftOf(
    ctx,
    via((tx, w) => repo.findMeetingField(tx, w, id)),
    fieldNotFound,
    'edit',
    async (tx, wf) => {
      const field = await mustFind(repo.findMeetingField(tx, wf.workspaceId, id), wf, fieldNotFound);
      if (isRequiredBuiltin(field))
        throw conflict('MEETING_FIELD_REQUIRED', `${field.key} is required on every meeting and cannot be removed.`, {
          key: field.key,
        });
      const step = (await repo.findStep(tx, wf.workspaceId, field.stepId))!;
      await repo.deleteMeetingField(tx, wf.workspaceId, field.id);
      const rest = (await repo.listMeetingFields(tx, wf.workspaceId, [step.id])).map((f) => f.id);
      await repo.setPositions(tx, wf.workspaceId, 'workflow_meeting_fields', rest);
      await audit(ctx, wf, { what: 'MEETING_FIELD', change: 'DELETED', key: field.key, stepKey: step.key });
    },
  );
}

// --- actions -----------------------------------------------------------------------------------

type ActionSettings = z.infer<typeof ZActionSettings>;

/** Settings of the action's own type; the options of a vote and of a form's fields each with a key of their own. */
function checkSettingsType(type: string, settings: ActionSettings | undefined): void {
  if (settings === undefined) return;
  if (settings.type !== type)
    throw invalid('ACTION_SETTINGS_TYPE', `These settings are for a ${settings.type} action, not a ${type} one.`, {
      type,
      settingsType: settings.type,
    });
  const optionLists =
    settings.type === 'VOTE'
      ? [settings.options]
      : settings.type === 'FORM'
        ? settings.fields.map((f) => f.options)
        : [];
  for (const options of optionLists) checkOptions('SINGLE_SELECT', options);
}

export async function addAction(ctx: Ctx, body: z.infer<typeof ZStepActionAdd>): Promise<TWorkflowBuilder> {
  return withDraftOf(
    ctx,
    via((tx, w) => repo.findStep(tx, w, body.stepId)),
    stepNotFound,
    'edit',
    async (tx, wf) => {
      const step = await mustFind(repo.findStep(tx, wf.workspaceId, body.stepId), wf, stepNotFound);
      if (step.type !== 'ACTION')
        throw conflict('STEP_NOT_ACTION', `Step ${step.key} is a meeting: actions belong to action steps.`, {
          stepKey: step.key,
        });
      checkSettingsType(body.type, body.settings);
      const key = keyFrom(body.type, new Set(await repo.actionKeys(tx, wf.workspaceId, wf.id)), 'ACTION');
      const position = (await repo.listActions(tx, wf.workspaceId, [step.id])).length;
      await repo.insertAction(tx, {
        ...scope(wf),
        stepId: step.id,
        key,
        type: body.type,
        position,
        settings: body.settings ?? null,
      });
      await audit(ctx, wf, { what: 'ACTION', change: 'CREATED', key, stepKey: step.key, type: body.type });
    },
  );
}

export async function removeAction(ctx: Ctx, actionId: string): Promise<TWorkflowBuilder> {
  return withDraftOf(
    ctx,
    via((tx, w) => repo.findAction(tx, w, actionId)),
    actionNotFound,
    'edit',
    async (tx, wf) => {
      const action = await mustFind(repo.findAction(tx, wf.workspaceId, actionId), wf, actionNotFound);
      const step = (await repo.findStep(tx, wf.workspaceId, action.stepId))!;
      if (action.statutory)
        throw conflict('STATUTORY_ACTION', `Action ${action.key} is part of a statutory step and cannot be removed.`, {
          reference: statutoryOf(step)?.reference ?? '',
          key: action.key,
          stepKey: step.key,
        });
      await repo.deleteAction(tx, wf.workspaceId, action.id);
      const rest = (await repo.listActions(tx, wf.workspaceId, [step.id])).map((a) => a.id);
      await repo.setPositions(tx, wf.workspaceId, 'workflow_step_actions', rest);
      await audit(ctx, wf, {
        what: 'ACTION',
        change: 'DELETED',
        key: action.key,
        stepKey: step.key,
        type: action.type,
      });
    },
  );
}

export async function saveActionSettings(ctx: Ctx, actionId: string, body: ActionSettings): Promise<TWorkflowBuilder> {
  return withDraftOf(
    ctx,
    via((tx, w) => repo.findAction(tx, w, actionId)),
    actionNotFound,
    'edit',
    async (tx, wf) => {
      const action = await mustFind(repo.findAction(tx, wf.workspaceId, actionId), wf, actionNotFound);
      checkSettingsType(action.type, body);
      const step = (await repo.findStep(tx, wf.workspaceId, action.stepId))!;
      await repo.updateActionSettings(tx, wf.workspaceId, action.id, body);
      await audit(ctx, wf, {
        what: 'ACTION_SETTINGS',
        change: 'UPDATED',
        key: action.key,
        stepKey: step.key,
        type: action.type,
      });
    },
  );
}

// --- answers -----------------------------------------------------------------------------------

const scope = (wf: WorkflowRow) => ({ workspaceId: wf.workspaceId, workflowId: wf.id });
const ids = (rows: ReadonlyArray<{ id: string }>) => rows.map((r) => r.id);

const toAction = (a: repo.ActionRow): TStepAction => ({
  id: a.id,
  key: a.key,
  type: a.type as TStepAction['type'],
  position: a.position,
  settings: a.settings as TStepAction['settings'],
  statutory: a.statutory,
});

const toField = (f: repo.MeetingFieldRow): TMeetingField => ({
  id: f.id,
  key: f.key,
  type: f.type as TMeetingField['type'],
  label: f.label as TMeetingField['label'],
  mandatory: f.mandatory,
  position: f.position,
  options: f.options as TMeetingField['options'],
  builtin: f.builtin,
});

const toPrerequisite = (p: repo.PrerequisiteRow): TPrerequisite => ({
  id: p.id,
  stepId: p.stepId,
  requiresStepId: p.requiresStepId,
  requiresStepKey: p.requiresStepKey,
  condition: p.condition,
});
