import { and, desc, eq, isNull, sql } from 'drizzle-orm';
import type { Tx } from '../../../core/db/database.ts';
import { accounts, invitations, memberships, workspaces } from '../../../db/schema.ts';

/** What decides whether a workspace takes self sign-ups: its switch, its headquarters, its country. */
export async function signUpState(tx: Tx, workspaceId: string) {
  const [row] = await tx
    .select({
      enabled: workspaces.bulkSignUpEnabled,
      active: workspaces.active,
      retiredAt: workspaces.retiredAt,
      headquarterId: workspaces.headQuarterBranchId,
      country: workspaces.country,
    })
    .from(workspaces)
    .where(eq(workspaces.id, workspaceId));
  return row ?? null;
}

/** Whether the address belongs to a member here: 'active', 'inactive' (deactivated), or null (none). */
export async function membershipOf(tx: Tx, workspaceId: string, email: string): Promise<'active' | 'inactive' | null> {
  const [row] = await tx
    .select({ active: memberships.active })
    .from(memberships)
    .innerJoin(accounts, eq(accounts.id, memberships.accountId))
    .where(
      and(
        eq(memberships.workspaceId, workspaceId),
        isNull(memberships.deletedAt),
        sql`lower(${accounts.email}) = ${email}`,
      ),
    )
    .orderBy(desc(memberships.active))
    .limit(1);
  if (!row) return null;
  return row.active ? 'active' : 'inactive';
}

/** The address's pending invitation here (unused, not revoked, not expired), if any. */
export async function pendingInvitation(tx: Tx, workspaceId: string, email: string) {
  const [row] = await tx
    .select()
    .from(invitations)
    .where(
      and(
        eq(invitations.workspaceId, workspaceId),
        isNull(invitations.usedAt),
        isNull(invitations.revokedAt),
        sql`${invitations.expiresAt} > app_now()`,
        sql`lower(${invitations.email}) = ${email}`,
      ),
    )
    .limit(1);
  return row ?? null;
}
