import { and, eq } from 'drizzle-orm';
import { afterAll, beforeAll, beforeEach, describe, expect, it } from 'vitest';
import { withPlatform } from '../../../core/db/tenant.ts';
import { auditLog, workspaces } from '../../../db/schema.ts';
import {
  type AWorkspace,
  aBusinessUnit,
  aMember,
  anOperator,
  aWorkspace,
  createTestApp,
  TEST_PLATFORM_HOST,
  type TestApp,
} from '../../../testing/index.ts';

/**
 * Elevate-IP mode (issue 23): with the `elevateip` flag on for a workspace, its administrators act
 * only from its listed ranges; employees are unaffected; the operator can always clear the list.
 * Peer addresses are set with light-my-request's `remoteAddress`; `X-Forwarded-For` counts only with
 * TRUST_PROXY on.
 */
let t: TestApp;
let proxied: TestApp;
let operator: string;
let a: AWorkspace;
let b: AWorkspace;
let adminA: string;
let employerA: string;
let unitAdminA: string;
let employeeA: string;
let adminB: string;

const OFFICE = '203.0.113.0/24';
const INSIDE = '203.0.113.7';
const OUTSIDE = '198.51.100.9';

type Opts = { ip?: string; xff?: string; app?: TestApp };
function get(host: string, url: string, token: string, o: Opts = {}) {
  return (o.app ?? t).request(host, {
    method: 'GET',
    url,
    token,
    ...(o.ip ? { remoteAddress: o.ip } : {}),
    ...(o.xff ? { headers: { 'x-forwarded-for': o.xff } } : {}),
  });
}
function putSettings(token: string, body: object, ip: string) {
  return t.request(a.host, { method: 'PUT', url: '/api/workspace/settings', token, payload: body, remoteAddress: ip });
}
const settingsAs = (token: string, o: Opts = {}) => get(a.host, '/api/workspace/settings', token, o);

async function setFlag(value: 'true' | 'false', workspaceUrls: string[] = []) {
  const put = (url: string, payload: object) =>
    t.request(TEST_PLATFORM_HOST, { method: 'PUT', url, token: operator, payload });
  expect((await put('/api/feature-flags', { key: 'elevateip', value })).statusCode).toBe(200);
  expect((await put('/api/feature-flags/workspaces', { key: 'elevateip', workspaceUrls })).statusCode).toBe(200);
}
async function setRanges(ws: AWorkspace, ranges: string[]) {
  await withPlatform(t.database.db, { action: 'test.ranges', audit: false }, (tx) =>
    tx.update(workspaces).set({ adminIpRanges: ranges }).where(eq(workspaces.id, ws.id)),
  );
}
async function rangesOf(ws: AWorkspace): Promise<string[]> {
  const [row] = await withPlatform(t.database.db, { action: 'test.ranges', audit: false }, (tx) =>
    tx.select({ r: workspaces.adminIpRanges }).from(workspaces).where(eq(workspaces.id, ws.id)),
  );
  return row!.r;
}

beforeAll(async () => {
  t = await createTestApp();
  proxied = await createTestApp({ database: t.database, config: { trustProxy: true } });
  expect(t.config.trustProxy).toBe(false);
  operator = await (await anOperator(t)).signIn(t);
  a = await aWorkspace(t);
  b = await aWorkspace(t);
  adminA = await (await aMember(a, { role: 'WORKSPACE_ADMIN' })).signIn(t);
  employerA = await (await aMember(a, { role: 'EMPLOYER' })).signIn(t);
  unitAdminA = await (await aMember(a, { role: 'BRANCH_ADMIN', unit: await aBusinessUnit(a) })).signIn(t);
  employeeA = await (await aMember(a)).signIn(t);
  adminB = await (await aMember(b, { role: 'WORKSPACE_ADMIN' })).signIn(t);
});
afterAll(async () => {
  await proxied.close();
  await t.close();
});
beforeEach(async () => {
  await setFlag('false');
  await setRanges(a, [OFFICE, '2001:db8::/32']);
  await setRanges(b, [OFFICE]);
});

