import { sql } from 'drizzle-orm';
import {
  bigint,
  boolean,
  check,
  index,
  integer,
  jsonb,
  pgTable,
  primaryKey,
  smallint,
  text,
  timestamp,
  uniqueIndex,
  uuid,
} from 'drizzle-orm/pg-core';

/**
 * Learning (issue 13): the course catalogue, workspace courses, versions, contents, texts per
 * language, answer keys, SCORM packages, media uploads, credits and the first enrolment columns.
 * The design is docs/learning-design.md §1. Row-level security, the freeze trigger, the copy
 * function and the ledger trigger are in migration 0026_lms_rls.sql (drizzle-kit does not model them).
 *
 * `workspace_id` NULL on an authoring row means the operator's catalogue.
 */

const id = () => uuid('id').notNull().defaultRandom();
const createdAt = () => timestamp('created_at', { withTimezone: true }).notNull().default(sql`app_now()`);
const updatedAt = () => timestamp('updated_at', { withTimezone: true }).notNull().default(sql`app_now()`);
const ownerId = () => uuid('workspace_id');
const languageCheck = (table: string, column: string) =>
  check(`${table}_${column}`, sql.raw(`"${column}" in ('en','hi','kn','te','ta','mr','fr')`));

/** Tags for courses now, and policies and obligations later (platform-owned, read by everyone). */
export const jurisdictions = pgTable(
  'jurisdictions',
  {
    id: id().primaryKey(),
    /** e.g. IN, IN-KA, CA, CA-FED: upper case letters, digits and dashes. */
    code: text('code').notNull(),
    name: text('name').notNull(),
    /** ISO 3166-1 alpha-2. */
    country: text('country').notNull(),
    parentId: uuid('parent_id'),
    /** The holiday calendar deadlines in this jurisdiction count working days on (issue 24); null: the country's. */
    holidayCalendar: text('holiday_calendar'),
    createdBy: uuid('created_by'),
    createdAt: createdAt(),
    updatedAt: updatedAt(),
  },
  (t) => [
    uniqueIndex('jurisdictions_code_key').on(t.code),
    uniqueIndex('jurisdictions_name_key').on(sql`lower(${t.name})`),
    index('jurisdictions_created_at_idx').on(t.createdAt, t.id),
    check('jurisdictions_code', sql`${t.code} ~ '^[A-Z0-9][A-Z0-9-]{0,31}$'`),
    check('jurisdictions_country', sql`${t.country} ~ '^[A-Z]{2}$'`),
    check('jurisdictions_name', sql`length(${t.name}) between 1 and 120`),
  ],
);

export const courses = pgTable(
  'courses',
  {
    id: id().primaryKey(),
    workspaceId: ownerId(),
    status: text('status').notNull().default('ACTIVE'),
    publishedVersionId: uuid('published_version_id'),
    draftVersionId: uuid('draft_version_id'),
    coverKey: text('cover_key'),
    /** Reserved for issue 14 (recurring training). */
    recurrence: jsonb('recurrence'),
    archivedAt: timestamp('archived_at', { withTimezone: true }),
    createdBy: uuid('created_by'),
    updatedBy: uuid('updated_by'),
    createdAt: createdAt(),
    updatedAt: updatedAt(),
  },
  (t) => [
    index('courses_owner_list_idx').on(t.workspaceId, t.status, t.updatedAt.desc(), t.id),
    check('courses_status', sql`${t.status} in ('ACTIVE','ARCHIVED')`),
  ],
);

export const courseVersions = pgTable(
  'course_versions',
  {
    id: id().primaryKey(),
    courseId: uuid('course_id')
      .notNull()
      .references(() => courses.id, { onDelete: 'cascade' }),
    workspaceId: ownerId(),
    number: integer('number').notNull(),
    status: text('status').notNull().default('DRAFT'),
    primaryLanguage: text('primary_language').notNull(),
    languages: text('languages').array().notNull(),
    publishedAt: timestamp('published_at', { withTimezone: true }),
    publishedBy: uuid('published_by'),
    createdBy: uuid('created_by'),
    createdAt: createdAt(),
    updatedAt: updatedAt(),
  },
  (t) => [
    uniqueIndex('course_versions_number_key').on(t.courseId, t.number),
    uniqueIndex('course_versions_one_draft_key').on(t.courseId).where(sql`status = 'DRAFT'`),
    check('course_versions_status', sql`${t.status} in ('DRAFT','PUBLISHED','SUPERSEDED')`),
    languageCheck('course_versions', 'primary_language'),
    check(
      'course_versions_languages',
      sql`${t.languages} <@ ARRAY['en','hi','kn','te','ta','mr','fr']::text[] AND ${t.primaryLanguage} = ANY(${t.languages})`,
    ),
  ],
);

