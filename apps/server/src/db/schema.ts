import { sql } from 'drizzle-orm';
import {
  boolean,
  check,
  date,
  foreignKey,
  index,
  integer,
  jsonb,
  pgTable,
  primaryKey,
  text,
  timestamp,
  uniqueIndex,
  uuid,
} from 'drizzle-orm/pg-core';
import { holidayCalendars } from './calendar-schema.ts';

const id = () => uuid('id').notNull().defaultRandom();
const createdAt = () => timestamp('created_at', { withTimezone: true }).notNull().defaultNow();
const updatedAt = () => timestamp('updated_at', { withTimezone: true }).notNull().defaultNow();
const workspaceId = () => uuid('workspace_id').notNull();

/** A customer organisation, served from its own host. Its `id` is every tenant row's `workspace_id`. */
export const workspaces = pgTable(
  'workspaces',
  {
    id: id().primaryKey(),
    companyName: text('company_name').notNull(),
    /** host[:port], lower case, e.g. `acme.example.com` or `acme.localhost:3000`. */
    host: text('host').notNull(),
    backgroundColor: text('background_color').notNull().default('1F6FEB'),
    logoUrl: text('logo_url'),
    socialPlatforms: text('social_platforms').array().notNull().default(sql`'{}'::text[]`),
    headQuarterBranchId: uuid('head_quarter_branch_id'),
    bulkSignUpEnabled: boolean('bulk_sign_up_enabled').notNull().default(false),
    /** White-label access switches (spec §6): all on by default; off hides the area for the workspace. */
    accessCms: boolean('access_cms').notNull().default(true),
    accessLms: boolean('access_lms').notNull().default(true),
    accessConcernedAuthority: boolean('access_concerned_authority').notNull().default(true),
    accessPolicies: boolean('access_policies').notNull().default(true),
    accessCompliance: boolean('access_compliance').notNull().default(true),
    /**
     * Who employees contact about harassment (the "concerned authority" card on their home page):
     * the Internal Committee's contact under the POSH Act (India), the designated recipient under
     * SOR/2020-130 s.14 (Canada). All null until a workspace admin names one in Settings.
     */
    concernedAuthorityName: text('concerned_authority_name'),
    concernedAuthorityDesignation: text('concerned_authority_designation'),
    concernedAuthorityEmail: text('concerned_authority_email'),
    /** E.164, e.g. +919812345678. */
    concernedAuthorityPhone: text('concerned_authority_phone'),
    userLimit: integer('user_limit'),
    contractExpiryDate: date('contract_expiry_date'),
    active: boolean('active').notNull().default(true),
    /** The organisation's country (IN or CA): which rules apply, and the default time zone. */
    country: text('country').notNull().default('IN'),
    /** IANA time zone in which the workspace's deadlines and schedules are computed (core/deadlines.ts). */
    timeZone: text('time_zone').notNull().default('Asia/Kolkata'),
    /**
     * Retirement (issue 23): set when the operator retires the workspace (it is then suspended:
     * `active` false, no sign-in, its hosts say so); `purge_after` is the end of the grace period,
     * after which the purge job removes its data and sets `purged_at`. Restoring clears the first two.
     */
    retiredAt: timestamp('retired_at', { withTimezone: true }),
    purgeAfter: timestamp('purge_after', { withTimezone: true }),
    purgedAt: timestamp('purged_at', { withTimezone: true }),
    /** Elevate-IP mode (issue 23): the CIDR ranges administrators may act from while the `elevateip` flag is on for the workspace. */
    adminIpRanges: text('admin_ip_ranges').array().notNull().default(sql`'{}'::text[]`),
    createdAt: createdAt(),
    updatedAt: updatedAt(),
  },
  (t) => [
    uniqueIndex('workspaces_host_key').on(t.host),
    check('workspaces_country', sql`${t.country} in ('IN','CA')`),
    check('workspaces_host_lower', sql`${t.host} = lower(${t.host})`),
    check('workspaces_color_hex', sql`${t.backgroundColor} ~ '^[0-9A-F]{6}$'`),
    check('workspaces_concerned_authority_phone', sql`${t.concernedAuthorityPhone} ~ '^\\+[0-9]{8,15}$'`),
  ],
);

