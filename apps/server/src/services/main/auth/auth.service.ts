import {
  EMAIL_PATTERN,
  type TSignInRequest,
  type TSignInResponse,
  type TUserDetailsResponse,
  type TWorkspaceRole,
} from '@app/contract';
import { audit } from '../../../core/audit.ts';
import { type Ctx, principalOf } from '../../../core/context.ts';
import { verifyPassword } from '../../../core/crypto.ts';
import type { Tx } from '../../../core/db/database.ts';
import { withPlatform, withTenant } from '../../../core/db/tenant.ts';
import { AppError, errors } from '../../../core/errors.ts';
import { knownLanguage } from '../../../core/messages/index.ts';
import { type RateRule, rateCheck, rateClear, rateLimited, rateRecord } from '../../../core/rate-limit.ts';
import { fileUrlOrNull } from '../../../core/storage.ts';
import * as repo from './auth.repo.ts';
import { claimWithPassword } from './invitation.service.ts';
import { openSession, type SignInMethod } from './sessions.ts';

/** The one answer for every failed sign-in, so that it never tells whether an account exists. */
export const invalidCredentials = () =>
  new AppError(401, 'INVALID_CREDENTIALS', 'The email, username or password is not right. Check them and try again.');

export function identifierOf(
  input: Pick<TSignInRequest, 'userEmail' | 'username'>,
): { email: string } | { username: string } {
  if (input.userEmail) return { email: input.userEmail };
  // A username that looks like an email address is treated as one (spec §5).
  const username = input.username ?? '';
  return EMAIL_PATTERN.test(username) ? { email: username } : { username };
}

/** Runs `fn` in the request's place: the workspace's row-level security, or the platform path. */
export function inPlace<T>(ctx: Ctx, action: string, fn: (tx: Tx) => Promise<T>): Promise<T> {
  return ctx.site.kind === 'workspace'
    ? withTenant(ctx.db, { workspaceId: ctx.site.workspaceId }, fn)
    : withPlatform(ctx.db, { action, audit: false, traceId: ctx.traceId }, fn);
}

/**
 * Runs `fn` as the signed-in person: under their session's workspace (and their account), or on
 * the platform path for a platform session.
 */
export function asSignedIn<T>(ctx: Ctx, action: string, fn: (tx: Tx) => Promise<T>): Promise<T> {
  const me = principalOf(ctx);
  return me.workspaceId !== null
    ? withTenant(ctx.db, { workspaceId: me.workspaceId, accountId: me.accountId }, fn)
    : withPlatform(ctx.db, { action, audit: false, actorAccountId: me.accountId }, fn);
}

/** The workspace of the request's host, or null on the platform host. */
export function placeOf(ctx: Ctx): string | null {
  return ctx.site.kind === 'workspace' ? ctx.site.workspaceId : null;
}

