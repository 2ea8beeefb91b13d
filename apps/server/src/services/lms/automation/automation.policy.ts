import type { TRuleAction } from '@app/contract';
import { type Actor, definePolicy, refuse } from '../../../core/policy.ts';
import { isAuthor } from '../authoring-scope.ts';

/** A course as the workspace sees it (its own, or an available catalogue course); null: it sees none. */
export type RuleCourse = { id: string } | null;

/**
 * A course's automation — its auto-assign rule, recurrence, higher-risk departments, the cycle
 * history and reassigning: whoever manages courses for the whole workspace (`isAuthor`); a business
 * unit admin is refused (rules and recurrence apply to the whole workspace), even granted
 * `courses.manage`. Refused (403 `FORBIDDEN_MANAGE_COURSES`) before whether the course exists is said.
 */
const manage = (a: Actor, c: RuleCourse) =>
  !isAuthor(a) ? refuse.forbidden('MANAGE_COURSES') : c !== null || refuse.notFound('COURSE');

export const rulePolicy = definePolicy<RuleCourse, TRuleAction | 'view'>('rule', {
  view: manage,
  edit: manage,
  reset: manage,
});
