import { and, count, eq, isNull, sql } from 'drizzle-orm';
import type { Tx } from '../../../core/db/database.ts';
import { statement } from '../../../core/db/statement.ts';
import { accounts, invitations, memberships, sessions, workspaces } from '../../../db/schema.ts';

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

/** A workspace of the signed-in person, as `app_my_workspaces()` lists it. */
export type MyWorkspaceRow = {
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
};

/** What `GET /api/user/details` answers with, read in one statement. */
export type UserDetailsRow = {
  id: string;
  firstName: string;
  lastName: string;
  email: string | null;
  username: string | null;
  contactNumber: string | null;
  emailVerified: boolean;
  firstLogin: boolean;
  platformRole: string | null;
  language: string | null;
  /** The key of the person's picture in the request's workspace (null on the platform host). */
  imageKey: string | null;
  workspaces: MyWorkspaceRow[];
};

/**
 * The signed-in person's own fields (not the password hash), their picture in the request's
 * workspace and every workspace they belong to, in one statement prepared once per connection: the
 * request path's read after the session check ($1 account, $2 workspace or null).
 */
export const userDetailsStatement = statement<UserDetailsRow>(
  'user_details',
  `select a.id, a.first_name as "firstName", a.last_name as "lastName", a.email, a.username,
          a.contact_number as "contactNumber", a.email_verified as "emailVerified",
          a.first_login as "firstLogin", a.platform_role as "platformRole", a.language,
          (select m.profile_image_key from memberships m
            where m.workspace_id = $2::uuid and m.account_id = a.id) as "imageKey",
          (select coalesce(json_agg(w order by w.is_default desc, w.company_name), '[]'::json)
             from app_my_workspaces() w) as workspaces
     from accounts a
    where a.id = $1::uuid`,
);

/** The signed-in person's details (see `userDetailsStatement`). */
export async function userDetails(
  tx: Tx,
  accountId: string,
  workspaceId: string | null,
): Promise<UserDetailsRow | null> {
  const [row] = await userDetailsStatement(tx, [accountId, workspaceId]);
  return row ?? null;
}

/** A workspace's company name (its own row is visible under its row-level security). */
export async function companyName(tx: Tx, workspaceId: string): Promise<string | null> {
  const [row] = await tx
    .select({ name: workspaces.companyName })
    .from(workspaces)
    .where(eq(workspaces.id, workspaceId))
    .limit(1);
  return row?.name ?? null;
}

/** The host of a workspace the account is an active member of (both active), or null. */
export async function activeMembershipHost(tx: Tx, workspaceId: string, accountId: string): Promise<string | null> {
  const [row] = await tx
    .select({ host: workspaces.host })
    .from(memberships)
    .innerJoin(workspaces, eq(workspaces.id, memberships.workspaceId))
    .where(
      and(
        eq(memberships.workspaceId, workspaceId),
        eq(memberships.accountId, accountId),
        eq(memberships.active, true),
        eq(workspaces.active, true),
      ),
    );
  return row?.host ?? null;
}

/** Whether the account's membership in the workspace is active (false when it has none). */
export async function membershipActive(tx: Tx, workspaceId: string, accountId: string): Promise<boolean> {
  const [row] = await tx
    .select({ active: memberships.active })
    .from(memberships)
    .where(and(eq(memberships.workspaceId, workspaceId), eq(memberships.accountId, accountId)));
  return row?.active ?? false;
}

/** Sets an account's own name, and its language when given (null clears it). */
export async function updateProfile(
  tx: Tx,
  accountId: string,
  profile: { firstName: string; lastName: string; language?: string | null },
) {
  await tx
    .update(accounts)
    .set({ ...profile, updatedAt: sql`app_now()` })
    .where(eq(accounts.id, accountId));
}

/**
 * The first name given for a member becomes the name its workspace records (certificates carry it),
 * where none is recorded yet; later self-renames leave it alone, only an administrator changes it.
 * Row-level security limits this to the current workspace on a workspace host.
 */
