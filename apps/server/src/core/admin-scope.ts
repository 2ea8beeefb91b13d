import type { TWorkspaceRole } from '@app/contract';
import type { Principal } from './context.ts';

/**
 * Whom an administrator administers. WORKSPACE_ADMIN and EMPLOYER: the whole workspace. A
 * BRANCH_ADMIN: only its own business unit (none when it has no unit), and it may grant no role but
 * EMPLOYEE (spec §6).
 */
export type AdminScope = {
  workspaceId: string;
  accountId: string;
  role: TWorkspaceRole;
  /** The business units administered; null: every one. */
  branchIds: string[] | null;
};

/**
 * The caller's scope; null outside a workspace. Another role that a workspace's overrides gave an
 * administration permission (an EMPLOYEE) administers every unit, or only its own with `othersLimited`
 * (user administration).
 */
export function adminScope(me: Principal, opts: { othersLimited?: boolean } = {}): AdminScope | null {
  if (!me.workspaceId || !me.role) return null;
  const whole = me.role === 'WORKSPACE_ADMIN' || me.role === 'EMPLOYER';
  const limited = me.role === 'BRANCH_ADMIN' || (!whole && opts.othersLimited === true);
  return {
    workspaceId: me.workspaceId,
    accountId: me.accountId,
    role: me.role,
    branchIds: limited ? (me.branchId ? [me.branchId] : []) : null,
  };
}

/** Whether the scope reaches business unit `branchId`. */
export function inScope(scope: AdminScope, branchId: string | null): boolean {
  return scope.branchIds === null || (branchId !== null && scope.branchIds.includes(branchId));
}

/** Whether the scope may give someone `role`: one limited to its own unit gives EMPLOYEE only. */
export function mayGrant(scope: AdminScope, role: TWorkspaceRole): boolean {
  return scope.branchIds === null || role === 'EMPLOYEE';
}
