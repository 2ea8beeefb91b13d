import { LIMITS } from '@app/contract';
import { and, eq, isNull, sql } from 'drizzle-orm';
import { hashToken, newToken } from '../../../core/crypto.ts';
import type { Tx } from '../../../core/db/database.ts';
import { sessionHandoffs, sessions } from '../../../db/schema.ts';

const DAY_MS = 86_400_000;

/** How a person proved who they are; written to the audit log with each sign-in. */
export type SignInMethod = 'password' | 'email_otp' | 'sms_otp' | 'invitation' | 'handoff' | 'google' | 'microsoft';

/** Stores a new session (only the token's hash) and returns its id, token and expiry. */
export async function insertSession(
  tx: Tx,
  input: { accountId: string; workspaceId: string | null; ip: string; now: Date },
): Promise<{ id: string; token: string; expiresAt: Date }> {
  const token = newToken();
  const expiresAt = new Date(input.now.getTime() + LIMITS.accessTokenDays * DAY_MS);
  const [session] = await tx
    .insert(sessions)
    .values({
      tokenHash: hashToken(token),
      accountId: input.accountId,
      workspaceId: input.workspaceId,
      expiresAt,
      ip: input.ip,
    })
    .returning({ id: sessions.id });
  return { id: session!.id, token, expiresAt };
}

/** Ends every live session of an account, in every workspace (needs the platform path). */
export async function revokeAllSessions(tx: Tx, accountId: string, exceptSessionId?: string): Promise<number> {
  const rows = await tx
    .update(sessions)
    .set({ revokedAt: sql`app_now()` })
    .where(
      and(
        eq(sessions.accountId, accountId),
        isNull(sessions.revokedAt),
        exceptSessionId ? sql`${sessions.id} <> ${exceptSessionId}` : undefined,
      ),
    )
    .returning({ id: sessions.id });
  return rows.length;
}

/** A hand-off id is usable for this long. */
export const HANDOFF_TTL_SECONDS = 60;

/**
 * Creates a one-time hand-off to a session on `workspaceId`'s host. Only the id's hash is kept.
 * With `binding`, only the browser holding that cookie value can use it.
 */
export async function createHandoff(
  tx: Tx,
  input: {
    workspaceId: string;
    accountId: string;
    method: SignInMethod;
    bindingHash?: string | null;
    redirectPath?: string | null;
  },
): Promise<string> {
  const id = newToken();
  await tx.insert(sessionHandoffs).values({
    workspaceId: input.workspaceId,
    idHash: hashToken(id),
    accountId: input.accountId,
    method: input.method,
    bindingHash: input.bindingHash ?? null,
    redirectPath: input.redirectPath ?? null,
    expiresAt: sql`app_now() + make_interval(secs => ${HANDOFF_TTL_SECONDS})`,
  });
  return id;
}

/**
 * Uses up a hand-off on its workspace (the caller's transaction runs under that workspace's
 * row-level security, so another workspace's hand-off is not found). Null when unknown, used,
 * expired, or bound to another browser.
 */
export async function consumeHandoff(
  tx: Tx,
  input: { workspaceId: string; id: string; bindingHash: string | null },
): Promise<{ accountId: string; method: string; redirectPath: string | null } | null> {
  const [row] = await tx
    .update(sessionHandoffs)
    .set({ usedAt: sql`app_now()` })
    .where(
      and(
        eq(sessionHandoffs.workspaceId, input.workspaceId),
        eq(sessionHandoffs.idHash, hashToken(input.id)),
        isNull(sessionHandoffs.usedAt),
        sql`${sessionHandoffs.expiresAt} > app_now()`,
        sql`(${sessionHandoffs.bindingHash} is null or ${sessionHandoffs.bindingHash} = ${input.bindingHash ?? ''})`,
      ),
    )
    .returning({
      accountId: sessionHandoffs.accountId,
      method: sessionHandoffs.method,
      redirectPath: sessionHandoffs.redirectPath,
    });
  return row ?? null;
}
