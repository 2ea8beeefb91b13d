import { randomUUID } from 'node:crypto';
import { EMAIL_PATTERN, OTP_RULES, type TCodeSentResponse, type TSignInRequest } from '@app/contract';
import type { AuditAction } from '../../../core/audit.ts';
import { type Ctx, principalOf } from '../../../core/context.ts';
import type { Tx } from '../../../core/db/database.ts';
import { AppError } from '../../../core/errors.ts';
import { accountLanguage } from '../../../core/messages/messages.repo.ts';
import { type RateRule, rateCheck, rateCheckAll, rateLimited } from '../../../core/rate-limit.ts';
import * as repo from './auth.repo.ts';
import { issueConfirmLink } from './codes.repo.ts';
import { findInvitation, type Invitation } from './invitation.repo.ts';
import { brandOf, confirmEmailMail } from './messages.ts';
import type { SignInMethod } from './sessions.ts';

/*
 * What the sign-in services (password, codes, recovery, invitations, hand-off) share. They import
 * this module and never each other, so that the auth services have no import cycle.
 */

/** The one answer for every failed sign-in, so that it never tells whether an account exists. */
export const invalidCredentials = () =>
  new AppError(401, 'INVALID_CREDENTIALS', 'The email, username or password is not right. Check them and try again.');

/** One answer for every wrong, expired, used, superseded or locked code, and for unknown accounts. */
export const invalidCode = () =>
  new AppError(401, 'INVALID_CODE', 'That code is not right or has expired. Check it, or ask for a new code.');

/** The same answer to every send, whether or not a code went out. */
export const codeSent = (): TCodeSentResponse => ({ ok: true, expiresInSeconds: OTP_RULES.ttlSeconds });

export function identifierOf(
  input: Pick<TSignInRequest, 'userEmail' | 'username'>,
): { email: string } | { username: string } {
  if (input.userEmail) return { email: input.userEmail };
  // A username that looks like an email address is treated as one (spec §5).
  const username = input.username ?? '';
  return EMAIL_PATTERN.test(username) ? { email: username } : { username };
}

/** Runs `fn` in the request's place: the workspace's row-level security, or the (unaudited) platform path. */
export function inPlace<T>(ctx: Ctx, action: string, fn: (tx: Tx) => Promise<T>): Promise<T> {
  return ctx.workspaceId !== null ? ctx.tenant(fn) : ctx.platform({ action, audit: false }, fn);
}

/**
 * Runs `fn` as the signed-in person: under their session's workspace (and their account), or on
 * the (unaudited) platform path for a platform session.
 */
export function asSignedIn<T>(ctx: Ctx, action: string, fn: (tx: Tx) => Promise<T>): Promise<T> {
  return principalOf(ctx).workspaceId !== null ? ctx.tenant(fn) : ctx.platform({ action, audit: false }, fn);
}

/** Audits a failed sign-in (any method) with why it failed; the caller then answers the same for all. */
export async function auditSignInFailure(
  ctx: Ctx,
  input: { method: SignInMethod; reason: string; accountId?: string | null; identifier?: string | null },
): Promise<void> {
  await ctx.audit(
    'auth.signin.failure',
    null,
    { method: input.method, reason: input.reason, ...(input.identifier ? { identifier: input.identifier } : {}) },
    { actorAccountId: input.accountId ?? null },
  );
}

/** The limits that count failed sign-ins: per account (or per identifier when none matches) and per IP. */
export function failureLimits(ctx: Ctx, subject: string) {
  const limits = ctx.config.rateLimits;
  return {
    subject: { key: `signin-fail:subject:${subject}`, rule: limits.passwordFailuresPerAccount },
    ip: { key: `signin-fail:ip:${ctx.ip}`, rule: limits.failuresPerIp },
  };
}

/**
 * Seconds each failure limit asks to wait, read before a secret is checked. The subject's limit
 * (account, address, invitation) is a lock: refuse at once, even a right secret. The IP's limit
 * limits failures, not successes (many people share one office or proxy address): when it is full
 * the secret is still checked, a right one from an unlocked subject gets in, and a wrong one is
 * counted and answered 429 with `failureAnswer`.
 */
