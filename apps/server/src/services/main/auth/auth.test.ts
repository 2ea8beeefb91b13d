import { ZUserDetailsResponse } from '@app/contract';
import { eq, sql } from 'drizzle-orm';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { withPlatform, withTenant } from '../../../core/db/tenant.ts';
import { auditLog, memberships } from '../../../db/schema.ts';
import { DEMO_PASSWORD } from '../../../seed/demo.ts';
import { ACME_HOST, GLOBEX_HOST, TEST_PLATFORM_HOST } from '../../../testing/constants.ts';
import { newUser, newWorkspace, signIn } from '../../../testing/factories.ts';
import { createTestApp, type TestApp } from '../../../testing/test-app.ts';

let t: TestApp;
beforeAll(async () => {
  t = await createTestApp();
});
afterAll(() => t.close());

const signin = (host: string, payload: object) => t.request(host, { method: 'POST', url: '/api/user/signin', payload });

describe('password sign-in', () => {
  it('returns a bearer token valid for 120 days', async () => {
    const res = await signin(ACME_HOST, { userEmail: 'admin@acme.test', userPassword: DEMO_PASSWORD });
    expect(res.statusCode).toBe(200);
    const body = res.json();
    expect(body.tokenType).toBe('Bearer');
    expect(body.accessToken).toMatch(/^[A-Za-z0-9_-]{40,}$/);
    const days = (new Date(body.expiresAt).getTime() - Date.now()) / 86_400_000;
    expect(days).toBeGreaterThan(119.9);
    expect(days).toBeLessThanOrEqual(120);
  });

  it('stores only a hash of the token', async () => {
    const token = await signIn(t, ACME_HOST, { email: 'employee@acme.test', password: DEMO_PASSWORD });
    const rows = await withPlatform(t.database.db, { action: 'test', audit: false }, (tx) =>
      tx.execute(sql`select count(*)::int as n from sessions where token_hash = ${token}`),
    );
    expect((rows as unknown as { rows: { n: number }[] }).rows[0]?.n).toBe(0);
  });

  it('accepts a username, and an email address typed in any case', async () => {
    expect((await signin(ACME_HOST, { username: 'acme-emp-0042', userPassword: DEMO_PASSWORD })).statusCode).toBe(200);
    expect((await signin(ACME_HOST, { userEmail: 'Admin@Acme.TEST', userPassword: DEMO_PASSWORD })).statusCode).toBe(
      200,
    );
  });

  it('answers an unknown account, a wrong password and a non-member the same way', async () => {
    const answers = await Promise.all([
      signin(ACME_HOST, { userEmail: 'nobody@acme.test', userPassword: DEMO_PASSWORD }),
      signin(ACME_HOST, { userEmail: 'admin@acme.test', userPassword: 'wrong-password' }),
      signin(ACME_HOST, { userEmail: 'admin@globex.test', userPassword: DEMO_PASSWORD }),
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
    await t.request(ACME_HOST, {
      method: 'POST',
      url: '/api/user/signin',
      payload: { userEmail: 'employer@acme.test', userPassword: 'nope-nope' },
      headers: { 'x-trace-id': traceId },
    });
    const rows = await withPlatform(t.database.db, { action: 'test', audit: false }, (tx) =>
      tx.select().from(auditLog).where(eq(auditLog.traceId, traceId)),
    );
    expect(rows).toHaveLength(1);
    expect(rows[0]).toMatchObject({ action: 'auth.signin.failure', ip: '127.0.0.1' });
    expect(rows[0]!.workspaceId).not.toBeNull();
    expect(rows[0]!.actorAccountId).not.toBeNull();
  });
});

describe('user details', () => {
  it("returns the person and every field of the spec's user session", async () => {
    const token = await signIn(t, ACME_HOST, { email: 'employee@acme.test', password: DEMO_PASSWORD });
    const res = await t.request(ACME_HOST, { method: 'GET', url: '/api/user/details', token });
    expect(res.statusCode).toBe(200);
    const body = ZUserDetailsResponse.parse(res.json());
    expect(body.user).toMatchObject({
      firstName: 'Rahul',
      lastName: 'Sharma',
      userEmail: 'employee@acme.test',
      platformRole: null,
    });
    expect(body.currentRole).toBe('EMPLOYEE');
    expect(body.workspaces).toEqual([
      expect.objectContaining({
        workspaceUrl: ACME_HOST,
        role: 'EMPLOYEE',
        companyName: 'Acme Corporation',
        designation: 'Software Engineer',
        employeeId: expect.stringMatching(/^ACME-/),
        branch: expect.objectContaining({ branchName: 'Bengaluru HQ' }),
        department: expect.objectContaining({ departmentName: 'Engineering' }),
        bulkSignUpEnabled: false,
        isDefault: true,
        active: true,
      }),
    ]);
  });

  it('lists every workspace of a person with two memberships, with the role of each', async () => {
    const token = await signIn(t, GLOBEX_HOST, { email: 'both@demo.test', password: DEMO_PASSWORD });
    const body = (await t.request(GLOBEX_HOST, { method: 'GET', url: '/api/user/details', token })).json();
    expect(body.currentRole).toBe('WORKSPACE_ADMIN');
    expect(body.workspaces.map((w: { companyName: string; role: string }) => [w.companyName, w.role])).toEqual([
      ['Acme Corporation', 'EMPLOYEE'],
      ['Globex Canada', 'WORKSPACE_ADMIN'],
    ]);
  });

  it('on the platform host, returns the operator with the platform role', async () => {
    const token = await signIn(t, TEST_PLATFORM_HOST, { email: 'operator@platform.test', password: DEMO_PASSWORD });
    const body = (await t.request(TEST_PLATFORM_HOST, { method: 'GET', url: '/api/user/details', token })).json();
    expect(body).toMatchObject({ currentWorkspaceId: null, currentRole: 'PLATFORM_ADMIN', workspaces: [] });
    expect(body.user.platformRole).toBe('PLATFORM_ADMIN');
  });

  it('without a token, or with a made-up one, is 401 with the error shape', async () => {
    for (const token of [undefined, 'x'.repeat(43)]) {
      const res = await t.request(ACME_HOST, { method: 'GET', url: '/api/user/details', ...(token ? { token } : {}) });
      expect(res.statusCode).toBe(401);
      expect(res.json()).toEqual({ status: 401, code: 'UNAUTHENTICATED', message: expect.any(String) });
    }
  });
});

describe('sign-out', () => {
  it('revokes the token at once; other sessions of the person keep working', async () => {
    const first = await signIn(t, ACME_HOST, { email: 'employer@acme.test', password: DEMO_PASSWORD });
    const second = await signIn(t, ACME_HOST, { email: 'employer@acme.test', password: DEMO_PASSWORD });
    const out = await t.request(ACME_HOST, { method: 'GET', url: '/api/user/sign-out', token: first });
    expect(out.statusCode).toBe(200);
    expect((await t.request(ACME_HOST, { method: 'GET', url: '/api/user/details', token: first })).statusCode).toBe(
      401,
    );
    expect((await t.request(ACME_HOST, { method: 'GET', url: '/api/user/sign-out', token: first })).statusCode).toBe(
      401,
    );
    expect((await t.request(ACME_HOST, { method: 'GET', url: '/api/user/details', token: second })).statusCode).toBe(
      200,
    );
  });
});
