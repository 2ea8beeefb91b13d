import { sql } from 'drizzle-orm';
import {
  boolean,
  check,
  customType,
  date,
  index,
  integer,
  pgTable,
  primaryKey,
  text,
  timestamp,
  unique,
  uuid,
} from 'drizzle-orm/pg-core';

/*
 * Issue 26: complaint cases (DESIGN §9, docs/cases-security.md). Every table here holds either
 * clear metadata (dates, stage, status, ids: what clocks, lists and reports run on) or ciphertext
 * sealed with one of the case's data keys; no column holds complaint text in clear.
 *
 * Row-level security is hand-written in the migration `cases`: every table but `case_counters`
 * answers only to a caller with a live `case_access` row for the case (the relationship), and
 * `case_items` / `case_files` further by audience (the complainant's thread, the committee's
 * space, one participant's share). The platform role holds no privilege on any of them.
 */

const bytea = customType<{ data: Buffer; driverData: Buffer }>({ dataType: () => 'bytea' });
const id = () => uuid('id').notNull().defaultRandom();
const createdAt = () => timestamp('created_at', { withTimezone: true }).notNull().default(sql`app_now()`);
const workspaceId = () => uuid('workspace_id').notNull();
const caseId = () => uuid('case_id').notNull();

/** The last reference number handed out per workspace and year (C-2026-0007). No case content. */
export const caseCounters = pgTable(
  'case_counters',
  {
    workspaceId: workspaceId(),
    year: integer('year').notNull(),
    last: integer('last').notNull().default(0),
  },
  (t) => [primaryKey({ columns: [t.workspaceId, t.year] })],
);

/**
 * A case: a draft until filed, then open until closed (or withdrawn, or transferred out). Only
 * metadata in clear; what the complainant wrote is in `case_items` (kind ANSWERS), sealed.
 */
export const cases = pgTable(
  'cases',
  {
    id: id().primaryKey(),
    workspaceId: workspaceId(),
    /** Null while a draft. */
    reference: text('reference'),
    workflowId: uuid('workflow_id').notNull(),
    versionId: uuid('version_id').notNull(),
    versionNumber: integer('version_number').notNull(),
    definitionSha256: text('definition_sha256').notNull(),
    jurisdiction: text('jurisdiction').notNull(),
    /** The complainant's business unit when filed (the handler follows from it). */
    branchId: uuid('branch_id'),
    /** The committee (or designated recipient) handling it; null while a draft. */
    committeeId: uuid('committee_id'),
    status: text('status').notNull().default('DRAFT'),
    stageKey: text('stage_key'),
    complainantAccountId: uuid('complainant_account_id').notNull(),
    /** POSH s.9(1): a committee member who wrote it down for a complainant who cannot write. */
    assistedByAccountId: uuid('assisted_by_account_id'),
    filerKind: text('filer_kind').notNull().default('EMPLOYEE'),
    incidentDate: date('incident_date'),
    filedAt: timestamp('filed_at', { withTimezone: true }),
    /** The earliest open deadline, kept for the committee's list (overdue first). */
    nextDueAt: timestamp('next_due_at', { withTimezone: true }),
    nextStepKey: text('next_step_key'),
    outcome: text('outcome'),
    closedAt: timestamp('closed_at', { withTimezone: true }),
    reportOn: date('report_on'),
    employerActionOn: date('employer_action_on'),
    appealUntil: date('appeal_until'),
    /** A retry of a submission with the same key files once. */
    idempotencyKey: text('idempotency_key'),
    /** Bumped on each change the caller may race with (optimistic lock). */
    revision: integer('revision').notNull().default(1),
    createdAt: createdAt(),
    updatedAt: timestamp('updated_at', { withTimezone: true }).notNull().default(sql`app_now()`),
  },
  (t) => [
    unique('cases_workspace_id_id').on(t.workspaceId, t.id),
    unique('cases_reference').on(t.workspaceId, t.reference),
    unique('cases_idempotency').on(t.workspaceId, t.complainantAccountId, t.idempotencyKey),
    index('cases_committee_due').on(t.workspaceId, t.committeeId, t.status, t.nextDueAt),
    index('cases_complainant').on(t.workspaceId, t.complainantAccountId, t.createdAt),
    check('cases_status', sql`${t.status} in ('DRAFT','OPEN','CLOSED','WITHDRAWN','TRANSFERRED')`),
    check('cases_jurisdiction', sql`${t.jurisdiction} in ('IN_POSH','CA_SOR_2020_130')`),
    check('cases_filer', sql`${t.filerKind} in ('EMPLOYEE','FORMER_EMPLOYEE','CONTRACTOR','THIRD_PARTY','WITNESS')`),
    check('cases_filed', sql`(${t.status} = 'DRAFT') = (${t.filedAt} is null)`),
    check('cases_filed_reference', sql`(${t.status} = 'DRAFT') = (${t.reference} is null)`),
  ],
);

