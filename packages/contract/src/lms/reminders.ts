import { z } from 'zod';
import { ZUuid } from '../common.ts';

/**
 * Course reminders and escalation (issue 14; docs/learning-design.md §7): "send now", a course's
 * automatic reminder settings, and the workspace's escalation settings (the spec's "Escalation
 * setting" entity; its thresholds are days after the due date).
 */

/** At most this many people named in one "send now". */
export const REMINDER_MAX_USERS = 1000;

/** `POST /lms/api/course/course-reminder`: remind everyone not finished, or the people named. */
export const ZCourseReminderRequest = z.object({
  courseId: ZUuid,
  userIds: z.array(ZUuid).min(1).max(REMINDER_MAX_USERS).optional(),
});
export type TCourseReminderRequest = z.infer<typeof ZCourseReminderRequest>;

export const ZCourseReminderResult = z.object({
  /** Reminders queued now (one per enrolment). */
  queued: z.number().int(),
  /** Learners already reminded by hand today (one "send now" per learner and day). */
  alreadyReminded: z.number().int(),
  /** Named people who are not enrolled, or who already finished: not reminded. */
  skipped: z.number().int(),
});
export type TCourseReminderResult = z.infer<typeof ZCourseReminderResult>;

/** Bounds of the automatic reminder settings (the table's check constraint says the same). */
export const REMIND_BEFORE_DAYS_MAX = 60;
export const REMIND_AFTER_DAYS_MAX = 60;
export const EXPIRY_NOTICE_DAYS_MAX = 180;

export const ZCourseDueReminderQuery = z.object({ courseId: ZUuid });
export type TCourseDueReminderQuery = z.infer<typeof ZCourseDueReminderQuery>;

/** A course's automatic reminders in this workspace. */
export const ZCourseDueReminderSettings = z.object({
  courseId: ZUuid,
  remindersEnabled: z.boolean(),
  /** A reminder this many days before the due date (0: none before). */
  remindBeforeDays: z.number().int().min(0).max(REMIND_BEFORE_DAYS_MAX),
  /** After the due date, a reminder every this many days until finished. */
  remindAfterEveryDays: z.number().int().min(1).max(REMIND_AFTER_DAYS_MAX),
  /** A completed recurring course: a notice this many days before the completion expires (0: none). */
  expiryNoticeDays: z.number().int().min(0).max(EXPIRY_NOTICE_DAYS_MAX),
});
export type TCourseDueReminderSettings = z.infer<typeof ZCourseDueReminderSettings>;

/** What the caller may do with a course's reminders (reminderPolicy): change the settings, send now. */
export const ZReminderAction = z.enum(['edit', 'send']);
export type TReminderAction = z.infer<typeof ZReminderAction>;

/** A course's reminder settings as answered, with the actions the caller may take. */
export const ZCourseDueReminderState = ZCourseDueReminderSettings.extend({ actions: z.array(ZReminderAction) });
export type TCourseDueReminderState = z.infer<typeof ZCourseDueReminderState>;

export const ZReminderToggle = z.object({ enabled: z.boolean() });
export type TReminderToggle = z.infer<typeof ZReminderToggle>;

// Escalation settings (main API, /api/escalation-setting/…)

export const ESCALATION_TYPES = ['COURSE', 'POLICY', 'CASE', 'COMPLIANCE'] as const;
export const ZEscalationType = z.enum(ESCALATION_TYPES);
export type TEscalationType = z.infer<typeof ZEscalationType>;

export const ESCALATION_DAYS_MAX = 365;
const ZThreshold = z.number().int().min(1).max(ESCALATION_DAYS_MAX);

/**
 * One escalation setting: for a business unit (`branchId`) or the workspace's default (null). The
 * spec's names are kept: `firstThresholdDate` and `secondThresholdDate` are **days after the due
 * date** (first: the learner's department managers are told; second: `targetId`).
 */
export const ZEscalationSetting = z.object({
  id: ZUuid,
  workspaceId: ZUuid,
  branchId: ZUuid.nullable(),
  branchName: z.string().nullable(),
  escalationType: ZEscalationType,
  firstThresholdDate: z.number().int(),
  secondThresholdDate: z.number().int(),
  targetId: ZUuid.nullable(),
  targetName: z.string().nullable(),
  targetEmail: z.string().nullable(),
  enabled: z.boolean(),
  createdAt: z.string(),
  updatedAt: z.string(),
});
export type TEscalationSetting = z.infer<typeof ZEscalationSetting>;

