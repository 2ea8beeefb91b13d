import type { THandoffResponse, TSignInResponse } from '@app/contract';
import { type Ctx, principalOf } from '../../../core/context.ts';
import { hashToken } from '../../../core/crypto.ts';
import { AppError, errors } from '../../../core/errors.ts';
import { rateCheck, rateRecord } from '../../../core/rate-limit.ts';
import * as repo from './auth.repo.ts';
import { consumeHandoff, createHandoff, HANDOFF_TTL_SECONDS, openSession } from './sessions.ts';
import { auditSignInFailure, failureAnswer, failureLimits, settle } from './sign-in.ts';

/**
 * `POST /api/session/handoff` on the platform host: a one-time id with which the chosen workspace's
 * host opens a session for the same person, so that they need not sign in again there.
 */
export async function createWorkspaceHandoff(ctx: Ctx, workspaceId: string): Promise<THandoffResponse> {
  const me = principalOf(ctx);
  const result = await ctx.platform({ action: 'session.handoff', details: { workspaceId } }, async (tx) => {
    const host = await repo.activeMembershipHost(tx, workspaceId, me.accountId);
    if (!host) return null;
    const id = await createHandoff(tx, { workspaceId, accountId: me.accountId, method: 'handoff' });
    return { id, workspaceUrl: host, expiresInSeconds: HANDOFF_TTL_SECONDS };
  });
  if (!result) throw errors.forbidden('ENTER_WORKSPACE');
  return result;
}

const invalidHandoff = () =>
  new AppError(401, 'INVALID_HANDOFF', 'This sign-in link has expired or was already used. Sign in again.');

/**
 * `GET /api/session/get/{id}` on a workspace host: exchanges a hand-off for a session bound to this
 * workspace — once, within 60 seconds, and (for Google or Microsoft sign-in) only in the browser
 * that started it. The membership must still be active.
 */
export async function exchangeHandoff(ctx: Ctx, id: string): Promise<TSignInResponse> {
  const binding = ctx.signinBinding;
  const limits = failureLimits(ctx, 'handoff');
  return settle(
    await ctx.tenant(async (tx, { workspaceId }) => {
      // The IP's failure limit refuses bad hand-offs only: a valid one still signs in (see failureWaits).
      const ipWait = await rateCheck(tx, limits.ip.key, limits.ip.rule, false);
      const handoff = await consumeHandoff(tx, { workspaceId, id, bindingHash: binding ? hashToken(binding) : null });
      const active = handoff ? await repo.membershipActive(tx, workspaceId, handoff.accountId) : false;
      if (!handoff || !active) {
        await rateRecord(tx, [limits.ip]);
        await auditSignInFailure(ctx, {
          method: 'handoff',
          reason: handoff ? 'membership_inactive' : 'invalid_handoff',
          accountId: handoff?.accountId,
        });
        return { ok: false as const, error: failureAnswer(ipWait, invalidHandoff()) };
      }
      const session = await openSession(tx, ctx, {
        accountId: handoff.accountId,
        workspaceId,
        method: handoff.method === 'handoff' ? 'handoff' : (handoff.method as 'google' | 'microsoft'),
        details: { via: 'handoff' },
      });
      await ctx.audit('auth.handoff.used', null, { method: handoff.method }, { actorAccountId: handoff.accountId });
      return { ok: true as const, value: session };
    }),
  );
}
