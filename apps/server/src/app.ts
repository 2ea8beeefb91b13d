import { randomUUID } from 'node:crypto';
import fastifyCookie from '@fastify/cookie';
import fastifySwagger from '@fastify/swagger';
import fastifySwaggerUi from '@fastify/swagger-ui';
import Fastify, { type FastifyInstance, type FastifyRequest } from 'fastify';
import { serializerCompiler, validatorCompiler, type ZodTypeProvider } from 'fastify-type-provider-zod';
import { assertAreaOn, assertContractAllows, assertIpAllowed, bearerToken, verifySession } from './core/auth.ts';
import { type Clock, realClock, testClock } from './core/clock.ts';
import type { Config } from './core/config.ts';
import type { Deps, RouteConfigEntry } from './core/context.ts';
import type { Database } from './core/db/database.ts';
import { bindClock } from './core/db/tenant.ts';
import { AppError, errors } from './core/errors.ts';
import { siteIcon } from './core/favicon.ts';
import { filesRoutes } from './core/files.routes.ts';
import { frameworkErrors, installErrorHandling, installInputGuards } from './core/http-errors.ts';
import { type Schedule, startJobs } from './core/jobs.ts';
import { createMailer, type Mailer } from './core/mail.ts';
import { gateMenus } from './core/menu-gate.ts';
import { deliveryRecorders, type ModuleDefinition, moduleJobs, registerModules } from './core/module.ts';
import { swaggerOptions } from './core/openapi.ts';
import { apiDocsCsp, installSecurityHeaders } from './core/security-headers.ts';
import { createSmsSender, type SmsSender } from './core/sms.ts';
import { createStorage, type Storage } from './core/storage.ts';
import { createHostResolver, notServedError, requestHost } from './core/tenancy.ts';
import { webAssets } from './core/web-assets.ts';
import { devClockRoutes } from './dev/clock.routes.ts';
import { devRoutes } from './dev/mailbox.routes.ts';
import { cmsModule } from './services/cms/module.ts';
import { committeeModule } from './services/committee/module.ts';
import { complianceModule } from './services/compliance/module.ts';
import { escalationModule } from './services/escalation/module.ts';
import { lmsMemberDetailsModule } from './services/lms/member-details/module.ts';
import { lmsModule } from './services/lms/module.ts';
import { mainModule } from './services/main/module.ts';
import { systemRoutes } from './services/system.routes.ts';

/** Whether a request carries a body (a length above zero, or a chunked one). */
function hasBody(req: FastifyRequest): boolean {
  const length = req.headers['content-length'];
  return (length !== undefined && length !== '0') || req.headers['transfer-encoding'] !== undefined;
}

/** A trace id the client may send: short and plain, so it is safe in logs. */
const TRACE_ID = /^[A-Za-z0-9._:-]{8,128}$/;

/**
 * The modules, each one definition (routes, queues, schedules, audit actions, event subscriptions:
 * core/module.ts). A new module is one more line here; core names none of them.
 */
export const MODULES: readonly ModuleDefinition[] = [
  mainModule,
  escalationModule,
  lmsModule,
  lmsMemberDetailsModule,
  committeeModule,
  complianceModule,
  cmsModule,
];

/** Prefixes served by the API (JSON 404s there; the web app everywhere else). */
const API_PREFIXES = [...new Set(MODULES.flatMap((m) => (m.api ? [`${m.api.prefix}/`] : []))), '/dev/'];

export type BuildOptions = {
  config: Config;
  database: Database;
  mailer?: Mailer;
  sms?: SmsSender;
  /** The scheduled work to register; core's and the modules' by default (tests pass their own list). */
  schedules?: readonly Schedule[];
  /** The modules to run (those of `config.services` among them); `MODULES` by default (tests add their own). */
  modules?: readonly ModuleDefinition[];
  /** The server's clock; by default a test clock when `config.testClock`, else the real one. */
  clock?: Clock;
  /** File storage; by default the one `config.storage` describes. */
  storage?: Storage;
  /** Pino logger options; false for silence (tests). */
  logger?: boolean | { level: string };
  /** The HTTP timeouts (`HTTP_TIMEOUTS` by default; tests shorten them). */
  timeouts?: { idleMs: number; requestMs: number };
};

/**
 * The server's HTTP timeouts (issue 21 item 20), so that no client holds a connection, a slot or a
 * file for ever by sending slowly or not at all. Idle: a connection on which nothing arrives or
 * leaves for this long is closed (it resets on every byte, so a long honest upload or export that
 * keeps moving is never cut). Request: the whole request (headers and body) must have arrived
 * within this — generous enough for the largest upload (a 500 MB video) on a slow line (~1 Mbit/s).
 */
