import { AUDIT_ACTION_KEYS, type TAuditPage, type TNavigationItem } from '@app/contract';
import ExcelJS from 'exceljs';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { MODULES } from '../../../app.ts';
import { withPlatform } from '../../../core/db/tenant.ts';
import { auditLog, rolePermissions } from '../../../db/schema.ts';
import {
  type AMember,
  type AWorkspace,
  aCourse,
  aMember,
  aWorkspace,
  createTestApp,
  type TestApp,
} from '../../../testing/index.ts';

let t: TestApp;
let ws: AWorkspace;
let other: AWorkspace;
let admin: AMember;
let adminToken: string;
let priya: AMember;
let ravi: AMember;

/** An entry written as `ctx.audit` would, at a chosen instant. */
async function entry(
  w: AWorkspace,
  e: { action: string; actor?: string | null; targetType?: string; targetId?: string; at: string; details?: object },
) {
  await withPlatform(t.database.db, { action: 'test.audit', audit: false }, (tx) =>
    tx.insert(auditLog).values({
      workspaceId: w.id,
      action: e.action,
      actorAccountId: e.actor ?? null,
      targetType: e.targetType ?? null,
      targetId: e.targetId ?? null,
      occurredAt: new Date(e.at),
      ip: '10.0.0.1',
      details: e.details ?? null,
    }),
  );
}

function list(host: string, token: string, body: object = {}, query = 'pageNo=0&pageSize=20') {
  return t.request(host, { method: 'POST', url: `/api/audit?${query}`, token, payload: body });
}

/** March 2026, where the test's entries are (sessions opened by the test add sign-ins of today). */
const MARCH = { from: '2026-03-01', to: '2026-03-31' };

async function page(body: object = {}, query?: string): Promise<TAuditPage> {
  const res = await list(ws.host, adminToken, { ...MARCH, ...body }, query);
  expect(res.statusCode, res.body).toBe(200);
  return res.json();
}

beforeAll(async () => {
  t = await createTestApp();
  ws = await aWorkspace(t, { name: 'Audit Co' });
  other = await aWorkspace(t, { name: 'Other Co' });
  admin = await aMember(ws, { role: 'WORKSPACE_ADMIN', firstName: 'Asha', lastName: 'Admin' });
  priya = await aMember(ws, { firstName: 'Priya', lastName: 'Sharma' });
  ravi = await aMember(ws, { firstName: 'Ravi', lastName: 'Kumar' });
  adminToken = await admin.session();
  // Kolkata is UTC+05:30: 2026-03-01T20:00Z is already 2 March there.
  await entry(ws, {
    action: 'user.updated',
    actor: admin.accountId,
    targetType: 'user',
    targetId: priya.accountId,
    at: '2026-03-01T10:00:00Z',
    details: { before: { designation: 'Clerk' }, after: { designation: 'Manager' } },
  });
  await entry(ws, {
    action: 'department.created',
    actor: ravi.accountId,
    targetType: 'department',
    targetId: ws.hqDepartment.id,
    at: '2026-03-01T20:00:00Z',
    details: { after: { name: '=HYPERLINK("x")' } },
  });
  await entry(ws, { action: 'auth.signin.success', actor: priya.accountId, at: '2026-03-05T09:00:00Z' });
  await entry(ws, {
    action: 'some.future_action',
    actor: null,
    targetType: 'user',
    targetId: 'bulk',
    at: '2026-03-06T09:00:00Z',
  });
  await entry(other, { action: 'user.updated', actor: null, at: '2026-03-02T09:00:00Z' });
});
afterAll(() => t.close());

