import type { TPermissionMatrix, TUserStats, TWorkspaceUser } from '@app/contract';
import { sql } from 'drizzle-orm';
import ExcelJS from 'exceljs';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { queryRows } from '../../../core/db/database.ts';
import { withPlatform } from '../../../core/db/tenant.ts';
import { branches, departments } from '../../../db/schema.ts';
import { sessionFor } from '../../../testing/admin-fixture.ts';
import {
  addMembership,
  createTestApp,
  newPhone,
  newUser,
  newWorkspace,
  type TestApp,
  type TestUser,
  type TestWorkspace,
} from '../../../testing/index.ts';

let t: TestApp;
let ws: TestWorkspace;
/** A second business unit of `ws`, with a department. */
let mumbai: { branchId: string; departmentId: string };
let admin: TestUser;
let adminToken: string;

const post = (token: string, url: string, payload: object, host = ws.host) =>
  t.request(host, { method: 'POST', url, token, payload });

async function asMember(role: TestUser['role'], branchId?: string) {
  const user = await newUser(t.database.db, branchId ? { ...ws, branchId } : ws, { role });
  return { user, token: await sessionFor(t.database.db, user) };
}

async function platformRows<T>(query: ReturnType<typeof sql>) {
  return withPlatform(t.database.db, { action: 'test.read', audit: false }, (tx) => queryRows<T>(tx, query));
}

beforeAll(async () => {
  t = await createTestApp();
  ws = await newWorkspace(t.database.db, { name: 'Users Test' });
  mumbai = await withPlatform(t.database.db, { action: 'test.fixture', audit: false }, async (tx) => {
    const [b] = await tx.insert(branches).values({ workspaceId: ws.id, name: 'Mumbai' }).returning();
    const [d] = await tx
      .insert(departments)
      .values({ workspaceId: ws.id, branchId: b!.id, name: 'Operations' })
      .returning();
    return { branchId: b!.id, departmentId: d!.id };
  });
  admin = await newUser(t.database.db, ws, { role: 'WORKSPACE_ADMIN', firstName: 'Aarti', lastName: 'Admin' });
  adminToken = await sessionFor(t.database.db, admin);
});
afterAll(() => t.close());

describe('listing and searching users', () => {
  it('pages users sorted by name, filters by unit, role and status, and never lists deleted ones', async () => {
    const names = ['Zoya', 'Bela', 'Chetan'];
    const made = [];
    for (const firstName of names) {
      made.push(
        await newUser(t.database.db, { ...ws, branchId: mumbai.branchId }, { firstName, lastName: 'Mumbaikar' }),
      );
    }
    const res = await post(adminToken, '/api/workspace/users?pageNo=0&pageSize=2', { branchId: mumbai.branchId });
    expect(res.statusCode, res.body).toBe(200);
    const page = res.json();
    expect(page).toMatchObject({ totalElements: 3, totalPages: 2, number: 0, size: 2, first: true, last: false });
    expect(page.content.map((u: TWorkspaceUser) => u.firstName)).toEqual(['Bela', 'Chetan']);
    expect(page.content[0].branch).toEqual({ branchId: mumbai.branchId, branchName: 'Mumbai' });
    const second = (
      await post(adminToken, '/api/workspace/users?pageNo=1&pageSize=2', { branchId: mumbai.branchId })
    ).json();
    expect(second.content.map((u: TWorkspaceUser) => u.firstName)).toEqual(['Zoya']);

    await post(adminToken, `/api/user/update/${made[0]!.accountId}`, { active: false });
    const inactive = (
      await post(adminToken, '/api/workspace/users', { branchId: mumbai.branchId, status: 'INACTIVE' })
    ).json();
    expect(inactive.content.map((u: TWorkspaceUser) => u.firstName)).toEqual(['Zoya']);
    const admins = (await post(adminToken, '/api/workspace/users', { role: 'WORKSPACE_ADMIN' })).json();
    expect(admins.content.map((u: TWorkspaceUser) => u.userId)).toEqual([admin.accountId]);

    const del = await t.request(ws.host, {
      method: 'DELETE',
      url: `/api/user/${made[1]!.accountId}`,
      token: adminToken,
    });
    expect(del.statusCode, del.body).toBe(200);
    const after = (await post(adminToken, '/api/workspace/users', { branchId: mumbai.branchId })).json();
    expect(after.content.map((u: TWorkspaceUser) => u.firstName)).toEqual(['Chetan', 'Zoya']);
  });

  it('searches names, email, employee id and phone without regard to case; % and _ are plain text', async () => {
    const phone = newPhone();
    const u = await newUser(t.database.db, ws, { firstName: 'Ishaan', lastName: 'Kapoor', phone });
    await post(adminToken, `/api/user/update/${u.accountId}`, { employeeId: 'EMP-9_17' });
    const search = async (searchText: string) =>
      (await post(adminToken, '/api/workspace/users/search', { searchText }))
        .json()
        .content.map((x: TWorkspaceUser) => x.userId);
    expect(await search('ishaan kap')).toEqual([u.accountId]);
    expect(await search(u.email.toUpperCase())).toEqual([u.accountId]);
    expect(await search('emp-9_1')).toEqual([u.accountId]);
    expect(await search(phone.slice(3))).toEqual([u.accountId]);
    expect(await search('%')).toEqual([]);
    const quick = await post(adminToken, '/api/user/search', { category: 'EMPLOYEE_ID', searchText: 'EMP-9' });
    expect(quick.json().map((x: TWorkspaceUser) => x.userId)).toEqual([u.accountId]);
    const byName = await post(adminToken, '/api/user/search', { category: 'EMAIL', searchText: 'ishaan' });
    expect(byName.json()).toEqual([]);
    await post(adminToken, `/api/user/update/${u.accountId}`, { active: false });
    expect((await post(adminToken, '/api/user/search', { category: 'NAME', searchText: 'ishaan' })).json()).toEqual([]);
    const all = await post(adminToken, '/api/user/search', {
      category: 'NAME',
      searchText: 'ishaan',
      includeNonActive: true,
    });
    expect(all.json()).toHaveLength(1);
  });

  it('the sort and search keys follow the account: a change made in one workspace re-sorts and re-finds the person in every workspace', async () => {
    const other = await newWorkspace(t.database.db, { name: 'Users Test Other' });
    const otherAdmin = await newUser(t.database.db, other, { role: 'WORKSPACE_ADMIN', firstName: 'Oona' });
    const otherToken = await sessionFor(t.database.db, otherAdmin);
    const u = await newUser(t.database.db, ws, { firstName: 'Quentin', lastName: 'Quill' });
    await addMembership(t.database.db, u, other);
    const keys = () =>
      platformRows<{ sort_first: string; sort_last: string; search_text: string }>(
        sql`select sort_first, sort_last, search_text from memberships where account_id = ${u.accountId} order by workspace_id`,
      );
    expect((await keys()).map((k) => [k.sort_first, k.sort_last])).toEqual([
      ['quentin', 'quill'],
      ['quentin', 'quill'],
    ]);
    // Renamed by the first workspace's admin: the other workspace's list sorts and finds the new name.
    expect((await post(adminToken, `/api/user/update/${u.accountId}`, { firstName: 'Aaron' })).statusCode).toBe(200);
    const otherList = (await post(otherToken, '/api/workspace/users', {}, other.host)).json();
    expect(otherList.content[0].userId).toBe(u.accountId);
    const find = async (text: string) =>
      (await post(otherToken, '/api/workspace/users/search', { searchText: text }, other.host))
        .json()
        .content.map((x: TWorkspaceUser) => x.userId);
    expect(await find('aaron qu')).toEqual([u.accountId]);
    expect(await find('quentin')).toEqual([]);
    // The indexed lookup reads the current workspace only: the first workspace's admin is not found.
    expect(await find('aarti admin')).toEqual([]);
    // An email changed outside the API (as the platform) is found too.
    await platformRows(sql`update accounts set email = 'renamed.quill@example.test' where id = ${u.accountId}`);
    expect(await find('RENAMED.QUILL')).toEqual([u.accountId]);
    // The keys cannot be written by hand: the trigger recomputes them on every write.
    await platformRows(
      sql`update memberships set sort_first = 'zzz', search_text = 'x' where account_id = ${u.accountId}`,
    );
    for (const k of await keys()) {
      expect([k.sort_first, k.sort_last]).toEqual(['aaron', 'quill']);
      expect(k.search_text).toContain('renamed.quill@example.test');
    }
  });

  it('stats count the caller’s scope by status and role', async () => {
    const res = await t.request(ws.host, { method: 'GET', url: '/api/workspace/users/stats', token: adminToken });
    const stats = res.json() as TUserStats;
    expect(stats.total).toBe(stats.active + stats.inactive);
    expect(stats.byRole.WORKSPACE_ADMIN).toBeGreaterThanOrEqual(1);
    const list = (await post(adminToken, '/api/workspace/users?pageSize=500', {})).json();
    expect(stats.total).toBe(list.totalElements);
  });
});

