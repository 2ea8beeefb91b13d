import { AsyncLocalStorage } from 'node:async_hooks';
import type { TWhiteLabel } from '@app/contract';
// `req.cookies` (read below) is declared by @fastify/cookie, registered in app.ts.
import type {} from '@fastify/cookie';
import type { FastifyBaseLogger, FastifyRequest } from 'fastify';
import { type AuditFn, auditFor } from './audit.ts';
import type { Clock } from './clock.ts';
import type { Config } from './config.ts';
import type { Db, Tx } from './db/database.ts';
import { type HeldTransaction, type PlatformReason, withPlatform, withTenant } from './db/tenant.ts';
import { errors } from './errors.ts';
import type { Jobs } from './jobs.ts';
import type { Mailer } from './mail.ts';
import type { Menu } from './menu-gate.ts';
import type { Permission } from './permissions.ts';
import type { Principal, Site } from './site.ts';
import type { SmsSender } from './sms.ts';
import type { Storage } from './storage.ts';
import type { HostResolver } from './tenancy.ts';

export type { Principal, Site } from './site.ts';

/** An area of the platform a workspace can switch off (its white-label switches). */
export type Area = keyof TWhiteLabel;

/**
 * The process's shared parts: main.ts, jobs, migrations, the seed and tests hold these. `db` is the
 * owner connection (it bypasses row-level security): a request never sees it (see `Ctx`).
 */
export type Deps = {
  config: Config;
  db: Db;
  mailer: Mailer;
  sms: SmsSender;
  hosts: HostResolver;
  /** Durable jobs: mail and SMS are enqueued in the transaction that causes them (core/jobs.ts). */
  jobs: Jobs;
  /** Where uploaded and generated files are kept (local disk or S3). */
  storage: Storage;
  /** The one clock every time-dependent rule reads (SQL reads it as `app_now()`; see core/clock.ts). */
  clock: Clock;
};

/**
 * Cookie on a workspace host holding a random value whose SHA-256 a hand-off is bound to (Google
 * and Microsoft sign-in): only the browser that started the sign-in can exchange the hand-off.
 * Sent only to `/api/session/…`.
 */
export const SIGNIN_BINDING_COOKIE = 'cp_signin_binding';

/** The request's workspace and account, as its tenant transaction is scoped. */
export type TenantScope = { workspaceId: string; accountId: string | null };

/** Why the request takes the platform path (actor, trace id and IP are filled from the request). */
export type RequestPlatformReason = Omit<PlatformReason, 'actorAccountId' | 'traceId' | 'ip'>;

/**
 * Everything a service method needs to know about the request it serves. It has no database
 * connection: a service gets its transaction from `tenant` (the request's workspace, row-level
 * security on) or, for the operator's cross-workspace work, from `platform` (audited).
 */
export type Ctx = Omit<Deps, 'db'> & {
  site: Site;
  principal: Principal | null;
  /** The workspace of the request's host (the session, if any, is bound to it); null on the platform host. */
  workspaceId: string | null;
  traceId: string;
  ip: string;
  /** `scheme://host` of the request, for links in mail (the host is the one the site was resolved from). */
  origin: string;
  /** The sign-in binding cookie of a Google or Microsoft sign-in, when the browser sent one. */
  signinBinding: string | null;
  log: FastifyBaseLogger;
  /**
   * Runs `fn` in one transaction as the application role, scoped to the request's workspace and
   * the signed-in account: row-level security shows this workspace's rows only. 404 on a host that
   * serves no workspace.
   */
  tenant<T>(fn: (tx: Tx, scope: TenantScope) => Promise<T>): Promise<T>;
  /**
   * The signed-in member of the request's workspace, as `tenant` scopes it: 401 without a session,
   * 404 on a host that serves no workspace.
   */
  member(): { workspaceId: string; accountId: string };
  /**
   * The audited path across workspaces (operator console, sign-in on the platform host, the few
   * lookups row-level security must not limit): records `platform.<action>` with the caller,
   * trace id and IP unless `reason.audit` is false.
   */
  platform<T>(reason: RequestPlatformReason, fn: (tx: Tx) => Promise<T>): Promise<T>;
  /**
   * Records a catalogued action (core/audit.ts) in the transaction `tenant` or `platform` opened,
   * with actor, workspace, trace id and IP from the request. Reads are audited the same way.
   */
  audit: AuditFn;
};

/** A registered route and its config (see `FastifyContextConfig`). */
export type RouteConfigEntry = {
  method: string;
  url: string;
  config: {
    host?: string;
    auth?: string;
    permission?: Permission;
    actsOnOthersWith?: Permission;
    duringFirstLogin?: boolean;
    duringContractExpiry?: boolean;
    area?: Area;
    menu?: Menu | readonly Menu[];
    policy?: string;
    public?: true;
  };
};

