import { Readable } from 'node:stream';
import {
  ATTEMPTS_GRANT_MAX,
  EXTRA_ATTEMPTS_MAX,
  LEARNER_STATUSES,
  learnerStatus,
  MEMBERS_PAGE_SIZE,
  type TAssignableCourse,
  type TAssignableUser,
  type TAssignableUsersRequest,
  type TAssignResult,
  type TAssignToUsersRequest,
  type TAttemptsExceeded,
  type TBulkAssignFilter,
  type TBulkAssignResult,
  type TCourseMember,
  type TCourseMembersPage,
  type TCourseMembersRequest,
  type TFileAssignResult,
  type TIncreaseAttemptsRequest,
  type TIncreaseAttemptsResult,
  type TLearnerStatus,
  type TPagedResult,
  type TUnassignRequest,
  type TUnassignResult,
  type TUserAttempts,
  toPagedResult,
  ZUuid,
} from '@app/contract';
import type { Ctx } from '../../../core/context.ts';
import type { Tx } from '../../../core/db/database.ts';
import { dateInZone, endOfDayInZone, startOfDateInZone } from '../../../core/deadlines.ts';
import { AppError, errors } from '../../../core/errors.ts';
import { type Actor, actorOf, allowedActions, authorize } from '../../../core/policy.ts';
import { readSpreadsheet, type SpreadsheetLimits } from '../../../core/spreadsheets.ts';
import { csvField } from '../../main/audit/audit.service.ts';
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
async function courseFor(tx: Tx, s: Assigner, courseId: string, assign: boolean): Promise<repo.AssignCourse> {
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
async function dueAtOf(ctx: Ctx, tx: Tx, s: Assigner, dueDate: string | undefined): Promise<Date | null> {
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

const balanceAfter = (course: repo.AssignCourse, balance: number | null) =>
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

/** At most this many courses in one file assignment. */
const FILE_MAX_COURSES = 20;

function parseCourseList(value: string | undefined): string[] {
  const ids = [
    ...new Set(
      (value ?? '')
        .split(/[\s,]+/)
        .map((x) => x.trim())
        .filter(Boolean),
    ),
  ];
  const bad = ids.filter((id) => !ZUuid.safeParse(id).success);
  if (ids.length === 0 || ids.length > FILE_MAX_COURSES || bad.length)
    throw new AppError(400, 'VALIDATION_FAILED', `Name 1 to ${FILE_MAX_COURSES} courses by their ids.`, {
      details: [{ path: 'courseList', message: `1 to ${FILE_MAX_COURSES} course ids, separated by commas` }],
    });
  return ids;
}

const norm = (header: string) => header.toLowerCase().replace(/[^a-z]/g, '');
const EMAIL_HEADERS = new Set(['email', 'emailaddress', 'useremail', 'emailid', 'mail']);
const EMPLOYEE_HEADERS = new Set(['employeeid', 'empid', 'employeecode', 'employeeno', 'employeenumber']);

type RowProblem = { rowNumber: number; column: string; reason: string; code: string };

/**
 * `course/bulk-add-users`: the people a file names (an Email or Employee ID column), assigned every
 * course of `courseList`. Every row is checked first: any row naming nobody the caller can assign,
 * or someone twice, → 400 `ASSIGN_FILE_INVALID` with one error per row and nothing enrolled;
 * otherwise every course × person is enrolled in one transaction (all or nothing, NO_CREDITS included).
 */
export async function assignFromFile(
  ctx: Ctx,
  upload: { path: string; limits: SpreadsheetLimits; fields: Record<string, string> },
): Promise<TFileAssignResult> {
  const s = assigner(ctx);
  const unknown = Object.keys(upload.fields).filter((f) => f !== 'courseList' && f !== 'dueDate');
  if (unknown.length)
    throw new AppError(400, 'VALIDATION_FAILED', 'This upload takes the file, courseList and dueDate only.', {
      details: unknown.map((name) => ({ path: name, message: 'is not a field of this upload' })),
    });
  const courseIds = parseCourseList(upload.fields.courseList);
  const dueDate = upload.fields.dueDate?.trim() || undefined;
  if (dueDate && !/^\d{4}-\d{2}-\d{2}$/.test(dueDate))
    throw new AppError(400, 'VALIDATION_FAILED', 'The due date is not a calendar date.', {
      details: [{ path: 'dueDate', message: 'Use the form YYYY-MM-DD' }],
    });

  // Read every row first (the reader enforces the size, row and cell limits on what it reads).
  const rows: Array<{ rowNumber: number; email: string | null; employeeId: string | null }> = [];
  let emailCol = -1;
  let employeeCol = -1;
  for await (const row of readSpreadsheet(upload.path, upload.limits)) {
    if (row.rowNumber === 1) {
      row.cells.forEach((c, i) => {
        const h = norm(c);
        if (emailCol < 0 && EMAIL_HEADERS.has(h)) emailCol = i;
        if (employeeCol < 0 && EMPLOYEE_HEADERS.has(h)) employeeCol = i;
      });
      if (emailCol < 0 && employeeCol < 0)
        throw errors.badRequest(
          'ASSIGN_FILE_INVALID',
          'Row 1 must name an Email or an Employee ID column.',
          [{ path: 'row 1', message: 'needs an Email or Employee ID column', code: 'NO_IDENTITY_COLUMN' }],
          { count: 1 },
        );
      continue;
    }
    const email = emailCol >= 0 ? (row.cells[emailCol] ?? '').trim().toLowerCase() : '';
    const employeeId = employeeCol >= 0 ? (row.cells[employeeCol] ?? '').trim() : '';
    if (row.cells.every((c) => !c.trim())) continue;
    rows.push({ rowNumber: row.rowNumber, email: email || null, employeeId: employeeId || null });
  }
  if (rows.length === 0) throw new AppError(400, 'EMPTY_FILE', 'The file names nobody: put one person per row.');

  return ctx.tenant(async (tx) => {
    const courses = [];
    for (const id of courseIds) courses.push(await courseFor(tx, s, id, true));
    const dueAt = await dueAtOf(ctx, tx, s, dueDate);
    const found = await repo.membersByIdentity(
      tx,
      s.workspaceId,
      rows.flatMap((r) => (r.email ? [r.email] : [])),
      rows.flatMap((r) => (r.employeeId && !r.email ? [r.employeeId] : [])),
    );
    const byEmail = new Map(found.filter((f) => f.email).map((f) => [f.email!, f]));
    const byEmployee = new Map<string, (typeof found)[number] | null>();
    for (const f of found) {
      if (!f.employeeId) continue;
      // An employee ID two members share names nobody for sure.
      byEmployee.set(f.employeeId, byEmployee.has(f.employeeId) ? null : f);
    }
    const problems: RowProblem[] = [];
    const seen = new Map<string, number>();
    const accountIds: string[] = [];
    for (const r of rows) {
      const column = r.email ? 'Email' : 'Employee ID';
      if (!r.email && !r.employeeId) {
        problems.push({ rowNumber: r.rowNumber, column, reason: 'Give an email or an employee ID', code: 'REQUIRED' });
        continue;
      }
      const m = r.email ? byEmail.get(r.email) : byEmployee.get(r.employeeId!);
      if (!m || (s.unit && m.branchId !== s.unit)) {
        problems.push({
          rowNumber: r.rowNumber,
          column,
          reason: 'Names no active member you can assign',
          code: 'NO_SUCH_MEMBER',
        });
        continue;
      }
      const first = seen.get(m.accountId);
      if (first !== undefined) {
        problems.push({ rowNumber: r.rowNumber, column, reason: `Same person as row ${first}`, code: 'DUPLICATE' });
        continue;
      }
      seen.set(m.accountId, r.rowNumber);
      accountIds.push(m.accountId);
    }
    if (problems.length)
      throw errors.badRequest(
        'ASSIGN_FILE_INVALID',
        `Nobody was assigned: ${problems.length === 1 ? 'one row needs' : `${problems.length} rows need`} correcting.`,
        problems.slice(0, 1000).map((p) => ({
          path: `row ${p.rowNumber}.${p.column}`,
          message: p.reason,
          code: p.code,
          params: { row: p.rowNumber, column: p.column },
        })),
        { count: problems.length },
      );
    let enrolled = 0;
    let skipped = 0;
    for (const course of courses) {
      const r = await createEnrolments(ctx, tx, {
        workspaceId: s.workspaceId,
        courseId: course.id,
        accountIds,
        dueAt,
        source: 'FILE',
      });
      enrolled += r.enrolled.length;
      skipped += r.skipped.length;
    }
    return { courses: courses.length, people: accountIds.length, enrolled, skipped };
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

// Members

const iso = (d: Date | string | null) => (d === null ? null : new Date(d).toISOString());

function toMember(r: repo.MemberRow, now: Date, actor: Actor | null): TCourseMember {
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
      now,
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
    const now = ctx.clock.now();
    const q = {
      courseId: course.id,
      now,
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
        rows.map((r) => toMember(r, now, s.actor)),
        rows[0]?.total ?? 0,
        page,
      ),
      summary: { total: Object.values(summary).reduce((a, b) => a + b, 0), ...summary },
      courseTitle: course.title,
      timeZone: await repo.workspaceTimeZone(tx, s.workspaceId),
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

/** `GET course/members/export`: every learner in scope as CSV, read and streamed in batches. */
export async function exportMembers(
  ctx: Ctx,
  courseId: string,
): Promise<{ filename: string; contentType: string; body: Readable }> {
  const s = assigner(ctx);
  const { zone, title } = await ctx.tenant(async (tx) => {
    const course = await courseFor(tx, s, courseId, false);
    return { zone: await repo.workspaceTimeZone(tx, s.workspaceId), title: course.title };
  });
  const now = ctx.clock.now();
  const day = (d: string | null) => (d ? dateInZone(new Date(d), zone) : '');
  async function* csv(): AsyncGenerator<string> {
    yield `\uFEFF${EXPORT_HEADERS.map(csvField).join(',')}\r\n`;
    let after: string | null = null;
    for (;;) {
      const from = after;
      const rows: repo.MemberRow[] = await ctx.tenant((tx) =>
        repo.membersAfter(tx, s, { courseId, now }, from, EXPORT_BATCH),
      );
      yield rows
        .map((r) => {
          const m = toMember(r, now, null);
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

// Attempts

export function attemptsExceeded(
  ctx: Ctx,
  body: { courseId: string; pageNo: number },
): Promise<TPagedResult<TAttemptsExceeded>> {
  const s = assigner(ctx);
  return ctx.tenant(async (tx) => {
    const course = await courseFor(tx, s, body.courseId, false);
    const page = { pageNo: body.pageNo, pageSize: MEMBERS_PAGE_SIZE };
    const rows = await repo.exceededPage(tx, s, { courseId: course.id, ...page });
    return toPagedResult(
      rows.map(({ total: _, ...r }) => ({
        ...r,
        name: r.name ?? r.email ?? '',
        quizTitle: r.quizTitle ?? '',
        actions: allowedActions(s.actor, enrolmentPolicy, { accountIds: [r.userId] }).filter(
          (a) => a === 'grantAttempts',
        ),
      })),
      rows[0]?.total ?? 0,
      page,
    );
  });
}

async function enrolmentFor(tx: Tx, s: Assigner, courseId: string, userId: string, lock = false) {
  const course = await courseFor(tx, s, courseId, false);
  const e = await repo.findEnrolment(tx, s, course.id, userId, lock);
  if (!e) throw errors.notFound('ENROLMENT');
  return e;
}

export function userAttempts(ctx: Ctx, q: { courseId: string; userId: string }): Promise<TUserAttempts> {
  const s = assigner(ctx);
  return ctx.tenant(async (tx) => {
    const e = await enrolmentFor(tx, s, q.courseId, q.userId);
    const quizzes = await repo.quizzesOf(tx, e);
    const attempts = await repo.attemptsOf(tx, e);
    return {
      userId: e.accountId,
      name: e.name ?? '',
      cycle: e.cycle,
      quizzes: quizzes.map((z) => ({
        itemId: z.itemId,
        title: z.title ?? '',
        attemptLimit: z.attemptLimit,
        extraAttempts: z.extraAttempts,
        attemptsUsed: z.attemptsUsed,
        passed: z.passed,
        bestScore: z.bestScore,
        attempts: attempts
          .filter((a) => a.itemId === z.itemId)
          .map((a) => ({ attemptNo: a.attemptNo, score: a.score, passed: a.passed, submittedAt: iso(a.submittedAt)! })),
      })),
    };
  });
}

/** Gives a learner `count` (1..10) more attempts on a quiz of the current cycle; at most 100 extra in all. */
export function increaseAttempts(ctx: Ctx, body: TIncreaseAttemptsRequest): Promise<TIncreaseAttemptsResult> {
  const s = assigner(ctx);
  if (body.count > ATTEMPTS_GRANT_MAX) throw errors.badRequest('VALIDATION_FAILED', 'Too many attempts at once.');
  return ctx.tenant(async (tx) => {
    const e = await enrolmentFor(tx, s, body.courseId, body.userId, true);
    authorize(ctx, enrolmentPolicy, 'grantAttempts', { accountIds: [e.accountId] });
    const quiz = (await repo.quizzesOf(tx, e)).find((z) => z.itemId === body.itemId);
    if (!quiz) throw errors.notFound('COURSE_ITEM');
    if (quiz.attemptLimit === null)
      throw errors.conflict('QUIZ_UNLIMITED', 'This quiz has no attempt limit: there is nothing to grant.');
    const r = await repo.addExtraAttempts(tx, e, body.itemId, body.count, EXTRA_ATTEMPTS_MAX);
    if (r === null)
      throw errors.conflict(
        'ATTEMPTS_LIMIT_REACHED',
        `This learner cannot be given more attempts on this quiz (at most ${EXTRA_ATTEMPTS_MAX} extra in all).`,
        { max: EXTRA_ATTEMPTS_MAX },
      );
    if (!r.found)
      throw errors.conflict('NO_ATTEMPTS_YET', 'This learner has not tried this quiz yet: no attempts are used up.');
    await ctx.audit('enrolment.attempts_granted', e.id, {
      before: { extraAttempts: r.extraAttempts - body.count },
      after: { extraAttempts: r.extraAttempts, itemId: body.itemId, count: body.count, accountId: e.accountId },
    });
    return { extraAttempts: r.extraAttempts, attemptsAllowed: quiz.attemptLimit + r.extraAttempts };
  });
}

// Courses

export function assignableCourses(ctx: Ctx): Promise<TAssignableCourse[]> {
  const s = assigner(ctx);
  return ctx.tenant((tx) => repo.assignableCourses(tx, s.workspaceId));
}
