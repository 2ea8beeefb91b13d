import type { TBranch, TDepartment } from '@app/contract';

/**
 * The business-unit selection a page starts with (spec §6): who works across every unit (workspace
 * admins and employers, as the server's answer says) sees "All Business Units" (null); others their first unit.
 */
export function defaultUnitSelection(acrossUnits: boolean, units: TBranch[]): string | null {
  if (acrossUnits) return null;
  return units[0]?.branchId ?? null;
}

/** The synthetic "All Department" entry heading a department list (its actions are about the units it stands for). */
export function allUnitsEntry(departments: TDepartment[]): TDepartment | undefined {
  return departments.find((d) => d.departmentId === null);
}

/** A page that works in one concrete business unit (invitations) starts on the headquarters, else the first unit. */
export function headquartersSelection(units: TBranch[]): string | null {
  return (units.find((u) => u.headquarter) ?? units[0])?.branchId ?? null;
}

/**
 * The unit a new department is created in at first: the unit being viewed; with every unit in
 * view, the headquarters (else the first unit). "Every business unit" is never the default: it
 * creates one department per unit, a choice the person makes on purpose.
 */
export function newDepartmentUnit(viewedBranchId: string | null, units: TBranch[]): string | null {
  return viewedBranchId ?? headquartersSelection(units);
}
