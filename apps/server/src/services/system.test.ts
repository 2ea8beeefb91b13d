import { mkdirSync, mkdtempSync, readdirSync, rmSync, writeFileSync } from 'node:fs';
import os from 'node:os';
import path from 'node:path';
import { ZErrorResponse } from '@app/contract';
import type { FastifyInstance, LightMyRequestResponse } from 'fastify';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { buildApp } from '../app.ts';
import { type Db, MIGRATIONS_DIR } from '../core/db/database.ts';
import {
  aWorkspace,
  createTestApp,
  openTestDatabase,
  TEST_PLATFORM_HOST,
  type TestApp,
  testConfig,
} from '../testing/index.ts';

const UUID = /^[0-9a-f]{8}-[0-9a-f]{4}-[0-9a-f]{4}-[0-9a-f]{4}-[0-9a-f]{12}$/;

let database: Awaited<ReturnType<typeof openTestDatabase>>;
let t: TestApp;
const cleanups: (() => Promise<void> | void)[] = [];
/** A workspace's host (the requests below need one that is served). */
let WS_HOST: string;

beforeAll(async () => {
  database = await openTestDatabase();
  t = await createTestApp({ database });
  WS_HOST = (await aWorkspace(database.db)).host;
});
afterAll(async () => {
  for (const fn of cleanups.reverse()) await fn();
  await t.close();
  await database.dispose();
});

/** Another app on the same database, closed after the suite. */
async function appWith(config: Parameters<typeof testConfig>[0]): Promise<TestApp> {
  const other = await createTestApp({ database, config });
  cleanups.push(() => other.close());
  return other;
}

function expectError(res: LightMyRequestResponse, status: number, code: string) {
  expect(res.statusCode).toBe(status);
  expect(res.headers['content-type']).toMatch(/^application\/json/);
  const body = ZErrorResponse.strict().parse(res.json());
  expect(body).toMatchObject({ status, code });
  return body;
}

describe('health and readiness', () => {
  it('/health says the process is alive and which services it runs', async () => {
    const res = await t.request(TEST_PLATFORM_HOST, { method: 'GET', url: '/health' });
    expect(res.statusCode).toBe(200);
    expect(res.json()).toEqual({ status: 'ok', services: ['main', 'lms', 'cms'] });
  });

  it('/ready says the database answers with every committed migration applied', async () => {
    const committed = readdirSync(MIGRATIONS_DIR).filter((f) => f.endsWith('.sql')).length;
    const res = await t.request('any-host.example', { method: 'GET', url: '/ready' });
    expect(res.statusCode).toBe(200);
    expect(res.json()).toEqual({
      status: 'ok',
      services: ['main', 'lms', 'cms'],
      database: database.engine,
      migrations: { applied: committed, expected: committed },
    });
    expect(committed).toBeGreaterThanOrEqual(3);
  });
});

describe('SERVICES runs a subset', () => {
  it('with only the learning service, the main and case services answer 404', async () => {
    const lms = await appWith({ services: ['lms'] });
    const info = await lms.request(WS_HOST, { method: 'GET', url: '/lms/api/service-info' });
    expect(info.statusCode).toBe(200);
    expect(info.json()).toEqual({ service: 'lms' });
    const signin = await lms.request(WS_HOST, {
      method: 'POST',
      url: '/api/user/signin',
      payload: { userEmail: 'employee@example.test', userPassword: 'x' },
    });
    expectError(signin, 404, 'ROUTE_NOT_FOUND');
    expectError(await lms.request(WS_HOST, { method: 'GET', url: '/cms/api/service-info' }), 404, 'ROUTE_NOT_FOUND');
    expect((await lms.request(WS_HOST, { method: 'GET', url: '/health' })).json().services).toEqual(['lms']);
  });
});

describe('the API reference', () => {
  it('GET /api/docs serves the reference page', async () => {
    let res = await t.request(TEST_PLATFORM_HOST, { method: 'GET', url: '/api/docs' });
    for (let hops = 0; res.statusCode >= 300 && res.statusCode < 400 && hops < 3; hops++) {
      const location = new URL(String(res.headers.location), 'http://x/api/docs');
      res = await t.request(TEST_PLATFORM_HOST, { method: 'GET', url: location.pathname });
    }
    expect(res.statusCode).toBe(200);
    expect(res.headers['content-type']).toMatch(/^text\/html/);
    expect(res.body).toMatch(/swagger-ui/i);
  });

  it('/api/docs/json is an OpenAPI document of the three services (health and dev pages hidden)', async () => {
    const res = await t.request(TEST_PLATFORM_HOST, { method: 'GET', url: '/api/docs/json' });
    expect(res.statusCode).toBe(200);
    const doc = res.json();
    expect(doc.openapi).toMatch(/^3\./);
    expect(doc.paths['/api/user/signin']?.post).toBeDefined();
    expect(Object.keys(doc.paths)).toEqual(expect.arrayContaining(['/lms/api/service-info', '/cms/api/service-info']));
    expect(Object.keys(doc.paths)).not.toContain('/dev/mailbox');
    expect(Object.keys(doc.paths)).not.toContain('/health');
  });
});

