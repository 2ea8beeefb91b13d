import { sql } from 'drizzle-orm';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { accounts, branches, departments } from '../../db/schema.ts';
import { addMembership, newUser, newWorkspace, type TestUser, type TestWorkspace } from '../../testing/factories.ts';
import { openTestDatabase } from '../../testing/test-app.ts';
import { queryRows } from './database.ts';
import { APP_ROLE, withPlatform, withTenant } from './tenant.ts';

let database: Awaited<ReturnType<typeof openTestDatabase>>;
let a: TestWorkspace;
let b: TestWorkspace;
let memberOfA: TestUser;
let memberOfB: TestUser;
let memberOfBoth: TestUser;

beforeAll(async () => {
  database = await openTestDatabase();
  a = await newWorkspace(database.db);
  b = await newWorkspace(database.db);
  memberOfA = await newUser(database.db, a);
  memberOfB = await newUser(database.db, b);
  memberOfBoth = await newUser(database.db, b);
  await addMembership(database.db, memberOfBoth, a);
});
afterAll(() => database.dispose());

type TableRow = { table: string; rls: boolean; forced: boolean; has_workspace_id: boolean; policies: number };

/** The database's own message for a failed statement (Drizzle wraps it). */
async function dbError(work: Promise<unknown>): Promise<string | null> {
  try {
    await work;
    return null;
  } catch (err) {
    const e = err as { cause?: { message?: string }; message: string };
    return e.cause?.message ?? e.message;
  }
}

async function catalogue(): Promise<TableRow[]> {
  return queryRows<TableRow>(
    database.db,
    sql`select c.relname as table, c.relrowsecurity as rls, c.relforcerowsecurity as forced,
          exists (select 1 from pg_attribute a where a.attrelid = c.oid and a.attname = 'workspace_id' and not a.attisdropped) as has_workspace_id,
          (select count(*)::int from pg_policy p where p.polrelid = c.oid) as policies
        from pg_class c join pg_namespace n on n.oid = c.relnamespace
       where n.nspname = 'public' and c.relkind in ('r', 'p')
       order by 1`,
  );
}

/** Tables whose rows belong to one workspace (those with a workspace_id column). */
async function tenantTables(): Promise<string[]> {
  return (await catalogue()).filter((t) => t.has_workspace_id).map((t) => t.table);
}

