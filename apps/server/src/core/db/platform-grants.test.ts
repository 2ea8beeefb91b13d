import { randomBytes } from 'node:crypto';
import { sql } from 'drizzle-orm';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { aWorkspace } from '../../testing/factories.ts';
import { openTestDatabase } from '../../testing/test-app.ts';
import { queryRows } from './database.ts';
import { PLATFORM_ROLE, withPlatform, withTenant } from './tenant.ts';

/**
 * The platform role bypasses row-level security, so what it may touch is decided by its grants
 * alone (DESIGN §9: none on case tables). Migration `platform_grants` stopped granting it every
 * future table by default and names the tables it works on. A new table it must reach is granted by
 * name in the table's migration and added here; any other table it can read fails this file.
 */
const FULL = 'DELETE,INSERT,SELECT,UPDATE';
const PLATFORM_TABLES: Record<string, string> = {
  account_identities: FULL,
  accounts: FULL,
  audit_log: FULL,
  // Issue 24 (committee_and_register): the operator writes the catalogue; the purge deletes a retired workspace's register.
  calendar_feed_tokens: 'DELETE,SELECT',
  committee_members: 'DELETE,SELECT',
  committee_term_notices: 'DELETE,SELECT',
  committee_units: 'DELETE,SELECT',
  committees: 'DELETE,SELECT',
  compliance_categories: FULL,
  obligation_answers: 'DELETE,SELECT',
  obligation_occurrences: 'DELETE,SELECT',
  obligations: FULL,
  occurrence_evidence: 'DELETE,SELECT',
  occurrence_reviews: 'DELETE,SELECT',
  // Issue 25 (cms_workflows): the purge of a retired workspace deletes its complaint workflows (configuration,
  // not case data; the case tables of issue 26 get no privilege at all).
  workflow_attributes: 'DELETE,SELECT',
  workflow_components: 'DELETE,SELECT',
  workflow_meeting_fields: 'DELETE,SELECT',
  workflow_prerequisites: 'DELETE,SELECT',
  workflow_stages: 'DELETE,SELECT',
  workflow_step_actions: 'DELETE,SELECT',
  workflow_steps: 'DELETE,SELECT',
  workflow_versions: 'DELETE,SELECT',
  workflows: 'DELETE,SELECT',
  // Operator console (issue 23), granted by name in operator_console.
  contract_notices: FULL,
  branches: FULL,
  certificates: FULL,
  course_assignment_settings: FULL,
  course_auto_assign_rules: FULL,
  course_higher_risk_departments: FULL,
  course_items: FULL,
  course_jurisdictions: FULL,
  course_reminders: FULL,
  course_texts: FULL,
  course_versions: FULL,
  courses: FULL,
  // Insert-only (migration 0026).
  credit_ledger: 'INSERT,SELECT',
  credit_requests: FULL,
  department_managers: FULL,
  departments: FULL,
  email_templates: FULL,
  enrolment_cycles: FULL,
  enrolment_item_progress: FULL,
  enrolments: FULL,
  escalation_settings: FULL,
  feature_flag_workspaces: FULL,
  feature_flags: FULL,
  // Operator data, granted by name in deadline_calendars (every workspace only reads them).
  holiday_calendars: FULL,
  holidays: FULL,
  invitations: FULL,
  jurisdictions: FULL,
  lesson_blocks: FULL,
  lesson_media_uploads: FULL,
  memberships: FULL,
  oidc_logins: FULL,
  operator_idempotency: FULL,
  one_time_codes: FULL,
  outbox: FULL,
  profile_image_uploads: FULL,
  quiz_answer_keys: FULL,
  quiz_attempts: FULL,
  quiz_options: FULL,
  quiz_questions: FULL,
  rate_limit_events: FULL,
  role_permissions: FULL,
  scorm_files: FULL,
  scorm_packages: FULL,
  session_handoffs: FULL,
  signup_whitelist: FULL,
  sessions: FULL,
  user_manuals: FULL,
  video_progress: FULL,
  workshop_invitations: FULL,
  workshops: FULL,
  workspace_courses: FULL,
  workspace_host_redirects: FULL,
  workspace_menus: FULL,
  workspaces: FULL,
};

let database: Awaited<ReturnType<typeof openTestDatabase>>;
beforeAll(async () => {
  database = await openTestDatabase();
});
afterAll(() => database.dispose());

/** The SQLSTATE of a failed statement (Drizzle wraps the driver's error). */
async function sqlState(work: Promise<unknown>): Promise<string | null> {
  try {
    await work;
    return null;
  } catch (err) {
    const e = err as { cause?: { code?: string }; code?: string };
    return e.cause?.code ?? e.code ?? 'unknown';
  }
}

describe('the platform role’s tables', () => {
  it('are exactly the ones named, each with the privileges named (a new table granted to it fails here)', async () => {
    const rows = await queryRows<{ table: string; privileges: string | null }>(
      database.db,
      sql`select c.relname as table,
                 (select string_agg(x.privilege_type, ',' order by x.privilege_type)
                    from aclexplode(c.relacl) x join pg_roles r on r.oid = x.grantee
                   where r.rolname = ${PLATFORM_ROLE}) as privileges
            from pg_class c join pg_namespace n on n.oid = c.relnamespace
           where n.nspname = 'public' and c.relkind in ('r', 'p', 'v', 'm', 'S')
           order by 1`,
    );
    const granted = Object.fromEntries(rows.filter((r) => r.privileges).map((r) => [r.table, r.privileges]));
    expect(granted).toEqual(PLATFORM_TABLES);
  });

  it('do not include a table created from now on: the platform path cannot read or write it, the application role can', async () => {
    const table = `test_later_${randomBytes(4).toString('hex')}`;
    await database.db.execute(
      sql.raw(`create table ${table} (id uuid primary key default gen_random_uuid(), workspace_id uuid not null)`),
    );
    await database.db.execute(sql`select app_enable_tenant_rls(${table})`);
    const ws = await aWorkspace(database.db);
    // The application role keeps its default privileges (row-level security still applies).
    await withTenant(database.db, { workspaceId: ws.id }, (tx) =>
      tx.execute(sql.raw(`insert into ${table} (workspace_id) values ('${ws.id}')`)),
    );
    const [mine] = await withTenant(database.db, { workspaceId: ws.id }, (tx) =>
      queryRows<{ n: number }>(tx, sql.raw(`select count(*)::int as n from ${table}`)),
    );
    expect(mine?.n).toBe(1);
    // 42501: insufficient_privilege.
    const platform = (statement: string) =>
      sqlState(
        withPlatform(database.db, { action: 'test.later-table', audit: false }, (tx) => tx.execute(sql.raw(statement))),
      );
    expect(await platform(`select count(*) from ${table}`)).toBe('42501');
    expect(await platform(`insert into ${table} (workspace_id) values ('${ws.id}')`)).toBe('42501');
    expect(await platform(`delete from ${table}`)).toBe('42501');
  });

  it('still include every table it works on: it reads each of them', async () => {
    await withPlatform(database.db, { action: 'test.platform-tables', audit: false }, async (tx) => {
      for (const table of Object.keys(PLATFORM_TABLES))
        await tx.execute(sql`select 1 from ${sql.identifier(table)} limit 1`);
    });
  });
});