describe('a BRANCH_ADMIN manages only employees of its own business unit', () => {
  it('sees only its unit, cannot move people out or grant roles above EMPLOYEE, cannot touch admins', async () => {
    const ba = await asMember('BRANCH_ADMIN', mumbai.branchId);
    const mine = await newUser(t.database.db, { ...ws, branchId: mumbai.branchId }, { firstName: 'Mine' });
    const elsewhere = await newUser(t.database.db, ws, { firstName: 'Elsewhere' });
    const list = (await post(ba.token, '/api/workspace/users?pageSize=500', {})).json();
    expect(list.content.every((u: TWorkspaceUser) => u.branch?.branchId === mumbai.branchId)).toBe(true);
    expect((await post(ba.token, '/api/workspace/users', { branchId: ws.branchId })).statusCode).toBe(403);
    const stats = (
      await t.request(ws.host, { method: 'GET', url: '/api/workspace/users/stats', token: ba.token })
    ).json();
    expect(stats.total).toBe(list.totalElements);

    expect((await post(ba.token, `/api/user/update/${elsewhere.accountId}`, { designation: 'x' })).statusCode).toBe(
      404,
    );
    expect((await post(ba.token, `/api/user/update/${mine.accountId}`, { branchId: ws.branchId })).statusCode).toBe(
      403,
    );
    expect((await post(ba.token, `/api/user/update/${mine.accountId}`, { role: 'BRANCH_ADMIN' })).statusCode).toBe(403);
    const ok = await post(ba.token, `/api/user/update/${mine.accountId}`, {
      designation: 'Supervisor',
      departmentId: mumbai.departmentId,
    });
    expect(ok.statusCode, ok.body).toBe(200);
    expect(ok.json()).toMatchObject({ designation: 'Supervisor', department: { departmentName: 'Operations' } });
    const otherAdmin = await newUser(t.database.db, { ...ws, branchId: mumbai.branchId }, { role: 'BRANCH_ADMIN' });
    expect((await post(ba.token, `/api/user/update/${otherAdmin.accountId}`, { active: false })).statusCode).toBe(403);
    const bulk = await post(ba.token, '/api/user/delete/bulk', { ids: [mine.accountId, elsewhere.accountId] });
    expect(bulk.statusCode).toBe(404);
    expect(bulk.json().details).toEqual([
      {
        path: 'body.ids.1',
        message: `${elsewhere.accountId}: no such user`,
        code: 'USER_NOT_FOUND',
        params: { id: elsewhere.accountId },
      },
    ]);
  });
});

