import type { TWorkflowDefinition } from '@app/contract';
import type { Tx } from '../../../core/db/database.ts';
import type { DueRule } from '../../../core/due-rules.ts';
import { dueInWorkspace } from '../../../core/holiday-calendars.repo.ts';
import * as repo from './cases.repo.ts';

/*
 * A case's steps and their clocks, from the version it was filed under (never the draft). Every
 * deadline comes from the deadline engine (core/due-rules.ts via `dueInWorkspace`: the workspace's
 * zone, the unit's holiday calendar) with the section it is computed under.
 *
 * - At filing, each step of the definition becomes a row: ON_REQUEST when the law starts it only at
 *   a party's request, ACTIVE when it has no prerequisite, WAITING otherwise. A step anchored on the
 *   filing or the incident date gets its due date at once; one anchored on another step when that
 *   step starts or completes.
 * - When a step completes, waiting steps whose prerequisites are now met start, the clocks anchored
 *   on it are set, and a repeating step (Canada s.34's monthly update) gets its next occurrence.
 * - The case's stage is the first stage with an open step; `next_due_at` the earliest open deadline.
 */

export type DefStep = TWorkflowDefinition['stages'][number]['steps'][number];
export type DefStage = TWorkflowDefinition['stages'][number];

/** Every step of a definition with its stage, in order. */
export function stepsOf(def: TWorkflowDefinition): Array<{ stage: DefStage; step: DefStep }> {
  return def.stages.flatMap((stage) => stage.steps.map((step) => ({ stage, step })));
}

export function findStep(def: TWorkflowDefinition, stepKey: string): { stage: DefStage; step: DefStep } | null {
  return stepsOf(def).find((s) => s.step.key === stepKey) ?? null;
}

/** The due rule of a step as the engine takes it (the case clock computes a repeat's next deadline with it). */
export function engineRule(step: DefStep): DueRule | null {
  const r = step.settings.dueRule;
  if (!r) return null;
  return {
    key: step.statutory?.ruleKey ?? `CMS.${step.key}`,
    anchor: r.anchor,
    offset: r.offset,
    unit: r.unit,
    onHoliday: r.onHoliday,
    reference: r.reference,
  };
}

type Where = { workspaceId: string; unitId: string | null };

async function dueFor(
  tx: Tx,
  step: DefStep,
  anchor: Date | string,
  where: Where,
): Promise<{ dueAt: Date; dueDate: string; reference: string | null }> {
  const rule = engineRule(step)!;
  const due = await dueInWorkspace(tx, rule, anchor, where);
  return { dueAt: due.dueAt, dueDate: due.date, reference: due.reference };
}

const started = (s: DefStep) => (s.settings.start?.kind ?? 'PREREQUISITES_MET') === 'PREREQUISITES_MET';

/** Creates the case's steps at filing (`filedAt`: the case's filing instant; `incidentDate`: YYYY-MM-DD or null). */
export async function instantiateSteps(
  tx: Tx,
  c: { workspaceId: string; caseId: string; branchId: string | null; filedAt: Date; incidentDate: string | null },
  def: TWorkflowDefinition,
): Promise<void> {
  const where = { workspaceId: c.workspaceId, unitId: c.branchId };
  for (const { stage, step } of stepsOf(def)) {
    const onRequest = !started(step);
    const active = !onRequest && step.requires.length === 0;
    const rule = step.settings.dueRule;
    let due: { dueAt: Date; dueDate: string; reference: string | null } | null = null;
    if (rule && !onRequest) {
      if (rule.anchor === 'FILED') due = await dueFor(tx, step, c.filedAt, where);
      else if (rule.anchor === 'INCIDENT' && c.incidentDate) due = await dueFor(tx, step, c.incidentDate, where);
    }
    await repo.insertStep(tx, {
      workspaceId: c.workspaceId,
      caseId: c.caseId,
      stageKey: stage.key,
      stepKey: step.key,
      occurrence: 1,
      status: onRequest ? 'ON_REQUEST' : active ? 'ACTIVE' : 'WAITING',
      started: active,
      dueAt: due?.dueAt ?? null,
      dueDate: due?.dueDate ?? null,
      reference: due?.reference ?? rule?.reference ?? step.statutory?.reference ?? null,
    });
  }
  await settle(tx, c.workspaceId, c.caseId, c.branchId, def);
}

/** The latest occurrence of each step key. */
function latest(rows: repo.StepRow[]): Map<string, repo.StepRow> {
  const out = new Map<string, repo.StepRow>();
  for (const r of rows) {
    const cur = out.get(r.stepKey);
    if (!cur || r.occurrence > cur.occurrence) out.set(r.stepKey, r);
  }
  return out;
}

/**
 * Brings the steps up to date after a change: waiting steps whose prerequisites are met start;
 * clocks anchored on a started or completed step are set; the case's stage and next deadline follow.
 * Answers the steps as they are now.
 */
