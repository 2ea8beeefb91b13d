import { eq } from 'drizzle-orm';
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
