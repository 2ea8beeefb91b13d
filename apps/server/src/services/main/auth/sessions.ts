import type { TSignInResponse } from '@app/contract';
import type { Ctx } from '../../../core/context.ts';
import type { Tx } from '../../../core/db/database.ts';
import { insertSession, type SignInMethod } from './sessions.repo.ts';

export { SIGNIN_BINDING_COOKIE } from '../../../core/context.ts';
export {
  consumeHandoff,
  createHandoff,
  HANDOFF_TTL_SECONDS,
  revokeAllSessions,
  type SignInMethod,
} from './sessions.repo.ts';

/**
 * Opens a session for `accountId` bound to `workspaceId` (null: the platform host) and audits the
 * sign-in, in the caller's transaction. Only the token's hash is stored.
 */
export async function openSession(
  tx: Tx,
  ctx: Pick<Ctx, 'ip' | 'audit' | 'clock'>,
  input: { accountId: string; workspaceId: string | null; method: SignInMethod; details?: Record<string, unknown> },
): Promise<TSignInResponse> {
  const session = await insertSession(tx, {
    accountId: input.accountId,
    workspaceId: input.workspaceId,
    ip: ctx.ip,
    now: ctx.clock.now(),
  });
  await ctx.audit(
    'auth.signin.success',
    session.id,
    { method: input.method, ...input.details },
    { actorAccountId: input.accountId, workspaceId: input.workspaceId },
  );
  return { accessToken: session.token, tokenType: 'Bearer', expiresAt: session.expiresAt.toISOString() };
}
