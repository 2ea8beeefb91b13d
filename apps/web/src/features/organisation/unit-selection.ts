import type { TBranch, TWorkspaceRole } from '@app/contract';

/**
 * The business-unit selection a role starts with (spec §6): workspace admins and employers see
 * "All Business Units" (null); other roles their first unit.
 */
export function defaultUnitSelection(role: TWorkspaceRole | 'PLATFORM_ADMIN' | null, units: TBranch[]): string | null {
  if (role === 'WORKSPACE_ADMIN' || role === 'EMPLOYER') return null;
  return units[0]?.branchId ?? null;
}

/** A page that works in one concrete business unit (invitations) starts on the headquarters, else the first unit. */
export function headquartersSelection(units: TBranch[]): string | null {
  return (units.find((u) => u.headquarter) ?? units[0])?.branchId ?? null;
}
