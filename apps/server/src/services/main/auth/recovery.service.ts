import { randomUUID } from 'node:crypto';
import type {
  TCodeSentResponse,
  TConfirmEmailResponse,
  TForgotPasswordRequest,
  TResendConfirmationRequest,
  TResetPasswordRequest,
} from '@app/contract';
import { and, eq, isNull, sql } from 'drizzle-orm';
import { audit } from '../../../core/audit.ts';
import type { Ctx } from '../../../core/context.ts';
import { hashPassword } from '../../../core/crypto.ts';
import type { Tx } from '../../../core/db/database.ts';
import { withPlatform } from '../../../core/db/tenant.ts';
import { AppError } from '../../../core/errors.ts';
import { assertAcceptablePassword } from '../../../core/passwords.ts';
import { rateClear, rateLimited, rateRecord } from '../../../core/rate-limit.ts';
import { accounts, invitations } from '../../../db/schema.ts';
import { failureAnswer, failureLimits, failureWaits, inPlace, placeOf, settle } from './auth.service.ts';
import { consumeConfirmLink, consumeOtp, issueConfirmLink, issueOtp } from './codes.ts';
import { confirmEmailMail, resetCodeMail, senderName } from './messages.ts';
import { accountOnHost, codeSent, invalidCode, limitSend } from './otp.service.ts';
import { revokeAllSessions } from './sessions.ts';

/**
 * `forgot-password`: mails a 6-digit reset code to an account of this host. Always the same answer,
 * whether or not the address has an account.
 */
export async function forgotPassword(ctx: Ctx, input: TForgotPasswordRequest): Promise<TCodeSentResponse> {
  const target = input.userEmail.toLowerCase();
  await limitSend(ctx, 'reset', target, 'auth.password.reset_requested');
  // Looked up for every request, not only when no member matches, so that the work (and the
  // response time) is the same whether or not the address has an account.
  const invitee = await invitedAccount(ctx, target);
  await inPlace(ctx, 'auth.password.reset_requested', async (tx) => {
    const accountId = (await accountOnHost(tx, ctx, { email: target })) ?? invitee;
    await audit(tx, {
      workspaceId: placeOf(ctx),
      action: 'auth.password.reset_requested',
      actorAccountId: accountId,
      ip: ctx.ip,
      traceId: ctx.traceId,
      details: { target, sent: Boolean(accountId), ...(accountId ? {} : { reason: 'no_account' }) },
    });
    if (!accountId) return;
    const code = await issueOtp(tx, {
      purpose: 'PASSWORD_RESET',
      target,
      workspaceId: placeOf(ctx),
      accountId,
      secret: ctx.config.authSecret,
    });
    // Enqueued with the code (response times do not tell whether one was sent); a worker delivers it.
    const mail = resetCodeMail(await senderName(tx, ctx), code);
    await ctx.jobs.enqueue(
      tx,
      'mail.send',
      { workspaceId: placeOf(ctx), to: input.userEmail, ...mail },
      { key: `password-reset:${randomUUID()}` },
    );
  });
  return codeSent();
}

/**
 * An existing account invited to this workspace (a valid invitation to its address) but not yet a
 * member: it may reset its password here, so that the invitation page's "Forgot password?" is no
 * dead end. Accounts outside the workspace are hidden by RLS, hence the narrow platform read.
 */
async function invitedAccount(ctx: Ctx, email: string): Promise<string | null> {
  if (ctx.site.kind !== 'workspace') return null;
  const workspaceId = ctx.site.workspaceId;
  return withPlatform(ctx.db, { action: 'auth.password.invitee-lookup', audit: false }, async (tx) => {
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
  });
}

/**
 * `reset-password`: with the latest reset code for the address, sets the new password and ends
 * every session of the account in every workspace (so this runs on the audited platform path).
 * The password is checked before the code, so that a refused password does not use the code up.
 */
