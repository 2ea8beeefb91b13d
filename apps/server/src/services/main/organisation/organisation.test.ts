import { existsSync, readdirSync } from 'node:fs';
import path from 'node:path';
import type { TBranch, TBranchPage, TDepartment, TDepartmentManager, TDepartmentPage } from '@app/contract';
import { and, eq } from 'drizzle-orm';
import sharp from 'sharp';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { withPlatform, withTenant } from '../../../core/db/tenant.ts';
import { auditLog, memberships, rolePermissions, workspaces } from '../../../db/schema.ts';
import { sessionFor } from '../../../testing/admin-fixture.ts';
import {
  createTestApp,
  newInvitation,
  newUser,
  newWorkspace,
  type TestApp,
  type TestUser,
  type TestWorkspace,
} from '../../../testing/index.ts';
import { multipart } from '../../../testing/multipart.ts';

let t: TestApp;
beforeAll(async () => {
  t = await createTestApp();
});
afterAll(() => t.close());

type Admin = { ws: TestWorkspace; user: TestUser; token: string };

/** A fresh workspace with its administrator. */
async function newAdmin(): Promise<Admin> {
  const ws = await newWorkspace(t.database.db);
  const user = await newUser(t.database.db, ws, { role: 'WORKSPACE_ADMIN' });
  return { ws, user, token: await sessionFor(t.database.db, user) };
}

function call(
  a: { ws: TestWorkspace; token: string },
  method: 'GET' | 'POST' | 'PUT' | 'DELETE',
  url: string,
  payload?: object,
) {
  return t.request(a.ws.host, { method, url, token: a.token, ...(payload ? { payload } : {}) });
}

async function createUnit(a: Admin, body: Record<string, unknown>): Promise<TBranch> {
  const res = await call(a, 'POST', '/api/workspace/create-branch', {
    backgroundColor: '0b7285',
    branchLogo: null,
    ...body,
  });
  expect(res.statusCode, res.body).toBe(200);
  return res.json();
}

async function units(a: Admin, query = 'pageNo=0&pageSize=20&isUserCountRequired=true'): Promise<TBranchPage> {
  const res = await call(a, 'GET', `/api/workspace/all-branches1?${query}`);
  expect(res.statusCode, res.body).toBe(200);
  return res.json();
}

async function auditOf(workspaceId: string, action: string) {
  return withPlatform(t.database.db, { action: 'test.read-audit', audit: false }, (tx) =>
    tx
      .select()
      .from(auditLog)
      .where(and(eq(auditLog.workspaceId, workspaceId), eq(auditLog.action, action))),
  );
}

