import type { TCycleEndReason } from '@app/contract';
import type { Ctx } from '../../../core/context.ts';
import type { Tx } from '../../../core/db/database.ts';
import { dateInZone, endOfDayInZone, withinDaysInZone } from '../../../core/deadlines.ts';
import { workspaceTimeZone } from '../../../core/time-zone.repo.ts';
import * as repo from './cycles.repo.ts';
import { readAssignmentSettings } from './settings.repo.ts';

/**
 * Recurring training (docs/learning-design.md §7 "Cycles"): an enrolment's current cycle ends (its
 * completion expired, the course was updated, or an administrator reassigned the learner) and cycle
 * n+1 starts on the course's current published version. The finished cycle's summary is copied to
 * `enrolment_cycles` (append-only), with its certificate; progress, attempts and certificates are
 * keyed by (enrolment, cycle), so nothing of it is overwritten. No credit is spent: a credit buys
 * the course for a person once per enrolment.
 */

/** What starting a cycle needs of a context: a request's, or a job's (core/job-context.ts). */
export type CycleCtx = Pick<Ctx, 'jobs' | 'clock' | 'audit'>;

const iso = (d: Date | string | null) => (d === null ? null : new Date(d).toISOString());

/**
 * Starts the next cycle of ACTIVE enrolment `enrolmentId`, in `tx` (row-locked, so two passes at once
 * start one cycle). Its due date is `recurrence_due_days` after now, at the end of that day in the
 * workspace's zone — or, when the cycle's completion is still valid (the daily pass opens the next
 * cycle ahead of its expiry), the expiry day, the completion staying valid until then (`valid_until`). Enqueues the NEW_CYCLE notice (`lms.course-notice`) and audits
 * `enrolment.cycle_started`. Answers the new cycle's number, or null when the enrolment is not
 * active (removed meanwhile).
 */
export async function startNewCycle(
  ctx: CycleCtx,
  tx: Tx,
  enrolmentId: string,
  reason: TCycleEndReason,
  opts: { dueDays?: number } = {},
): Promise<{ cycle: number; dueAt: Date } | null> {
  const e = await repo.lockCurrentCycle(tx, enrolmentId);
  if (!e) return null;
  await repo.archiveCycle(tx, e, reason);
  const zone = await workspaceTimeZone(tx, e.workspaceId);
  const settings = await readAssignmentSettings(tx, e.workspaceId, e.courseId);
  const now = ctx.clock.now();
  // A completion that is still valid (the cycle opened ahead of its expiry) keeps the learner
  // compliant until it expires, and the new cycle is due on that day; otherwise the new cycle is due
  // `recurrence_due_days` (or the caller's days) from now.
  const expires = reason === 'EXPIRED' && e.completedAt && e.expiresAt ? new Date(e.expiresAt) : null;
  const validUntil = expires && expires.getTime() > now.getTime() ? expires : null;
  const dueAt = validUntil
    ? endOfDayInZone(validUntil, zone)
    : withinDaysInZone(now, opts.dueDays ?? settings.recurrenceDueDays, zone);
  const next = e.cycle + 1;
  await repo.beginCycle(tx, {
    enrolmentId: e.id,
    versionId: e.publishedVersionId ?? e.courseVersionId,
    next,
    dueAt,
    validUntil,
  });
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
