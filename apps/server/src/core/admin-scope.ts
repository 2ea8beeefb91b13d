import type { TWorkspaceRole } from '@app/contract';
import { AppError } from './errors.ts';
import { isTopRole, type Permission, type PermissionOverride, permissionsFor } from './permissions.ts';
import type { Principal } from './site.ts';

/**
 * How far the caller's authority reaches, said explicitly (never inferred from a null):
 * - `workspace`: the whole workspace — the roles that answer for it (WORKSPACE_ADMIN, EMPLOYER);
 * - `units`: the business units listed — anyone else holding an administration permission (a
 *   BRANCH_ADMIN by default, or an EMPLOYEE a workspace's matrix gave one), its own unit (none when
 *   it has no unit: it then administers nothing and is refused);
 * - `self`: the caller itself only — a member holding no administration permission (a plain EMPLOYEE).
 * One rule for users, business units, departments, invitations, the audit log and learning.
 */
export type Scope =
  | { readonly kind: 'workspace' }
  | { readonly kind: 'units'; readonly branchIds: readonly string[] }
  | { readonly kind: 'self' };

/** Whom an administrator administers, and what it holds (spec §6). */
export type AdminScope = {
  workspaceId: string;
  accountId: string;
  role: TWorkspaceRole;
  /** How far its authority reaches (see `Scope`). */
  scope: Scope;
  /** What the caller holds now (the workspace's matrix for its role): the ceiling of what it may give. */
  permissions: ReadonlySet<Permission>;
};

/**
 * Permissions that make someone an administrator — of people, of the organisation, or of other
 * people's learning (assigning courses, authoring the workspace's courses). Holding one gives a
 * member the scope of its role: the whole workspace or its own business unit.
 */
const ADMINISTRATION: readonly Permission[] = [
  'users.manage',
  'branches.manage',
  'departments.manage',
  'invites.manage',
  'courses.assign',
  'courses.manage',
];

/**
 * Which roles answer for the whole workspace. This table, like the permission matrix beside it, is
 * the only place a role name decides scope: services and policies read `scope.kind`.
 */
const REACHES_WORKSPACE: Readonly<Record<TWorkspaceRole, boolean>> = {
  WORKSPACE_ADMIN: true,
  EMPLOYER: true,
  BRANCH_ADMIN: false,
  EMPLOYEE: false,
};

/** The scope of a member of `role` in business unit `branchId` holding `permissions`. */
export function scopeOf(role: TWorkspaceRole, branchId: string | null, permissions: ReadonlySet<Permission>): Scope {
  if (REACHES_WORKSPACE[role]) return { kind: 'workspace' };
  const administers = role === 'BRANCH_ADMIN' || ADMINISTRATION.some((p) => permissions.has(p));
  if (!administers) return { kind: 'self' };
  return { kind: 'units', branchIds: branchId ? [branchId] : [] };
}

/** The caller's scope; null outside a workspace. */
export function adminScope(
  me: Pick<Principal, 'workspaceId' | 'accountId' | 'role' | 'branchId' | 'permissions'>,
): AdminScope | null {
  if (!me.workspaceId || !me.role) return null;
  return {
    workspaceId: me.workspaceId,
    accountId: me.accountId,
    role: me.role,
    scope: scopeOf(me.role, me.branchId, me.permissions),
    permissions: me.permissions,
  };
}

/** Whether the scope is the whole workspace ("sees the whole workspace": the one rule). */
export const wholeWorkspace = (s: Pick<AdminScope, 'scope'>): boolean => s.scope.kind === 'workspace';

/** Whether the scope is limited to business units (a unit administrator). */
export const unitLimited = (s: Pick<AdminScope, 'scope'>): boolean => s.scope.kind === 'units';

/** A unit administrator without a unit: it administers nothing. */
export const administersNoUnit = (s: Pick<AdminScope, 'scope'>): boolean =>
  s.scope.kind === 'units' && s.scope.branchIds.length === 0;

/** The business unit a unit administrator administers (null: not unit-limited, or none). */
export const ownUnit = (s: Pick<AdminScope, 'scope'>): string | null =>
  s.scope.kind === 'units' ? (s.scope.branchIds[0] ?? null) : null;

/**
 * The business units an administration list is limited to: null for the whole workspace, the units
 * of a unit administrator, none for `self`. (Call it once the permission is checked.)
 */
export function administeredUnits(s: Pick<AdminScope, 'scope'>): string[] | null {
  if (s.scope.kind === 'workspace') return null;
  return s.scope.kind === 'units' ? [...s.scope.branchIds] : [];
}

/** Whether the scope administers business unit `branchId` (the whole workspace, or one of its units; `self`: none). */
export function inScope(s: Pick<AdminScope, 'scope'>, branchId: string | null): boolean {
  if (s.scope.kind === 'workspace') return true;
  if (s.scope.kind === 'self') return false;
  return branchId !== null && s.scope.branchIds.includes(branchId);
}

/**
 * The business units a list the caller may read is limited to (null: the whole workspace's). The
 * names of units and departments are every member's to read; a unit administrator's lists show its
 * own unit. For lists of records that need an administration permission, check that permission first.
 */
export function listedUnits(s: Pick<AdminScope, 'scope'>): string[] | null {
  return s.scope.kind === 'units' ? [...s.scope.branchIds] : null;
}

/** Whether a list the caller may read (see `listedUnits`) shows business unit `branchId`. */
export function listsUnit(s: Pick<AdminScope, 'scope'>, branchId: string): boolean {
  const units = listedUnits(s);
  return units === null || units.includes(branchId);
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
  giver: Pick<AdminScope, 'role' | 'scope' | 'permissions'>,
  role: TWorkspaceRole,
  overrides: PermissionOverride[],
): GrantRefusal | null {
  // The role granted is data (the record), not the caller's identity; the giver's top role is the
  // matrix's own fact (`isLocked`: only the workspace's top role can never lose `permissions.manage`).
  if (isTopRole(giver.role)) return null;
  if (role === 'WORKSPACE_ADMIN') {
    return { code: 'ADMIN_ROLE_ONLY_BY_ADMIN', reason: GRANT_REFUSED.ADMIN_ROLE, missing: [] };
  }
  if (giver.scope.kind === 'units' && role !== 'EMPLOYEE') {
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
  giver: Pick<AdminScope, 'role' | 'scope' | 'permissions'>,
  role: TWorkspaceRole,
  overrides: PermissionOverride[],
  path = 'body.role',
): void {
  const refused = grantRefusal(giver, role, overrides);
  if (!refused) return;
  const answer = grantRefusalAnswer(refused, role, path);
  throw new AppError(403, answer.code, answer.message, { details: answer.details, params: answer.params });
}
