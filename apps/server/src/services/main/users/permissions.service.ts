import { type TPermissionMatrix, type TPermissionUpdateRequest, ZWorkspaceRole } from '@app/contract';
import type { Ctx } from '../../../core/context.ts';
import type { Tx } from '../../../core/db/database.ts';
import { AppError } from '../../../core/errors.ts';
import {
  DEFAULT_PERMISSIONS,
  isLocked,
  PERMISSIONS,
  type Permission,
  permissionsFor,
  workspaceOverrides,
} from '../../../core/permissions.ts';
import { authorize } from '../../../core/policy.ts';
import { permissionMatrixPolicy } from './permissions.policy.ts';
import * as repo from './users.repo.ts';

const ROLES = ZWorkspaceRole.options;

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
  authorize(ctx, permissionMatrixPolicy, 'view', null);
  return ctx.tenant((tx, { workspaceId }) => matrix(tx, workspaceId));
}

/** `POST /permission/update`: sets one cell; takes effect on every session's next request. */
export async function updatePermission(ctx: Ctx, change: TPermissionUpdateRequest): Promise<TPermissionMatrix> {
  authorize(ctx, permissionMatrixPolicy, 'view', null);
  const me = ctx.member();
  if (!(PERMISSIONS as readonly string[]).includes(change.permission)) {
    throw new AppError(400, 'UNKNOWN_PERMISSION', `There is no permission "${change.permission}".`, {
      details: [{ path: 'body.permission', message: 'unknown permission' }],
      params: { permission: change.permission },
    });
  }
  const permission = change.permission as Permission;
  if (isLocked(change.role, permission)) {
    throw new AppError(
      409,
      'PERMISSION_LOCKED',
      `${change.role} always keeps "${permission}", so that nobody locks the workspace out.`,
      { params: { permission, role: change.role } },
    );
  }
  authorize(ctx, permissionMatrixPolicy, 'set', { role: change.role, permission, granted: change.granted });
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