export const HTTP_TIMEOUTS = { idleMs: 120_000, requestMs: 2 * 60 * 60_000 };

/**
 * Builds the server: external plugins, then the core (errors, tenancy, auth), then the services
 * named in `config.services`, then the web app for every other path.
 */
export async function buildApp(opts: BuildOptions): Promise<FastifyInstance> {
  const { config, database } = opts;
  const app = Fastify({
    logger: opts.logger ?? { level: config.logLevel },
    bodyLimit: config.bodyLimitBytes,
    trustProxy: config.trustProxy,
    requestIdHeader: false,
    genReqId: (req) => {
      const sent = req.headers['x-trace-id'];
      return typeof sent === 'string' && TRACE_ID.test(sent) ? sent : randomUUID();
    },
    routerOptions: { maxParamLength: 300 },
    frameworkErrors,
    connectionTimeout: (opts.timeouts ?? HTTP_TIMEOUTS).idleMs,
    requestTimeout: (opts.timeouts ?? HTTP_TIMEOUTS).requestMs,
  }).withTypeProvider<ZodTypeProvider>();
  app.setValidatorCompiler(validatorCompiler);
  app.setSerializerCompiler(serializerCompiler);

  const mailer = opts.mailer ?? createMailer({ smtpUrl: config.smtpUrl, from: config.mailFrom, db: database.db });
  const sms =
    opts.sms ?? createSmsSender({ gatewayUrl: config.smsGatewayUrl, token: config.smsGatewayToken, db: database.db });
  const clock = opts.clock ?? (config.testClock ? testClock() : realClock);
  // The transaction helpers pass this clock's time to SQL (`app_now()`).
  bindClock(database.db, clock);
  const storage = opts.storage ?? createStorage(config.storage, config.authSecret, () => clock.now().getTime());
  // Every module's jobs and audit actions, whether or not this process serves its routes: a job
  // enqueued by one service may be run by a process serving another.
  const modules = opts.modules ?? MODULES;
  registerModules(modules);
  const jobSetup = moduleJobs(modules, () => deps);
  const deps: Deps = {
    config,
    clock,
    db: database.db,
    mailer,
    sms,
    jobs: await startJobs({
      database,
      mailer,
      sms,
      log: app.log,
      recordDelivery: deliveryRecorders(modules, () => deps),
      workers: jobSetup.workers,
      schedules: opts.schedules ?? jobSetup.schedules,
    }),
    hosts: createHostResolver(database.db, config.platformHost, undefined, [new URL(config.lmsContentOrigin).host]),
    storage,
  };
  app.decorate('deps', deps);
  // Every route with its config, for the tests that must cover every route (authorisation, bad input).
  const routeConfigs: RouteConfigEntry[] = [];
  app.decorate('routeConfigs', routeConfigs);
  app.addHook('onRoute', (route) => {
    const methods = Array.isArray(route.method) ? route.method : [route.method];
    for (const method of methods) {
      if (method === 'HEAD') continue;
      routeConfigs.push({ method, url: route.url, config: (route.config ?? {}) as RouteConfigEntry['config'] });
    }
  });
  app.decorateRequest('site', null as never);
  app.decorateRequest('principal', null);
  app.decorateRequest('heldTx', null);
  // Closing finishes running deliveries (bounded) before the mail transport and the database close.
  app.addHook('onClose', async () => {
    await deps.jobs.stop(config.shutdownTimeoutMs);
    deps.mailer.close();
  });

  // External plugins. Security headers first, so that every answer (errors too) carries them.
  await installSecurityHeaders(app, config);
  // Cookies: read into `req.cookies` on every request, written with `reply.setCookie` (none signed).
  await app.register(fastifyCookie);
  // The OpenAPI document: what each route adds to it is derived in one place (core/openapi.ts).
  await app.register(fastifySwagger, swaggerOptions());
  await app.register(fastifySwaggerUi, {
    routePrefix: '/api/docs',
    staticCSP: true,
    transformStaticCSP: apiDocsCsp(config),
  });

  // Core: one error shape, input guards, trace ids, tenancy, authentication.
  installErrorHandling(app);
  installInputGuards(app);
  app.addHook('onRequest', async (req, reply) => {
    reply.header('x-trace-id', req.id);
  });
  const resolveCaller = async (req: FastifyRequest) => {
    const cfg = req.routeOptions.config;
    const hostRule = cfg.host ?? 'known';
    const authRule = cfg.auth ?? 'required';
    // The operator's switched-off menus gate the route's menus (core/menu-gate.ts; issue 23).
    const menus = gateMenus(cfg);
    if (hostRule === 'any' && authRule === 'none' && !cfg.area && menus.length === 0) return;
    const site = await deps.hosts.resolve(requestHost(req));
    req.site = site;
    const token = authRule === 'none' ? null : bearerToken(req);
    // A request without a body goes straight to its handler, so the session check's transaction is
    // held for the route's work (one transaction, one connection); one with a body (which may come
    // slowly) is not, so that no connection waits on a client.
    const verify = () =>
      token
        ? verifySession(deps.db, site, token, config.sessionIdleMinutes, {
            hold: !hasBody(req),
            area: cfg.area,
            menus,
          })
        : Promise.resolve(null);
    // A switched-off area answers 403 on its workspace's host, before anything else about the caller:
    // a workspace session's check reads the switch in its own statement (docs/request-path.md); a
    // request without one reads it alone.
    const checkFirst = token !== null && site.kind === 'workspace' && hostRule !== 'platform';
    let verified = checkFirst ? await verify() : null;
    // Set at once: a held check is released when the request ends, however it ends (`releaseHeld`).
    req.heldTx = verified?.held ?? null;
    if (!checkFirst && (cfg.area || menus.length > 0)) await assertAreaOn(deps.db, site, cfg.area, menus);
    if (hostRule === 'any' && authRule === 'none') return;
    // A moved or retired workspace's host answers what happened to it (410), anything else unknown (404).
    if (hostRule !== 'any' && (site.kind === 'unknown' || site.kind === 'moved' || site.kind === 'suspended')) {
      throw notServedError(site);
    }
    if (hostRule === 'workspace' && site.kind !== 'workspace') {
      throw new AppError(404, 'NOT_ON_WORKSPACE_HOST', 'This is only available on a workspace host.');
    }
    if (hostRule === 'platform' && site.kind !== 'platform') {
      throw new AppError(404, 'NOT_ON_PLATFORM_HOST', 'This is only available on the platform host.');
    }
    if (authRule === 'none') return;
    if (!checkFirst) {
      verified = await verify();
      req.heldTx = verified?.held ?? null;
    }
    const principal = verified?.principal ?? null;
    if (!principal && authRule === 'required') throw errors.unauthorized();
    req.principal = principal;
    // Elevate-IP mode: an administrator acts only from its workspace's ranges (sign-out excepted).
    if (!cfg.anyIp) assertIpAllowed(verified?.ipRanges ?? null, req.ip);
    if (principal?.firstLogin && !cfg.duringFirstLogin) {
      throw new AppError(403, 'FIRST_LOGIN_REQUIRED', 'Set your own password and complete your profile first.');
    }
    assertContractAllows(req.method, cfg, verified);
    if (cfg.permission && !principal?.permissions.has(cfg.permission)) throw errors.forbidden();
  };
  // A held session check nobody adopted is committed when the request ends, however it ends.
  const releaseHeld = async (req: FastifyRequest) => {
    await req.heldTx?.release();
  };

  // Services: every route inside resolves its host and caller first (route config says how strictly).
  await app.register(systemRoutes, { database });
  await app.register(filesRoutes, { deps });
  const served = modules.filter((m) => (config.services as readonly string[]).includes(m.service ?? m.name));
  // Routes with a credential of their own (the SCORM content origin): no caller check.
  for (const m of served) if (m.openRoutes) await app.register(m.openRoutes, { deps });
  await app.register(async (api) => {
    api.addHook('onRequest', resolveCaller);
    api.addHook('onResponse', releaseHeld);
    api.addHook('onRequestAbort', releaseHeld);
    for (const m of served) if (m.api) await api.register(m.api.routes, { prefix: m.api.prefix });
  });
  if (config.env !== 'production') await app.register(devRoutes, { prefix: '/dev' });
  // Only on a test clock (NODE_ENV=test or TEST_CLOCK=1): elsewhere `/dev/clock` does not exist (404).
  if (config.testClock) await app.register(devClockRoutes, { prefix: '/dev' });

  // The web app: one build for every host, with the SPA's own routes falling back to index.html.
  await webAssets(app, {
    webDistDir: config.webDistDir,
    apiPrefixes: API_PREFIXES,
    platformHost: config.platformHost,
    icon: (host) => siteIcon(deps, host),
  });
  return app;
}
