import type { TCourseAction } from '@app/contract';
import { type Actor, definePolicy, holds, limitedToUnit, refuse } from '../../../core/policy.ts';
import { isAuthor } from '../authoring-scope.ts';

/** The facts a course rule needs, seen from a workspace member. */
export type CourseFacts = {
  /** The course is the member's workspace's own (not the catalogue's). */
  own: boolean;
  status: 'ACTIVE' | 'ARCHIVED';
  /** It has a published version. */
  published: boolean;
};

const archived = () =>
  refuse.conflict('COURSE_ARCHIVED', 'This course is archived: it can no longer be changed.', 'archived');
const catalogue = () => refuse.forbidden('MANAGE_CATALOGUE');
const notClonable = () =>
  refuse.with(
    'CATALOGUE_NOT_CLONABLE',
    'A catalogue course cannot be cloned: only your workspace’s own courses can. Assign it with credits, or build your own course.',
  );

/**
 * Courses, for workspace members (the operator authors the catalogue and may do everything to it;
 * see `operatorCourseActions`). Authoring takes `courses.manage` for the whole workspace: a business
 * unit admin is refused, as courses and their credits are the workspace's. A catalogue course is
 * read-only to a workspace: it can be viewed (once published and available), previewed, and its
 * credits requested. It is never cloned into a workspace (403 CATALOGUE_NOT_CLONABLE): a copy would
 * be enrolled on without credits, would hold the operator's answer keys, and would miss the
 * catalogue's legal updates (docs/decisions.md, "Cloning a catalogue course").
 */
export const coursePolicy = definePolicy<CourseFacts, TCourseAction>('course', {
  view: (a, c) => holds(a, 'learning.view') && (c.published || (c.own && isAuthor(a))),
  edit: (a, c) => authorOfOwn(a, c),
  publish: (a, c) => authorOfOwn(a, c),
  delete: (a, c) => (c.own ? isAuthor(a) : catalogue()),
  clone: (a, c) => (c.own ? isAuthor(a) : notClonable()),
  preview: (a, c) => isAuthor(a) && (c.own || c.published),
  requestCredits: (a, c) => !c.own && holds(a, 'courses.manage') && !limitedToUnit(a),
});

function authorOfOwn(a: Actor, c: CourseFacts) {
  if (!c.own) return catalogue();
  if (!isAuthor(a)) return false;
  return c.status === 'ACTIVE' || archived();
}

/** What the operator may do with a catalogue course. */
export function operatorCourseActions(c: Pick<CourseFacts, 'status'>): TCourseAction[] {
  return c.status === 'ACTIVE'
    ? ['view', 'edit', 'publish', 'delete', 'clone', 'preview']
    : ['view', 'delete', 'clone', 'preview'];
}