/** A SCORM 1.2 or 2004 package, extracted by the `lms.scorm-extract` job. Immutable once READY. */
export const scormPackages = pgTable(
  'scorm_packages',
  {
    id: id().primaryKey(),
    workspaceId: ownerId(),
    /** The draft that imported it (its visibility follows that version's). */
    courseVersionId: uuid('course_version_id')
      .notNull()
      .references(() => courseVersions.id, { onDelete: 'cascade' }),
    standard: text('standard'),
    status: text('status').notNull().default('PROCESSING'),
    failureCode: text('failure_code'),
    sourceKey: text('source_key').notNull(),
    sourceName: text('source_name').notNull(),
    manifest: jsonb('manifest'),
    fileCount: integer('file_count'),
    inflatedBytes: bigint('inflated_bytes', { mode: 'number' }),
    uploadedBy: uuid('uploaded_by'),
    createdAt: createdAt(),
    updatedAt: updatedAt(),
  },
  (t) => [
    check('scorm_packages_status', sql`${t.status} in ('PROCESSING','READY','FAILED')`),
    check('scorm_packages_standard', sql`${t.standard} is null or ${t.standard} in ('SCORM_12','SCORM_2004')`),
  ],
);

export const scormFiles = pgTable(
  'scorm_files',
  {
    packageId: uuid('package_id')
      .notNull()
      .references(() => scormPackages.id, { onDelete: 'cascade' }),
    workspaceId: ownerId(),
    courseVersionId: uuid('course_version_id').notNull(),
    /** Normalised path inside the package, as the manifest names it. Never part of a storage key. */
    path: text('path').notNull(),
    key: text('key').notNull(),
    contentType: text('content_type').notNull(),
    size: bigint('size', { mode: 'number' }).notNull(),
  },
  (t) => [primaryKey({ columns: [t.packageId, t.path] }), check('scorm_files_path', sql`length(${t.path}) <= 1024`)],
);

/**
 * One LESSON, QUIZ or SCORM item of a version. `stable_id` is the item's id in the version it was
 * first created in: issue 14 maps a learner's progress across versions by it.
 * (course_version_id, position) is unique, DEFERRABLE (0026) so that a reorder is one statement.
 */
export const courseItems = pgTable(
  'course_items',
  {
    id: id().primaryKey(),
    courseVersionId: uuid('course_version_id')
      .notNull()
      .references(() => courseVersions.id, { onDelete: 'cascade' }),
    workspaceId: ownerId(),
    stableId: uuid('stable_id').notNull(),
    kind: text('kind').notNull(),
    position: integer('position').notNull(),
    passMark: smallint('pass_mark'),
    attemptLimit: smallint('attempt_limit'),
    shuffleQuestions: boolean('shuffle_questions').notNull().default(false),
    scormPackageId: uuid('scorm_package_id').references(() => scormPackages.id),
    /** LESSON: the author's minimum reading time in seconds (null: estimated from the lesson's words). */
    minReadingSeconds: smallint('min_reading_seconds'),
    createdAt: createdAt(),
    updatedAt: updatedAt(),
  },
  (t) => [
    index('course_items_version_idx').on(t.courseVersionId, t.position),
    check('course_items_kind', sql`${t.kind} in ('LESSON','QUIZ','SCORM')`),
    check(
      'course_items_quiz',
      sql`(${t.kind} = 'QUIZ') = (${t.passMark} is not null) AND (${t.passMark} is null or ${t.passMark} between 0 and 100) AND (${t.attemptLimit} is null or (${t.kind} = 'QUIZ' and ${t.attemptLimit} between 1 and 20))`,
    ),
    check('course_items_scorm', sql`(${t.kind} = 'SCORM') = (${t.scormPackageId} is not null)`),
    check(
      'course_items_reading',
      sql`${t.minReadingSeconds} is null or (${t.kind} = 'LESSON' and ${t.minReadingSeconds} between 0 and 3600)`,
    ),
  ],
);

