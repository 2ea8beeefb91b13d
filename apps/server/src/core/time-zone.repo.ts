import { and, eq } from 'drizzle-orm';
import { workspaces } from '../db/schema.ts';
import type { Tx } from './db/database.ts';

/** The workspace's IANA time zone, in which its deadlines are computed (core/deadlines.ts). */
export async function workspaceTimeZone(tx: Tx, workspaceId: string): Promise<string> {
  const [row] = await tx
    .select({ timeZone: workspaces.timeZone })
    .from(workspaces)
    .where(eq(workspaces.id, workspaceId))
    .limit(1);
  if (!row) throw new Error(`workspace ${workspaceId} not found`);
  return row.timeZone;
}

/** The distinct time zones of the active workspaces (one per-zone schedule each), sorted. */
export async function activeWorkspaceZones(tx: Tx): Promise<string[]> {
  const rows = await tx
    .selectDistinct({ timeZone: workspaces.timeZone })
    .from(workspaces)
    .where(eq(workspaces.active, true))
    .orderBy(workspaces.timeZone);
  return rows.map((r) => r.timeZone);
}

/** The ids of the active workspaces in `zone` (what a per-zone job works on). */
export async function activeWorkspacesInZone(tx: Tx, zone: string): Promise<string[]> {
  const rows = await tx
    .select({ id: workspaces.id })
    .from(workspaces)
    .where(and(eq(workspaces.active, true), eq(workspaces.timeZone, zone)))
    .orderBy(workspaces.id);
  return rows.map((r) => r.id);
}

/** The workspace's country (IN or CA): how its people write dates and phone numbers. */
export async function workspaceCountry(tx: Tx, workspaceId: string): Promise<string> {
  const [row] = await tx
    .select({ country: workspaces.country })
    .from(workspaces)
    .where(eq(workspaces.id, workspaceId))
    .limit(1);
  if (!row) throw new Error(`workspace ${workspaceId} not found`);
  return row.country;
}