/**
 * Who has a relationship to a case (docs/cases-security.md §1): the complainant, each assigned
 * committee member who is not conflicted, and a participant (respondent, witness, employer) an
 * action shared a part with. The one table every case table's row-level security reads.
 */
export const caseAccess = pgTable(
  'case_access',
  {
    workspaceId: workspaceId(),
    caseId: caseId(),
    accountId: uuid('account_id').notNull(),
    relation: text('relation').notNull(),
    /** PARTICIPANT only: RESPONDENT, WITNESS or EMPLOYER. */
    participantRole: text('participant_role'),
    /** COMMITTEE only: the member's role on the committee (PRESIDING_OFFICER, MEMBER, EXTERNAL_MEMBER, DESIGNATED_RECIPIENT). */
    memberRole: text('member_role'),
    grantedAt: timestamp('granted_at', { withTimezone: true }).notNull().default(sql`app_now()`),
    revokedAt: timestamp('revoked_at', { withTimezone: true }),
  },
  (t) => [
    primaryKey({ columns: [t.caseId, t.accountId, t.relation] }),
    index('case_access_account').on(t.workspaceId, t.accountId, t.caseId),
    check('case_access_relation', sql`${t.relation} in ('COMPLAINANT','COMMITTEE','PARTICIPANT')`),
    check(
      'case_access_participant',
      sql`(${t.relation} = 'PARTICIPANT') = (${t.participantRole} is not null) and (${t.participantRole} is null or ${t.participantRole} in ('RESPONDENT','WITNESS','EMPLOYER'))`,
    ),
  ],
);

/**
 * A data key of a case (32 random bytes, never stored in clear): scope CASE (what the complainant
 * and the committee share), COMMITTEE (the committee's own space) or PARTICIPANT (one
 * participant's share). A new version starts when someone's access ends.
 */
export const caseDataKeys = pgTable(
  'case_data_keys',
  {
    id: id().primaryKey(),
    workspaceId: workspaceId(),
    caseId: caseId(),
    scope: text('scope').notNull(),
    participantAccountId: uuid('participant_account_id'),
    version: integer('version').notNull(),
    retiredAt: timestamp('retired_at', { withTimezone: true }),
    createdAt: createdAt(),
  },
  (t) => [
    index('case_data_keys_case').on(t.workspaceId, t.caseId),
    check('case_data_keys_scope', sql`${t.scope} in ('CASE','COMMITTEE','PARTICIPANT')`),
    check('case_data_keys_participant', sql`(${t.scope} = 'PARTICIPANT') = (${t.participantAccountId} is not null)`),
  ],
);

/**
 * A data key wrapped (crypto_box_seal) to one person's public key, or — `escrow` — to the
 * server's escrow key until that person has a keypair (docs/cases-security.md §3, "pending wraps").
 */