/** A content block of a LESSON (types: docs/learning-design.md §1.4). Words live in course_texts. */
export const lessonBlocks = pgTable(
  'lesson_blocks',
  {
    id: id().primaryKey(),
    itemId: uuid('item_id')
      .notNull()
      .references(() => courseItems.id, { onDelete: 'cascade' }),
    courseVersionId: uuid('course_version_id').notNull(),
    workspaceId: ownerId(),
    stableId: uuid('stable_id').notNull(),
    type: text('type').notNull(),
    position: integer('position').notNull(),
    /** Language-neutral settings: alignment, tone, required. */
    settings: jsonb('settings').notNull().default(sql`'{}'::jsonb`),
    createdAt: createdAt(),
    updatedAt: updatedAt(),
  },
  (t) => [
    index('lesson_blocks_item_idx').on(t.itemId, t.position),
    index('lesson_blocks_version_idx').on(t.courseVersionId),
    check('lesson_blocks_type', sql`${t.type} in ('TEXT','IMAGE','VIDEO','RESOURCE','TEXT_AREA','BUTTON','NOTIFY')`),
  ],
);

export const quizQuestions = pgTable(
  'quiz_questions',
  {
    id: id().primaryKey(),
    itemId: uuid('item_id')
      .notNull()
      .references(() => courseItems.id, { onDelete: 'cascade' }),
    courseVersionId: uuid('course_version_id').notNull(),
    workspaceId: ownerId(),
    stableId: uuid('stable_id').notNull(),
    type: text('type').notNull(),
    position: integer('position').notNull(),
    points: smallint('points').notNull().default(1),
    createdAt: createdAt(),
    updatedAt: updatedAt(),
  },
  (t) => [
    index('quiz_questions_item_idx').on(t.itemId, t.position),
    index('quiz_questions_version_idx').on(t.courseVersionId),
    check(
      'quiz_questions_type',
      sql`${t.type} in ('MULTIPLE_CHOICE','MULTIPLE_RESPONSE','SINGLE_SELECT','MULTI_SELECT','FILL_IN_BLANK','INPUT_BOX','MATCHING','CHECKBOX_WITH_TEXT')`,
    ),
    check('quiz_questions_points', sql`${t.points} between 1 and 100`),
  ],
);

export const quizOptions = pgTable(
  'quiz_options',
  {
    id: id().primaryKey(),
    questionId: uuid('question_id')
      .notNull()
      .references(() => quizQuestions.id, { onDelete: 'cascade' }),
    courseVersionId: uuid('course_version_id').notNull(),
    workspaceId: ownerId(),
    position: integer('position').notNull(),
    /** LEFT or RIGHT for MATCHING; NULL otherwise. */
    side: text('side'),
  },
  (t) => [
    index('quiz_options_question_idx').on(t.questionId, t.position),
    check('quiz_options_side', sql`${t.side} is null or ${t.side} in ('LEFT','RIGHT')`),
  ],
);

/** The answer key of a question: read only by authoring and grading, never served to a learner. */
export const quizAnswerKeys = pgTable('quiz_answer_keys', {
  questionId: uuid('question_id')
    .primaryKey()
    .references(() => quizQuestions.id, { onDelete: 'cascade' }),
  courseVersionId: uuid('course_version_id').notNull(),
  workspaceId: ownerId(),
  key: jsonb('key').notNull(),
});

/**
 * The words of a version's course, item, block or question in one language (`body` by kind,
 * docs/learning-design.md §1.1). `complete`: every required field of the kind is filled.
 */
