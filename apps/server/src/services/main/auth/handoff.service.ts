import type { THandoffResponse, TSignInResponse } from '@app/contract';
import { and, eq } from 'drizzle-orm';
import { audit } from '../../../core/audit.ts';
import { type Ctx, principalOf } from '../../../core/context.ts';
import { hashToken } from '../../../core/crypto.ts';
import { withPlatform, withTenant } from '../../../core/db/tenant.ts';
import { AppError, errors } from '../../../core/errors.ts';
import { rateCheck, rateRecord } from '../../../core/rate-limit.ts';
import { memberships, workspaces } from '../../../db/schema.ts';
import { auditSignInFailure, failureAnswer, failureLimits, settle } from './auth.service.ts';
import { consumeHandoff, createHandoff, HANDOFF_TTL_SECONDS, openSession } from './sessions.ts';

/**
 * `POST /api/session/handoff` on the platform host: a one-time id with which the chosen workspace's
 * host opens a session for the same person, so that they need not sign in again there.
 */
export async function createWorkspaceHandoff(ctx: Ctx, workspaceId: string): Promise<THandoffResponse> {
  const me = principalOf(ctx);
  const result = await withPlatform(
    ctx.db,
    {
      action: 'session.handoff',
      actorAccountId: me.accountId,
      traceId: ctx.traceId,
      ip: ctx.ip,
      details: { workspaceId },
    },
    async (tx) => {
      const [row] = await tx
        .select({ host: workspaces.host })
        .from(memberships)
        .innerJoin(workspaces, eq(workspaces.id, memberships.workspaceId))
        .where(
          and(
            eq(memberships.workspaceId, workspaceId),
            eq(memberships.accountId, me.accountId),
            eq(memberships.active, true),
            eq(workspaces.active, true),
          ),
        );
      if (!row) return null;
      const id = await createHandoff(tx, { workspaceId, accountId: me.accountId, method: 'handoff' });
      return { id, workspaceUrl: row.host, expiresInSeconds: HANDOFF_TTL_SECONDS };
    },
  );
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
  if (ctx.site.kind !== 'workspace') throw errors.notFound('PAGE');
  const workspaceId = ctx.site.workspaceId;
  const binding = ctx.signinBinding;
  const limits = failureLimits(ctx, 'handoff');
  return settle(
    await withTenant(ctx.db, { workspaceId }, async (tx) => {
      // The IP's failure limit refuses bad hand-offs only: a valid one still signs in (see failureWaits).
      const ipWait = await rateCheck(tx, limits.ip.key, limits.ip.rule, false);
      const handoff = await consumeHandoff(tx, { workspaceId, id, bindingHash: binding ? hashToken(binding) : null });
      const [member] = handoff
        ? await tx
            .select({ active: memberships.active })
            .from(memberships)
            .where(and(eq(memberships.workspaceId, workspaceId), eq(memberships.accountId, handoff.accountId)))
        : [];
      if (!handoff || !member?.active) {
        await rateRecord(tx, [limits.ip]);
        await auditSignInFailure(tx, ctx, {
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
      await audit(tx, {
        workspaceId,
        action: 'auth.handoff.used',
        actorAccountId: handoff.accountId,
        ip: ctx.ip,
        traceId: ctx.traceId,
        details: { method: handoff.method },
      });
      return { ok: true as const, value: session };
    }),
  );
}
