import { existsSync, readdirSync } from 'node:fs';
import path from 'node:path';
import type { RouteConfigEntry } from '../../core/context.ts';
import { CASES_PENDING_ROUTES, CASES_ROUTES } from './cases.table.ts';
import { CMS_STAGES_ROUTES } from './cms-stages.table.ts';
import { CMS_VERSIONS_ROUTES } from './cms-versions.table.ts';
import { CMS_WORKFLOWS_ROUTES } from './cms-workflows.table.ts';
import { COMMITTEE_ROUTES } from './committee.table.ts';
import { COMPLIANCE_CATALOGUE_ROUTES } from './compliance-catalogue.table.ts';
import { COMPLIANCE_REGISTER_ROUTES } from './compliance-register.table.ts';
import { LMS_AUTHORING_ROUTES } from './lms-authoring.table.ts';
import { LMS_LEARNERS_ROUTES } from './lms-learners.table.ts';
import { LMS_OPERATOR_ROUTES } from './lms-operator.table.ts';
import { OPERATOR_CONTRACT_ROUTES } from './operator-contract.table.ts';
import { OPERATOR_ELEVATE_ROUTES } from './operator-elevate.table.ts';
import { OPERATOR_LIFECYCLE_ROUTES } from './operator-lifecycle.table.ts';
import { OPERATOR_SETTINGS_ROUTES } from './operator-settings.table.ts';
import { OPERATOR_WORKSPACES_ROUTES } from './operator-workspaces.table.ts';
import { SELF_SERVICE_ROUTES } from './self-service.table.ts';
import type { AuthzTable } from './table.ts';

/**
 * Routes outside the services (no host, no session, no caller): the server's own plumbing. Each is
 * declared here with what protects it instead, so that the coverage check still names every route.
 */
export const OUTSIDE_THE_SERVICES: Record<string, string> = {
  'GET /api/docs': 'the OpenAPI viewer: public documentation of the contract',
  'GET /api/docs/static/index.html': 'the OpenAPI viewer: public documentation of the contract',
  'GET /api/docs/static/swagger-initializer.js': 'the OpenAPI viewer: public documentation of the contract',
  'GET /api/docs/json': 'the OpenAPI document: public documentation of the contract',
  'GET /api/docs/yaml': 'the OpenAPI document: public documentation of the contract',
  'GET /api/docs/static/*': 'the OpenAPI viewer: public documentation of the contract',
  'GET /health': "liveness: answers nothing of anyone's",
  'GET /ready': "readiness: answers nothing of anyone's",
  'GET /files/*': 'a short-lived signed URL is the credential (core/storage.test.ts)',
  'GET /scorm-runtime/:file': 'the SCORM runtime script: the same static file for everyone',
  'GET /scorm-player/:token':
    'a signed launch token, issued by the SCORM launch route, is the credential (scorm.test.ts)',
  'GET /scorm/:token/*': 'a signed launch token is the credential, on the content origin only (scorm.test.ts)',
  'GET /dev/outbox': 'development only: not registered when NODE_ENV=production',
  'GET /dev/mailbox': 'development only: not registered when NODE_ENV=production',
  'GET /dev/clock': 'a test clock only: not registered otherwise',
  'POST /dev/clock': 'a test clock only: not registered otherwise',
  'GET /favicon.svg': "the site icon: answers nothing of anyone's",
  'GET /favicon.ico': "the site icon: answers nothing of anyone's",
};

