import { sql } from 'drizzle-orm';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { queryRows } from '../../../core/db/database.ts';
import { withPlatform } from '../../../core/db/tenant.ts';
import {
  type AMember,
  type AWorkspace,
  aBusinessUnit,
  aMember,
  anInvitation,
  anOperator,
  aWorkspace,
  createTestApp,
  TEST_PLATFORM_HOST,
  type TestApp,
} from '../../../testing/index.ts';

/** `GET /api/auth` (the local session check) and `GET /api/internal/userroutes/{id}` (issue 23). */
let t: TestApp;
let a: AWorkspace;
let b: AWorkspace;
let admin: AMember;
let adminToken: string;
let employee: AMember;
let employeeToken: string;
let unitAdminToken: string;
let outsider: AMember;

beforeAll(async () => {
  t = await createTestApp();
  a = await aWorkspace(t);
  b = await aWorkspace(t);
  admin = await aMember(a, { role: 'WORKSPACE_ADMIN' });
  adminToken = await admin.signIn(t);
  employee = await aMember(a);
  employeeToken = await employee.signIn(t);
  const unit = await aBusinessUnit(a);
  unitAdminToken = await (await aMember(a, { role: 'BRANCH_ADMIN', unit })).signIn(t);
  outsider = await aMember(a, { unit: await aBusinessUnit(a) });
});
afterAll(() => t.close());

const get = (host: string, url: string, token?: string) =>
  t.request(host, { method: 'GET', url, ...(token ? { token } : {}) });

describe('GET /api/auth', () => {
  it('answers the session’s user, workspace and end for a valid session', async () => {
    const res = await get(a.host, '/api/auth', employeeToken);
    expect(res.statusCode).toBe(200);
    const body = res.json();
    expect(body).toMatchObject({
      authenticated: true,
      userId: employee.accountId,
      workspaceId: a.id,
      platformRole: null,
    });
    // The idle limit (from the last use, now) comes before the 120-day expiry.
    const ends = new Date(body.expiresAt).getTime();
    const idleEnd = t.clock.now().getTime() + t.config.sessionIdleMinutes * 60_000;
    expect(Math.abs(ends - idleEnd)).toBeLessThan(6 * 60_000);
  });

  it('answers 401 without a session, with a bad token, and with another workspace’s session', async () => {
    expect((await get(a.host, '/api/auth')).statusCode).toBe(401);
    expect((await get(a.host, '/api/auth', 'x'.repeat(43))).statusCode).toBe(401);
    expect((await get(b.host, '/api/auth', employeeToken)).statusCode).toBe(401);
  });

  it('answers 401 once the session is signed out', async () => {
    const token = await (await aMember(a)).signIn(t);
    expect((await get(a.host, '/api/user/sign-out', token)).statusCode).toBe(200);
    expect((await get(a.host, '/api/auth', token)).statusCode).toBe(401);
  });

  it('answers the operator’s session on the platform host', async () => {
    const op = await anOperator(t);
    const token = await op.signIn(t);
    const res = await get(TEST_PLATFORM_HOST, '/api/auth', token);
    expect(res.statusCode).toBe(200);
    expect(res.json()).toMatchObject({ userId: op.accountId, workspaceId: null, platformRole: 'PLATFORM_ADMIN' });
  });
});

describe('GET /api/internal/userroutes/{id}', () => {
  const routesOf = async (token: string, userId: string) => {
    const res = await get(a.host, `/api/internal/userroutes/${userId}`, token);
    return { status: res.statusCode, body: res.json() };
  };

  it('answers a member its own routes: its menus’ pages and its account', async () => {
    const { status, body } = await routesOf(employeeToken, employee.accountId);
    expect(status).toBe(200);
    expect(body.userId).toBe(employee.accountId);
    expect(body.routes).toEqual(expect.arrayContaining(['/dashboard', '/learning', '/account/password']));
    expect(body.routes).not.toContain('/users');
    expect(body.routes).not.toContain('/settings');
    const own = await routesOf(adminToken, admin.accountId);
    expect(own.body.routes).toEqual(expect.arrayContaining(['/users', '/settings', '/audit-log', '/permissions']));
  });

  it('answers an administrator the routes of a member in its reach, as that member sees them', async () => {
    const mine = await routesOf(employeeToken, employee.accountId);
    const asAdmin = await routesOf(adminToken, employee.accountId);
    expect(asAdmin.status).toBe(200);
    expect(asAdmin.body).toEqual(mine.body);
  });

  it('follows the workspace’s switches: a switched-off area’s pages are not routes', async () => {
    const off = await t.request(a.host, {
      method: 'PUT',
      url: '/api/workspace/settings',
      token: adminToken,
      payload: { whiteLabel: { lms: false } },
    });
    expect(off.statusCode).toBe(200);
    try {
      expect((await routesOf(adminToken, employee.accountId)).body.routes).not.toContain('/learning');
    } finally {
      await t.request(a.host, {
        method: 'PUT',
        url: '/api/workspace/settings',
        token: adminToken,
        payload: { whiteLabel: { lms: true } },
      });
    }
  });

  it('refuses an employee asking about someone else, and a unit admin asking outside its unit', async () => {
    const asEmployee = await routesOf(employeeToken, admin.accountId);
    expect(asEmployee.status).toBe(403);
    expect((await routesOf(unitAdminToken, outsider.accountId)).status).toBe(404);
  });

  it('answers 404 for someone of another workspace or no one', async () => {
    const other = await aMember(b);
    expect((await routesOf(adminToken, other.accountId)).status).toBe(404);
    expect((await routesOf(adminToken, '00000000-0000-4000-8000-000000000000')).status).toBe(404);
  });
});

describe('POST /api/invite/invite/bulk (re-invite a selection, by id)', () => {
  const reinvite = (token: string, invitationIds: string[]) =>
    t.request(a.host, { method: 'POST', url: '/api/invite/invite/bulk', token, payload: { invitationIds } });
  const codeOf = (id: string) =>
    withPlatform(t.database.db, { action: 'test.invite', audit: false }, async (tx) => {
      const [row] = await queryRows<{ hash: string; sent: number }>(
        tx,
        sql`select code_hash as hash, send_count as sent from invitations where id = ${id}`,
      );
      return row!;
    });

  it('sends the chosen invitations again, each with a new code, and counts the sending', async () => {
    const one = await anInvitation(a);
    const two = await anInvitation(a);
    const before = await codeOf(one.id);
    const res = await reinvite(adminToken, [one.id, two.id]);
    expect(res.statusCode).toBe(200);
    expect(res.json()).toEqual({ count: 2 });
    const after = await codeOf(one.id);
    expect(after.hash).not.toBe(before.hash);
    expect(after.sent).toBe(before.sent + 1);
  });

  it('names nobody of another workspace: an invitation of B is not found from A, and nothing is sent', async () => {
    const mine = await anInvitation(a);
    const theirs = await anInvitation(b);
    const before = await codeOf(mine.id);
    const res = await reinvite(adminToken, [mine.id, theirs.id]);
    expect(res.statusCode).toBe(404);
    expect((await codeOf(mine.id)).hash).toBe(before.hash);
    expect((await reinvite(employeeToken, [mine.id])).statusCode).toBe(403);
  });
});
