import { and, eq, sql } from 'drizzle-orm';
import { queryRows, type Tx } from '../../../core/db/database.ts';
import { accounts, memberships, sessions } from '../../../db/schema.ts';

/** Which account an identifier names: an email address or a username (compared without case), or a phone number. */
export type Identifier = { email: string } | { username: string } | { phone: string };

function identifierMatches(id: Identifier) {
  if ('email' in id) return sql`lower(${accounts.email}) = lower(${id.email})`;
  if ('username' in id) return sql`lower(${accounts.username}) = lower(${id.username})`;
  return eq(accounts.contactNumber, id.phone);
}

/** The account and its membership in the transaction's workspace (RLS limits it to that workspace). */
export async function findMemberForSignIn(tx: Tx, workspaceId: string, id: Identifier) {
  const [row] = await tx
    .select({
      accountId: accounts.id,
      passwordHash: accounts.passwordHash,
      membershipActive: memberships.active,
    })
    .from(accounts)
    .innerJoin(memberships, and(eq(memberships.accountId, accounts.id), eq(memberships.workspaceId, workspaceId)))
    .where(identifierMatches(id))
    .limit(1);
  return row ?? null;
}

/** Any account by identifier (platform host only, where no workspace limits the search). */
export async function findAccountForSignIn(tx: Tx, id: Identifier) {
  const [row] = await tx
    .select({ accountId: accounts.id, passwordHash: accounts.passwordHash })
    .from(accounts)
    .where(identifierMatches(id))
    .limit(1);
  return row ?? null;
}

/** Revokes one session at once. */
export async function revokeSession(tx: Tx, sessionId: string) {
  await tx.update(sessions).set({ revokedAt: sql`app_now()` }).where(eq(sessions.id, sessionId));
}

/** The account's own fields. */
export async function findAccount(tx: Tx, accountId: string) {
  const [row] = await tx.select().from(accounts).where(eq(accounts.id, accountId)).limit(1);
  return row ?? null;
}

/** The key of the person's picture in one workspace (its membership there), if any. */
export async function profileImageKey(tx: Tx, workspaceId: string, accountId: string): Promise<string | null> {
  const [row] = await tx
    .select({ key: memberships.profileImageKey })
    .from(memberships)
    .where(and(eq(memberships.workspaceId, workspaceId), eq(memberships.accountId, accountId)));
  return row?.key ?? null;
}

/** The signed-in person's memberships in every workspace (through the narrow `app_my_workspaces()`). */
export async function myWorkspaces(tx: Tx) {
  return queryRows<{
    workspace_id: string;
    workspace_url: string;
    company_name: string;
    bulk_sign_up_enabled: boolean;
    role: string;
    designation: string | null;
    employee_id: string | null;
    branch_id: string | null;
    branch_name: string | null;
    department_id: string | null;
    department_name: string | null;
    is_default: boolean;
    active: boolean;
  }>(tx, sql`select * from app_my_workspaces()`);
}
