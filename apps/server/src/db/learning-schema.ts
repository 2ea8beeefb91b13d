import { sql } from 'drizzle-orm';
import {
  boolean,
  check,
  customType,
  date,
  index,
  integer,
  jsonb,
  pgTable,
  primaryKey,
  smallint,
  text,
  timestamp,
  unique,
  uniqueIndex,
  uuid,
} from 'drizzle-orm/pg-core';
import { courseItems, courses, courseVersions, enrolments, lessonBlocks } from './lms-schema.ts';

/**
 * Learning, part 2 (issue 14): what learners do and what administrators set around it — progress
 * per item and per video, quiz attempts, certificates, the history of each recurring cycle,
 * per-course assignment settings (reminders, recurrence), auto-assign rules (escalation settings: escalation-schema.ts)
 * and the reminder log. Every table is a workspace's own (row-level security in migration
 * 0030_lms_learning.sql, appended after drizzle-kit's statements). The design is
 * docs/learning-design.md §7 ("Part 2").
 *
 * A course's "cycle": an enrolment's current round of the course (1 at assignment). A recurring
 * course starts cycle 2, 3 … when a completion expires; progress, attempts and certificates are keyed
 * by (enrolment, cycle), so nothing of an earlier cycle is overwritten, and `enrolment_cycles` keeps
 * each finished cycle's summary.
 */

const id = () => uuid('id').notNull().defaultRandom();
const createdAt = () => timestamp('created_at', { withTimezone: true }).notNull().default(sql`app_now()`);
const updatedAt = () => timestamp('updated_at', { withTimezone: true }).notNull().default(sql`app_now()`);
const workspaceId = () => uuid('workspace_id').notNull();
const enrolmentRef = () =>
  uuid('enrolment_id')
    .notNull()
    .references(() => enrolments.id);

/** A bit string (`bit varying`): one bit per second of a video, set when that second was played. */
const varbit = customType<{ data: string; driverData: string }>({ dataType: () => 'bit varying' });

/** One finished (or expired, or superseded) cycle of an enrolment: the history of recurring training. */
export const enrolmentCycles = pgTable(
  'enrolment_cycles',
  {
    id: id().primaryKey(),
    workspaceId: workspaceId(),
    enrolmentId: enrolmentRef(),
    cycle: smallint('cycle').notNull(),
    courseVersionId: uuid('course_version_id')
      .notNull()
      .references(() => courseVersions.id),
    assignedAt: timestamp('assigned_at', { withTimezone: true }).notNull(),
    dueAt: timestamp('due_at', { withTimezone: true }),
    startedAt: timestamp('started_at', { withTimezone: true }),
    completedAt: timestamp('completed_at', { withTimezone: true }),
    score: smallint('score'),
    certificateId: uuid('certificate_id'),
    /** Why the cycle ended: EXPIRED (recurrence), UPDATED (retraining after a course update), REASSIGNED (manually), REMOVED. */
    endedReason: text('ended_reason').notNull(),
    endedAt: timestamp('ended_at', { withTimezone: true }).notNull().default(sql`app_now()`),
  },
  (t) => [
    unique('enrolment_cycles_key').on(t.enrolmentId, t.cycle),
    check('enrolment_cycles_reason', sql`${t.endedReason} in ('EXPIRED','UPDATED','REASSIGNED','REMOVED')`),
    check('enrolment_cycles_score', sql`${t.score} is null or ${t.score} between 0 and 100`),
  ],
);

