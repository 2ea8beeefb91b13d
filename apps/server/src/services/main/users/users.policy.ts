import type { TUserAction } from '@app/contract';
import { administersNoUnit } from '../../../core/admin-scope.ts';
import { isTopRole } from '../../../core/permissions.ts';
import {
  type Actor,
  definePolicy,
  holds,
  holdsTopRole,
  isSelf,
  limitedToUnit,
  type Refusal,
  reaches,
  refuse,
} from '../../../core/policy.ts';

/** Roles from the least to the most (a one-time password goes only to a lower one). */
const ROLE_RANK: Record<string, number> = { EMPLOYEE: 0, BRANCH_ADMIN: 1, EMPLOYER: 2, WORKSPACE_ADMIN: 3 };

/** What the users policy needs to know about a member. */
export type UserRecord = { userId: string; role: string; branchId: string | null; active: boolean };

/**
 * Whether the actor reaches `user` at all (null: it does). Outside its scope the user reads as
 * missing; one limited to its business unit manages employees (and itself) only; only a workspace
 * admin manages a workspace admin.
 */
function reach(actor: Actor, user: UserRecord): Refusal | null {
  if (!holds(actor, 'users.manage') || administersNoUnit(actor)) return refuse.forbidden('MANAGE_USERS');
  if (!reaches(actor, user.branchId)) return refuse.notFound('USER');
  if (limitedToUnit(actor) && user.role !== 'EMPLOYEE' && !isSelf(actor, user.userId)) {
    return refuse.forbidden('MANAGE_ADMINS');
  }
  if (isTopRole(user.role) && !holdsTopRole(actor)) return refuse.forbidden('CHANGE_WORKSPACE_ADMIN');
  return null;
}

/** `rule` once the actor reaches the user. */
const reached =
  (rule: (actor: Actor, user: UserRecord) => boolean | Refusal) =>
  (actor: Actor, user: UserRecord): boolean | Refusal =>
    reach(actor, user) ?? rule(actor, user);

/**
 * Who may do what to a member of the workspace. The role a user may be given is the grant rule
 * (`grantRefusal`, see `grantableRoles`); `changeRole` says whether this user's role may be changed at all.
 */
export const usersPolicy = definePolicy<UserRecord, TUserAction>('user', {
  view: reached(() => true),
  edit: reached(() => true),
  move: reached((actor) => (limitedToUnit(actor) ? refuse.forbidden('MOVE_USERS') : true)),
  changeRole: reached((actor, user) =>
    isSelf(actor, user.userId) ? refuse.conflict('CANNOT_CHANGE_OWN_ROLE', 'You cannot change your own role.') : true,
  ),
  deactivate: reached((actor, user) =>
    isSelf(actor, user.userId)
      ? refuse.conflict('CANNOT_DEACTIVATE_SELF', 'You cannot deactivate yourself.')
      : user.active,
  ),
  reactivate: reached((actor, user) => !isSelf(actor, user.userId) && !user.active),
  delete: (actor, user) => {
    // The bulk delete answers each refused id with a short reason (see `deleteRefusal`).
    if (!holds(actor, 'users.manage') || administersNoUnit(actor)) return refuse.forbidden('MANAGE_USERS');
    if (!reaches(actor, user.branchId)) return refuse.notFound('USER');
    if (isSelf(actor, user.userId))
      return refuse.conflict('CANNOT_DELETE_SELF', 'You cannot delete yourself.', 'you cannot delete yourself');
    if (limitedToUnit(actor) && user.role !== 'EMPLOYEE') {
      return refuse.forbidden('DELETE_ADMINS', {
        code: 'UNIT_ADMIN_DELETES_EMPLOYEES_ONLY',
        reason: 'a business unit admin deletes employees only',
      });
    }
    if (isTopRole(user.role) && !holdsTopRole(actor)) {
      return refuse.forbidden('DELETE_WORKSPACE_ADMIN', {
        code: 'ONLY_ADMIN_DELETES_ADMIN',
        reason: 'only a workspace admin deletes a workspace admin',
      });
    }
    return true;
  },
  // A one-time password: only for a member of a lower role (never oneself, never a peer).
  resetPassword: reached((actor, user) => {
    if (isSelf(actor, user.userId)) return false;
    return (ROLE_RANK[actor.role ?? 'EMPLOYEE'] ?? 0) > (ROLE_RANK[user.role] ?? Number.POSITIVE_INFINITY)
      ? true
      : refuse.forbidden('RESET_PASSWORD_OF_PEER');
  }),
  // Anyone sets their own picture; someone else's needs what editing them needs.
  setPicture: (actor, user) => isSelf(actor, user.userId) || (reach(actor, user) ?? true),
});
