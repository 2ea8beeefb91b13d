import type {
  TAutoAssignRequest,
  TAutoAssignResetResult,
  TAutoAssignResult,
  TAutoAssignRule,
  TAutoAssignState,
  TCycleEndReason,
  TEnrolmentCycles,
  THigherRiskDepartments,
  TReassignRequest,
  TReassignResult,
  TRecurrenceResult,
  TRecurrenceSettings,
} from '@app/contract';
import type { Ctx } from '../../../core/context.ts';
import type { Tx } from '../../../core/db/database.ts';
import { startOfDateInZone, withinDaysInZone } from '../../../core/deadlines.ts';
import { errors } from '../../../core/errors.ts';
import { type Actor, actorOf, allowedActions, authorize } from '../../../core/policy.ts';
import { workspaceTimeZone } from '../../../core/time-zone.repo.ts';
import { enrolmentPolicy } from '../assignments/assignments.policy.ts';
import { startNewCycle } from '../enrolments/cycles.ts';
import { findCourse } from '../enrolments/enrolments.repo.ts';
import { createEnrolments } from '../enrolments/enrolments.service.ts';
import { readAssignmentSettings } from '../enrolments/settings.repo.ts';
import { rulePolicy } from './automation.policy.ts';
import * as repo from './automation.repo.ts';

/**
 * Auto-assign rules, recurrence settings, reassigning and the cycle history (docs/learning-design.md
 * §7; issue 14). Administrators holding `courses.manage` for the whole workspace only: a business
 * unit admin is refused, as rules and recurrence apply to the whole workspace.
 */

const iso = (d: Date | string | null) => (d === null ? null : new Date(d).toISOString());
const day = (d: Date | string | null) =>
  d === null ? null : typeof d === 'string' ? d.slice(0, 10) : d.toISOString().slice(0, 10);

type Scope = { workspaceId: string; accountId: string; actor: Actor };

/**
 * Runs `fn` in the caller's workspace once `rulePolicy` allows `action` on the courses' automation
 * (decided before any course is read: a refusal tells nothing of the course); `courseOf` then
 * decides on the course loaded.
 */
function asManager<T>(
  ctx: Ctx,
  fn: (tx: Tx, s: Scope) => Promise<T>,
  action: 'view' | 'edit' | 'reset' = 'edit',
): Promise<T> {
  if (ctx.workspaceId === null) throw errors.forbidden('MANAGE_COURSES');
  const actor = actorOf(ctx);
  authorize(actor, rulePolicy, action, { id: '' });
  return ctx.tenant((tx, t) => fn(tx, { workspaceId: t.workspaceId, accountId: actor.accountId, actor }));
}

/** The course, as the workspace sees it (its own, or an available catalogue course); else 404 (`rulePolicy`). */
async function courseOf(tx: Tx, s: Scope, courseId: string, action: 'view' | 'edit' | 'reset' = 'edit') {
  const found = await findCourse(tx, courseId);
  const course = found && (found.workspaceId === null || found.workspaceId === s.workspaceId) ? found : null;
  authorize(s.actor, rulePolicy, action, course);
  return course!;
}

function toRule(r: repo.RuleRow, actor: Actor): TAutoAssignRule {
  return {
    id: r.id,
    courseId: r.courseId,
    branchId: r.branchId,
    departmentId: r.departmentId,
    startJoiningDate: day(r.startJoiningDate),
    endJoiningDate: day(r.endJoiningDate),
    dueDays: r.dueDays,
    enabled: r.enabled,
    updatedAt: iso(r.updatedAt)!,
    actions: allowedActions(actor, rulePolicy, { id: r.courseId }).filter((a) => a !== 'view'),
  };
}

// Auto-assign rules

export function getRule(ctx: Ctx, courseId: string): Promise<TAutoAssignState> {
  return asManager(
    ctx,
    async (tx, s) => {
      await courseOf(tx, s, courseId, 'view');
      const rule = await repo.findRule(tx, s.workspaceId, courseId);
      return { rule: rule ? toRule(rule, s.actor) : null };
    },
    'view',
  );
}

/**
 * Creates or replaces the course's rule. With `applyToExisting`, the current members who match and
 * are not enrolled are enrolled now, in the same transaction (a catalogue course spends a credit
 * each: 409 `NO_CREDITS` and nothing saved when short), due `dueDays` after the later of their
 * joining date and today.
 */
