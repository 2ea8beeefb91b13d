import { type TSetupStep, type TWorkspaceOverview, ZSetupStep } from '@app/contract';
import { ownUnit } from '../../../core/admin-scope.ts';
import type { Ctx } from '../../../core/context.ts';
import { errors } from '../../../core/errors.ts';
import { actorOf, authorize, holds } from '../../../core/policy.ts';
import { overviewPolicy, STEP_PERMISSION } from './overview.policy.ts';
import * as repo from './overview.repo.ts';

/** The brand colour a new workspace starts with (the `workspaces.background_color` default). */
export const DEFAULT_BRAND_COLOR = '1F6FEB';

/**
 * `GET /api/workspace/overview`: the admin home in one answer — people, invitations, business units,
 * departments and the setup checklist. A unit-limited administrator (BRANCH_ADMIN) gets its own
 * unit's figures, and only the steps its permissions let it act on.
 */
export async function overview(ctx: Ctx): Promise<TWorkspaceOverview> {
  const actor = actorOf(ctx);
  authorize(actor, overviewPolicy, 'view', null);
  const branchId = ownUnit(actor);
  return ctx.tenant(async (tx) => {
    const row = await repo.overviewCounts(tx, actor.workspaceId, branchId);
    if (!row) throw errors.notFound('WORKSPACE');
    const done: Record<TSetupStep, boolean> = {
      businessUnits: row.businessUnits > 0,
      departments: row.departments > 0,
      invitePeople: row.everInvited > 0 || row.active + row.deactivated > 1,
      branding: row.logoUrl !== null || row.backgroundColor !== DEFAULT_BRAND_COLOR,
    };
    return {
      scope: branchId && row.branchName !== null ? { branchId, branchName: row.branchName } : null,
      people: { active: row.active, deactivated: row.deactivated },
      invitations: { pending: row.pending, expired: row.expired },
      businessUnits: row.businessUnits,
      departments: row.departments,
      checklist: ZSetupStep.options
        .filter((step) => holds(actor, STEP_PERMISSION[step]))
        .map((step) => ({ step, done: done[step] })),
    };
  });
}