export const ZEscalationSettingList = z.object({ settings: z.array(ZEscalationSetting) });
export type TEscalationSettingList = z.infer<typeof ZEscalationSettingList>;

export const ZEscalationSettingListQuery = z.object({ escalationType: ZEscalationType.optional() });
export type TEscalationSettingListQuery = z.infer<typeof ZEscalationSettingListQuery>;

/** `POST /api/escalation-setting/save`: creates or replaces the row of (type, business unit). */
export const ZEscalationSettingSave = z
  .object({
    branchId: ZUuid.nullable(),
    escalationType: ZEscalationType,
    firstThresholdDate: ZThreshold,
    secondThresholdDate: ZThreshold,
    targetId: ZUuid,
    enabled: z.boolean().default(true),
  })
  .refine((v) => v.secondThresholdDate >= v.firstThresholdDate, {
    path: ['secondThresholdDate'],
    message: 'must be at least the first threshold',
  });
export type TEscalationSettingSave = z.infer<typeof ZEscalationSettingSave>;

export const ZEscalationSettingIdParams = z.object({ id: ZUuid });

/** `GET /api/escalation-setting/recipients`: who an overdue course would actually reach. */
export const ZEscalationRecipientsQuery = z.object({
  escalationType: ZEscalationType.default('COURSE'),
  /** With a course: each department also counts its people enrolled in it and not finished. */
  courseId: ZUuid.optional(),
});
export type TEscalationRecipientsQuery = z.infer<typeof ZEscalationRecipientsQuery>;

export const ZEscalationPerson = z.object({
  accountId: ZUuid,
  name: z.string().nullable(),
  email: z.string().nullable(),
});
export type TEscalationPerson = z.infer<typeof ZEscalationPerson>;

/**
 * Why nobody (or nobody by mail) would be told: `NO_SETTING` (neither the unit nor the workspace
 * has an escalation setting), `OFF` (the setting that applies is switched off), `NO_MANAGERS` (the
 * department has no active manager), `NO_DEPARTMENT` (people of the unit belong to no department,
 * so no managers), `TARGET_INACTIVE` (the chosen person is no longer an active member), `NO_EMAIL`
 * (the people who would be told have no email address).
 */
export const ESCALATION_GAPS = [
  'NO_SETTING',
  'OFF',
  'NO_MANAGERS',
  'NO_DEPARTMENT',
  'TARGET_INACTIVE',
  'NO_EMAIL',
] as const;
export const ZEscalationGap = z.enum(ESCALATION_GAPS);
export type TEscalationGap = z.infer<typeof ZEscalationGap>;

/** A department of a unit (or the unit's people in none: `departmentId` null) and who its first escalation reaches. */
export const ZEscalationDepartmentRecipients = z.object({
  departmentId: ZUuid.nullable(),
  departmentName: z.string().nullable(),
  /** Active members in it. */
  members: z.number().int(),
  /** With `courseId`: of them, those enrolled in the course and not finished. */
  learners: z.number().int().nullable(),
  /** Told at the first threshold (the department's active managers). */
  first: z.array(ZEscalationPerson),
  /** Null when someone would be told by mail. */
  firstGap: ZEscalationGap.nullable(),
});

export const ZEscalationUnitRecipients = z.object({
  branchId: ZUuid,
  branchName: z.string(),
  /** Which setting applies: the unit's own, the workspace's default, or none. */
  source: z.enum(['UNIT', 'DEFAULT', 'NONE']),
  enabled: z.boolean(),
  firstThresholdDays: z.number().int().nullable(),
  secondThresholdDays: z.number().int().nullable(),
  /** Told at the second threshold (the setting's person, while an active member). */
  second: ZEscalationPerson.nullable(),
  secondGap: ZEscalationGap.nullable(),
  departments: z.array(ZEscalationDepartmentRecipients),
});
export type TEscalationUnitRecipients = z.infer<typeof ZEscalationUnitRecipients>;

export const ZEscalationRecipients = z.object({
  units: z.array(ZEscalationUnitRecipients),
  /** How many (unit or department) places would tell nobody where someone is, or could be, overdue. */
  gaps: z.number().int(),
});
export type TEscalationRecipients = z.infer<typeof ZEscalationRecipients>;
