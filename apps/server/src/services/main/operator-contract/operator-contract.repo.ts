import { and, eq, inArray, isNotNull, isNull, sql } from 'drizzle-orm';
import { queryRows, type Tx } from '../../../core/db/database.ts';
import { contractNotices } from '../../../db/operator-schema.ts';
import { accounts, memberships, workspaces } from '../../../db/schema.ts';

/** A workspace's limit and contract, locked until the transaction ends (changes take turns). */
export async function lockWorkspace(tx: Tx, workspaceId: string) {
  const [row] = await tx
    .select({
      id: workspaces.id,
      userLimit: workspaces.userLimit,
      contractExpiryDate: workspaces.contractExpiryDate,
      timeZone: workspaces.timeZone,
    })
    .from(workspaces)
    .where(and(eq(workspaces.id, workspaceId), isNull(workspaces.purgedAt)))
    .for('update');
  return row ?? null;
}

export async function setUserLimit(tx: Tx, workspaceId: string, userLimit: number | null) {
  await tx.update(workspaces).set({ userLimit }).where(eq(workspaces.id, workspaceId));
}

export async function setContractExpiry(tx: Tx, workspaceId: string, date: string | null) {
  await tx.update(workspaces).set({ contractExpiryDate: date }).where(eq(workspaces.id, workspaceId));
}

/** Active members (what the user limit counts) and pending invitations (unused, unrevoked, unexpired). */
export async function headcount(tx: Tx, workspaceId: string): Promise<{ members: number; pending: number }> {
  const [row] = await queryRows<{ members: number; pending: number }>(
    tx,
    sql`select (select count(*)::int from memberships m
                 where m.workspace_id = ${workspaceId} and m.active and m.deleted_at is null) as members,
               (select count(*)::int from invitations i
                 where i.workspace_id = ${workspaceId} and i.used_at is null and i.revoked_at is null
                   and i.expires_at > app_now()) as pending`,
  );
  return { members: Number(row?.members ?? 0), pending: Number(row?.pending ?? 0) };
}

/** The active workspaces of a zone (all zones without one) that have a contract end date. */
export async function workspacesWithContract(tx: Tx, timeZone: string | undefined) {
  return tx
    .select({
      id: workspaces.id,
      host: workspaces.host,
      timeZone: workspaces.timeZone,
      contractExpiryDate: workspaces.contractExpiryDate,
    })
    .from(workspaces)
    .where(
      and(
        eq(workspaces.active, true),
        isNull(workspaces.retiredAt),
        isNotNull(workspaces.contractExpiryDate),
        timeZone ? eq(workspaces.timeZone, timeZone) : undefined,
      ),
    )
    .orderBy(workspaces.id);
}

/**
 * Records that the warning `daysBefore` for this expiry date is sent; false when it was already
 * (the primary key makes each warning once per workspace, expiry date and day count).
 */
export async function recordNotice(tx: Tx, workspaceId: string, expiryDate: string, daysBefore: number) {
  const rows = await tx
    .insert(contractNotices)
    .values({ workspaceId, expiryDate, daysBefore, sentAt: sql`app_now()` })
    .onConflictDoNothing()
    .returning({ daysBefore: contractNotices.daysBefore });
  return rows.length > 0;
}

/** The warnings already sent for this expiry date (their day counts). */
export async function noticesSent(tx: Tx, workspaceId: string, expiryDate: string): Promise<number[]> {
  const rows = await tx
    .select({ daysBefore: contractNotices.daysBefore })
    .from(contractNotices)
    .where(and(eq(contractNotices.workspaceId, workspaceId), eq(contractNotices.expiryDate, expiryDate)));
  return rows.map((r) => r.daysBefore);
}

/** The workspace's active administrators (WORKSPACE_ADMIN and EMPLOYER) with an address, and their language. */
export async function contractRecipients(tx: Tx, workspaceId: string) {
  return tx
    .select({
      accountId: accounts.id,
      email: accounts.email,
      firstName: accounts.firstName,
      language: accounts.language,
    })
    .from(memberships)
    .innerJoin(accounts, eq(accounts.id, memberships.accountId))
    .where(
      and(
        eq(memberships.workspaceId, workspaceId),
        eq(memberships.active, true),
        isNull(memberships.deletedAt),
        inArray(memberships.role, ['WORKSPACE_ADMIN', 'EMPLOYER']),
        isNotNull(accounts.email),
      ),
    )
    .orderBy(accounts.id);
}

/** A workspace's contract end date, user limit and zone (its own row, under its row-level security). */
export async function contractOf(tx: Tx, workspaceId: string) {
  const [row] = await tx
    .select({
      contractExpiryDate: workspaces.contractExpiryDate,
      userLimit: workspaces.userLimit,
      timeZone: workspaces.timeZone,
    })
    .from(workspaces)
    .where(eq(workspaces.id, workspaceId));
  return row ?? null;
}