export async function settle(
  tx: Tx,
  workspaceId: string,
  caseId: string,
  branchId: string | null,
  def: TWorkflowDefinition,
): Promise<repo.StepRow[]> {
  const where = { workspaceId, unitId: branchId };
  for (let pass = 0; pass < 20; pass++) {
    const rows = await repo.steps(tx, workspaceId, caseId);
    const byKey = latest(rows);
    let changed = false;
    for (const { step } of stepsOf(def)) {
      const row = byKey.get(step.key);
      if (!row) continue;
      if (row.status === 'WAITING') {
        const met = step.requires.every((req) => {
          const dep = byKey.get(req.stepKey);
          if (!dep) return true;
          return req.condition === 'STARTED'
            ? dep.startedAt !== null
            : dep.status === 'DONE' || dep.status === 'SKIPPED';
        });
        if (met) {
          await repo.updateStep(tx, workspaceId, row.id, { status: 'ACTIVE', started: true });
          changed = true;
        }
      }
      const rule = step.settings.dueRule;
      if (rule && row.dueAt === null && (row.status === 'ACTIVE' || row.status === 'WAITING') && rule.anchorStepKey) {
        const anchorRow = byKey.get(rule.anchorStepKey);
        const at =
          rule.anchor === 'STEP_COMPLETED'
            ? anchorRow?.completedAt
            : rule.anchor === 'STEP_STARTED'
              ? anchorRow?.startedAt
              : null;
        if (at) {
          const due = await dueFor(tx, step, new Date(at), where);
          await repo.updateStep(tx, workspaceId, row.id, due);
          changed = true;
        }
      }
    }
    if (!changed) break;
  }
  const rows = await repo.steps(tx, workspaceId, caseId);
  await refreshCase(tx, workspaceId, caseId, def, rows);
  return rows;
}

/** The case's stage (the first stage with an open step) and its earliest open deadline. */
async function refreshCase(
  tx: Tx,
  workspaceId: string,
  caseId: string,
  def: TWorkflowDefinition,
  rows: repo.StepRow[],
): Promise<void> {
  const byKey = latest(rows);
  let stageKey: string | null = null;
  for (const { stage, step } of stepsOf(def)) {
    const r = byKey.get(step.key);
    if (r && (r.status === 'ACTIVE' || (r.status === 'WAITING' && step.mandatory))) {
      stageKey = stage.key;
      break;
    }
  }
  if (!stageKey) stageKey = def.stages.at(-1)?.key ?? null;
  let next: repo.StepRow | null = null;
  for (const r of byKey.values()) {
    if (r.status !== 'ACTIVE' || !r.dueAt) continue;
    if (!next || new Date(r.dueAt) < new Date(next.dueAt!)) next = r;
  }
  await repo.updateCase(tx, workspaceId, caseId, {
    stageKey,
    nextDueAt: next?.dueAt ? new Date(next.dueAt).toISOString() : null,
    nextStepKey: next?.stepKey ?? null,
  });
}

/**
 * Completes a step occurrence. A repeating step (`dueRule.repeats`) gets its next occurrence, due
 * `offset` units after this completion (`now`, the one clock). Then `settle`.
 */
export async function completeStep(
  tx: Tx,
  c: { workspaceId: string; caseId: string; branchId: string | null },
  def: TWorkflowDefinition,
  row: repo.StepRow,
  by: string,
  lateReasonItemId: string | null,
  now: Date,
): Promise<repo.StepRow[]> {
  await repo.updateStep(tx, c.workspaceId, row.id, {
    status: 'DONE',
    started: true,
    completedBy: by,
    ...(lateReasonItemId ? { lateReasonItemId } : {}),
  });
  const found = findStep(def, row.stepKey);
  if (found?.step.settings.dueRule?.repeats) {
    const due = await dueFor(tx, found.step, now, { workspaceId: c.workspaceId, unitId: c.branchId });
    await repo.insertStep(tx, {
      workspaceId: c.workspaceId,
      caseId: c.caseId,
      stageKey: row.stageKey,
      stepKey: row.stepKey,
      occurrence: row.occurrence + 1,
      status: 'ACTIVE',
      started: true,
      ...due,
    });
  }
  return settle(tx, c.workspaceId, c.caseId, c.branchId, def);
}

/** Starts a step the law starts on request (the party asked): active now, its clock from now. */
export async function startOnRequest(
  tx: Tx,
  c: { workspaceId: string; caseId: string; branchId: string | null },
  def: TWorkflowDefinition,
  row: repo.StepRow,
): Promise<repo.StepRow[]> {
  await repo.updateStep(tx, c.workspaceId, row.id, { status: 'ACTIVE', started: true });
  return settle(tx, c.workspaceId, c.caseId, c.branchId, def);
}
