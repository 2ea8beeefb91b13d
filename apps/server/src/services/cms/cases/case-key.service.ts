import type { TCaseKeyStatus, TCaseKeyUnlocked } from '@app/contract';
import type { Ctx } from '../../../core/context.ts';
import { AppError } from '../../../core/errors.ts';
import { keystoreOf } from '../../../core/keystore.ts';
import { authorize, definePolicy } from '../../../core/policy.ts';
import { rateCheckAll, rateClear, rateLimited, rateRecord } from '../../../core/rate-limit.ts';
import { callerOfCtx, isUnlocked, lock, recover, secretKindOf, startOver, unlock } from './keys.ts';

/**
 * The caller's own key for confidential cases (docs/cases-security.md §3): its status, unlocking it
 * for the session (setting it up the first time), recovery with the recovery code, starting over.
 * Every signed-in member of the workspace may manage their own; nobody anyone else's.
 */
export const caseKeyPolicy = definePolicy<{ workspaceId: string }, 'manageOwn'>('case key', {
  manageOwn: (actor, r) => actor.workspaceId === r.workspaceId,
});

/** Wrong secrets and recovery codes count like failed sign-ins: 10 per account in 15 minutes. */
const FAILURES = { max: 10, windowSeconds: 15 * 60 };

function own(ctx: Ctx) {
  const c = callerOfCtx(ctx);
  authorize(ctx, caseKeyPolicy, 'manageOwn', { workspaceId: c.workspaceId });
  return c;
}

export async function status(ctx: Ctx): Promise<TCaseKeyStatus> {
  const c = own(ctx);
  return ctx.tenant(async (tx) => {
    const ks = await keystoreOf(tx, c.accountId);
    return {
      keystore: ks ? ks.kind : 'NONE',
      secretKind: await secretKindOf(tx, c.accountId),
      unlocked: ks ? await isUnlocked(tx, c) : false,
    };
  });
}

/** Runs `fn` with the per-account failure limit: a refused secret is counted (in its own transaction), a success clears it. */
async function limited<T>(ctx: Ctx, accountId: string, fn: () => Promise<T>): Promise<T> {
  const key = `case-key:${accountId}`;
  await ctx.tenant(async (tx) => {
    const retry = await rateCheckAll(tx, [{ key, rule: FAILURES }], false);
    if (retry > 0) throw rateLimited(retry);
  });
  try {
    const out = await fn();
    await ctx.tenant((tx) => rateClear(tx, key));
    return out;
  } catch (err) {
    if (err instanceof AppError && (err.code === 'KEYSTORE_SECRET_WRONG' || err.code === 'RECOVERY_CODE_WRONG')) {
      await ctx.tenant((tx) => rateRecord(tx, [{ key, rule: FAILURES }]));
    }
    throw err;
  }
}

export async function open(ctx: Ctx, secret: string): Promise<TCaseKeyUnlocked> {
  const c = own(ctx);
  const out = await limited(ctx, c.accountId, () => ctx.tenant((tx) => unlock(tx, ctx.config, c, secret)));
  return { unlocked: true, recoveryCode: out.recoveryCode };
}

export async function recoverWithCode(ctx: Ctx, code: string, newSecret: string): Promise<{ recoveryCode: string }> {
  const c = own(ctx);
  return limited(ctx, c.accountId, () => ctx.tenant((tx) => recover(tx, ctx.config, c, code, newSecret)));
}

export async function restart(ctx: Ctx, secret: string): Promise<{ recoveryCode: string }> {
  const c = own(ctx);
  return limited(ctx, c.accountId, () => ctx.tenant((tx) => startOver(tx, ctx.config, c, secret)));
}

export async function close(ctx: Ctx): Promise<{ unlocked: false }> {
  const c = own(ctx);
  await ctx.tenant((tx) => lock(tx, c));
  return { unlocked: false };
}
