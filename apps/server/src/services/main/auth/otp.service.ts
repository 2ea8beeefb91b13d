import { randomUUID } from 'node:crypto';
import type {
  TCodeSentResponse,
  TCreateEmailOtpRequest,
  TCreateSmsOtpRequest,
  TSignInResponse,
  TVerifyEmailOtpRequest,
  TVerifySmsOtpRequest,
} from '@app/contract';
import type { Ctx } from '../../../core/context.ts';
import type { Tx } from '../../../core/db/database.ts';
import type { Brand } from '../../../core/messages/index.ts';
import { accountLanguage } from '../../../core/messages/messages.repo.ts';
import { phoneCountry, phoneOrThrow } from '../../../core/phone.ts';
import { rateLimited, rateRecord } from '../../../core/rate-limit.ts';
import * as repo from './auth.repo.ts';
import { consumeOtp, issueOtp } from './codes.repo.ts';
import { brandOf, signInCodeMail, signInCodeSms } from './messages.ts';
import { openSession } from './sessions.ts';
import {
  accountOnHost,
  auditSignInFailure,
  codeSent,
  failureAnswer,
  failureLimits,
  failureWaits,
  findClaimableInvitation,
  inPlace,
  invalidCode,
  limitSend,
  settle,
} from './sign-in.ts';

/** What differs between a code sent by mail and one sent by SMS. */
type Channel = 'email' | 'sms';
const CHANNEL = {
  email: { purpose: 'SIGNIN_EMAIL', limitKind: 'otp-email' },
  sms: { purpose: 'SIGNIN_SMS', limitKind: 'otp-sms' },
} as const;

/**
 * Sends a sign-in code to an account of this host, or, with an invitation code for this address
 * or number, to a person who has no account yet. Answers the same in every case.
 */
async function createOtp(
  ctx: Ctx,
  channel: Channel,
  target: string,
  inviteCode: string | undefined,
  deliver: (tx: Tx, brand: Brand, language: string | null, code: string) => Promise<void>,
): Promise<TCodeSentResponse> {
  await limitSend(ctx, CHANNEL[channel].limitKind, target, 'auth.otp.send');
  const invitation = inviteCode && ctx.workspaceId !== null ? await findClaimableInvitation(ctx, inviteCode) : null;
  await inPlace(ctx, 'auth.otp.send', async (tx) => {
    const accountId = await accountOnHost(tx, ctx, channel === 'email' ? { email: target } : { phone: target });
    const invitedAt = channel === 'email' ? invitation?.email?.toLowerCase() : invitation?.contactNumber;
    const invited = invitation && invitedAt === target ? invitation : null;
    const sent = Boolean(accountId ?? invited);
    await ctx.audit(
      'auth.otp.send',
      null,
      { channel, target, sent, ...(sent ? {} : { reason: 'no_account' }), invitation: Boolean(invited) },
      { actorAccountId: accountId },
    );
    if (!sent) return;
    const code = await issueOtp(tx, {
      purpose: CHANNEL[channel].purpose,
      target,
      workspaceId: ctx.workspaceId,
      accountId,
      invitationId: invited?.id ?? null,
      secret: ctx.config.authSecret,
    });
    // Enqueued with the code (response times do not tell whether one was sent); a worker delivers it.
    // In the account's language; a person with no account yet reads the invitation's.
    const language = accountId ? await accountLanguage(tx, accountId) : (invited?.language ?? null);
    await deliver(tx, await brandOf(tx, ctx), language, code);
  });
  return codeSent();
}

/** `signin-create-otp`: mails a sign-in code. */
export const createEmailOtp = (ctx: Ctx, input: TCreateEmailOtpRequest) =>
  createOtp(ctx, 'email', input.userEmail.toLowerCase(), input.inviteCode, (tx, brand, language, code) => {
    const mail = signInCodeMail(brand, language, code);
    return ctx.jobs.enqueue(
      tx,
      'mail.send',
      { workspaceId: ctx.workspaceId, to: input.userEmail, ...mail },
      { key: `otp:${randomUUID()}` },
    );
  });

/**
 * A phone number as typed on this host — the national way of the workspace's country, or with a
 * country code — in E.164, the form accounts and codes are kept under; a 400 otherwise.
 */
export async function phoneOnHost(ctx: Ctx, typed: string, path = 'body.contactNumber'): Promise<string> {
  const country = await inPlace(ctx, 'auth.phone', (tx) => phoneCountry(tx, ctx.workspaceId));
  return phoneOrThrow(typed, country, path);
}

/** `signin-create-sms-otp`: texts a sign-in code. */
export async function createSmsOtp(ctx: Ctx, input: TCreateSmsOtpRequest): Promise<TCodeSentResponse> {
  const to = await phoneOnHost(ctx, input.contactNumber);
  return createOtp(ctx, 'sms', to, input.inviteCode, (tx, brand, language, code) => {
    const text = signInCodeSms(brand, language, code);
    return ctx.jobs.enqueue(tx, 'sms.send', { workspaceId: ctx.workspaceId, to, text }, { key: `otp:${randomUUID()}` });
  });
}

/**
 * Signs in with a code: the latest code for this address on this host, unexpired, unused and not
 * locked. Wrong codes count towards the code's 5 tries and the address's and IP's failure limits;
 * a full IP window refuses wrong codes only (see failureWaits).
 */
async function verifyOtp(
  ctx: Ctx,
  input: { channel: Channel; target: string; code: string },
): Promise<TSignInResponse> {
  const method = input.channel === 'email' ? 'email_otp' : 'sms_otp';
  const limits = failureLimits(ctx, `${input.channel}:${input.target}`);
  const waits = await inPlace(ctx, 'auth.signin', async (tx) => {
    const w = await failureWaits(tx, limits);
    if (w.subject > 0) await auditSignInFailure(ctx, { method, reason: 'rate_limited', identifier: input.target });
    return w;
  });
  if (waits.subject > 0) throw rateLimited(waits.subject);

  return settle(
    await inPlace(ctx, 'auth.signin', async (tx) => {
      const row = await consumeOtp(tx, {
        purpose: CHANNEL[input.channel].purpose,
        target: input.target,
        workspaceId: ctx.workspaceId,
        code: input.code,
        secret: ctx.config.authSecret,
      });
      // The account must still be an active member here (it may have been deactivated since the send).
      const id: repo.Identifier = input.channel === 'email' ? { email: input.target } : { phone: input.target };
      const accountId = row?.accountId ? await accountOnHost(tx, ctx, id) : null;
      if (!row || !accountId || accountId !== row.accountId) {
        await rateRecord(tx, [limits.subject, limits.ip]);
        await auditSignInFailure(ctx, {
          method,
          reason: !row ? 'wrong_code' : 'no_account',
          accountId: row?.accountId,
          identifier: input.target,
        });
        return { ok: false as const, error: failureAnswer(waits.ip, invalidCode()) };
      }
      if (input.channel === 'email') {
        // Receiving the code proves the address.
        await repo.markEmailVerified(tx, accountId);
      }
      const session = await openSession(tx, ctx, { accountId, workspaceId: ctx.workspaceId, method });
      return { ok: true as const, value: session };
    }),
  );
}

export const verifyEmailOtp = (ctx: Ctx, input: TVerifyEmailOtpRequest) =>
  verifyOtp(ctx, { channel: 'email', target: input.userEmail.toLowerCase(), code: input.userOtp });

export const verifySmsOtp = async (ctx: Ctx, input: TVerifySmsOtpRequest) =>
  verifyOtp(ctx, { channel: 'sms', target: await phoneOnHost(ctx, input.contactNumber), code: input.userOtp });