/** A person's one identity across workspaces: email, or username, or phone. */
export const accounts = pgTable(
  'accounts',
  {
    id: id().primaryKey(),
    email: text('email'),
    username: text('username'),
    contactNumber: text('contact_number'),
    passwordHash: text('password_hash'),
    firstName: text('first_name').notNull().default(''),
    lastName: text('last_name').notNull().default(''),
    emailVerified: boolean('email_verified').notNull().default(false),
    firstLogin: boolean('first_login').notNull().default(false),
    /** PLATFORM_ADMIN for the operator's staff; null for everyone else. */
    platformRole: text('platform_role'),
    /** The language mail and SMS reach the person in (en, hi, kn, te, ta, mr); null: English. */
    language: text('language'),
    /** When the person's identifying data was erased (the row stays so that records remain attributable). */
    anonymisedAt: timestamp('anonymised_at', { withTimezone: true }),
    /** The person's own IANA time zone; null: the workspace's. */
    timeZone: text('time_zone'),
    createdAt: createdAt(),
    updatedAt: updatedAt(),
  },
  (t) => [
    uniqueIndex('accounts_email_key').on(sql`lower(${t.email})`),
    uniqueIndex('accounts_username_key').on(sql`lower(${t.username})`),
    uniqueIndex('accounts_contact_number_key').on(t.contactNumber),
    check('accounts_has_identifier', sql`coalesce(${t.email}, ${t.username}, ${t.contactNumber}) is not null`),
    check('accounts_platform_role', sql`${t.platformRole} is null or ${t.platformRole} = 'PLATFORM_ADMIN'`),
    check('accounts_language', sql`${t.language} in ('en','hi','kn','te','ta','mr','fr')`),
  ],
);

/** A business unit of a workspace. */
export const branches = pgTable(
  'branches',
  {
    workspaceId: workspaceId(),
    id: id(),
    name: text('name').notNull(),
    backgroundColor: text('background_color'),
    logoUrl: text('logo_url'),
    address: text('address'),
    /**
     * The unit's holiday calendar (a state's, e.g. IN-KA), when it differs from its country's; null:
     * the country's (core/holiday-calendars.repo.ts `calendarCodeFor`).
     */
    holidayCalendar: text('holiday_calendar').references(() => holidayCalendars.code),
    headquarter: boolean('headquarter').notNull().default(false),
    createdAt: createdAt(),
    updatedAt: updatedAt(),
    createdBy: uuid('created_by'),
    updatedBy: uuid('updated_by'),
  },
  (t) => [
    primaryKey({ columns: [t.workspaceId, t.id] }),
    foreignKey({ columns: [t.workspaceId], foreignColumns: [workspaces.id] }),
    uniqueIndex('branches_name_key').on(t.workspaceId, sql`lower(${t.name})`),
    uniqueIndex('branches_one_headquarter').on(t.workspaceId).where(sql`${t.headquarter}`),
  ],
);

/** A department within a business unit. */
export const departments = pgTable(
  'departments',
  {
    workspaceId: workspaceId(),
    id: id(),
    branchId: uuid('branch_id').notNull(),
    name: text('name').notNull(),
    createdAt: createdAt(),
    updatedAt: updatedAt(),
    createdBy: uuid('created_by'),
    updatedBy: uuid('updated_by'),
  },
  (t) => [
    primaryKey({ columns: [t.workspaceId, t.id] }),
    foreignKey({ columns: [t.workspaceId, t.branchId], foreignColumns: [branches.workspaceId, branches.id] }),
    uniqueIndex('departments_name_key').on(t.workspaceId, t.branchId, sql`lower(${t.name})`),
  ],
);