describe('business units', () => {
  it('creates a unit, lists it with its user count (active, non-deleted members only), and audits it', async () => {
    const a = await newAdmin();
    const unit = await createUnit(a, {
      branchName: '  Pune  ',
      address: 'FC Road',
      branchLogo: `/api/workspace/logo/${a.ws.id}/20260101000000-abcdef12-pune.png`,
    });
    expect(unit).toMatchObject({
      branchName: 'Pune',
      backgroundColor: '0B7285',
      headquarter: false,
      userCount: 0,
      branchLogo: `/api/workspace/logo/${a.ws.id}/20260101000000-abcdef12-pune.png`,
    });
    const inUnit = { ...a.ws, branchId: unit.branchId };
    await newUser(t.database.db, inUnit);
    await newUser(t.database.db, inUnit);
    await newUser(t.database.db, inUnit, { active: false });
    const gone = await newUser(t.database.db, inUnit);
    await withPlatform(t.database.db, { action: 'test.delete-user', audit: false }, (tx) =>
      tx
        .update(memberships)
        .set({ deletedAt: new Date(), active: false })
        .where(eq(memberships.accountId, gone.accountId)),
    );
    const page = await units(a);
    expect(page.totalElements).toBe(2);
    expect(page.content.map((u) => [u.branchName, u.userCount])).toEqual([
      ['Head Office', 1],
      ['Pune', 2],
    ]);
    expect((await units(a, 'pageNo=0&pageSize=20')).content[0]?.userCount).toBeNull();
    const [entry] = await auditOf(a.ws.id, 'branch.created');
    expect(entry).toMatchObject({ actorAccountId: a.user.accountId, targetId: unit.branchId, targetType: 'branch' });
    expect(entry?.traceId).toBeTruthy();
    expect(entry?.details).toMatchObject({ before: null, after: { branchName: 'Pune' } });
  });

  it('pages zero-based with the spec’s paged shape', async () => {
    const a = await newAdmin();
    for (const name of ['B1', 'B2', 'B3']) await createUnit(a, { branchName: name });
    const second = await units(a, 'pageNo=1&pageSize=2');
    expect(second).toMatchObject({ number: 1, size: 2, totalElements: 4, totalPages: 2, first: false, last: true });
    expect(second.content.map((u) => u.branchName)).toEqual(['B2', 'B3']);
  });

  it('refuses a second unit with the same name in any case (409) and bad input (400)', async () => {
    const a = await newAdmin();
    await createUnit(a, { branchName: 'Chennai' });
    const dup = await call(a, 'POST', '/api/workspace/create-branch', {
      branchName: 'CHENNAI',
      backgroundColor: '000000',
    });
    expect(dup.statusCode).toBe(409);
    expect(dup.json().message).toContain('CHENNAI');
    for (const bad of [
      { branchName: '', backgroundColor: '000000' },
      { branchName: 'X', backgroundColor: '#000000' },
      { branchName: 'X', backgroundColor: '00000G' },
      { branchName: 'X', backgroundColor: '000000', branchLogo: 'javascript:alert(1)' },
      { branchName: 'X', backgroundColor: '000000', branchLogo: 'https://cdn.example.test/x.png' },
    ]) {
      expect((await call(a, 'POST', '/api/workspace/create-branch', bad)).statusCode).toBe(400);
    }
  });

  it('keeps exactly one headquarters and the workspace’s headQuarterBranchId in sync', async () => {
    const a = await newAdmin();
    const hq = await createUnit(a, { branchName: 'New HQ', headquarter: true });
    expect(hq.headquarter).toBe(true);
    let page = await units(a);
    expect(page.content.filter((u) => u.headquarter).map((u) => u.branchId)).toEqual([hq.branchId]);
    const other = page.content.find((u) => u.branchName === 'Head Office')!;
    const moved = await call(a, 'POST', `/api/workspace/update-branch/${other.branchId}`, {
      branchName: 'Head Office',
      backgroundColor: 'AA0000',
      headquarter: true,
    });
    expect(moved.statusCode, moved.body).toBe(200);
    page = await units(a);
    expect(page.content.filter((u) => u.headquarter).map((u) => u.branchId)).toEqual([other.branchId]);
    // The headquarters is in the company profile of a signed-in member.
    const profile = (await call(a, 'GET', `/api/workspace/company-profile/${a.ws.host}`)).json();
    expect(profile.headQuarterBranchId).toBe(other.branchId);
    // The headquarters cannot simply be unmarked, nor deleted.
    const unset = await call(a, 'POST', `/api/workspace/update-branch/${other.branchId}`, {
      branchName: 'Head Office',
      backgroundColor: 'AA0000',
      headquarter: false,
    });
    expect(unset.statusCode).toBe(409);
  });

  it('refuses to delete units that people or pending invitations belong to, naming them, and deletes nothing', async () => {
    const a = await newAdmin();
    const busy = await createUnit(a, { branchName: 'Busy Unit' });
    const empty = await createUnit(a, { branchName: 'Empty Unit' });
    await newUser(t.database.db, { ...a.ws, branchId: busy.branchId });
    const refused = await call(a, 'POST', '/api/workspace/delete-branch', {
      branchIds: [empty.branchId, busy.branchId],
    });
    expect(refused.statusCode).toBe(409);
    expect(refused.json().message).toMatch(/"Busy Unit" still has 1 user/);
    // The code and values the web translates the refusal with (the message stays English).
    expect(refused.json()).toMatchObject({
      code: 'CONFLICT',
      params: { reason: 'DELETE_REFUSED' },
      details: [
        {
          path: 'body.branchIds.1',
          code: 'UNIT_HAS_MEMBERS',
          params: { name: 'Busy Unit', members: 1, invitations: 0 },
        },
      ],
    });
    expect((await units(a)).totalElements).toBe(3);
    const ok = await call(a, 'POST', '/api/workspace/delete-branch', { branchIds: [empty.branchId] });
    expect(ok.statusCode, ok.body).toBe(200);
    expect((await units(a)).content.map((u) => u.branchName)).not.toContain('Empty Unit');
    expect(await auditOf(a.ws.id, 'branch.deleted')).toHaveLength(1);
  });

  it('answers simultaneous requests with one success and clear 409s, and keeps one headquarters', async () => {
    const a = await newAdmin();
    const same = await Promise.all(
      Array.from({ length: 5 }, () =>
        call(a, 'POST', '/api/workspace/create-branch', { branchName: 'Race', backgroundColor: '000000' }),
      ),
    );
    expect(same.map((r) => r.statusCode).sort()).toEqual([200, 409, 409, 409, 409]);
    const units3 = [await createUnit(a, { branchName: 'R1' }), await createUnit(a, { branchName: 'R2' })];
    const moves = await Promise.all(
      units3.map((u) =>
        call(a, 'POST', `/api/workspace/update-branch/${u.branchId}`, {
          branchName: u.branchName,
          backgroundColor: '000000',
          headquarter: true,
        }),
      ),
    );
    expect(moves.map((r) => r.statusCode)).toEqual([200, 200]);
    expect((await units(a)).content.filter((u) => u.headquarter)).toHaveLength(1);
  });

  it('refuses to delete a unit with a pending invitation', async () => {
    const a = await newAdmin();
    const unit = await createUnit(a, { branchName: 'Soon' });
    const dept = (
      await call(a, 'POST', '/api/department', { departmentName: 'Sales', branchId: unit.branchId })
    ).json()[0];
    await newInvitation(t.database.db, { ...a.ws, branchId: unit.branchId, departmentId: dept.departmentId });
    const refused = await call(a, 'POST', '/api/workspace/delete-branch', { branchIds: [unit.branchId] });
    expect(refused.statusCode).toBe(409);
    expect(refused.json().message).toContain('"Soon" still has 1 pending invitation');
  });

  it('sets a unit’s colour and the workspace’s colour, which the company profile shows', async () => {
    const a = await newAdmin();
    const unit = await createUnit(a, { branchName: 'Colourful' });
    const res = await call(a, 'PUT', `/api/workspace/branch/${unit.branchId}/bg-color/ff8800`);
    expect(res.statusCode, res.body).toBe(200);
    expect(res.json().backgroundColor).toBe('FF8800');
    expect((await call(a, 'PUT', `/api/workspace/branch/${unit.branchId}/bg-color/nothex`)).statusCode).toBe(400);
    expect((await call(a, 'PUT', '/api/workspace/bg-color/123abc')).statusCode).toBe(200);
    const profile = (
      await t.request(a.ws.host, { method: 'GET', url: `/api/workspace/company-profile/${a.ws.host}` })
    ).json();
    expect(profile.backgroundColor).toBe('123ABC');
    const [entry] = await auditOf(a.ws.id, 'workspace.color-changed');
    expect(entry?.details).toEqual({ before: { backgroundColor: '0B7285' }, after: { backgroundColor: '123ABC' } });
  });

  it('shows a branch admin only its own unit, and every member the list without counts', async () => {
    const a = await newAdmin();
    const other = await createUnit(a, { branchName: 'Elsewhere' });
    const ba = await newUser(t.database.db, { ...a.ws, branchId: other.branchId }, { role: 'BRANCH_ADMIN' });
    const page = await units({ ...a, token: await sessionFor(t.database.db, ba) } as Admin);
    expect(page.content.map((u) => u.branchName)).toEqual(['Elsewhere']);
    const emp = await newUser(t.database.db, a.ws);
    const empPage = await units({ ...a, token: await sessionFor(t.database.db, emp) } as Admin);
    expect(empPage.totalElements).toBe(2);
    expect(empPage.content.every((u) => u.userCount === null)).toBe(true);
  });
});

