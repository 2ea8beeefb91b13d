import type { TWorkspaceRole } from '@app/contract';
import { DEFAULT_PERMISSIONS, isTopRole, type Permission } from '../../../core/permissions.ts';
import { definePolicy, holds, holdsTopRole, refuse } from '../../../core/policy.ts';

/** One cell of the permission matrix and the value it is to take. */
export type MatrixCellRecord = { role: TWorkspaceRole; permission: Permission; granted: boolean };

/**
 * The matrix is a way of giving permissions, so it follows the rule of giving roles
 * (`grantRefusal`): only a WORKSPACE_ADMIN changes what a WORKSPACE_ADMIN may do; anyone else gives a
 * role only permissions it holds itself; and nobody raises its own role beyond the default matrix
 * (for anyone but a WORKSPACE_ADMIN that already follows from holding; a WORKSPACE_ADMIN, whom
 * nobody ranks above, may still give its own role back a default it took away). Taking away is not
 * limited beyond the locked cells (checked by the service: 409).
 */
export const permissionMatrixPolicy = definePolicy<MatrixCellRecord | null, 'view' | 'set'>('permission', {
  /** Seeing the matrix (no cell: the whole of it). */
  view: (actor) => holds(actor, 'permissions.manage') || refuse.forbidden('MANAGE_PERMISSIONS'),
  set: (actor, cell) => {
    if (!holds(actor, 'permissions.manage')) return refuse.forbidden('MANAGE_PERMISSIONS');
    if (!cell) return false;
    const { role, permission, granted } = cell;
    if (isTopRole(role) && !holdsTopRole(actor)) {
      return refuse.with(
        'ADMIN_ROLE_ONLY_BY_ADMIN',
        'Only a workspace admin can change what the role WORKSPACE_ADMIN may do.',
        { role },
      );
    }
    if (!granted) return true;
    if (!holdsTopRole(actor) && !holds(actor, permission)) {
      return refuse.with(
        'PERMISSION_NOT_HELD',
        `You cannot give "${permission}" to ${role}: you do not hold it yourself.`,
        { permission, role },
      );
    }
    if (role === actor.role && !DEFAULT_PERMISSIONS[role].has(permission)) {
      return refuse.with(
        'OWN_ROLE_PERMISSIONS',
        `You cannot give your own role (${role}) "${permission}": nobody raises their own permissions.`,
        { permission, role },
      );
    }
    return true;
  },
});
