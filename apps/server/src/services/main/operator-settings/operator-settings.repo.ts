import { and, asc, eq, inArray, sql } from 'drizzle-orm';
import type { Tx } from '../../../core/db/database.ts';
import { signupWhitelist, userManuals, workspaceMenus, workspaces } from '../../../db/schema.ts';

/** Whether a workspace exists (and is not purged). */
export async function workspaceExists(tx: Tx, workspaceId: string): Promise<boolean> {
  const [row] = await tx.select({ id: workspaces.id }).from(workspaces).where(eq(workspaces.id, workspaceId)).limit(1);
  return Boolean(row);
}

/** The operator's menu switches of a workspace (only the menus with a row: no row means on). */
export function menuSwitches(tx: Tx, workspaceId: string): Promise<Array<{ menu: string; enabled: boolean }>> {
  return tx
    .select({ menu: workspaceMenus.menu, enabled: workspaceMenus.enabled })
    .from(workspaceMenus)
    .where(eq(workspaceMenus.workspaceId, workspaceId));
}

/** The menus the operator switched off in this workspace (its navigation leaves them out). */
export async function switchedOffMenus(tx: Tx, workspaceId: string): Promise<Set<string>> {
  const rows = await tx
    .select({ menu: workspaceMenus.menu })
    .from(workspaceMenus)
    .where(and(eq(workspaceMenus.workspaceId, workspaceId), eq(workspaceMenus.enabled, false)));
  return new Set(rows.map((r) => r.menu));
}

/** Sets menus: a menu switched on loses its row (no row = on), one switched off gets one. */
export async function setMenus(tx: Tx, workspaceId: string, menus: Array<{ menu: string; enabled: boolean }>) {
  const on = menus.filter((m) => m.enabled).map((m) => m.menu);
  const off = menus.filter((m) => !m.enabled).map((m) => m.menu);
  if (on.length > 0) {
    await tx
      .delete(workspaceMenus)
      .where(and(eq(workspaceMenus.workspaceId, workspaceId), inArray(workspaceMenus.menu, on)));
  }
  if (off.length > 0) {
    await tx
      .insert(workspaceMenus)
      .values(off.map((menu) => ({ workspaceId, menu, enabled: false })))
      .onConflictDoUpdate({
        target: [workspaceMenus.workspaceId, workspaceMenus.menu],
        set: { enabled: false, updatedAt: sql`app_now()` },
      });
  }
}

/** A workspace's whitelist, addresses and domains in alphabetical order. */
export function listWhitelist(tx: Tx, workspaceId: string) {
  return tx
    .select({ value: signupWhitelist.value, addedAt: signupWhitelist.addedAt })
    .from(signupWhitelist)
    .where(eq(signupWhitelist.workspaceId, workspaceId))
    .orderBy(asc(signupWhitelist.value));
}

/** The number of entries of a workspace's whitelist. */
export async function whitelistCount(tx: Tx, workspaceId: string): Promise<number> {
  const [row] = await tx
    .select({ n: sql<number>`count(*)::int` })
    .from(signupWhitelist)
    .where(eq(signupWhitelist.workspaceId, workspaceId));
  return row?.n ?? 0;
}

/** Adds entries (already normalised); answers how many were new. */
export async function addToWhitelist(
  tx: Tx,
  workspaceId: string,
  values: string[],
  addedBy: string | null,
): Promise<number> {
  let added = 0;
  // In chunks, so that a long file stays within the statement parameter limit.
  for (let i = 0; i < values.length; i += 1000) {
    const rows = await tx
      .insert(signupWhitelist)
      .values(values.slice(i, i + 1000).map((value) => ({ workspaceId, value, addedBy })))
      .onConflictDoNothing()
      .returning({ value: signupWhitelist.value });
    added += rows.length;
  }
  return added;
}

/** Removes entries; answers how many there were. */
export async function removeFromWhitelist(tx: Tx, workspaceId: string, values: string[]): Promise<number> {
  if (values.length === 0) return 0;
  const rows = await tx
    .delete(signupWhitelist)
    .where(and(eq(signupWhitelist.workspaceId, workspaceId), inArray(signupWhitelist.value, values)))
    .returning({ value: signupWhitelist.value });
  return rows.length;
}

/**
 * Whether an address may sign itself up to the workspace: the address itself or its domain is on
 * the whitelist. An empty whitelist lets nobody in.
 */
export async function whitelistAllows(tx: Tx, workspaceId: string, email: string): Promise<boolean> {
  const address = email.toLowerCase();
  const at = address.lastIndexOf('@');
  if (at < 1) return false;
  const domain = address.slice(at);
  const [row] = await tx
    .select({ value: signupWhitelist.value })
    .from(signupWhitelist)
    .where(and(eq(signupWhitelist.workspaceId, workspaceId), inArray(signupWhitelist.value, [address, domain])))
    .limit(1);
  return Boolean(row);
}

/** The user manuals, of these audiences. */
export function listManuals(tx: Tx, audiences: string[]) {
  return tx
    .select()
    .from(userManuals)
    .where(inArray(userManuals.audience, audiences))
    .orderBy(asc(userManuals.audience), asc(userManuals.language));
}

/** The manual of an audience in a language, if any. */
export async function findManual(tx: Tx, audience: string, language: string) {
  const [row] = await tx
    .select()
    .from(userManuals)
    .where(and(eq(userManuals.audience, audience), eq(userManuals.language, language)));
  return row ?? null;
}

/** Stores (or replaces) the manual of an audience in a language. */
export async function upsertManual(
  tx: Tx,
  row: {
    audience: string;
    language: string;
    storageKey: string;
    fileName: string;
    sizeBytes: number;
    uploadedBy: string;
  },
) {
  const [saved] = await tx
    .insert(userManuals)
    .values(row)
    .onConflictDoUpdate({
      target: [userManuals.audience, userManuals.language],
      set: {
        storageKey: row.storageKey,
        fileName: row.fileName,
        sizeBytes: row.sizeBytes,
        uploadedBy: row.uploadedBy,
        uploadedAt: sql`app_now()`,
      },
    })
    .returning();
  return saved!;
}