export async function recordFirstLegalName(tx: Tx, accountId: string, name: string) {
  if (!name) return;
  await tx
    .update(memberships)
    .set({ legalName: name })
    .where(and(eq(memberships.accountId, accountId), sql`coalesce(btrim(${memberships.legalName}), '') = ''`));
}

/** Sets the password an account chose itself at its first sign-in, which ends the first-login state. */
export async function completeFirstLogin(tx: Tx, accountId: string, passwordHash: string) {
  await tx
    .update(accounts)
    .set({ passwordHash, firstLogin: false, updatedAt: sql`app_now()` })
    .where(eq(accounts.id, accountId));
}

/** Marks the account's email address as proven (a code sent to it was received). */
export async function markEmailVerified(tx: Tx, accountId: string) {
  await tx.update(accounts).set({ emailVerified: true }).where(eq(accounts.id, accountId));
}

/** Whether the account's email address is confirmed; null when the account is not visible. */
export async function emailVerified(tx: Tx, accountId: string): Promise<boolean | null> {
  const [row] = await tx.select({ verified: accounts.emailVerified }).from(accounts).where(eq(accounts.id, accountId));
  return row ? row.verified : null;
}

/** Confirms the address when the account still has it; returns the address as stored, or null. */
export async function confirmEmailAddress(tx: Tx, accountId: string, email: string): Promise<string | null> {
  const updated = await tx
    .update(accounts)
    .set({ emailVerified: true, updatedAt: sql`app_now()` })
    .where(and(eq(accounts.id, accountId), sql`lower(${accounts.email}) = ${email}`))
    .returning({ email: accounts.email });
  return updated.length === 0 ? null : (updated[0]!.email ?? email);
}

/** Sets a new password after a reset (which also proves the address), when the account still has `email`. */
export async function resetPasswordOf(tx: Tx, accountId: string, email: string, passwordHash: string) {
  await tx
    .update(accounts)
    .set({ passwordHash, emailVerified: true, updatedAt: sql`app_now()` })
    .where(and(eq(accounts.id, accountId), sql`lower(${accounts.email}) = ${email}`));
}

/**
 * An existing account with a valid invitation to `workspaceId` for its address (needs the platform
 * path: accounts outside the workspace are hidden by row-level security).
 */
export async function invitedAccountId(tx: Tx, workspaceId: string, email: string): Promise<string | null> {
  const [row] = await tx
    .select({ id: accounts.id })
    .from(invitations)
    .innerJoin(accounts, sql`lower(${accounts.email}) = lower(${invitations.email})`)
    .where(
      and(
        eq(invitations.workspaceId, workspaceId),
        sql`lower(${invitations.email}) = ${email}`,
        isNull(invitations.usedAt),
        isNull(invitations.revokedAt),
        sql`${invitations.expiresAt} > app_now()`,
      ),
    )
    .limit(1);
  return row?.id ?? null;
}

/** Sets an account's password (its own change while signed in). */
export async function setPassword(tx: Tx, accountId: string, passwordHash: string) {
  await tx.update(accounts).set({ passwordHash, updatedAt: sql`app_now()` }).where(eq(accounts.id, accountId));
}

/** How many live memberships the account has, in every workspace (platform path). */
export async function liveMembershipCount(tx: Tx, accountId: string): Promise<number> {
  const [row] = await tx
    .select({ n: count() })
    .from(memberships)
    .where(and(eq(memberships.accountId, accountId), isNull(memberships.deletedAt)));
  return Number(row?.n ?? 0);
}

/** Gives the account a password to replace at its next sign-in (the first-login state). */
export async function setTemporaryPassword(tx: Tx, accountId: string, passwordHash: string) {
  await tx
    .update(accounts)
    .set({ passwordHash, firstLogin: true, updatedAt: sql`app_now()` })
    .where(eq(accounts.id, accountId));
}

/** The account's platform role (an operator's account is never reset by a workspace). */
export async function platformRoleOf(tx: Tx, accountId: string): Promise<string | null> {
  const [row] = await tx.select({ r: accounts.platformRole }).from(accounts).where(eq(accounts.id, accountId));
  return row?.r ?? null;
}
