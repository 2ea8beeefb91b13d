/**
 * Attacker-style tests for the low findings of the outside review (issue 9, items 6, 8, 9, 10, 11),
 * driving the real HTTP routes.
 */
import { randomBytes } from 'node:crypto';
import { ZErrorResponse } from '@app/contract';
import { and, eq } from 'drizzle-orm';
import type { LightMyRequestResponse } from 'fastify';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { withPlatform } from '../core/db/tenant.ts';
import { jsonNestedDeeperThan, MAX_JSON_DEPTH } from '../core/http-errors.ts';
import { auditLog, branches } from '../db/schema.ts';
import { sessionFor } from '../testing/admin-fixture.ts';
import {
  type AMember,
  type AUnit,
  type AWorkspace,
  aBusinessUnit,
  addMembership,
  aMember,
  anOperator,
  aWorkspace,
  createTestApp,
  newUser,
  newWorkspace,
  signIn,
  TEST_PLATFORM_HOST,
  type TestApp,
} from '../testing/index.ts';

let t: TestApp;
let operator: string;
/** Workspace A (with a second unit) and its admin and employee; workspace B and its admin. */
let a: AWorkspace;
let unitA: AUnit;
let employeeA: AMember;
let adminA: string;
let b: AWorkspace;
let adminB: AMember;
let A_HOST: string;
let B_HOST: string;

beforeAll(async () => {
  t = await createTestApp();
  operator = await (await anOperator(t)).signIn(t);
  a = await aWorkspace(t, { name: 'Alpha Works', color: '1F6FEB' });
  unitA = await aBusinessUnit(a);
  employeeA = await aMember(a);
  adminA = await (await aMember(a, { role: 'WORKSPACE_ADMIN' })).signIn(t);
  b = await aWorkspace(t);
  adminB = await aMember(b, { role: 'WORKSPACE_ADMIN' });
  A_HOST = a.host;
  B_HOST = b.host;
});
afterAll(async () => {
  await t?.close();
});

/** Asserts the one error shape with `status` (and `code`, when given). */
function expectError(res: LightMyRequestResponse, status: number, code?: string) {
  expect(res.statusCode, res.body.slice(0, 300)).toBe(status);
  const body = ZErrorResponse.parse(res.json());
  expect(body.status).toBe(status);
  if (code) expect(body.code).toBe(code);
  return body;
}

/** `{"a":[{"a":[…]}]}`-style JSON nested `depth` levels deep, built without recursion. */
function deepJson(depth: number, open = '[', close = ']'): string {
  return `${open.repeat(depth)}${close.repeat(depth)}`;
}