describe('departments', () => {
  async function departments(a: { ws: TestWorkspace; token: string }, body: object, query = 'pageNo=0&pageSize=300') {
    const res = await call(a, 'POST', `/api/department/list?${query}`, body);
    expect(res.statusCode, res.body).toBe(200);
    return res.json() as TDepartmentPage;
  }

  it('lists a unit’s departments after the synthetic "All Department" entry; showAll lists every unit’s', async () => {
    const a = await newAdmin();
    const unit = await createUnit(a, { branchName: 'Delhi' });
    const created = await call(a, 'POST', '/api/department', {
      departmentName: 'Finance',
      branchId: unit.branchId,
      allBranch: false,
    });
    expect(created.statusCode, created.body).toBe(200);
    const one = await departments(a, { branchId: unit.branchId, showAll: false });
    expect(one.content.map((d) => [d.departmentId === null, d.departmentName])).toEqual([
      [true, 'All Department'],
      [false, 'Finance'],
    ]);
    expect(one.content[1]).toMatchObject({ branchId: unit.branchId, createdBy: a.user.accountId });
    expect(one.content[1]?.createdDate).toMatch(/^\d{4}-\d{2}-\d{2}$/);
    const all = await departments(a, { showAll: true });
    expect(all.content.map((d) => d.departmentName)).toEqual(['All Department', 'Finance', 'People']);
    expect(all.totalElements).toBe(3);
    const page1 = await departments(a, { showAll: true }, 'pageNo=1&pageSize=2');
    expect(page1.content.map((d) => d.departmentName)).toEqual(['People']);
  });

  it('creates a department in every unit with allBranch, skipping units that already have it', async () => {
    const a = await newAdmin();
    await createUnit(a, { branchName: 'U2' });
    await createUnit(a, { branchName: 'U3' });
    const res = await call(a, 'POST', '/api/department', { departmentName: 'people', allBranch: true });
    expect(res.statusCode, res.body).toBe(200);
    expect((res.json() as TDepartment[]).length).toBe(2); // Head Office already has "People"
    const again = await call(a, 'POST', '/api/department', { departmentName: 'PEOPLE', allBranch: true });
    expect(again.statusCode).toBe(409);
    const dup = await call(a, 'POST', '/api/department', { departmentName: 'People', branchId: a.ws.branchId });
    expect(dup.statusCode).toBe(409);
    expect((await call(a, 'POST', '/api/department', { departmentName: 'X' })).statusCode).toBe(400);
  });

  it('renames, refuses a taken name, and deletes only departments nobody belongs to', async () => {
    const a = await newAdmin();
    const [ops] = (await call(a, 'POST', '/api/department', { departmentName: 'Ops', branchId: a.ws.branchId })).json();
    const renamed = await call(a, 'POST', `/api/department/update/${ops.departmentId}`, {
      departmentId: ops.departmentId,
      departmentName: 'Operations',
    });
    expect(renamed.statusCode, renamed.body).toBe(200);
    expect(renamed.json().departmentName).toBe('Operations');
    const taken = await call(a, 'POST', `/api/department/update/${ops.departmentId}`, {
      departmentId: ops.departmentId,
      departmentName: 'people',
    });
    expect(taken.statusCode).toBe(409);
    const mismatch = await call(a, 'POST', `/api/department/update/${ops.departmentId}`, {
      departmentId: a.ws.departmentId,
      departmentName: 'Z',
    });
    expect(mismatch.statusCode).toBe(400);
    // "People" has a member.
    const u = await newUser(t.database.db, a.ws);
    await withPlatform(t.database.db, { action: 'test.dept', audit: false }, (tx) =>
      tx.update(memberships).set({ departmentId: a.ws.departmentId }).where(eq(memberships.accountId, u.accountId)),
    );
    const refused = await call(a, 'POST', '/api/department/delete', {
      departmentBranches: [
        { departmentId: ops.departmentId, branchId: a.ws.branchId },
        { departmentId: a.ws.departmentId, branchId: a.ws.branchId },
      ],
    });
    expect(refused.statusCode).toBe(409);
    expect(refused.json().message).toContain('"People" still has 1 user');
    expect((await departments(a, { showAll: true })).totalElements).toBe(3);
    const ok = await call(a, 'POST', '/api/department/delete', {
      departmentBranches: [{ departmentId: ops.departmentId, branchId: a.ws.branchId }],
    });
    expect(ok.statusCode, ok.body).toBe(200);
    expect((await departments(a, { showAll: true })).content.map((d) => d.departmentName)).toEqual([
      'All Department',
      'People',
    ]);
    expect((await auditOf(a.ws.id, 'department.deleted'))[0]?.details).toMatchObject({
      after: null,
      before: { departmentName: 'Operations' },
    });
  });

  it('adds, lists and removes managers, who must be active members of the workspace', async () => {
    const a = await newAdmin();
    const dept = a.ws.departmentId;
    const member = await newUser(t.database.db, a.ws, { firstName: 'Meera' });
    const inactive = await newUser(t.database.db, a.ws, { active: false });
    const stranger = await newUser(t.database.db, await newWorkspace(t.database.db));
    const added = await call(a, 'POST', `/api/department/${dept}/manager`, { userId: member.accountId, role: 'head' });
    expect(added.statusCode, added.body).toBe(200);
    expect((added.json() as TDepartmentManager[]).map((m) => [m.userId, m.role, m.firstName])).toEqual([
      [member.accountId, 'HEAD', 'Meera'],
    ]);
    for (const who of [inactive, stranger]) {
      expect(
        (await call(a, 'POST', `/api/department/${dept}/manager`, { userId: who.accountId, role: 'MANAGER' }))
          .statusCode,
      ).toBe(400);
    }
    const candidates = await call(a, 'GET', `/api/department/${dept}/manager-candidates?q=meer`);
    expect(candidates.json().map((c: { userId: string }) => c.userId)).toEqual([member.accountId]);
    expect((await call(a, 'GET', `/api/department/${dept}/managers`)).json()).toHaveLength(1);
    const removed = await call(a, 'DELETE', `/api/department/${dept}/manager/${member.accountId}`);
    expect(removed.statusCode, removed.body).toBe(200);
    expect(removed.json()).toEqual([]);
    expect((await call(a, 'DELETE', `/api/department/${dept}/manager/${member.accountId}`)).statusCode).toBe(200);
    expect(await auditOf(a.ws.id, 'department.manager-removed')).toHaveLength(1);
    expect((await auditOf(a.ws.id, 'department.manager-removed'))[0]?.details).toEqual({
      before: { userId: member.accountId, role: 'HEAD' },
      after: null,
    });
  });

  it('lets a branch admin manage its own unit’s departments only', async () => {
    const a = await newAdmin();
    const own = await createUnit(a, { branchName: 'Own' });
    const ba = await newUser(t.database.db, { ...a.ws, branchId: own.branchId }, { role: 'BRANCH_ADMIN' });
    const b = { ws: a.ws, token: await sessionFor(t.database.db, ba) };
    const mine = await call(b, 'POST', '/api/department', { departmentName: 'Local', branchId: own.branchId });
    expect(mine.statusCode, mine.body).toBe(200);
    expect(
      (await call(b, 'POST', '/api/department', { departmentName: 'Far', branchId: a.ws.branchId })).statusCode,
    ).toBe(404);
    expect(
      (await call(b, 'POST', '/api/department', { departmentName: 'Everywhere', allBranch: true })).statusCode,
    ).toBe(403);
    expect((await call(b, 'GET', `/api/department/${a.ws.departmentId}/managers`)).statusCode).toBe(404);
    const list = await departments(b, { showAll: true });
    expect(list.content.map((d) => d.departmentName)).toEqual(['All Department', 'Local']);
    expect((await call(b, 'POST', '/api/department/list', { branchId: a.ws.branchId })).statusCode).toBe(404);
    // Business units themselves are not theirs to change.
    expect(
      (await call(b, 'POST', '/api/workspace/create-branch', { branchName: 'Nope', backgroundColor: '000000' }))
        .statusCode,
    ).toBe(403);
  });
});