describe('elevate-IP mode, without a proxy (TRUST_PROXY off)', () => {
  it('restricts no one while the flag is off', async () => {
    expect((await settingsAs(adminA, { ip: OUTSIDE })).statusCode).toBe(200);
  });

  it('lets administrators act from inside the ranges only, and says why when it refuses', async () => {
    await setFlag('true');
    const inside = await settingsAs(adminA, { ip: INSIDE });
    expect(inside.statusCode).toBe(200);
    expect(inside.json()).toMatchObject({
      elevateIpOn: true,
      yourIp: INSIDE,
      adminIpRanges: [OFFICE, '2001:db8::/32'],
    });
    for (const token of [adminA, employerA, unitAdminA]) {
      const res = await get(a.host, '/api/navigation/v3', token, { ip: OUTSIDE });
      expect(res.statusCode).toBe(403);
      expect(res.json()).toMatchObject({ code: 'IP_NOT_ALLOWED', params: { ip: OUTSIDE } });
      expect(res.json().message).toContain(OUTSIDE);
    }
  });

  it('matches IPv6 ranges, and IPv4-mapped IPv6 peers as IPv4', async () => {
    await setFlag('true');
    expect((await settingsAs(adminA, { ip: '2001:db8:1::5' })).statusCode).toBe(200);
    expect((await settingsAs(adminA, { ip: '2001:db9::1' })).statusCode).toBe(403);
    expect((await settingsAs(adminA, { ip: `::ffff:${INSIDE}` })).statusCode).toBe(200);
  });

  it('leaves employees alone, on their own routes', async () => {
    await setFlag('true');
    for (const url of ['/api/navigation/v3', '/api/user/details']) {
      expect((await get(a.host, url, employeeA, { ip: OUTSIDE })).statusCode).toBe(200);
    }
  });

  it('applies only to the workspaces the flag is limited to', async () => {
    await setFlag('true', [b.host]);
    expect((await settingsAs(adminA, { ip: OUTSIDE })).statusCode).toBe(200);
    expect((await get(b.host, '/api/workspace/settings', adminB, { ip: OUTSIDE })).json().code).toBe('IP_NOT_ALLOWED');
    await setFlag('true', [a.host]);
    expect((await settingsAs(adminA, { ip: OUTSIDE })).statusCode).toBe(403);
    expect((await get(b.host, '/api/workspace/settings', adminB, { ip: OUTSIDE })).statusCode).toBe(200);
  });

  it('restricts no one when the list is empty', async () => {
    await setFlag('true');
    await setRanges(a, []);
    expect((await settingsAs(adminA, { ip: OUTSIDE })).statusCode).toBe(200);
  });

  it('ignores X-Forwarded-For: a spoofed header does not get an outsider in', async () => {
    await setFlag('true');
    const res = await settingsAs(adminA, { ip: OUTSIDE, xff: INSIDE });
    expect(res.statusCode).toBe(403);
    expect(res.json().params).toEqual({ ip: OUTSIDE });
  });

  it('still lets a refused administrator sign out', async () => {
    const token = await (await aMember(a, { role: 'WORKSPACE_ADMIN' })).signIn(t);
    await setFlag('true');
    expect((await get(a.host, '/api/user/sign-out', token, { ip: OUTSIDE })).statusCode).toBe(200);
    expect((await get(a.host, '/api/navigation/v3', token, { ip: INSIDE })).statusCode).toBe(401);
  });
});

describe('elevate-IP mode behind a proxy (TRUST_PROXY on)', () => {
  const PROXY = '10.0.0.2';
  it('checks the client address the proxy forwards', async () => {
    await setFlag('true');
    const inside = await settingsAs(adminA, { app: proxied, ip: PROXY, xff: INSIDE });
    expect(inside.statusCode).toBe(200);
    expect(inside.json().yourIp).toBe(INSIDE);
    const outside = await settingsAs(adminA, { app: proxied, ip: PROXY, xff: OUTSIDE });
    expect(outside.statusCode).toBe(403);
    expect(outside.json()).toMatchObject({ code: 'IP_NOT_ALLOWED', params: { ip: OUTSIDE } });
    expect((await settingsAs(adminA, { app: proxied, ip: PROXY, xff: '2001:db8::9' })).statusCode).toBe(200);
    expect(
      (await get(a.host, '/api/user/details', employeeA, { app: proxied, ip: PROXY, xff: OUTSIDE })).statusCode,
    ).toBe(200);
  });
});

