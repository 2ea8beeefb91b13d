import { randomBytes } from 'node:crypto';
import { isFlagOn, type TFeatureFlag } from '@app/contract';
import { and, eq, like } from 'drizzle-orm';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { withPlatform } from '../../../core/db/tenant.ts';
import { auditLog } from '../../../db/schema.ts';
import {
  type AMember,
  type AWorkspace,
  aMember,
  anOperator,
  aWorkspace,
  createTestApp,
  signIn,
  TEST_PLATFORM_HOST,
  type TestApp,
} from '../../../testing/index.ts';

let t: TestApp;
let operator: string;
let operatorId: string;
/** Two customers, A and B, on their own hosts. */
let a: AWorkspace;
let b: AWorkspace;
let A_HOST: string;
let B_HOST: string;
let employeeA: AMember;
let employeeAToken: string;
let adminAToken: string;
let employeeBToken: string;

const newKey = () => `flag-${randomBytes(4).toString('hex')}`;

/** The flags as the operator sees them (every workspace's limits). */
async function operatorFlags(): Promise<TFeatureFlag[]> {
  const res = await t.request(TEST_PLATFORM_HOST, { method: 'GET', url: '/api/feature-flags', token: operator });
  expect(res.statusCode).toBe(200);
  return res.json();
}

async function flagsAs(host: string, token: string): Promise<TFeatureFlag[]> {
  const res = await t.request(host, { method: 'GET', url: '/api/feature-flags', token });
  expect(res.statusCode).toBe(200);
  return res.json();
}

function change(method: 'POST' | 'PUT', url: string, payload: object, opts: { host?: string; token?: string } = {}) {
  return t.request(opts.host ?? TEST_PLATFORM_HOST, {
    method,
    url,
    payload,
    ...(opts.token !== undefined ? { token: opts.token } : { token: operator }),
  });
}

/** Creates a flag as the operator, optionally limited to some workspaces. */
async function createFlag(value: 'true' | 'false', workspaceUrls?: string[]): Promise<string> {
  const key = newKey();
  expect((await change('POST', '/api/feature-flags', { key, value })).statusCode).toBe(200);
  if (workspaceUrls) {
    expect((await change('PUT', '/api/feature-flags/workspaces', { key, workspaceUrls })).statusCode).toBe(200);
  }
  return key;
}

beforeAll(async () => {
  t = await createTestApp();
  operator = await (await anOperator(t)).signIn(t);
  a = await aWorkspace(t);
  b = await aWorkspace(t);
  A_HOST = a.host;
  B_HOST = b.host;
  employeeA = await aMember(a);
  employeeAToken = await employeeA.signIn(t);
  adminAToken = await (await aMember(a, { role: 'WORKSPACE_ADMIN' })).signIn(t);
  employeeBToken = await (await aMember(b)).signIn(t);
  const me = await t.request(TEST_PLATFORM_HOST, { method: 'GET', url: '/api/user/details', token: operator });
  operatorId = me.json().user.userId;
});
afterAll(() => t.close());