describe('path parameters', () => {
  it.each([
    ['PUT', '/api/workspace/branch/not-a-uuid/bg-color/112233'],
    ['PUT', '/api/workspace/bg-color/12345'],
    ['PUT', '/api/workspace/bg-color/%23112233'],
    ['GET', '/api/department/42/managers'],
    ['DELETE', '/api/department/00000000-0000-4000-8000-000000000000/manager/me'],
    ['GET', '/api/workspace/all-branches1?pageNo=-1'],
    ['GET', '/api/workspace/all-branches1?isUserCountRequired=maybe'],
  ] as const)('%s %s → 400', async (method, url) => {
    const a = await newAdmin();
    const res = await call(a, method, url);
    expect(res.statusCode, res.body).toBe(400);
    expect(res.json().code).toBe('VALIDATION_FAILED');
  });
});

describe('workspace isolation', () => {
  it('never shows or changes another workspace’s units', async () => {
    const a = await newAdmin();
    const b = await newAdmin();
    const unit = await createUnit(a, { branchName: 'Private' });
    expect((await units(b)).content.map((u) => u.branchName)).toEqual(['Head Office']);
    const res = await call(b, 'POST', `/api/workspace/update-branch/${unit.branchId}`, {
      branchName: 'Mine',
      backgroundColor: '000000',
    });
    expect(res.statusCode).toBe(404);
    const ws = await withPlatform(t.database.db, { action: 'test.read', audit: false }, (tx) =>
      tx.select().from(workspaces).where(eq(workspaces.id, a.ws.id)),
    );
    expect(ws[0]?.backgroundColor).toBe('0B7285');
  });
});