export const courseTexts = pgTable(
  'course_texts',
  {
    courseVersionId: uuid('course_version_id')
      .notNull()
      .references(() => courseVersions.id, { onDelete: 'cascade' }),
    entityId: uuid('entity_id').notNull(),
    language: text('language').notNull(),
    workspaceId: ownerId(),
    entityKind: text('entity_kind').notNull(),
    body: jsonb('body').notNull(),
    complete: boolean('complete').notNull().default(false),
    updatedAt: updatedAt(),
  },
  (t) => [
    primaryKey({ columns: [t.courseVersionId, t.entityId, t.language] }),
    languageCheck('course_texts', 'language'),
    check('course_texts_kind', sql`${t.entityKind} in ('COURSE','ITEM','BLOCK','QUESTION')`),
  ],
);

export const courseJurisdictions = pgTable(
  'course_jurisdictions',
  {
    courseId: uuid('course_id')
      .notNull()
      .references(() => courses.id, { onDelete: 'cascade' }),
    jurisdictionId: uuid('jurisdiction_id')
      .notNull()
      .references(() => jurisdictions.id),
    workspaceId: ownerId(),
  },
  (t) => [
    primaryKey({ columns: [t.courseId, t.jurisdictionId] }),
    index('course_jurisdictions_jurisdiction_idx').on(t.jurisdictionId),
  ],
);

/** A media file uploaded for a block (per language) or a course cover; confirmed after a check by content. */
export const lessonMediaUploads = pgTable(
  'lesson_media_uploads',
  {
    id: id().primaryKey(),
    workspaceId: ownerId(),
    courseId: uuid('course_id')
      .notNull()
      .references(() => courses.id, { onDelete: 'cascade' }),
    courseVersionId: uuid('course_version_id').notNull(),
    blockId: uuid('block_id'),
    language: text('language'),
    kind: text('kind').notNull(),
    key: text('key').notNull(),
    fileName: text('file_name').notNull(),
    maxBytes: bigint('max_bytes', { mode: 'number' }).notNull(),
    createdBy: uuid('created_by'),
    createdAt: createdAt(),
    expiresAt: timestamp('expires_at', { withTimezone: true }).notNull(),
    confirmedAt: timestamp('confirmed_at', { withTimezone: true }),
  },
  (t) => [
    check('lesson_media_uploads_kind', sql`${t.kind} in ('IMAGE','VIDEO','RESOURCE','CAPTIONS','COVER')`),
    check(
      'lesson_media_uploads_language',
      sql`${t.language} is null or ${t.language} in ('en','hi','kn','te','ta','mr','fr')`,
    ),
  ],
);

/** A learner's enrolment in a course version (issue 14 adds progress, due dates and more states). */
export const enrolments = pgTable(
  'enrolments',
  {
    id: id().primaryKey(),
    workspaceId: uuid('workspace_id').notNull(),
    courseId: uuid('course_id')
      .notNull()
      .references(() => courses.id),
    courseVersionId: uuid('course_version_id')
      .notNull()
      .references(() => courseVersions.id),
    accountId: uuid('account_id').notNull(),
    status: text('status').notNull().default('ACTIVE'),
    creditSpent: boolean('credit_spent').notNull().default(false),
    createdBy: uuid('created_by'),
    createdAt: createdAt(),
    updatedAt: updatedAt(),
    // Issue 14 (migration 0030; docs/learning-design.md §7).
    /** How the learner came to be enrolled: MANUAL (people picked), FILTER, FILE, AUTO (a rule). */
    source: text('source').notNull().default('MANUAL'),
    autoRuleId: uuid('auto_rule_id'),
    /** The current cycle (1 at assignment; a recurring course adds one per expiry). */
    cycle: smallint('cycle').notNull().default(1),
    /** When the current cycle was assigned (created_at for cycle 1). */
    assignedAt: timestamp('assigned_at', { withTimezone: true }).notNull().default(sql`app_now()`),
    dueAt: timestamp('due_at', { withTimezone: true }),
    startedAt: timestamp('started_at', { withTimezone: true }),
    completedAt: timestamp('completed_at', { withTimezone: true }),
    /** Items completed out of the version's items, 0–100, kept with every item completion. */
    progressPercent: smallint('progress_percent').notNull().default(0),
    /** The course score on completion: the mean of the quizzes' best scores (null: no quiz). */
    score: smallint('score'),
    /** A recurring course's completion expires then; the next cycle starts. */
    expiresAt: timestamp('expires_at', { withTimezone: true }),
    lastRemindedAt: timestamp('last_reminded_at', { withTimezone: true }),
    /**
     * The previous cycle's completion, still valid until then, while the next cycle (opened ahead of
     * its expiry) is not completed: the learner stays compliant until this time (issue 21 item 6).
     */
    validUntil: timestamp('valid_until', { withTimezone: true }),
    removedAt: timestamp('removed_at', { withTimezone: true }),
    removedBy: uuid('removed_by'),
  },
  (t) => [
    uniqueIndex('enrolments_learner_key').on(t.workspaceId, t.courseId, t.accountId).where(sql`status <> 'REMOVED'`),
    index('enrolments_course_idx').on(t.courseId),
    index('enrolments_account_idx').on(t.workspaceId, t.accountId),
    index('enrolments_due_idx').on(t.workspaceId, t.dueAt).where(sql`status = 'ACTIVE' and completed_at is null`),
    index('enrolments_expiry_idx')
      .on(t.workspaceId, t.expiresAt)
      .where(sql`status = 'ACTIVE' and expires_at is not null`),
    check('enrolments_status', sql`${t.status} in ('ACTIVE','REMOVED')`),
    check('enrolments_source', sql`${t.source} in ('MANUAL','FILTER','FILE','AUTO')`),
    check('enrolments_progress', sql`${t.progressPercent} between 0 and 100 and ${t.cycle} >= 1`),
    check('enrolments_score', sql`${t.score} is null or ${t.score} between 0 and 100`),
  ],
);

