import { eq } from 'drizzle-orm';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { withPlatform } from '../core/db/tenant.ts';
import { workspaces } from '../db/schema.ts';
import { TEST_PLATFORM_HOST } from './constants.ts';
import { aBusinessUnit, aDepartment, aMember, anInvitation, anOperator, aWorkspace, newPhone } from './factories.ts';
import { createTestApp, type TestApp } from './test-app.ts';

let t: TestApp;
beforeAll(async () => {
  t = await createTestApp();
});
afterAll(() => t.close());

const details = (host: string, token: string) =>
  t.request(host, { method: 'GET', url: '/api/user/details', token }).then((r) => {
    expect(r.statusCode, r.body).toBe(200);
    return r.json();
  });

describe('the test factories', () => {
  it('make workspaces with unique hosts, each with its headquarters marked', async () => {
    const [a, b] = await Promise.all([aWorkspace(t), aWorkspace(t, { name: 'Named Works', color: 'D7263D' })]);
    expect(a.host).not.toBe(b.host);
    const profile = await t.request(b.host, { method: 'GET', url: `/api/workspace/company-profile/${b.host}` });
    expect(profile.json()).toMatchObject({
      companyName: 'Named Works',
      backgroundColor: 'D7263D',
      workspaceUrl: b.host,
    });
    const [row] = await withPlatform(t.database.db, { action: 'test.read', audit: false }, (tx) =>
      tx.select().from(workspaces).where(eq(workspaces.id, a.id)),
    );
    expect(row?.headQuarterBranchId).toBe(a.hq.id);
  });

  it("a member signs in through the real route, in their unit and department (the docs' example)", async () => {
    const ws = await aWorkspace(t);
    const mumbai = await aBusinessUnit(ws, { name: 'Mumbai' });
    const ops = await aDepartment(mumbai, { name: 'Operations' });
    const admin = await aMember(ws, { role: 'BRANCH_ADMIN', unit: mumbai, department: ops, designation: 'Lead' });
    const body = await details(ws.host, await admin.signIn(t));
    expect(body.currentRole).toBe('BRANCH_ADMIN');
    expect(body.workspaces[0]).toMatchObject({
      designation: 'Lead',
      employeeId: admin.employeeId,
      branch: expect.objectContaining({ branchName: 'Mumbai' }),
      department: expect.objectContaining({ departmentName: 'Operations' }),
    });
    // A session opened without the password check works the same.
    expect((await details(ws.host, await admin.session())).user.userEmail).toBe(admin.email);
  });

  it('a username-only member, a chosen password, and a first-login member', async () => {
    const ws = await aWorkspace(t);
    const username = `user-${ws.slug}`;
    const byName = await aMember(ws, { email: null, username, phone: newPhone(), password: 'Another-Secret-7' });
    expect((await details(ws.host, await byName.signIn(t))).user.username).toBe(username);
    const wrong = await t.request(ws.host, {
      method: 'POST',
      url: '/api/user/signin',
      payload: { username, userPassword: 'Correct-Horse-9' },
    });
    expect(wrong.statusCode).toBe(401);
    const first = await aMember(ws, { firstLogin: true, department: ws.hqDepartment });
    const body = await details(ws.host, await first.signIn(t));
    expect(body.user.firstLogin).toBe(true);
    expect(body.workspaces[0].department).toMatchObject({ departmentName: ws.hqDepartment.name });
  });

  it('an operator signs in on the platform host', async () => {
    const operator = await anOperator(t);
    const body = await details(TEST_PLATFORM_HOST, await operator.signIn(t));
    expect(body.currentRole).toBe('PLATFORM_ADMIN');
  });

  it('an invitation can be previewed by its code; an expired one says so', async () => {
    const ws = await aWorkspace(t);
    const unit = await aBusinessUnit(ws);
    const preview = async (code: string) => {
      const res = await t.request(ws.host, { method: 'GET', url: `/api/invite/claim/${code}` });
      expect(res.statusCode, res.body).toBe(200);
      return res.json();
    };
    const live = await anInvitation(ws, { unit, role: 'EMPLOYER' });
    expect(await preview(live.code)).toMatchObject({
      status: 'VALID',
      userEmail: live.email,
      role: 'EMPLOYER',
      branchName: unit.name,
      departmentName: null,
    });
    const expired = await anInvitation(ws, { expiresInDays: -1 });
    expect(await preview(expired.code)).toMatchObject({ status: 'EXPIRED', branchName: ws.hq.name });
  });
});
