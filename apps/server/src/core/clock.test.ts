import { sql } from 'drizzle-orm';
import { afterAll, afterEach, beforeAll, describe, expect, it } from 'vitest';
import { TEST_PLATFORM_HOST } from '../testing/constants.ts';
import { createTestApp, type TestApp } from '../testing/test-app.ts';
import { realClock, testClock } from './clock.ts';
import { loadConfig } from './config.ts';
import { queryRows } from './db/database.ts';
import { withPlatform, withTenant } from './db/tenant.ts';

// The one clock (core/clock.ts): `deps.clock` in the server, `app_now()` in SQL, and the test-only
// `/dev/clock` route browser tests move it with.

describe('the test clock', () => {
  it('follows the real time until set, then moves only when set or advanced', () => {
    const clock = testClock();
    expect(Math.abs(clock.now().getTime() - Date.now())).toBeLessThan(1000);
    expect(clock.frozen).toBe(false);
    expect(clock.controlled).toBe(false);
    clock.set('2030-01-01T00:00:00Z');
    expect(clock.controlled).toBe(true);
    expect(clock.now().toISOString()).toBe('2030-01-01T00:00:00.000Z');
    clock.advance(90_000);
    expect(clock.now().toISOString()).toBe('2030-01-01T00:01:30.000Z');
    clock.reset();
    expect(clock.frozen).toBe(false);
    expect(Math.abs(clock.now().getTime() - Date.now())).toBeLessThan(1000);
    expect(() => clock.set('not a time')).toThrow();
    expect(realClock.controlled).toBe(false);
  });
});

describe('app_now() in SQL reads the server clock', () => {
  let t: TestApp;
  beforeAll(async () => {
    t = await createTestApp();
  });
  afterEach(() => t.clock.reset());
  afterAll(() => t.close());

  const sqlNow = async (via: 'tenant' | 'platform') => {
    const q = sql`select app_now()::text as at, (abs(extract(epoch from app_now() - now())) < 5) as near_db_now`;
    const rows =
      via === 'tenant'
        ? await withTenant(t.database.db, { workspaceId: null }, (tx) =>
            queryRows<{ at: string; near_db_now: boolean }>(tx, q),
          )
        : await withPlatform(t.database.db, { action: 'test.now', audit: false }, (tx) =>
            queryRows<{ at: string; near_db_now: boolean }>(tx, q),
          );
    return rows[0]!;
  };

  it('in tenant and platform transactions, a set clock is the time SQL sees', async () => {
    t.clock.set('2031-05-06T07:08:09.123Z');
    for (const via of ['tenant', 'platform'] as const) {
      const row = await sqlNow(via);
      expect(new Date(row.at).toISOString()).toBe('2031-05-06T07:08:09.123Z');
      expect(row.near_db_now).toBe(false);
    }
  });

  it("a clock following the real time leaves SQL on the database's own now()", async () => {
    expect((await sqlNow('tenant')).near_db_now).toBe(true);
    const rows = await withTenant(t.database.db, { workspaceId: null }, (tx) =>
      queryRows<{ same: boolean }>(tx, sql`select app_now() = now() as same`),
    );
    expect(rows[0]!.same).toBe(true);
  });

  it('outside a transaction helper, or with no app.now set, app_now() is now()', async () => {
    t.clock.set('2031-05-06T07:08:09Z');
    const rows = await queryRows<{ same: boolean }>(t.database.db, sql`select app_now() = now() as same`);
    expect(rows[0]!.same).toBe(true);
  });
});

describe('POST /dev/clock (test mode only)', () => {
  let t: TestApp;
  beforeAll(async () => {
    t = await createTestApp();
  });
  afterAll(() => t.close());

  const post = (app: TestApp, body: object) =>
    app.request(TEST_PLATFORM_HOST, { method: 'POST', url: '/dev/clock', payload: body });

  it('sets, advances and resets the server clock', async () => {
    let res = await post(t, { now: '2032-02-29T10:00:00Z' });
    expect(res.statusCode).toBe(200);
    expect(res.json()).toEqual({ now: '2032-02-29T10:00:00.000Z', frozen: true });
    expect(t.app.deps.clock.now().toISOString()).toBe('2032-02-29T10:00:00.000Z');
    res = await post(t, { advanceMs: 3_600_000 });
    expect(res.json().now).toBe('2032-02-29T11:00:00.000Z');
    expect((await t.request(TEST_PLATFORM_HOST, { method: 'GET', url: '/dev/clock' })).json().now).toBe(
      '2032-02-29T11:00:00.000Z',
    );
    res = await post(t, { reset: true });
    expect(res.json().frozen).toBe(false);
    expect(Math.abs(t.app.deps.clock.now().getTime() - Date.now())).toBeLessThan(1000);
  });

  it('refuses a malformed request', async () => {
    for (const body of [
      {},
      { now: 'tomorrow' },
      { advanceMs: 'x' },
      { reset: false },
      { now: '2032-01-01T00:00:00Z', reset: true },
    ]) {
      expect((await post(t, body)).statusCode).toBe(400);
    }
  });

  it('does not exist outside test mode: 404 like any unknown path', async () => {
    const dev = await createTestApp({ config: { env: 'development', testClock: false } });
    try {
      for (const res of [
        await post(dev, { now: '2032-02-29T10:00:00Z' }),
        await dev.request(TEST_PLATFORM_HOST, { method: 'GET', url: '/dev/clock' }),
      ]) {
        expect(res.statusCode).toBe(404);
      }
      expect(Math.abs(dev.app.deps.clock.now().getTime() - Date.now())).toBeLessThan(1000);
    } finally {
      await dev.close();
    }
  });

  it('the configuration turns it on for NODE_ENV=test or TEST_CLOCK=1, never in production', () => {
    const secret = 'x'.repeat(48);
    const base = { AUTH_SECRET: secret, LOG_LEVEL: 'silent' };
    expect(loadConfig({ ...base, NODE_ENV: 'test' }).testClock).toBe(true);
    expect(loadConfig({ ...base, NODE_ENV: 'development' }).testClock).toBe(false);
    expect(loadConfig({ ...base, NODE_ENV: 'development', TEST_CLOCK: '1' }).testClock).toBe(true);
    const hosts = { PLATFORM_HOST: 'app.example.com', LMS_CONTENT_ORIGIN: 'https://content.example-learning.com' };
    expect(loadConfig({ ...base, ...hosts, NODE_ENV: 'production', TEST_CLOCK: '1' }).testClock).toBe(false);
  });
});