/** A learner's progress on one item (lesson, quiz, SCORM package) of the enrolment's version, per cycle. */
export const enrolmentItemProgress = pgTable(
  'enrolment_item_progress',
  {
    workspaceId: workspaceId(),
    enrolmentId: enrolmentRef(),
    cycle: smallint('cycle').notNull(),
    itemId: uuid('item_id')
      .notNull()
      .references(() => courseItems.id),
    status: text('status').notNull().default('IN_PROGRESS'),
    startedAt: timestamp('started_at', { withTimezone: true }).notNull().default(sql`app_now()`),
    completedAt: timestamp('completed_at', { withTimezone: true }),
    /** Quizzes: attempts submitted in this cycle, and extra attempts granted by an administrator. */
    attemptsUsed: smallint('attempts_used').notNull().default(0),
    extraAttempts: smallint('extra_attempts').notNull().default(0),
    bestScore: smallint('best_score'),
    passed: boolean('passed'),
    /** SCORM: the runtime data the package committed (cmi), at most 64 KB. */
    scormState: jsonb('scorm_state'),
    /**
     * LESSON, recorded with its completion: the seconds from its first opening (`started_at`) to
     * completion, and the minimum reading time then in force (issue 21 item 3).
     */
    readingSeconds: integer('reading_seconds'),
    minReadingSeconds: smallint('min_reading_seconds'),
    /**
     * SCORM: the result (completion, success, score) is the package's own report from the learner's
     * browser, judged on the server by SCORM's rules but not produced by it (issue 21, item 22).
     */
    selfReported: boolean('self_reported').notNull().default(false),
    updatedAt: updatedAt(),
  },
  (t) => [
    primaryKey({ columns: [t.enrolmentId, t.cycle, t.itemId] }),
    index('enrolment_item_progress_workspace_idx').on(t.workspaceId),
    check('enrolment_item_progress_status', sql`${t.status} in ('IN_PROGRESS','COMPLETED')`),
    check('enrolment_item_progress_attempts', sql`${t.attemptsUsed} >= 0 and ${t.extraAttempts} between 0 and 100`),
    check('enrolment_item_progress_score', sql`${t.bestScore} is null or ${t.bestScore} between 0 and 100`),
  ],
);

/** A learner's progress on one video block: resume position and the seconds actually played. */
export const videoProgress = pgTable(
  'video_progress',
  {
    workspaceId: workspaceId(),
    enrolmentId: enrolmentRef(),
    cycle: smallint('cycle').notNull(),
    blockId: uuid('block_id')
      .notNull()
      .references(() => lessonBlocks.id),
    durationSeconds: integer('duration_seconds').notNull(),
    positionSeconds: integer('position_seconds').notNull().default(0),
    /** Bit n set: second n was played (heartbeats may only add what the time since the last one allows). */
    watched: varbit('watched').notNull(),
    watchedSeconds: integer('watched_seconds').notNull().default(0),
    /** Set once at least 90% of the seconds were played. */
    completedAt: timestamp('completed_at', { withTimezone: true }),
    lastBeatAt: timestamp('last_beat_at', { withTimezone: true }).notNull().default(sql`app_now()`),
    updatedAt: updatedAt(),
  },
  (t) => [
    primaryKey({ columns: [t.enrolmentId, t.cycle, t.blockId] }),
    index('video_progress_workspace_idx').on(t.workspaceId),
    check('video_progress_duration', sql`${t.durationSeconds} between 1 and 86400`),
    check(
      'video_progress_position',
      sql`${t.positionSeconds} between 0 and ${t.durationSeconds} and ${t.watchedSeconds} between 0 and ${t.durationSeconds}`,
    ),
  ],
);

