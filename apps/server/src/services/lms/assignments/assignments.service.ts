import type {
  TAssignableCourse,
  TAssignResult,
  TAssignToUsersRequest,
  TBulkAssignFilter,
  TBulkAssignResult,
  TUnassignRequest,
  TUnassignResult,
} from '@app/contract';
import type { Ctx } from '../../../core/context.ts';
import type { Tx } from '../../../core/db/database.ts';
import { dateInZone, endOfDayInZone, startOfDateInZone } from '../../../core/deadlines.ts';
import { errors } from '../../../core/errors.ts';
import { type Actor, actorOf, authorize } from '../../../core/policy.ts';
import { createEnrolments } from '../enrolments/enrolments.service.ts';
import { assignerUnit, assignmentPolicy, enrolmentPolicy } from './assignments.policy.ts';
import * as repo from './assignments.repo.ts';

/**
 * Assigning courses and following learners (issue 14; docs/learning-design.md §7). Every call takes
 * `courses.assign`. A WORKSPACE_ADMIN or EMPLOYER works on the whole workspace; anyone else holding
 * it (a BRANCH_ADMIN by default, or an employee the matrix gave it) only on the live members of its
 * own business unit: people outside it read as missing (404 `USER_NOT_FOUND`), a filter on another
 * unit is refused (403), so nobody assigns, unassigns, reads or grants beyond what they hold.
 */

/** Who assigns (also who schedules workshops, services/lms/workshops): the workspace and the unit reached. */
export type Assigner = repo.Scope & { accountId: string; actor: Actor };

/** The caller as an assigner, once `assignmentPolicy` allows it; its unit comes from its scope. */
export function assigner(ctx: Ctx): Assigner {
  if (ctx.workspaceId === null) throw errors.forbidden('ASSIGN_COURSES');
  const actor = actorOf(ctx);
  authorize(actor, assignmentPolicy, 'assign', null);
  return { workspaceId: actor.workspaceId, unit: assignerUnit(actor), accountId: actor.accountId, actor };
}

/** The course, as the caller may see it; `assign`: it must be usable (own, or available) and published. */
export async function courseFor(tx: Tx, s: Assigner, courseId: string, assign: boolean): Promise<repo.AssignCourse> {
  const course = await repo.findCourse(tx, s.workspaceId, courseId);
  if (!course) throw errors.notFound('COURSE');
  // A business unit admin does not see drafts (courses.manage is the whole workspace's).
  if (!course.publishedVersionId && (s.unit || assign)) {
    if (assign && !s.unit)
      throw errors.conflict('COURSE_NOT_PUBLISHED', 'This course is not published yet: publish it first.');
    throw errors.notFound('COURSE');
  }
  if (assign && !course.usable) throw errors.notFound('COURSE');
  return course;
}

/** The due date: the end of that calendar day in the workspace's zone; a day already past → 400. */
export async function dueAtOf(ctx: Ctx, tx: Tx, s: Assigner, dueDate: string | undefined): Promise<Date | null> {
  if (!dueDate) return null;
  const zone = await repo.workspaceTimeZone(tx, s.workspaceId);
  let due: Date;
  try {
    due = endOfDayInZone(startOfDateInZone(dueDate, zone), zone);
  } catch {
    due = new Date(Number.NaN);
  }
  if (Number.isNaN(due.getTime()) || dateInZone(due, zone) !== dueDate)
    throw errors.badRequest('VALIDATION_FAILED', 'The due date is not a calendar date.', [
      { path: 'dueDate', message: 'Use the form YYYY-MM-DD', code: 'INVALID_DATE' },
    ]);
  if (due.getTime() < ctx.clock.now().getTime())
    throw errors.badRequest('DUE_DATE_PAST', 'The due date is in the past. Choose today or a later date.', [
      { path: 'dueDate', message: 'is in the past', code: 'DUE_DATE_PAST' },
    ]);
  return due;
}

/** Every one of `ids` must be a live member within the caller's scope (else 404: outside reads as missing). */
export async function requireInScope(tx: Tx, s: Assigner, ids: string[]): Promise<string[]> {
  const unique = [...new Set(ids)];
  const found = await repo.membersInScope(tx, s, unique);
  if (found.length !== unique.length) throw errors.notFound('USER');
  return unique;
}

export async function checkUnitFilter(tx: Tx, s: Assigner, branchId: string | undefined, departmentId?: string) {
  if (branchId) {
    if (!(await repo.findBranch(tx, s.workspaceId, branchId))) throw errors.notFound('BRANCH');
    if (s.unit && s.unit !== branchId) throw errors.forbidden('SEE_OTHER_UNITS');
  }
  if (departmentId) {
    const d = await repo.findDepartment(tx, s.workspaceId, departmentId);
    if (!d) throw errors.notFound('DEPARTMENT');
    if (s.unit && s.unit !== d.branchId) throw errors.forbidden('SEE_OTHER_UNITS');
  }
}