/** A person's place in a workspace: role, business unit, department, and whether it is active. */
export const memberships = pgTable(
  'memberships',
  {
    workspaceId: workspaceId(),
    id: id(),
    accountId: uuid('account_id')
      .notNull()
      .references(() => accounts.id),
    role: text('role').notNull(),
    branchId: uuid('branch_id'),
    departmentId: uuid('department_id'),
    designation: text('designation'),
    employeeId: text('employee_id'),
    dateOfJoining: date('date_of_joining'),
    /**
     * The person's name as this workspace recorded it (issue 21, item 25): the first name given for
     * the member (by an administrator, or at sign-up), changed only by an administrator. Certificates
     * carry it, so that renaming oneself never changes who a certificate names. NULL: none recorded yet.
     */
    legalName: text('legal_name'),
    isDefault: boolean('is_default').notNull().default(false),
    active: boolean('active').notNull().default(true),
    /** A deleted user: the membership is kept (inactive) so that its records stay attributable. */
    deletedAt: timestamp('deleted_at', { withTimezone: true }),
    deletedBy: uuid('deleted_by'),
    /**
     * The person's picture in this workspace (a storage key under `<workspace>/profile-image/`):
     * per membership, so that one employer's workspace never shows what another's holds.
     */
    profileImageKey: text('profile_image_key'),
    /**
     * List keys, kept by triggers (migration 0019) and never written by the application: the
     * account's first and last name lower-cased (the users list's sort, so that a page is an index
     * scan of its own rows), and the searchable text (name, email, username, employee id, contact
     * number, one per line) under a trigram index. See docs/web-forms-and-lists.md, "Lists at scale".
     */
    sortFirst: text('sort_first').notNull().default(''),
    sortLast: text('sort_last').notNull().default(''),
    searchText: text('search_text').notNull().default(''),
    /** The business unit's and the department's names lower-cased, NULL without one (migration 0024, same triggers). */
    sortUnit: text('sort_unit'),
    sortDepartment: text('sort_department'),
    createdAt: createdAt(),
    updatedAt: updatedAt(),
    createdBy: uuid('created_by'),
    updatedBy: uuid('updated_by'),
  },
  (t) => [
    primaryKey({ columns: [t.workspaceId, t.id] }),
    foreignKey({ columns: [t.workspaceId], foreignColumns: [workspaces.id] }),
    foreignKey({ columns: [t.workspaceId, t.branchId], foreignColumns: [branches.workspaceId, branches.id] }),
    foreignKey({
      columns: [t.workspaceId, t.departmentId],
      foreignColumns: [departments.workspaceId, departments.id],
    }),
    uniqueIndex('memberships_account_key').on(t.workspaceId, t.accountId),
    index('memberships_account_idx').on(t.accountId),
    index('memberships_sort_idx')
      .on(t.workspaceId, t.sortFirst, t.sortLast, t.accountId)
      .where(sql`${t.deletedAt} is null`),
    index('memberships_unit_sort_idx')
      .on(t.workspaceId, t.branchId, t.sortFirst, t.sortLast, t.accountId)
      .where(sql`${t.deletedAt} is null`),
    // The users list sorted by another column, then by name (migration 0023): whole workspace and one unit.
    index('memberships_employee_id_sort_idx')
      .on(t.workspaceId, t.employeeId, t.sortFirst, t.sortLast, t.accountId)
      .where(sql`${t.deletedAt} is null`),
    index('memberships_role_sort_idx')
      .on(t.workspaceId, t.role, t.sortFirst, t.sortLast, t.accountId)
      .where(sql`${t.deletedAt} is null`),
    index('memberships_active_sort_idx')
      .on(t.workspaceId, t.active, t.sortFirst, t.sortLast, t.accountId)
      .where(sql`${t.deletedAt} is null`),
    index('memberships_unit_employee_id_sort_idx')
      .on(t.workspaceId, t.branchId, t.employeeId, t.sortFirst, t.sortLast, t.accountId)
      .where(sql`${t.deletedAt} is null`),
    index('memberships_unit_role_sort_idx')
      .on(t.workspaceId, t.branchId, t.role, t.sortFirst, t.sortLast, t.accountId)
      .where(sql`${t.deletedAt} is null`),
    index('memberships_unit_active_sort_idx')
      .on(t.workspaceId, t.branchId, t.active, t.sortFirst, t.sortLast, t.accountId)
      .where(sql`${t.deletedAt} is null`),
    // Sorted by the business unit's or the department's name, then by name (migration 0024).
    index('memberships_unit_name_sort_idx')
      .on(t.workspaceId, t.sortUnit, t.sortFirst, t.sortLast, t.accountId)
      .where(sql`${t.deletedAt} is null`),
    index('memberships_department_sort_idx')
      .on(t.workspaceId, t.sortDepartment, t.sortFirst, t.sortLast, t.accountId)
      .where(sql`${t.deletedAt} is null`),
    index('memberships_unit_unit_name_sort_idx')
      .on(t.workspaceId, t.branchId, t.sortUnit, t.sortFirst, t.sortLast, t.accountId)
      .where(sql`${t.deletedAt} is null`),
    index('memberships_unit_department_sort_idx')
      .on(t.workspaceId, t.branchId, t.sortDepartment, t.sortFirst, t.sortLast, t.accountId)
      .where(sql`${t.deletedAt} is null`),
    index('memberships_search_idx').using('gin', t.searchText.op('gin_trgm_ops')),
    check('memberships_role', sql`${t.role} in ('EMPLOYEE','BRANCH_ADMIN','EMPLOYER','WORKSPACE_ADMIN')`),
  ],
);

