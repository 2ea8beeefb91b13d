import { createHmac, randomInt, randomUUID, timingSafeEqual } from 'node:crypto';
import { OTP_RULES } from '@app/contract';
import { and, desc, eq, getTableColumns, isNull, sql } from 'drizzle-orm';
import { hashToken, newToken } from '../../../core/crypto.ts';
import type { Tx } from '../../../core/db/database.ts';
import { oneTimeCodes } from '../../../db/schema.ts';

export type CodePurpose = 'SIGNIN_EMAIL' | 'SIGNIN_SMS' | 'PASSWORD_RESET' | 'EMAIL_CONFIRM';

/** How long an email-confirmation link works. */
export const CONFIRM_LINK_TTL_SECONDS = 48 * 3600;

/** A code's columns and whether it has expired, by the clock of the transaction (`app_now()`). */
const withExpiry = {
  ...getTableColumns(oneTimeCodes),
  expired: sql<boolean>`${oneTimeCodes.expiresAt} <= app_now()`,
};

/** Six digits from the operating system's secure random source. */
export function newOtp(): string {
  return String(randomInt(0, 10 ** OTP_RULES.digits)).padStart(OTP_RULES.digits, '0');
}

/** What is stored of a 6-digit code: an HMAC keyed by the server's secret and salted with the row id. */
function otpHash(secret: string, id: string, code: string): string {
  return createHmac('sha256', secret).update(`${id}:${code}`).digest('hex');
}

function sameHex(a: string, b: string): boolean {
  const x = Buffer.from(a, 'hex');
  const y = Buffer.from(b, 'hex');
  return x.length === y.length && timingSafeEqual(x, y);
}

/** The same purpose, target and place (workspace, or the platform host when null). */
function sameSlot(purpose: CodePurpose, target: string, workspaceId: string | null) {
  return and(
    eq(oneTimeCodes.purpose, purpose),
    eq(oneTimeCodes.target, target),
    workspaceId === null ? isNull(oneTimeCodes.workspaceId) : eq(oneTimeCodes.workspaceId, workspaceId),
  );
}

type Issue = {
  purpose: CodePurpose;
  /** Lower-case email address or E.164 phone number. */
  target: string;
  workspaceId: string | null;
  accountId: string | null;
  invitationId?: string | null;
  secret: string;
};

/**
 * Issues a new 6-digit code and supersedes every earlier one for the same purpose, target and
 * place, so that only the latest code works.
 */
export async function issueOtp(tx: Tx, input: Issue): Promise<string> {
  const code = newOtp();
  const id = randomUUID();
  await tx
    .update(oneTimeCodes)
    .set({ supersededAt: sql`app_now()` })
    .where(and(sameSlot(input.purpose, input.target, input.workspaceId), isNull(oneTimeCodes.supersededAt)));
  await tx.insert(oneTimeCodes).values({
    id,
    workspaceId: input.workspaceId,
    accountId: input.accountId,
    invitationId: input.invitationId ?? null,
    purpose: input.purpose,
    target: input.target,
    codeHash: otpHash(input.secret, id, code),
    expiresAt: sql`app_now() + make_interval(secs => ${OTP_RULES.ttlSeconds})`,
  });
  return code;
}

export type CodeRow = typeof oneTimeCodes.$inferSelect;

/**
 * Checks a 6-digit code against the latest one issued for the slot. A right code is used up; a
 * wrong one counts a try, and the fifth wrong try locks the code. Expired, used, superseded and
 * locked codes never match. Returns the code's row when it matched. The caller must let this
 * transaction commit even when it then refuses the request, so that wrong tries are counted.
 */
export async function consumeOtp(
  tx: Tx,
  input: { purpose: CodePurpose; target: string; workspaceId: string | null; code: string; secret: string },
): Promise<CodeRow | null> {
  const [latest] = await tx
    .select(withExpiry)
    .from(oneTimeCodes)
    .where(and(sameSlot(input.purpose, input.target, input.workspaceId), isNull(oneTimeCodes.supersededAt)))
    .orderBy(desc(oneTimeCodes.createdAt))
    .limit(1)
    .for('update');
  if (!latest || latest.usedAt || latest.attempts >= OTP_RULES.maxAttempts || latest.expired) {
    return null;
  }
  if (!sameHex(latest.codeHash, otpHash(input.secret, latest.id, input.code))) {
    await tx
      .update(oneTimeCodes)
      .set({ attempts: sql`${oneTimeCodes.attempts} + 1` })
      .where(eq(oneTimeCodes.id, latest.id));
    return null;
  }
  await tx.update(oneTimeCodes).set({ usedAt: sql`app_now()` }).where(eq(oneTimeCodes.id, latest.id));
  return latest;
}

/** Issues an email-confirmation link token (long and random, so it is looked up by its hash). */
export async function issueConfirmLink(
  tx: Tx,
  input: { target: string; workspaceId: string | null; accountId: string },
): Promise<string> {
  const token = newToken();
  await tx
    .update(oneTimeCodes)
    .set({ supersededAt: sql`app_now()` })
    .where(
      and(
        eq(oneTimeCodes.purpose, 'EMAIL_CONFIRM'),
        eq(oneTimeCodes.accountId, input.accountId),
        isNull(oneTimeCodes.supersededAt),
      ),
    );
  await tx.insert(oneTimeCodes).values({
    workspaceId: input.workspaceId,
    accountId: input.accountId,
    purpose: 'EMAIL_CONFIRM',
    target: input.target,
    codeHash: hashToken(token),
    expiresAt: sql`app_now() + make_interval(secs => ${CONFIRM_LINK_TTL_SECONDS})`,
  });
  return token;
}

/** Uses up a confirmation link: the row when the link is the latest, unused and unexpired one. */
export async function consumeConfirmLink(tx: Tx, token: string): Promise<CodeRow | null> {
  const [row] = await tx
    .select(withExpiry)
    .from(oneTimeCodes)
    .where(and(eq(oneTimeCodes.purpose, 'EMAIL_CONFIRM'), eq(oneTimeCodes.codeHash, hashToken(token))))
    .limit(1)
    .for('update');
  if (!row || row.usedAt || row.supersededAt || row.expired) return null;
  await tx.update(oneTimeCodes).set({ usedAt: sql`app_now()` }).where(eq(oneTimeCodes.id, row.id));
  return row;
}
