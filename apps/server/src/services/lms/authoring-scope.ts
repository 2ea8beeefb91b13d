import { type Ctx, principalOf } from '../../core/context.ts';
import type { Tx } from '../../core/db/database.ts';
import { errors } from '../../core/errors.ts';
import { type Actor, actorOf, holds, limitedToUnit } from '../../core/policy.ts';

/**
 * Who authors, and whose courses a request works on (docs/learning-design.md §1.3).
 *
 * - On the platform host, the operator (PLATFORM_ADMIN) authors the catalogue: `owner` is null and
 *   the transaction is the audited platform path, which bypasses row-level security, so every
 *   authoring repository reads catalogue rows only (`workspace_id IS NULL`) for the operator.
 * - On a workspace host, a member holding `courses.manage` for the whole workspace authors the
 *   workspace's own courses: `owner` is the workspace, and row-level security shows its rows plus
 *   the published catalogue courses made available to it (read-only).
 */
export type LmsScope = {
  /** The owner of the courses written: the workspace, or null for the operator's catalogue. */
  owner: string | null;
  accountId: string;
  /** The workspace member's actor (null for the operator). */
  actor: Actor | null;
};

/** Whether `scope` is the operator's. */
export const isOperator = (scope: LmsScope): boolean => scope.owner === null;

/** Whether a member actor authors the workspace's courses: `courses.manage`, for the whole workspace. */
export function isAuthor(actor: Actor): boolean {
  return holds(actor, 'courses.manage') && !limitedToUnit(actor);
}

function operatorOrNull(ctx: Ctx): string | null {
  const me = principalOf(ctx);
  return me.workspaceId === null && me.platformRole === 'PLATFORM_ADMIN' ? me.accountId : null;
}

/**
 * Whose courses the caller authors, from the session alone (no database): the workspace's id, or
 * `catalogue` for the operator on the platform host. Anyone else: 403, as `withAuthoring` answers.
 * For checks that must come before anything is read (an upload's body).
 */
export function authorOwner(ctx: Ctx): string {
  if (operatorOrNull(ctx)) return 'catalogue';
  if (ctx.workspaceId === null) throw errors.forbidden('MANAGE_CATALOGUE');
  if (!isAuthor(actorOf(ctx))) throw errors.forbidden('MANAGE_COURSES');
  return ctx.workspaceId;
}

/**
 * Runs `fn` as an author: the operator on the platform host (catalogue), or a workspace member who
 * authors (own courses). Anyone else: 403 `FORBIDDEN_MANAGE_COURSES`.
 */
export async function withAuthoring<T>(
  ctx: Ctx,
  action: string,
  fn: (tx: Tx, scope: LmsScope) => Promise<T>,
): Promise<T> {
  const operator = operatorOrNull(ctx);
  if (operator) {
    return ctx.platform({ action: `lms.${action}`, audit: false }, (tx) =>
      fn(tx, { owner: null, accountId: operator, actor: null }),
    );
  }
  if (ctx.workspaceId === null) throw errors.forbidden('MANAGE_CATALOGUE');
  const actor = actorOf(ctx);
  if (!isAuthor(actor)) throw errors.forbidden('MANAGE_COURSES');
  return ctx.tenant((tx, t) => fn(tx, { owner: t.workspaceId, accountId: actor.accountId, actor }));
}

/**
 * Runs `fn` for a reader of courses: the operator (catalogue), or any workspace member holding
 * `learning.view` (the route's gate). Whether drafts are shown is the policy's business.
 */
export async function withLearning<T>(
  ctx: Ctx,
  action: string,
  fn: (tx: Tx, scope: LmsScope) => Promise<T>,
): Promise<T> {
  const operator = operatorOrNull(ctx);
  if (operator) {
    return ctx.platform({ action: `lms.${action}`, audit: false }, (tx) =>
      fn(tx, { owner: null, accountId: operator, actor: null }),
    );
  }
  if (ctx.workspaceId === null) throw errors.forbidden('MANAGE_CATALOGUE');
  const actor = actorOf(ctx);
  if (!holds(actor, 'learning.view')) throw errors.forbidden();
  return ctx.tenant((tx, t) => fn(tx, { owner: t.workspaceId, accountId: actor.accountId, actor }));
}

/** Whether the scope authors (the operator always; a member when `isAuthor`). */
export function scopeAuthors(scope: LmsScope): boolean {
  return scope.actor === null || isAuthor(scope.actor);
}