describe('item 6: a JSON body nested very deep is refused before it is walked', () => {
  const routes = [
    { host: () => A_HOST, url: '/api/user/signin' },
    { host: () => A_HOST, url: '/api/workspace/create-branch', token: () => adminA },
    { host: () => TEST_PLATFORM_HOST, url: '/api/feature-flags', token: () => operator },
  ];

  it.each(routes)('$url: 100,000 levels of arrays → 400 JSON_TOO_DEEP, not a 500', async ({ host, url, token }) => {
    const res = await t.request(host(), {
      method: 'POST',
      url,
      payload: `{"userEmail":${deepJson(100_000)}}`,
      headers: { 'content-type': 'application/json' },
      ...(token ? { token: token() } : {}),
    });
    expectError(res, 400, 'JSON_TOO_DEEP');
  });

  it('objects nested deep, and deep nesting inside a valid-looking field, are refused the same way', async () => {
    const objects = `${'{"a":'.repeat(100_000)}1${'}'.repeat(100_000)}`;
    expectError(
      await t.request(A_HOST, {
        method: 'POST',
        url: '/api/user/signin',
        payload: objects,
        headers: { 'content-type': 'application/json; charset=utf-8' },
      }),
      400,
      'JSON_TOO_DEEP',
    );
  });

  it('brackets inside strings do not count, and ordinary nesting still passes', async () => {
    const res = await t.request(A_HOST, {
      method: 'POST',
      url: '/api/user/signin',
      payload: JSON.stringify({ userEmail: 'nobody@example.test', userPassword: `${'['.repeat(100)}"\\"{{{` }),
      headers: { 'content-type': 'application/json' },
    });
    // Refused for the wrong password, not for its shape.
    expect(res.statusCode).toBe(401);
  });

  it('64 levels pass to validation; 65 are refused', async () => {
    const body = (depth: number) => `{"userEmail":${deepJson(depth - 1)}}`;
    const send = (depth: number) =>
      t.request(A_HOST, {
        method: 'POST',
        url: '/api/user/signin',
        payload: body(depth),
        headers: { 'content-type': 'application/json' },
      });
    expectError(await send(MAX_JSON_DEPTH), 400, 'VALIDATION_FAILED');
    expectError(await send(MAX_JSON_DEPTH + 1), 400, 'JSON_TOO_DEEP');
  });

  it('the depth scan skips strings and escaped quotes', () => {
    expect(jsonNestedDeeperThan('{"a":"[[[[[[[["}', 3)).toBe(false);
    expect(jsonNestedDeeperThan('{"a":"\\"[[[[["}', 3)).toBe(false);
    expect(jsonNestedDeeperThan('{"a":"\\\\",  "b":[[[1]]]}', 3)).toBe(true);
    expect(jsonNestedDeeperThan('[[[]]]', 3)).toBe(false);
    expect(jsonNestedDeeperThan('[[[[]]]]', 3)).toBe(true);
  });

  it('the server keeps answering afterwards', async () => {
    const res = await t.request(A_HOST, { method: 'GET', url: `/api/workspace/company-profile/${A_HOST}` });
    expect(res.statusCode).toBe(200);
  });
});

describe('item 8: concurrent PUT /api/feature-flags/workspaces for the same flag', () => {
  it('all succeed, and the flag ends up limited to exactly one of the lists sent', async () => {
    const key = `flag-race-${randomBytes(4).toString('hex')}`;
    const created = await t.request(TEST_PLATFORM_HOST, {
      method: 'POST',
      url: '/api/feature-flags',
      token: operator,
      payload: { key, value: 'true' },
    });
    expect(created.statusCode).toBe(200);
    const lists = [[A_HOST], [A_HOST, B_HOST], [B_HOST], [A_HOST], [A_HOST, B_HOST]];
    for (let round = 0; round < 3; round++) {
      const answers = await Promise.all(
        lists.map((workspaceUrls) =>
          t.request(TEST_PLATFORM_HOST, {
            method: 'PUT',
            url: '/api/feature-flags/workspaces',
            token: operator,
            payload: { key, workspaceUrls },
          }),
        ),
      );
      expect(answers.map((r) => r.statusCode)).toEqual(lists.map(() => 200));
      const flags = await t.request(TEST_PLATFORM_HOST, { method: 'GET', url: '/api/feature-flags', token: operator });
      const limited = (flags.json() as { key: string; enabledWorkspaces: { workspaceUrl: string }[] }[])
        .find((f) => f.key === key)!
        .enabledWorkspaces.map((w) => w.workspaceUrl)
        .sort();
      expect(lists.map((l) => [...l].sort())).toContainEqual(limited);
    }
  });
});

