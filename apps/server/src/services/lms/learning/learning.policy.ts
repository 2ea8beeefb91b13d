import { definePolicy, holds, isSelf, refuse } from '../../../core/policy.ts';

/** What a learner rule knows of an enrolment, as loaded by id (null: none has that id). */
export type LearnerEnrolment = { accountId: string; status: string } | null;

/** Someone else's enrolment, a removed one and one that does not exist read alike: 404. */
const own = (a: Parameters<typeof holds>[0], e: LearnerEnrolment) =>
  (e !== null && isSelf(a, e.accountId) && e.status === 'ACTIVE') || refuse.notFound('ENROLMENT');

/**
 * Taking one's courses (the learner's side): a member holding `learning.view` works on their own
 * ACTIVE enrolments only — the relationship "your own enrolment" is decided here, on the enrolment
 * loaded by its id, never by a WHERE clause that would make the rule invisible.
 */
export const learnerPolicy = definePolicy<LearnerEnrolment, 'list' | 'learn'>('enrolment', {
  /** The caller's own list and counts (no record: they are the caller's by construction). */
  list: (a) => holds(a, 'learning.view'),
  learn: (a, e) => holds(a, 'learning.view') && own(a, e),
});