describe('filter options', () => {
  it('lists the units and departments in the caller’s scope', async () => {
    const all = (
      await t.request(ws.host, { method: 'GET', url: '/api/workspace/users/filter-options', token: adminToken })
    ).json();
    expect(all.branches.map((b: { branchName: string }) => b.branchName)).toContain('Mumbai');
    expect(all.departments).toContainEqual({
      departmentId: mumbai.departmentId,
      departmentName: 'Operations',
      branchId: mumbai.branchId,
    });
    const ba = await asMember('BRANCH_ADMIN', mumbai.branchId);
    const mine = (
      await t.request(ws.host, { method: 'GET', url: '/api/workspace/users/filter-options', token: ba.token })
    ).json();
    expect(mine).toEqual({
      branches: [{ branchId: mumbai.branchId, branchName: 'Mumbai' }],
      departments: [{ departmentId: mumbai.departmentId, departmentName: 'Operations', branchId: mumbai.branchId }],
      grantableRoles: ['EMPLOYEE'],
    });
    // The role pickers offer what the grant rule allows: a workspace admin every role.
    expect(all.grantableRoles).toEqual(['EMPLOYEE', 'BRANCH_ADMIN', 'EMPLOYER', 'WORKSPACE_ADMIN']);
  });
});

describe('updating users', () => {
  it('checks the department against the business unit, and moving a unit clears a department that no longer fits', async () => {
    const u = await newUser(t.database.db, ws);
    const bad = await post(adminToken, `/api/user/update/${u.accountId}`, { departmentId: mumbai.departmentId });
    expect(bad.statusCode).toBe(400);
    expect(bad.json().code).toBe('DEPARTMENT_NOT_IN_BRANCH');
    await post(adminToken, `/api/user/update/${u.accountId}`, { departmentId: ws.departmentId });
    const moved = await post(adminToken, '/api/admin/update-user', {
      userId: u.accountId,
      branchId: mumbai.branchId,
      dateOfJoining: '2024-04-01',
      role: 'BRANCH_ADMIN',
    });
    expect(moved.statusCode, moved.body).toBe(200);
    expect(moved.json()).toMatchObject({ department: null, dateOfJoining: '2024-04-01', role: 'BRANCH_ADMIN' });
    const log = await platformRows<{ details: { before: TWorkspaceUser; after: TWorkspaceUser }; actor: string }>(
      sql`select details, actor_account_id as actor from audit_log where action = 'user.updated' and target_id = ${u.accountId} order by occurred_at desc limit 1`,
    );
    expect(log[0]!.actor).toBe(admin.accountId);
    expect(log[0]!.details.before.role).toBe('EMPLOYEE');
    expect(log[0]!.details.after.role).toBe('BRANCH_ADMIN');
  });

  it('refuses a phone number another account uses, with a 409', async () => {
    const phone = newPhone();
    await newUser(t.database.db, ws, { phone });
    const u = await newUser(t.database.db, ws);
    const res = await post(adminToken, `/api/user/update/${u.accountId}`, { contactNumber: phone, designation: 'x' });
    expect(res.statusCode).toBe(409);
    expect(
      (await post(adminToken, '/api/workspace/users/search', { searchText: u.email })).json().content[0].designation,
    ).toBeNull();
  });

  it('a deactivated user’s sessions end at once and for good; after reactivation they sign in again', async () => {
    const u = await asMember('EMPLOYEE');
    const details = (token: string) => t.request(ws.host, { method: 'GET', url: '/api/user/details', token });
    expect((await details(u.token)).statusCode).toBe(200);
    await post(adminToken, `/api/user/update/${u.user.accountId}`, { active: false });
    expect((await details(u.token)).statusCode).toBe(401);
    await post(adminToken, `/api/user/update/${u.user.accountId}`, { active: true });
    expect((await details(u.token)).statusCode).toBe(401);
    expect((await details(await sessionFor(t.database.db, u.user))).statusCode).toBe(200);
  });
});

describe('self and last-admin rules', () => {
  it('an admin cannot deactivate, demote or delete themselves; the last active admin stays', async () => {
    const w = await newWorkspace(t.database.db);
    const only = await newUser(t.database.db, w, { role: 'WORKSPACE_ADMIN' });
    const token = await sessionFor(t.database.db, only);
    const self = `/api/user/update/${only.accountId}`;
    expect((await post(token, self, { active: false }, w.host)).statusCode).toBe(409);
    expect((await post(token, self, { role: 'EMPLOYEE' }, w.host)).statusCode).toBe(409);
    expect((await post(token, self, { designation: 'Founder' }, w.host)).statusCode).toBe(200);
    const del = await post(token, '/api/user/delete/bulk', { ids: [only.accountId] }, w.host);
    expect(del.statusCode).toBe(409);
    expect(del.json().details[0].message).toMatch(/yourself/);

    // An employer (not a workspace admin) cannot touch the admin at all.
    const employer = await newUser(t.database.db, w, { role: 'EMPLOYER' });
    const employerToken = await sessionFor(t.database.db, employer);
    expect((await post(employerToken, self, { active: false }, w.host)).statusCode).toBe(403);

    // With a second admin, the first can be demoted by them; then the second is the last one.
    const second = await newUser(t.database.db, w, { role: 'WORKSPACE_ADMIN' });
    const secondToken = await sessionFor(t.database.db, second);
    expect((await post(secondToken, self, { role: 'EMPLOYEE' }, w.host)).statusCode).toBe(200);
    const third = await newUser(t.database.db, w, { role: 'WORKSPACE_ADMIN', active: false });
    const last = await post(secondToken, `/api/user/update/${third.accountId}`, { active: false }, w.host);
    expect(last.statusCode).toBe(200); // already inactive: nothing about the last admin changes
    const check = await platformRows<{ n: number }>(
      sql`select count(*)::int as n from memberships where workspace_id = ${w.id} and role = 'WORKSPACE_ADMIN' and active and deleted_at is null`,
    );
    expect(check[0]!.n).toBe(1);
  });
});

