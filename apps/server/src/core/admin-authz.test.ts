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
   * A workspace-wide route with no object of A in it (the permission matrix): B's admin on B's own
   * host acts on B, legitimately; the check is then that A is untouched.
   */
  ownWorkspaceSucceeds?: true;
};

/**
 * Every route that needs a workspace permission (`config.permission`). A route added without an
 * entry fails the first test, so that its refusals get tested too. Add entries as routes land.
 */
export const ADMIN_ROUTES: Record<string, AdminRoute> = {
  'GET /api/workspace/users/stats': { url: (f) => `/api/workspace/users/stats?branchId=${f.target.branchId}` },
  'GET /api/workspace/users/filter-options': {
    url: (f) => `/api/workspace/users/filter-options?branchId=${f.target.branchId}`,
  },
  'POST /api/workspace/users': {
    url: () => '/api/workspace/users?pageNo=0&pageSize=20',
    body: (f) => ({ branchId: f.target.branchId }),
  },
  'POST /api/workspace/users/search': {
    url: () => '/api/workspace/users/search?pageNo=0&pageSize=20',
    body: (f) => ({ branchId: f.target.branchId, searchText: 'a' }),
  },
  'POST /api/user/search': {
    url: () => '/api/user/search',
    body: (f) => ({ category: 'ALL', searchText: 'a', branchId: f.target.branchId }),
  },
  'POST /api/user/update/:id': {
    url: (f) => `/api/user/update/${f.target.user.accountId}`,
    body: () => ({ designation: 'Changed', active: false }),
  },
  'POST /api/admin/update-user': {
    url: () => '/api/admin/update-user',
    body: (f) => ({ userId: f.target.user.accountId, firstName: 'Changed' }),
  },
  'DELETE /api/user/:id': { url: (f) => `/api/user/${f.target.user.accountId}` },
  'POST /api/user/delete/bulk': {
    url: () => '/api/user/delete/bulk',
    body: (f) => ({ ids: [f.target.user.accountId] }),
  },
  'GET /api/permission/all': { url: () => '/api/permission/all', ownWorkspaceSucceeds: true },
  'POST /api/permission/update': {
    url: () => '/api/permission/update',
    body: () => ({ role: 'EMPLOYEE', permission: 'reports.view', granted: true }),
    ownWorkspaceSucceeds: true,
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
    let before = await snapshot();
    // Another workspace's administrator, on their own host: A's objects are not there.
    const own = await send(f, f.b.host, f.adminB.token);
    if (route.ownWorkspaceSucceeds) {
      expect(own.statusCode, `B's admin on B's host: ${own.body}`).toBeLessThan(300);
      before = await snapshot();
    } else {
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
