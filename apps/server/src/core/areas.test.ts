import pg from 'pg';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { sessionFor } from '../testing/admin-fixture.ts';
import { aMember, aWorkspace, createTestApp, newUser, newWorkspace, type TestApp } from '../testing/index.ts';

/**
 * What `work` costs the database: the transactions it opens (PostgreSQL: connections taken from the
 * pool, one per transaction; PGlite: Drizzle transactions) and, on PostgreSQL, the round trips
 * (queries sent on those connections). Counts by passing through, changing nothing.
 */
async function costOf(
  t: TestApp,
  work: () => Promise<unknown>,
): Promise<{ transactions: number; roundTrips?: number }> {
  const db = t.database.db as unknown as { $client: unknown; transaction: (...args: unknown[]) => Promise<unknown> };
  const pool = db.$client;
  let transactions = 0;
  if (pool instanceof pg.Pool) {
    let roundTrips = 0;
    const connect = pool.connect.bind(pool);
    pool.connect = (async () => {
      const client = await connect();
      transactions++;
      const query = client.query;
      client.query = ((...args: unknown[]) => {
        roundTrips++;
        return (query as (...a: unknown[]) => unknown).apply(client, args);
      }) as typeof client.query;
      const release = client.release.bind(client);
      client.release = (err?: Error | boolean) => {
        client.query = query;
        return release(err);
      };
      return client;
    }) as typeof pool.connect;
    try {
      await work();
    } finally {
      pool.connect = connect as typeof pool.connect;
    }
    return { transactions, roundTrips };
  }
  const transaction = db.transaction;
  db.transaction = (...args: unknown[]) => {
    transactions++;
    return transaction.apply(db, args);
  };
  try {
    await work();
  } finally {
    db.transaction = transaction;
  }
  return { transactions };
}

let t: TestApp;
beforeAll(async () => {
  t = await createTestApp();
});
afterAll(() => t.close());

describe('white-label areas', () => {
  it('every route of the learning and case-management services names its area', () => {
    const routes = t.app.routeConfigs.filter((r) => r.url.startsWith('/lms/api') || r.url.startsWith('/cms/api'));
    expect(routes.length).toBeGreaterThan(0);
    // The compliance register runs with learning (DESIGN §1) but is its own area (issue 24).
    const areaOf = (url: string) => (/^\/lms\/api\/(admin\/)?compliance/.test(url) ? 'compliance' : url.slice(1, 4));
    for (const r of routes) expect(r.config.area, `${r.method} ${r.url}`).toBe(areaOf(r.url));
  });

  it('a switched-off area answers 403 AREA_SWITCHED_OFF on its workspace’s host, and only there', async () => {
    const off = await newWorkspace(t.database.db);
    const on = await newWorkspace(t.database.db);
    const admin = await newUser(t.database.db, off, { role: 'WORKSPACE_ADMIN' });
    const token = await sessionFor(t.database.db, admin);
    const setLms = (lms: boolean) =>
      t.request(off.host, { method: 'PUT', url: '/api/workspace/settings', token, payload: { whiteLabel: { lms } } });
    const lms = (host: string) => t.request(host, { method: 'GET', url: '/lms/api/service-info' });

    expect((await lms(off.host)).statusCode).toBe(200);
    expect((await setLms(false)).statusCode).toBe(200);
    const refused = await lms(off.host);
    expect(refused.statusCode).toBe(403);
    expect(refused.json()).toMatchObject({ code: 'AREA_SWITCHED_OFF', details: [{ path: 'area', message: 'lms' }] });
    // Case management is still on there; another workspace and the platform host are not affected.
    expect((await t.request(off.host, { method: 'GET', url: '/cms/api/service-info' })).statusCode).toBe(200);
    expect((await lms(on.host)).statusCode).toBe(200);
    expect((await lms(t.config.platformHost)).statusCode).toBe(200);
    // Switched on again, the route answers at once.
    expect((await setLms(true)).statusCode).toBe(200);
    expect((await lms(off.host)).statusCode).toBe(200);
  });

  it('with the lms switch off, every /lms/api route of the workspace’s host answers 403 AREA_SWITCHED_OFF', async () => {
    const off = await newWorkspace(t.database.db);
    const admin = await newUser(t.database.db, off, { role: 'WORKSPACE_ADMIN' });
    const token = await sessionFor(t.database.db, admin);
    const put = await t.request(off.host, {
      method: 'PUT',
      url: '/api/workspace/settings',
      token,
      payload: { whiteLabel: { lms: false } },
    });
    expect(put.statusCode).toBe(200);
    const routes = t.app.routeConfigs.filter(
      (r) => r.url.startsWith('/lms/api') && r.method !== 'HEAD' && r.config.area === 'lms',
    );
    // The learning routes of issue 13 (courses, credits, jurisdictions) are all among them.
    for (const url of [
      '/lms/api/course/all',
      '/lms/api/jurisdiction/all',
      '/lms/api/workspace-course-credit/request-credits',
      '/lms/api/course/credits/requests/:id',
      '/lms/api/course/credits/credited/:id',
      '/lms/api/admin/course/buy-credits/:id',
      // Workshops (issue 21, item 13).
      '/lms/api/workshops',
      '/lms/api/workshops/:id/check-in',
    ])
      expect(routes.map((r) => r.url)).toContain(url);
    for (const r of routes) {
      const url = r.url.replace(/:[a-zA-Z]+/g, (p) => (p === ':lang' ? 'en' : '00000000-0000-4000-8000-000000000000'));
      const res = await t.request(off.host, {
        method: r.method as 'GET',
        url,
        token,
        ...(r.method === 'POST' ? { payload: {} } : {}),
      });
      expect({ route: `${r.method} ${r.url}`, status: res.statusCode, code: res.json().code }).toEqual({
        route: `${r.method} ${r.url}`,
        status: 403,
        code: 'AREA_SWITCHED_OFF',
      });
    }
  });

  it('a signed-in request to an area-gated route reads the switch in its session check: one transaction, three round trips', async () => {
    const ws = await aWorkspace(t);
    const member = await aMember(ws);
    const token = await member.session();
    const languages = () => t.request(ws.host, { method: 'GET', url: '/lms/api/course/supported-languages', token });
    expect((await languages()).statusCode).toBe(200); // the host is resolved (and remembered) here
    let status = 0;
    const cost = await costOf(t, async () => {
      status = (await languages()).statusCode;
    });
    expect(status).toBe(200);
    // begin + settings + session check + switches; the route's one read; commit (docs/request-path.md).
    expect(cost).toEqual(t.database.engine === 'postgres' ? { transactions: 1, roundTrips: 3 } : { transactions: 1 });
  });
});
