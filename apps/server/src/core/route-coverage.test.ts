import Fastify from 'fastify';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { AUTHZ_TABLES, routeKey, stale, uncovered, undeclared } from '../testing/authz/coverage.ts';
import { createTestApp, type TestApp } from '../testing/index.ts';
import type { RouteConfigEntry } from './context.ts';

/*
 * Every route of the server is in the table-driven authorization suite (issue 22 §1), as
 * areas.test.ts does for the white-label areas: the tables of testing/authz/ (run by the
 * *.authz.test.ts files), core/admin-authz.test.ts for the routes guarded by a permission, and the
 * server's own plumbing declared with what protects it. A route added without an entry fails here.
 */

let t: TestApp;
beforeAll(async () => {
  t = await createTestApp();
});
afterAll(() => t.close());

/** The routes a throwaway Fastify instance registers, collected as app.ts collects them. */
async function routesOf(register: (app: ReturnType<typeof Fastify>) => void): Promise<RouteConfigEntry[]> {
  const app = Fastify();
  const found: RouteConfigEntry[] = [];
  app.addHook('onRoute', (route) => {
    for (const method of Array.isArray(route.method) ? route.method : [route.method]) {
      if (method !== 'HEAD')
        found.push({ method, url: route.url, config: (route.config ?? {}) as RouteConfigEntry['config'] });
    }
  });
  register(app);
  await app.ready();
  await app.close();
  return found;
}

describe('the authorization suite covers every route', () => {
  it('every registered route is in one of the authorization tables', () => {
    expect(t.app.routeConfigs.length).toBeGreaterThan(150);
    expect(uncovered(t.app.routeConfigs, undefined, t.config.webDistDir)).toEqual([]);
  });

  it('no table names a route that is not registered', () => {
    expect(stale(t.app.routeConfigs)).toEqual([]);
  });

  it('no route is in two tables', () => {
    const keys = Object.values(AUTHZ_TABLES).flatMap((table) => Object.keys(table));
    expect(keys.filter((k, i) => keys.indexOf(k) !== i)).toEqual([]);
  });

  it('every case a table leaves out says why', () => {
    const missing: string[] = [];
    for (const table of Object.values(AUTHZ_TABLES)) {
      for (const [key, entry] of Object.entries(table)) {
        for (const c of ['anotherWorkspace', 'lowerRole', 'unitAdminOutside', 'moreThanHeld'] as const) {
          const v = entry[c];
          if (typeof v === 'object' && 'na' in v && v.na.trim().length < 10) missing.push(`${key}: ${c}`);
        }
        if (entry.rule.trim().length < 5) missing.push(`${key}: rule`);
      }
    }
    expect(missing).toEqual([]);
  });

  it('a route planted without an entry is listed, and only it', async () => {
    const planted = await routesOf((app) => {
      app.get('/lms/api/planted/:id', { config: { area: 'lms' } }, async () => ({}));
      app.post('/api/planted', async () => ({}));
      // A permission route is the administration table's (core/admin-authz.test.ts fails for it there).
      app.post('/api/planted/guarded', { config: { permission: 'users.manage' } }, async () => ({}));
    });
    expect(uncovered([...t.app.routeConfigs, ...planted], undefined, t.config.webDistDir)).toEqual([
      'GET /lms/api/planted/:id',
      'POST /api/planted',
    ]);
    // And the declaration check names the two that declare nothing.
    expect(undeclared(planted)).toEqual(['GET /lms/api/planted/:id', 'POST /api/planted']);
  });

  it('a table entry whose route is gone is listed', () => {
    const without = t.app.routeConfigs.filter((r) => routeKey(r) !== 'GET /lms/api/workshops/my');
    expect(stale(without)).toEqual(['GET /lms/api/workshops/my']);
  });
});

describe('every route declares who may call it', () => {
  // Issue 22 §1: a permission, a policy, or an explicit public. Until every route declares one
  // (the policies land route by route), this names those that do not.
  it('every service route declares a permission, a policy, or that it is public', () => {
    expect(undeclared(t.app.routeConfigs)).toEqual([]);
  });
});
