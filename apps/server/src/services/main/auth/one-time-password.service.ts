import { randomInt } from 'node:crypto';
import type { TOneTimePasswordResponse } from '@app/contract';
import type { Ctx } from '../../../core/context.ts';
import { hashPassword } from '../../../core/crypto.ts';
import { AppError, errors } from '../../../core/errors.ts';
import { authorize } from '../../../core/policy.ts';
import { usersPolicy } from '../users/users.policy.ts';
import * as usersRepo from '../users/users.repo.ts';
import { manager } from '../users/users.service.ts';
import * as repo from './auth.repo.ts';
import { revokeAllSessions } from './sessions.ts';

/** Letters and digits that cannot be misread for one another when read out or copied by hand. */
const ALPHABET = 'abcdefghjkmnpqrstuvwxyz23456789';

/** A readable one-time password: three groups of four (about 59 bits), e.g. `k7dm-x3pa-9tqe`. */
export function newOneTimePassword(): string {
  const group = () => Array.from({ length: 4 }, () => ALPHABET[randomInt(ALPHABET.length)]).join('');
  return `${group()}-${group()}-${group()}`;
}

/**
 * `POST /api/user/{userId}/one-time-password`: for a member who cannot reset by themselves (no
 * email, no phone), an administrator who may manage them (usersPolicy `resetPassword`: same
 * workspace, a lower role, a business unit admin within its unit) issues a password shown once.
 * The member's sessions end everywhere, and at the next sign-in they must choose their own
 * password (the first-login state). An account that also belongs to another workspace, or an
 * operator's, is refused: one workspace must not take over a person's access to another.
 */
export async function issueOneTimePassword(ctx: Ctx, userId: string): Promise<TOneTimePasswordResponse> {
  const m = manager(ctx);
  await ctx.tenant(async (tx) => {
    const user = await usersRepo.findUser(tx, m.workspaceId, userId, true);
    if (!user) throw errors.notFound('USER');
    authorize(m, usersPolicy, 'resetPassword', user);
  });
  const password = newOneTimePassword();
  const hash = await hashPassword(password);
  await ctx.platform({ action: 'user.one_time_password', details: { userId } }, async (tx) => {
    if ((await repo.platformRoleOf(tx, userId)) !== null || (await repo.liveMembershipCount(tx, userId)) > 1) {
      throw new AppError(
        409,
        'ACCOUNT_IN_OTHER_WORKSPACES',
        'This person also belongs to another workspace: they can reset their password themselves with "Forgot password?".',
      );
    }
    await repo.setTemporaryPassword(tx, userId, hash);
    const sessionsEnded = await revokeAllSessions(tx, userId);
    await ctx.audit('user.one_time_password.issued', userId, { sessionsEnded });
  });
  return { userId, oneTimePassword: password };
}
