import { sql } from 'drizzle-orm';
import { queryRows, type Tx } from '../../../core/db/database.ts';

/** SQL of recurring cycles (docs/learning-design.md §7 "Cycles"). */

export type CurrentCycle = {
  id: string;
  workspaceId: string;
  courseId: string;
  courseVersionId: string;
  cycle: number;
  assignedAt: Date | string;
  dueAt: Date | string | null;
  startedAt: Date | string | null;
  completedAt: Date | string | null;
  expiresAt: Date | string | null;
  score: number | null;
  publishedVersionId: string | null;
};

const iso = (d: Date | string | null) => (d === null ? null : new Date(d).toISOString());

/** The ACTIVE enrolment's current cycle, row-locked, with the course's published version. */
export async function lockCurrentCycle(tx: Tx, enrolmentId: string): Promise<CurrentCycle | undefined> {
  const [row] = await queryRows<CurrentCycle>(
    tx,
    sql`select e.id, e.workspace_id as "workspaceId", e.course_id as "courseId", e.course_version_id as "courseVersionId",
               e.cycle, e.assigned_at as "assignedAt", e.due_at as "dueAt", e.started_at as "startedAt",
               e.completed_at as "completedAt", e.expires_at as "expiresAt", e.score,
               c.published_version_id as "publishedVersionId"
          from enrolments e join courses c on c.id = e.course_id
         where e.id = ${enrolmentId} and e.status = 'ACTIVE'
         for update of e`,
  );
  return row;
}

/** Copies the cycle's summary (with its certificate, if any) to the history. */
export async function archiveCycle(tx: Tx, e: CurrentCycle, reason: string): Promise<void> {
  await tx.execute(sql`insert into enrolment_cycles
      (workspace_id, enrolment_id, cycle, course_version_id, assigned_at, due_at, started_at, completed_at, score,
       certificate_id, ended_reason)
      values (${e.workspaceId}, ${e.id}, ${e.cycle}, ${e.courseVersionId}, ${iso(e.assignedAt)}, ${iso(e.dueAt)},
              ${iso(e.startedAt)}, ${iso(e.completedAt)}, ${e.score},
              (select id from certificates where enrolment_id = ${e.id} and cycle = ${e.cycle}), ${reason})`);
}

/** Moves the enrolment to cycle `next` on `versionId`, due `dueAt`, with the cycle's progress cleared. */
export async function beginCycle(
  tx: Tx,
  v: { enrolmentId: string; versionId: string; next: number; dueAt: Date; validUntil?: Date | null },
): Promise<void> {
  await tx.execute(sql`update enrolments
      set course_version_id = ${v.versionId}, cycle = ${v.next}, assigned_at = app_now(),
          due_at = ${v.dueAt.toISOString()}, started_at = null, completed_at = null, progress_percent = 0, score = null,
          expires_at = null, last_reminded_at = null, valid_until = ${v.validUntil?.toISOString() ?? null},
          updated_at = app_now()
      where id = ${v.enrolmentId}`);
}
