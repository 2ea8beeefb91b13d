import { AppError } from '../../../core/errors.ts';
import type { AnswerProblem } from './answers.ts';
import type { OpenCase } from './case-core.ts';
import * as repo from './cases.repo.ts';
import { findStep } from './steps.ts';

/*
 * What the committee's commands inside a step share (meetings.service.ts, actions.service.ts): the
 * case's revision (a double click or another window answers 409 and changes nothing), the step
 * looked up in the case and in the frozen definition, and who has live access.
 */

/** 409 `CONFLICT` / `CASE_CHANGED`: the case moved on since the caller read it. */
export const stale = () =>
  new AppError(409, 'CONFLICT', 'This case was changed in another window: reload it and try again.', {
    params: { reason: 'CASE_CHANGED' },
  });

/** Refuses a stale revision before anything is written. */
export function checkRevision(c: OpenCase, revision: number | undefined): void {
  if (revision !== undefined && c.row.revision !== revision) throw stale();
}

/** Bumps the case's revision, with `set` (the row is locked by `withCase({ lock: true })`); answers the new one. */
export async function bumpRevision(c: OpenCase, set: Parameters<typeof repo.updateCase>[3] = {}): Promise<number> {
  const r = await repo.updateCase(c.tx, c.row.workspaceId, c.row.id, set, c.row.revision);
  if (r === null) throw stale();
  return r;
}

/** 422 `MEETING_INVALID` with one detail per field. */
export function invalidMeeting(problems: AnswerProblem[]): AppError {
  return new AppError(422, 'MEETING_INVALID', 'Some fields of the meeting need attention: see each field.', {
    details: problems.map((p) => ({
      path: p.path,
      message: p.message,
      code: p.code,
      ...(p.params ? { params: p.params } : {}),
    })),
  });
}

/** A step of this case (its row) with its definition; 404 when the case has no such step. */
export async function caseStep(c: OpenCase, stepId: string) {
  const row = (await repo.steps(c.tx, c.row.workspaceId, c.row.id)).find((s) => s.id === stepId);
  const found = row ? findStep(c.def, row.stepKey) : null;
  if (!row || !found)
    throw new AppError(404, 'NOT_FOUND', 'This step was not found in the case.', {
      params: { reason: 'CASE_STEP_NOT_FOUND' },
    });
  return { row, step: found.step, stage: found.stage };
}

/** 409 `STEP_NOT_ACTIVE` unless the step is under way. */
export function requireActive(row: repo.StepRow): void {
  if (row.status !== 'ACTIVE')
    throw new AppError(409, 'STEP_NOT_ACTIVE', 'This step is not under way: start it first (or it is done).', {
      params: { reason: 'STEP_NOT_ACTIVE', status: row.status },
    });
}

/** Everyone with live access to the case (the committee reads every row). */
export async function liveAccess(c: OpenCase): Promise<repo.AccessRow[]> {
  return (await repo.accessOf(c.tx, c.row.workspaceId, c.row.id)).filter((a) => a.revokedAt === null);
}

/** The committee members with live access. */
export const membersIn = (access: readonly repo.AccessRow[]) => access.filter((a) => a.relation === 'COMMITTEE');

/** The POSH conciliation step (s.10(1)): its settlement is never monetary. */
export const isConciliation = (step: { statutory: { ruleKey: string } | null }) =>
  step.statutory?.ruleKey === 'IN.POSH.S10_1';

/** 422 `NO_MONETARY_SETTLEMENT_REQUIRED` unless the member confirmed it (POSH s.10(1) proviso). */
export function requireNoMoney(confirmed: boolean | undefined): void {
  if (confirmed !== true)
    throw new AppError(
      422,
      'NO_MONETARY_SETTLEMENT_REQUIRED',
      'Confirm that the settlement includes no money: the POSH Act does not allow a monetary settlement in conciliation (s.10(1)).',
      { params: { reason: 'NO_MONETARY_SETTLEMENT_REQUIRED' } },
    );
}