declare module 'fastify' {
  interface FastifyInstance {
    deps: Deps;
    routeConfigs: RouteConfigEntry[];
  }
  interface FastifyRequest {
    site: Site;
    principal: Principal | null;
    /** The session check's transaction, held for the route's first `ctx.tenant` (core/db/tenant.ts `holdTenant`). */
    heldTx: HeldTransaction | null;
  }
  interface FastifyContextConfig {
    /** Which hosts the route answers on: any host, only known ones (default), or only workspace hosts. */
    host?: 'any' | 'known' | 'workspace' | 'platform';
    /** Whether a signed-in session is needed (default: required). */
    auth?: 'required' | 'optional' | 'none';
    /** A permission the caller must hold in the workspace. */
    permission?: Permission;
    /**
     * For a route any member may use on themselves (their own profile image): the permission the
     * service requires to act on someone else. Not enforced here (the service checks it, with the
     * caller's scope); declared so that the authorisation tests cover the route like `permission`.
     */
    actsOnOthersWith?: Permission;
    /**
     * Whether an account still in its first sign-in (it must set its own password first) may call
     * this route. Default false: only the few routes the first-login page needs allow it.
     */
    duringFirstLogin?: boolean;
    /**
     * Whether a signed-in request may still change something through this route after the
     * workspace's contract ended (core/auth.ts `assertContractAllows`): sign-out, one's own profile,
     * list routes that only read (POST for their filter body), and what the law's duties need.
     * Default false: administration and learning are read-only then (403 `CONTRACT_EXPIRED`).
     */
    duringContractExpiry?: boolean;
    /**
     * Whether an administrator may call this route from outside its workspace's elevate-IP ranges
     * (core/auth.ts `assertIpAllowed`): only sign-out, so that a refused session can still be ended.
     */
    anyIp?: true;
    /**
     * The area of the platform the route belongs to (a white-label switch): on the host of a
     * workspace that switched it off the route answers 403 `AREA_SWITCHED_OFF` (core/auth.ts).
     */
    area?: Area;
    /**
     * The menu (or menus) whose pages the route serves (issue 23): on the host of a workspace whose
     * operator switched off every one of them the route answers 403 `MENU_SWITCHED_OFF`
     * (core/menu-gate.ts). Without it, a route of an `area` is gated by all of that area's menus.
     */
    menu?: Menu | readonly Menu[];
    /**
     * The policy the handler decides with (its subject, as `definePolicy` registered it: core/policy.ts
     * `policySubjects()`), for a route whose access is decided on the record rather than by one
     * permission: "your own enrolment", "the learner or an author", "the operator".
     */
    policy?: string;
    /**
     * Deliberately open: no permission and no policy — anyone the route's host and `auth` rules admit
     * may call it, and it acts only on the caller's own session or account, or shows what is public.
     */
    public?: true;
  }
}

/** The transaction `ctx.tenant` / `ctx.platform` is running, for `ctx.audit`. */
const currentTx = new AsyncLocalStorage<Tx>();

function txOfHandle(): Tx {
  const tx = currentTx.getStore();
  if (!tx)
    throw new Error('ctx.audit was called outside ctx.tenant / ctx.platform: an audit entry lands with its change');
  return tx;
}

/** The service context of a request. */
export function ctxOf(req: FastifyRequest): Ctx {
  // The owner connection stays in this closure: the context offers scoped transactions only.
  const { db, ...deps } = req.server.deps;
  const site = req.site;
  const principal = req.principal;
  const traceId = String(req.id);
  const workspaceId = site?.kind === 'workspace' ? site.workspaceId : null;
  return {
    ...deps,
    site,
    principal,
    workspaceId,
    traceId,
    ip: req.ip,
    // `site` is unset on routes that answer on any host without a session.
    origin: `${req.protocol}://${site?.host ?? req.host}`,
    // `cookies` is unset when a request is refused before @fastify/cookie's onRequest hook ran.
    signinBinding: req.cookies?.[SIGNIN_BINDING_COOKIE] ?? null,
    log: req.log,
    ...requestHandles(db, { workspaceId, principal, traceId, ip: req.ip, held: req.heldTx }),
  };
}

/** `tenant`, `platform` and `audit` of a request (exported for tests that build a context by hand). */
export function requestHandles(
  db: Db,
  req: {
    workspaceId: string | null;
    principal: Principal | null;
    traceId: string;
    ip: string;
    /** The session check's transaction, which the first `tenant` adopts (see `holdTenant`). */
    held?: HeldTransaction | null;
  },
): Pick<Ctx, 'tenant' | 'member' | 'platform' | 'audit'> {
  const accountId = req.principal?.accountId ?? null;
  const scope = (): TenantScope => {
    if (req.workspaceId === null) throw errors.notFound('PAGE');
    // Sessions are bound to their host's workspace (core/auth.ts); this keeps it so.
    if (req.principal && req.principal.workspaceId !== req.workspaceId) throw errors.forbidden();
    return { workspaceId: req.workspaceId, accountId };
  };
  return {
    async tenant(fn) {
      const s = scope();
      const run = (tx: Tx) => currentTx.run(tx, () => fn(tx, s));
      // The first tenant transaction of a request is the one its session check ran in, if still held.
      return req.held?.adopt(run) ?? withTenant(db, s, run);
    },
    member() {
      if (accountId === null) throw errors.unauthorized();
      return { workspaceId: scope().workspaceId, accountId };
    },
    async platform(reason, fn) {
      // Never two connections at once for one request: a held session check is committed first.
      await req.held?.release();
      return withPlatform(db, { ...reason, actorAccountId: accountId, traceId: req.traceId, ip: req.ip }, (tx) =>
        currentTx.run(tx, () => fn(tx)),
      );
    },
    audit: auditFor(
      { workspaceId: req.workspaceId, actorAccountId: accountId, traceId: req.traceId, ip: req.ip },
      txOfHandle,
    ),
  };
}

/** The caller, or a 401 when the route let an anonymous request through. */
export function principalOf(ctx: Pick<Ctx, 'principal'>): Principal {
  if (!ctx.principal) throw errors.unauthorized();
  return ctx.principal;
}
