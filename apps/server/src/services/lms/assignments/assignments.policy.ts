import type { TEnrolmentAction } from '@app/contract';
import { ownUnit } from '../../../core/admin-scope.ts';
import { type Actor, definePolicy, holds, isSelf, refuse, seesWholeWorkspace } from '../../../core/policy.ts';
import { isAuthor } from '../authoring-scope.ts';

/**
 * Assigning courses and following learners: `courses.assign`, over the caller's scope — the whole
 * workspace, or its own business unit (a unit administrator without a unit assigns nobody). People
 * outside the scope read as missing (the service's set-based `membersInScope`).
 */
export const assignmentPolicy = definePolicy<null, 'assign'>('assignment', {
  assign: (a) =>
    (holds(a, 'courses.assign') && (seesWholeWorkspace(a) || ownUnit(a) !== null)) ||
    refuse.forbidden('ASSIGN_COURSES'),
});

/** The business unit an assigner is limited to (null: the whole workspace), once `assignmentPolicy` allowed it. */
export const assignerUnit = (a: Actor): string | null => (seesWholeWorkspace(a) ? null : ownUnit(a));

/** The facts an enrolment rule needs: whose enrolments the action is on (one, or a bulk action's list), and whether a certificate exists. */
export type EnrolmentTargets = { accountIds: readonly string[]; completed?: boolean };

/**
 * The refusal when an action includes the actor's own enrolment: nobody grants themselves quiz
 * attempts, unassigns themselves from training or starts themselves a new cycle — another
 * administrator does. A bulk action including oneself is refused whole (nothing is changed), naming
 * the row, as the other bulk refusals (`requireInScope`, the file's rows) refuse the whole request.
 */
function notOwn(a: Actor, t: EnrolmentTargets) {
  const i = t.accountIds.findIndex((id) => isSelf(a, id));
  if (i < 0) return true;
  return {
    ...refuse.forbidden('ACT_ON_OWN_ENROLMENT'),
    details: [
      {
        path: t.accountIds.length === 1 ? 'userId' : `userIds.${i}`,
        message: 'is your own account',
        code: 'OWN_ENROLMENT',
      },
    ],
  };
}

/**
 * What may be done to learners' enrolments by those who follow them (permission, then the
 * relationship): `courses.assign` grants attempts and unassigns (the unit scope is checked by the
 * service's query: outside it reads as missing); retraining (a new cycle) is the course manager's,
 * and so is the certificate of a completed cycle. None of them on one's own enrolment (one's own
 * certificate is the learner's to download, from their own course page).
 */
export const enrolmentPolicy = definePolicy<EnrolmentTargets, TEnrolmentAction>('course assignment', {
  grantAttempts: (a, t) => holds(a, 'courses.assign') && notOwn(a, t),
  unassign: (a, t) => holds(a, 'courses.assign') && notOwn(a, t),
  retrain: (a, t) => isAuthor(a) && notOwn(a, t),
  downloadCertificate: (a, t) => isAuthor(a) && t.completed === true,
});
