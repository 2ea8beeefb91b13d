import type { FastifyBaseLogger } from 'fastify';
import { type Ctx, type Deps, requestHandles } from '../../../core/context.ts';

/**
 * A service context for a job of the learning module (no request, no signed-in person): `tenant`
 * opens transactions scoped to `workspaceId` with no account (row-level security by workspace), and
 * `audit` records entries with no actor and the job's id as trace id. What `createEnrolments` and
 * `startNewCycle` need of a request's context.
 */
export function jobCtx(deps: Deps, workspaceId: string | null, jobId: string, log: FastifyBaseLogger): Ctx {
  const { db, ...rest } = deps;
  const traceId = `job:${jobId}`;
  return {
    ...rest,
    site: null as unknown as Ctx['site'],
    principal: null,
    workspaceId,
    traceId,
    ip: '',
    origin: '',
    signinBinding: null,
    log,
    ...requestHandles(db, { workspaceId, principal: null, traceId, ip: '' }),
  };
}