describe('two admins demoting each other at once', () => {
  it('leaves one active workspace admin: one request succeeds, the other is refused', async () => {
    const w = await newWorkspace(t.database.db);
    const a = await newUser(t.database.db, w, { role: 'WORKSPACE_ADMIN' });
    const b = await newUser(t.database.db, w, { role: 'WORKSPACE_ADMIN' });
    const [ta, tb] = [await sessionFor(t.database.db, a), await sessionFor(t.database.db, b)];
    const results = await Promise.all([
      post(ta, `/api/user/update/${b.accountId}`, { role: 'EMPLOYEE' }, w.host),
      post(tb, `/api/user/update/${a.accountId}`, { role: 'EMPLOYEE' }, w.host),
    ]);
    const codes = results.map((r) => r.statusCode).sort();
    expect(codes[0]).toBe(200);
    // Refused either as the last admin (both were admins when the requests began) or because the
    // loser is no longer an admin when its request is checked.
    expect([403, 409]).toContain(codes[1]);
    const admins = await platformRows<{ n: number }>(
      sql`select count(*)::int as n from memberships where workspace_id = ${w.id} and role = 'WORKSPACE_ADMIN' and active`,
    );
    expect(admins[0]!.n).toBe(1);
  });
});

describe('deleting users', () => {
  it('keeps the membership as deleted, ends sessions, and anonymises an account with no other workspace', async () => {
    const u = await asMember('EMPLOYEE');
    await post(adminToken, `/api/user/update/${u.user.accountId}`, { contactNumber: newPhone(), employeeId: 'E-1' });
    const res = await post(adminToken, '/api/user/delete/bulk', { ids: [u.user.accountId] });
    expect(res.statusCode, res.body).toBe(200);
    expect(res.json()).toEqual({ deleted: [u.user.accountId] });
    const [acc] = await platformRows<Record<string, unknown>>(
      sql`select email, username, contact_number, first_name, last_name, password_hash, anonymised_at from accounts where id = ${u.user.accountId}`,
    );
    expect(acc).toMatchObject({
      email: null,
      username: `deleted-${u.user.accountId}`,
      contact_number: null,
      first_name: '',
      last_name: '',
      password_hash: null,
    });
    expect(acc!.anonymised_at).not.toBeNull();
    const [m] = await platformRows<Record<string, unknown>>(
      sql`select active, deleted_at, deleted_by, employee_id from memberships where account_id = ${u.user.accountId}`,
    );
    expect(m).toMatchObject({ active: false, deleted_by: admin.accountId, employee_id: 'E-1' });
    expect(m!.deleted_at).not.toBeNull();
    const details = await t.request(ws.host, { method: 'GET', url: '/api/user/details', token: u.token });
    expect(details.statusCode).toBe(401);
    // Deleting again: the user is gone.
    expect(
      (await t.request(ws.host, { method: 'DELETE', url: `/api/user/${u.user.accountId}`, token: adminToken }))
        .statusCode,
    ).toBe(404);
  });

  it('keeps the account of someone who still belongs to another workspace', async () => {
    const other = await newWorkspace(t.database.db);
    const u = await newUser(t.database.db, ws);
    await addMembership(t.database.db, u, other);
    const res = await t.request(ws.host, { method: 'DELETE', url: `/api/user/${u.accountId}`, token: adminToken });
    expect(res.statusCode).toBe(200);
    const [acc] = await platformRows<{ email: string; anonymised_at: string | null }>(
      sql`select email, anonymised_at from accounts where id = ${u.accountId}`,
    );
    expect(acc).toEqual({ email: u.email, anonymised_at: null });
  });

  it('bulk delete is all or nothing, with one error per refused id', async () => {
    const a = await newUser(t.database.db, ws);
    const b = await newUser(t.database.db, ws);
    const unknown = '00000000-0000-4000-8000-000000000001';
    const res = await post(adminToken, '/api/user/delete/bulk', {
      ids: [a.accountId, unknown, admin.accountId, b.accountId],
    });
    expect(res.statusCode).toBe(409);
    expect(res.json().details.map((d: { path: string }) => d.path)).toEqual(['body.ids.1', 'body.ids.2']);
    const alive = await platformRows<{ n: number }>(
      sql`select count(*)::int as n from memberships where account_id in (${a.accountId}, ${b.accountId}) and deleted_at is null`,
    );
    expect(alive[0]!.n).toBe(2);
    const ok = await post(adminToken, '/api/user/delete/bulk', { ids: [a.accountId, b.accountId, a.accountId] });
    expect(ok.json()).toEqual({ deleted: [a.accountId, b.accountId] });
  });
});

