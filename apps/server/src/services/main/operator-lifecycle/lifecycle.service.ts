import {
  HOST_REDIRECT_DAYS,
  RETIREMENT_GRACE_DAYS,
  type ZRetireWorkspaceRequest,
  type ZRetireWorkspaceResponse,
  type ZUpdateWorkspaceUrlRequest,
  type ZUpdateWorkspaceUrlResponse,
} from '@app/contract';
import type { z } from 'zod';
import type { Ctx } from '../../../core/context.ts';
import type { Tx } from '../../../core/db/database.ts';
import { type AppError, errors } from '../../../core/errors.ts';
import { authorize, operatorOf, platformPolicy } from '../../../core/policy.ts';
import * as repo from './lifecycle.repo.ts';

type TUpdateWorkspaceUrlRequest = z.infer<typeof ZUpdateWorkspaceUrlRequest>;
type TUpdateWorkspaceUrlResponse = z.infer<typeof ZUpdateWorkspaceUrlResponse>;
type TRetireWorkspaceRequest = z.infer<typeof ZRetireWorkspaceRequest>;
type TRetireWorkspaceResponse = z.infer<typeof ZRetireWorkspaceResponse>;

/** The operator (core/policy.ts `operatorOf`), else 403. */
function requireOperator(ctx: Ctx) {
  const operator = operatorOf(ctx);
  if (!operator) throw errors.forbidden();
  authorize(operator, platformPolicy, 'operate', null);
  return operator;
}

async function lockOrNotFound(tx: Tx, workspaceId: string): Promise<repo.LifecycleRow> {
  const ws = await repo.lockWorkspace(tx, workspaceId);
  if (!ws) throw errors.notFound('WORKSPACE', { workspaceId });
  return ws;
}

function purgedError(): AppError {
  return errors.conflict(
    'WORKSPACE_PURGED',
    'This workspace was retired and its data purged: it can no longer be changed or restored.',
  );
}

/** 409 `WORKSPACE_HOST_TAKEN`: another workspace is served at `host`, or its old host still points there. */
function hostTaken(host: string): AppError {
  return errors.conflict(
    'WORKSPACE_HOST_TAKEN',
    `${host} is already used by another workspace (or still points to it after a host change). Choose another host.`,
    { host },
  );
}

/** Hosts no workspace may have: the platform host and the SCORM content origin's. */
function reservedHosts(ctx: Ctx): string[] {
  return [ctx.config.platformHost, new URL(ctx.config.lmsContentOrigin).host];
}

/**
 * Serves a workspace at another host (operator only). The old host points to the new one for
 * HOST_REDIRECT_DAYS; the workspace's sessions end (a session is bound to its workspace, and the
 * web keeps its token per host, so none would survive the move anyway); audited.
 */
export async function updateWorkspaceUrl(
  ctx: Ctx,
  body: TUpdateWorkspaceUrlRequest,
): Promise<TUpdateWorkspaceUrlResponse> {
  requireOperator(ctx);
  const newHost = body.workspaceUrl;
  if (reservedHosts(ctx).includes(newHost)) {
    throw errors.badRequest(
      'HOST_RESERVED',
      `${newHost} is reserved by the platform: no workspace can be served there.`,
      [{ path: 'workspaceUrl', message: 'This host is reserved by the platform' }],
    );
  }
  const result = await ctx.platform(
    { action: 'workspace.update-url', details: { workspaceId: body.workspaceId, host: newHost } },
    async (tx) => {
      const ws = await lockOrNotFound(tx, body.workspaceId);
      if (ws.purgedAt) throw purgedError();
      if (ws.retiredAt) {
        throw errors.conflict('WORKSPACE_RETIRED', 'This workspace is retired: restore it before changing its host.');
      }
      if (ws.host === newHost) {
        throw errors.badRequest('SAME_HOST', `The workspace is already served at ${newHost}.`, [
          { path: 'workspaceUrl', message: 'This is already the workspace’s host' },
        ]);
      }
      const other = await repo.workspaceAtHost(tx, newHost);
      if (other && other.id !== ws.id) throw hostTaken(newHost);
      const redirect = await repo.liveRedirect(tx, newHost);
      if (redirect && redirect.workspaceId !== ws.id) throw hostTaken(newHost);
      const until = await repo.moveHost(tx, ws.id, ws.host, newHost, HOST_REDIRECT_DAYS);
      const sessionsEnded = await repo.endWorkspaceSessions(tx, ws.id);
      await ctx.audit(
        'workspace.host_changed',
        ws.id,
        { before: ws.host, after: newHost, sessionsEnded },
        { workspaceId: ws.id },
      );
      return {
        workspaceId: ws.id,
        workspaceUrl: newHost,
        previousUrl: ws.host,
        redirectUntil: new Date(until).toISOString(),
      };
    },
  );
  // This process serves the new host at once; other replicas within the resolver's TTL (5 s).
  ctx.hosts.invalidate();
  return result;
}