/** One submitted quiz attempt. Written once: the idempotency key and the attempt number are unique. */
export const quizAttempts = pgTable(
  'quiz_attempts',
  {
    id: id().primaryKey(),
    workspaceId: workspaceId(),
    enrolmentId: enrolmentRef(),
    cycle: smallint('cycle').notNull(),
    itemId: uuid('item_id')
      .notNull()
      .references(() => courseItems.id),
    accountId: uuid('account_id').notNull(),
    attemptNo: smallint('attempt_no').notNull(),
    idempotencyKey: text('idempotency_key').notNull(),
    /** The answers as submitted (question id → answer), and the per-question result. */
    answers: jsonb('answers').notNull(),
    results: jsonb('results').notNull(),
    score: smallint('score').notNull(),
    correctCount: smallint('correct_count').notNull(),
    questionCount: smallint('question_count').notNull(),
    passed: boolean('passed').notNull(),
    submittedAt: timestamp('submitted_at', { withTimezone: true }).notNull().default(sql`app_now()`),
  },
  (t) => [
    unique('quiz_attempts_number_key').on(t.enrolmentId, t.cycle, t.itemId, t.attemptNo),
    unique('quiz_attempts_idempotency_key').on(t.enrolmentId, t.idempotencyKey),
    index('quiz_attempts_workspace_idx').on(t.workspaceId),
    check('quiz_attempts_score', sql`${t.score} between 0 and 100 and ${t.attemptNo} >= 1`),
    check('quiz_attempts_key', sql`length(${t.idempotencyKey}) between 8 and 100`),
  ],
);

/**
 * A certificate of completion (one per enrolment and cycle). Name, course and date are copied at
 * issue so that the certificate says what was true then; `code` is what anyone can verify at the
 * public URL (through `app_verify_certificate`, which answers only name, course and date).
 */
export const certificates = pgTable(
  'certificates',
  {
    id: id().primaryKey(),
    workspaceId: workspaceId(),
    enrolmentId: enrolmentRef(),
    cycle: smallint('cycle').notNull(),
    accountId: uuid('account_id').notNull(),
    courseId: uuid('course_id')
      .notNull()
      .references(() => courses.id),
    code: text('code').notNull(),
    learnerName: text('learner_name').notNull(),
    courseTitle: text('course_title').notNull(),
    /** The language the course was taken in (the certificate is drawn in it). */
    language: text('language').notNull(),
    score: smallint('score'),
    completedAt: timestamp('completed_at', { withTimezone: true }).notNull(),
    expiresAt: timestamp('expires_at', { withTimezone: true }),
    issuedAt: timestamp('issued_at', { withTimezone: true }).notNull().default(sql`app_now()`),
  },
  (t) => [
    uniqueIndex('certificates_code_key').on(t.code),
    unique('certificates_enrolment_key').on(t.enrolmentId, t.cycle),
    index('certificates_account_idx').on(t.workspaceId, t.accountId),
    check('certificates_code', sql`${t.code} ~ '^[0-9A-Z]{4}-[0-9A-Z]{4}-[0-9A-Z]{4}$'`),
    check('certificates_language', sql`${t.language} in ('en','hi','kn','te','ta','mr','fr')`),
  ],
);

/**
 * A workspace's settings for assigning one course (its own or a catalogue one): automatic reminders
 * and recurrence. No row: the defaults (reminders on, 3 days before, every 7 days after, no recurrence).
 */
export const courseAssignmentSettings = pgTable(
  'course_assignment_settings',
  {
    workspaceId: workspaceId(),
    courseId: uuid('course_id')
      .notNull()
      .references(() => courses.id),
    remindersEnabled: boolean('reminders_enabled').notNull().default(true),
    /** Automatic reminder this many days before the due date. */
    remindBeforeDays: smallint('remind_before_days').notNull().default(3),
    /** After the due date, a reminder every this many days until finished. */
    remindAfterEveryDays: smallint('remind_after_every_days').notNull().default(7),
    /** Recurrence: completion expires this many months after it (null: never). */
    recurrenceMonths: smallint('recurrence_months'),
    /** Days a new cycle is due after it starts. */
    recurrenceDueDays: smallint('recurrence_due_days').notNull().default(30),
    /** The learner is reminded this many days before a completion expires. */
    expiryNoticeDays: smallint('expiry_notice_days').notNull().default(30),
    /** Publishing a new version of the course starts a new cycle for everyone who completed it. */
    retrainOnUpdate: boolean('retrain_on_update').notNull().default(false),
    updatedBy: uuid('updated_by'),
    updatedAt: updatedAt(),
  },
  (t) => [
    primaryKey({ columns: [t.workspaceId, t.courseId] }),
    check(
      'course_assignment_settings_ranges',
      sql`${t.remindBeforeDays} between 0 and 60 and ${t.remindAfterEveryDays} between 1 and 60
          and (${t.recurrenceMonths} is null or ${t.recurrenceMonths} between 1 and 120)
          and ${t.recurrenceDueDays} between 1 and 365 and ${t.expiryNoticeDays} between 0 and 180`,
    ),
  ],
);

