import type { TNavigationItem, TWorkspaceRole } from '@app/contract';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { withTenant } from '../../../core/db/tenant.ts';
import { rolePermissions } from '../../../db/schema.ts';
import { DEMO_PASSWORD, seedDemoData } from '../../../seed/demo.ts';
import {
  ACME_HOST,
  aMember,
  anOperator,
  aWorkspace,
  createTestApp,
  newUser,
  newWorkspace,
  signIn,
  TEST_PLATFORM_HOST,
  type TestApp,
  type TestWorkspace,
} from '../../../testing/index.ts';

let t: TestApp;

/** Signs in a new member of `role` in `workspace` and returns their token. */
async function member(workspace: TestWorkspace, role: TWorkspaceRole): Promise<string> {
  const user = await newUser(t.database.db, workspace, { role });
  return signIn(t, workspace.host, { email: user.email, password: user.password });
}

/** The menus as the user gets them: menu → enabled. */
async function menus(host: string, token: string, version = 'v3'): Promise<Record<string, boolean>> {
  const res = await t.request(host, { method: 'GET', url: `/api/navigation/${version}`, token });
  expect(res.statusCode).toBe(200);
  return Object.fromEntries((res.json() as TNavigationItem[]).map((i) => [i.menu, i.enabled]));
}

const enabledOf = (m: Record<string, boolean>) =>
  Object.entries(m)
    .filter(([, on]) => on)
    .map(([menu]) => menu)
    .sort();

let wsA: TestWorkspace;
let wsB: TestWorkspace;

beforeAll(async () => {
  t = await createTestApp();
  wsA = await newWorkspace(t.database.db, { name: 'Navigation A' });
  wsB = await newWorkspace(t.database.db, { name: 'Navigation B' });
});
afterAll(() => t.close());

describe('workspace navigation follows the role', () => {
  it('an EMPLOYEE gets the dashboard and their own areas, and no administration', async () => {
    const m = await menus(wsA.host, await member(wsA, 'EMPLOYEE'));
    expect(enabledOf(m)).toEqual(['DASHBOARD', 'MY_COMPLAINTS', 'MY_LEARNING', 'MY_POLICIES']);
    expect(m).toMatchObject({ USERS: false, PERMISSIONS: false, SETTINGS: false, COMPLAINTS: false, REPORTS: false });
    expect(Object.keys(m).filter((k) => k.startsWith('PLATFORM_'))).toEqual([]);
  });

  it('a WORKSPACE_ADMIN gets users, permissions and settings', async () => {
    const m = await menus(wsA.host, await member(wsA, 'WORKSPACE_ADMIN'));
    expect(m).toMatchObject({
      DASHBOARD: true,
      MY_LEARNING: true,
      USERS: true,
      BUSINESS_UNITS: true,
      DEPARTMENTS: true,
      INVITATIONS: true,
      PERMISSIONS: true,
      COURSES: true,
      LEARNING_CREDITS: true,
      REPORTS: true,
      SETTINGS: true,
    });
  });

  it('a BRANCH_ADMIN is in between: people of their unit, but not permissions, settings or business units', async () => {
    const employee = enabledOf(await menus(wsA.host, await member(wsA, 'EMPLOYEE')));
    const admin = enabledOf(await menus(wsA.host, await member(wsA, 'WORKSPACE_ADMIN')));
    const m = await menus(wsA.host, await member(wsA, 'BRANCH_ADMIN'));
    expect(m).toMatchObject({ USERS: true, DEPARTMENTS: true, INVITATIONS: true, REPORTS: true });
    expect(m).toMatchObject({
      PERMISSIONS: false,
      SETTINGS: false,
      BUSINESS_UNITS: false,
      COURSES: false,
      LEARNING_CREDITS: false,
    });
    // Course learners is the way in for those who assign but do not author: authors reach the same pages from Courses.
    expect(m).toMatchObject({ COURSE_LEARNERS: true });
    expect(await menus(wsA.host, await member(wsA, 'WORKSPACE_ADMIN'))).toMatchObject({ COURSE_LEARNERS: false });
    const branch = enabledOf(m).filter((menu) => menu !== 'COURSE_LEARNERS');
    expect(branch).toEqual(expect.arrayContaining(employee));
    expect(admin).toEqual(expect.arrayContaining(branch));
    expect(employee.length).toBeLessThan(branch.length);
    expect(branch.length).toBeLessThan(admin.length);
  });

  // About the demo data itself (the README's accounts): seeded here, into this file's own database.
  it('the demo accounts get the same as their roles', async () => {
    await seedDemoData(t.database.db, TEST_PLATFORM_HOST);
    const employee = await signIn(t, ACME_HOST, { email: 'employee@acme.test', password: DEMO_PASSWORD });
    const admin = await signIn(t, ACME_HOST, { email: 'admin@acme.test', password: DEMO_PASSWORD });
    expect(await menus(ACME_HOST, employee)).toMatchObject({ DASHBOARD: true, USERS: false, SETTINGS: false });
    expect(await menus(ACME_HOST, admin)).toMatchObject({ USERS: true, PERMISSIONS: true, SETTINGS: true });
  });

  it('/api/navigation/v2 answers the same as v3', async () => {
    for (const role of ['EMPLOYEE', 'BRANCH_ADMIN', 'WORKSPACE_ADMIN'] as const) {
      const token = await member(wsA, role);
      const v3 = await t.request(wsA.host, { method: 'GET', url: '/api/navigation/v3', token });
      const v2 = await t.request(wsA.host, { method: 'GET', url: '/api/navigation/v2', token });
      expect(v2.statusCode).toBe(200);
      expect(v2.json()).toEqual(v3.json());
    }
  });
});