/** Every table of the authorization suite (the administration table is core/admin-authz.test.ts's; see `uncovered`). */
export const AUTHZ_TABLES: Record<string, AuthzTable> = {
  'lms-learners': LMS_LEARNERS_ROUTES,
  'lms-authoring': LMS_AUTHORING_ROUTES,
  'lms-operator': LMS_OPERATOR_ROUTES,
  'self-service': SELF_SERVICE_ROUTES,
  'operator-workspaces': OPERATOR_WORKSPACES_ROUTES,
  'operator-contract': OPERATOR_CONTRACT_ROUTES,
  'operator-lifecycle': OPERATOR_LIFECYCLE_ROUTES,
  'operator-settings': OPERATOR_SETTINGS_ROUTES,
  'operator-elevate': OPERATOR_ELEVATE_ROUTES,
  committee: COMMITTEE_ROUTES,
  'cms-stages': CMS_STAGES_ROUTES,
  'cms-versions': CMS_VERSIONS_ROUTES,
  'cms-workflows': CMS_WORKFLOWS_ROUTES,
  // Issue 26: complaint cases.
  cases: { ...CASES_ROUTES, ...CASES_PENDING_ROUTES },
  'compliance-catalogue': COMPLIANCE_CATALOGUE_ROUTES,
  'compliance-register': COMPLIANCE_REGISTER_ROUTES,
};

/** `METHOD url`, as the tables key routes. */
export const routeKey = (r: Pick<RouteConfigEntry, 'method' | 'url'>): string => `${r.method} ${r.url}`;

/**
 * Whether core/admin-authz.test.ts covers the route: it tests every route declaring
 * `config.permission` or `config.actsOnOthersWith`, and its first test fails unless its table is
 * exactly those routes.
 */
export const inAdminTable = (r: RouteConfigEntry): boolean => Boolean(r.config.permission || r.config.actsOnOthersWith);

/**
 * The built web app's files (`GET /<file>` each, registered by the static file plugin when
 * apps/web/dist exists): the same public files for every host and visitor, which carry no data.
 * Only files that exist in the build count, so nothing else can hide among them.
 */
export function webBuildRoutes(webDistDir: string): Set<string> {
  if (!existsSync(webDistDir)) return new Set();
  const files = readdirSync(webDistDir, { recursive: true, withFileTypes: true }).filter((e) => e.isFile());
  return new Set(
    files.map((e) => `GET /${path.relative(webDistDir, path.join(e.parentPath, e.name)).split(path.sep).join('/')}`),
  );
}

/** The routes no table covers (sorted): what the coverage meta-test must find empty. */
export function uncovered(
  routes: readonly RouteConfigEntry[],
  tables: Record<string, AuthzTable> = AUTHZ_TABLES,
  webDistDir: string | null = null,
): string[] {
  const keys = new Set([...Object.values(tables).flatMap((t) => Object.keys(t)), ...Object.keys(OUTSIDE_THE_SERVICES)]);
  const web = webDistDir ? webBuildRoutes(webDistDir) : new Set<string>();
  return routes
    .filter((r) => !inAdminTable(r) && !keys.has(routeKey(r)) && !web.has(routeKey(r)))
    .map(routeKey)
    .sort();
}

/** Table keys that name no registered route (a route renamed or removed, its entry left behind). */
export function stale(
  routes: readonly RouteConfigEntry[],
  tables: Record<string, AuthzTable> = AUTHZ_TABLES,
): string[] {
  const registered = new Set(routes.map(routeKey));
  return [...Object.values(tables).flatMap((t) => Object.keys(t)), ...Object.keys(OUTSIDE_THE_SERVICES)]
    .filter((k) => !registered.has(k))
    .sort();
}

/** The prefixes of the three services: every route under them goes through the caller's checks. */
export const SERVICE_PREFIXES = ['/api/', '/lms/api/', '/cms/api/'];

/**
 * The service routes that declare neither who may call them — a `permission`, an `actsOnOthersWith`,
 * a `policy` — nor that they are public (`auth: 'none'`, or `public: true`).
 */
export function undeclared(routes: readonly RouteConfigEntry[]): string[] {
  return routes
    .filter((r) => SERVICE_PREFIXES.some((p) => r.url.startsWith(p)) && !(routeKey(r) in OUTSIDE_THE_SERVICES))
    .filter((r) => {
      const c = r.config as RouteConfigEntry['config'] & { policy?: unknown; public?: unknown };
      return !(c.permission || c.actsOnOthersWith || c.policy || c.auth === 'none' || c.public === true);
    })
    .map(routeKey)
    .sort();
}