export function setRule(ctx: Ctx, body: TAutoAssignRequest): Promise<TAutoAssignResult> {
  return asManager(ctx, async (tx, s) => {
    const course = await courseOf(tx, s, body.courseId);
    if (course.status !== 'ACTIVE')
      throw errors.conflict('COURSE_ARCHIVED', 'This course is archived: nobody can be enrolled any more.');
    if (!course.publishedVersionId)
      throw errors.conflict('COURSE_NOT_PUBLISHED', 'This course is not published yet: publish it first.');
    const branchId = body.branchId ?? null;
    const departmentId = body.departmentId ?? null;
    if (branchId && !(await repo.branchExists(tx, s.workspaceId, branchId))) throw errors.notFound('BRANCH');
    if (departmentId) {
      const of = await repo.departmentBranch(tx, s.workspaceId, departmentId);
      if (!of || (branchId && of !== branchId)) throw errors.notFound('DEPARTMENT');
    }
    const before = await repo.findRule(tx, s.workspaceId, body.courseId);
    const saved = await repo.upsertRule(tx, {
      workspaceId: s.workspaceId,
      courseId: body.courseId,
      branchId,
      departmentId,
      startJoiningDate: body.startJoiningDate ?? null,
      endJoiningDate: body.endJoiningDate ?? null,
      dueDays: body.dueDays,
      enabled: body.enabled,
      actor: s.accountId,
    });
    const rule = toRule(saved, s.actor);
    const { id: _id, updatedAt: _u, actions: _a, ...after } = rule;
    await ctx.audit('course.auto_assign_set', body.courseId, {
      before: before ? (({ id: _, updatedAt: __, actions: ___, ...b }) => b)(toRule(before, s.actor)) : null,
      after,
      applyToExisting: body.applyToExisting ?? false,
    });
    let enrolled = 0;
    if (body.applyToExisting && rule.enabled) {
      const zone = await workspaceTimeZone(tx, s.workspaceId);
      const members = await repo.matchingMembers(tx, s.workspaceId, rule, zone);
      if (members.length > 0) {
        const today = ctx.clock.now();
        const dueAts = new Map(
          members.map((m) => {
            const joined = startOfDateInZone(m.joining, zone);
            const from = joined.getTime() > today.getTime() ? joined : today;
            return [m.accountId, withinDaysInZone(from, rule.dueDays, zone)] as const;
          }),
        );
        const r = await createEnrolments(ctx, tx, {
          workspaceId: s.workspaceId,
          courseId: body.courseId,
          accountIds: members.map((m) => m.accountId),
          dueAts,
          source: 'AUTO',
          autoRuleId: rule.id,
        });
        enrolled = r.enrolled.length;
      }
    }
    return { rule, enrolled };
  });
}

/** Removes the course's rule (enrolments it made stay). Answers whether there was one. */
export function resetRule(ctx: Ctx, courseId: string): Promise<TAutoAssignResetResult> {
  return asManager(
    ctx,
    async (tx, s) => {
      await courseOf(tx, s, courseId, 'reset');
      const removed = await repo.deleteRule(tx, s.workspaceId, courseId);
      if (removed) {
        const { id: _id, updatedAt: _u, actions: _a, ...before } = toRule(removed, s.actor);
        await ctx.audit('course.auto_assign_reset', courseId, { before, after: null });
      }
      return { removed: Boolean(removed) };
    },
    'reset',
  );
}

// Recurrence

const recurrenceOf = (s: TRecurrenceSettings): TRecurrenceSettings => ({
  recurrenceMonths: s.recurrenceMonths,
  recurrenceDueDays: s.recurrenceDueDays,
  expiryNoticeDays: s.expiryNoticeDays,
  retrainOnUpdate: s.retrainOnUpdate,
});

export function getRecurrence(ctx: Ctx, courseId: string): Promise<TRecurrenceSettings> {
  return asManager(ctx, async (tx, s) => {
    await courseOf(tx, s, courseId);
    return recurrenceOf(await readAssignmentSettings(tx, s.workspaceId, courseId));
  });
}

/**
 * Sets the course's recurrence. Existing completions get their expiry (completed + months, in the
 * workspace's zone) or lose it when the recurrence is cleared; one whose expiry is already past
 * starts its next cycle at the next daily pass.
 */