describe('the permission matrix', () => {
  it('shows defaults and locked cells; a change takes effect on the next request, in navigation and on a guarded route', async () => {
    const ba = await asMember('BRANCH_ADMIN', mumbai.branchId);
    const nav = async () =>
      Object.fromEntries(
        (await t.request(ws.host, { method: 'GET', url: '/api/navigation/v3', token: ba.token }))
          .json()
          .map((i: { menu: string; enabled: boolean }) => [i.menu, i.enabled]),
      );
    const matrix = (
      await t.request(ws.host, { method: 'GET', url: '/api/permission/all', token: adminToken })
    ).json() as TPermissionMatrix;
    expect(matrix.roles).toEqual(['EMPLOYEE', 'BRANCH_ADMIN', 'EMPLOYER', 'WORKSPACE_ADMIN']);
    expect(
      matrix.cells.find((c) => c.role === 'WORKSPACE_ADMIN' && c.permission === 'permissions.manage'),
    ).toMatchObject({
      granted: true,
      locked: true,
    });
    expect(matrix.cells.find((c) => c.role === 'BRANCH_ADMIN' && c.permission === 'users.manage')).toMatchObject({
      granted: true,
      defaultGranted: true,
      locked: false,
    });
    expect((await nav()).USERS).toBe(true);

    const take = await post(adminToken, '/api/permission/update', {
      role: 'BRANCH_ADMIN',
      permission: 'users.manage',
      granted: false,
    });
    expect(take.statusCode, take.body).toBe(200);
    expect((await nav()).USERS).toBe(false);
    expect((await post(ba.token, '/api/workspace/users', {})).statusCode).toBe(403);

    const give = await post(adminToken, '/api/permission/update', {
      role: 'BRANCH_ADMIN',
      permission: 'users.manage',
      granted: true,
    });
    expect(give.statusCode).toBe(200);
    expect((await nav()).USERS).toBe(true);
    expect((await post(ba.token, '/api/workspace/users', {})).statusCode).toBe(200);
    // Back to the default: no override row is left behind.
    const rows = await platformRows<{ n: number }>(
      sql`select count(*)::int as n from role_permissions where workspace_id = ${ws.id}`,
    );
    expect(rows[0]!.n).toBe(0);
    const log = await platformRows<{ n: number }>(
      sql`select count(*)::int as n from audit_log where workspace_id = ${ws.id} and action = 'permission.updated'`,
    );
    expect(log[0]!.n).toBe(2);
  });

  it('refuses locked cells (409) and unknown permissions (400); other workspaces are unaffected', async () => {
    const locked = await post(adminToken, '/api/permission/update', {
      role: 'WORKSPACE_ADMIN',
      permission: 'permissions.manage',
      granted: false,
    });
    expect(locked.statusCode).toBe(409);
    expect(locked.json().code).toBe('PERMISSION_LOCKED');
    const unknown = await post(adminToken, '/api/permission/update', {
      role: 'EMPLOYEE',
      permission: 'moon.land',
      granted: true,
    });
    expect(unknown.statusCode).toBe(400);
    await post(adminToken, '/api/permission/update', { role: 'EMPLOYEE', permission: 'reports.view', granted: true });
    const other = await newWorkspace(t.database.db);
    const otherAdmin = await newUser(t.database.db, other, { role: 'WORKSPACE_ADMIN' });
    const m = (
      await t.request(other.host, {
        method: 'GET',
        url: '/api/permission/all',
        token: await sessionFor(t.database.db, otherAdmin),
      })
    ).json() as TPermissionMatrix;
    expect(m.cells.find((c) => c.role === 'EMPLOYEE' && c.permission === 'reports.view')!.granted).toBe(false);
    await post(adminToken, '/api/permission/update', { role: 'EMPLOYEE', permission: 'reports.view', granted: false });
  });
});

