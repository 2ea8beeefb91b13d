import { and, eq, sql } from 'drizzle-orm';
import type { Tx } from '../../../core/db/database.ts';
import { sessions, workspaces } from '../../../db/schema.ts';

/**
 * When a session ends if it is not used again: its absolute expiry, or its last use plus the idle
 * limit, whichever comes first.
 */
export async function sessionEnds(tx: Tx, sessionId: string, idleMinutes: number): Promise<Date | null> {
  const [row] = await tx
    .select({
      endsAt:
        sql<Date>`least(${sessions.expiresAt}, ${sessions.lastUsedAt} + make_interval(mins => ${idleMinutes}))`.mapWith(
          sessions.expiresAt,
        ),
    })
    .from(sessions)
    .where(eq(sessions.id, sessionId))
    .limit(1);
  return row?.endsAt ?? null;
}

/** Sets a workspace's elevate-IP ranges (platform transaction); null when there is no such workspace. */
export async function setAdminIpRanges(
  tx: Tx,
  workspaceId: string,
  ranges: string[],
): Promise<{ before: string[]; after: string[] } | null> {
  const [before] = await tx
    .select({ ranges: workspaces.adminIpRanges })
    .from(workspaces)
    .where(eq(workspaces.id, workspaceId))
    .for('update');
  if (!before) return null;
  const [after] = await tx
    .update(workspaces)
    .set({ adminIpRanges: ranges, updatedAt: sql`app_now()` })
    .where(and(eq(workspaces.id, workspaceId)))
    .returning({ ranges: workspaces.adminIpRanges });
  return { before: before.ranges, after: after!.ranges };
}
