import type { TCycleEndReason } from '@app/contract';
import { sql } from 'drizzle-orm';
import type { Ctx } from '../../../core/context.ts';
import { queryRows, type Tx } from '../../../core/db/database.ts';
import { dateInZone, withinDaysInZone } from '../../../core/deadlines.ts';
import { workspaceTimeZone } from '../../../core/time-zone.repo.ts';
import { readAssignmentSettings } from './settings.repo.ts';

/**
 * Recurring training (docs/learning-design.md §7 "Cycles"): an enrolment's current cycle ends (its
 * completion expired, the course was updated, or an administrator reassigned the learner) and cycle
 * n+1 starts on the course's current published version. The finished cycle's summary is copied to
 * `enrolment_cycles` (append-only), with its certificate; progress, attempts and certificates are
 * keyed by (enrolment, cycle), so nothing of it is overwritten. No credit is spent: a credit buys
 * the course for a person once per enrolment.
 */

/** What starting a cycle needs of a context: a request's, or a job's (services/lms/automation/job-ctx.ts). */
export type CycleCtx = Pick<Ctx, 'jobs' | 'clock' | 'audit'>;

type Current = {
  id: string;
  workspaceId: string;
  courseId: string;
  courseVersionId: string;
  cycle: number;
  assignedAt: Date | string;
  dueAt: Date | string | null;
  startedAt: Date | string | null;
  completedAt: Date | string | null;
  score: number | null;
  publishedVersionId: string | null;
};

const iso = (d: Date | string | null) => (d === null ? null : new Date(d).toISOString());

/**
 * Starts the next cycle of ACTIVE enrolment `enrolmentId`, in `tx` (row-locked, so two passes at once
 * start one cycle). Its due date is `recurrence_due_days` after now, at the end of that day in the
 * workspace's zone. Enqueues the NEW_CYCLE notice (`lms.course-notice`) and audits
 * `enrolment.cycle_started`. Answers the new cycle's number, or null when the enrolment is not
 * active (removed meanwhile).
 */
export async function startNewCycle(
  ctx: CycleCtx,
  tx: Tx,
  enrolmentId: string,
  reason: TCycleEndReason,
): Promise<{ cycle: number; dueAt: Date } | null> {
  const [e] = await queryRows<Current>(
    tx,
    sql`select e.id, e.workspace_id as "workspaceId", e.course_id as "courseId", e.course_version_id as "courseVersionId",
               e.cycle, e.assigned_at as "assignedAt", e.due_at as "dueAt", e.started_at as "startedAt",
               e.completed_at as "completedAt", e.score, c.published_version_id as "publishedVersionId"
          from enrolments e join courses c on c.id = e.course_id
         where e.id = ${enrolmentId} and e.status = 'ACTIVE'
         for update of e`,
  );
  if (!e) return null;
  const [cert] = await queryRows<{ id: string }>(
    tx,
    sql`select id from certificates where enrolment_id = ${e.id} and cycle = ${e.cycle}`,
  );
  await tx.execute(sql`insert into enrolment_cycles
      (workspace_id, enrolment_id, cycle, course_version_id, assigned_at, due_at, started_at, completed_at, score,
       certificate_id, ended_reason)
      values (${e.workspaceId}, ${e.id}, ${e.cycle}, ${e.courseVersionId}, ${iso(e.assignedAt)}, ${iso(e.dueAt)},
              ${iso(e.startedAt)}, ${iso(e.completedAt)}, ${e.score}, ${cert?.id ?? null}, ${reason})`);
  const zone = await workspaceTimeZone(tx, e.workspaceId);
  const settings = await readAssignmentSettings(tx, e.workspaceId, e.courseId);
  const now = ctx.clock.now();
  const dueAt = withinDaysInZone(now, settings.recurrenceDueDays, zone);
  const next = e.cycle + 1;
  await tx.execute(sql`update enrolments
      set course_version_id = ${e.publishedVersionId ?? e.courseVersionId}, cycle = ${next}, assigned_at = app_now(),
          due_at = ${dueAt.toISOString()}, started_at = null, completed_at = null, progress_percent = 0, score = null,
          expires_at = null, last_reminded_at = null, updated_at = app_now()
      where id = ${e.id}`);
  await ctx.jobs.enqueue(
    tx,
    'lms.course-notice',
    { workspaceId: e.workspaceId, enrolmentId: e.id, cycle: next, kind: 'NEW_CYCLE', day: dateInZone(now, zone) },
    { key: `course-notice:${e.id}:${next}:NEW_CYCLE` },
  );
  await ctx.audit(
    'enrolment.cycle_started',
    e.id,
    { before: { cycle: e.cycle, completedAt: iso(e.completedAt) }, after: { cycle: next, reason, dueAt: iso(dueAt) } },
    { workspaceId: e.workspaceId },
  );
  return { cycle: next, dueAt };
}
