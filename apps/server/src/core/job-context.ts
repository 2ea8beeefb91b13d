import { type Ctx, type Deps, requestHandles } from './context.ts';
import { withPlatform } from './db/tenant.ts';
import type { JobLog } from './jobs.ts';
import { activeWorkspacesInZone } from './time-zone.repo.ts';

/**
 * A job's service context: what a service function needs of a request's `Ctx`, for work that runs
 * as a job (no request, no signed-in person). The owner connection stays inside, as in `ctxOf`.
 */
export type JobCtx = Omit<Deps, 'db'> &
  Pick<Ctx, 'tenant' | 'platform' | 'audit'> & {
    /** The job's id; entries it audits carry `job:<id>` as their trace id. */
    jobId: string;
    /** The workspace the job works in (null: none, only `platform` opens a transaction). */
    workspaceId: string | null;
    /** No one is signed in: services that record "by whom" record nobody. */
    principal: null;
    traceId: string;
    log: JobLog;
  };

/** What a module's job handler is given besides its data: the job's id, the process's parts and its job context. */
export type JobRun = {
  /** The job's id (derived from its idempotency key): a trace id for what it writes. */
  id: string;
  deps: Deps;
  log: JobLog;
  /** The job's service context in `workspaceId` (null: none; `platform` only). */
  ctx(workspaceId: string | null): JobCtx;
  /**
   * The ids of the active workspaces in `zone`: what a per-zone schedule's job works on, one
   * tenant transaction each (`ctx(id).tenant`). Read by core (workspace ids only), so that a module
   * that never opens the platform path (the case module, docs/cases-security.md §2) can run one.
   */
  workspacesInZone(zone: string): Promise<string[]>;
};

const silent: JobLog = { error() {}, warn() {} };

/**
 * The context of job `jobId` in `workspaceId`: `tenant` opens transactions scoped to that
 * workspace with no account (row-level security by workspace, as its requests see it), `platform`
 * the audited path across workspaces, and `audit` records catalogued actions with no actor and
 * `job:<jobId>` as trace id, in the transaction `tenant` or `platform` opened. Handlers get it from
 * their `JobRun` (`job.ctx(workspaceId)`).
 */
export function jobContext(deps: Deps, workspaceId: string | null, jobId: string, log: JobLog = silent): JobCtx {
  const { db, ...rest } = deps;
  const traceId = `job:${jobId}`;
  const { tenant, platform, audit } = requestHandles(db, { workspaceId, principal: null, traceId, ip: '' });
  return { ...rest, jobId, workspaceId, principal: null, traceId, log, tenant, platform, audit };
}

/** The `JobRun` a module's handler is given for job `id` (tests build one to run a handler by hand). */
export function jobRun(deps: Deps, id: string, log: JobLog = silent): JobRun {
  return {
    id,
    deps,
    log,
    ctx: (workspaceId) => jobContext(deps, workspaceId, id, log),
    workspacesInZone: (zone) =>
      withPlatform(deps.db, { action: 'jobs.zone_workspaces', audit: false, traceId: `job:${id}` }, (tx) =>
        activeWorkspacesInZone(tx, zone),
      ),
  };
}