/** A catalogue course made available to a workspace, with its credit balance (kept by the ledger trigger). */
export const workspaceCourses = pgTable(
  'workspace_courses',
  {
    workspaceId: uuid('workspace_id').notNull(),
    courseId: uuid('course_id')
      .notNull()
      .references(() => courses.id),
    enabled: boolean('enabled').notNull().default(true),
    balance: integer('balance').notNull().default(0),
    madeAvailableBy: uuid('made_available_by'),
    createdAt: createdAt(),
    updatedAt: updatedAt(),
  },
  (t) => [
    primaryKey({ columns: [t.workspaceId, t.courseId] }),
    index('workspace_courses_course_idx').on(t.courseId),
    check('workspace_courses_balance', sql`${t.balance} >= 0`),
  ],
);

export const creditRequests = pgTable(
  'credit_requests',
  {
    id: id().primaryKey(),
    workspaceId: uuid('workspace_id').notNull(),
    courseId: uuid('course_id')
      .notNull()
      .references(() => courses.id),
    quantity: integer('quantity').notNull(),
    note: text('note'),
    status: text('status').notNull().default('PENDING'),
    requestedBy: uuid('requested_by'),
    decidedBy: uuid('decided_by'),
    decidedAt: timestamp('decided_at', { withTimezone: true }),
    grantedQuantity: integer('granted_quantity'),
    decisionNote: text('decision_note'),
    createdAt: createdAt(),
  },
  (t) => [
    index('credit_requests_workspace_idx').on(t.workspaceId, t.courseId, t.createdAt.desc()),
    index('credit_requests_status_idx').on(t.status, t.createdAt),
    check('credit_requests_quantity', sql`${t.quantity} between 1 and 10000`),
    check('credit_requests_status', sql`${t.status} in ('PENDING','GRANTED','REJECTED')`),
    check('credit_requests_note', sql`${t.note} is null or length(${t.note}) <= 500`),
  ],
);

/** Append-only: every grant, spend, refund or adjustment of a workspace's credits for a course. */
export const creditLedger = pgTable(
  'credit_ledger',
  {
    id: id().primaryKey(),
    workspaceId: uuid('workspace_id').notNull(),
    courseId: uuid('course_id')
      .notNull()
      .references(() => courses.id),
    delta: integer('delta').notNull(),
    reason: text('reason').notNull(),
    requestId: uuid('request_id'),
    enrolmentId: uuid('enrolment_id'),
    note: text('note'),
    createdBy: uuid('created_by'),
    createdAt: createdAt(),
  },
  (t) => [
    index('credit_ledger_workspace_idx').on(t.workspaceId, t.courseId, t.createdAt.desc(), t.id),
    uniqueIndex('credit_ledger_enrolment_key').on(t.enrolmentId, t.reason),
    check('credit_ledger_delta', sql`${t.delta} <> 0`),
    check('credit_ledger_reason', sql`${t.reason} in ('GRANT','SPEND','REFUND','ADJUST')`),
  ],
);

