import type { TWorkspaceRole } from '@app/contract';
import { eq } from 'drizzle-orm';
import { rolePermissions } from '../db/schema.ts';
import type { Tx } from './db/database.ts';

/** Every permission the server checks; the matrix (role × permission) decides who holds each. */
export const PERMISSIONS = [
  'dashboard.view',
  'learning.view',
  'policies.view',
  'complaints.file',
  'users.manage',
  'branches.manage',
  'departments.manage',
  'invites.manage',
  'permissions.manage',
  'courses.manage',
  'courses.assign',
  'policies.manage',
  'compliance.manage',
  'complaints.manage',
  'workflows.manage',
  'reports.view',
  'audit.view',
  'settings.manage',
] as const;
export type Permission = (typeof PERMISSIONS)[number];

const EVERYONE: Permission[] = ['dashboard.view', 'learning.view', 'policies.view', 'complaints.file'];
const ADMIN: Permission[] = [
  ...EVERYONE,
  'users.manage',
  'branches.manage',
  'departments.manage',
  'invites.manage',
  'courses.manage',
  'courses.assign',
  'policies.manage',
  'compliance.manage',
  // Complaint workflows (issue 25): configuration, never case contents (DESIGN §9).
  'workflows.manage',
  'reports.view',
];

/** The default matrix; a workspace's overrides (role_permissions) are applied on top. */
export const DEFAULT_PERMISSIONS: Record<TWorkspaceRole, ReadonlySet<Permission>> = {
  EMPLOYEE: new Set(EVERYONE),
  BRANCH_ADMIN: new Set([
    ...EVERYONE,
    'users.manage',
    'departments.manage',
    'invites.manage',
    'courses.assign',
    'reports.view',
  ]),
  EMPLOYER: new Set([...ADMIN, 'complaints.manage', 'audit.view']),
  WORKSPACE_ADMIN: new Set([...ADMIN, 'permissions.manage', 'audit.view', 'settings.manage']),
};

/** Permissions a role can never lose, so that no workspace can lock its administrators out. */
const LOCKED: Partial<Record<TWorkspaceRole, Permission[]>> = {
  WORKSPACE_ADMIN: ['dashboard.view', 'permissions.manage'],
};

/** One override row of a workspace. */
export type PermissionOverride = { role: string; permission: string; granted: boolean };

/** A workspace's overrides of the default matrix (every role), read in the caller's transaction. */
export function workspaceOverrides(tx: Tx, workspaceId: string): Promise<PermissionOverride[]> {
  return tx
    .select({ role: rolePermissions.role, permission: rolePermissions.permission, granted: rolePermissions.granted })
    .from(rolePermissions)
    .where(eq(rolePermissions.workspaceId, workspaceId));
}

/** The permissions `role` holds in a workspace with these overrides. */
export function permissionsFor(role: TWorkspaceRole, overrides: PermissionOverride[]): Set<Permission> {
  const result = new Set(DEFAULT_PERMISSIONS[role]);
  for (const o of overrides) {
    if (o.role !== role || !(PERMISSIONS as readonly string[]).includes(o.permission)) continue;
    const p = o.permission as Permission;
    if (o.granted) result.add(p);
    else if (!LOCKED[role]?.includes(p)) result.delete(p);
  }
  return result;
}

/** Whether `role` can never lose `permission` (the matrix shows such cells locked). */
export function isLocked(role: TWorkspaceRole, permission: Permission): boolean {
  return LOCKED[role]?.includes(permission) ?? false;
}

/**
 * The workspace's top role: it can never lose `permissions.manage`, gives every role and is the only
 * one that may act on its own kind. Rules ask `isTopRole(actor.role)` rather than naming it.
 */
export const TOP_ROLE: TWorkspaceRole = 'WORKSPACE_ADMIN';

/** Whether `role` is the workspace's top role (see `TOP_ROLE`). */
export const isTopRole = (role: TWorkspaceRole | string | null | undefined): boolean => role === TOP_ROLE;