/** A bearer session: only the token's hash is kept. `workspace_id` null means the platform host. */
export const sessions = pgTable(
  'sessions',
  {
    id: id().primaryKey(),
    tokenHash: text('token_hash').notNull(),
    accountId: uuid('account_id')
      .notNull()
      .references(() => accounts.id),
    workspaceId: uuid('workspace_id').references(() => workspaces.id),
    createdAt: createdAt(),
    expiresAt: timestamp('expires_at', { withTimezone: true }).notNull(),
    revokedAt: timestamp('revoked_at', { withTimezone: true }),
    /** Last request made with the session, recorded at most every few minutes (the idle limit reads it). */
    lastUsedAt: timestamp('last_used_at', { withTimezone: true }).notNull().default(sql`app_now()`),
    ip: text('ip'),
    userAgent: text('user_agent'),
  },
  (t) => [
    uniqueIndex('sessions_token_hash_key').on(t.tokenHash),
    index('sessions_account_idx').on(t.workspaceId, t.accountId),
  ],
);

/** An invitation to join a workspace; only the code's hash is kept. */
export const invitations = pgTable(
  'invitations',
  {
    workspaceId: workspaceId(),
    id: id(),
    codeHash: text('code_hash').notNull(),
    email: text('email'),
    contactNumber: text('contact_number'),
    firstName: text('first_name'),
    lastName: text('last_name'),
    role: text('role').notNull().default('EMPLOYEE'),
    branchId: uuid('branch_id').notNull(),
    departmentId: uuid('department_id'),
    designation: text('designation'),
    employeeId: text('employee_id'),
    gender: text('gender'),
    homeAddress: text('home_address'),
    dateOfJoining: date('date_of_joining'),
    /** When the invitation mail was last sent, and how often (resending issues a new code). */
    lastSentAt: timestamp('last_sent_at', { withTimezone: true }),
    sendCount: integer('send_count').notNull().default(0),
    /**
     * The delivery state of the latest mail (or SMS): QUEUED when enqueued, SENT when a worker
     * delivered it, FAILED with the last attempt's reason (retries continue; a later success sets SENT).
     */
    mailStatus: text('mail_status').notNull().default('QUEUED'),
    mailError: text('mail_error'),
    mailUpdatedAt: timestamp('mail_updated_at', { withTimezone: true }).notNull().default(sql`app_now()`),
    /** The language of the invitation's mail or SMS (chosen by the inviter, else theirs); null: English. */
    language: text('language'),
    expiresAt: timestamp('expires_at', { withTimezone: true }).notNull(),
    usedAt: timestamp('used_at', { withTimezone: true }),
    usedBy: uuid('used_by'),
    revokedAt: timestamp('revoked_at', { withTimezone: true }),
    createdAt: createdAt(),
    updatedAt: updatedAt(),
    createdBy: uuid('created_by'),
  },
  (t) => [
    primaryKey({ columns: [t.workspaceId, t.id] }),
    foreignKey({ columns: [t.workspaceId, t.branchId], foreignColumns: [branches.workspaceId, branches.id] }),
    uniqueIndex('invitations_code_key').on(t.codeHash),
    index('invitations_email_idx').on(t.workspaceId, sql`lower(${t.email})`),
    check('invitations_role', sql`${t.role} in ('EMPLOYEE','BRANCH_ADMIN','EMPLOYER','WORKSPACE_ADMIN')`),
    check('invitations_mail_status', sql`${t.mailStatus} in ('QUEUED','SENT','FAILED')`),
    check('invitations_language', sql`${t.language} in ('en','hi','kn','te','ta','mr','fr')`),
  ],
);

