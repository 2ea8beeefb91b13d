import { and, eq, gt, isNull, sql } from 'drizzle-orm';
import { queryRows, type Tx } from '../../../core/db/database.ts';
import { workspaceHostRedirects } from '../../../db/operator-schema.ts';
import { memberships, sessions, workspaces } from '../../../db/schema.ts';

/**
 * The operator's lifecycle of a workspace (issue 23): host changes, retirement, restore and purge.
 * Every function runs on the platform path (the operator's or the purge job's transaction).
 */

export type LifecycleRow = {
  id: string;
  companyName: string;
  host: string;
  active: boolean;
  retiredAt: Date | null;
  purgeAfter: Date | null;
  purgedAt: Date | null;
};

const lifecycleColumns = {
  id: workspaces.id,
  companyName: workspaces.companyName,
  host: workspaces.host,
  active: workspaces.active,
  retiredAt: workspaces.retiredAt,
  purgeAfter: workspaces.purgeAfter,
  purgedAt: workspaces.purgedAt,
};

/** The workspace, locked for the change (two operators changing it at once wait for each other). */
export async function lockWorkspace(tx: Tx, workspaceId: string): Promise<LifecycleRow | undefined> {
  const [row] = await tx.select(lifecycleColumns).from(workspaces).where(eq(workspaces.id, workspaceId)).for('update');
  return row;
}

/** The workspace currently served at `host`, any state (purged ones keep no host). */
export async function workspaceAtHost(tx: Tx, host: string): Promise<{ id: string } | undefined> {
  const [row] = await tx.select({ id: workspaces.id }).from(workspaces).where(eq(workspaces.host, host));
  return row;
}

/** The live redirect of `host` (its `until` not passed on the database's clock), whoever's it is. */
export async function liveRedirect(tx: Tx, host: string): Promise<{ workspaceId: string } | undefined> {
  const [row] = await tx
    .select({ workspaceId: workspaceHostRedirects.workspaceId })
    .from(workspaceHostRedirects)
    .where(and(eq(workspaceHostRedirects.host, host), gt(workspaceHostRedirects.until, sql`app_now()`)));
  return row;
}

/** Serves the workspace at `newHost`; the old host redirects until `app_now() + days`. Returns `until`. */
export async function moveHost(tx: Tx, workspaceId: string, oldHost: string, newHost: string, days: number) {
  // The new host was one of this workspace's own old hosts (or an expired one of anyone's): no redirect now.
  await tx.delete(workspaceHostRedirects).where(eq(workspaceHostRedirects.host, newHost));
  await tx.update(workspaces).set({ host: newHost, updatedAt: sql`app_now()` }).where(eq(workspaces.id, workspaceId));
  const [row] = await tx
    .insert(workspaceHostRedirects)
    .values({ host: oldHost, workspaceId, until: sql`app_now() + make_interval(days => ${days})` })
    .onConflictDoUpdate({
      target: workspaceHostRedirects.host,
      set: { workspaceId, until: sql`excluded.until`, createdAt: sql`app_now()` },
    })
    .returning({ until: workspaceHostRedirects.until });
  return row?.until as Date;
}

/** Ends every live session bound to the workspace; returns how many. */
export async function endWorkspaceSessions(tx: Tx, workspaceId: string): Promise<number> {
  const rows = await tx
    .update(sessions)
    .set({ revokedAt: sql`app_now()` })
    .where(and(eq(sessions.workspaceId, workspaceId), isNull(sessions.revokedAt)))
    .returning({ id: sessions.id });
  return rows.length;
}

/** Suspends the workspace: inactive, retired now, purged after `days`. */
export async function retire(tx: Tx, workspaceId: string, days: number): Promise<Date> {
  const [row] = await tx
    .update(workspaces)
    .set({
      active: false,
      retiredAt: sql`app_now()`,
      purgeAfter: sql`app_now() + make_interval(days => ${days})`,
      updatedAt: sql`app_now()`,
    })
    .where(eq(workspaces.id, workspaceId))
    .returning({ purgeAfter: workspaces.purgeAfter });
  return row?.purgeAfter as Date;
}

/** Cancels the retirement: active again. */
export async function restore(tx: Tx, workspaceId: string): Promise<void> {
  await tx
    .update(workspaces)
    .set({ active: true, retiredAt: null, purgeAfter: null, updatedAt: sql`app_now()` })
    .where(eq(workspaces.id, workspaceId));
}

/** Whether `at` has passed on the database's clock (the test clock moves it). */
export async function hasPassed(tx: Tx, at: Date): Promise<boolean> {
  const [row] = await queryRows<{ passed: boolean }>(
    tx,
    sql`select ${at.toISOString()}::timestamptz <= app_now() as passed`,
  );
  return row?.passed === true;
}

