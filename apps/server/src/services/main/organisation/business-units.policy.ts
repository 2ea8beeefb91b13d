import type { TBranchAction } from '@app/contract';
import { type Actor, definePolicy, holds, type Refusal, reaches, refuse } from '../../../core/policy.ts';

/** What the business-unit policy needs to know about a unit (`headquarter` once it is loaded). */
export type BranchRecord = { branchId: string; headquarter?: boolean };

/** Whether the actor administers `unit` (null: it does): `branches.manage`, and the unit within its scope (else it reads as missing). */
function administers(actor: Actor, unit: BranchRecord): Refusal | null {
  if (!holds(actor, 'branches.manage')) return refuse.forbidden('MANAGE_UNITS');
  if (!reaches(actor, unit.branchId)) return refuse.notFound('BRANCH');
  return null;
}

/** Who may change a business unit (any member may see the list). */
export const businessUnitsPolicy = definePolicy<BranchRecord, TBranchAction>('business unit', {
  edit: (actor, unit) => administers(actor, unit) ?? true,
  recolour: (actor, unit) => administers(actor, unit) ?? true,
  // The headquarters stays (there is always one): another unit must become it first.
  delete: (actor, unit) =>
    administers(actor, unit) ??
    (unit.headquarter
      ? refuse.conflict(
          'UNIT_IS_HEADQUARTERS',
          'The headquarters cannot be deleted; mark another unit as the headquarters first.',
          'is the headquarters; mark another unit as the headquarters first',
        )
      : true),
  setLogo: (actor, unit) => administers(actor, unit) ?? true,
});