/** Auto-assign: new joiners matching the filter are enrolled, due `due_days` after joining. One rule per course. */
export const courseAutoAssignRules = pgTable(
  'course_auto_assign_rules',
  {
    id: id().primaryKey(),
    workspaceId: workspaceId(),
    courseId: uuid('course_id')
      .notNull()
      .references(() => courses.id),
    branchId: uuid('branch_id'),
    departmentId: uuid('department_id'),
    startJoiningDate: date('start_joining_date'),
    endJoiningDate: date('end_joining_date'),
    dueDays: smallint('due_days').notNull().default(30),
    enabled: boolean('enabled').notNull().default(true),
    createdBy: uuid('created_by'),
    createdAt: createdAt(),
    updatedBy: uuid('updated_by'),
    updatedAt: updatedAt(),
  },
  (t) => [
    unique('course_auto_assign_rules_course_key').on(t.workspaceId, t.courseId),
    check('course_auto_assign_rules_due', sql`${t.dueDays} between 1 and 365`),
    check(
      'course_auto_assign_rules_dates',
      sql`${t.startJoiningDate} is null or ${t.endJoiningDate} is null or ${t.startJoiningDate} <= ${t.endJoiningDate}`,
    ),
  ],
);

/**
 * Departments an administrator marks as higher-risk for a course (SOR/2020-130 s.12(4): training
 * when assigned to a higher-risk role): a member moved into one starts a new cycle of the course,
 * due `recurrence_due_days` later (issue 21 item 6).
 */
export const courseHigherRiskDepartments = pgTable(
  'course_higher_risk_departments',
  {
    workspaceId: workspaceId(),
    courseId: uuid('course_id')
      .notNull()
      .references(() => courses.id),
    departmentId: uuid('department_id').notNull(),
    createdBy: uuid('created_by'),
    createdAt: createdAt(),
  },
  (t) => [
    primaryKey({ columns: [t.workspaceId, t.courseId, t.departmentId] }),
    index('course_higher_risk_departments_department_idx').on(t.workspaceId, t.departmentId),
  ],
);

/**
 * Every reminder or escalation sent about an enrolment. The key (enrolment, cycle, kind, day) makes
 * the daily pass idempotent: a pass run twice on one day writes (and mails) once.
 */
export const courseReminders = pgTable(
  'course_reminders',
  {
    id: id().primaryKey(),
    workspaceId: workspaceId(),
    enrolmentId: enrolmentRef(),
    cycle: smallint('cycle').notNull(),
    kind: text('kind').notNull(),
    /** The day (in the workspace's time zone) it was sent for. */
    day: date('day').notNull(),
    recipients: integer('recipients').notNull().default(1),
    sentBy: uuid('sent_by'),
    createdAt: createdAt(),
  },
  (t) => [
    unique('course_reminders_key').on(t.enrolmentId, t.cycle, t.kind, t.day),
    index('course_reminders_workspace_idx').on(t.workspaceId, t.createdAt.desc()),
    check(
      'course_reminders_kind',
      sql`${t.kind} in ('ASSIGNED','MANUAL','BEFORE_DUE','AFTER_DUE','ESCALATION_1','ESCALATION_2','EXPIRY_NOTICE','NEW_CYCLE')`,
    ),
  ],
);
