import type { TChangeFirstLoginRequest, TUpdateProfileRequest } from '@app/contract';
import { eq, sql } from 'drizzle-orm';
import { audit } from '../../../core/audit.ts';
import { type Ctx, principalOf } from '../../../core/context.ts';
import { hashPassword, verifyPassword } from '../../../core/crypto.ts';
import { AppError, errors } from '../../../core/errors.ts';
import { assertAcceptablePassword } from '../../../core/passwords.ts';
import { accounts } from '../../../db/schema.ts';
import * as repo from './auth.repo.ts';
import { asSignedIn } from './auth.service.ts';

/** `PUT /api/user`: the signed-in person's own name. */
export async function updateProfile(ctx: Ctx, input: TUpdateProfileRequest): Promise<void> {
  const me = principalOf(ctx);
  await asSignedIn(ctx, 'user.profile', async (tx) => {
    await tx
      .update(accounts)
      .set({ firstName: input.firstName, lastName: input.lastName, updatedAt: sql`app_now()` })
      .where(eq(accounts.id, me.accountId));
    await audit(tx, {
      workspaceId: me.workspaceId,
      action: 'user.profile.updated',
      actorAccountId: me.accountId,
      targetType: 'account',
      targetId: me.accountId,
      ip: ctx.ip,
      traceId: ctx.traceId,
      details: { fields: ['firstName', 'lastName'] },
    });
  });
}

/**
 * `POST /api/user/change-first-login`: an account created by an administrator sets its own
 * password (not the one it was given) once its profile is complete; that ends the first-login state.
 */
export async function changeFirstLogin(ctx: Ctx, input: TChangeFirstLoginRequest): Promise<void> {
  const me = principalOf(ctx);
  assertAcceptablePassword(input.userNewPassword);
  const account = await asSignedIn(ctx, 'user.first-login', (tx) => repo.findAccount(tx, me.accountId));
  if (!account) throw errors.unauthorized();
  if (!account.firstLogin) {
    throw new AppError(409, 'NOT_FIRST_LOGIN', 'Your password is already set. Use "Forgot password?" to change it.');
  }
  if (!account.firstName.trim() || !account.lastName.trim()) {
    throw new AppError(400, 'PROFILE_INCOMPLETE', 'Enter your first and last name before setting your password.');
  }
  if (await verifyPassword(account.passwordHash, input.userNewPassword)) {
    throw new AppError(400, 'PASSWORD_UNCHANGED', 'Choose a new password of your own, not the one you were given.', {
      details: [{ path: 'body.userNewPassword', message: 'Choose a new password' }],
    });
  }
  const hash = await hashPassword(input.userNewPassword);
  await asSignedIn(ctx, 'user.first-login', async (tx) => {
    await tx
      .update(accounts)
      .set({ passwordHash: hash, firstLogin: false, updatedAt: sql`app_now()` })
      .where(eq(accounts.id, me.accountId));
    await audit(tx, {
      workspaceId: me.workspaceId,
      action: 'user.first_login.completed',
      actorAccountId: me.accountId,
      targetType: 'account',
      targetId: me.accountId,
      ip: ctx.ip,
      traceId: ctx.traceId,
    });
  });
}
