import type { TChangeFirstLoginRequest, TUpdateProfileRequest } from '@app/contract';
import { type Ctx, principalOf } from '../../../core/context.ts';
import { hashPassword, verifyPassword } from '../../../core/crypto.ts';
import { AppError, errors } from '../../../core/errors.ts';
import { assertAcceptablePassword } from '../../../core/passwords.ts';
import * as repo from './auth.repo.ts';
import { asSignedIn } from './sign-in.ts';

/** `PUT /api/user`: the signed-in person's own name, and their language when given. */
export async function updateProfile(ctx: Ctx, input: TUpdateProfileRequest): Promise<void> {
  const me = principalOf(ctx);
  const language = input.language === undefined ? {} : { language: input.language };
  await asSignedIn(ctx, 'user.profile', async (tx) => {
    await repo.updateProfile(tx, me.accountId, { firstName: input.firstName, lastName: input.lastName, ...language });
    await ctx.audit('user.profile.updated', me.accountId, {
      fields: ['firstName', 'lastName', ...Object.keys(language)],
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
  // A last name is optional (many people have one name only); a first name is not.
  if (!account.firstName.trim()) {
    throw new AppError(400, 'PROFILE_INCOMPLETE', 'Enter your first name before setting your password.');
  }
  if (await verifyPassword(account.passwordHash, input.userNewPassword)) {
    throw new AppError(400, 'PASSWORD_UNCHANGED', 'Choose a password different from the one you were given.', {
      details: [
        {
          path: 'body.userNewPassword',
          message: 'Choose a password different from the one you were given',
          code: 'PASSWORD_UNCHANGED',
        },
      ],
    });
  }
  const hash = await hashPassword(input.userNewPassword);
  await asSignedIn(ctx, 'user.first-login', async (tx) => {
    await repo.completeFirstLogin(tx, me.accountId, hash);
    await ctx.audit('user.first_login.completed', me.accountId, null);
  });
}
