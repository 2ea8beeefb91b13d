import {
  type TPermissionMatrix,
  type TPermissionUpdateRequest,
  type TWorkspaceRole,
  ZWorkspaceRole,
} from '@app/contract';
import { type Ctx, principalOf } from '../../../core/context.ts';
import type { Tx } from '../../../core/db/database.ts';
import { AppError, errors } from '../../../core/errors.ts';
import {
  DEFAULT_PERMISSIONS,
  isLocked,
  PERMISSIONS,
  type Permission,
  permissionsFor,
  workspaceOverrides,
} from '../../../core/permissions.ts';
import * as repo from './users.repo.ts';

const ROLES = ZWorkspaceRole.options;

function workspaceOf(ctx: Ctx) {
  const me = principalOf(ctx);
  if (!me.workspaceId || !me.permissions.has('permissions.manage')) throw errors.forbidden('manage permissions');
  return { ...me, workspaceId: me.workspaceId };
}

async function matrix(tx: Tx, workspaceId: string): Promise<TPermissionMatrix> {
  const overrides = await workspaceOverrides(tx, workspaceId);
  return {
    roles: [...ROLES],
    permissions: [...PERMISSIONS],
    cells: ROLES.flatMap((role) => {
      const held = permissionsFor(role, overrides);
      return PERMISSIONS.map((permission) => ({
        role,
        permission,
        granted: held.has(permission),
        defaultGranted: DEFAULT_PERMISSIONS[role].has(permission),
        locked: isLocked(role, permission),
      }));
    }),
  };
}

/** `GET /permission/all`: the workspace's matrix (defaults with its overrides), locked cells marked. */
export async function permissionMatrix(ctx: Ctx): Promise<TPermissionMatrix> {
  const me = workspaceOf(ctx);
  return ctx.tenant((tx) => matrix(tx, me.workspaceId));
}

/**
 * The matrix is a way of giving permissions, so it follows the rule of giving roles
 * (`grantRefusal`): only a WORKSPACE_ADMIN changes what a WORKSPACE_ADMIN may do; anyone else gives a
 * role only permissions it holds itself; and nobody raises its own role beyond the default matrix
 * (for anyone but a WORKSPACE_ADMIN that already follows from holding; a WORKSPACE_ADMIN, whom
 * nobody ranks above, may still give its own role back a default it took away). Taking away is not
 * limited beyond the locked cells.
 */
function assertMayGive(
  me: { role: TWorkspaceRole | null; permissions: ReadonlySet<Permission> },
  role: TWorkspaceRole,
  permission: Permission,
  granted: boolean,
): void {
  if (role === 'WORKSPACE_ADMIN' && me.role !== 'WORKSPACE_ADMIN') {
    throw new AppError(
      403,
      'ADMIN_ROLE_ONLY_BY_ADMIN',
      'Only a workspace admin can change what the role WORKSPACE_ADMIN may do.',
    );
  }
  if (!granted) return;
  if (me.role !== 'WORKSPACE_ADMIN' && !me.permissions.has(permission)) {
    throw new AppError(
      403,
      'PERMISSION_NOT_HELD',
      `You cannot give "${permission}" to ${role}: you do not hold it yourself.`,
    );
  }
  if (role === me.role && !DEFAULT_PERMISSIONS[role].has(permission)) {
    throw new AppError(
      403,
      'OWN_ROLE_PERMISSIONS',
      `You cannot give your own role (${role}) "${permission}": nobody raises their own permissions.`,
    );
  }
}

/** `POST /permission/update`: sets one cell; takes effect on every session's next request. */
export async function updatePermission(ctx: Ctx, change: TPermissionUpdateRequest): Promise<TPermissionMatrix> {
  const me = workspaceOf(ctx);
  if (!(PERMISSIONS as readonly string[]).includes(change.permission)) {
    throw new AppError(400, 'UNKNOWN_PERMISSION', `There is no permission "${change.permission}".`, {
      details: [{ path: 'body.permission', message: 'unknown permission' }],
    });
  }
  const permission = change.permission as Permission;
  if (isLocked(change.role, permission)) {
    throw new AppError(
      409,
      'PERMISSION_LOCKED',
      `${change.role} always keeps "${permission}", so that nobody locks the workspace out.`,
    );
  }
  assertMayGive(me, change.role, permission, change.granted);
  return ctx.tenant(async (tx) => {
    const before = permissionsFor(change.role, await workspaceOverrides(tx, me.workspaceId)).has(permission);
    const isDefault = DEFAULT_PERMISSIONS[change.role].has(permission) === change.granted;
    await repo.setPermission(tx, me.workspaceId, { ...change, permission }, isDefault, me.accountId);
    await ctx.audit('permission.updated', `${change.role}:${permission}`, {
      before: { granted: before },
      after: { granted: change.granted },
    });
    return matrix(tx, me.workspaceId);
  });
}
