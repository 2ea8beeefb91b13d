import { and, eq, isNull, sql } from 'drizzle-orm';
import type { OidcProviderName } from '../../../core/config.ts';
import type { Tx } from '../../../core/db/database.ts';
import { accountIdentities, accounts, memberships, oidcLogins, workspaces } from '../../../db/schema.ts';

/** A sign-in under way lives this long: time enough to sign in at the provider. */
export const OIDC_LOGIN_TTL_SECONDS = 600;

/** The workspace's enabled providers (`socialPlatformSet`); RLS shows only the transaction's workspace. */
export async function socialPlatforms(tx: Tx, workspaceId: string): Promise<string[]> {
  const [row] = await tx
    .select({ socialPlatforms: workspaces.socialPlatforms })
    .from(workspaces)
    .where(eq(workspaces.id, workspaceId))
    .limit(1);
  return row?.socialPlatforms ?? [];
}

/** Records a sign-in under way (only the state's hash is kept). */
export async function insertLogin(
  tx: Tx,
  row: Omit<typeof oidcLogins.$inferInsert, 'expiresAt' | 'id' | 'createdAt' | 'usedAt'>,
): Promise<void> {
  await tx
    .insert(oidcLogins)
    .values({ ...row, expiresAt: sql`app_now() + make_interval(secs => ${OIDC_LOGIN_TTL_SECONDS})` });
}

/** Forgets the workspace's sign-ins that ended or expired over a day ago. */
export async function deleteStaleLogins(tx: Tx, workspaceId: string): Promise<void> {
  await tx
    .delete(oidcLogins)
    .where(and(eq(oidcLogins.workspaceId, workspaceId), sql`${oidcLogins.expiresAt} < app_now() - interval '1 day'`));
}

/**
 * Uses up the sign-in whose state hashes to `stateHash`, if it is unused and unexpired, with its
 * workspace's host and settings. Atomic: of two callbacks with the same state only one gets it.
 */
export async function takeLogin(tx: Tx, stateHash: string) {
  const [login] = await tx
    .update(oidcLogins)
    .set({ usedAt: sql`app_now()` })
    .where(
      and(eq(oidcLogins.stateHash, stateHash), isNull(oidcLogins.usedAt), sql`${oidcLogins.expiresAt} > app_now()`),
    )
    .returning();
  if (!login) return null;
  const [ws] = await tx
    .select({ host: workspaces.host, active: workspaces.active, socialPlatforms: workspaces.socialPlatforms })
    .from(workspaces)
    .where(eq(workspaces.id, login.workspaceId))
    .limit(1);
  return ws ? { ...login, provider: login.provider as OidcProviderName, workspace: ws } : null;
}

/** The account linked to the provider's subject, if any. */
export async function findIdentity(tx: Tx, provider: OidcProviderName, subject: string) {
  const [row] = await tx
    .select({ accountId: accountIdentities.accountId })
    .from(accountIdentities)
    .where(and(eq(accountIdentities.provider, provider), eq(accountIdentities.subject, subject)))
    .limit(1);
  return row ?? null;
}

/** The account with this email address, compared without case. */
export async function findAccountByEmail(tx: Tx, email: string) {
  const [row] = await tx
    .select({ accountId: accounts.id })
    .from(accounts)
    .where(sql`lower(${accounts.email}) = lower(${email})`)
    .limit(1);
  return row ?? null;
}

/** Whether the account is an active member of the workspace. */
export async function isActiveMember(tx: Tx, workspaceId: string, accountId: string): Promise<boolean> {
  const [row] = await tx
    .select({ active: memberships.active })
    .from(memberships)
    .where(and(eq(memberships.workspaceId, workspaceId), eq(memberships.accountId, accountId)))
    .limit(1);
  return row?.active === true;
}

/** Links the provider's subject to the account (the first sign-in after a verified email). */
export async function linkIdentity(
  tx: Tx,
  row: { provider: OidcProviderName; subject: string; accountId: string; email: string | null },
): Promise<void> {
  await tx
    .insert(accountIdentities)
    .values({ ...row, lastUsedAt: sql`app_now()` })
    .onConflictDoNothing();
}

/** Notes a sign-in through a linked identity, with the email the provider now reports. */
export async function touchIdentity(
  tx: Tx,
  provider: OidcProviderName,
  subject: string,
  email: string | null,
): Promise<void> {
  await tx
    .update(accountIdentities)
    .set({ lastUsedAt: sql`app_now()`, email })
    .where(and(eq(accountIdentities.provider, provider), eq(accountIdentities.subject, subject)));
}
