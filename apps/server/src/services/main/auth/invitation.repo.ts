import { and, count, eq, isNull, sql } from 'drizzle-orm';
import { hashToken } from '../../../core/crypto.ts';
import type { Tx } from '../../../core/db/database.ts';
import { accounts, branches, departments, invitations, memberships, workspaces } from '../../../db/schema.ts';

export type Invitation = typeof invitations.$inferSelect;
export type Account = typeof accounts.$inferSelect;

/** The invitation with this code in the workspace (RLS keeps other workspaces' out); `lock` holds it until commit. */
export async function findInvitation(
  tx: Tx,
  workspaceId: string,
  code: string,
  lock = false,
): Promise<Invitation | null> {
  const q = tx
    .select()
    .from(invitations)
    .where(and(eq(invitations.workspaceId, workspaceId), eq(invitations.codeHash, hashToken(code))))
    .limit(1);
  const [row] = lock ? await q.for('update') : await q;
  return row ?? null;
}

/** The sender's current, active membership: its role and business unit. */
export async function activeMembership(tx: Tx, workspaceId: string, accountId: string) {
  const [row] = await tx
    .select({ role: memberships.role, branchId: memberships.branchId })
    .from(memberships)
    .where(
      and(
        eq(memberships.workspaceId, workspaceId),
        eq(memberships.accountId, accountId),
        eq(memberships.active, true),
        isNull(memberships.deletedAt),
      ),
    );
  return row ?? null;
}

/** The company, business unit and department names an invitation shows. */
export async function invitationNames(tx: Tx, workspaceId: string, inv: Invitation) {
  const [names] = await tx
    .select({ company: workspaces.companyName, branch: branches.name, department: departments.name })
    .from(workspaces)
    .leftJoin(branches, and(eq(branches.workspaceId, workspaces.id), eq(branches.id, inv.branchId)))
    .leftJoin(
      departments,
      and(eq(departments.workspaceId, workspaces.id), sql`${departments.id} = ${inv.departmentId}`),
    )
    .where(eq(workspaces.id, workspaceId));
  return names ?? null;
}

/** The account with the invited address or number (the platform path: accounts outside the workspace are hidden). */
export async function accountInvited(
  tx: Tx,
  inv: Pick<Invitation, 'email' | 'contactNumber'>,
): Promise<Account | null> {
  const [row] = await tx
    .select()
    .from(accounts)
    .where(
      inv.email ? sql`lower(${accounts.email}) = lower(${inv.email})` : eq(accounts.contactNumber, inv.contactNumber!),
    )
    .limit(1);
  return row ?? null;
}

/** Whether the account has a membership (any state) in the workspace. */
export async function hasMembership(tx: Tx, workspaceId: string, accountId: string): Promise<boolean> {
  const [member] = await tx
    .select({ id: memberships.id })
    .from(memberships)
    .where(and(eq(memberships.workspaceId, workspaceId), eq(memberships.accountId, accountId)));
  return Boolean(member);
}

/**
 * Locks the workspace's row and answers its user limit and active members when the members reached
 * (or, the operator having lowered it, passed) the limit; null when there is room or no limit.
 */
export async function userLimitReached(
  tx: Tx,
  workspaceId: string,
): Promise<{ limit: number; members: number } | null> {
  const [ws] = await tx
    .select({ limit: workspaces.userLimit })
    .from(workspaces)
    .where(eq(workspaces.id, workspaceId))
    .for('update');
  if (ws?.limit == null) return null;
  const [n] = await tx
    .select({ n: count() })
    .from(memberships)
    .where(and(eq(memberships.workspaceId, workspaceId), eq(memberships.active, true)));
  const members = n?.n ?? 0;
  return members >= ws.limit ? { limit: ws.limit, members } : null;
}

/** Creates the account of an invited person; returns its id. */
export async function insertAccount(
  tx: Tx,
  values: Pick<
    Account,
    'email' | 'contactNumber' | 'passwordHash' | 'firstName' | 'lastName' | 'emailVerified' | 'language'
  >,
): Promise<string> {
  const [created] = await tx.insert(accounts).values(values).returning({ id: accounts.id });
  return created!.id;
}

/** Adds the membership an invitation gives (the first one of an account is its default) and uses the invitation up. */
export async function joinByInvitation(tx: Tx, inv: Invitation, accountId: string): Promise<void> {
  const [others] = await tx.select({ n: count() }).from(memberships).where(eq(memberships.accountId, accountId));
  await tx.insert(memberships).values({
    workspaceId: inv.workspaceId,
    accountId,
    role: inv.role,
    branchId: inv.branchId,
    departmentId: inv.departmentId,
    designation: inv.designation,
    employeeId: inv.employeeId,
    dateOfJoining: inv.dateOfJoining,
    isDefault: (others?.n ?? 0) === 0,
    createdBy: inv.createdBy,
  });
  await tx
    .update(invitations)
    .set({ usedAt: sql`app_now()`, usedBy: accountId, updatedAt: sql`app_now()` })
    .where(and(eq(invitations.workspaceId, inv.workspaceId), eq(invitations.id, inv.id)));
}

/** The addresses of the workspace's active administrators and of the invitation's sender. */
export async function renewalRecipients(tx: Tx, workspaceId: string, createdBy: string | null) {
  const rows = await tx
    .select({ email: accounts.email, language: accounts.language })
    .from(memberships)
    .innerJoin(accounts, eq(accounts.id, memberships.accountId))
    .where(
      and(
        eq(memberships.workspaceId, workspaceId),
        eq(memberships.active, true),
        sql`(${memberships.role} = 'WORKSPACE_ADMIN' or ${memberships.accountId} = ${createdBy})`,
      ),
    );
  return rows;
}
