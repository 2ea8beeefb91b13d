import { z } from 'zod';

/**
 * Enrolments (issue 14): the vocabulary the learner's and the administrator's sides share
 * (docs/learning-design.md §7). A learner's status is derived, never stored: from the current
 * cycle's start, completion and due date, and the clock.
 */

/** How a learner came to be enrolled. */
export const ENROLMENT_SOURCES = ['MANUAL', 'FILTER', 'FILE', 'AUTO'] as const;
export const ZEnrolmentSource = z.enum(ENROLMENT_SOURCES);
export type TEnrolmentSource = z.infer<typeof ZEnrolmentSource>;

/**
 * The learner's status in the current cycle. DUE_SOON and OVERDUE are NOT_STARTED or IN_PROGRESS
 * work due today or on one of the next `DUE_SOON_DAYS` local days, or past due.
 */
export const LEARNER_STATUSES = ['NOT_STARTED', 'IN_PROGRESS', 'DUE_SOON', 'OVERDUE', 'COMPLETED'] as const;
export const ZLearnerStatus = z.enum(LEARNER_STATUSES);
export type TLearnerStatus = z.infer<typeof ZLearnerStatus>;

/** "Due soon": due today or within this many calendar days (local days; the server's due-rule engine counts them). */
export const DUE_SOON_DAYS = 7;

/** A video counts as watched when this share of its seconds was actually played. */
export const VIDEO_WATCHED_SHARE = 0.9;
/** How often the player sends a video heartbeat, in seconds. */
export const VIDEO_HEARTBEAT_SECONDS = 5;

/**
 * The learner's status of an enrolment at `now` (timestamps as ISO strings or null). `dueSoonUntil`
 * is the last instant of the due-soon window, counted in local days where the reader is (the
 * server's `dueSoonUntil`, services/lms/enrolments/due.ts).
 */
export function learnerStatus(
  e: { startedAt: string | null; completedAt: string | null; dueAt: string | null; validUntil?: string | null },
  now: Date,
  dueSoonUntil: Date,
): TLearnerStatus {
  // The previous cycle's completion, still valid while the next cycle (opened ahead of it) is open.
  if (e.completedAt || (e.validUntil && Date.parse(e.validUntil) > now.getTime())) return 'COMPLETED';
  if (e.dueAt) {
    const due = Date.parse(e.dueAt);
    if (due < now.getTime()) return 'OVERDUE';
    if (due <= dueSoonUntil.getTime()) return 'DUE_SOON';
  }
  return e.startedAt ? 'IN_PROGRESS' : 'NOT_STARTED';
}
