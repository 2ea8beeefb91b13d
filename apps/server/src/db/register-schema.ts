import { sql } from 'drizzle-orm';
import {
  boolean,
  check,
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

/*
 * Issue 24: the Internal Committee register (POSH s.4; Canada's designated recipient, s.14) and the
 * compliance register (catalogue → a workspace's answers → occurrences with evidence). DESIGN §4.
 * Row-level security, grants, insert-only triggers and the foreign keys to workspaces, branches and
 * accounts are hand-written in the migration `committee_and_register` (importing schema.ts here would
 * make an import cycle).
 */

const id = () => uuid('id').notNull().defaultRandom();
const createdAt = () => timestamp('created_at', { withTimezone: true }).notNull().default(sql`app_now()`);
const updatedAt = () => timestamp('updated_at', { withTimezone: true }).notNull().default(sql`app_now()`);
const workspaceId = () => uuid('workspace_id').notNull();

// ---------------------------------------------------------------------------------------------
// Internal Committee and designated recipients
// ---------------------------------------------------------------------------------------------

/**
 * An Internal Committee (kind `INTERNAL_COMMITTEE`, POSH s.4) or a Canadian workspace's designated
 * recipients (kind `DESIGNATED_RECIPIENT`, SOR/2020-130 s.14). It serves the units in
 * `committee_units`, or every unit without one of its own when `workspace_wide`. The written order
 * constituting a committee (s.4(1)) is a private PDF with its date.
 */
export const committees = pgTable(
  'committees',
  {
    id: id().primaryKey(),
    workspaceId: workspaceId(),
    kind: text('kind').notNull(),
    name: text('name').notNull(),
    workspaceWide: boolean('workspace_wide').notNull().default(false),
    orderDate: date('order_date'),
    orderStorageKey: text('order_storage_key'),
    orderFileName: text('order_file_name'),
    orderSizeBytes: integer('order_size_bytes'),
    orderSha256: text('order_sha256'),
    /** How an employee raises a complaint, in the committee's words (optional; the card has a default per language). */
    howToRaise: text('how_to_raise'),
    /** Set when the committee is dissolved (kept for history: who was on it when a case was filed). */
    dissolvedOn: date('dissolved_on'),
    createdBy: uuid('created_by'),
    createdAt: createdAt(),
    updatedAt: updatedAt(),
  },
  (t) => [
    index('committees_workspace').on(t.workspaceId),
    check('committees_kind', sql`${t.kind} in ('INTERNAL_COMMITTEE','DESIGNATED_RECIPIENT')`),
    check('committees_name', sql`length(${t.name}) between 1 and 120`),
    check('committees_order_sha256', sql`${t.orderSha256} is null or ${t.orderSha256} ~ '^[0-9a-f]{64}$'`),
    check('committees_how_to_raise', sql`${t.howToRaise} is null or length(${t.howToRaise}) <= 2000`),
  ],
);

/**
 * The units a committee serves. A unit has at most one committee of each kind at a time (`unique`);
 * `from_date`/`to_date` keep history (a unit moved to another committee ends its row).
 */
export const committeeUnits = pgTable(
  'committee_units',
  {
    id: id().primaryKey(),
    workspaceId: workspaceId(),
    committeeId: uuid('committee_id').notNull(),
    branchId: uuid('branch_id').notNull(),
    kind: text('kind').notNull(),
    fromDate: date('from_date').notNull(),
    toDate: date('to_date'),
    createdAt: createdAt(),
  },
  (t) => [
    index('committee_units_committee').on(t.committeeId),
    uniqueIndex('committee_units_current').on(t.workspaceId, t.branchId, t.kind).where(sql`${t.toDate} is null`),
    check('committee_units_kind', sql`${t.kind} in ('INTERNAL_COMMITTEE','DESIGNATED_RECIPIENT')`),
    check('committee_units_dates', sql`${t.toDate} is null or ${t.toDate} >= ${t.fromDate}`),
  ],
);

/**
 * A member of a committee for a term. Either an account of the workspace (`account_id`) or, for an
 * external member (s.4(2)(c)), a person outside it (`external_*`). The legal period is
 * `term_start`..`term_end` (≤ 3 years, s.4(3)), shortened by `left_on` when the member leaves early;
 * `deleted_at` marks a row entered by mistake (kept for the audit trail, never shown in a
 * composition). The composition on date D is every undeleted row with term_start ≤ D ≤
 * least(term_end, left_on).
 */
export const committeeMembers = pgTable(
  'committee_members',
  {
    id: id().primaryKey(),
    workspaceId: workspaceId(),
    committeeId: uuid('committee_id').notNull(),
    role: text('role').notNull(),
    accountId: uuid('account_id'),
    externalName: text('external_name'),
    externalOrganisation: text('external_organisation'),
    externalEmail: text('external_email'),
    externalPhone: text('external_phone'),
    gender: text('gender').notNull(),
    senior: boolean('senior').notNull().default(false),
    termStart: date('term_start').notNull(),
    termEnd: date('term_end').notNull(),
    leftOn: date('left_on'),
    /** Designated recipients: training before duties (SOR/2020-130 s.12(5)), recorded by hand… */
    trainingCompletedOn: date('training_completed_on'),
    trainingNote: text('training_note'),
    /** …or a course taken here, whose completion the register reads (learning's enrolments). */
    trainingCourseId: uuid('training_course_id'),
    deletedAt: timestamp('deleted_at', { withTimezone: true }),
    createdAt: createdAt(),
    updatedAt: updatedAt(),
  },
  (t) => [
    index('committee_members_committee').on(t.committeeId),
    index('committee_members_account').on(t.workspaceId, t.accountId),
    check(
      'committee_members_role',
      sql`${t.role} in ('PRESIDING_OFFICER','MEMBER','EXTERNAL_MEMBER','DESIGNATED_RECIPIENT')`,
    ),
    check('committee_members_gender', sql`${t.gender} in ('WOMAN','MAN','OTHER')`),
    check(
      'committee_members_who',
      sql`(${t.accountId} is not null and ${t.externalName} is null) or (${t.accountId} is null and length(${t.externalName}) between 1 and 120)`,
    ),
    check('committee_members_term', sql`${t.termEnd} >= ${t.termStart}`),
    check('committee_members_left', sql`${t.leftOn} is null or ${t.leftOn} >= ${t.termStart}`),
  ],
);

/** Term-end warnings sent (60 and 14 days before a member's term ends): each once per member and term end. */
export const committeeTermNotices = pgTable(
  'committee_term_notices',
  {
    workspaceId: workspaceId(),
    memberId: uuid('member_id').notNull(),
    termEnd: date('term_end').notNull(),
    daysBefore: smallint('days_before').notNull(),
    sentAt: createdAt(),
  },
  (t) => [
    primaryKey({ columns: [t.memberId, t.termEnd, t.daysBefore] }),
    check('committee_term_notices_days', sql`${t.daysBefore} in (60, 14)`),
  ],
);

// ---------------------------------------------------------------------------------------------
// Compliance register: the operator's catalogue (no workspace_id; every workspace reads it)
// ---------------------------------------------------------------------------------------------

/** A category of obligations (spec: "Compliance category"), its name per language (`{ en, hi, … }`, English required). */
export const complianceCategories = pgTable(
  'compliance_categories',
  {
    id: id().primaryKey(),
    key: text('key').notNull(),
    name: jsonb('name').$type<Record<string, string>>().notNull(),
    createdAt: createdAt(),
    updatedAt: updatedAt(),
  },
  (t) => [
    uniqueIndex('compliance_categories_key').on(t.key),
    index('compliance_categories_added').on(t.createdAt, t.id),
    check('compliance_categories_key_format', sql`${t.key} ~ '^[A-Z0-9][A-Z0-9_.-]{0,63}$'`),
    check('compliance_categories_name_en', sql`length(${t.name}->>'en') between 1 and 120`),
  ],
);

/**
 * An obligation of the catalogue (spec: "Compliance"). `key` is stable across edits (a workspace's
 * answers and occurrences follow it). `title`, `description` and `evidence` are per language.
 * `recurrence`, `due_rule` and `applicability` are JSON checked by the contract's schemas
 * (`ZObligationRecurrence`, `ZObligationDueRule`, `ZApplicabilityRule`). `evidence_source` names the
 * module whose records close an occurrence by themselves (NONE: evidence is uploaded). Retired
 * obligations stop generating; `version` grows with each edit (the catalogue sync compares it).
 */
export const obligations = pgTable(
  'obligations',
  {
    id: id().primaryKey(),
    key: text('key').notNull(),
    categoryId: uuid('category_id').notNull(),
    country: text('country').notNull(),
    jurisdictionId: uuid('jurisdiction_id'),
    law: text('law').notNull(),
    section: text('section').notNull(),
    title: jsonb('title').$type<Record<string, string>>().notNull(),
    description: jsonb('description').$type<Record<string, string>>().notNull(),
    evidence: jsonb('evidence').$type<Record<string, string>>().notNull(),
    kind: text('kind').notNull(),
    recurrence: jsonb('recurrence'),
    dueRule: jsonb('due_rule').notNull(),
    applicability: jsonb('applicability').notNull(),
    scope: text('scope').notNull(),
    evidenceSource: text('evidence_source').notNull().default('NONE'),
    status: text('status').notNull().default('ACTIVE'),
    version: integer('version').notNull().default(1),
    retiredAt: timestamp('retired_at', { withTimezone: true }),
    createdAt: createdAt(),
    updatedAt: updatedAt(),
  },
  (t) => [
    uniqueIndex('obligations_key').on(t.key),
    index('obligations_category').on(t.categoryId),
    index('obligations_added').on(t.createdAt, t.id),
    check('obligations_key_format', sql`${t.key} ~ '^[A-Z0-9][A-Z0-9_.-]{0,63}$'`),
    check('obligations_country', sql`${t.country} in ('IN','CA')`),
    check('obligations_kind', sql`${t.kind} in ('ONE_TIME','PERIODIC','EVENT','CONTINUOUS')`),
    check('obligations_scope', sql`${t.scope} in ('WORKSPACE','UNIT')`),
    check(
      'obligations_evidence_source',
      sql`${t.evidenceSource} in ('NONE','COMMITTEE','DESIGNATED_RECIPIENT','TRAINING','WORKSHOP','POLICY','REPORT')`,
    ),
    check('obligations_status', sql`${t.status} in ('ACTIVE','RETIRED')`),
    check('obligations_law', sql`length(${t.law}) between 1 and 200`),
    check('obligations_section', sql`length(${t.section}) between 1 and 100`),
    check('obligations_title_en', sql`length(${t.title}->>'en') between 1 and 200`),
    check('obligations_recurrence', sql`(${t.kind} = 'PERIODIC') = (${t.recurrence} is not null)`),
  ],
);

// ---------------------------------------------------------------------------------------------
// Compliance register: a workspace's answers, occurrences, evidence and reviews (tenant rows)
// ---------------------------------------------------------------------------------------------

/**
 * A workspace's answer to one obligation, for the workspace (`branch_id` null, scope WORKSPACE) or
 * for one unit (scope UNIT). `applies` and `reason` (`{ code, params }`, e.g. `HEADCOUNT_AT_LEAST`
 * `{ unit: 'Mumbai', headcount: 14, min: 10 }`) are computed from the workspace's facts by the
 * register; `not_applicable` is the workspace's override, which needs a `justification`. Owner and
 * reviewer are accounts of the workspace. `evidence_courses` names the courses whose completions
 * close a TRAINING occurrence. `applies_from` is the day the obligation began to apply (a ONE_TIME
 * or CONTINUOUS obligation is due from it).
 */
export const obligationAnswers = pgTable(
  'obligation_answers',
  {
    id: id().primaryKey(),
    workspaceId: workspaceId(),
    obligationId: uuid('obligation_id').notNull(),
    branchId: uuid('branch_id'),
    applies: boolean('applies').notNull(),
    reason: jsonb('reason').$type<{ code: string; params: Record<string, string | number> }>().notNull(),
    appliesFrom: date('applies_from'),
    notApplicable: boolean('not_applicable').notNull().default(false),
    justification: text('justification'),
    ownerId: uuid('owner_id'),
    reviewerId: uuid('reviewer_id'),
    evidenceCourses: uuid('evidence_courses').array().notNull().default(sql`'{}'::uuid[]`),
    /** The catalogue version last applied to this answer (the catalogue sync). */
    obligationVersion: integer('obligation_version').notNull().default(1),
    createdAt: createdAt(),
    updatedAt: updatedAt(),
  },
  (t) => [
    unique('obligation_answers_key').on(t.workspaceId, t.obligationId, t.branchId).nullsNotDistinct(),
    index('obligation_answers_owner').on(t.workspaceId, t.ownerId),
    index('obligation_answers_reviewer').on(t.workspaceId, t.reviewerId),
    check(
      'obligation_answers_justification',
      sql`not ${t.notApplicable} or length(trim(${t.justification})) between 10 and 2000`,
    ),
  ],
);

/**
 * One occurrence of an obligation: a period of a PERIODIC one, the single instance of a ONE_TIME or
 * CONTINUOUS one, or an event of an EVENT one. Generated ahead (24 months) by the register's job,
 * once: the unique key is (workspace, obligation, unit, period_start). Status: OPEN → SUBMITTED
 * (evidence recorded, awaiting the reviewer) → APPROVED, or RETURNED → SUBMITTED again; CLOSED_BY_SOURCE
 * when another module's record closed it (`source_kind`, `source_id`: linked, not copied);
 * CANCELLED when the obligation stopped applying before the occurrence was done (never a completed
 * one). Overdue is computed (`due_at` < app_now() and not done), never stored. `escalation_1_at`,
 * `escalation_2_at`: when the escalation at each threshold was sent (once each).
 */
export const obligationOccurrences = pgTable(
  'obligation_occurrences',
  {
    id: id().primaryKey(),
    workspaceId: workspaceId(),
    obligationId: uuid('obligation_id').notNull(),
    answerId: uuid('answer_id').notNull(),
    branchId: uuid('branch_id'),
    periodStart: date('period_start').notNull(),
    periodEnd: date('period_end').notNull(),
    dueDate: date('due_date').notNull(),
    dueAt: timestamp('due_at', { withTimezone: true }).notNull(),
    status: text('status').notNull().default('OPEN'),
    sourceKind: text('source_kind'),
    sourceId: text('source_id'),
    closedAt: timestamp('closed_at', { withTimezone: true }),
    closedBy: uuid('closed_by'),
    escalation1At: timestamp('escalation_1_at', { withTimezone: true }),
    escalation2At: timestamp('escalation_2_at', { withTimezone: true }),
    createdAt: createdAt(),
    updatedAt: updatedAt(),
  },
  (t) => [
    unique('obligation_occurrences_key')
      .on(t.workspaceId, t.obligationId, t.branchId, t.periodStart)
      .nullsNotDistinct(),
    index('obligation_occurrences_due').on(t.workspaceId, t.dueDate, t.id),
    index('obligation_occurrences_answer').on(t.answerId),
    index('obligation_occurrences_open_due').on(t.dueAt).where(sql`${t.status} in ('OPEN','RETURNED','SUBMITTED')`),
    check(
      'obligation_occurrences_status',
      sql`${t.status} in ('OPEN','SUBMITTED','RETURNED','APPROVED','CLOSED_BY_SOURCE','CANCELLED')`,
    ),
    check('obligation_occurrences_period', sql`${t.periodEnd} >= ${t.periodStart}`),
    check(
      'obligation_occurrences_source',
      sql`(${t.sourceKind} is null) = (${t.sourceId} is null) and (${t.sourceKind} is null or ${t.sourceKind} in ('COMMITTEE','DESIGNATED_RECIPIENT','TRAINING','WORKSHOP','POLICY','REPORT'))`,
    ),
  ],
);

/**
 * Evidence for an occurrence: insert-only revisions (a trigger refuses update and delete). A FILE
 * revision carries the stored file and its SHA-256; a LINK revision points at another module's
 * record (`source_kind`, `source_id`), never a copy of it. Each covers a period and carries a note
 * and who recorded it (null for the register's own job).
 */
export const occurrenceEvidence = pgTable(
  'occurrence_evidence',
  {
    id: id().primaryKey(),
    workspaceId: workspaceId(),
    occurrenceId: uuid('occurrence_id').notNull(),
    revision: integer('revision').notNull(),
    kind: text('kind').notNull(),
    storageKey: text('storage_key'),
    fileName: text('file_name'),
    contentType: text('content_type'),
    sizeBytes: integer('size_bytes'),
    sha256: text('sha256'),
    sourceKind: text('source_kind'),
    sourceId: text('source_id'),
    coversFrom: date('covers_from'),
    coversTo: date('covers_to'),
    note: text('note'),
    createdBy: uuid('created_by'),
    createdAt: createdAt(),
  },
  (t) => [
    unique('occurrence_evidence_revision').on(t.occurrenceId, t.revision),
    check('occurrence_evidence_kind', sql`${t.kind} in ('FILE','LINK')`),
    check(
      'occurrence_evidence_file',
      sql`${t.kind} <> 'FILE' or (${t.storageKey} is not null and ${t.sha256} ~ '^[0-9a-f]{64}$' and ${t.sizeBytes} > 0)`,
    ),
    check(
      'occurrence_evidence_link',
      sql`${t.kind} <> 'LINK' or (${t.sourceKind} is not null and ${t.sourceId} is not null)`,
    ),
    check(
      'occurrence_evidence_covers',
      sql`${t.coversTo} is null or ${t.coversFrom} is null or ${t.coversTo} >= ${t.coversFrom}`,
    ),
    check('occurrence_evidence_note', sql`${t.note} is null or length(${t.note}) <= 2000`),
  ],
);

/** A reviewer's decision on an occurrence's evidence (insert-only): APPROVED or RETURNED with a note. */
export const occurrenceReviews = pgTable(
  'occurrence_reviews',
  {
    id: id().primaryKey(),
    workspaceId: workspaceId(),
    occurrenceId: uuid('occurrence_id').notNull(),
    evidenceRevision: integer('evidence_revision').notNull(),
    decision: text('decision').notNull(),
    note: text('note'),
    reviewerId: uuid('reviewer_id').notNull(),
    createdAt: createdAt(),
  },
  (t) => [
    index('occurrence_reviews_occurrence').on(t.occurrenceId),
    check('occurrence_reviews_decision', sql`${t.decision} in ('APPROVED','RETURNED')`),
    check(
      'occurrence_reviews_note',
      sql`(${t.decision} = 'APPROVED' and (${t.note} is null or length(${t.note}) <= 2000)) or (${t.decision} = 'RETURNED' and length(trim(${t.note})) between 1 and 2000)`,
    ),
  ],
);

/**
 * A person's calendar feed (ICS): a signed token's SHA-256 (the token itself is shown once). The
 * feed carries titles and dates only. Revoking sets `revoked_at`; one live token per person.
 */
export const calendarFeedTokens = pgTable(
  'calendar_feed_tokens',
  {
    id: id().primaryKey(),
    workspaceId: workspaceId(),
    accountId: uuid('account_id').notNull(),
    tokenHash: text('token_hash').notNull(),
    createdAt: createdAt(),
    revokedAt: timestamp('revoked_at', { withTimezone: true }),
  },
  (t) => [
    uniqueIndex('calendar_feed_tokens_hash').on(t.tokenHash),
    uniqueIndex('calendar_feed_tokens_live').on(t.workspaceId, t.accountId).where(sql`${t.revokedAt} is null`),
  ],
);