/** Retired workspaces whose grace period is over and that are not purged yet. */
export async function dueForPurge(tx: Tx): Promise<Array<{ id: string; retiredAt: Date | null }>> {
  return tx
    .select({ id: workspaces.id, retiredAt: workspaces.retiredAt })
    .from(workspaces)
    .where(
      and(
        sql`${workspaces.retiredAt} is not null`,
        sql`${workspaces.purgeAfter} <= app_now()`,
        isNull(workspaces.purgedAt),
        eq(workspaces.active, false),
      ),
    );
}

/**
 * The storage keys the workspace's rows name (logos, profile images, course covers, lesson media,
 * SCORM sources and extracted files), only those under its own prefix `<workspaceId>/`: a key of
 * the shared catalogue is never the workspace's to delete. Certificates are rendered on demand
 * (no stored file).
 */
export async function storageKeysOf(tx: Tx, workspaceId: string): Promise<string[]> {
  const rows = await queryRows<{ key: string | null }>(
    tx,
    sql`select logo_url as key from workspaces where id = ${workspaceId}
        union select logo_url from branches where workspace_id = ${workspaceId}
        union select profile_image_key from memberships where workspace_id = ${workspaceId}
        union select cover_key from courses where workspace_id = ${workspaceId}
        union select source_key from scorm_packages where workspace_id = ${workspaceId}
        union select key from scorm_files where workspace_id = ${workspaceId}
        union select key from lesson_media_uploads where workspace_id = ${workspaceId}`,
  );
  const prefix = `${workspaceId}/`;
  return rows.map((r) => r.key).filter((k): k is string => typeof k === 'string' && k.startsWith(prefix));
}

/** The accounts that are members (any state) of the workspace. */
export async function memberAccountIds(tx: Tx, workspaceId: string): Promise<string[]> {
  const rows = await tx
    .select({ accountId: memberships.accountId })
    .from(memberships)
    .where(eq(memberships.workspaceId, workspaceId));
  return rows.map((r) => r.accountId);
}

/**
 * Every table of the schema with a `workspace_id` column, whether the platform path may delete from
 * it (an append-only ledger and the case-security tables may not), and the foreign keys between tables.
 */
export async function workspaceTables(
  tx: Tx,
): Promise<{ tables: string[]; undeletable: string[]; edges: Array<[string, string, boolean]> }> {
  const tables = await queryRows<{ name: string; deletable: boolean }>(
    tx,
    sql`select c.table_name as name,
               has_table_privilege(current_user, format('public.%I', c.table_name), 'DELETE') as deletable
        from information_schema.columns c
        join information_schema.tables t on t.table_schema = c.table_schema and t.table_name = c.table_name
        where c.table_schema = 'public' and c.column_name = 'workspace_id' and t.table_type = 'BASE TABLE'
        order by 1`,
  );
  const edges = await queryRows<{ child: string; parent: string; cascade: boolean }>(
    tx,
    sql`select cl.relname as child, pl.relname as parent, con.confdeltype = 'c' as cascade from pg_constraint con
        join pg_class cl on cl.oid = con.conrelid join pg_class pl on pl.oid = con.confrelid
        join pg_namespace n on n.oid = cl.relnamespace
        where con.contype = 'f' and n.nspname = 'public' and cl.oid <> pl.oid`,
  );
  return {
    tables: tables.map((t) => t.name),
    undeletable: tables.filter((t) => !t.deletable).map((t) => t.name),
    edges: edges.map((e) => [e.child, e.parent, e.cascade]),
  };
}

/** Deletes the workspace's rows of one table (a name from `workspaceTables`); returns how many. */
export async function deleteWorkspaceRows(tx: Tx, table: string, workspaceId: string): Promise<number> {
  if (!/^[a-z_][a-z0-9_]*$/.test(table)) throw new Error(`not a table name: ${table}`);
  const rows = await queryRows<{ n: number }>(
    tx,
    sql`with d as (delete from ${sql.identifier(table)} where workspace_id = ${workspaceId} returning 1)
        select count(*)::int as n from d`,
  );
  return rows[0]?.n ?? 0;
}

/** Marks the stub purged; its host is freed (`purged-<id>.invalid`: no request can name it). */
export async function markPurged(tx: Tx, workspaceId: string): Promise<void> {
  await tx
    .update(workspaces)
    .set({
      purgedAt: sql`app_now()`,
      host: `purged-${workspaceId}.invalid`,
      logoUrl: null,
      headQuarterBranchId: null,
      concernedAuthorityName: null,
      concernedAuthorityDesignation: null,
      concernedAuthorityEmail: null,
      concernedAuthorityPhone: null,
      adminIpRanges: [],
      updatedAt: sql`app_now()`,
    })
    .where(eq(workspaces.id, workspaceId));
}