describe("a workspace's permission overrides", () => {
  it("withdrawing users.manage from WORKSPACE_ADMIN removes USERS for that workspace's admins only", async () => {
    const adminA = await member(wsA, 'WORKSPACE_ADMIN');
    const adminB = await member(wsB, 'WORKSPACE_ADMIN');
    const employerA = await member(wsA, 'EMPLOYER');
    expect((await menus(wsA.host, adminA)).USERS).toBe(true);

    await withTenant(t.database.db, { workspaceId: wsA.id }, (tx) =>
      tx
        .insert(rolePermissions)
        .values({ workspaceId: wsA.id, role: 'WORKSPACE_ADMIN', permission: 'users.manage', granted: false }),
    );

    // The same session sees the change at once: permissions are read on every request.
    const after = await menus(wsA.host, adminA);
    expect(after).toMatchObject({ USERS: false, PERMISSIONS: true, SETTINGS: true, DEPARTMENTS: true });
    expect((await menus(wsA.host, employerA)).USERS).toBe(true);
    expect((await menus(wsB.host, adminB)).USERS).toBe(true);
    expect(await menus(wsA.host, adminA, 'v2')).toEqual(after);
  });

  it('a grant adds a menu, and an administrator cannot be locked out of permissions', async () => {
    const employee = await member(wsB, 'EMPLOYEE');
    const admin = await member(wsB, 'WORKSPACE_ADMIN');
    await withTenant(t.database.db, { workspaceId: wsB.id }, (tx) =>
      tx.insert(rolePermissions).values([
        { workspaceId: wsB.id, role: 'EMPLOYEE', permission: 'reports.view', granted: true },
        { workspaceId: wsB.id, role: 'WORKSPACE_ADMIN', permission: 'permissions.manage', granted: false },
      ]),
    );
    expect(await menus(wsB.host, employee)).toMatchObject({ REPORTS: true, USERS: false });
    expect((await menus(wsB.host, admin)).PERMISSIONS).toBe(true);
    expect((await menus(wsA.host, await member(wsA, 'EMPLOYEE'))).REPORTS).toBe(false);
  });
});

