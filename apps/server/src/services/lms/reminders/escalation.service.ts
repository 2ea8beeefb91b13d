import type {
  TEscalationSetting,
  TEscalationSettingList,
  TEscalationSettingListQuery,
  TEscalationSettingSave,
} from '@app/contract';
import type { Ctx } from '../../../core/context.ts';
import { AppError, errors } from '../../../core/errors.ts';
import { actorOf, holds } from '../../../core/policy.ts';
import { isAuthor } from '../authoring-scope.ts';
import * as repo from './reminders.repo.ts';

/**
 * The workspace's escalation settings (the spec's "Escalation setting"; issue 14): per business
 * unit or the workspace's default, per type (COURSE now; POLICY and CASE kept for the modules to
 * come). Managed by a workspace admin (`settings.manage`) or whoever manages courses for the whole
 * workspace (`courses.manage`, not limited to a unit); a business unit admin is refused.
 */

function admin(ctx: Ctx) {
  if (ctx.workspaceId === null) throw errors.forbidden('MANAGE_ESCALATION');
  const actor = actorOf(ctx);
  if (!holds(actor, 'settings.manage') && !isAuthor(actor)) throw errors.forbidden('MANAGE_ESCALATION');
  return actor;
}

function toSetting(r: repo.EscalationRow): TEscalationSetting {
  return {
    id: r.id,
    workspaceId: r.workspaceId,
    branchId: r.branchId,
    branchName: r.branchName,
    escalationType: r.escalationType as TEscalationSetting['escalationType'],
    firstThresholdDate: r.firstThresholdDays,
    secondThresholdDate: r.secondThresholdDays,
    targetId: r.targetId,
    targetName: r.targetName,
    targetEmail: r.targetEmail,
    enabled: r.enabled,
    createdAt: new Date(r.createdAt).toISOString(),
    updatedAt: new Date(r.updatedAt).toISOString(),
  };
}

export function list(ctx: Ctx, q: TEscalationSettingListQuery): Promise<TEscalationSettingList> {
  admin(ctx);
  return ctx.tenant(async (tx, t) => ({
    settings: (await repo.listEscalations(tx, t.workspaceId, q.escalationType)).map(toSetting),
  }));
}

/** Creates or replaces the setting of (type, business unit); the target must be an active member. */
export function save(ctx: Ctx, body: TEscalationSettingSave): Promise<TEscalationSetting> {
  admin(ctx);
  return ctx.tenant(async (tx, t) => {
    if (body.branchId && !(await repo.branchExists(tx, t.workspaceId, body.branchId))) throw errors.notFound('BRANCH');
    if (!(await repo.activeMember(tx, t.workspaceId, body.targetId)))
      throw new AppError(400, 'BAD_REQUEST', 'The person to escalate to must be an active member of this workspace.', {
        params: { reason: 'ESCALATION_TARGET_NOT_MEMBER' },
        details: [{ path: 'targetId', message: 'not an active member of this workspace', code: 'NOT_MEMBER' }],
      });
    const before = await repo.findEscalationFor(tx, t.workspaceId, body.escalationType, body.branchId);
    const id = await repo.upsertEscalation(tx, {
      workspaceId: t.workspaceId,
      branchId: body.branchId,
      type: body.escalationType,
      first: body.firstThresholdDate,
      second: body.secondThresholdDate,
      targetId: body.targetId,
      enabled: body.enabled,
    });
    const after = toSetting((await repo.findEscalation(tx, t.workspaceId, id))!);
    await ctx.audit('escalation_setting.saved', id, { before: before ? toSetting(before) : null, after });
    return after;
  });
}

export function remove(ctx: Ctx, id: string): Promise<void> {
  admin(ctx);
  return ctx.tenant(async (tx, t) => {
    const before = await repo.findEscalation(tx, t.workspaceId, id);
    if (!before) throw errors.notFound('ESCALATION_SETTING');
    await repo.deleteEscalation(tx, t.workspaceId, id);
    await ctx.audit('escalation_setting.deleted', id, { before: toSetting(before) });
  });
}
