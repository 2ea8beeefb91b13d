import { and, asc, eq, inArray, notInArray, sql } from 'drizzle-orm';
import { queryRows, type Tx } from '../../../core/db/database.ts';
import { featureFlags, featureFlagWorkspaces, workspaces } from '../../../db/schema.ts';

/** Every flag with the hosts of the workspaces it is limited to (as far as RLS lets this transaction see). */
export async function listFlags(tx: Tx) {
  const flags = await tx.select().from(featureFlags).orderBy(asc(featureFlags.key));
  const limits = await tx
    .select({ flagKey: featureFlagWorkspaces.flagKey, workspaceId: featureFlagWorkspaces.workspaceId })
    .from(featureFlagWorkspaces);
  return { flags, limits };
}

/** Hosts of the given workspaces. */
export async function hostsOf(tx: Tx, ids: string[]) {
  if (ids.length === 0) return new Map<string, string>();
  const rows = await tx
    .select({ id: workspaces.id, host: workspaces.host })
    .from(workspaces)
    .where(inArray(workspaces.id, ids));
  return new Map(rows.map((r) => [r.id, r.host]));
}

/** Ids of the workspaces served at the given hosts. */
export async function workspacesByHost(tx: Tx, hosts: string[]) {
  if (hosts.length === 0) return [];
  return tx
    .select({ id: workspaces.id, host: workspaces.host })
    .from(workspaces)
    .where(inArray(workspaces.host, hosts));
}

export async function findFlag(tx: Tx, key: string) {
  const [row] = await tx.select().from(featureFlags).where(eq(featureFlags.key, key)).limit(1);
  return row ?? null;
}

/**
 * The flag, locked until the transaction ends: commands that replace its workspace limits take
 * turns, so the second sees the first's rows instead of racing it to insert the same ones.
 */
export async function lockFlag(tx: Tx, key: string) {
  const [row] = await tx.select().from(featureFlags).where(eq(featureFlags.key, key)).limit(1).for('update');
  return row ?? null;
}

export async function insertFlag(tx: Tx, key: string, value: 'true' | 'false') {
  const rows = await tx.insert(featureFlags).values({ key, value }).onConflictDoNothing().returning();
  return rows[0] ?? null;
}

export async function updateFlag(tx: Tx, key: string, value: 'true' | 'false') {
  const rows = await tx
    .update(featureFlags)
    .set({ value, updatedAt: sql`app_now()` })
    .where(eq(featureFlags.key, key))
    .returning();
  return rows[0] ?? null;
}

/**
 * Replaces the workspaces a flag is limited to (call with the flag locked, `lockFlag`). A row that is
 * already there is kept rather than inserted twice, so the replacement is idempotent.
 */
export async function setFlagWorkspaces(tx: Tx, key: string, workspaceIds: string[]) {
  await tx
    .delete(featureFlagWorkspaces)
    .where(
      and(
        eq(featureFlagWorkspaces.flagKey, key),
        workspaceIds.length > 0 ? notInArray(featureFlagWorkspaces.workspaceId, workspaceIds) : undefined,
      ),
    );
  if (workspaceIds.length > 0) {
    await tx
      .insert(featureFlagWorkspaces)
      .values(workspaceIds.map((workspaceId) => ({ workspaceId, flagKey: key })))
      .onConflictDoNothing();
  }
}

/** Keys of the flags limited to some workspaces, whichever they are (through `app_limited_flag_keys()`). */
export async function limitedFlagKeys(tx: Tx): Promise<Set<string>> {
  const rows = await queryRows<{ key: string }>(tx, sql`select app_limited_flag_keys() as key`);
  return new Set(rows.map((r) => r.key));
}
