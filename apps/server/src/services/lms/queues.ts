import { z } from 'zod';

/**
 * The learning module's queues: each one's payload schema. The handlers are listed with them in
 * ./module.ts; the data types join core's `Queues` below, so `ctx.jobs.enqueue` checks them.
 */

/** The kinds of course mail (and of the reminder log, table course_reminders). */
export const COURSE_NOTICE_KINDS = [
  'ASSIGNED',
  'MANUAL',
  'BEFORE_DUE',
  'AFTER_DUE',
  'ESCALATION_1',
  'ESCALATION_2',
  'EXPIRY_NOTICE',
  'NEW_CYCLE',
] as const;
export type CourseNoticeKind = (typeof COURSE_NOTICE_KINDS)[number];

/** A per-zone pass's data: the zone it works on (every active workspace, each in its own zone, without one). */
const ZPass = z.object({ timeZone: z.string().optional() });

export const LMS_PAYLOADS = {
  /** Extracts an imported SCORM package into storage (./scorm; idempotent by package id). */
  'lms.scorm-extract': z.object({ packageId: z.string(), workspaceId: z.string().nullable() }),
  /** One course mail (assigned, reminder, escalation, expiry notice, new cycle) about an enrolment's cycle. */
  'lms.course-notice': z.object({
    workspaceId: z.string(),
    enrolmentId: z.string(),
    cycle: z.number().int(),
    kind: z.enum(COURSE_NOTICE_KINDS),
    /** The day (workspace zone, YYYY-MM-DD) the notice is for: the reminder log's key. */
    day: z.string(),
    sentBy: z.string().nullable().optional(),
  }),
  /** Daily per workspace zone: reminders before and after due dates, escalations, expiry notices. */
  'lms.reminders-pass': ZPass,
  /** Daily per workspace zone: recurring courses whose completion expired start their next cycle. */
  'lms.recurrence-pass': ZPass,
  /** Enrols a new member on the courses whose auto-assign rule they match. */
  'lms.auto-assign': z.object({ workspaceId: z.string(), accountId: z.string(), joinedOn: z.string().optional() }),
  /** A course published a new version; workspaces that retrain on update start new cycles. */
  'lms.course-updated': z.object({ courseId: z.string(), versionId: z.string() }),
} as const;

type LmsQueues = { [Q in keyof typeof LMS_PAYLOADS]: z.infer<(typeof LMS_PAYLOADS)[Q]> };
declare module '../../core/jobs.ts' {
  interface Queues extends LmsQueues {}
}