export async function failureWaits(
  tx: Tx,
  limits: { subject: { key: string; rule: RateRule }; ip: { key: string; rule: RateRule } },
): Promise<{ subject: number; ip: number }> {
  return {
    subject: await rateCheck(tx, limits.subject.key, limits.subject.rule, false),
    ip: await rateCheck(tx, limits.ip.key, limits.ip.rule, false),
  };
}

/** The answer to a failed try: 429 while the IP's failure window is full, else the usual refusal. */
export const failureAnswer = (ipWait: number, refusal: AppError): AppError =>
  ipWait > 0 ? rateLimited(ipWait) : refusal;

export type Outcome<T> = { ok: true; value: T } | { ok: false; error: AppError };

/** Commits the transaction's work (audit, counted tries) before a refusal is thrown. */
export function settle<T>(outcome: Outcome<T>): T {
  if (!outcome.ok) throw outcome.error;
  return outcome.value;
}

/** The limits on sending codes: per email address or phone number, per IP, per workspace. */
export function sendLimits(ctx: Ctx, kind: string, target: string): Array<{ key: string; rule: RateRule }> {
  const limits = ctx.config.rateLimits;
  return [
    { key: `${kind}:target:${target}`, rule: limits.codeSendsPerTarget },
    { key: `code-send:ip:${ctx.ip}`, rule: limits.codeSendsPerIp },
    { key: `code-send:workspace:${ctx.workspaceId ?? 'platform'}`, rule: limits.codeSendsPerWorkspace },
  ];
}

/** The actions whose sends are limited (each is audited when its limit is reached). */
type SendAction = Extract<
  AuditAction,
  'auth.otp.send' | 'auth.password.reset_requested' | 'auth.email.confirmation_sent' | 'invite.renewal_requested'
>;

/**
 * Counts a send against the limits; when one is reached, audits and answers 429 with Retry-After
 * (the same for unknown addresses, so the limit tells nothing about who has an account).
 */
export async function limitSend(ctx: Ctx, kind: string, target: string, action: SendAction): Promise<void> {
  const wait = await inPlace(ctx, action, async (tx) => {
    const w = await rateCheckAll(tx, sendLimits(ctx, kind, target), true);
    if (w > 0) await ctx.audit(action, null, { target, sent: false, reason: 'rate_limited' }, { actorAccountId: null });
    return w;
  });
  if (wait > 0) throw rateLimited(wait);
}

/** The account an identifier names on this host: an active member here, or any account on the platform host. */
export async function accountOnHost(tx: Tx, ctx: Ctx, id: repo.Identifier): Promise<string | null> {
  if (ctx.workspaceId !== null) {
    const row = await repo.findMemberForSignIn(tx, ctx.workspaceId, id);
    return row?.membershipActive ? row.accountId : null;
  }
  return (await repo.findAccountForSignIn(tx, id))?.accountId ?? null;
}

/** Mails a confirmation link for an account's address (used after sign-up and by `resend`), in `tx`. */
export async function sendConfirmationLink(ctx: Ctx, tx: Tx, accountId: string, email: string): Promise<void> {
  const token = await issueConfirmLink(tx, { target: email.toLowerCase(), workspaceId: ctx.workspaceId, accountId });
  const link = `${ctx.origin}/email-verify/${token}`;
  const mail = confirmEmailMail(await brandOf(tx, ctx), await accountLanguage(tx, accountId), link);
  await ctx.jobs.enqueue(
    tx,
    'mail.send',
    { workspaceId: ctx.workspaceId, to: email, ...mail },
    { key: `confirm-email:${randomUUID()}` },
  );
}

/** Where an invitation stands. */
export function invitationStatus(inv: Invitation, now: Date): 'USED' | 'REVOKED' | 'EXPIRED' | 'VALID' {
  if (inv.usedAt) return 'USED';
  if (inv.revokedAt) return 'REVOKED';
  if (inv.expiresAt.getTime() <= now.getTime()) return 'EXPIRED';
  return 'VALID';
}

/** The invitation with this code when it can still be claimed on this workspace's host, else null. */
export async function findClaimableInvitation(ctx: Ctx, code: string): Promise<Invitation | null> {
  const inv = await ctx.tenant((tx, { workspaceId }) => findInvitation(tx, workspaceId, code));
  return inv && invitationStatus(inv, ctx.clock.now()) === 'VALID' ? inv : null;
}