describe('white-label areas', () => {
  it('a switched-off area loses its menus for everyone in that workspace, and only there', async () => {
    const ws = await newWorkspace(t.database.db, { name: 'Navigation white label' });
    const admin = await member(ws, 'WORKSPACE_ADMIN');
    const employee = await member(ws, 'EMPLOYEE');
    const adminB = await member(wsB, 'WORKSPACE_ADMIN');
    expect(await menus(ws.host, admin)).toMatchObject({
      COURSES: true,
      LEARNING_CREDITS: true,
      MY_LEARNING: true,
      MY_COMPLAINTS: true,
    });

    const put = (whiteLabel: Record<string, boolean>) =>
      t.request(ws.host, { method: 'PUT', url: '/api/workspace/settings', token: admin, payload: { whiteLabel } });
    expect((await put({ lms: false, cms: false })).statusCode).toBe(200);
    const adminMenus = await menus(ws.host, admin);
    for (const gone of ['MY_LEARNING', 'COURSES', 'LEARNING_CREDITS', 'MY_COMPLAINTS', 'COMPLAINTS'])
      expect(adminMenus).not.toHaveProperty(gone);
    expect(adminMenus).toMatchObject({ POLICIES: true, USERS: true, SETTINGS: true });
    expect(adminMenus).toHaveProperty('COMPLIANCE');
    expect(enabledOf(await menus(ws.host, employee))).toEqual(['DASHBOARD', 'MY_POLICIES']);
    expect(await menus(wsB.host, adminB)).toMatchObject({ COURSES: true, MY_COMPLAINTS: true });

    expect((await put({ policies: false, compliance: false, lms: true })).statusCode).toBe(200);
    const m = await menus(ws.host, admin);
    for (const gone of ['MY_POLICIES', 'POLICIES', 'COMPLIANCE', 'COMPLAINTS']) expect(m).not.toHaveProperty(gone);
    expect(m).toMatchObject({ COURSES: true, LEARNING_CREDITS: true, MY_LEARNING: true });
  });
});

describe('navigation needs a valid session', () => {
  it.each(['v3', 'v2'])('/api/navigation/%s without a token → 401 in the error shape', async (version) => {
    for (const token of [undefined, 'x'.repeat(43)]) {
      const res = await t.request(wsA.host, {
        method: 'GET',
        url: `/api/navigation/${version}`,
        ...(token ? { token } : {}),
      });
      expect(res.statusCode).toBe(401);
      expect(res.headers['content-type']).toMatch(/^application\/json/);
      expect(res.json()).toEqual({ status: 401, code: 'UNAUTHENTICATED', message: expect.stringMatching(/sign in/i) });
    }
  });

  it("a session from another workspace's host is refused", async () => {
    const tokenB = await member(wsB, 'WORKSPACE_ADMIN');
    const res = await t.request(wsA.host, { method: 'GET', url: '/api/navigation/v3', token: tokenB });
    expect(res.statusCode).toBe(401);
  });
});

describe('platform navigation', () => {
  it('the operator gets the platform menus enabled', async () => {
    const operator = await (await anOperator(t)).signIn(t);
    const m = await menus(TEST_PLATFORM_HOST, operator);
    expect(m).toEqual({
      DASHBOARD: true,
      PLATFORM_WORKSPACES: true,
      PLATFORM_FEATURE_FLAGS: true,
      PLATFORM_COURSES: true,
      PLATFORM_CREDIT_REQUESTS: true,
      PLATFORM_JURISDICTIONS: true,
      PLATFORM_COMPLIANCE: true,
    });
    expect(await menus(TEST_PLATFORM_HOST, operator, 'v2')).toEqual(m);
  });

  it('a person without the operator role on the platform host gets them disabled', async () => {
    const admin = await aMember(await aWorkspace(t), { role: 'WORKSPACE_ADMIN' });
    const person = await signIn(t, TEST_PLATFORM_HOST, { email: admin.email, password: admin.password });
    expect(await menus(TEST_PLATFORM_HOST, person)).toEqual({
      DASHBOARD: true,
      PLATFORM_WORKSPACES: false,
      PLATFORM_FEATURE_FLAGS: false,
      PLATFORM_COURSES: false,
      PLATFORM_CREDIT_REQUESTS: false,
      PLATFORM_JURISDICTIONS: false,
      PLATFORM_COMPLIANCE: false,
    });
  });
});
