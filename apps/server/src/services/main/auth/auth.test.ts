import { ZUserDetailsResponse } from '@app/contract';
import { eq, sql } from 'drizzle-orm';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { withPlatform, withTenant } from '../../../core/db/tenant.ts';
import { auditLog, memberships } from '../../../db/schema.ts';
import { TEST_PLATFORM_HOST } from '../../../testing/constants.ts';
import {
  type AMember,
  type AWorkspace,
  aDepartment,
  addMembership,
  aMember,
  anOperator,
  aWorkspace,
  newPhone,
  newUser,
  newWorkspace,
  signIn,
} from '../../../testing/factories.ts';
import { createTestApp, type TestApp } from '../../../testing/test-app.ts';

let t: TestApp;
/** Workspace A with its admin, an employer and an employee; workspace B with its admin. */
let a: AWorkspace;
let b: AWorkspace;
let A_HOST: string;
let B_HOST: string;
let adminA: AMember;
let employerA: AMember;
let employeeA: AMember;
let adminB: AMember;
beforeAll(async () => {
  t = await createTestApp();
  a = await aWorkspace(t, { name: 'Alpha Works' });
  b = await aWorkspace(t, { name: 'Beta Works' });
  A_HOST = a.host;
  B_HOST = b.host;
  adminA = await aMember(a, { role: 'WORKSPACE_ADMIN' });
  employerA = await aMember(a, { role: 'EMPLOYER' });
  employeeA = await aMember(a, {
    firstName: 'Rahul',
    lastName: 'Sharma',
    designation: 'Software Engineer',
    department: await aDepartment(a.hq, { name: 'Engineering' }),
  });
  adminB = await aMember(b, { role: 'WORKSPACE_ADMIN' });
});
afterAll(() => t.close());

const signin = (host: string, payload: object) => t.request(host, { method: 'POST', url: '/api/user/signin', payload });

describe('password sign-in', () => {
  it('returns a bearer token valid for 120 days', async () => {
    const res = await signin(A_HOST, { userEmail: adminA.email, userPassword: adminA.password });
    expect(res.statusCode).toBe(200);
    const body = res.json();
    expect(body.tokenType).toBe('Bearer');
    expect(body.accessToken).toMatch(/^[A-Za-z0-9_-]{40,}$/);
    const days = (new Date(body.expiresAt).getTime() - Date.now()) / 86_400_000;
    expect(days).toBeGreaterThan(119.9);
    expect(days).toBeLessThanOrEqual(120);
  });

  it('stores only a hash of the token', async () => {
    const token = await employeeA.signIn(t);
    const rows = await withPlatform(t.database.db, { action: 'test', audit: false }, (tx) =>
      tx.execute(sql`select count(*)::int as n from sessions where token_hash = ${token}`),
    );
    expect((rows as unknown as { rows: { n: number }[] }).rows[0]?.n).toBe(0);
  });

  it('accepts a username, and an email address typed in any case', async () => {
    const username = `emp-${a.slug}`;
    const byName = await aMember(a, { email: null, username, phone: newPhone() });
    expect((await signin(A_HOST, { username, userPassword: byName.password })).statusCode).toBe(200);
    expect(
      (await signin(A_HOST, { userEmail: adminA.email.toUpperCase(), userPassword: adminA.password })).statusCode,
    ).toBe(200);
  });

  it('answers an unknown account, a wrong password and a non-member the same way', async () => {
    const answers = await Promise.all([
      signin(A_HOST, { userEmail: `nobody-${a.slug}@example.test`, userPassword: adminA.password }),
      signin(A_HOST, { userEmail: adminA.email, userPassword: 'wrong-password' }),
      signin(A_HOST, { userEmail: adminB.email, userPassword: adminB.password }),
    ]);
    for (const res of answers) {
      expect(res.statusCode).toBe(401);
      expect(res.json()).toEqual(answers[0]!.json());
    }
    expect(answers[0]!.json()).toMatchObject({ code: 'INVALID_CREDENTIALS' });
  });

  it('refuses a deactivated membership, and its open sessions stop working', async () => {
    const ws = await newWorkspace(t.database.db);
    const user = await newUser(t.database.db, ws);
    const token = await signIn(t, ws.host, { email: user.email, password: user.password });
    expect((await t.request(ws.host, { method: 'GET', url: '/api/user/details', token })).statusCode).toBe(200);
    await withTenant(t.database.db, { workspaceId: ws.id }, (tx) =>
      tx.update(memberships).set({ active: false }).where(eq(memberships.accountId, user.accountId)),
    );
    expect((await t.request(ws.host, { method: 'GET', url: '/api/user/details', token })).statusCode).toBe(401);
    expect((await signin(ws.host, { userEmail: user.email, userPassword: user.password })).statusCode).toBe(401);
  });

  it('audits success and failure with workspace, account, IP and trace id', async () => {
    const traceId = 'trace-audit-check-1';
    await t.request(A_HOST, {
      method: 'POST',
      url: '/api/user/signin',
      payload: { userEmail: employerA.email, userPassword: 'nope-nope' },
      headers: { 'x-trace-id': traceId },
    });
    const rows = await withPlatform(t.database.db, { action: 'test', audit: false }, (tx) =>
      tx.select().from(auditLog).where(eq(auditLog.traceId, traceId)),
    );
    expect(rows).toHaveLength(1);
    expect(rows[0]).toMatchObject({ action: 'auth.signin.failure', ip: '127.0.0.1' });
    expect(rows[0]!.workspaceId).toBe(a.id);
    expect(rows[0]!.actorAccountId).toBe(employerA.accountId);
  });
});