describe('the operator manages flags on the platform host', () => {
  it('creates a flag, refuses a duplicate, and switches it', async () => {
    const key = newKey();
    const created = await change('POST', '/api/feature-flags', { key, value: 'false' });
    expect(created.statusCode).toBe(200);
    expect((created.json() as TFeatureFlag[]).find((f) => f.key === key)).toEqual({
      key,
      value: 'false',
      enabledWorkspaces: [],
    });

    const again = await change('POST', '/api/feature-flags', { key, value: 'true' });
    expect(again.statusCode).toBe(409);
    expect(again.json()).toMatchObject({ status: 409, code: 'CONFLICT' });

    const switched = await change('PUT', '/api/feature-flags', { key, value: 'true' });
    expect(switched.statusCode).toBe(200);
    expect((await operatorFlags()).find((f) => f.key === key)?.value).toBe('true');

    const missing = await change('PUT', '/api/feature-flags', { key: newKey(), value: 'true' });
    expect(missing.statusCode).toBe(404);
  });

  it('limits a flag to workspaces given by URL, in any spelling', async () => {
    const key = await createFlag('true');
    const res = await change('PUT', '/api/feature-flags/workspaces', {
      key,
      workspaceUrls: [`https://${B_HOST.toUpperCase()}/signin`, A_HOST, ` ${A_HOST} `],
    });
    expect(res.statusCode).toBe(200);
    // Sorted by host.
    expect((await operatorFlags()).find((f) => f.key === key)?.enabledWorkspaces).toEqual(
      [A_HOST, B_HOST].sort().map((workspaceUrl) => ({ workspaceUrl })),
    );
    // An empty list lifts the limit again.
    await change('PUT', '/api/feature-flags/workspaces', { key, workspaceUrls: [] });
    expect((await operatorFlags()).find((f) => f.key === key)?.enabledWorkspaces).toEqual([]);
  });

  it('refuses an unknown workspace URL with 400 UNKNOWN_WORKSPACE and changes nothing', async () => {
    const key = await createFlag('true', [A_HOST]);
    const before = await operatorFlags();
    const res = await change('PUT', '/api/feature-flags/workspaces', {
      key,
      workspaceUrls: [B_HOST, 'nowhere.localhost:3000'],
    });
    expect(res.statusCode).toBe(400);
    const body = res.json();
    expect(body).toMatchObject({ status: 400, code: 'UNKNOWN_WORKSPACE' });
    expect(body.message).toContain('nowhere.localhost:3000');
    expect(body.message).not.toContain(B_HOST);
    expect(await operatorFlags()).toEqual(before);
  });

  it('writes an audit row for every change, naming the operator', async () => {
    const key = await createFlag('false', [A_HOST]);
    await change('PUT', '/api/feature-flags', { key, value: 'true' });
    const rows = await withPlatform(t.database.db, { action: 'test.read-audit', audit: false }, (tx) =>
      tx
        .select()
        .from(auditLog)
        .where(and(like(auditLog.action, '%feature-flag%'), eq(auditLog.actorAccountId, operatorId))),
    );
    const mine = rows.filter((r) => JSON.stringify(r.details ?? {}).includes(key) || r.targetId === key);
    expect(mine.map((r) => r.action).sort()).toEqual([
      'feature-flag.updated',
      'platform.feature-flags.create',
      'platform.feature-flags.update',
      'platform.feature-flags.workspaces',
    ]);
    expect(mine.find((r) => r.action === 'platform.feature-flags.create')?.details).toEqual({ key, value: 'false' });
    expect(mine.find((r) => r.action === 'feature-flag.updated')).toMatchObject({
      targetType: 'feature_flag',
      targetId: key,
      details: { before: 'false', after: 'true' },
    });
    expect(mine.find((r) => r.action === 'platform.feature-flags.workspaces')?.details).toEqual({
      key,
      hosts: [A_HOST],
    });
    for (const row of mine) expect(row.traceId).toBeTruthy();
  });
});

describe('workspace users read flags as they apply to their own workspace', () => {
  it("see only their own workspace in enabledWorkspaces, never another's host", async () => {
    const key = await createFlag('true', [A_HOST, B_HOST]);
    const res = await t.request(A_HOST, { method: 'GET', url: '/api/feature-flags', token: employeeAToken });
    expect(res.statusCode).toBe(200);
    expect(res.body).not.toContain(b.slug);
    const flag = (res.json() as TFeatureFlag[]).find((f) => f.key === key);
    expect(flag).toEqual({ key, value: 'true', enabledWorkspaces: [{ workspaceUrl: A_HOST }] });
    expect(isFlagOn(res.json(), key, A_HOST)).toBe(true);

    const inB = (await flagsAs(B_HOST, employeeBToken)).find((f) => f.key === key);
    expect(inB?.enabledWorkspaces).toEqual([{ workspaceUrl: B_HOST }]);
  });

  it("read a flag limited only to B as 'false' in A, and 'true' in B", async () => {
    const key = await createFlag('true', [B_HOST]);
    const inA = await flagsAs(A_HOST, employeeAToken);
    expect(inA.find((f) => f.key === key)).toEqual({ key, value: 'false', enabledWorkspaces: [] });
    expect(isFlagOn(inA, key, A_HOST)).toBe(false);
    const inB = await flagsAs(B_HOST, employeeBToken);
    expect(inB.find((f) => f.key === key)).toEqual({
      key,
      value: 'true',
      enabledWorkspaces: [{ workspaceUrl: B_HOST }],
    });
    expect(isFlagOn(inB, key, B_HOST)).toBe(true);
  });

  it('see an unlimited flag as it is set, everywhere', async () => {
    const on = await createFlag('true');
    const off = await createFlag('false');
    const inA = await flagsAs(A_HOST, adminAToken);
    expect(inA.filter((f) => f.key === on || f.key === off)).toEqual(
      [
        { key: on, value: 'true', enabledWorkspaces: [] },
        { key: off, value: 'false', enabledWorkspaces: [] },
      ].sort((x, y) => x.key.localeCompare(y.key)),
    );
  });

  it('need to be signed in', async () => {
    const res = await t.request(A_HOST, { method: 'GET', url: '/api/feature-flags' });
    expect(res.statusCode).toBe(401);
    expect(res.json()).toMatchObject({ status: 401, code: 'UNAUTHENTICATED' });
  });
});

