import type { TWorkspaceRole } from '@app/contract';
import type { Principal } from './context.ts';
import type { Permission } from './permissions.ts';

/**
 * Whom an administrator administers. WORKSPACE_ADMIN and EMPLOYER: the whole workspace. Anyone else
 * holding an administration permission — a BRANCH_ADMIN, or an EMPLOYEE a workspace's permission
 * matrix gave one — only its own business unit (none when it has no unit), and it may grant no role
 * but EMPLOYEE (spec §6). One rule for users, business units, departments and invitations.
 */
export type AdminScope = {
  workspaceId: string;
  accountId: string;
  role: TWorkspaceRole;
  /** The business units administered; null: every one. */
  branchIds: string[] | null;
};

/** Permissions that make someone an administrator of people or of the organisation. */
const ADMINISTRATION: readonly Permission[] = [
  'users.manage',
  'branches.manage',
  'departments.manage',
  'invites.manage',
];

/**
 * The caller's scope; null outside a workspace. A member who administers nothing (a plain EMPLOYEE)
 * is not limited: the lists it may read (business units, departments) are the whole workspace's.
 */
export function adminScope(me: Principal): AdminScope | null {
  if (!me.workspaceId || !me.role) return null;
  const whole = me.role === 'WORKSPACE_ADMIN' || me.role === 'EMPLOYER';
  const administers = me.role === 'BRANCH_ADMIN' || ADMINISTRATION.some((p) => me.permissions.has(p));
  return {
    workspaceId: me.workspaceId,
    accountId: me.accountId,
    role: me.role,
    branchIds: whole || !administers ? null : me.branchId ? [me.branchId] : [],
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
