import { sql } from 'drizzle-orm';
import { queryRows, type Tx } from '../../../core/db/database.ts';
import { type Scope, type StatusClock, statusOf } from '../assignments/assignments.repo.ts';
import { courseTitle } from '../credits/credits.repo.ts';

export type UserCourseRow = {
  courseId: string;
  title: string;
  status: string;
  progressPercent: number;
  bestScore: number | null;
  assignedAt: Date;
  dueAt: Date | null;
  completedAt: Date | null;
};

/** Whether `accountId` is a live member of the workspace within the scope's business unit (if any). */
export async function memberInScope(tx: Tx, s: Scope, accountId: string): Promise<boolean> {
  const rows = await queryRows(
    tx,
    sql`select 1 from memberships m
         where m.workspace_id = ${s.workspaceId} and m.account_id = ${accountId} and m.deleted_at is null
           ${s.unit ? sql`and m.branch_id = ${s.unit}` : sql``}`,
  );
  return rows.length > 0;
}

/**
 * A member's active enrolments (current cycle) with the course's title, its status at `at` (the
 * same rule as the course's learner list), progress, best score and dates; by assignment, newest first.
 */
export async function userCourses(tx: Tx, workspaceId: string, accountId: string, at: StatusClock) {
  return queryRows<UserCourseRow>(
    tx,
    sql`select e.course_id as "courseId", ${courseTitle(sql`c`)} as title, ${statusOf(at)} as status,
               e.progress_percent as "progressPercent",
               coalesce(e.score, (select max(p.best_score)::int from enrolment_item_progress p
                                   where p.enrolment_id = e.id and p.cycle = e.cycle)) as "bestScore",
               e.assigned_at as "assignedAt", e.due_at as "dueAt", e.completed_at as "completedAt"
          from enrolments e
          join courses c on c.id = e.course_id
         where e.workspace_id = ${workspaceId} and e.account_id = ${accountId} and e.status = 'ACTIVE'
         order by e.assigned_at desc, e.id`,
  );
}