describe('the audit log', () => {
  it('names every catalogued action in the contract (the web labels each one in every language)', () => {
    expect([...AUDIT_ACTION_KEYS].sort()).toEqual(MODULES.flatMap((m) => Object.keys(m.auditActions ?? {})).sort());
  });

  it('lists this workspace’s entries newest first, with actor and subject by name', async () => {
    const p = await page();
    expect(p.totalElements).toBe(4);
    expect(p.content.map((e) => e.action)).toEqual([
      'some.future_action',
      'auth.signin.success',
      'department.created',
      'user.updated',
    ]);
    const updated = p.content[3]!;
    expect(updated.actor).toMatchObject({ accountId: admin.accountId, name: 'Asha Admin', email: admin.email });
    expect(updated.subject).toMatchObject({ accountId: priya.accountId, name: 'Priya Sharma' });
    expect(updated.targetLabel).toBe('Priya Sharma');
    expect(updated.details).toEqual({ before: { designation: 'Clerk' }, after: { designation: 'Manager' } });
    expect(p.content[2]).toMatchObject({ targetType: 'department', targetLabel: 'People' });
    // A target id that is no uuid (`bulk`) is kept as it is.
    expect(p.content[0]).toMatchObject({ targetId: 'bulk', targetLabel: null, subject: null, actor: null });
  });

  it('another workspace’s admin sees none of our entries, and we see none of theirs', async () => {
    const theirs = await aMember(other, { role: 'WORKSPACE_ADMIN' });
    const res = await list(other.host, await theirs.session(), { person: 'Priya' });
    expect(res.statusCode).toBe(200);
    expect(res.json().totalElements).toBe(0);
    const all = (await list(other.host, await theirs.session(), MARCH)).json() as TAuditPage;
    expect(all.content.map((e) => e.action)).toEqual(['user.updated']);
    // Our session on their host is refused outright.
    expect((await list(other.host, adminToken)).statusCode).toBeGreaterThanOrEqual(401);
  });

  it('filters by person, as actor or as subject', async () => {
    const priyas = await page({ person: 'priya' });
    expect(priyas.content.map((e) => e.action).sort()).toEqual(['auth.signin.success', 'user.updated']);
    const byEmail = await page({ person: ravi.email });
    expect(byEmail.content.map((e) => e.action)).toEqual(['department.created']);
    expect((await page({ person: 'nobody-like-this' })).totalElements).toBe(0);
    // `%` is a character, not a wildcard.
    expect((await page({ person: '%' })).totalElements).toBe(0);
  });

  it('filters by action and by days in the workspace’s time zone', async () => {
    expect((await page({ action: 'user.updated' })).content).toHaveLength(1);
    const first = await page({ from: '2026-03-01', to: '2026-03-01' });
    expect(first.content.map((e) => e.action)).toEqual(['user.updated']);
    const second = await page({ from: '2026-03-02', to: '2026-03-05' });
    expect(second.content.map((e) => e.action)).toEqual(['auth.signin.success', 'department.created']);
    expect((await list(ws.host, adminToken, { from: '1 March' })).statusCode).toBe(400);
  });

  it('pages without overlap', async () => {
    const a = await page({}, 'pageNo=0&pageSize=3');
    const b = await page({}, 'pageNo=1&pageSize=3');
    expect(a.totalPages).toBe(2);
    expect(a.content).toHaveLength(3);
    expect(b.content).toHaveLength(1);
    expect(new Set([...a.content, ...b.content].map((e) => e.id)).size).toBe(4);
  });

  it('an EMPLOYER reads it; a BRANCH_ADMIN and an EMPLOYEE are refused, even when the matrix gives them audit.view', async () => {
    const employer = await aMember(ws, { role: 'EMPLOYER' });
    expect((await list(ws.host, await employer.session())).statusCode).toBe(200);
    const branchAdmin = await aMember(ws, { role: 'BRANCH_ADMIN' });
    const employee = await aMember(ws, { role: 'EMPLOYEE' });
    for (const m of [branchAdmin, employee]) {
      const token = await m.session();
      expect((await list(ws.host, token)).statusCode).toBe(403);
      const exp = await t.request(ws.host, { method: 'GET', url: '/api/audit/export', token });
      expect(exp.statusCode).toBe(403);
    }
    const granted = await aWorkspace(t);
    await withPlatform(t.database.db, { action: 'test.matrix', audit: false }, (tx) =>
      tx.insert(rolePermissions).values([
        { workspaceId: granted.id, role: 'BRANCH_ADMIN', permission: 'audit.view', granted: true },
        { workspaceId: granted.id, role: 'EMPLOYEE', permission: 'audit.view', granted: true },
      ]),
    );
    for (const role of ['BRANCH_ADMIN', 'EMPLOYEE'] as const) {
      const token = await (await aMember(granted, { role })).session();
      expect((await list(granted.host, token)).statusCode).toBe(403);
      const nav = await t.request(granted.host, { method: 'GET', url: '/api/navigation/v3', token });
      const item = (nav.json() as TNavigationItem[]).find((i) => i.menu === 'AUDIT_LOG');
      expect(item?.enabled).toBe(false);
    }
    const nav = await t.request(ws.host, { method: 'GET', url: '/api/navigation/v3', token: adminToken });
    expect((nav.json() as TNavigationItem[]).find((i) => i.menu === 'AUDIT_LOG')?.enabled).toBe(true);
  });
});

