import type { TCreditRequestAction } from '@app/contract';
import { type Caller, defineCallerPolicy, isMember, isOperator, refuse } from '../../../core/policy.ts';
import { isAuthor } from '../authoring-scope.ts';

/**
 * A workspace's credits, as loaded: whose workspace, and — for a request — the course asked about
 * (`own`: the workspace's own course, which takes no credits).
 */
export type CreditsFacts = { workspaceId: string; course?: { own: boolean } };

/** A workspace member managing courses for the whole workspace, in its own workspace. */
const workspaceAuthor = (c: Caller, workspaceId: string) => isMember(c) && c.workspaceId === workspaceId && isAuthor(c);

/**
 * Credits: the operator reads every workspace's and decides requests; a workspace's author (courses.manage
 * for the whole workspace: credits are the workspace's) reads its own and asks for more on a
 * catalogue course. A business unit admin, an employee, another workspace: 403 `FORBIDDEN_REQUEST_CREDITS`.
 */
export const creditsPolicy = defineCallerPolicy<CreditsFacts, 'view' | 'request'>('credits', {
  view: (c, r) => isOperator(c) || workspaceAuthor(c, r.workspaceId) || refuse.forbidden('REQUEST_CREDITS'),
  // A workspace's own course takes no credits.
  request: (c, r) =>
    (workspaceAuthor(c, r.workspaceId) && r.course !== undefined && !r.course.own) ||
    refuse.forbidden('REQUEST_CREDITS'),
});

/** A credit request: the operator decides a pending one. */
export const creditRequestPolicy = defineCallerPolicy<{ status: string }, TCreditRequestAction>('credit request', {
  decide: (c, r) =>
    !isOperator(c)
      ? refuse.forbidden('MANAGE_CATALOGUE')
      : r.status === 'PENDING' ||
        refuse.conflict('CREDIT_REQUEST_CLOSED', 'This request was already decided. Reload the list.'),
});