/** Platform-wide feature flags (the operator's); readable by every workspace. */
export const featureFlags = pgTable(
  'feature_flags',
  {
    key: text('key').primaryKey(),
    value: text('value').notNull().default('false'),
    createdAt: createdAt(),
    updatedAt: updatedAt(),
  },
  (t) => [check('feature_flags_value', sql`${t.value} in ('true','false')`)],
);

/** Workspaces a flag is limited to (none: every workspace). */
export const featureFlagWorkspaces = pgTable(
  'feature_flag_workspaces',
  {
    workspaceId: workspaceId().references(() => workspaces.id),
    flagKey: text('flag_key')
      .notNull()
      .references(() => featureFlags.key, { onDelete: 'cascade' }),
    createdAt: createdAt(),
  },
  (t) => [primaryKey({ columns: [t.workspaceId, t.flagKey] })],
);

/** A workspace's overrides of the default permission matrix (role × permission). */
export const rolePermissions = pgTable(
  'role_permissions',
  {
    workspaceId: workspaceId().references(() => workspaces.id),
    role: text('role').notNull(),
    permission: text('permission').notNull(),
    granted: boolean('granted').notNull(),
    updatedAt: updatedAt(),
    updatedBy: uuid('updated_by'),
  },
  (t) => [primaryKey({ columns: [t.workspaceId, t.role, t.permission] })],
);

/** Append-only trail of security-relevant events; `workspace_id` null for platform events. */
export const auditLog = pgTable(
  'audit_log',
  {
    id: id().primaryKey(),
    workspaceId: uuid('workspace_id').references(() => workspaces.id),
    occurredAt: timestamp('occurred_at', { withTimezone: true }).notNull().defaultNow(),
    actorAccountId: uuid('actor_account_id'),
    action: text('action').notNull(),
    targetType: text('target_type'),
    targetId: text('target_id'),
    ip: text('ip'),
    traceId: text('trace_id'),
    details: jsonb('details'),
  },
  (t) => [index('audit_log_workspace_idx').on(t.workspaceId, t.occurredAt)],
);

/** Mail and SMS written locally when no SMTP server or SMS gateway is configured. */
export const outbox = pgTable(
  'outbox',
  {
    id: id().primaryKey(),
    workspaceId: uuid('workspace_id').references(() => workspaces.id),
    channel: text('channel').notNull(),
    recipient: text('recipient').notNull(),
    subject: text('subject'),
    bodyText: text('body_text').notNull(),
    bodyHtml: text('body_html'),
    /** Files sent with the mail (a workshop's .ics): name, media type and text content. */
    attachments: jsonb('attachments'),
    createdAt: createdAt(),
  },
  (t) => [index('outbox_created_idx').on(t.createdAt), check('outbox_channel', sql`${t.channel} in ('EMAIL','SMS')`)],
);

