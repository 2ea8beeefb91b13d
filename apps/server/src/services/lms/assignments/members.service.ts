import { Readable } from 'node:stream';
import {
  LEARNER_STATUSES,
  learnerStatus,
  MEMBERS_PAGE_SIZE,
  type TAssignableUser,
  type TAssignableUsersRequest,
  type TCourseMember,
  type TCourseMembersPage,
  type TCourseMembersRequest,
  type TLearnerStatus,
  type TPagedResult,
  toPagedResult,
} from '@app/contract';
import type { Ctx } from '../../../core/context.ts';
import { csvField } from '../../../core/csv.ts';
import { dateInZone } from '../../../core/deadlines.ts';
import { type Actor, allowedActions } from '../../../core/policy.ts';
import { dueSoonUntil } from '../enrolments/due.ts';
import { enrolmentPolicy } from './assignments.policy.ts';
import * as repo from './assignments.repo.ts';

import { assigner, checkUnitFilter, courseFor } from './assignments.service.ts';

/** Following learners: the course's members (page, counts, CSV export) and the people one may assign. */

// Members

/** A stored time as ISO text (null stays null). */
export const iso = (d: Date | string | null) => (d === null ? null : new Date(d).toISOString());

function toMember(r: repo.MemberRow, at: repo.StatusClock, actor: Actor | null): TCourseMember {
  return {
    enrolmentId: r.enrolmentId,
    userId: r.userId,
    name: r.name ?? r.email ?? '',
    email: r.email,
    employeeId: r.employeeId,
    branchName: r.branchName,
    departmentName: r.departmentName,
    status: learnerStatus(
      {
        startedAt: iso(r.startedAt),
        completedAt: iso(r.completedAt),
        dueAt: iso(r.dueAt),
        validUntil: iso(r.validUntil),
      },
      at.now,
      at.soonUntil,
    ),
    progressPercent: r.progressPercent,
    attemptsUsed: r.attemptsUsed,
    bestScore: r.bestScore,
    selfReported: r.selfReported,
    dueAt: iso(r.dueAt),
    assignedAt: iso(r.assignedAt)!,
    completedAt: iso(r.completedAt),
    cycle: r.cycle,
    source: r.source,
    actions: actor
      ? allowedActions(actor, enrolmentPolicy, { accountIds: [r.userId], completed: r.completedAt !== null })
      : [],
  };
}

export function members(ctx: Ctx, body: TCourseMembersRequest): Promise<TCourseMembersPage> {
  const s = assigner(ctx);
  return ctx.tenant(async (tx) => {
    const course = await courseFor(tx, s, body.courseId, false);
    await checkUnitFilter(tx, s, body.branchId);
    const zone = await repo.workspaceTimeZone(tx, s.workspaceId);
    const now = ctx.clock.now();
    const at = { now, soonUntil: dueSoonUntil(now, zone) };
    const q = {
      courseId: course.id,
      ...at,
      search: body.search || undefined,
      status: body.status,
      branchId: body.branchId,
    };
    const page = { pageNo: body.pageNo, pageSize: MEMBERS_PAGE_SIZE };
    const rows = await repo.membersPage(tx, s, { ...q, ...page });
    const counts = await repo.statusCounts(tx, s, { ...q, search: undefined, status: undefined });
    const summary = Object.fromEntries(LEARNER_STATUSES.map((st) => [st, counts[st] ?? 0])) as Record<
      TLearnerStatus,
      number
    >;
    return {
      ...toPagedResult(
        rows.map((r) => toMember(r, at, s.actor)),
        rows[0]?.total ?? 0,
        page,
      ),
      summary: { total: Object.values(summary).reduce((a, b) => a + b, 0), ...summary },
      courseTitle: course.title,
      timeZone: zone,
    };
  });
}

