import type { TDepartmentAction } from '@app/contract';
import { type Actor, definePolicy, holds, limitedToUnit, type Refusal, reaches, refuse } from '../../../core/policy.ts';

/**
 * What the departments policy needs to know: the department's business unit. `departmentId` null is
 * the synthetic "All Department" entry, standing for a unit's departments (or, with `branchId` null,
 * every unit's): `create` is decided on it.
 */
export type DepartmentRecord = { departmentId: string | null; branchId: string | null };

/** Whether the actor administers departments of the record's unit (null: it does); outside its scope the department reads as missing. */
function administers(actor: Actor, d: DepartmentRecord): Refusal | null {
  if (!holds(actor, 'departments.manage')) return refuse.forbidden('MANAGE_DEPARTMENTS');
  if (d.branchId === null) {
    return limitedToUnit(actor) ? refuse.forbidden('DEPARTMENTS_EVERYWHERE') : null;
  }
  if (!reaches(actor, d.branchId)) return refuse.notFound('DEPARTMENT');
  return null;
}

/** An existing department (not the synthetic entry). */
const existing =
  (rule: (actor: Actor, d: DepartmentRecord) => boolean | Refusal) => (actor: Actor, d: DepartmentRecord) =>
    d.departmentId === null ? false : rule(actor, d);

/** Who may create, rename and delete departments and choose their managers. */
export const departmentsPolicy = definePolicy<DepartmentRecord, TDepartmentAction>('department', {
  create: (actor, d) => (d.departmentId !== null ? false : (administers(actor, d) ?? true)),
  edit: existing((actor, d) => administers(actor, d) ?? true),
  delete: existing((actor, d) => administers(actor, d) ?? true),
  manageManagers: existing((actor, d) => administers(actor, d) ?? true),
});
