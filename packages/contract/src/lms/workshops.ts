import { z } from 'zod';
import { ZPagedResult, ZUuid } from '../common.ts';
import { ZPlainDate } from '../invites.ts';
import { ZBulkAssignFilter } from './assignments.ts';

/**
 * Workshops (issue 21, item 13): an in-person or online session — a POSH Rule 13 / s.19(c)
 * awareness programme, the Internal Committee's orientation — with invitations (a calendar file
 * each), attendance marked by the trainer or by a code shown at the session, and attendance counting
 * as completion of the course it belongs to. Managing takes `courses.assign` (a business unit admin:
 * its own unit's workshops and people only); the trainer marks attendance of their own workshop; a
 * member sees only the workshops they are invited to.
 */

export const WORKSHOPS_PAGE_SIZE = 20;
/** The session code: six digits. */
export const WORKSHOP_CODE_LENGTH = 6;
/** The code is accepted from this many minutes before the start until this many after the end. */
export const WORKSHOP_CHECK_IN_EARLY_MINUTES = 15;
export const WORKSHOP_CHECK_IN_LATE_MINUTES = 15;

export const ZWorkshopAction = z.enum(['view', 'edit', 'cancel', 'markAttendance', 'showCode']);
export type TWorkshopAction = z.infer<typeof ZWorkshopAction>;

export const ZMyWorkshopAction = z.enum(['downloadCalendar', 'checkIn']);
export type TMyWorkshopAction = z.infer<typeof ZMyWorkshopAction>;

export const ZWorkshopStatus = z.enum(['SCHEDULED', 'CANCELLED']);
export type TWorkshopStatus = z.infer<typeof ZWorkshopStatus>;

/** Who is invited: the course assignment's filter (business unit, department, joining dates, people). */
export const ZWorkshopAudience = ZBulkAssignFilter.omit({ courseId: true, dueDate: true, dryRun: true });
export type TWorkshopAudience = z.infer<typeof ZWorkshopAudience>;

const ZClockTime = z.string().regex(/^([01]\d|2[0-3]):[0-5]\d$/, 'Use the form HH:MM (24 hours)');
const ZText = (max: number) => z.string().trim().min(1).max(max);

/** When and where: a calendar date and a time of day in the workspace's time zone. */
const ZWorkshopSchedule = z.object({
  title: ZText(200),
  description: z.string().trim().max(4000).nullish(),
  date: ZPlainDate,
  time: ZClockTime,
  durationMinutes: z.number().int().min(5).max(720),
  /** A room or an address (at least one of location and onlineUrl). */
  location: z.string().trim().max(300).nullish(),
  onlineUrl: z
    .string()
    .trim()
    .max(500)
    .regex(/^https?:\/\/\S+$/, 'A link starting with https://')
    .nullish(),
  trainerId: ZUuid,
  capacity: z.number().int().min(1).max(10000),
});

export const ZWorkshopCreateRequest = ZWorkshopSchedule.extend({
  /** The course attendance completes (optional). */
  courseId: ZUuid.nullish(),
  audience: ZWorkshopAudience,
});
export type TWorkshopCreateRequest = z.infer<typeof ZWorkshopCreateRequest>;

/** An edit: what it changes. A new date, time, duration or place mails every invitee an update. */
export const ZWorkshopUpdateRequest = ZWorkshopSchedule.partial();
export type TWorkshopUpdateRequest = z.infer<typeof ZWorkshopUpdateRequest>;

export const ZWorkshopListRequest = z.object({
  pageNo: z.coerce.number().int().min(0).max(100_000).default(0),
  /** UPCOMING (not yet ended, soonest first) or PAST (ended, latest first); default UPCOMING. */
  when: z.enum(['UPCOMING', 'PAST']).default('UPCOMING'),
});
export type TWorkshopListRequest = z.infer<typeof ZWorkshopListRequest>;