describe('item 9: deactivating a member ends their sessions for good', () => {
  // A route that needs a member's session (the bulk sign-up setting became public with self sign-up).
  const asMember = (token: string, host: string) => t.request(host, { method: 'GET', url: '/api/user/details', token });

  async function cast() {
    const ws = await newWorkspace(t.database.db);
    const admin = await newUser(t.database.db, ws, { role: 'WORKSPACE_ADMIN' });
    const member = await newUser(t.database.db, ws);
    const adminToken = await sessionFor(t.database.db, admin);
    const memberToken = await signIn(t, ws.host, { email: member.email, password: member.password });
    expect((await asMember(memberToken, ws.host)).statusCode).toBe(200);
    return { ws, member, adminToken, memberToken };
  }

  it.each([
    [
      'POST /api/user/update/{id}',
      (id: string, active: boolean) => ({ url: `/api/user/update/${id}`, payload: { active } }),
    ],
    [
      'POST /api/admin/update-user',
      (id: string, active: boolean) => ({ url: '/api/admin/update-user', payload: { userId: id, active } }),
    ],
  ])('through %s: the old token stays refused after reactivation; a new sign-in works', async (_, request) => {
    const { ws, member, adminToken, memberToken } = await cast();
    const set = (active: boolean) =>
      t.request(ws.host, { method: 'POST', token: adminToken, ...request(member.accountId, active) });
    expect((await set(false)).statusCode).toBe(200);
    expectError(await asMember(memberToken, ws.host), 401);
    expect((await set(true)).statusCode).toBe(200);
    expectError(await asMember(memberToken, ws.host), 401);
    const fresh = await signIn(t, ws.host, { email: member.email, password: member.password });
    expect((await asMember(fresh, ws.host)).statusCode).toBe(200);
  });

  it('a change that does not deactivate (a new designation) leaves the sessions alone', async () => {
    const { ws, member, adminToken, memberToken } = await cast();
    const res = await t.request(ws.host, {
      method: 'POST',
      url: `/api/user/update/${member.accountId}`,
      token: adminToken,
      payload: { designation: 'Analyst', active: true },
    });
    expect(res.statusCode).toBe(200);
    expect((await asMember(memberToken, ws.host)).statusCode).toBe(200);
  });

  it('the ended sessions are in the audit entry of the deactivation', async () => {
    const { ws, member, adminToken } = await cast();
    await signIn(t, ws.host, { email: member.email, password: member.password });
    const res = await t.request(ws.host, {
      method: 'POST',
      url: `/api/user/update/${member.accountId}`,
      token: adminToken,
      payload: { active: false },
    });
    expect(res.statusCode).toBe(200);
    const [entry] = await withPlatform(t.database.db, { action: 'test.read-audit', audit: false }, (tx) =>
      tx
        .select()
        .from(auditLog)
        .where(and(eq(auditLog.action, 'user.updated'), eq(auditLog.targetId, member.accountId))),
    );
    expect((entry?.details as { sessionsEnded?: number } | undefined)?.sessionsEnded).toBe(2);
  });

  it('a session in another workspace of the same account is not touched', async () => {
    const { ws, member, adminToken } = await cast();
    const other = await newWorkspace(t.database.db);
    await addMembership(t.database.db, member, other);
    const otherToken = await sessionFor(t.database.db, { accountId: member.accountId, workspace: other });
    const res = await t.request(ws.host, {
      method: 'POST',
      url: `/api/user/update/${member.accountId}`,
      token: adminToken,
      payload: { active: false },
    });
    expect(res.statusCode).toBe(200);
    expect((await asMember(otherToken, other.host)).statusCode).toBe(200);
  });
});

describe('item 10: the public company profile does not list business units to strangers', () => {
  const profile = (host: string, token?: string) =>
    t.request(host, {
      method: 'GET',
      url: `/api/workspace/company-profile/${A_HOST}`,
      ...(token ? { token } : {}),
    });

  it('anonymous: the branding the sign-in page needs, no unit ids or names', async () => {
    for (const host of [A_HOST, B_HOST, TEST_PLATFORM_HOST, 'elsewhere.test']) {
      const res = await profile(host);
      expect(res.statusCode).toBe(200);
      const body = res.json();
      expect(body.companyName).toBe('Alpha Works');
      expect(body.backgroundColor).toBe('1F6FEB');
      expect(body.branchAddressList).toEqual([]);
      expect(body.headQuarterBranchId).toBeNull();
      expect(res.body).not.toContain(unitA.name);
      expect(res.body).not.toContain(a.hq.name);
    }
  });

  it('a signed-in member of another workspace, or with a garbled token, sees no more', async () => {
    const adminBToken = await adminB.signIn(t);
    for (const [host, token] of [
      [B_HOST, adminBToken],
      [A_HOST, adminBToken],
      [A_HOST, 'A'.repeat(43)],
    ] as const) {
      const body = (await profile(host, token)).json();
      expect(body.branchAddressList).toEqual([]);
      expect(body.headQuarterBranchId).toBeNull();
    }
  });

  it('a signed-in member of the workspace, on its host, gets the units', async () => {
    const employee = await employeeA.signIn(t);
    const body = (await profile(A_HOST, employee)).json();
    expect(body.branchAddressList.map((b: { branchName: string }) => b.branchName)).toEqual([a.hq.name, unitA.name]);
    expect(body.headQuarterBranchId).toBe(body.branchAddressList[0].branchId);
  });
});

