import type { ZAnswerAction, ZOccurrenceAction } from '@app/contract';
import type { z } from 'zod';
import {
  type Actor,
  definePolicy,
  holds,
  isSelf,
  type Refusal,
  reaches,
  refuse,
  seesWholeWorkspace,
} from '../../../core/policy.ts';

/**
 * Who may do what in a workspace's compliance register (issue 24).
 * - A register manager holds `compliance.manage` and reaches the answer's unit: a business-unit
 *   administrator its own unit's answers, the whole workspace's answers (no unit) only an actor
 *   whose scope is the whole workspace.
 * - The answer's owner (by relationship, even without the permission) sees it, adds evidence to its
 *   occurrences and records its events.
 * - Its reviewer (by relationship) sees it and approves or returns submitted evidence.
 * - Nobody reviews evidence they submitted themselves (four eyes), not even a manager.
 * Outside all of these an answer reads as missing (404).
 */

export type AnswerRecord = {
  branchId: string | null;
  ownerId: string | null;
  reviewerId: string | null;
  kind: string;
  applies: boolean;
  notApplicable: boolean;
  retired: boolean;
};

export type OccurrenceRecord = AnswerRecord & {
  status: string;
  /** Who recorded the latest evidence revision (null: none, or the register's own job). */
  lastSubmitter: string | null;
};

/** The caller manages the register where the answer is (permission and reach). */
export const managesRegister = (a: Actor, r: Pick<AnswerRecord, 'branchId'>): boolean =>
  holds(a, 'compliance.manage') && (r.branchId === null ? seesWholeWorkspace(a) : reaches(a, r.branchId));
const owns = (a: Actor, r: AnswerRecord) => r.ownerId !== null && isSelf(a, r.ownerId);
const reviews = (a: Actor, r: AnswerRecord) => r.reviewerId !== null && isSelf(a, r.reviewerId);
const sees = (a: Actor, r: AnswerRecord) => managesRegister(a, r) || owns(a, r) || reviews(a, r);
const inForce = (r: AnswerRecord) => r.applies && !r.notApplicable && !r.retired;

/** Outside what the caller sees, a record reads as missing (nothing leaks). */
const missing = (message: string, reason: string): Refusal => ({
  status: 404,
  code: 'NOT_FOUND',
  message,
  params: { reason },
});
const hidden = () => missing('The obligation was not found.', 'OBLIGATION_NOT_FOUND');
const hiddenOccurrence = () => missing('The occurrence was not found.', 'OCCURRENCE_NOT_FOUND');

type TAnswerAction = z.infer<typeof ZAnswerAction>;
type TOccurrenceAction = z.infer<typeof ZOccurrenceAction>;

function recordEvent(a: Actor, r: AnswerRecord) {
  if (!(managesRegister(a, r) || owns(a, r))) return false;
  if (r.kind !== 'EVENT')
    return refuse.conflict('NOT_AN_EVENT_OBLIGATION', 'Only an event-based obligation has events to record.');
  if (!inForce(r))
    return refuse.conflict('OBLIGATION_NOT_IN_FORCE', 'This obligation does not apply here (or is retired).');
  return true;
}

/** An answer: what the obligations page lists. `view` is not sent as an action (the list is what is seen). */
export const answerPolicy = definePolicy<AnswerRecord, TAnswerAction | 'view'>('compliance answer', {
  view: (a, r) => sees(a, r) || hidden(),
  setApplicability: (a, r) => managesRegister(a, r),
  assign: (a, r) => managesRegister(a, r),
  recordEvent,
});

const OPEN_FOR_EVIDENCE = ['OPEN', 'RETURNED', 'SUBMITTED'];

function review(a: Actor, r: OccurrenceRecord) {
  if (!(reviews(a, r) || managesRegister(a, r))) return false;
  if (r.status !== 'SUBMITTED') return refuse.conflict('NOT_AWAITING_REVIEW', 'There is no evidence awaiting review.');
  if (r.lastSubmitter !== null && isSelf(a, r.lastSubmitter))
    return refuse.with('FORBIDDEN', 'Nobody reviews evidence they submitted themselves.', {
      reason: 'FORBIDDEN_REVIEW_OWN_EVIDENCE',
    });
  return true;
}

/** An occurrence: its details, evidence and review. */
export const occurrencePolicy = definePolicy<OccurrenceRecord, TOccurrenceAction | 'view'>('compliance occurrence', {
  view: (a, r) => sees(a, r) || hiddenOccurrence(),
  addEvidence: (a, r) => {
    if (!(managesRegister(a, r) || owns(a, r))) return false;
    if (!OPEN_FOR_EVIDENCE.includes(r.status))
      return refuse.conflict('OCCURRENCE_CLOSED', 'This occurrence is closed: no more evidence is taken.');
    return true;
  },
  approve: review,
  return: review,
  recordEvent,
});