export const caseKeyWraps = pgTable(
  'case_key_wraps',
  {
    workspaceId: workspaceId(),
    caseId: caseId(),
    dataKeyId: uuid('data_key_id').notNull(),
    accountId: uuid('account_id').notNull(),
    wrapped: bytea('wrapped').notNull(),
    escrow: boolean('escrow').notNull().default(false),
    createdAt: createdAt(),
  },
  (t) => [
    primaryKey({ columns: [t.dataKeyId, t.accountId] }),
    index('case_key_wraps_account').on(t.workspaceId, t.accountId, t.caseId),
  ],
);

/**
 * A member's private key for this session, sealed under a key derived (HMAC) from the session's
 * token, which the database does not hold (it keeps the token's SHA-256). Dropped with the session.
 */
export const caseUnlocks = pgTable(
  'case_unlocks',
  {
    sessionId: uuid('session_id').notNull(),
    workspaceId: workspaceId(),
    accountId: uuid('account_id').notNull(),
    sealedPrivateKey: bytea('sealed_private_key').notNull(),
    createdAt: createdAt(),
  },
  (t) => [primaryKey({ columns: [t.sessionId, t.workspaceId] })],
);

/** People the complaint or the committee names as parties, matched to accounts (conflicts, sharing). */
export const caseParties = pgTable(
  'case_parties',
  {
    id: id().primaryKey(),
    workspaceId: workspaceId(),
    caseId: caseId(),
    accountId: uuid('account_id').notNull(),
    role: text('role').notNull(),
    addedBy: uuid('added_by'),
    createdAt: createdAt(),
  },
  (t) => [
    unique('case_parties_one').on(t.caseId, t.accountId, t.role),
    check('case_parties_role', sql`${t.role} in ('RESPONDENT','WITNESS')`),
  ],
);

/** A committee member's conflict of interest in a case: matched or declared; cleared with a reason. */
export const caseConflicts = pgTable(
  'case_conflicts',
  {
    id: id().primaryKey(),
    workspaceId: workspaceId(),
    caseId: caseId(),
    accountId: uuid('account_id').notNull(),
    reason: text('reason').notNull(),
    createdAt: createdAt(),
    clearedAt: timestamp('cleared_at', { withTimezone: true }),
    clearedBy: uuid('cleared_by'),
  },
  (t) => [
    index('case_conflicts_case').on(t.workspaceId, t.caseId),
    check('case_conflicts_reason', sql`${t.reason} in ('PARTY','MANAGER_OF_PARTY','DECLARED')`),
  ],
);

/**
 * The case's steps, from the version it was filed under: status, start, completion, the deadline
 * from the deadline engine with its section, reminders and escalations sent. Metadata only.
 */
export const caseSteps = pgTable(
  'case_steps',
  {
    id: id().primaryKey(),
    workspaceId: workspaceId(),
    caseId: caseId(),
    stageKey: text('stage_key').notNull(),
    stepKey: text('step_key').notNull(),
    /** 1, then 2, 3, … for a step that repeats (Canada s.34's monthly update). */
    occurrence: integer('occurrence').notNull().default(1),
    status: text('status').notNull(),
    startedAt: timestamp('started_at', { withTimezone: true }),
    completedAt: timestamp('completed_at', { withTimezone: true }),
    completedBy: uuid('completed_by'),
    dueAt: timestamp('due_at', { withTimezone: true }),
    dueDate: date('due_date'),
    reference: text('reference'),
    /** The sealed reason recorded when completed after its due date (Canada s.35(1)(f)). */
    lateReasonItemId: uuid('late_reason_item_id'),
    remindersSent: integer('reminders_sent').array().notNull().default(sql`'{}'::integer[]`),
    escalationLevel: integer('escalation_level').notNull().default(0),
    createdAt: createdAt(),
  },
  (t) => [
    unique('case_steps_one').on(t.caseId, t.stepKey, t.occurrence),
    index('case_steps_due').on(t.workspaceId, t.status, t.dueAt),
    check('case_steps_status', sql`${t.status} in ('WAITING','ON_REQUEST','ACTIVE','DONE','SKIPPED')`),
  ],
);