/** A catalogue course's balance after an assignment (null for the workspace's own course). */
export const balanceAfter = (course: repo.AssignCourse, balance: number | null) =>
  course.workspaceId === null ? (balance ?? course.balance ?? 0) : null;

// Assign

export function assignToUsers(ctx: Ctx, body: TAssignToUsersRequest): Promise<TAssignResult> {
  const s = assigner(ctx);
  return ctx.tenant(async (tx) => {
    const course = await courseFor(tx, s, body.courseId, true);
    const accountIds = await requireInScope(tx, s, body.userIds);
    const dueAt = await dueAtOf(ctx, tx, s, body.dueDate);
    const r = await createEnrolments(ctx, tx, {
      workspaceId: s.workspaceId,
      courseId: course.id,
      accountIds,
      dueAt,
      source: 'MANUAL',
    });
    return { enrolled: r.enrolled.length, skipped: r.skipped.length, balance: balanceAfter(course, r.balance) };
  });
}

export function assignByFilter(ctx: Ctx, body: TBulkAssignFilter): Promise<TBulkAssignResult> {
  const s = assigner(ctx);
  if (body.startJoiningDate && body.endJoiningDate && body.startJoiningDate > body.endJoiningDate)
    throw errors.badRequest('JOINING_DATES_REVERSED', 'The joining date range ends before it starts.', [
      { path: 'endJoiningDate', message: 'is before startJoiningDate', code: 'JOINING_DATES_REVERSED' },
    ]);
  return ctx.tenant(async (tx) => {
    const course = await courseFor(tx, s, body.courseId, true);
    await checkUnitFilter(tx, s, body.branchId, body.departmentId);
    if (body.userIds?.length) await requireInScope(tx, s, body.userIds);
    const dueAt = await dueAtOf(ctx, tx, s, body.dueDate);
    const match = await repo.matchFilter(tx, s, course.id, body);
    const toEnrol = match.ids.length - match.enrolled;
    const creditsNeeded = course.workspaceId === null ? toEnrol : 0;
    if (body.dryRun || toEnrol === 0)
      return {
        dryRun: body.dryRun ?? false,
        matched: match.ids.length,
        enrolled: body.dryRun ? toEnrol : 0,
        skipped: match.enrolled,
        creditsNeeded,
        balance: balanceAfter(course, null),
      };
    const r = await createEnrolments(ctx, tx, {
      workspaceId: s.workspaceId,
      courseId: course.id,
      accountIds: match.ids,
      dueAt,
      source: 'FILTER',
    });
    return {
      dryRun: false,
      matched: match.ids.length,
      enrolled: r.enrolled.length,
      skipped: r.skipped.length,
      creditsNeeded,
      balance: balanceAfter(course, r.balance),
    };
  });
}

// Unassign

/**
 * Ends the learners' enrolments (status REMOVED; progress, attempts and certificates are kept).
 * A catalogue course's credit comes back (one REFUND row, at most once per enrolment) only for a
 * learner who had not started: no progress of any kind, no completion, still in the first cycle.
 */
export function unassign(ctx: Ctx, body: TUnassignRequest): Promise<TUnassignResult> {
  const s = assigner(ctx);
  authorize(ctx, enrolmentPolicy, 'unassign', { accountIds: body.userIds });
  return ctx.tenant(async (tx) => {
    const course = await courseFor(tx, s, body.courseId, false);
    const accountIds = await requireInScope(tx, s, body.userIds);
    const removed = await repo.removeEnrolments(tx, {
      workspaceId: s.workspaceId,
      courseId: course.id,
      accountIds,
      actor: s.accountId,
    });
    if (removed.length)
      await ctx.audit.many(
        'enrolment.removed',
        removed.map((e) => ({
          targetId: e.id,
          change: {
            before: { status: 'ACTIVE' },
            after: { status: 'REMOVED', courseId: course.id, accountId: e.accountId },
          },
        })),
      );
    let refunded = 0;
    const refundable = removed.filter((e) => e.creditSpent && !e.started).map((e) => e.id);
    if (course.workspaceId === null && refundable.length) {
      refunded = await repo.insertRefunds(tx, {
        workspaceId: s.workspaceId,
        courseId: course.id,
        enrolmentIds: refundable,
        actor: s.accountId,
      });
    }
    const balance = course.workspaceId === null ? await repo.balanceOf(tx, s.workspaceId, course.id) : null;
    if (refunded) await ctx.audit('credits.refunded', course.id, { after: { refunded, balance } });
    return { removed: removed.length, refunded, balance };
  });
}

// Courses

export function assignableCourses(ctx: Ctx): Promise<TAssignableCourse[]> {
  const s = assigner(ctx);
  return ctx.tenant((tx) => repo.assignableCourses(tx, s.workspaceId));
}
