import type { TSignInRequest, TSignInResponse, TUserDetailsResponse, TWorkspaceRole } from '@app/contract';
import { adminScope } from '../../../core/admin-scope.ts';
import { type Ctx, principalOf } from '../../../core/context.ts';
import { verifyPassword } from '../../../core/crypto.ts';
import { errors } from '../../../core/errors.ts';
import { knownLanguage } from '../../../core/messages/index.ts';
import { rateClear, rateLimited, rateRecord } from '../../../core/rate-limit.ts';
import { fileUrlOrNull } from '../../../core/storage.ts';
import * as repo from './auth.repo.ts';
import { claimWithPassword } from './invitation.service.ts';
import { openSession } from './sessions.ts';
import {
  asSignedIn,
  auditSignInFailure,
  failureAnswer,
  failureLimits,
  failureWaits,
  identifierOf,
  inPlace,
  invalidCredentials,
  type Outcome,
  settle,
} from './sign-in.ts';

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
  const workspaceId = ctx.workspaceId;
  const identifier = 'email' in id ? id.email : id.username;
  // One transaction finds the account and checks the failure limits before any hashing.
  const { found, limits, blocked, ipWait } = await inPlace(ctx, 'auth.signin', async (tx) => {
    const account =
      workspaceId !== null
        ? await repo.findMemberForSignIn(tx, workspaceId, id)
        : await repo.findAccountForSignIn(tx, id);
    const keys = failureLimits(ctx, account?.accountId ?? identifier.toLowerCase());
    const waits = await failureWaits(tx, keys);
    if (waits.subject > 0) {
      await auditSignInFailure(ctx, {
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
        await auditSignInFailure(ctx, { method: 'password', reason, accountId: found?.accountId, identifier });
        return { ok: false, error: failureAnswer(ipWait, invalidCredentials()) };
      }
      await rateClear(tx, limits.subject.key);
      const session = await openSession(tx, ctx, {
        accountId: found.accountId,
        workspaceId: ctx.workspaceId,
        method: 'password',
      });
      return { ok: true, value: session };
    }),
  );
}

/** The signed-in person and all their workspaces (the spec's user session). */
export async function userDetails(ctx: Ctx): Promise<TUserDetailsResponse> {
  const me = principalOf(ctx);
  const account = await asSignedIn(ctx, 'user.details', (tx) => repo.userDetails(tx, me.accountId, me.workspaceId));
  if (!account) throw errors.unauthorized();
  const rows = account.workspaces;
  const imageKey = account.imageKey;
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
    currentScope: adminScope(me)?.scope.kind ?? null,
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
    await ctx.audit('auth.signout', me.sessionId, null);
  });
}