/**
 * One-time codes: sign-in codes by mail or SMS, password-reset codes and email-confirmation links.
 * Only an HMAC of the code (keyed by AUTH_SECRET, salted with the row id) is kept; links store the
 * SHA-256 of their random token. A code is single use, expires, and is locked after too many
 * wrong tries; issuing a new one for the same purpose and target supersedes the older ones.
 * `workspace_id` is where it was asked for (null: the platform host); `target` is the lower-case
 * email or the phone number it was sent to.
 */
export const oneTimeCodes = pgTable(
  'one_time_codes',
  {
    id: id().primaryKey(),
    workspaceId: uuid('workspace_id').references(() => workspaces.id),
    accountId: uuid('account_id').references(() => accounts.id),
    /** For codes that let a new person claim an invitation before an account exists. */
    invitationId: uuid('invitation_id'),
    purpose: text('purpose').notNull(),
    target: text('target').notNull(),
    codeHash: text('code_hash').notNull(),
    attempts: integer('attempts').notNull().default(0),
    createdAt: createdAt(),
    expiresAt: timestamp('expires_at', { withTimezone: true }).notNull(),
    usedAt: timestamp('used_at', { withTimezone: true }),
    supersededAt: timestamp('superseded_at', { withTimezone: true }),
  },
  (t) => [
    index('one_time_codes_target_idx').on(t.purpose, t.target, t.createdAt),
    index('one_time_codes_hash_idx').on(t.codeHash),
    check(
      'one_time_codes_purpose',
      sql`${t.purpose} in ('SIGNIN_EMAIL','SIGNIN_SMS','PASSWORD_RESET','EMAIL_CONFIRM')`,
    ),
    check('one_time_codes_attempts', sql`${t.attempts} >= 0`),
  ],
);

/**
 * A one-time hand-off from the platform host (or an OpenID callback) to a session on a workspace
 * host: single use, valid for 60 seconds, bound to one workspace. With `binding_hash`, it is also
 * bound to the browser that started the sign-in (a cookie on the workspace host).
 */
export const sessionHandoffs = pgTable(
  'session_handoffs',
  {
    workspaceId: workspaceId().references(() => workspaces.id),
    id: id(),
    idHash: text('id_hash').notNull(),
    accountId: uuid('account_id')
      .notNull()
      .references(() => accounts.id),
    method: text('method').notNull(),
    bindingHash: text('binding_hash'),
    redirectPath: text('redirect_path'),
    createdAt: createdAt(),
    expiresAt: timestamp('expires_at', { withTimezone: true }).notNull(),
    usedAt: timestamp('used_at', { withTimezone: true }),
  },
  (t) => [primaryKey({ columns: [t.workspaceId, t.id] }), uniqueIndex('session_handoffs_id_hash_key').on(t.idHash)],
);

/** An account's identity at an OpenID provider: matched by the provider's subject, never by email alone. */
export const accountIdentities = pgTable(
  'account_identities',
  {
    provider: text('provider').notNull(),
    subject: text('subject').notNull(),
    accountId: uuid('account_id')
      .notNull()
      .references(() => accounts.id),
    email: text('email'),
    createdAt: createdAt(),
    lastUsedAt: timestamp('last_used_at', { withTimezone: true }),
  },
  (t) => [
    primaryKey({ columns: [t.provider, t.subject] }),
    index('account_identities_account_idx').on(t.accountId),
    check('account_identities_provider', sql`${t.provider} in ('GOOGLE','MICROSOFT')`),
  ],
);

/** An OpenID sign-in under way: state, nonce and PKCE verifier, single use, 10 minutes. */
export const oidcLogins = pgTable(
  'oidc_logins',
  {
    workspaceId: workspaceId().references(() => workspaces.id),
    id: id(),
    provider: text('provider').notNull(),
    stateHash: text('state_hash').notNull(),
    nonce: text('nonce').notNull(),
    codeVerifier: text('code_verifier').notNull(),
    bindingHash: text('binding_hash').notNull(),
    redirectPath: text('redirect_path'),
    createdAt: createdAt(),
    expiresAt: timestamp('expires_at', { withTimezone: true }).notNull(),
    usedAt: timestamp('used_at', { withTimezone: true }),
  },
  (t) => [
    primaryKey({ columns: [t.workspaceId, t.id] }),
    uniqueIndex('oidc_logins_state_key').on(t.stateHash),
    check('oidc_logins_provider', sql`${t.provider} in ('GOOGLE','MICROSOFT')`),
  ],
);

