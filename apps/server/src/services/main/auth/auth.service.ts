import {
  EMAIL_PATTERN,
  LIMITS,
  type TSignInRequest,
  type TSignInResponse,
  type TUserDetailsResponse,
  type TWorkspaceRole,
} from '@app/contract';
import { audit } from '../../../core/audit.ts';
import { type Ctx, principalOf } from '../../../core/context.ts';
import { hashToken, newToken, verifyPassword } from '../../../core/crypto.ts';
import type { Tx } from '../../../core/db/database.ts';
import { withPlatform, withTenant } from '../../../core/db/tenant.ts';
import { AppError } from '../../../core/errors.ts';
import * as repo from './auth.repo.ts';

const DAY_MS = 86_400_000;

/** The one answer for every failed sign-in, so that it never tells whether an account exists. */
export const invalidCredentials = () =>
  new AppError(401, 'INVALID_CREDENTIALS', 'The email, username or password is not right. Check them and try again.');

function identifierOf(input: TSignInRequest): repo.Identifier {
  if (input.userEmail) return { email: input.userEmail };
  // A username that looks like an email address is treated as one (spec §5).
  const username = input.username ?? '';
  return EMAIL_PATTERN.test(username) ? { email: username } : { username };
}

/**
 * Password sign-in on the request's host. On a workspace host the account must be an active member
 * of that workspace; the session is bound to it. On the platform host the session is a platform one.
 * Success and failure are both audited; the failure answer is the same whatever failed.
 */
export async function signIn(ctx: Ctx, input: TSignInRequest): Promise<TSignInResponse> {
  const id = identifierOf(input);
  const site = ctx.site;
  const identifier = 'email' in id ? id.email : id.username;
  const run = <T>(fn: (tx: Tx) => Promise<T>) =>
    site.kind === 'workspace'
      ? withTenant(ctx.db, { workspaceId: site.workspaceId }, fn)
      : withPlatform(ctx.db, { action: 'auth.signin', audit: false, traceId: ctx.traceId }, fn);
  const workspaceId = site.kind === 'workspace' ? site.workspaceId : null;

  const found = await run((tx) =>
    site.kind === 'workspace' ? repo.findMemberForSignIn(tx, site.workspaceId, id) : repo.findAccountForSignIn(tx, id),
  );
  const passwordOk = await verifyPassword(found?.passwordHash, input.userPassword);
  const active = found && (!('membershipActive' in found) || found.membershipActive);
  const base = { workspaceId, ip: ctx.ip, traceId: ctx.traceId };

  if (!found || !passwordOk || !active) {
    const reason = !found ? 'unknown_account' : !passwordOk ? 'wrong_password' : 'membership_inactive';
    await run((tx) =>
      audit(tx, {
        ...base,
        action: 'auth.signin.failure',
        actorAccountId: found?.accountId ?? null,
        details: { method: 'password', reason, identifier },
      }),
    );
    throw invalidCredentials();
  }

  const token = newToken();
  const expiresAt = new Date(Date.now() + LIMITS.accessTokenDays * DAY_MS);
  await run(async (tx) => {
    const session = await repo.insertSession(tx, {
      tokenHash: hashToken(token),
      accountId: found.accountId,
      workspaceId,
      expiresAt,
      ip: ctx.ip,
      userAgent: null,
    });
    await audit(tx, {
      ...base,
      action: 'auth.signin.success',
      actorAccountId: found.accountId,
      targetType: 'session',
      targetId: session.id,
      details: { method: 'password' },
    });
  });
  return { accessToken: token, tokenType: 'Bearer', expiresAt: expiresAt.toISOString() };
}

/** The signed-in person and all their workspaces (the spec's user session). */
export async function userDetails(ctx: Ctx): Promise<TUserDetailsResponse> {
  const me = principalOf(ctx);
  const scope = { workspaceId: me.workspaceId, accountId: me.accountId };
  const load = async (tx: Tx) => ({
    account: await repo.findAccount(tx, me.accountId),
    rows: await repo.myWorkspaces(tx),
  });
  const { account, rows } =
    me.workspaceId !== null
      ? await withTenant(ctx.db, scope, load)
      : await withPlatform(ctx.db, { action: 'user.details', audit: false, actorAccountId: me.accountId }, load);
  if (!account) throw new AppError(401, 'UNAUTHENTICATED', 'Sign in to continue.');
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
  const work = async (tx: Tx) => {
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
  };
  if (me.workspaceId !== null) await withTenant(ctx.db, { workspaceId: me.workspaceId, accountId: me.accountId }, work);
  else await withPlatform(ctx.db, { action: 'auth.signout', audit: false }, work);
}