/**
 * Everything written in a case, sealed: the answers of the complaint, additions, messages, the
 * committee's notes and sub-statuses, meeting records, votes, action records, reasons. `audience`
 * decides who may read it (RLS): COMPLAINANT (the complainant's thread with the committee),
 * COMMITTEE (the committee's space), PARTICIPANT (one participant's share and replies).
 */
export const caseItems = pgTable(
  'case_items',
  {
    id: id().primaryKey(),
    workspaceId: workspaceId(),
    caseId: caseId(),
    kind: text('kind').notNull(),
    audience: text('audience').notNull(),
    participantAccountId: uuid('participant_account_id'),
    stepId: uuid('step_id'),
    authorAccountId: uuid('author_account_id'),
    dataKeyId: uuid('data_key_id').notNull(),
    sealed: bytea('sealed').notNull(),
    createdAt: createdAt(),
  },
  (t) => [
    index('case_items_case').on(t.workspaceId, t.caseId, t.createdAt),
    check('case_items_audience', sql`${t.audience} in ('COMPLAINANT','COMMITTEE','PARTICIPANT')`),
    check('case_items_participant', sql`(${t.audience} = 'PARTICIPANT') = (${t.participantAccountId} is not null)`),
    check('case_items_kind', sql`${t.kind} ~ '^[A-Z][A-Z_]{1,39}$'`),
  ],
);

/**
 * A file of a case (evidence, a resource, minutes, a report): its body is in storage, encrypted
 * with the case's data key; its name and type are sealed here; size and SHA-256 of the plaintext
 * (to prove what was filed) in clear. `ready` once the upload was checked and sealed.
 */
export const caseFiles = pgTable(
  'case_files',
  {
    id: id().primaryKey(),
    workspaceId: workspaceId(),
    caseId: caseId(),
    itemId: uuid('item_id'),
    audience: text('audience').notNull(),
    participantAccountId: uuid('participant_account_id'),
    dataKeyId: uuid('data_key_id').notNull(),
    storageKey: text('storage_key').notNull(),
    sealedMeta: bytea('sealed_meta').notNull(),
    sizeBytes: integer('size_bytes').notNull(),
    sha256: text('sha256').notNull(),
    uploadedBy: uuid('uploaded_by'),
    createdAt: createdAt(),
  },
  (t) => [
    index('case_files_case').on(t.workspaceId, t.caseId),
    check('case_files_audience', sql`${t.audience} in ('COMPLAINANT','COMMITTEE','PARTICIPANT')`),
  ],
);

/** A meeting of a case's step: times in clear (reminders, the calendar file), its fields sealed in an item. */
export const caseMeetings = pgTable(
  'case_meetings',
  {
    id: id().primaryKey(),
    workspaceId: workspaceId(),
    caseId: caseId(),
    stepId: uuid('step_id').notNull(),
    itemId: uuid('item_id').notNull(),
    startsAt: timestamp('starts_at', { withTimezone: true }).notNull(),
    endsAt: timestamp('ends_at', { withTimezone: true }).notNull(),
    status: text('status').notNull().default('SCHEDULED'),
    /** Accounts invited (parties see the meetings they are invited to). */
    guestAccountIds: uuid('guest_account_ids').array().notNull().default(sql`'{}'::uuid[]`),
    /** ICS sequence number, bumped on each change. */
    sequence: integer('sequence').notNull().default(0),
    remindedAt: timestamp('reminded_at', { withTimezone: true }),
    createdBy: uuid('created_by'),
    createdAt: createdAt(),
    updatedAt: timestamp('updated_at', { withTimezone: true }).notNull().default(sql`app_now()`),
  },
  (t) => [
    index('case_meetings_case').on(t.workspaceId, t.caseId, t.startsAt),
    check('case_meetings_status', sql`${t.status} in ('SCHEDULED','HELD','CANCELLED')`),
    check('case_meetings_times', sql`${t.endsAt} > ${t.startsAt}`),
  ],
);
