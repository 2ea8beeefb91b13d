import { sql } from 'drizzle-orm';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { withPlatform } from '../../../core/db/tenant.ts';
import {
  aBusinessUnit,
  aDepartment,
  aMember,
  anInvitation,
  aWorkspace,
  createTestApp,
  type TestApp,
} from '../../../testing/index.ts';

let t: TestApp;
beforeAll(async () => {
  t = await createTestApp();
});
afterAll(() => t.close());

const get = (host: string, token: string) => t.request(host, { method: 'GET', url: '/api/workspace/overview', token });

describe('GET /api/workspace/overview', () => {
  it('counts the whole workspace for a workspace admin, and the checklist ticks itself from the data', async () => {
    const ws = await aWorkspace(t, { color: '1F6FEB' });
    // Start as a new workspace would: no department yet.
    await withPlatform(t.database.db, { action: 'test.reset', audit: false }, (tx) =>
      tx.execute(sql`delete from departments where workspace_id = ${ws.id}`),
    );
    const admin = await aMember(ws, { role: 'WORKSPACE_ADMIN' });
    const token = await admin.session();

    const first = await get(ws.host, token);
    expect(first.statusCode).toBe(200);
    expect(first.json()).toEqual({
      scope: null,
      people: { active: 1, deactivated: 0 },
      invitations: { pending: 0, expired: 0 },
      businessUnits: 1,
      departments: 0,
      checklist: [
        { step: 'businessUnits', done: true },
        { step: 'departments', done: false },
        { step: 'invitePeople', done: false },
        { step: 'branding', done: false },
      ],
    });

    const other = await aBusinessUnit(ws);
    await aDepartment(other);
    await aMember(ws, { unit: other });
    await aMember(ws, { active: false });
    await anInvitation(ws);
    await anInvitation(ws, { unit: other });
    await anInvitation(ws, { expiresInDays: -1 });
    const branded = await t.request(ws.host, {
      method: 'PUT',
      url: '/api/workspace/settings',
      token,
      payload: { backgroundColor: '0B7285' },
    });
    expect(branded.statusCode).toBe(200);

    const after = (await get(ws.host, token)).json();
    expect(after).toMatchObject({
      people: { active: 2, deactivated: 1 },
      invitations: { pending: 2, expired: 1 },
      businessUnits: 2,
      departments: 1,
    });
    expect(after.checklist.every((s: { done: boolean }) => s.done)).toBe(true);
  });

  it('a business unit admin sees its own unit only, and only the steps it can act on', async () => {
    const ws = await aWorkspace(t);
    const other = await aBusinessUnit(ws, { name: 'North' });
    await aDepartment(other);
    await aDepartment(other);
    await aMember(ws, { unit: other });
    await aMember(ws, { unit: other, active: false });
    await aMember(ws); // headquarters: not counted
    await anInvitation(ws, { unit: other });
    await anInvitation(ws); // headquarters: not counted
    const branchAdmin = await aMember(ws, { role: 'BRANCH_ADMIN', unit: other });

    const res = await get(ws.host, await branchAdmin.session());
    expect(res.statusCode).toBe(200);
    expect(res.json()).toEqual({
      scope: { branchId: other.id, branchName: 'North' },
      people: { active: 2, deactivated: 1 },
      invitations: { pending: 1, expired: 0 },
      businessUnits: 1,
      departments: 2,
      checklist: [
        { step: 'departments', done: true },
        { step: 'invitePeople', done: true },
      ],
    });

    // An employer sees the whole workspace.
    const employer = await aMember(ws, { role: 'EMPLOYER' });
    const whole = (await get(ws.host, await employer.session())).json();
    expect(whole.scope).toBeNull();
    expect(whole.businessUnits).toBe(2);
    expect(whole.people).toEqual({ active: 4, deactivated: 1 });
  });

  it('refuses an employee, another workspace’s user, and a signed-out caller', async () => {
    const ws = await aWorkspace(t);
    const employee = await aMember(ws);
    const refused = await get(ws.host, await employee.session());
    expect(refused.statusCode).toBe(403);
    expect(refused.json().code).toBe('FORBIDDEN');

    const elsewhere = await aWorkspace(t);
    const foreignAdmin = await aMember(elsewhere, { role: 'WORKSPACE_ADMIN' });
    expect((await get(ws.host, await foreignAdmin.session())).statusCode).toBe(401);

    expect((await t.request(ws.host, { method: 'GET', url: '/api/workspace/overview' })).statusCode).toBe(401);
  });
});