describe('names instead of ids (issue 21 item 14)', () => {
  it('names the courses, people, units and departments an entry’s details mention, in one answer; another workspace’s stay ids', async () => {
    const course = await aCourse(t, ws.host, adminToken, { title: 'Speaking up at work' });
    const theirs = other.hqDepartment.id;
    await entry(ws, {
      action: 'course.updated',
      actor: admin.accountId,
      targetType: 'course',
      targetId: course.id,
      at: '2026-04-02T09:00:00Z',
      details: {
        courseId: course.id,
        before: { departmentId: theirs, backgroundColor: '112233' },
        after: { departmentId: ws.hqDepartment.id, branchId: ws.hq.id, backgroundColor: '445566' },
        learners: [priya.accountId],
      },
    });
    const res = await list(ws.host, adminToken, { from: '2026-04-01', to: '2026-04-30' });
    expect(res.statusCode, res.body).toBe(200);
    const [e] = (res.json() as TAuditPage).content;
    expect(e!.names).toEqual({
      [course.id]: 'Speaking up at work',
      [ws.hqDepartment.id]: ws.hqDepartment.name,
      [ws.hq.id]: ws.hq.name,
      [priya.accountId]: 'Priya Sharma',
    });
    expect(e!.names[theirs]).toBeUndefined();
    // The raw details are kept as recorded.
    expect(e!.details).toMatchObject({ courseId: course.id, before: { departmentId: theirs } });
  });
});

describe('exporting the audit log', () => {
  it('streams the filtered entries as CSV, formulas defused, and records the export', async () => {
    const res = await t.request(ws.host, {
      method: 'GET',
      url: '/api/audit/export?format=csv&from=2026-03-01&to=2026-03-03',
      token: adminToken,
    });
    expect(res.statusCode, res.body).toBe(200);
    expect(res.headers['content-type']).toContain('text/csv');
    expect(res.headers['content-disposition']).toMatch(/attachment; filename="audit-log-.*\.csv"/);
    const lines = res.body
      .replace(/^\uFEFF/, '')
      .trim()
      .split('\r\n');
    expect(lines[0]).toBe('When (UTC),Action,Actor name,Actor email,Actor id,Target type,Target,Target id,IP,Details');
    expect(lines).toHaveLength(3);
    expect(lines[1]).toContain('department.created,Ravi Kumar');
    expect(lines[1]).toContain(`"{""after"":{""name"":""=HYPERLINK(\\""x\\"")""}}"`);
    expect(lines[2]).toContain(`user.updated,Asha Admin,${admin.email}`);
    expect(lines[2]).toContain('Priya Sharma');
    // The export is itself in the log, with its filter and size; reading the list is not.
    const exported = await page({ action: 'audit.exported', from: undefined, to: undefined });
    expect(exported.content).toHaveLength(1);
    expect(exported.content[0]).toMatchObject({
      actor: { accountId: admin.accountId },
      details: { format: 'csv', filter: { from: '2026-03-01', to: '2026-03-03' }, rows: 2 },
    });
  });

  it('streams XLSX too', async () => {
    const res = await t.request(ws.host, {
      method: 'GET',
      url: '/api/audit/export?format=xlsx&action=user.updated',
      token: adminToken,
    });
    expect(res.statusCode).toBe(200);
    const book = new ExcelJS.Workbook();
    await book.xlsx.load(res.rawPayload as unknown as ArrayBuffer);
    const sheet = book.worksheets[0]!;
    expect(sheet.rowCount).toBe(2);
    expect(sheet.getRow(2).getCell(2).value).toBe('user.updated');
    expect(sheet.getRow(2).getCell(3).value).toBe('Asha Admin');
  });

  it('reads past one batch without losing or repeating an entry', async () => {
    const big = await aWorkspace(t);
    const bigAdmin = await aMember(big, { role: 'WORKSPACE_ADMIN' });
    // 1,203 entries, many at the very same instant (the cursor's tiebreaker is the id).
    await withPlatform(t.database.db, { action: 'test.audit', audit: false }, (tx) =>
      tx.insert(auditLog).values(
        Array.from({ length: 1203 }, (_, i) => ({
          workspaceId: big.id,
          action: 'branch.updated',
          occurredAt: new Date(Date.UTC(2026, 0, 1, 0, 0, i % 7)),
          targetId: `row-${i}`,
        })),
      ),
    );
    const res = await t.request(big.host, {
      method: 'GET',
      url: '/api/audit/export?to=2026-01-31',
      token: await bigAdmin.session(),
    });
    expect(res.statusCode).toBe(200);
    const ids = res.body
      .trim()
      .split('\r\n')
      .slice(1)
      .map((l) => l.split(',')[7]);
    expect(ids).toHaveLength(1203);
    expect(new Set(ids).size).toBe(1203);
  });
});
