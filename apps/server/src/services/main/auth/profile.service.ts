import type {
  TChangeFirstLoginRequest,
  TChangePasswordRequest,
  TChangePasswordResponse,
  TUpdateProfileRequest,
} from '@app/contract';
import { type Ctx, principalOf } from '../../../core/context.ts';
import { hashPassword, verifyPassword } from '../../../core/crypto.ts';
import type { Tx } from '../../../core/db/database.ts';
import { escalateToPlatform } from '../../../core/db/tenant.ts';
import { AppError, errors } from '../../../core/errors.ts';
import { changeSecret } from '../../../core/keystore.ts';
import { assertOfferedLanguages, languageCountry } from '../../../core/languages.ts';
import { assertAcceptablePassword } from '../../../core/passwords.ts';
import { rateLimited, rateRecord } from '../../../core/rate-limit.ts';
import * as repo from './auth.repo.ts';
import { revokeAllSessions } from './sessions.ts';
import { asSignedIn, failureAnswer, failureLimits, failureWaits, settle } from './sign-in.ts';

/**
 * `PUT /api/user`: the signed-in person's own name, and their language when given — one the
 * workspace of the host offers (its country's; any on the platform host), else 400 `LANGUAGE_NOT_OFFERED`.
 */
export async function updateProfile(ctx: Ctx, input: TUpdateProfileRequest): Promise<void> {
  const me = principalOf(ctx);
  const language = input.language === undefined ? {} : { language: input.language };
  await asSignedIn(ctx, 'user.profile', async (tx) => {
    if (input.language) {
      assertOfferedLanguages([input.language], await languageCountry(tx, me.workspaceId), 'body.language');
    }
    const before = await repo.findAccount(tx, me.accountId);
    await repo.updateProfile(tx, me.accountId, { firstName: input.firstName, lastName: input.lastName, ...language });
    const name = (a: { firstName: string; lastName: string }) => `${a.firstName} ${a.lastName}`.trim();
    await repo.recordFirstLegalName(tx, me.accountId, name(input));
    const renamed = before && name(before) !== name(input);
    // A change of one's own name is recorded with both names (certificates keep the recorded one).
    await ctx.audit('user.profile.updated', me.accountId, {
      fields: ['firstName', 'lastName', ...Object.keys(language)],
      ...(renamed ? { name: { before: name(before), after: name(input) } } : {}),
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

/** The refusal of a wrong current password, said next to its field. */
const wrongCurrentPassword = () =>
  new AppError(400, 'WRONG_CURRENT_PASSWORD', 'Your current password is not right.', {
    details: [
      { path: 'body.currentPassword', message: 'Your current password is not right', code: 'WRONG_CURRENT_PASSWORD' },
    ],
  });

/**
 * `POST /api/user/change-password`: the signed-in person proves the current password and sets a
 * new one (the same rules as everywhere: length and not a common one, and not the current one).
 * Every other session of the account, in every workspace, ends; this one stays. Wrong current
 * passwords count towards the same failure limits as sign-in (per account and per IP), so a
 * session left open cannot be used to guess the password. No mail: no password change notifies
 * today (a reset does not either).
 */
export async function changePassword(ctx: Ctx, input: TChangePasswordRequest): Promise<TChangePasswordResponse> {
  const me = principalOf(ctx);
  const limits = failureLimits(ctx, me.accountId);
  const { account, waits } = await asSignedIn(ctx, 'user.password', async (tx) => ({
    account: await repo.findAccount(tx, me.accountId),
    waits: await failureWaits(tx, limits),
  }));
  if (!account) throw errors.unauthorized();
  if (waits.subject > 0) throw rateLimited(waits.subject);
  const currentOk = account.passwordHash ? await verifyPassword(account.passwordHash, input.currentPassword) : false;
  if (!currentOk) {
    settle(
      await asSignedIn(ctx, 'user.password', async (tx) => {
        await rateRecord(tx, [limits.subject, limits.ip]);
        await ctx.audit('user.password.changed', me.accountId, { result: 'failure', reason: 'wrong_current_password' });
        return { ok: false as const, error: failureAnswer(waits.ip, wrongCurrentPassword()) };
      }),
    );
  }
  assertAcceptablePassword(input.userNewPassword);
  if (input.userNewPassword === input.currentPassword) {
    throw new AppError(400, 'PASSWORD_SAME_AS_CURRENT', 'Choose a new password, different from your current one.', {
      details: [
        {
          path: 'body.userNewPassword',
          message: 'Choose a new password, different from your current one',
          code: 'PASSWORD_SAME_AS_CURRENT',
        },
      ],
    });
  }
  const hash = await hashPassword(input.userNewPassword);
  const reason = { action: 'user.password.change', details: { accountId: me.accountId } };
  // Sessions of every workspace end, so this runs on the (audited) platform path, like a reset.
  const apply = async (tx: Tx) => {
    await repo.setPassword(tx, me.accountId, hash);
    const ended = await revokeAllSessions(tx, me.accountId, me.sessionId);
    // Whether the person has a keystore is not said: it would tell an admin they are in a case.
    await ctx.audit(
      'user.password.changed',
      me.accountId,
      { result: 'success', otherSessionsEnded: ended },
      { actorAccountId: me.accountId },
    );
    return ended;
  };
  // On a workspace host, the key that opens the person's case keys (sealed under their password,
  // docs/cases-security.md §3) is re-sealed under the new one in the same transaction: first as
  // the application role (the platform role has no privilege on the keystore), then the platform
  // path for the rest. A keystore sealed under an earlier, reset password stays locked (its
  // recovery code opens it).
  const otherSessionsEnded =
    me.workspaceId === null
      ? await ctx.platform(reason, apply)
      : await ctx.tenant(async (tx) => {
          await changeSecret(tx, me.accountId, input.currentPassword, input.userNewPassword, { onlyKind: 'PASSWORD' });
          await escalateToPlatform(tx, { ...reason, actorAccountId: me.accountId, traceId: ctx.traceId, ip: ctx.ip });
          return apply(tx);
        });
  return { ok: true, otherSessionsEnded };
}
