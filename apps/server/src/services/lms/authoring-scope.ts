import type { Ctx } from '../../core/context.ts';
import type { Tx } from '../../core/db/database.ts';
import { errors } from '../../core/errors.ts';
import {
  type Actor,
  actorOf,
  authorize,
  type Caller,
  defineCallerPolicy,
  holds,
  isOperator as isOperatorCaller,
  operatorOf,
  refuse,
  seesWholeWorkspace,
} from '../../core/policy.ts';

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

/** Whether a caller authors the workspace's courses: `courses.manage`, for the whole workspace (the operator: the catalogue's). */
export function isAuthor(actor: Caller): boolean {
  return holds(actor, 'courses.manage') && seesWholeWorkspace(actor as Actor);
}

/**
 * Who authors and who reads courses, lessons and quizzes (the catalogue's or the workspace's): the
 * operator, and a workspace member who authors (`isAuthor`); readers hold `learning.view`. What a
 * reader sees of one course (drafts, previews) is `coursePolicy`'s.
 */
export const authoringPolicy = defineCallerPolicy<null, 'author' | 'read'>('authoring', {
  author: (c) => isOperatorCaller(c) || isAuthor(c) || refuse.forbidden('MANAGE_COURSES'),
  read: (c) => isOperatorCaller(c) || holds(c, 'learning.view'),
});

/**
 * Whose courses the caller authors, from the session alone (no database): the workspace's id, or
 * `catalogue` for the operator on the platform host. Anyone else: 403, as `withAuthoring` answers.
 * For checks that must come before anything is read (an upload's body).
 */
export function authorOwner(ctx: Ctx): string {
  if (operatorOf(ctx)) return 'catalogue';
  if (ctx.workspaceId === null) throw errors.forbidden('MANAGE_CATALOGUE');
  authorize(actorOf(ctx), authoringPolicy, 'author', null);
  return ctx.workspaceId;
}

/**
 * Runs `fn` as an author: the operator on the platform host (catalogue), or a workspace member who
 * authors (own courses). Anyone else: 403 `FORBIDDEN_MANAGE_COURSES`.
 */
export function withAuthoring<T>(ctx: Ctx, action: string, fn: (tx: Tx, scope: LmsScope) => Promise<T>): Promise<T> {
  return asCaller(ctx, action, 'author', fn);
}

/**
 * Runs `fn` for a reader of courses: the operator (catalogue), or any workspace member holding
 * `learning.view` (the route's gate). Whether drafts are shown is the policy's business.
 */
export function withLearning<T>(ctx: Ctx, action: string, fn: (tx: Tx, scope: LmsScope) => Promise<T>): Promise<T> {
  return asCaller(ctx, action, 'read', fn);
}

/** `authoringPolicy` decides; the operator then works on the audited platform path, a member in its workspace. */
async function asCaller<T>(
  ctx: Ctx,
  action: string,
  as: 'author' | 'read',
  fn: (tx: Tx, scope: LmsScope) => Promise<T>,
): Promise<T> {
  const operator = operatorOf(ctx);
  if (operator) {
    authorize(operator, authoringPolicy, as, null);
    return ctx.platform({ action: `lms.${action}`, audit: false }, (tx) =>
      fn(tx, { owner: null, accountId: operator.accountId, actor: null }),
    );
  }
  if (ctx.workspaceId === null) throw errors.forbidden('MANAGE_CATALOGUE');
  const actor = actorOf(ctx);
  authorize(actor, authoringPolicy, as, null);
  return ctx.tenant((tx, t) => fn(tx, { owner: t.workspaceId, accountId: actor.accountId, actor }));
}

/** Whether the scope authors (the operator always; a member when `isAuthor`). */
export function scopeAuthors(scope: LmsScope): boolean {
  return scope.actor === null || isAuthor(scope.actor);
}