describe('row-level security', () => {
  it('is enabled and forced, with a policy, on every table of the schema (a new table without it fails here)', async () => {
    const tables = await catalogue();
    expect(tables.length).toBeGreaterThanOrEqual(10);
    const unprotected = tables.filter((t) => !t.rls || !t.forced || t.policies === 0).map((t) => t.table);
    expect(unprotected).toEqual([]);
  });

  it('the application role is not superuser, cannot bypass RLS and owns no table', async () => {
    const [role] = await queryRows<{ rolsuper: boolean; rolbypassrls: boolean }>(
      database.db,
      sql`select rolsuper, rolbypassrls from pg_roles where rolname = ${APP_ROLE}`,
    );
    expect(role).toEqual({ rolsuper: false, rolbypassrls: false });
    const owned = await queryRows<{ relname: string }>(
      database.db,
      sql`select c.relname from pg_class c join pg_roles r on r.oid = c.relowner where r.rolname = ${APP_ROLE}`,
    );
    expect(owned).toEqual([]);
    const [who] = await withTenant(database.db, { workspaceId: a.id }, (tx) =>
      queryRows<{ current_user: string }>(tx, sql`select current_user`),
    );
    expect(who?.current_user).toBe(APP_ROLE);
  });

  it('with no workspace set, every tenant table reads as empty', async () => {
    const tables = await tenantTables();
    expect(tables).toEqual(expect.arrayContaining(['branches', 'departments', 'memberships', 'sessions', 'audit_log']));
    await withTenant(database.db, { workspaceId: null }, async (tx) => {
      for (const table of [...tables, 'workspaces', 'accounts']) {
        const [row] = await queryRows<{ n: number }>(tx, sql`select count(*)::int as n from ${sql.identifier(table)}`);
        expect({ table, n: row?.n }).toEqual({ table, n: 0 });
      }
    });
  });

  it("with workspace A set, B's rows are invisible on every tenant table", async () => {
    const tables = await tenantTables();
    await withTenant(database.db, { workspaceId: a.id }, async (tx) => {
      for (const table of tables) {
        const [row] = await queryRows<{ n: number }>(
          tx,
          sql`select count(*)::int as n from ${sql.identifier(table)} where workspace_id <> ${a.id}`,
        );
        expect({ table, n: row?.n }).toEqual({ table, n: 0 });
      }
      const ws = await queryRows<{ id: string }>(tx, sql`select id from workspaces`);
      expect(ws.map((w) => w.id)).toEqual([a.id]);
    });
    // B's rows do exist: the platform path sees them.
    const seen = await withPlatform(database.db, { action: 'test', audit: false }, (tx) =>
      tx.select().from(branches).where(sql`${branches.workspaceId} = ${b.id}`),
    );
    expect(seen).toHaveLength(1);
  });

  it("accounts: a workspace sees its members' accounts (and the session's own), never another workspace's", async () => {
    const mine = [memberOfA.accountId, memberOfBoth.accountId];
    const seen = await withTenant(database.db, { workspaceId: a.id }, (tx) =>
      tx.select({ id: accounts.id }).from(accounts),
    );
    expect(seen.map((r) => r.id).sort()).toEqual([...mine].sort());
    // Its own account, for a signed-in person not (yet) a member of the workspace.
    const self = await withTenant(database.db, { workspaceId: a.id, accountId: memberOfB.accountId }, (tx) =>
      tx.select({ id: accounts.id }).from(accounts).where(sql`${accounts.id} = ${memberOfB.accountId}`),
    );
    expect(self).toHaveLength(1);
    const renamed = await withTenant(database.db, { workspaceId: a.id }, (tx) =>
      tx
        .update(accounts)
        .set({ firstName: 'Hijacked' })
        .where(sql`${accounts.id} = ${memberOfB.accountId}`)
        .returning(),
    );
    expect(renamed).toHaveLength(0);
  });

  it("with workspace A set, B's rows cannot be inserted, updated or deleted", async () => {
    expect(
      await dbError(
        withTenant(database.db, { workspaceId: a.id }, (tx) =>
          tx.insert(branches).values({ workspaceId: b.id, name: 'Injected' }),
        ),
      ),
    ).toMatch(/row-level security/);
    const updated = await withTenant(database.db, { workspaceId: a.id }, (tx) =>
      tx.update(branches).set({ name: 'Hijacked' }).where(sql`${branches.workspaceId} = ${b.id}`).returning(),
    );
    expect(updated).toHaveLength(0);
    const deleted = await withTenant(database.db, { workspaceId: a.id }, (tx) =>
      tx.delete(departments).where(sql`${departments.workspaceId} = ${b.id}`).returning(),
    );
    expect(deleted).toHaveLength(0);
    // Moving A's own row into B is refused too (WITH CHECK).
    expect(
      await dbError(
        withTenant(database.db, { workspaceId: a.id }, (tx) =>
          tx.update(branches).set({ workspaceId: b.id }).where(sql`${branches.workspaceId} = ${a.id}`),
        ),
      ),
    ).toMatch(/row-level security/);
    const after = await withPlatform(database.db, { action: 'test', audit: false }, (tx) =>
      tx.select({ name: branches.name }).from(branches).where(sql`${branches.workspaceId} = ${b.id}`),
    );
    expect(after).toEqual([{ name: 'Head Office' }]);
  });

  it('the audit log is append-only for the application role', async () => {
    expect(
      await dbError(withTenant(database.db, { workspaceId: a.id }, (tx) => tx.execute(sql`delete from audit_log`))),
    ).toMatch(/permission denied/);
  });

  it('a connection that forgot to set a workspace sees nothing, even as the tables owner (FORCE)', async () => {
    if (database.engine === 'pglite') return; // PGlite's only user is a superuser, which always bypasses RLS.
    const [row] = await queryRows<{ n: number }>(database.db, sql`select count(*)::int as n from branches`);
    expect(row?.n).toBe(0);
  });
});