/** The export's columns (after the spec's course report). */
const EXPORT_HEADERS = [
  'Name',
  'Email',
  'Employee ID',
  'Business unit',
  'Department',
  'Status',
  'Progress (%)',
  'Attempts used',
  'Best score',
  'Due date',
  'Assigned on',
  'Completed on',
  'Cycle',
];
const STATUS_TEXT: Record<TLearnerStatus, string> = {
  NOT_STARTED: 'Not started',
  IN_PROGRESS: 'In progress',
  DUE_SOON: 'Due soon',
  OVERDUE: 'Overdue',
  COMPLETED: 'Completed',
};
const EXPORT_BATCH = 1000;

/** `GET course/members/export`: every learner in scope as CSV, read and streamed in batches; audited (`course.members_exported`). */
export async function exportMembers(
  ctx: Ctx,
  courseId: string,
): Promise<{ filename: string; contentType: string; body: Readable }> {
  const s = assigner(ctx);
  const now = ctx.clock.now();
  // The export is recorded (the course and how many learners it holds: ids and counts only) before
  // the first byte leaves, like the users' export.
  const { zone, title } = await ctx.tenant(async (tx) => {
    const course = await courseFor(tx, s, courseId, false);
    const zone = await repo.workspaceTimeZone(tx, s.workspaceId);
    const rows = await repo.countMembers(tx, s, { courseId, now, soonUntil: dueSoonUntil(now, zone) });
    await ctx.audit('course.members_exported', course.id, { format: 'csv', rows });
    return { zone, title: course.title };
  });
  const at = { now, soonUntil: dueSoonUntil(now, zone) };
  const day = (d: string | null) => (d ? dateInZone(new Date(d), zone) : '');
  async function* csv(): AsyncGenerator<string> {
    yield `\uFEFF${EXPORT_HEADERS.map(csvField).join(',')}\r\n`;
    let after: string | null = null;
    for (;;) {
      const from = after;
      const rows: repo.MemberRow[] = await ctx.tenant((tx) =>
        repo.membersAfter(tx, s, { courseId, ...at }, from, EXPORT_BATCH),
      );
      yield rows
        .map((r) => {
          const m = toMember(r, at, null);
          return `${[
            m.name,
            m.email ?? '',
            m.employeeId ?? '',
            m.branchName ?? '',
            m.departmentName ?? '',
            STATUS_TEXT[m.status],
            String(m.progressPercent),
            String(m.attemptsUsed),
            m.bestScore === null ? '' : String(m.bestScore),
            day(m.dueAt),
            day(m.assignedAt),
            day(m.completedAt),
            String(m.cycle),
          ]
            .map(csvField)
            .join(',')}\r\n`;
        })
        .join('');
      if (rows.length < EXPORT_BATCH) return;
      after = rows[rows.length - 1]!.enrolmentId;
    }
  }
  const safe =
    title
      .replace(/[^\p{L}\p{N}]+/gu, '-')
      .replace(/^-|-$/g, '')
      .slice(0, 60) || 'course';
  return {
    // The file's date is the workspace's day, as every date in it (issue 21 item 5).
    filename: `${safe}-learners-${dateInZone(now, zone)}.csv`,
    contentType: 'text/csv; charset=utf-8',
    body: Readable.from(csv()),
  };
}

export function assignableUsers(ctx: Ctx, body: TAssignableUsersRequest): Promise<TPagedResult<TAssignableUser>> {
  const s = assigner(ctx);
  return ctx.tenant(async (tx) => {
    const course = await courseFor(tx, s, body.courseId, false);
    await checkUnitFilter(tx, s, body.branchId, body.departmentId);
    const page = { pageNo: body.pageNo, pageSize: MEMBERS_PAGE_SIZE };
    const rows = await repo.assignablePage(tx, s, {
      courseId: course.id,
      search: body.search || undefined,
      branchId: body.branchId,
      departmentId: body.departmentId,
      ...page,
    });
    return toPagedResult(
      rows.map(({ total: _, ...r }) => ({ ...r, name: r.name ?? r.email ?? '' })),
      rows[0]?.total ?? 0,
      page,
    );
  });
}