/** Audits a failed sign-in (any method) with why it failed; the caller then answers the same for all. */
export async function auditSignInFailure(
  tx: Tx,
  ctx: Ctx,
  input: { method: SignInMethod; reason: string; accountId?: string | null; identifier?: string | null },
): Promise<void> {
  await audit(tx, {
    workspaceId: placeOf(ctx),
    action: 'auth.signin.failure',
    actorAccountId: input.accountId ?? null,
    ip: ctx.ip,
    traceId: ctx.traceId,
    details: {
      method: input.method,
      reason: input.reason,
      ...(input.identifier ? { identifier: input.identifier } : {}),
    },
  });
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

type Outcome<T> = { ok: true; value: T } | { ok: false; error: AppError };

/** Commits the transaction's work (audit, counted tries) before a refusal is thrown. */
export function settle<T>(outcome: Outcome<T>): T {
  if (!outcome.ok) throw outcome.error;
  return outcome.value;
}

/**
 * Password sign-in on the request's host. On a workspace host the account must be an active member
 * of that workspace; the session is bound to it. On the platform host the session is a platform one.
 * Failures are limited per account (10 in 15 minutes: then 429 with Retry-After, even to the right
 * password) and per IP (then a wrong password gets 429, a right one still signs in: see
 * failureWaits); an unknown identifier is limited the same way, so the limit tells nothing either.
 * Success and failure are both audited; the failure answer is the same whatever failed.
 */
export async function signIn(ctx: Ctx, input: TSignInRequest): Promise<TSignInResponse> {
  if (input.inviteCode) return claimWithPassword(ctx, input.inviteCode, identifierOf(input), input.userPassword);
  const id = identifierOf(input);
  const site = ctx.site;
  const identifier = 'email' in id ? id.email : id.username;
  // One transaction finds the account and checks the failure limits before any hashing.
  const { found, limits, blocked, ipWait } = await inPlace(ctx, 'auth.signin', async (tx) => {
    const account =
      site.kind === 'workspace'
        ? await repo.findMemberForSignIn(tx, site.workspaceId, id)
        : await repo.findAccountForSignIn(tx, id);
    const keys = failureLimits(ctx, account?.accountId ?? identifier.toLowerCase());
    const waits = await failureWaits(tx, keys);
    if (waits.subject > 0) {
      await auditSignInFailure(tx, ctx, {
        method: 'password',
        reason: 'rate_limited',
        accountId: account?.accountId,
        identifier,
      });
    }
    return { found: account, limits: keys, blocked: waits.subject, ipWait: waits.ip };
  });
  if (blocked > 0) throw rateLimited(blocked);

  const passwordOk = await verifyPassword(found?.passwordHash, input.userPassword);
  const active = found && (!('membershipActive' in found) || found.membershipActive);

  return settle(
    await inPlace(ctx, 'auth.signin', async (tx): Promise<Outcome<TSignInResponse>> => {
      if (!found || !passwordOk || !active) {
        const reason = !found ? 'unknown_account' : !passwordOk ? 'wrong_password' : 'membership_inactive';
        await rateRecord(tx, [limits.subject, limits.ip]);
        await auditSignInFailure(tx, ctx, { method: 'password', reason, accountId: found?.accountId, identifier });
        return { ok: false, error: failureAnswer(ipWait, invalidCredentials()) };
      }
      await rateClear(tx, limits.subject.key);
      const session = await openSession(tx, ctx, {
        accountId: found.accountId,
        workspaceId: placeOf(ctx),
        method: 'password',
      });
      return { ok: true, value: session };
    }),
  );
}

/** The signed-in person and all their workspaces (the spec's user session). */
export async function userDetails(ctx: Ctx): Promise<TUserDetailsResponse> {
  const me = principalOf(ctx);
  const { account, rows, imageKey } = await asSignedIn(ctx, 'user.details', async (tx) => ({
    account: await repo.findAccount(tx, me.accountId),
    rows: await repo.myWorkspaces(tx),
    imageKey: me.workspaceId ? await repo.profileImageKey(tx, me.workspaceId, me.accountId) : null,
  }));
  if (!account) throw errors.unauthorized();
  return {
    user: {
      userId: account.id,
      firstName: account.firstName,
      lastName: account.lastName,
      userEmail: account.email,
      username: account.username,
      contactNumber: account.contactNumber,
      emailVerified: account.emailVerified,
      firstLogin: account.firstLogin,
      platformRole: account.platformRole === 'PLATFORM_ADMIN' ? 'PLATFORM_ADMIN' : null,
      profileImageUrl: await fileUrlOrNull(ctx.storage, imageKey),
      language: knownLanguage(account.language),
    },
    currentWorkspaceId: me.workspaceId,
    currentRole: me.role ?? me.platformRole,
    workspaces: rows.map((r) => ({
      workspaceUrl: r.workspace_url,
      workspaceId: r.workspace_id,
      role: r.role as TWorkspaceRole,
      companyName: r.company_name,
      designation: r.designation,
      employeeId: r.employee_id,
      branch: r.branch_id ? { branchId: r.branch_id, branchName: r.branch_name ?? '' } : null,
      department: r.department_id ? { departmentId: r.department_id, departmentName: r.department_name ?? '' } : null,
      bulkSignUpEnabled: r.bulk_sign_up_enabled,
      isDefault: r.is_default,
      active: r.active,
    })),
  };
}

/** Revokes the caller's session at once and audits it. */
export async function signOut(ctx: Ctx): Promise<void> {
  const me = principalOf(ctx);
  await asSignedIn(ctx, 'auth.signout', async (tx) => {
    await repo.revokeSession(tx, me.sessionId);
    await audit(tx, {
      workspaceId: me.workspaceId,
      action: 'auth.signout',
      actorAccountId: me.accountId,
      targetType: 'session',
      targetId: me.sessionId,
      ip: ctx.ip,
      traceId: ctx.traceId,
    });
  });
}
