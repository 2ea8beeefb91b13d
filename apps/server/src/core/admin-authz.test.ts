import { sql } from 'drizzle-orm';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { type AdminFixture, adminFixture } from '../testing/admin-fixture.ts';
import { createTestApp, type TestApp } from '../testing/test-app.ts';
import { queryRows } from './db/database.ts';
import { withPlatform } from './db/tenant.ts';

/**
 * One request of an administration route, aimed at workspace A's `target` business unit (its
 * department, user or invitation). It must succeed for A's workspace admin — the control that
 * proves the refusals below are about who asks, not about a malformed request.
 */
type AdminRoute = {
  url: (f: AdminFixture) => string;
  body?: (f: AdminFixture) => unknown;
  /**
   * The request names nothing of A (it creates something, or sets the caller's own workspace's
   * colour): B's admin on B's host is then just working in B, which is allowed; it is sent before
   * the snapshot is taken.
   */
  namesNothingOfA?: true;
};

/**
 * Every route that needs a workspace permission (`config.permission`). A route added without an
 * entry fails the first test, so that its refusals get tested too. Add entries as routes land.
 */
export const ADMIN_ROUTES: Record<string, AdminRoute> = {
  // Business units (issue 4)
  'POST /api/workspace/create-branch': {
    url: () => '/api/workspace/create-branch',
    body: () => ({ branchName: 'Authz Unit', backgroundColor: '112233', branchLogo: null }),
    namesNothingOfA: true,
  },
  'POST /api/workspace/update-branch/:id': {
    url: (f) => `/api/workspace/update-branch/${f.target.branchId}`,
    body: () => ({ branchName: 'Renamed Unit', backgroundColor: '112233', headquarter: true }),
  },
  'POST /api/workspace/delete-branch': {
    url: () => '/api/workspace/delete-branch',
    body: (f) => ({ branchIds: [f.target.emptyBranchId] }),
  },
  'PUT /api/workspace/branch/:id/bg-color/:hex': {
    url: (f) => `/api/workspace/branch/${f.target.branchId}/bg-color/ABCDEF`,
  },
  'PUT /api/workspace/bg-color/:hex': { url: () => '/api/workspace/bg-color/ABCDEF', namesNothingOfA: true },
  // Departments (issue 4)
  'POST /api/department': {
    url: () => '/api/department',
    body: (f) => ({ departmentName: 'Authz Department', branchId: f.target.branchId, allBranch: false }),
  },
  'POST /api/department/update/:id': {
    url: (f) => `/api/department/update/${f.target.departmentId}`,
    body: (f) => ({ departmentId: f.target.departmentId, departmentName: 'Renamed Department' }),
  },
  'POST /api/department/delete': {
    url: () => '/api/department/delete',
    body: (f) => ({ departmentBranches: [{ departmentId: f.target.departmentId, branchId: f.target.branchId }] }),
  },
  'POST /api/department/:id/manager': {
    url: (f) => `/api/department/${f.target.departmentId}/manager`,
    body: (f) => ({ userId: f.target.user.accountId, role: 'MANAGER' }),
  },
  'GET /api/department/:id/managers': { url: (f) => `/api/department/${f.target.departmentId}/managers` },
  'DELETE /api/department/:id/manager/:userId': {
    url: (f) => `/api/department/${f.target.departmentId}/manager/${f.target.user.accountId}`,
  },
  'GET /api/department/:id/manager-candidates': {
    url: (f) => `/api/department/${f.target.departmentId}/manager-candidates?q=test`,
  },
};

let t: TestApp;
beforeAll(async () => {
  t = await createTestApp();
});
afterAll(() => t.close());

/** What a refused request must not change: every administered table, counted and last-changed. */
async function snapshot() {
  return withPlatform(t.database.db, { action: 'test.snapshot', audit: false }, (tx) =>
    queryRows(
      tx,
      sql`select
        (select count(*)::int from branches) as branches,
        (select max(updated_at) from branches) as branches_at,
        (select count(*)::int from departments) as departments,
        (select max(updated_at) from departments) as departments_at,
        (select count(*)::int from department_managers) as managers,
        (select count(*)::int from memberships) as memberships,
        (select max(updated_at) from memberships) as memberships_at,
        (select count(*)::int from accounts) as accounts,
        (select max(updated_at) from accounts) as accounts_at,
        (select count(*)::int from invitations) as invitations,
        (select max(updated_at) from invitations) as invitations_at,
        (select count(*)::int from role_permissions) as permissions,
        (select max(updated_at) from workspaces) as workspaces_at,
        (select count(*)::int from outbox) as outbox`,
    ),
  );
}

describe('the administration route table', () => {
  it('lists exactly the routes that need a workspace permission', () => {
    const guarded = t.app.routeConfigs
      .filter((r) => r.config.permission)
      .map((r) => `${r.method} ${r.url}`)
      .sort();
    expect(guarded).toEqual(Object.keys(ADMIN_ROUTES).sort());
  });
});

const entries = Object.entries(ADMIN_ROUTES);
describe.runIf(entries.length > 0).each(entries.map(([key, route]) => ({ key, route })))('$key', ({ key, route }) => {
  const [method] = key.split(' ') as ['GET' | 'POST' | 'PUT' | 'DELETE'];
  const send = (f: AdminFixture, host: string, token: string) =>
    t.request(host, {
      method,
      url: route.url(f),
      token,
      ...(route.body ? { payload: route.body(f) as object } : {}),
    });

  it('is refused to another workspace’s admin, a branch admin outside the unit and an employee; only A’s admin succeeds', async () => {
    const f = await adminFixture(t.database.db);
    if (route.namesNothingOfA) {
      const own = await send(f, f.b.host, f.adminB.token);
      expect(own.statusCode, `B's admin on B's host: ${own.body}`).toBeLessThan(300);
    }
    const before = await snapshot();
    if (!route.namesNothingOfA) {
      // Another workspace's administrator, on their own host: A's objects are not there.
      const own = await send(f, f.b.host, f.adminB.token);
      expect(own.statusCode, `B's admin on B's host: ${own.body}`).toBeGreaterThanOrEqual(400);
      expect(own.statusCode).toBeLessThan(500);
    }
    // …and with their token on A's host: the token is not valid here.
    expect((await send(f, f.a.host, f.adminB.token)).statusCode).toBe(401);
    // A branch admin of another business unit, and an employee.
    const branchAdmin = await send(f, f.a.host, f.branchAdminOutside.token);
    expect([403, 404], `branch admin: ${branchAdmin.body}`).toContain(branchAdmin.statusCode);
    const employee = await send(f, f.a.host, f.employeeA.token);
    expect(employee.statusCode, `employee: ${employee.body}`).toBe(403);
    expect(await snapshot()).toEqual(before);
    // The control: the same request from A's workspace admin works.
    const ok = await send(f, f.a.host, f.adminA.token);
    expect(ok.statusCode, `A's admin: ${ok.body}`).toBeLessThan(300);
  });
});
