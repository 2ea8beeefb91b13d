import type { TWorkspaceRole } from '@app/contract';
import type { FastifyBaseLogger, FastifyRequest } from 'fastify';
import type { Clock } from './clock.ts';
import type { Config } from './config.ts';
import type { Db } from './db/database.ts';
import { errors } from './errors.ts';
import type { Jobs } from './jobs.ts';
import type { Mailer } from './mail.ts';
import type { Permission } from './permissions.ts';
import type { SmsSender } from './sms.ts';
import type { Storage } from './storage.ts';
import type { HostResolver } from './tenancy.ts';

/** What the request's host is: the platform host, a workspace's host, or nothing we serve. */
export type Site =
  | { kind: 'platform'; host: string }
  | { kind: 'workspace'; host: string; workspaceId: string }
  | { kind: 'unknown'; host: string };

/** The verified caller of a request. */
export type Principal = {
  sessionId: string;
  accountId: string;
  /** The workspace the session is bound to; null on the platform host. */
  workspaceId: string | null;
  role: TWorkspaceRole | null;
  platformRole: 'PLATFORM_ADMIN' | null;
  branchId: string | null;
  permissions: ReadonlySet<Permission>;
  /** An account created by an administrator that has not yet set its own password. */
  firstLogin: boolean;
};

/** Shared parts every service uses. */
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

/** Everything a service method needs to know about the request it serves. */
export type Ctx = Deps & {
  site: Site;
  principal: Principal | null;
  traceId: string;
  ip: string;
  /** `scheme://host` of the request, for links in mail (the host is the one the site was resolved from). */
  origin: string;
  /** The sign-in binding cookie of a Google or Microsoft sign-in, when the browser sent one. */
  signinBinding: string | null;
  log: FastifyBaseLogger;
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
  }
}

/** The service context of a request. */
export function ctxOf(req: FastifyRequest): Ctx {
  return {
    ...req.server.deps,
    site: req.site,
    principal: req.principal,
    traceId: String(req.id),
    ip: req.ip,
    // `site` is unset on routes that answer on any host without a session.
    origin: `${req.protocol}://${req.site?.host ?? req.host}`,
    // `cookies` is unset when a request is refused before @fastify/cookie's onRequest hook ran.
    signinBinding: req.cookies?.[SIGNIN_BINDING_COOKIE] ?? null,
    log: req.log,
  };
}

/** The caller, or a 401 when the route let an anonymous request through. */
export function principalOf(ctx: Ctx): Principal {
  if (!ctx.principal) throw errors.unauthorized();
  return ctx.principal;
}

/**
 * The caller's workspace and account on a workspace route (the route's config has checked the host
 * and any permission): 403 if the session belongs to another workspace than the host's.
 */
export function workspaceCaller(ctx: Ctx): { workspaceId: string; accountId: string } {
  const me = principalOf(ctx);
  if (ctx.site.kind !== 'workspace' || me.workspaceId !== ctx.site.workspaceId) throw errors.forbidden();
  return { workspaceId: me.workspaceId, accountId: me.accountId };
}
