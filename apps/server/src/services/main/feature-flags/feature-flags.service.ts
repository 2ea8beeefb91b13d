import type { TFeatureFlag } from '@app/contract';
import { type Ctx, principalOf } from '../../../core/context.ts';
import type { Tx } from '../../../core/db/database.ts';
import { AppError, errors } from '../../../core/errors.ts';
import { authorize, operatorOf, platformPolicy } from '../../../core/policy.ts';
import * as repo from './feature-flags.repo.ts';

async function toResponse(tx: Tx): Promise<TFeatureFlag[]> {
  const { flags, limits } = await repo.listFlags(tx);
  const hosts = await repo.hostsOf(tx, [...new Set(limits.map((l) => l.workspaceId))]);
  return flags.map((f) => ({
    key: f.key,
    value: f.value === 'true' ? 'true' : 'false',
    enabledWorkspaces: limits
      .filter((l) => l.flagKey === f.key)
      .map((l) => ({ workspaceUrl: hosts.get(l.workspaceId) ?? '' }))
      .filter((w) => w.workspaceUrl !== '')
      .sort((a, b) => a.workspaceUrl.localeCompare(b.workspaceUrl)),
  }));
}

/**
 * The flags as the caller may see them. In a workspace, row-level security shows only that
 * workspace's own entries in `enabledWorkspaces`, so the list of other customers never leaks; a flag
 * limited only to other workspaces would then look unlimited (on everywhere), so it reads as off.
 */
export async function listFlags(ctx: Ctx): Promise<TFeatureFlag[]> {
  const me = principalOf(ctx);
  if (me.workspaceId === null) return ctx.platform({ action: 'feature-flags.list', audit: false }, toResponse);
  return ctx.tenant(async (tx) => {
    const flags = await toResponse(tx);
    const limited = await repo.limitedFlagKeys(tx);
    return flags.map((f) =>
      f.enabledWorkspaces.length === 0 && limited.has(f.key) ? { ...f, value: 'false' as const } : f,
    );
  });
}

/** The operator (core/policy.ts `operatorOf`, the one operator test), else 403 `FORBIDDEN_CHANGE_FEATURE_FLAGS`. */
function requireOperator(ctx: Ctx) {
  const operator = operatorOf(ctx);
  if (!operator) throw errors.forbidden('CHANGE_FEATURE_FLAGS');
  authorize(operator, platformPolicy, 'operate', null);
  return operator;
}

/** Creates a flag (operator only). */
export async function createFlag(ctx: Ctx, key: string, value: 'true' | 'false'): Promise<TFeatureFlag[]> {
  requireOperator(ctx);
  return ctx.platform({ action: 'feature-flags.create', details: { key, value } }, async (tx) => {
    const created = await repo.insertFlag(tx, key, value);
    if (!created)
      throw errors.conflict('FEATURE_FLAG_EXISTS', `A feature flag named "${key}" already exists.`, { name: key });
    return toResponse(tx);
  });
}

/** Switches a flag on or off (operator only). */
export async function updateFlag(ctx: Ctx, key: string, value: 'true' | 'false'): Promise<TFeatureFlag[]> {
  requireOperator(ctx);
  return ctx.platform({ action: 'feature-flags.update', details: { key, value } }, async (tx) => {
    const before = await repo.findFlag(tx, key);
    if (!before) throw errors.notFound('FEATURE_FLAG', { name: key });
    await repo.updateFlag(tx, key, value);
    await ctx.audit('feature-flag.updated', key, { before: before.value, after: value }, { workspaceId: null });
    return toResponse(tx);
  });
}

/** Limits a flag to the workspaces at these hosts; an empty list means every workspace (operator only). */
export async function setFlagWorkspaces(ctx: Ctx, key: string, workspaceUrls: string[]): Promise<TFeatureFlag[]> {
  requireOperator(ctx);
  const hosts = [
    ...new Set(
      workspaceUrls.map((u) =>
        u
          .trim()
          .toLowerCase()
          .replace(/^https?:\/\//, '')
          .replace(/\/.*$/, ''),
      ),
    ),
  ];
  return ctx.platform({ action: 'feature-flags.workspaces', details: { key, hosts } }, async (tx) => {
    if (!(await repo.lockFlag(tx, key))) throw errors.notFound('FEATURE_FLAG', { name: key });
    const found = await repo.workspacesByHost(tx, hosts);
    const missing = hosts.filter((h) => !found.some((f) => f.host === h));
    if (missing.length > 0) {
      throw new AppError(400, 'UNKNOWN_WORKSPACE', `No workspace is served at ${missing.join(', ')}.`, {
        details: missing.map((m) => ({ path: 'workspaceUrls', message: `unknown workspace ${m}` })),
      });
    }
    await repo.setFlagWorkspaces(
      tx,
      key,
      found.map((f) => f.id),
    );
    return toResponse(tx);
  });
}
