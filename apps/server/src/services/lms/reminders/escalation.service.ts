import type {
  TEscalationGap,
  TEscalationRecipients,
  TEscalationRecipientsQuery,
  TEscalationSetting,
  TEscalationSettingList,
  TEscalationSettingListQuery,
  TEscalationSettingSave,
} from '@app/contract';
import type { Ctx } from '../../../core/context.ts';
import { AppError, errors } from '../../../core/errors.ts';
import { actorOf, authorize } from '../../../core/policy.ts';
import { findCourse } from '../enrolments/enrolments.repo.ts';
import { escalationPolicy } from './escalation.policy.ts';
import * as repo from './reminders.repo.ts';

/**
 * The workspace's escalation settings (the spec's "Escalation setting"; issue 14): per business
 * unit or the workspace's default, per type (COURSE now; POLICY and CASE kept for the modules to
 * come). Managed by a workspace admin (`settings.manage`) or whoever manages courses for the whole
 * workspace (`courses.manage`, not limited to a unit); a business unit admin is refused.
 */

/** The caller, once `escalationPolicy` lets it manage its workspace's settings (else 403). */
function admin(ctx: Ctx) {
  if (ctx.workspaceId === null) throw errors.forbidden('MANAGE_ESCALATION');
  const actor = actorOf(ctx);
  authorize(actor, escalationPolicy, 'manage', { workspaceId: ctx.workspaceId });
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

/** Nobody told by mail among `people`: why (none at all, or none with an address). */
function gapOf(people: repo.RecipientPerson[], none: TEscalationGap): TEscalationGap | null {
  if (people.length === 0) return none;
  return people.some((p) => p.email) ? null : 'NO_EMAIL';
}

/**
 * Who an overdue course would actually reach, per business unit and department (issue 21 item 7):
 * the first threshold tells the learner's department managers, the second the person of the setting
 * that applies to the unit (its own, else the workspace's default). Each place where nobody would be
 * told by mail says why; `gaps` counts those that hold anyone (with a course: anyone enrolled and
 * unfinished). Read in one statement (repo.escalationReach) however many units and departments.
 */
export function recipients(ctx: Ctx, q: TEscalationRecipientsQuery): Promise<TEscalationRecipients> {
  if (ctx.workspaceId === null) throw errors.forbidden('MANAGE_ESCALATION');
  authorize(ctx, escalationPolicy, 'viewRecipients', { workspaceId: ctx.workspaceId });
  return ctx.tenant(async (tx, t) => {
    if (q.courseId) {
      const course = await findCourse(tx, q.courseId);
      if (!course || (course.workspaceId !== null && course.workspaceId !== t.workspaceId))
        throw errors.notFound('COURSE');
    }
    const rows = await repo.escalationReach(tx, t.workspaceId, q.escalationType, q.courseId ?? null);
    const units: TEscalationRecipients['units'] = [];
    let gaps = 0;
    for (const r of rows) {
      let unit = units.at(-1);
      if (unit?.branchId !== r.branchId) {
        const source = r.settingId === null ? 'NONE' : r.settingBranchId === null ? 'DEFAULT' : 'UNIT';
        const second = r.target && r.targetActive ? r.target : null;
        const secondGap: TEscalationGap | null =
          source === 'NONE'
            ? 'NO_SETTING'
            : !r.enabled
              ? 'OFF'
              : !second
                ? 'TARGET_INACTIVE'
                : second.email
                  ? null
                  : 'NO_EMAIL';
        unit = {
          branchId: r.branchId,
          branchName: r.branchName,
          source,
          enabled: Boolean(r.enabled),
          firstThresholdDays: r.firstThresholdDays,
          secondThresholdDays: r.secondThresholdDays,
          second,
          secondGap,
          departments: [],
        };
        units.push(unit);
      }
      // The unit's people in no department are listed only when there are some.
      if (r.departmentId === null && r.members === 0) continue;
      const firstGap = r.departmentId === null ? 'NO_DEPARTMENT' : gapOf(r.managers, 'NO_MANAGERS');
      const people = q.courseId ? r.learners : r.members;
      // Nobody is told at all where the unit's escalation is off or missing: counted once, for the unit.
      if (firstGap && people > 0 && unit.secondGap !== 'NO_SETTING' && unit.secondGap !== 'OFF') gaps += 1;
      unit.departments.push({
        departmentId: r.departmentId,
        departmentName: r.departmentName,
        members: r.members,
        learners: q.courseId ? r.learners : null,
        first: r.managers,
        firstGap,
      });
    }
    for (const u of units) {
      const people = u.departments.reduce((n, d) => n + (q.courseId ? (d.learners ?? 0) : d.members), 0);
      if (u.secondGap && people > 0) gaps += 1;
    }
    return { units, gaps };
  });
}
