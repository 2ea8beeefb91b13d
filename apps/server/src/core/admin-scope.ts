import type { TWorkspaceRole } from '@app/contract';
import { AppError } from './errors.ts';
import { type Permission, type PermissionOverride, permissionsFor } from './permissions.ts';
import type { Principal } from './site.ts';

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
  /** What the caller holds now (the workspace's matrix for its role): the ceiling of what it may give. */
  permissions: ReadonlySet<Permission>;
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
export function adminScope(
  me: Pick<Principal, 'workspaceId' | 'accountId' | 'role' | 'branchId' | 'permissions'>,
): AdminScope | null {
  if (!me.workspaceId || !me.role) return null;
  const whole = me.role === 'WORKSPACE_ADMIN' || me.role === 'EMPLOYER';
  const administers = me.role === 'BRANCH_ADMIN' || ADMINISTRATION.some((p) => me.permissions.has(p));
  return {
    workspaceId: me.workspaceId,
    accountId: me.accountId,
    role: me.role,
    branchIds: whole || !administers ? null : me.branchId ? [me.branchId] : [],
    permissions: me.permissions,
  };
}

/** Whether the scope reaches business unit `branchId`. */
export function inScope(scope: AdminScope, branchId: string | null): boolean {
  return scope.branchIds === null || (branchId !== null && scope.branchIds.includes(branchId));
}

/** Why a role cannot be given; each reads as a reason in a bulk file's row errors too. */
export const GRANT_REFUSED = {
  ADMIN_ROLE: 'Only a workspace admin can give the role WORKSPACE_ADMIN',
  OUTSIDE_ROLE: 'A business unit admin invites employees only',
  MORE_THAN_HELD: 'This role carries permissions you do not hold',
} as const;

/** A refused grant: a stable code for the API, a reason for people, and the permissions missing. */
export type GrantRefusal = {
  code: 'ADMIN_ROLE_ONLY_BY_ADMIN' | 'ROLE_OUTSIDE_SCOPE' | 'ROLE_EXCEEDS_YOUR_PERMISSIONS';
  reason: string;
  missing: Permission[];
};

/** The refusal's values for translation (the role asked for, the permissions missing). */
export const grantParams = (refused: GrantRefusal, role: TWorkspaceRole) => ({
  role,
  ...(refused.missing.length ? { permissions: refused.missing.join(', ') } : {}),
});

/**
 * Why `giver` may not give `role` in a workspace whose matrix has these overrides (null: it may).
 * The one rule for every path that gives a role (user update, invitations single and bulk, bulk
 * users, invitation claim): only a WORKSPACE_ADMIN gives WORKSPACE_ADMIN; one limited to its own
 * business unit gives EMPLOYEE only; and nobody else gives a role whose permissions (this
 * workspace's matrix) include one it does not hold itself. A WORKSPACE_ADMIN is the workspace's top
 * role and gives every role, including EMPLOYER with `complaints.manage`, which it lacks by default.
 */
export function grantRefusal(
  giver: Pick<AdminScope, 'role' | 'branchIds' | 'permissions'>,
  role: TWorkspaceRole,
  overrides: PermissionOverride[],
): GrantRefusal | null {
  if (giver.role === 'WORKSPACE_ADMIN') return null;
  if (role === 'WORKSPACE_ADMIN') {
    return { code: 'ADMIN_ROLE_ONLY_BY_ADMIN', reason: GRANT_REFUSED.ADMIN_ROLE, missing: [] };
  }
  if (giver.branchIds !== null && role !== 'EMPLOYEE') {
    return { code: 'ROLE_OUTSIDE_SCOPE', reason: GRANT_REFUSED.OUTSIDE_ROLE, missing: [] };
  }
  const missing = [...permissionsFor(role, overrides)].filter((p) => !giver.permissions.has(p));
  if (missing.length === 0) return null;
  return {
    code: 'ROLE_EXCEEDS_YOUR_PERMISSIONS',
    reason: `${GRANT_REFUSED.MORE_THAN_HELD} (${missing.join(', ')})`,
    missing,
  };
}

/** Whether a bulk file's row error (by its code) is a grant refusal (about who asks, so the file answers 403). */
export function isGrantRefusal(code: string): boolean {
  return (
    code === 'ADMIN_ROLE_ONLY_BY_ADMIN' || code === 'ROLE_OUTSIDE_SCOPE' || code === 'ROLE_EXCEEDS_YOUR_PERMISSIONS'
  );
}

/** The answer to a refused grant: 403 with the refusal's code, a sentence, and the field (`path`) it is about. */
export function grantRefusalAnswer(refused: GrantRefusal, role: TWorkspaceRole, path = 'body.role') {
  const message =
    refused.code === 'ROLE_EXCEEDS_YOUR_PERMISSIONS'
      ? `You cannot give the role ${role}: in this workspace it carries permissions you do not hold (${refused.missing.join(', ')}).`
      : refused.code === 'ADMIN_ROLE_ONLY_BY_ADMIN'
        ? 'Only a workspace admin can give the role WORKSPACE_ADMIN.'
        : 'You administer one business unit: you can give the role EMPLOYEE only.';
  const params = grantParams(refused, role);
  return {
    status: 403 as const,
    code: refused.code,
    message,
    details: [{ path, message: refused.reason, code: refused.code, params }],
    params,
  };
}

/** 403 with the refusal's code unless `giver` may give `role` (see `grantRefusal`); `path` names the field. */
export function assertCanGrantRole(
  giver: Pick<AdminScope, 'role' | 'branchIds' | 'permissions'>,
  role: TWorkspaceRole,
  overrides: PermissionOverride[],
  path = 'body.role',
): void {
  const refused = grantRefusal(giver, role, overrides);
  if (!refused) return;
  const answer = grantRefusalAnswer(refused, role, path);
  throw new AppError(403, answer.code, answer.message, { details: answer.details, params: answer.params });
}
