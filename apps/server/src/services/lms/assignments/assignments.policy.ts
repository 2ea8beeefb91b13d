import { type Actor, definePolicy, holds, isSelf, refuse } from '../../../core/policy.ts';
import { isAuthor } from '../authoring-scope.ts';

/** The facts an enrolment rule needs: whose enrolments the action is on (one, or a bulk action's list). */
export type EnrolmentTargets = { accountIds: readonly string[] };

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
 * service's query: outside it reads as missing); retraining (a new cycle) is the course manager's.
 * None of them on one's own enrolment.
 */
export const enrolmentPolicy = definePolicy<EnrolmentTargets, 'grantAttempts' | 'unassign' | 'retrain'>(
  'course assignment',
  {
    grantAttempts: (a, t) => holds(a, 'courses.assign') && notOwn(a, t),
    unassign: (a, t) => holds(a, 'courses.assign') && notOwn(a, t),
    retrain: (a, t) => isAuthor(a) && notOwn(a, t),
  },
);