describe('errors', () => {
  it.each([
    ['GET', '/api/no-such-thing'],
    ['POST', '/api/user/no-such-thing'],
    ['DELETE', '/api/feature-flags'],
    ['GET', '/lms/api/nothing'],
    ['GET', '/cms/api/nothing'],
    ['GET', '/dev/nothing'],
  ] as const)('%s %s → 404 ROUTE_NOT_FOUND in the error shape', async (method, url) => {
    const body = expectError(await t.request(WS_HOST, { method, url }), 404, 'ROUTE_NOT_FOUND');
    expect(body.message).toContain(url);
  });

  describe('an unexpected failure', () => {
    let app: FastifyInstance;
    const secret = 'duplicate key in "accounts": select password_hash from accounts where email = $1';
    beforeAll(async () => {
      // Once the server has started (its job queue installs through the database), the database
      // answers as if the connection broke; a route of our own throws.
      let failing = false;
      const broken = new Proxy(database.db, {
        get(target, prop, receiver) {
          if (failing && (prop === 'transaction' || prop === 'execute')) return () => Promise.reject(new Error(secret));
          // On PostgreSQL a transaction takes its connection from the pool itself (core/db/tenant.ts).
          if (failing && prop === '$client') {
            const client = Reflect.get(target, prop, receiver) as object;
            return new Proxy(client, {
              get: (c, key, r) =>
                key === 'connect' ? () => Promise.reject(new Error(secret)) : Reflect.get(c, key, r),
            });
          }
          return Reflect.get(target, prop, receiver);
        },
      }) as Db;
      app = await buildApp({ config: testConfig(), database: { ...database, db: broken }, logger: false });
      app.get('/api/test-throws', async () => {
        throw new Error(secret);
      });
      await app.ready();
      failing = true;
      cleanups.push(() => {
        failing = false;
        return app.close();
      });
    });

    it.each([
      ['a throwing handler', '/api/test-throws'],
      ['a failing database', '/api/user/details'],
    ])('from %s → 500 INTERNAL_ERROR quoting the trace id, without internals', async (_, url) => {
      const res = await app.inject({
        method: 'GET',
        url,
        headers: { host: WS_HOST, 'x-trace-id': 'client-trace-0001' },
      });
      const body = expectError(res, 500, 'INTERNAL_ERROR');
      expect(res.headers['x-trace-id']).toBe('client-trace-0001');
      expect(body.message).toContain('client-trace-0001');
      expect(res.body).not.toMatch(/select|password_hash|accounts|stack|\.ts\b|at \w+ \(/i);
    });

    it('/ready says unavailable (503) when the database fails', async () => {
      const res = await app.inject({ method: 'GET', url: '/ready', headers: { host: WS_HOST } });
      expect(res.statusCode).toBe(503);
      expect(res.json()).toMatchObject({ status: 'unavailable' });
      expect(res.body).not.toContain('password_hash');
    });
  });
});

describe('trace ids', () => {
  it('a valid X-Trace-Id from the client is echoed back', async () => {
    for (const id of ['client-trace-0001', 'a1b2c3d4', `span:${'9'.repeat(100)}`]) {
      const res = await t.request(WS_HOST, { method: 'GET', url: '/api/app-config', headers: { 'x-trace-id': id } });
      expect(res.headers['x-trace-id']).toBe(id);
    }
  });

  it.each([
    ['spaces', 'trace id with spaces'],
    ['300 characters', 'a'.repeat(300)],
    ['too short', 'abc'],
    ['markup', '<script>alert(1)</script>'],
  ])('an invalid one (%s) is replaced with a generated id', async (_, sent) => {
    const res = await t.request(WS_HOST, { method: 'GET', url: '/api/app-config', headers: { 'x-trace-id': sent } });
    expect(res.headers['x-trace-id']).toMatch(UUID);
  });

  it('a request without one gets a fresh id each time, also on errors', async () => {
    const a = await t.request(WS_HOST, { method: 'GET', url: '/api/user/details' });
    const b = await t.request(WS_HOST, { method: 'GET', url: '/api/user/details' });
    expect(a.statusCode).toBe(401);
    expect(a.headers['x-trace-id']).toMatch(UUID);
    expect(b.headers['x-trace-id']).toMatch(UUID);
    expect(a.headers['x-trace-id']).not.toBe(b.headers['x-trace-id']);
  });
});

describe('the web app', () => {
  function tempDir(): string {
    const dir = mkdtempSync(path.join(os.tmpdir(), 'web-dist-'));
    cleanups.push(() => rmSync(dir, { recursive: true, force: true }));
    return dir;
  }

  it('is served for every non-API GET path when it is built', async () => {
    const dist = tempDir();
    const index =
      '<!doctype html><html><head><title>Compliance SPA shell</title></head><body><div id="root"></div></body></html>';
    writeFileSync(path.join(dist, 'index.html'), index);
    mkdirSync(path.join(dist, 'assets'));
    writeFileSync(path.join(dist, 'assets', 'app-1234.js'), 'console.log("app");');
    const web = await appWith({ webDistDir: dist });

    for (const url of ['/some/spa/route', '/workspace/signin?next=%2Fdashboard', '/']) {
      const res = await web.request(WS_HOST, { method: 'GET', url });
      expect({ url, status: res.statusCode }).toEqual({ url, status: 200 });
      expect(res.headers['content-type']).toMatch(/^text\/html/);
      expect(res.body).toBe(index);
    }
    const asset = await web.request(WS_HOST, { method: 'GET', url: '/assets/app-1234.js' });
    expect(asset.statusCode).toBe(200);
    expect(asset.headers['content-type']).toMatch(/javascript/);
    // API paths and other methods still get JSON 404s.
    expectError(await web.request(WS_HOST, { method: 'GET', url: '/api/some/spa/route' }), 404, 'ROUTE_NOT_FOUND');
    expectError(await web.request(WS_HOST, { method: 'POST', url: '/some/spa/route' }), 404, 'ROUTE_NOT_FOUND');
  });

  it('without a build, answers 503 with a plain message saying how to build it', async () => {
    const web = await appWith({ webDistDir: tempDir() });
    const res = await web.request(WS_HOST, { method: 'GET', url: '/some/spa/route' });
    expect(res.statusCode).toBe(503);
    expect(res.headers['content-type']).toMatch(/^text\/plain/);
    expect(res.body).toMatch(/npm run build/);
  });
});
