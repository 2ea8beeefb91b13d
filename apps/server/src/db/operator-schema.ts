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
  text,
  timestamp,
  uuid,
} from 'drizzle-orm/pg-core';

/**
 * The operator console's tables (issue 23). Row-level security, grants, the host function and the
 * foreign keys (to workspaces and accounts: declared in SQL, since importing schema.ts here would
 * make an import cycle) are hand-written in the migration `operator_console`.
 */

const createdAt = () => timestamp('created_at', { withTimezone: true }).notNull().defaultNow();

/**
 * A host a workspace was served from before a host change: for `until` (30 days) it answers a page
 * pointing to the workspace's current host. A host here cannot be given to another workspace
 * until then. Tenant rows (RLS on workspace_id); host resolution reads them through
 * `app_resolve_moved_host(host)`.
 */
export const workspaceHostRedirects = pgTable(
  'workspace_host_redirects',
  {
    host: text('host').primaryKey(),
    workspaceId: uuid('workspace_id').notNull(),
    until: timestamp('until', { withTimezone: true }).notNull(),
    createdAt: createdAt(),
  },
  (t) => [index('workspace_host_redirects_workspace').on(t.workspaceId)],
);

/** The contract warnings sent (30, 7 and 1 days before `expiry_date`): each once per expiry date. Tenant rows. */
export const contractNotices = pgTable(
  'contract_notices',
  {
    workspaceId: uuid('workspace_id').notNull(),
    expiryDate: date('expiry_date').notNull(),
    daysBefore: integer('days_before').notNull(),
    sentAt: createdAt(),
  },
  (t) => [
    primaryKey({ columns: [t.workspaceId, t.expiryDate, t.daysBefore] }),
    check('contract_notices_days', sql`${t.daysBefore} in (30, 7, 1)`),
  ],
);

/**
 * A workspace's sign-up whitelist: addresses (`asha@initech.com`) or domains (`@initech.com`) that
 * may sign themselves up when its bulk sign-up setting is on. Tenant rows; the operator writes them.
 */
export const signupWhitelist = pgTable(
  'signup_whitelist',
  {
    workspaceId: uuid('workspace_id').notNull(),
    value: text('value').notNull(),
    addedBy: uuid('added_by'),
    addedAt: createdAt(),
  },
  (t) => [
    primaryKey({ columns: [t.workspaceId, t.value] }),
    check('signup_whitelist_value', sql`${t.value} = lower(${t.value}) and length(${t.value}) between 3 and 254`),
  ],
);

/**
 * The menus the operator gave a workspace (`/api/admin/workspace-nav`). No row for a menu: it is on.
 * Tenant rows (the workspace reads them for its navigation); only the platform path writes them.
 */
export const workspaceMenus = pgTable(
  'workspace_menus',
  {
    workspaceId: uuid('workspace_id').notNull(),
    menu: text('menu').notNull(),
    enabled: boolean('enabled').notNull(),
    updatedAt: timestamp('updated_at', { withTimezone: true }).notNull().defaultNow(),
  },
  (t) => [primaryKey({ columns: [t.workspaceId, t.menu] })],
);

/**
 * The user manuals (a PDF per audience and language), the operator's data: everyone reads, only
 * the platform path writes. `storage_key` is the private object's key.
 */
export const userManuals = pgTable(
  'user_manuals',
  {
    audience: text('audience').notNull(),
    language: text('language').notNull(),
    storageKey: text('storage_key').notNull(),
    fileName: text('file_name').notNull(),
    sizeBytes: integer('size_bytes').notNull(),
    uploadedBy: uuid('uploaded_by'),
    uploadedAt: createdAt(),
  },
  (t) => [
    primaryKey({ columns: [t.audience, t.language] }),
    check('user_manuals_audience', sql`${t.audience} in ('EMPLOYEE','ADMINISTRATOR')`),
  ],
);

/**
 * Operator requests made with an `Idempotency-Key` (workspace creation): a repeat with the same
 * key and body answers the first result; the same key with another body is refused. Platform only.
 */
export const operatorIdempotency = pgTable(
  'operator_idempotency',
  {
    key: text('key').notNull(),
    operation: text('operation').notNull(),
    accountId: uuid('account_id').notNull(),
    requestHash: text('request_hash').notNull(),
    response: jsonb('response').notNull(),
    createdAt: createdAt(),
  },
  (t) => [
    primaryKey({ columns: [t.operation, t.key] }),
    check('operator_idempotency_key', sql`length(${t.key}) between 8 and 200`),
  ],
);