describe('item 11: a business unit logo is only a logo stored by the platform for that workspace', () => {
  const save = (url: string, branchLogo: unknown, token = adminA) =>
    t.request(A_HOST, {
      method: 'POST',
      url,
      token,
      payload: { branchName: `Logo unit ${randomBytes(3).toString('hex')}`, backgroundColor: '112233', branchLogo },
    });
  let idA: string;
  let idB: string;
  let unitId: string;
  beforeAll(async () => {
    idA = (await t.request(A_HOST, { method: 'GET', url: `/api/workspace/company-profile/${A_HOST}` })).json()
      .workspaceId;
    idB = (await t.request(A_HOST, { method: 'GET', url: `/api/workspace/company-profile/${B_HOST}` })).json()
      .workspaceId;
    const created = await save('/api/workspace/create-branch', null);
    expect(created.statusCode, created.body).toBe(200);
    unitId = created.json().branchId;
  });

  it.each([
    'https://evil.test/tracker.png',
    'http://127.0.0.1:9000/internal.png',
    '//evil.test/logo.png',
    'data:image/svg+xml;base64,PHN2Zz48L3N2Zz4=',
    'javascript:alert(1)',
    '/api/workspace/logo/../../files/x',
    '/files/some-key?exp=1&sig=x',
  ])('a logo %s is refused with 400 on create and update, and nothing changes', async (logo) => {
    const before = (
      await t.request(A_HOST, { method: 'GET', url: '/api/workspace/all-branches1', token: adminA })
    ).json();
    expectError(await save('/api/workspace/create-branch', logo), 400, 'VALIDATION_FAILED');
    const err = expectError(await save(`/api/workspace/update-branch/${unitId}`, logo), 400, 'VALIDATION_FAILED');
    expect(err.details?.[0]?.path).toBe('body.branchLogo');
    const after = (
      await t.request(A_HOST, { method: 'GET', url: '/api/workspace/all-branches1', token: adminA })
    ).json();
    expect(after).toEqual(before);
  });

  it("another workspace's stored logo is refused", async () => {
    const err = expectError(
      await save(`/api/workspace/update-branch/${unitId}`, `/api/workspace/logo/${idB}/20260101000000-abcd-logo.png`),
      400,
      'VALIDATION_FAILED',
    );
    expect(err.details?.[0]?.path).toBe('body.branchLogo');
  });

  it("this workspace's stored logo path is accepted", async () => {
    const logo = `/api/workspace/logo/${idA}/20260101000000-abcd-logo.png`;
    const res = await save(`/api/workspace/update-branch/${unitId}`, logo);
    expect(res.statusCode, res.body).toBe(200);
    expect(res.json().branchLogo).toBe(logo);
  });

  it('a foreign link saved before the fix is never handed out', async () => {
    await withPlatform(t.database.db, { action: 'test.old-logo', audit: false }, (tx) =>
      tx.update(branches).set({ logoUrl: 'https://evil.test/old.png' }).where(eq(branches.id, unitId)),
    );
    const page = (
      await t.request(A_HOST, { method: 'GET', url: '/api/workspace/all-branches1?pageSize=500', token: adminA })
    ).json() as { content: { branchId: string; branchLogo: string | null }[] };
    expect(page.content.find((u) => u.branchId === unitId)?.branchLogo).toBeNull();
    const employee = await employeeA.signIn(t);
    const profile = await t.request(A_HOST, {
      method: 'GET',
      url: `/api/workspace/company-profile/${A_HOST}`,
      token: employee,
    });
    expect(profile.body).not.toContain('evil.test');
  });
});
