import { type TFileAssignResult, ZUuid } from '@app/contract';
import type { Ctx } from '../../../core/context.ts';
import { AppError, errors } from '../../../core/errors.ts';
import { readSpreadsheet, type SpreadsheetLimits } from '../../../core/spreadsheets.ts';
import { createEnrolments } from '../enrolments/enrolments.service.ts';
import * as repo from './assignments.repo.ts';

import { assigner, courseFor, dueAtOf } from './assignments.service.ts';

/** Assigning from a file (`course/bulk-add-users`): every row checked first, then all or nothing. */

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