describe('user details', () => {
  it("returns the person and every field of the spec's user session", async () => {
    const token = await employeeA.signIn(t);
    const res = await t.request(A_HOST, { method: 'GET', url: '/api/user/details', token });
    expect(res.statusCode).toBe(200);
    const body = ZUserDetailsResponse.parse(res.json());
    expect(body.user).toMatchObject({
      firstName: 'Rahul',
      lastName: 'Sharma',
      userEmail: employeeA.email,
      platformRole: null,
    });
    expect(body.currentRole).toBe('EMPLOYEE');
    expect(body.workspaces).toEqual([
      expect.objectContaining({
        workspaceUrl: A_HOST,
        role: 'EMPLOYEE',
        companyName: 'Alpha Works',
        designation: 'Software Engineer',
        employeeId: employeeA.employeeId,
        branch: expect.objectContaining({ branchName: a.hq.name }),
        department: expect.objectContaining({ departmentName: 'Engineering' }),
        bulkSignUpEnabled: false,
        isDefault: true,
        active: true,
      }),
    ]);
  });

  it('lists every workspace of a person with two memberships, with the role of each', async () => {
    // EMPLOYEE in A (the default workspace), WORKSPACE_ADMIN in B.
    const both = await aMember(a);
    await addMembership(t.database.db, both, b, { role: 'WORKSPACE_ADMIN' });
    const token = await signIn(t, B_HOST, { email: both.email, password: both.password });
    const body = (await t.request(B_HOST, { method: 'GET', url: '/api/user/details', token })).json();
    expect(body.currentRole).toBe('WORKSPACE_ADMIN');
    expect(body.workspaces.map((w: { companyName: string; role: string }) => [w.companyName, w.role])).toEqual([
      ['Alpha Works', 'EMPLOYEE'],
      ['Beta Works', 'WORKSPACE_ADMIN'],
    ]);
  });

  it('on the platform host, returns the operator with the platform role', async () => {
    const token = await (await anOperator(t)).signIn(t);
    const body = (await t.request(TEST_PLATFORM_HOST, { method: 'GET', url: '/api/user/details', token })).json();
    expect(body).toMatchObject({ currentWorkspaceId: null, currentRole: 'PLATFORM_ADMIN', workspaces: [] });
    expect(body.user.platformRole).toBe('PLATFORM_ADMIN');
  });

  it('without a token, or with a made-up one, is 401 with the error shape', async () => {
    for (const token of [undefined, 'x'.repeat(43)]) {
      const res = await t.request(A_HOST, { method: 'GET', url: '/api/user/details', ...(token ? { token } : {}) });
      expect(res.statusCode).toBe(401);
      expect(res.json()).toEqual({ status: 401, code: 'UNAUTHENTICATED', message: expect.any(String) });
    }
  });
});

describe('sign-out', () => {
  it('revokes the token at once; other sessions of the person keep working', async () => {
    const first = await employerA.signIn(t);
    const second = await employerA.signIn(t);
    const out = await t.request(A_HOST, { method: 'GET', url: '/api/user/sign-out', token: first });
    expect(out.statusCode).toBe(200);
    expect((await t.request(A_HOST, { method: 'GET', url: '/api/user/details', token: first })).statusCode).toBe(401);
    expect((await t.request(A_HOST, { method: 'GET', url: '/api/user/sign-out', token: first })).statusCode).toBe(401);
    expect((await t.request(A_HOST, { method: 'GET', url: '/api/user/details', token: second })).statusCode).toBe(200);
  });
});