describe('exporting the filtered list', () => {
  /** A workspace with `n` employees made in two statements (more than one export batch), half in a second unit. */
  async function bigWorkspace(n: number) {
    const w = await newWorkspace(t.database.db, { name: 'Export Test' });
    const tag = Math.random().toString(36).slice(2, 8);
    const pune = await withPlatform(t.database.db, { action: 'test.fixture', audit: false }, async (tx) => {
      const [b] = await tx.insert(branches).values({ workspaceId: w.id, name: 'Pune' }).returning();
      await tx.execute(sql`
        insert into accounts (email, first_name, last_name, email_verified, first_login)
        select 'x' || g || '-' || ${tag} || '@example.test', 'Person' || lpad(g::text, 5, '0'),
               case when g = 7 then '=HYPERLINK("http://evil.test")' else 'Export' end, true, false
        from generate_series(1, ${n}) g`);
      await tx.execute(sql`
        insert into memberships (workspace_id, account_id, role, branch_id, active, is_default)
        select ${w.id}, a.id, 'EMPLOYEE',
               case when right(split_part(a.email, '-', 1), 1) in ('0','2','4','6','8') then ${b!.id}::uuid else ${w.branchId}::uuid end,
               true, true
        from accounts a where a.email like ${`%-${tag}@example.test`}`);
      return b!;
    });
    const wAdmin = await newUser(t.database.db, w, { role: 'WORKSPACE_ADMIN', firstName: 'Zed', lastName: 'Admin' });
    const unitAdmin = await newUser(
      t.database.db,
      { ...w, branchId: pune.id },
      { role: 'BRANCH_ADMIN', firstName: 'Zara' },
    );
    return {
      w,
      pune,
      adminToken: await sessionFor(t.database.db, wAdmin),
      unitToken: await sessionFor(t.database.db, unitAdmin),
    };
  }
  const exportOf = (host: string, token: string, format: 'csv' | 'xlsx', body: object = {}) =>
    t.request(host, {
      method: 'POST',
      url: `/api/workspace/users/export?format=${format}`,
      token,
      payload: { searchText: '', ...body },
    });

  it('streams every matching user across batches, in the list order, as CSV and XLSX; formulas neutralised; audited', async () => {
    const { w, adminToken: token } = await bigWorkspace(1203);
    const res = await exportOf(w.host, token, 'csv');
    expect(res.statusCode, res.body.slice(0, 300)).toBe(200);
    expect(res.headers['content-disposition']).toContain('users.csv');
    const lines = res.body
      .replace(/^\ufeff/, '')
      .trimEnd()
      .split('\r\n');
    expect(lines[0]).toBe(
      'First name,Last name,Email,Username,Phone number,Employee ID,Role,Business unit,Department,Designation,Date of joining,Status',
    );
    expect(lines).toHaveLength(1 + 1203 + 2); // and the two admins
    const firstNames = lines.slice(1).map((l) => l.split(',')[0]);
    expect(firstNames.slice(0, 3)).toEqual(['Person00001', 'Person00002', 'Person00003']);
    expect(new Set(firstNames).size).toBe(1205);
    expect(lines[7]).toContain(`"'=HYPERLINK(""http://evil.test"")"`);
    expect(lines[1]).toContain(',Employee,');

    // The list's filters: the second unit, searched.
    const pune = await exportOf(w.host, token, 'csv', { searchText: 'Person0000' });
    expect(pune.body.trimEnd().split('\r\n')).toHaveLength(1 + 9);

    const x = await exportOf(w.host, token, 'xlsx', { status: 'ACTIVE' });
    expect(x.statusCode).toBe(200);
    const wb = new ExcelJS.Workbook();
    await wb.xlsx.load(x.rawPayload as unknown as ArrayBuffer);
    expect(wb.worksheets[0]!.rowCount).toBe(1 + 1205);

    const audits = await platformRows<{ action: string; n: number }>(
      sql`select action, count(*)::int as n from audit_log where workspace_id = ${w.id} and action = 'users.exported' group by action`,
    );
    expect(audits).toEqual([{ action: 'users.exported', n: 3 }]);
  });

  it('a business unit admin exports its unit only and cannot ask for another; an employee and another workspace’s admin get nothing', async () => {
    const { w, pune, unitToken, adminToken: token } = await bigWorkspace(40);
    const mine = await exportOf(w.host, unitToken, 'csv');
    expect(mine.statusCode, mine.body.slice(0, 300)).toBe(200);
    const rows = mine.body.trimEnd().split('\r\n').slice(1);
    expect(rows.length).toBe(21);
    expect(rows.every((r) => r.includes(',Pune,'))).toBe(true);
    expect((await exportOf(w.host, unitToken, 'csv', { branchId: w.branchId })).statusCode).toBe(403);
    expect((await exportOf(w.host, token, 'csv', { branchId: pune.id })).statusCode).toBe(200);
    const employee = await newUser(t.database.db, w, { role: 'EMPLOYEE' });
    expect((await exportOf(w.host, await sessionFor(t.database.db, employee), 'csv')).statusCode).toBe(403);
    expect((await exportOf(w.host, adminToken, 'csv')).statusCode).toBe(401);
  });

  it('exports in the list’s chosen order, across batches and across the members without a department', async () => {
    const { w, pune, adminToken: token } = await bigWorkspace(1203);
    // 1,100 people in two departments of the first unit, the rest (and the admins) in none.
    await withPlatform(t.database.db, { action: 'test.fixture', audit: false }, async (tx) => {
      const [alpha] = await tx
        .insert(departments)
        .values({ workspaceId: w.id, branchId: w.branchId, name: 'Alpha' })
        .returning();
      const [beta] = await tx
        .insert(departments)
        .values({ workspaceId: w.id, branchId: w.branchId, name: 'beta' })
        .returning();
      await tx.execute(sql`
        update memberships m set branch_id = ${w.branchId}::uuid,
               department_id = case when right(a.first_name, 1) in ('1','3','5','7','9') then ${alpha!.id}::uuid else ${beta!.id}::uuid end
          from accounts a
         where a.id = m.account_id and m.workspace_id = ${w.id} and a.first_name between 'Person00001' and 'Person01100'`);
    });
    const rowsOf = async (body: object) => {
      const res = await exportOf(w.host, token, 'csv', body);
      expect(res.statusCode, res.body.slice(0, 300)).toBe(200);
      return res.body
        .replace(/^\ufeff/, '')
        .trimEnd()
        .split('\r\n')
        .slice(1)
        .map((l) => l.split(','))
        .map((c) => ({ first: c[0]!, unit: c[7]!, dept: c[8]! }));
    };
    const byName = (a: { first: string }, b: { first: string }) =>
      a.first.toLowerCase() < b.first.toLowerCase() ? -1 : 1;
    // Department going up: Alpha, beta (without case), then those without one; then by name.
    const up = await rowsOf({ sortBy: 'DEPARTMENT' });
    expect(up).toHaveLength(1205);
    const rank = (d: string) => (d === 'Alpha' ? 0 : d === 'beta' ? 1 : 2);
    const expected = [...up].sort((a, b) => rank(a.dept) - rank(b.dept) || byName(a, b));
    expect(up.map((r) => r.first)).toEqual(expected.map((r) => r.first));
    expect(up[0]).toMatchObject({ first: 'Person00001', dept: 'Alpha' });
    expect(up.at(-1)).toMatchObject({ first: 'Zed', dept: '' });
    // Going down: those without first, then beta, Alpha, each by name Z to A (the first batch holds both segments).
    const down = await rowsOf({ sortBy: 'DEPARTMENT', sortDirection: 'DESC' });
    expect(down.map((r) => r.first)).toEqual([...expected].reverse().map((r) => r.first));
    // Business unit going down (Pune after the first unit's name, or before: by the names themselves), then by name.
    const units = await rowsOf({ sortBy: 'BUSINESS_UNIT', sortDirection: 'DESC' });
    const unitNames = [...new Set(units.map((r) => r.unit))];
    expect(unitNames).toEqual([...unitNames].sort((a, b) => (a.toLowerCase() < b.toLowerCase() ? 1 : -1)));
    expect(unitNames).toContain(pune.name);
    // Employee ID (nobody has one here: the NULL segment alone), across batches, every row once.
    const roles = await rowsOf({ sortBy: 'EMPLOYEE_ID' });
    expect(new Set(roles.map((r) => r.first)).size).toBe(1205);
    // The chosen order is audited with the export.
    const [audit] = await withPlatform(t.database.db, { action: 'test.read', audit: false }, (tx) =>
      queryRows<{ details: { filter: { sortBy?: string } } }>(
        tx,
        sql`select details from audit_log where workspace_id = ${w.id} and action = 'users.exported' order by occurred_at desc, id desc limit 1`,
      ),
    );
    expect(audit?.details.filter.sortBy).toBe('EMPLOYEE_ID');
  });
});