describe('business unit logos', () => {
  const png = (width: number, height: number, format: 'png' | 'jpeg' | 'webp' | 'gif' = 'png') =>
    sharp({ create: { width, height, channels: 3, background: { r: 20, g: 120, b: 200 } } })
      .toFormat(format)
      .toBuffer();
  const upload = (a: { ws: TestWorkspace; token: string }, branchId: string, data: Buffer, name = 'logo.png') =>
    t.request(a.ws.host, {
      method: 'POST',
      url: `/api/workspace/branch/${branchId}/logo`,
      token: a.token,
      ...multipart(data, {}, name),
    });
  /** The unit logo files stored for a workspace. */
  const storedUnitLogos = (workspaceId: string) => {
    const dir = path.join(t.config.storage.dir, workspaceId, 'branch-logo');
    return existsSync(dir) ? readdirSync(dir) : [];
  };
  const fetchLogo = (url: string) => t.request('anyone.example', { method: 'GET', url });

  it('stores an uploaded image (by content) as a PNG of at most 512 px, served publicly, listed and audited', async () => {
    const a = await newAdmin();
    const unit = await createUnit(a, { branchName: 'Logo Unit' });
    const res = await upload(a, unit.branchId, await png(1000, 250, 'jpeg'), 'photo.gif');
    expect(res.statusCode, res.body).toBe(200);
    const url: string = res.json().branchLogo;
    expect(url).toMatch(new RegExp(`^/api/workspace/logo/${a.ws.id}/unit-\\d{14}-[0-9a-f]{8}-${unit.branchId}\\.png$`));
    expect(res.json()).toMatchObject({ branchId: unit.branchId, branchName: 'Logo Unit', userCount: 0 });
    expect((await units(a)).content.find((u) => u.branchId === unit.branchId)?.branchLogo).toBe(url);

    const file = await fetchLogo(url);
    expect(file.statusCode).toBe(200);
    expect(file.headers['content-type']).toBe('image/png');
    const meta = await sharp(file.rawPayload).metadata();
    expect([meta.format, meta.width, meta.height]).toEqual(['png', 512, 128]);

    const [entry] = await auditOf(a.ws.id, 'branch.logo-updated');
    expect(entry?.targetId).toBe(unit.branchId);
    expect(entry?.details).toMatchObject({ before: { branchLogo: null }, after: { branchLogo: url, width: 512 } });
  });

  it('never touches the workspace logo: each is its own file, under its own name', async () => {
    const a = await newAdmin();
    const unit = await createUnit(a, { branchName: 'Side by side' });
    const ws = await t.request(a.ws.host, {
      method: 'POST',
      url: '/api/workspace/logo',
      token: a.token,
      ...multipart(await png(40, 40), {}, `${unit.branchId}.png`),
    });
    expect(ws.statusCode, ws.body).toBe(200);
    const companyLogo: string = ws.json().companyLogo;
    const mine = await upload(a, unit.branchId, await png(30, 30));
    const branchLogo: string = mine.json().branchLogo;
    expect(branchLogo).not.toBe(companyLogo);
    // Pointing the unit at the workspace logo and deleting the unit leaves the workspace logo alone.
    const pointed = await call(a, 'POST', `/api/workspace/update-branch/${unit.branchId}`, {
      branchName: 'Side by side',
      backgroundColor: '112233',
      branchLogo: companyLogo,
    });
    expect(pointed.statusCode, pointed.body).toBe(200);
    expect((await fetchLogo(branchLogo)).statusCode).toBe(404); // the unit's own file went with the change
    expect((await call(a, 'POST', '/api/workspace/delete-branch', { branchIds: [unit.branchId] })).statusCode).toBe(
      200,
    );
    expect((await fetchLogo(companyLogo)).statusCode).toBe(200);
    // The workspace logo's removal, likewise, leaves units' files alone.
    const other = await createUnit(a, { branchName: 'Other' });
    const otherLogo: string = (await upload(a, other.branchId, await png(30, 30))).json().branchLogo;
    expect((await call(a, 'DELETE', '/api/workspace/logo')).statusCode).toBe(200);
    expect((await fetchLogo(otherLogo)).statusCode).toBe(200);
  });

  it('replacing deletes the old file; removing clears branchLogo and deletes the file; deleting the unit deletes its file', async () => {
    const a = await newAdmin();
    const unit = await createUnit(a, { branchName: 'Replace' });
    const first: string = (await upload(a, unit.branchId, await png(60, 60))).json().branchLogo;
    const second = await upload(a, unit.branchId, await png(70, 70, 'webp'));
    expect(second.statusCode, second.body).toBe(200);
    const secondUrl: string = second.json().branchLogo;
    expect(secondUrl).not.toBe(first);
    expect((await fetchLogo(first)).statusCode).toBe(404);
    expect((await fetchLogo(secondUrl)).statusCode).toBe(200);
    expect(storedUnitLogos(a.ws.id)).toHaveLength(1);

    const removed = await call(a, 'DELETE', `/api/workspace/branch/${unit.branchId}/logo`);
    expect(removed.statusCode, removed.body).toBe(200);
    expect(removed.json().branchLogo).toBeNull();
    expect((await fetchLogo(secondUrl)).statusCode).toBe(404);
    expect(storedUnitLogos(a.ws.id)).toHaveLength(0);
    expect((await auditOf(a.ws.id, 'branch.logo-removed'))[0]?.details).toEqual({
      before: { branchLogo: secondUrl },
      after: { branchLogo: null },
    });
    // Removing none is fine and audits nothing more.
    expect((await call(a, 'DELETE', `/api/workspace/branch/${unit.branchId}/logo`)).statusCode).toBe(200);
    expect(await auditOf(a.ws.id, 'branch.logo-removed')).toHaveLength(1);

    const third: string = (await upload(a, unit.branchId, await png(20, 20))).json().branchLogo;
    const del = await call(a, 'POST', '/api/workspace/delete-branch', { branchIds: [unit.branchId] });
    expect(del.statusCode, del.body).toBe(200);
    expect((await fetchLogo(third)).statusCode).toBe(404);
    expect(storedUnitLogos(a.ws.id)).toHaveLength(0);
  });

  it('refuses a file over 2 MB (413) and a file that is not an image (415), keeping the logo', async () => {
    const a = await newAdmin();
    const unit = await createUnit(a, { branchName: 'Refusals' });
    const kept: string = (await upload(a, unit.branchId, await png(20, 20))).json().branchLogo;
    const big = await upload(a, unit.branchId, Buffer.concat([await png(10, 10), Buffer.alloc(2 * 1_048_576 + 10)]));
    expect(big.statusCode, big.body).toBe(413);
    expect(big.json().code).toBe('FILE_TOO_LARGE');
    for (const data of [Buffer.from('<svg onload="alert(1)"></svg>'), await png(10, 10, 'gif')]) {
      const res = await upload(a, unit.branchId, data, 'logo.png');
      expect(res.statusCode, res.body).toBe(415);
      expect(res.json().code).toBe('UNSUPPORTED_FILE_TYPE');
    }
    expect((await units(a)).content.find((u) => u.branchId === unit.branchId)?.branchLogo).toBe(kept);
    expect(storedUnitLogos(a.ws.id)).toHaveLength(1);
  });

  it('is for the unit’s administrators only: another unit’s branch admin 404, another workspace 404, an employee 403', async () => {
    const a = await newAdmin();
    const own = await createUnit(a, { branchName: 'Own unit' });
    const far = await createUnit(a, { branchName: 'Far unit' });
    // This workspace lets branch admins manage business units — their own one only.
    await withTenant(t.database.db, { workspaceId: a.ws.id }, (tx) =>
      tx
        .insert(rolePermissions)
        .values({ workspaceId: a.ws.id, role: 'BRANCH_ADMIN', permission: 'branches.manage', granted: true }),
    );
    const ba = await newUser(t.database.db, { ...a.ws, branchId: own.branchId }, { role: 'BRANCH_ADMIN' });
    const branchAdmin = { ws: a.ws, token: await sessionFor(t.database.db, ba) };
    const image = await png(20, 20);
    expect((await upload(branchAdmin, own.branchId, image)).statusCode).toBe(200);
    const farLogo: string = (await upload(a, far.branchId, image)).json().branchLogo;
    expect((await upload(branchAdmin, far.branchId, image)).statusCode).toBe(404);
    expect((await call(branchAdmin, 'DELETE', `/api/workspace/branch/${far.branchId}/logo`)).statusCode).toBe(404);
    // Nor may it change the other unit in any other way.
    expect(
      (
        await call(branchAdmin, 'POST', `/api/workspace/update-branch/${far.branchId}`, {
          branchName: 'Taken',
          backgroundColor: '000000',
        })
      ).statusCode,
    ).toBe(404);
    expect((await call(branchAdmin, 'PUT', `/api/workspace/branch/${far.branchId}/bg-color/000000`)).statusCode).toBe(
      404,
    );
    expect(
      (await call(branchAdmin, 'POST', '/api/workspace/delete-branch', { branchIds: [far.branchId] })).statusCode,
    ).toBe(404);

    const b = await newAdmin();
    expect((await upload(b, far.branchId, image)).statusCode).toBe(404);
    expect((await call(b, 'DELETE', `/api/workspace/branch/${far.branchId}/logo`)).statusCode).toBe(404);
    const emp = { ws: a.ws, token: await sessionFor(t.database.db, await newUser(t.database.db, a.ws)) };
    expect((await upload(emp, far.branchId, image)).statusCode).toBe(403);
    expect((await call(emp, 'DELETE', `/api/workspace/branch/${far.branchId}/logo`)).statusCode).toBe(403);

    // The far unit's logo is still there, and nothing was stored for the refused uploads.
    const list = (await units(a)).content;
    expect(list.find((u) => u.branchId === far.branchId)?.branchLogo).toBe(farLogo);
    expect(list.find((u) => u.branchId === far.branchId)?.branchName).toBe('Far unit');
    expect(storedUnitLogos(a.ws.id)).toHaveLength(2);
    expect(storedUnitLogos(b.ws.id)).toHaveLength(0);
  });

  it('a unit cannot be pointed at another unit’s uploaded logo (it would vanish with that unit)', async () => {
    const a = await newAdmin();
    const one = await createUnit(a, { branchName: 'One' });
    const two = await createUnit(a, { branchName: 'Two' });
    const logo: string = (await upload(a, one.branchId, await png(20, 20))).json().branchLogo;
    for (const [url, body] of [
      [
        `/api/workspace/update-branch/${two.branchId}`,
        { branchName: 'Two', backgroundColor: '112233', branchLogo: logo },
      ],
      ['/api/workspace/create-branch', { branchName: 'Three', backgroundColor: '112233', branchLogo: logo }],
    ] as const) {
      const res = await call(a, 'POST', url, body);
      expect(res.statusCode, res.body).toBe(400);
      expect(res.json().details?.[0]?.path).toBe('body.branchLogo');
    }
    // Its own logo it may keep sending back unchanged.
    const same = await call(a, 'POST', `/api/workspace/update-branch/${one.branchId}`, {
      branchName: 'One',
      backgroundColor: '112233',
      branchLogo: logo,
    });
    expect(same.statusCode, same.body).toBe(200);
    expect((await fetchLogo(logo)).statusCode).toBe(200);
  });
});