export async function resetPassword(ctx: Ctx, input: TResetPasswordRequest): Promise<void> {
  assertAcceptablePassword(input.userNewPassword);
  const target = input.userEmail.toLowerCase();
  const limits = failureLimits(ctx, `reset:${target}`);
  const workspaceId = placeOf(ctx);
  const run = <T>(fn: (tx: Tx) => Promise<T>) =>
    withPlatform(ctx.db, { action: 'auth.password.reset', audit: false, traceId: ctx.traceId, ip: ctx.ip }, fn);
  const refused = (tx: Tx, reason: string) =>
    audit(tx, {
      workspaceId,
      action: 'auth.password.reset',
      ip: ctx.ip,
      traceId: ctx.traceId,
      details: { target, result: 'failure', reason },
    });

  // A full IP window refuses wrong codes only (see failureWaits); the address's limit is a lock.
  const waits = await run(async (tx) => {
    const w = await failureWaits(tx, limits);
    if (w.subject > 0) await refused(tx, 'rate_limited');
    return w;
  });
  if (waits.subject > 0) throw rateLimited(waits.subject);

  const newHash = await hashPassword(input.userNewPassword);
  settle(
    await run(async (tx) => {
      const row = await consumeOtp(tx, {
        purpose: 'PASSWORD_RESET',
        target,
        workspaceId,
        code: input.confirmationCode,
        secret: ctx.config.authSecret,
      });
      if (!row?.accountId) {
        await rateRecord(tx, [limits.subject, limits.ip]);
        await refused(tx, 'wrong_code');
        return { ok: false as const, error: failureAnswer(waits.ip, invalidCode()) };
      }
      await tx
        .update(accounts)
        .set({ passwordHash: newHash, emailVerified: true, updatedAt: sql`app_now()` })
        .where(and(eq(accounts.id, row.accountId), sql`lower(${accounts.email}) = ${target}`));
      const revoked = await revokeAllSessions(tx, row.accountId);
      // A successful reset also lifts the account's sign-in failure limit.
      await rateClear(tx, failureLimits(ctx, row.accountId).subject.key);
      await audit(tx, {
        workspaceId,
        action: 'auth.password.reset',
        actorAccountId: row.accountId,
        targetType: 'account',
        targetId: row.accountId,
        ip: ctx.ip,
        traceId: ctx.traceId,
        details: { result: 'success', sessionsRevoked: revoked },
      });
      return { ok: true as const, value: undefined };
    }),
  );
}

/** A link that does not work: unknown, used, superseded by a newer one, or expired. */
const invalidLink = () =>
  new AppError(
    400,
    'INVALID_LINK',
    'This confirmation link does not work any more: it was used, replaced by a newer one, or has expired. Ask for a new link.',
  );

/** `confirm-email/{code}`: marks the address confirmed when the link is the latest one and still valid. */
export async function confirmEmail(ctx: Ctx, code: string): Promise<TConfirmEmailResponse> {
  return settle(
    await inPlace(ctx, 'auth.email.confirm', async (tx) => {
      const row = await consumeConfirmLink(tx, code);
      if (!row?.accountId) {
        await audit(tx, {
          workspaceId: placeOf(ctx),
          action: 'auth.email.confirm',
          ip: ctx.ip,
          traceId: ctx.traceId,
          details: { result: 'failure' },
        });
        return { ok: false as const, error: invalidLink() };
      }
      // Only if the account still has the address the link was sent to.
      const updated = await tx
        .update(accounts)
        .set({ emailVerified: true, updatedAt: sql`app_now()` })
        .where(and(eq(accounts.id, row.accountId), sql`lower(${accounts.email}) = ${row.target}`))
        .returning({ email: accounts.email });
      if (updated.length === 0) return { ok: false as const, error: invalidLink() };
      await audit(tx, {
        workspaceId: placeOf(ctx),
        action: 'auth.email.confirm',
        actorAccountId: row.accountId,
        targetType: 'account',
        targetId: row.accountId,
        ip: ctx.ip,
        traceId: ctx.traceId,
        details: { result: 'success' },
      });
      return { ok: true as const, value: { ok: true as const, userEmail: updated[0]!.email ?? row.target } };
    }),
  );
}

/** Mails a confirmation link for an account's address (used after sign-up and by `resend`), in `tx`. */
export async function sendConfirmationLink(ctx: Ctx, tx: Tx, accountId: string, email: string): Promise<void> {
  const token = await issueConfirmLink(tx, { target: email.toLowerCase(), workspaceId: placeOf(ctx), accountId });
  const mail = confirmEmailMail(await senderName(tx, ctx), `${ctx.origin}/email-verify/${token}`);
  await ctx.jobs.enqueue(
    tx,
    'mail.send',
    { workspaceId: placeOf(ctx), to: email, ...mail },
    { key: `confirm-email:${randomUUID()}` },
  );
}

/**
 * `resend/confirmation-email`: a fresh link to an unconfirmed address of this host; the previous
 * link stops working. Always the same answer.
 */
export async function resendConfirmation(ctx: Ctx, input: TResendConfirmationRequest): Promise<TCodeSentResponse> {
  const target = input.userEmail.toLowerCase();
  await limitSend(ctx, 'confirm', target, 'auth.email.confirmation_sent');
  await inPlace(ctx, 'auth.email.confirmation_sent', async (tx) => {
    const accountId = await accountOnHost(tx, ctx, { email: target });
    const [account] = accountId
      ? await tx.select({ verified: accounts.emailVerified }).from(accounts).where(eq(accounts.id, accountId))
      : [];
    const eligible = Boolean(accountId && account && !account.verified);
    await audit(tx, {
      workspaceId: placeOf(ctx),
      action: 'auth.email.confirmation_sent',
      actorAccountId: accountId,
      ip: ctx.ip,
      traceId: ctx.traceId,
      details: {
        target,
        sent: eligible,
        ...(eligible ? {} : { reason: accountId ? 'already_confirmed' : 'no_account' }),
      },
    });
    if (eligible && accountId) await sendConfirmationLink(ctx, tx, accountId, input.userEmail);
  });
  return { ok: true, expiresInSeconds: 48 * 3600 };
}