export function setRecurrence(ctx: Ctx, courseId: string, body: TRecurrenceSettings): Promise<TRecurrenceResult> {
  return asManager(ctx, async (tx, s) => {
    await courseOf(tx, s, courseId);
    const before = recurrenceOf(await readAssignmentSettings(tx, s.workspaceId, courseId));
    await repo.upsertRecurrence(tx, {
      workspaceId: s.workspaceId,
      courseId,
      ...recurrenceOf(body),
      actor: s.accountId,
    });
    const zone = await workspaceTimeZone(tx, s.workspaceId);
    const completionsUpdated =
      before.recurrenceMonths === body.recurrenceMonths
        ? 0
        : await repo.setCompletionExpiry(tx, s.workspaceId, courseId, body.recurrenceMonths, zone);
    await ctx.audit('course.recurrence_set', courseId, { before, after: recurrenceOf(body), completionsUpdated });
    return { courseId, ...recurrenceOf(body), completionsUpdated };
  });
}

// Higher-risk departments (SOR/2020-130 s.12(4): training when assigned to a higher-risk role)

export function getHigherRisk(ctx: Ctx, courseId: string): Promise<THigherRiskDepartments> {
  return asManager(ctx, async (tx, s) => {
    await courseOf(tx, s, courseId);
    return { departmentIds: await repo.higherRiskDepartments(tx, s.workspaceId, courseId) };
  });
}

/** Replaces the course's higher-risk departments; an unknown department: 404 and nothing saved. */
export function setHigherRisk(
  ctx: Ctx,
  courseId: string,
  body: THigherRiskDepartments,
): Promise<THigherRiskDepartments> {
  return asManager(ctx, async (tx, s) => {
    await courseOf(tx, s, courseId);
    const ids = [...new Set(body.departmentIds)];
    if ((await repo.countDepartments(tx, s.workspaceId, ids)) !== ids.length) throw errors.notFound('DEPARTMENT');
    const before = await repo.higherRiskDepartments(tx, s.workspaceId, courseId);
    await repo.replaceHigherRisk(tx, s.workspaceId, courseId, ids, s.accountId);
    const after = await repo.higherRiskDepartments(tx, s.workspaceId, courseId);
    await ctx.audit('course.higher_risk_set', courseId, {
      before: { departmentIds: before },
      after: { departmentIds: after },
    });
    return { departmentIds: after };
  });
}

// Reassign and history

/**
 * A new cycle now for each learner who completed the course's current cycle (assignment to a
 * higher-risk role, SOR/2020-130 s.12(4)); the others (not enrolled, or still training) are skipped.
 */
export function reassign(ctx: Ctx, body: TReassignRequest): Promise<TReassignResult> {
  return asManager(ctx, async (tx, s) => {
    authorize(ctx, enrolmentPolicy, 'retrain', { accountIds: body.userIds });
    await courseOf(tx, s, body.courseId);
    const userIds = [...new Set(body.userIds)];
    const found = await repo.enrolmentsOf(tx, s.workspaceId, body.courseId, userIds);
    const byUser = new Map(found.map((e) => [e.accountId, e]));
    const reassigned: TReassignResult['reassigned'] = [];
    const skipped: string[] = [];
    for (const userId of userIds) {
      const e = byUser.get(userId);
      const started = e?.completed ? await startNewCycle(ctx, tx, e.id, 'REASSIGNED') : null;
      if (e && started) reassigned.push({ userId, enrolmentId: e.id, cycle: started.cycle });
      else skipped.push(userId);
    }
    return { reassigned, skipped };
  });
}

export function listCycles(ctx: Ctx, enrolmentId: string): Promise<TEnrolmentCycles> {
  return asManager(ctx, async (tx, s) => {
    const e = await repo.findEnrolment(tx, s.workspaceId, enrolmentId);
    if (!e) throw errors.notFound('ENROLMENT');
    const rows = await repo.listCycles(tx, e.id);
    return {
      enrolmentId: e.id,
      courseId: e.courseId,
      accountId: e.accountId,
      cycles: rows.map((r) => ({
        cycle: r.cycle,
        courseVersionId: r.courseVersionId,
        versionNumber: r.versionNumber,
        assignedAt: iso(r.assignedAt)!,
        dueAt: iso(r.dueAt),
        startedAt: iso(r.startedAt),
        completedAt: iso(r.completedAt),
        score: r.score,
        certificateId: r.certificateId,
        endedReason: r.endedReason as TCycleEndReason | null,
        endedAt: iso(r.endedAt),
      })),
    };
  });
}