export const ZWorkshop = z.object({
  id: ZUuid,
  title: z.string(),
  description: z.string().nullable(),
  status: ZWorkshopStatus,
  /** ISO instants. */
  startsAt: z.string(),
  endsAt: z.string(),
  /** The start as the workspace reads it, for the edit form. */
  date: z.string(),
  time: z.string(),
  timeZone: z.string(),
  durationMinutes: z.number().int(),
  location: z.string().nullable(),
  onlineUrl: z.string().nullable(),
  trainer: z.object({ id: ZUuid, name: z.string() }),
  capacity: z.number().int(),
  course: z.object({ id: ZUuid, title: z.string() }).nullable(),
  branchId: ZUuid.nullable(),
  audience: ZWorkshopAudience,
  invited: z.number().int(),
  attended: z.number().int(),
  actions: z.array(ZWorkshopAction),
});
export type TWorkshop = z.infer<typeof ZWorkshop>;

export const ZWorkshopPage = ZPagedResult(ZWorkshop);
export type TWorkshopPage = z.infer<typeof ZWorkshopPage>;

export const ZWorkshopAttendee = z.object({
  userId: ZUuid,
  name: z.string(),
  email: z.string().nullable(),
  departmentName: z.string().nullable(),
  attendedAt: z.string().nullable(),
  method: z.enum(['TRAINER', 'CODE']).nullable(),
});
export type TWorkshopAttendee = z.infer<typeof ZWorkshopAttendee>;

/** A workshop with its invitation list (the administrators' and the trainer's page). */
export const ZWorkshopDetails = ZWorkshop.extend({ attendees: z.array(ZWorkshopAttendee) });
export type TWorkshopDetails = z.infer<typeof ZWorkshopDetails>;

export const ZWorkshopAttendanceRequest = z.object({ attended: z.boolean() });
export type TWorkshopAttendanceRequest = z.infer<typeof ZWorkshopAttendanceRequest>;

export const ZWorkshopAttendanceResult = z.object({
  userId: ZUuid,
  attendedAt: z.string().nullable(),
  /** The linked course was completed by this attendance (its certificate issued). */
  courseCompleted: z.boolean(),
  attended: z.number().int(),
});
export type TWorkshopAttendanceResult = z.infer<typeof ZWorkshopAttendanceResult>;

export const ZWorkshopSessionCode = z.object({
  code: z.string(),
  /** When attendees can enter it (ISO instants). */
  validFrom: z.string(),
  validUntil: z.string(),
});
export type TWorkshopSessionCode = z.infer<typeof ZWorkshopSessionCode>;

export const ZWorkshopCheckInRequest = z.object({
  code: z
    .string()
    .trim()
    .regex(/^\d{6}$/, 'Six digits'),
});
export type TWorkshopCheckInRequest = z.infer<typeof ZWorkshopCheckInRequest>;

/** A workshop the member is invited to. */
export const ZMyWorkshop = z.object({
  id: ZUuid,
  title: z.string(),
  description: z.string().nullable(),
  status: ZWorkshopStatus,
  startsAt: z.string(),
  endsAt: z.string(),
  timeZone: z.string(),
  durationMinutes: z.number().int(),
  location: z.string().nullable(),
  onlineUrl: z.string().nullable(),
  trainerName: z.string(),
  course: z.object({ id: ZUuid, title: z.string() }).nullable(),
  attendedAt: z.string().nullable(),
  /** The session code is accepted now. */
  checkInOpen: z.boolean(),
  actions: z.array(ZMyWorkshopAction),
});
export type TMyWorkshop = z.infer<typeof ZMyWorkshop>;

export const ZMyWorkshops = z.object({ content: z.array(ZMyWorkshop) });
export type TMyWorkshops = z.infer<typeof ZMyWorkshops>;

/** "Workshops held in a period" (the annual report's count): days in the workspace's zone, both included. */
export const ZWorkshopsHeldQuery = z.object({ from: ZPlainDate, to: ZPlainDate });
export type TWorkshopsHeldQuery = z.infer<typeof ZWorkshopsHeldQuery>;

export const ZWorkshopsHeld = z.object({
  from: z.string(),
  to: z.string(),
  /** Workshops not cancelled that started within the period and have ended. */
  held: z.number().int(),
  /** Attendances marked at them. */
  attendees: z.number().int(),
  workshops: z.array(
    z.object({
      id: ZUuid,
      title: z.string(),
      startsAt: z.string(),
      invited: z.number().int(),
      attended: z.number().int(),
    }),
  ),
});
export type TWorkshopsHeld = z.infer<typeof ZWorkshopsHeld>;