/**
 * Workshops (issue 21, item 13): an in-person or online session — the POSH Rule 13 / s.19(c)
 * awareness programme, the committee's orientation — with invitations and attendance. Row-level
 * security, the composite keys to the workspace and the audit are in migration 0031_lms_workshops.sql.
 * `branch_id`: the business unit it belongs to (null: the whole workspace), which decides which unit
 * admins manage it. `audience`: the filter the invitations were made from (as a course assignment's).
 * `sequence`: the calendar revision (an .ics update or cancellation carries the next one).
 * `code_round`: the session code is derived from the workspace secret, the id and this round (it is
 * stored nowhere; a new round replaces a code that leaked).
 */
export const workshops = pgTable(
  'workshops',
  {
    id: id().primaryKey(),
    workspaceId: uuid('workspace_id').notNull(),
    branchId: uuid('branch_id'),
    title: text('title').notNull(),
    description: text('description'),
    startsAt: timestamp('starts_at', { withTimezone: true }).notNull(),
    durationMinutes: smallint('duration_minutes').notNull(),
    location: text('location'),
    onlineUrl: text('online_url'),
    trainerId: uuid('trainer_id').notNull(),
    capacity: integer('capacity').notNull(),
    courseId: uuid('course_id').references(() => courses.id),
    audience: jsonb('audience').notNull(),
    status: text('status').notNull().default('SCHEDULED'),
    sequence: integer('sequence').notNull().default(0),
    codeRound: integer('code_round').notNull().default(0),
    cancelledAt: timestamp('cancelled_at', { withTimezone: true }),
    cancelledBy: uuid('cancelled_by'),
    createdBy: uuid('created_by'),
    createdAt: createdAt(),
    updatedBy: uuid('updated_by'),
    updatedAt: updatedAt(),
  },
  (t) => [
    index('workshops_starts_idx').on(t.workspaceId, t.startsAt, t.id),
    index('workshops_trainer_idx').on(t.workspaceId, t.trainerId),
    check('workshops_status', sql`${t.status} in ('SCHEDULED','CANCELLED')`),
    check('workshops_title', sql`length(${t.title}) between 1 and 200`),
    check('workshops_description', sql`${t.description} is null or length(${t.description}) <= 4000`),
    check('workshops_duration', sql`${t.durationMinutes} between 5 and 720`),
    check('workshops_capacity', sql`${t.capacity} between 1 and 10000`),
    check('workshops_place', sql`${t.location} is not null or ${t.onlineUrl} is not null`),
    check('workshops_location', sql`${t.location} is null or length(${t.location}) between 1 and 300`),
    check(
      'workshops_online_url',
      sql`${t.onlineUrl} is null or ${t.onlineUrl} ~ '^https?://' and length(${t.onlineUrl}) <= 500`,
    ),
  ],
);

/** One person invited to a workshop, and whether (and how, and by whom) their attendance was marked. */
export const workshopInvitations = pgTable(
  'workshop_invitations',
  {
    workspaceId: uuid('workspace_id').notNull(),
    workshopId: uuid('workshop_id')
      .notNull()
      .references(() => workshops.id),
    accountId: uuid('account_id').notNull(),
    invitedAt: timestamp('invited_at', { withTimezone: true }).notNull().default(sql`app_now()`),
    attendedAt: timestamp('attended_at', { withTimezone: true }),
    /** TRAINER (marked from the list, by the trainer or an administrator) or CODE (the attendee entered the session code). */
    attendanceMethod: text('attendance_method'),
    markedBy: uuid('marked_by'),
  },
  (t) => [
    primaryKey({ columns: [t.workshopId, t.accountId] }),
    index('workshop_invitations_account_idx').on(t.workspaceId, t.accountId),
    check(
      'workshop_invitations_attendance',
      sql`(${t.attendedAt} is null and ${t.attendanceMethod} is null) or (${t.attendedAt} is not null and ${t.attendanceMethod} in ('TRAINER','CODE'))`,
    ),
  ],
);