describe('the ranges in Settings', () => {
  it('saves IPv4 and IPv6 ranges that include the saver, and an empty list', async () => {
    await setFlag('true');
    const res = await putSettings(adminA, { adminIpRanges: ['203.0.113.0/25', '2001:db8::/48'] }, INSIDE);
    expect(res.statusCode).toBe(200);
    expect(res.json().adminIpRanges).toEqual(['203.0.113.0/25', '2001:db8::/48']);
    expect((await putSettings(adminA, { adminIpRanges: [] }, INSIDE)).json().adminIpRanges).toEqual([]);
    // Saved while the mode is off too (the operator may switch it on later).
    await setFlag('false');
    expect((await putSettings(adminA, { adminIpRanges: [OFFICE] }, INSIDE)).statusCode).toBe(200);
    expect(await rangesOf(a)).toEqual([OFFICE]);
  });

  it('refuses a list that would lock the saver out, and changes nothing', async () => {
    const before = await rangesOf(a);
    const res = await putSettings(adminA, { adminIpRanges: ['192.0.2.0/24'] }, INSIDE);
    expect(res.statusCode).toBe(409);
    expect(res.json()).toMatchObject({ code: 'IP_RANGES_LOCK_OUT', params: { ip: INSIDE } });
    expect(await rangesOf(a)).toEqual(before);
  });

  it('refuses malformed ranges, duplicates and too many', async () => {
    const before = await rangesOf(a);
    for (const adminIpRanges of [
      ['203.0.113.0/33'],
      ['300.1.1.1/8'],
      ['2001:db8::/129'],
      ['2001:db8:::1/64'],
      ['not-an-ip'],
      [OFFICE, OFFICE],
      Array.from({ length: 51 }, (_, i) => `10.0.${i}.0/24`),
    ]) {
      const res = await putSettings(adminA, { adminIpRanges }, INSIDE);
      expect(res.statusCode, JSON.stringify(adminIpRanges).slice(0, 40)).toBe(400);
    }
    expect(await rangesOf(a)).toEqual(before);
  });
});

describe('the operator undoes a lock-out', () => {
  it('clears or sets the ranges from the platform host, audited; the platform host is never restricted', async () => {
    await setFlag('true');
    expect((await settingsAs(adminA, { ip: OUTSIDE })).statusCode).toBe(403);
    const url = `/api/admin/workspace/${a.id}/admin-ip-ranges`;
    const res = await t.request(TEST_PLATFORM_HOST, {
      method: 'PUT',
      url,
      token: operator,
      payload: { adminIpRanges: [] },
      remoteAddress: OUTSIDE,
    });
    expect(res.statusCode).toBe(200);
    expect(res.json()).toEqual({ workspaceId: a.id, adminIpRanges: [] });
    expect((await settingsAs(adminA, { ip: OUTSIDE })).statusCode).toBe(200);
    const set = await t.request(TEST_PLATFORM_HOST, {
      method: 'PUT',
      url,
      token: operator,
      payload: { adminIpRanges: ['198.51.100.0/24'] },
    });
    expect(set.json().adminIpRanges).toEqual(['198.51.100.0/24']);
    expect((await settingsAs(adminA, { ip: OUTSIDE })).statusCode).toBe(200);
    expect((await settingsAs(adminA, { ip: INSIDE })).statusCode).toBe(403);
    const entries = await withPlatform(t.database.db, { action: 'test.audit', audit: false }, (tx) =>
      tx
        .select({ details: auditLog.details })
        .from(auditLog)
        .where(and(eq(auditLog.action, 'platform.workspace.admin-ip-ranges.set'))),
    );
    expect(entries.map((e) => e.details)).toEqual(
      expect.arrayContaining([
        expect.objectContaining({ workspaceId: a.id, ranges: 0 }),
        expect.objectContaining({ workspaceId: a.id, ranges: 1 }),
      ]),
    );
  });

  it('answers 404 for a workspace that does not exist', async () => {
    const res = await t.request(TEST_PLATFORM_HOST, {
      method: 'PUT',
      url: '/api/admin/workspace/00000000-0000-4000-8000-000000000000/admin-ip-ranges',
      token: operator,
      payload: { adminIpRanges: [] },
    });
    expect(res.statusCode).toBe(404);
  });
});
