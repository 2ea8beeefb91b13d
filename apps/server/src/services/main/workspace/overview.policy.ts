import { administersNoUnit } from '../../../core/admin-scope.ts';
import { definePolicy, holds } from '../../../core/policy.ts';

/**
 * The admin home's overview: for whoever administers people or the organisation (a WORKSPACE_ADMIN,
 * an EMPLOYER, a BRANCH_ADMIN, or a member the matrix gave such a permission); a plain EMPLOYEE is
 * refused, and so is a unit-limited administrator without a business unit (it has nothing to count).
 */
export const overviewPolicy = definePolicy<null, 'view'>('workspace overview', {
  view: (actor) => {
    const administers =
      holds(actor, 'users.manage') ||
      holds(actor, 'branches.manage') ||
      holds(actor, 'departments.manage') ||
      holds(actor, 'invites.manage') ||
      holds(actor, 'settings.manage');
    if (!administers) return false;
    if (administersNoUnit(actor)) return false;
    return true;
  },
});

/** The permission that lets the caller act on each setup step (a step it cannot act on is not listed). */
export const STEP_PERMISSION = {
  businessUnits: 'branches.manage',
  departments: 'departments.manage',
  invitePeople: 'invites.manage',
  branding: 'settings.manage',
} as const;