/**
 * Retires a workspace (operator only) once `confirmHost` is its current host: suspended at once
 * (inactive: no sign-in, its hosts answer 410 WORKSPACE_SUSPENDED), its sessions end, purged after
 * RETIREMENT_GRACE_DAYS by the purge job.
 */
export async function retireWorkspace(
  ctx: Ctx,
  workspaceId: string,
  body: TRetireWorkspaceRequest,
): Promise<TRetireWorkspaceResponse> {
  requireOperator(ctx);
  const result = await ctx.platform({ action: 'workspace.retire', details: { workspaceId } }, async (tx) => {
    const ws = await lockOrNotFound(tx, workspaceId);
    if (ws.purgedAt) throw purgedError();
    if (body.confirmHost !== ws.host) {
      throw errors.badRequest(
        'CONFIRM_HOST_MISMATCH',
        'Type the workspace’s host exactly as it is shown to confirm its retirement.',
        [{ path: 'confirmHost', message: 'This is not the workspace’s host' }],
      );
    }
    if (ws.retiredAt) {
      throw errors.conflict('WORKSPACE_RETIRED', 'This workspace is already retired.', {
        purgeAfter: ws.purgeAfter?.toISOString() ?? '',
      });
    }
    const purgeAfter = await repo.retire(tx, ws.id, RETIREMENT_GRACE_DAYS);
    const sessionsEnded = await repo.endWorkspaceSessions(tx, ws.id);
    const iso = new Date(purgeAfter).toISOString();
    await ctx.audit(
      'workspace.retired',
      ws.id,
      { host: ws.host, purgeAfter: iso, sessionsEnded },
      { workspaceId: ws.id },
    );
    return { workspaceId: ws.id, status: 'SUSPENDED' as const, purgeAfter: iso };
  });
  ctx.hosts.invalidate();
  return result;
}

/** Cancels a retirement within its grace period (operator only): active again. After the purge (or its due time): 409. */
export async function restoreWorkspace(ctx: Ctx, workspaceId: string): Promise<TRetireWorkspaceResponse> {
  requireOperator(ctx);
  const result = await ctx.platform({ action: 'workspace.restore', details: { workspaceId } }, async (tx) => {
    const ws = await lockOrNotFound(tx, workspaceId);
    if (ws.purgedAt) throw purgedError();
    if (!ws.retiredAt) throw errors.conflict('WORKSPACE_NOT_RETIRED', 'This workspace is not retired.');
    if (ws.purgeAfter && (await repo.hasPassed(tx, ws.purgeAfter))) {
      throw errors.conflict(
        'GRACE_PERIOD_OVER',
        'The grace period of this retirement is over: the workspace is being purged and can no longer be restored.',
      );
    }
    await repo.restore(tx, ws.id);
    await ctx.audit('workspace.restored', ws.id, { host: ws.host }, { workspaceId: ws.id });
    return { workspaceId: ws.id, status: 'ACTIVE' as const, purgeAfter: null };
  });
  ctx.hosts.invalidate();
  return result;
}
