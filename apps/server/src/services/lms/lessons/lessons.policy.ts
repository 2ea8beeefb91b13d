import type { Ctx } from '../../../core/context.ts';
import type { Tx } from '../../../core/db/database.ts';
import { errors } from '../../../core/errors.ts';
import { type Actor, actorOf, definePolicy, holds, limitedToUnit } from '../../../core/policy.ts';
import type { Owner } from './lessons.repo.ts';

/**
 * Who may author lessons: on a workspace host, a member holding `courses.manage` whose scope is the
 * whole workspace (a business unit admin is refused); on the platform host, the PLATFORM_ADMIN
 * (the catalogue). Who may read a published lesson's files: any member with `learning.view`.
 * (docs/learning-design.md §2, "Author".) When WP1's `coursesPolicy.author` / `withAuthoring`
 * land, this module's scope delegates to them.
 */
export const lessonsPolicy = definePolicy<null, 'author' | 'view'>('lesson', {
  author: (actor) => holds(actor, 'courses.manage') && !limitedToUnit(actor),
  view: (actor) => holds(actor, 'learning.view') || holds(actor, 'courses.manage'),
});

/** The authoring scope of a request: whose rows (a workspace, or the catalogue) and the transaction to write them in. */
export type Authoring = {
  owner: Owner;
  accountId: string;
  run<T>(action: string, fn: (tx: Tx) => Promise<T>): Promise<T>;
};

/** The request's authoring scope, or 403 when the caller may not author here. */
export function authoringOf(ctx: Ctx, mode: 'author' | 'view' = 'author'): Authoring {
  const principal = ctx.principal;
  if (!principal) throw errors.unauthorized();
  if (ctx.site.kind === 'platform') {
    if (principal.platformRole !== 'PLATFORM_ADMIN') throw errors.forbidden();
    return {
      owner: null,
      accountId: principal.accountId,
      run: (action, fn) => ctx.platform({ action: `lms.catalogue.${action}`, audit: false }, fn),
    };
  }
  const actor: Actor = actorOf(ctx);
  if (!lessonsPolicy.rules[mode](actor, null)) throw errors.forbidden();
  return { owner: actor.workspaceId, accountId: actor.accountId, run: (_action, fn) => ctx.tenant(fn) };
}