describe('nobody but the operator, on the platform host, changes flags', () => {
  it('workspace users, anonymous callers and non-operator platform sessions are refused; nothing changes', async () => {
    const key = await createFlag('false', [A_HOST]);
    // A's employee may also sign in on the platform host, but holds no operator role there.
    const platformEmployee = await signIn(t, TEST_PLATFORM_HOST, {
      email: employeeA.email,
      password: employeeA.password,
    });
    const before = await operatorFlags();
    const attempts: [string, { host: string; token: string }, number, string][] = [
      ["A's employee on A", { host: A_HOST, token: employeeAToken }, 404, 'NOT_ON_PLATFORM_HOST'],
      ["A's WORKSPACE_ADMIN on A", { host: A_HOST, token: adminAToken }, 404, 'NOT_ON_PLATFORM_HOST'],
      [
        "A's WORKSPACE_ADMIN token on the platform host",
        { host: TEST_PLATFORM_HOST, token: adminAToken },
        401,
        'UNAUTHENTICATED',
      ],
      ['anonymous on the platform host', { host: TEST_PLATFORM_HOST, token: '' }, 401, 'UNAUTHENTICATED'],
      ['anonymous on A', { host: A_HOST, token: '' }, 404, 'NOT_ON_PLATFORM_HOST'],
      ['non-operator platform session', { host: TEST_PLATFORM_HOST, token: platformEmployee }, 403, 'FORBIDDEN'],
      ["the operator's token on A", { host: A_HOST, token: operator }, 404, 'NOT_ON_PLATFORM_HOST'],
    ];
    const requests: ['POST' | 'PUT', string, object][] = [
      ['POST', '/api/feature-flags', { key: newKey(), value: 'true' }],
      ['PUT', '/api/feature-flags', { key, value: 'true' }],
      ['PUT', '/api/feature-flags/workspaces', { key, workspaceUrls: [] }],
    ];
    for (const [who, as, status, code] of attempts) {
      for (const [method, url, payload] of requests) {
        const res = await change(method, url, payload, as);
        expect({ who, method, url, status: res.statusCode, code: res.json().code }).toEqual({
          who,
          method,
          url,
          status,
          code,
        });
      }
    }
    expect(await operatorFlags()).toEqual(before);
  });

  it("refuses the operator's token on a workspace host, even for reading", async () => {
    const res = await t.request(A_HOST, { method: 'GET', url: '/api/feature-flags', token: operator });
    expect(res.statusCode).toBe(401);
    expect(res.json()).toMatchObject({ status: 401, code: 'UNAUTHENTICATED' });
  });
});

describe('the product flags', () => {
  it('exist from the first start, switched off for every workspace', async () => {
    const flags = await operatorFlags();
    for (const key of ['maintenance', 'elevateip']) {
      expect(flags.find((f) => f.key === key)).toEqual({ key, value: 'false', enabledWorkspaces: [] });
    }
  });
});
