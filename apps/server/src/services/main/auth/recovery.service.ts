import { randomUUID } from 'node:crypto';
import type {
  TCodeSentResponse,
  TConfirmEmailResponse,
  TForgotPasswordRequest,
  TResendConfirmationRequest,
  TResetPasswordRequest,
} from '@app/contract';
import type { Ctx } from '../../../core/context.ts';
import { hashPassword } from '../../../core/crypto.ts';
import type { Tx } from '../../../core/db/database.ts';
import { AppError } from '../../../core/errors.ts';
import { accountLanguage } from '../../../core/messages/messages.repo.ts';
import { assertAcceptablePassword } from '../../../core/passwords.ts';
import { rateClear, rateLimited, rateRecord } from '../../../core/rate-limit.ts';
import * as repo from './auth.repo.ts';
import { consumeConfirmLink, consumeOtp, issueOtp } from './codes.repo.ts';
import { brandOf, resetCodeMail, resetCodeSms } from './messages.ts';
import { phoneOnHost } from './otp.service.ts';
import { revokeAllSessions } from './sessions.ts';
import {
  accountOnHost,
  codeSent,
  failureAnswer,
  failureLimits,
  failureWaits,
  inPlace,
  invalidCode,
  limitSend,
  sendConfirmationLink,
  settle,
} from './sign-in.ts';

/**
 * `forgot-password`: mails a 6-digit reset code to an account of this host. Always the same answer,
 * whether or not the address has an account.
 */
export async function forgotPassword(ctx: Ctx, input: TForgotPasswordRequest): Promise<TCodeSentResponse> {
  // By phone: an account without email (username or phone only) gets its code by SMS.
  const byPhone = input.contactNumber !== undefined;
  const target = byPhone ? await phoneOnHost(ctx, input.contactNumber ?? '') : (input.userEmail ?? '').toLowerCase();
  await limitSend(ctx, byPhone ? 'reset-sms' : 'reset', target, 'auth.password.reset_requested');
  // Looked up for every request, not only when no member matches, so that the work (and the
  // response time) is the same whether or not the address has an account.
  const invitee = byPhone ? null : await invitedAccount(ctx, target);
  await inPlace(ctx, 'auth.password.reset_requested', async (tx) => {
    const accountId = (await accountOnHost(tx, ctx, byPhone ? { phone: target } : { email: target })) ?? invitee;
    await ctx.audit(
      'auth.password.reset_requested',
      null,
      { target, sent: Boolean(accountId), ...(accountId ? {} : { reason: 'no_account' }) },
      { actorAccountId: accountId },
    );
    if (!accountId) return;
    const code = await issueOtp(tx, {
      purpose: 'PASSWORD_RESET',
      target,
      workspaceId: ctx.workspaceId,
      accountId,
      secret: ctx.config.authSecret,
    });
    // Enqueued with the code (response times do not tell whether one was sent); a worker delivers it.
    const brand = await brandOf(tx, ctx);
    const language = await accountLanguage(tx, accountId);
    if (byPhone) {
      const text = resetCodeSms(brand, language, code);
      await ctx.jobs.enqueue(
        tx,
        'sms.send',
        { workspaceId: ctx.workspaceId, to: target, text },
        { key: `password-reset:${randomUUID()}` },
      );
      return;
    }
    const mail = resetCodeMail(brand, language, code);
    await ctx.jobs.enqueue(
      tx,
      'mail.send',
      { workspaceId: ctx.workspaceId, to: input.userEmail ?? target, ...mail },
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
  const workspaceId = ctx.workspaceId;
  if (workspaceId === null) return null;
  return ctx.platform({ action: 'auth.password.invitee-lookup', audit: false }, (tx) =>
    repo.invitedAccountId(tx, workspaceId, email),
  );
}

/**
 * `reset-password`: with the latest reset code for the address, sets the new password and ends
 * every session of the account in every workspace (so this runs on the audited platform path).
 * The password is checked before the code, so that a refused password does not use the code up.
 */
export async function resetPassword(ctx: Ctx, input: TResetPasswordRequest): Promise<void> {
  assertAcceptablePassword(input.userNewPassword);
  const byPhone = input.contactNumber !== undefined;
  const target = byPhone ? await phoneOnHost(ctx, input.contactNumber ?? '') : (input.userEmail ?? '').toLowerCase();
  const limits = failureLimits(ctx, `reset:${target}`);
  const workspaceId = ctx.workspaceId;
  const run = <T>(fn: (tx: Tx) => Promise<T>) => ctx.platform({ action: 'auth.password.reset', audit: false }, fn);
  const refused = (reason: string) =>
    ctx.audit('auth.password.reset', null, { target, result: 'failure', reason }, { actorAccountId: null });

  // A full IP window refuses wrong codes only (see failureWaits); the address's limit is a lock.
  const waits = await run(async (tx) => {
    const w = await failureWaits(tx, limits);
    if (w.subject > 0) await refused('rate_limited');
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
        await refused('wrong_code');
        return { ok: false as const, error: failureAnswer(waits.ip, invalidCode()) };
      }
      if (byPhone) await repo.setPassword(tx, row.accountId, newHash);
      else await repo.resetPasswordOf(tx, row.accountId, target, newHash);
      const revoked = await revokeAllSessions(tx, row.accountId);
      // A successful reset also lifts the account's sign-in failure limit.
      await rateClear(tx, failureLimits(ctx, row.accountId).subject.key);
      await ctx.audit(
        'auth.password.reset',
        row.accountId,
        { result: 'success', sessionsRevoked: revoked },
        { actorAccountId: row.accountId },
      );
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
        await ctx.audit('auth.email.confirm', null, { result: 'failure' }, { actorAccountId: null });
        return { ok: false as const, error: invalidLink() };
      }
      // Only if the account still has the address the link was sent to.
      const email = await repo.confirmEmailAddress(tx, row.accountId, row.target);
      if (email === null) return { ok: false as const, error: invalidLink() };
      await ctx.audit('auth.email.confirm', row.accountId, { result: 'success' }, { actorAccountId: row.accountId });
      return { ok: true as const, value: { ok: true as const, userEmail: email } };
    }),
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
    const verified = accountId ? await repo.emailVerified(tx, accountId) : null;
    const eligible = Boolean(accountId && verified === false);
    await ctx.audit(
      'auth.email.confirmation_sent',
      null,
      { target, sent: eligible, ...(eligible ? {} : { reason: accountId ? 'already_confirmed' : 'no_account' }) },
      { actorAccountId: accountId },
    );
    if (eligible && accountId) await sendConfirmationLink(ctx, tx, accountId, input.userEmail);
  });
  return { ok: true, expiresInSeconds: 48 * 3600 };
}
