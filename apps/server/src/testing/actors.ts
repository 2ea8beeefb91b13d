import type { TWorkspaceRole } from '@app/contract';
import { adminScope } from '../core/admin-scope.ts';
import { permissionsFor } from '../core/permissions.ts';
import type { Actor } from '../core/policy.ts';

/** A policy actor of role `role` with the default matrix, in business unit `branchId` (for policy unit tests). */
export function actorAs(role: TWorkspaceRole, branchId: string | null = 'hq', accountId = 'me'): Actor {
  return adminScope({ workspaceId: 'w', accountId, role, branchId, permissions: permissionsFor(role, []) })!;
}