/**
 * Events counted by the rate limiter (sliding window): sign-in failures, code sends and wrong
 * codes, keyed by what is limited (`pw-fail:account:<id>`, `otp-send:ip:<ip>`, …). Shared by every
 * replica because it lives in the database. Read and written only through `app_rate_limit_*()`.
 */
export const rateLimitEvents = pgTable(
  'rate_limit_events',
  {
    key: text('key').notNull(),
    occurredAt: timestamp('occurred_at', { withTimezone: true }).notNull().defaultNow(),
  },
  (t) => [
    index('rate_limit_events_key_idx').on(t.key, t.occurredAt),
    index('rate_limit_events_time_idx').on(t.occurredAt),
  ],
);

/** A department's managers: people of the workspace with a manager role for that department. */
export const departmentManagers = pgTable(
  'department_managers',
  {
    workspaceId: workspaceId(),
    departmentId: uuid('department_id').notNull(),
    accountId: uuid('account_id')
      .notNull()
      .references(() => accounts.id),
    /** What the person is for the department, e.g. MANAGER or HEAD. */
    role: text('role').notNull().default('MANAGER'),
    createdAt: createdAt(),
    createdBy: uuid('created_by'),
  },
  (t) => [
    primaryKey({ columns: [t.workspaceId, t.departmentId, t.accountId] }),
    foreignKey({
      columns: [t.workspaceId, t.departmentId],
      foreignColumns: [departments.workspaceId, departments.id],
    }).onDelete('cascade'),
    index('department_managers_account_idx').on(t.workspaceId, t.accountId),
    check('department_managers_role', sql`${t.role} ~ '^[A-Z_]{2,40}$'`),
  ],
);

/** A workspace's wording of the mails it sends (one row per kind; none: the built-in wording). */
export const emailTemplates = pgTable(
  'email_templates',
  {
    workspaceId: workspaceId().references(() => workspaces.id),
    kind: text('kind').notNull(),
    subject: text('subject').notNull(),
    bodyText: text('body_text').notNull(),
    updatedAt: updatedAt(),
    updatedBy: uuid('updated_by'),
  },
  (t) => [
    primaryKey({ columns: [t.workspaceId, t.kind] }),
    check('email_templates_kind', sql`${t.kind} in ('INVITATION')`),
  ],
);

/**
 * A profile-image upload URL handed out by `generate-profile-image-upload-url`: only the token's
 * hash is kept; single use, short-lived, bound to its workspace, the account that asked for it and
 * the member whose picture it sets.
 */
export const profileImageUploads = pgTable(
  'profile_image_uploads',
  {
    workspaceId: workspaceId().references(() => workspaces.id),
    id: id(),
    tokenHash: text('token_hash').notNull(),
    /** Who asked for the URL: only they may use it. */
    accountId: uuid('account_id')
      .notNull()
      .references(() => accounts.id),
    /** Whose picture it sets. */
    targetAccountId: uuid('target_account_id')
      .notNull()
      .references(() => accounts.id),
    createdAt: createdAt(),
    expiresAt: timestamp('expires_at', { withTimezone: true }).notNull(),
    usedAt: timestamp('used_at', { withTimezone: true }),
  },
  (t) => [
    primaryKey({ columns: [t.workspaceId, t.id] }),
    uniqueIndex('profile_image_uploads_token_key').on(t.tokenHash),
  ],
);

export * from './calendar-schema.ts';
export * from './cases-schema.ts';
export * from './cms-schema.ts';
export * from './escalation-schema.ts';
export * from './learning-schema.ts';
export * from './lms-schema.ts';
export * from './operator-schema.ts';
export * from './register-schema.ts';
export * from './security-schema.ts';