describe('sorting the list by a column', () => {
  it('sorts by employee ID, role or status, then by name, either way, page by page, within the caller’s scope', async () => {
    const w = await newWorkspace(t.database.db, { name: 'Sort Test' });
    const people = [
      { firstName: 'Asha', role: 'EMPLOYEE', emp: 'E-3', active: true },
      { firstName: 'Bala', role: 'EMPLOYER', emp: 'E-1', active: false },
      { firstName: 'Chitra', role: 'EMPLOYEE', emp: null, active: true },
      { firstName: 'Dev', role: 'BRANCH_ADMIN', emp: 'E-2', active: true },
    ] as const;
    for (const p of people) {
      const u = await newUser(t.database.db, w, { role: p.role, firstName: p.firstName, lastName: 'Sorted' });
      await withPlatform(t.database.db, { action: 'test.fixture', audit: false }, (tx) =>
        tx.execute(
          sql`update memberships set employee_id = ${p.emp}, active = ${p.active} where account_id = ${u.accountId} and workspace_id = ${w.id}`,
        ),
      );
    }
    const wAdmin = await newUser(t.database.db, w, { role: 'WORKSPACE_ADMIN', firstName: 'Zed', lastName: 'Admin' });
    const token = await sessionFor(t.database.db, wAdmin);
    const names = async (body: object, query = '?pageNo=0&pageSize=20') => {
      const res = await post(token, `/api/workspace/users/search${query}`, { searchText: 'Sorted', ...body }, w.host);
      expect(res.statusCode, res.body).toBe(200);
      return res.json().content.map((u: { firstName: string }) => u.firstName);
    };
    expect(await names({})).toEqual(['Asha', 'Bala', 'Chitra', 'Dev']);
    expect(await names({ sortDirection: 'DESC' })).toEqual(['Dev', 'Chitra', 'Bala', 'Asha']);
    // Without an employee ID last going up, first going down.
    expect(await names({ sortBy: 'EMPLOYEE_ID' })).toEqual(['Bala', 'Dev', 'Asha', 'Chitra']);
    expect(await names({ sortBy: 'EMPLOYEE_ID', sortDirection: 'DESC' })).toEqual(['Chitra', 'Asha', 'Dev', 'Bala']);
    // Roles by code (BRANCH_ADMIN, EMPLOYEE, EMPLOYER), then by name.
    expect(await names({ sortBy: 'ROLE' })).toEqual(['Dev', 'Asha', 'Chitra', 'Bala']);
    expect(await names({ sortBy: 'STATUS' })).toEqual(['Bala', 'Asha', 'Chitra', 'Dev']);
    expect(await names({ sortBy: 'STATUS', sortDirection: 'DESC' })).toEqual(['Dev', 'Chitra', 'Asha', 'Bala']);
    // Pages of a sorted list follow each other.
    expect(await names({ sortBy: 'ROLE' }, '?pageNo=1&pageSize=2')).toEqual(['Chitra', 'Bala']);
    // The list route (without a search) sorts the same way.
    const list = await post(token, '/api/workspace/users?pageNo=0&pageSize=2', { sortBy: 'EMPLOYEE_ID' }, w.host);
    expect(list.json().content.map((u: { firstName: string }) => u.firstName)).toEqual(['Bala', 'Dev']);
    // A bad sort is refused; an employee and another workspace's admin get no list.
    expect((await post(token, '/api/workspace/users', { sortBy: 'EMAIL' }, w.host)).statusCode).toBe(400);
    const employee = await sessionFor(t.database.db, await newUser(t.database.db, w, { role: 'EMPLOYEE' }));
    expect((await post(employee, '/api/workspace/users', { sortBy: 'ROLE' }, w.host)).statusCode).toBe(403);
    expect((await post(adminToken, '/api/workspace/users', { sortBy: 'ROLE' }, w.host)).statusCode).toBe(401);
  });

  it('sorts by business unit or department name, re-sorts when one is renamed, keeps a unit admin in its unit', async () => {
    const w = await newWorkspace(t.database.db, { name: 'Unit Sort Test' });
    const {
      kochi,
      goa,
      hr,
      it: itDept,
    } = await withPlatform(t.database.db, { action: 'test.fixture', audit: false }, async (tx) => {
      const [k] = await tx.insert(branches).values({ workspaceId: w.id, name: 'Kochi' }).returning();
      const [g] = await tx.insert(branches).values({ workspaceId: w.id, name: 'goa' }).returning();
      const [h] = await tx.insert(departments).values({ workspaceId: w.id, branchId: k!.id, name: 'HR' }).returning();
      const [i] = await tx.insert(departments).values({ workspaceId: w.id, branchId: k!.id, name: 'IT' }).returning();
      return { kochi: k!, goa: g!, hr: h!, it: i! };
    });
    const people = [
      { firstName: 'Asha', branch: kochi.id, dept: itDept.id },
      { firstName: 'Bala', branch: goa.id, dept: null },
      { firstName: 'Chitra', branch: kochi.id, dept: hr.id },
      { firstName: 'Dev', branch: kochi.id, dept: null },
    ];
    for (const p of people) {
      const u = await newUser(t.database.db, w, { role: 'EMPLOYEE', firstName: p.firstName, lastName: 'Unitsort' });
      await withPlatform(t.database.db, { action: 'test.fixture', audit: false }, (tx) =>
        tx.execute(
          sql`update memberships set branch_id = ${p.branch}, department_id = ${p.dept} where account_id = ${u.accountId} and workspace_id = ${w.id}`,
        ),
      );
    }
    const wAdmin = await newUser(t.database.db, w, { role: 'WORKSPACE_ADMIN', firstName: 'Zed', lastName: 'Admin' });
    const token = await sessionFor(t.database.db, wAdmin);
    const names = async (body: object, who = token, query = '?pageNo=0&pageSize=20') => {
      const res = await post(who, `/api/workspace/users/search${query}`, { searchText: 'Unitsort', ...body }, w.host);
      expect(res.statusCode, res.body).toBe(200);
      return res.json().content.map((u: { firstName: string }) => u.firstName);
    };
    // Unit names without case: goa, Kochi; then by name.
    expect(await names({ sortBy: 'BUSINESS_UNIT' })).toEqual(['Bala', 'Asha', 'Chitra', 'Dev']);
    expect(await names({ sortBy: 'BUSINESS_UNIT', sortDirection: 'DESC' })).toEqual(['Dev', 'Chitra', 'Asha', 'Bala']);
    // Department: HR, IT, then those without one (last going up, first going down).
    expect(await names({ sortBy: 'DEPARTMENT' })).toEqual(['Chitra', 'Asha', 'Bala', 'Dev']);
    expect(await names({ sortBy: 'DEPARTMENT', sortDirection: 'DESC' })).toEqual(['Dev', 'Bala', 'Asha', 'Chitra']);
    expect(await names({ sortBy: 'DEPARTMENT' }, token, '?pageNo=1&pageSize=2')).toEqual(['Bala', 'Dev']);

    // Renaming a unit or a department (through the admin's own routes) re-sorts the list.
    const unitRename = await post(
      token,
      `/api/workspace/update-branch/${goa.id}`,
      { branchName: 'Vizag', backgroundColor: '112233' },
      w.host,
    );
    expect(unitRename.statusCode, unitRename.body).toBe(200);
    expect(await names({ sortBy: 'BUSINESS_UNIT' })).toEqual(['Asha', 'Chitra', 'Dev', 'Bala']);
    const deptRename = await post(
      token,
      `/api/department/update/${hr.id}`,
      { departmentId: hr.id, departmentName: 'Wellbeing' },
      w.host,
    );
    expect(deptRename.statusCode, deptRename.body).toBe(200);
    expect(await names({ sortBy: 'DEPARTMENT' })).toEqual(['Asha', 'Chitra', 'Bala', 'Dev']);
    // Moving a person to another department re-sorts them too.
    const keys = await withPlatform(t.database.db, { action: 'test.read', audit: false }, (tx) =>
      queryRows<{ sort_unit: string | null; sort_department: string | null }>(
        tx,
        sql`select m.sort_unit, m.sort_department from memberships m join accounts a on a.id = m.account_id
            where m.workspace_id = ${w.id} and a.first_name = 'Chitra'`,
      ),
    );
    expect(keys).toEqual([{ sort_unit: 'kochi', sort_department: 'wellbeing' }]);
    // The keys cannot be written by hand, nor left stale by an update of another column.
    const chitraKeys = () =>
      withPlatform(t.database.db, { action: 'test.read', audit: false }, (tx) =>
        queryRows<{ sort_first: string; sort_unit: string | null; sort_department: string | null }>(
          tx,
          sql`select m.sort_first, m.sort_unit, m.sort_department from memberships m join accounts a on a.id = m.account_id
              where m.workspace_id = ${w.id} and a.first_name = 'Chitra'`,
        ),
      );
    await withPlatform(t.database.db, { action: 'test.fixture', audit: false }, (tx) =>
      tx.execute(
        sql`update memberships m set sort_unit = 'aaa', sort_department = null, sort_first = 'zzz', designation = 'Lead'
            from accounts a where a.id = m.account_id and m.workspace_id = ${w.id} and a.first_name = 'Chitra'`,
      ),
    );
    expect(await chitraKeys()).toEqual([{ sort_first: 'chitra', sort_unit: 'kochi', sort_department: 'wellbeing' }]);
    await withPlatform(t.database.db, { action: 'test.fixture', audit: false }, (tx) =>
      tx.execute(
        sql`update memberships m set department_id = ${itDept.id}
            from accounts a where a.id = m.account_id and m.workspace_id = ${w.id} and a.first_name = 'Chitra'`,
      ),
    );
    expect(await chitraKeys()).toEqual([{ sort_first: 'chitra', sort_unit: 'kochi', sort_department: 'it' }]);
    await withPlatform(t.database.db, { action: 'test.fixture', audit: false }, (tx) =>
      tx.execute(
        sql`update memberships m set department_id = ${hr.id}
            from accounts a where a.id = m.account_id and m.workspace_id = ${w.id} and a.first_name = 'Chitra'`,
      ),
    );

    // A business unit admin's sorted list stays in its unit.
    const unitAdmin = await newUser(
      t.database.db,
      { ...w, branchId: kochi.id },
      { role: 'BRANCH_ADMIN', firstName: 'Yash', lastName: 'Admin' },
    );
    const unitToken = await sessionFor(t.database.db, unitAdmin);
    expect(await names({ sortBy: 'BUSINESS_UNIT' }, unitToken)).toEqual(['Asha', 'Chitra', 'Dev']);
    expect(await names({ sortBy: 'DEPARTMENT', sortDirection: 'DESC' }, unitToken)).toEqual(['Dev', 'Chitra', 'Asha']);
    // Another workspace's admin and an employee get nothing.
    expect((await post(adminToken, '/api/workspace/users', { sortBy: 'DEPARTMENT' }, w.host)).statusCode).toBe(401);
    const employee = await sessionFor(t.database.db, await newUser(t.database.db, w, { role: 'EMPLOYEE' }));
    expect((await post(employee, '/api/workspace/users', { sortBy: 'BUSINESS_UNIT' }, w.host)).statusCode).toBe(403);
  });
});
