import type { TNavigationItem, TUserManual, TWhitelist } from '@app/contract';
import { and, eq, like } from 'drizzle-orm';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { withPlatform, withTenant } from '../../../core/db/tenant.ts';
import { auditLog, userManuals, workspaceMenus } from '../../../db/schema.ts';
import { lyingZipBomb, xlsxOf } from '../../../testing/bulk-files.ts';
import {
  type AWorkspace,
  aMember,
  anOperator,
  aWorkspace,
  createTestApp,
  TEST_PLATFORM_HOST,
  type TestApp,
} from '../../../testing/index.ts';
import { multipart } from '../../../testing/multipart.ts';
import { storageDrivers } from '../../../testing/storage-drivers.ts';
import { whitelistAllows } from './operator-settings.repo.ts';

let t: TestApp;
let operator: string;
let a: AWorkspace;
let b: AWorkspace;
let adminA: string;
let employeeA: string;
let adminB: string;

const P = TEST_PLATFORM_HOST;
const asOperator = (method: 'GET' | 'POST', url: string, payload?: object) =>
  t.request(P, { method, url, token: operator, ...(payload ? { payload } : {}) });

async function menusOf(host: string, token: string, version = 'v3'): Promise<Record<string, boolean>> {
  const res = await t.request(host, { method: 'GET', url: `/api/navigation/${version}`, token });
  expect(res.statusCode).toBe(200);
  return Object.fromEntries((res.json() as TNavigationItem[]).map((i) => [i.menu, i.enabled]));
}

async function setMenus(workspaceId: string, menus: Array<{ menu: string; enabled: boolean }>) {
  const res = await asOperator('POST', '/api/admin/workspace-nav', { workspaceId, menus });
  expect(res.statusCode, res.body).toBe(200);
  return res.json() as { workspaceId: string; menus: TNavigationItem[] };
}

beforeAll(async () => {
  t = await createTestApp();
  operator = await (await anOperator(t)).signIn(t);
  a = await aWorkspace(t);
  b = await aWorkspace(t);
  adminA = await (await aMember(a, { role: 'WORKSPACE_ADMIN' })).signIn(t);
  employeeA = await (await aMember(a)).signIn(t);
  adminB = await (await aMember(b, { role: 'WORKSPACE_ADMIN' })).signIn(t);
});
afterAll(() => t.close());

describe('operator routes refuse everyone but the operator', () => {
  const calls = (id: string): Array<{ method: 'GET' | 'POST'; url: string; payload?: object }> => [
    { method: 'GET', url: `/api/admin/workspace-nav?workspaceId=${id}` },
    {
      method: 'POST',
      url: '/api/admin/workspace-nav',
      payload: { workspaceId: id, menus: [{ menu: 'USERS', enabled: false }] },
    },
    { method: 'GET', url: `/api/admin/workspace/${id}/whitelist` },
    {
      method: 'POST',
      url: '/api/admin/add-email-to-whitelist',
      payload: { workspaceId: id, entries: ['@x.example.com'] },
    },
    {
      method: 'POST',
      url: '/api/admin/remove-email-from-whitelist',
      payload: { workspaceId: id, entries: ['@x.example.com'] },
    },
  ];
  it('workspace admins of any workspace and employees: refused on the platform host and on their own, nothing changes', async () => {
    for (const [token, host] of [
      [adminA, a.host],
      [employeeA, a.host],
      [adminB, b.host],
    ] as const) {
      for (const c of calls(a.id)) {
        for (const h of [P, host]) {
          const res = await t.request(h, { ...c, token });
          expect([401, 403, 404], `${c.method} ${c.url} on ${h}: ${res.body}`).toContain(res.statusCode);
        }
      }
      for (const url of ['/api/admin/add-email-to-whitelist/bulk', '/api/user-manual']) {
        const res = await t.request(P, {
          method: 'POST',
          url,
          token,
          ...multipart('%PDF-1.4\n', { workspaceId: a.id, audience: 'EMPLOYEE', language: 'en' }),
        });
        expect([401, 403], `${url}: ${res.body}`).toContain(res.statusCode);
      }
    }
    const rows = await withPlatform(t.database.db, { action: 'test', audit: false }, (tx) =>
      tx.select().from(workspaceMenus).where(eq(workspaceMenus.workspaceId, a.id)),
    );
    expect(rows).toEqual([]);
    expect(((await asOperator('GET', `/api/admin/workspace/${a.id}/whitelist`)).json() as TWhitelist).entries).toEqual(
      [],
    );
  });
});

describe('navigation: the operator switches a workspace’s menus', () => {
  it('lists every workspace menu, none of the platform’s, all on by default', async () => {
    const res = await asOperator('GET', `/api/admin/workspace-nav?workspaceId=${b.id}`);
    expect(res.statusCode).toBe(200);
    const nav = res.json() as { menus: TNavigationItem[] };
    expect(nav.menus.every((m) => m.enabled)).toBe(true);
    expect(nav.menus.map((m) => m.menu)).toContain('USERS');
    expect(nav.menus.some((m) => m.menu.startsWith('PLATFORM_'))).toBe(false);
  });

  it('refuses the dashboard off, platform menus, unknown menus and workspaces, and changes nothing', async () => {
    const dash = await asOperator('POST', '/api/admin/workspace-nav', {
      workspaceId: a.id,
      menus: [
        { menu: 'USERS', enabled: false },
        { menu: 'DASHBOARD', enabled: false },
      ],
    });
    expect(dash.statusCode).toBe(400);
    expect(dash.json().code).toBe('MENU_ALWAYS_ON');
    const platform = await asOperator('POST', '/api/admin/workspace-nav', {
      workspaceId: a.id,
      menus: [{ menu: 'PLATFORM_WORKSPACES', enabled: false }],
    });
    expect(platform.statusCode).toBe(400);
    expect(platform.json().code).toBe('NOT_A_WORKSPACE_MENU');
    const unknown = await asOperator('POST', '/api/admin/workspace-nav', {
      workspaceId: a.id,
      menus: [{ menu: 'NOPE', enabled: false }],
    });
    expect(unknown.statusCode).toBe(400);
    const missing = await asOperator(
      'GET',
      '/api/admin/workspace-nav?workspaceId=00000000-0000-4000-8000-000000000000',
    );
    expect(missing.statusCode).toBe(404);
    expect((await asOperator('GET', '/api/admin/workspace-nav?workspaceId=nope')).statusCode).toBe(400);
    expect((await menusOf(a.host, adminA)).USERS).toBe(true);
  });

  it('a switched-off menu leaves v3 and v2 and its routes answer 403 MENU_SWITCHED_OFF; other menus and workspaces work', async () => {
    const users = { method: 'GET' as const, url: '/api/workspace/users/filter-options' };
    const audit = { method: 'POST' as const, url: '/api/audit?pageNo=0&pageSize=10', payload: {} };
    expect((await t.request(a.host, { ...users, token: adminA })).statusCode).toBe(200);
    const nav = await setMenus(a.id, [
      { menu: 'USERS', enabled: false },
      { menu: 'AUDIT_LOG', enabled: false },
    ]);
    expect(
      nav.menus
        .filter((m) => !m.enabled)
        .map((m) => m.menu)
        .sort(),
    ).toEqual(['AUDIT_LOG', 'USERS']);
    for (const v of ['v3', 'v2']) {
      const m = await menusOf(a.host, adminA, v);
      expect(m).not.toHaveProperty('USERS');
      expect(m).not.toHaveProperty('AUDIT_LOG');
      expect(m).toMatchObject({ DASHBOARD: true, DEPARTMENTS: true, SETTINGS: true });
    }
    for (const req of [users, audit]) {
      const res = await t.request(a.host, { ...req, token: adminA });
      expect(res.statusCode, res.body).toBe(403);
      expect(res.json().code).toBe('MENU_SWITCHED_OFF');
    }
    // Without a session too: the switch is the host's, like an area's (core/auth.ts `assertAreaOn`).
    const anonymous = await t.request(a.host, users);
    expect(anonymous.statusCode).toBe(403);
    expect(anonymous.json().code).toBe('MENU_SWITCHED_OFF');
    // Another menu of A, and the same menu of B, still work.
    expect(
      (await t.request(a.host, { method: 'POST', url: '/api/department/list', payload: {}, token: adminA })).statusCode,
    ).toBeLessThan(300);
    expect((await t.request(b.host, { ...users, token: adminB })).statusCode).toBe(200);
    expect(await menusOf(b.host, adminB)).toHaveProperty('USERS', true);
    // Switched on again: back at once.
    await setMenus(a.id, [
      { menu: 'USERS', enabled: true },
      { menu: 'AUDIT_LOG', enabled: true },
    ]);
    expect((await t.request(a.host, { ...users, token: adminA })).statusCode).toBe(200);
    expect((await t.request(a.host, { ...audit, token: adminA })).statusCode).toBe(200);
    // Audited in the workspace's own log: the menus off before and after.
    const entries = await withPlatform(t.database.db, { action: 'test', audit: false }, (tx) =>
      tx
        .select({ details: auditLog.details })
        .from(auditLog)
        .where(and(eq(auditLog.workspaceId, a.id), eq(auditLog.action, 'workspace.navigation-changed'))),
    );
    expect(entries.map((e) => e.details)).toContainEqual({
      before: { off: [] },
      after: { off: ['USERS', 'AUDIT_LOG'] },
    });
  });

  it('a learning-only customer: with every learning menu off, the learning routes close (signed in or not); on again, open', async () => {
    const lms = ['MY_LEARNING', 'COURSES', 'LEARNING_CREDITS', 'COURSE_LEARNERS', 'WORKSHOPS'];
    const stats = { method: 'GET' as const, url: '/lms/api/workspace-course/stats' };
    expect((await t.request(a.host, { ...stats, token: employeeA })).statusCode).toBe(200);
    // One learning menu off: the menu goes, the learner's own routes stay.
    await setMenus(a.id, [{ menu: 'COURSES', enabled: false }]);
    expect(await menusOf(a.host, adminA)).not.toHaveProperty('COURSES');
    expect((await t.request(a.host, { ...stats, token: employeeA })).statusCode).toBe(200);
    await setMenus(
      a.id,
      lms.map((menu) => ({ menu, enabled: false })),
    );
    const m = await menusOf(a.host, employeeA);
    expect(Object.keys(m).filter((k) => lms.includes(k))).toEqual([]);
    expect(m).toMatchObject({ DASHBOARD: true, MY_POLICIES: true, MY_COMPLAINTS: true });
    const closed = await t.request(a.host, { ...stats, token: employeeA });
    expect(closed.statusCode).toBe(403);
    expect(closed.json().code).toBe('MENU_SWITCHED_OFF');
    // A public learning route (no session) is gated the same way.
    const verify = await t.request(a.host, { method: 'GET', url: '/lms/api/certificate/verify/ABCDEFGHJK' });
    expect(verify.statusCode).toBe(403);
    expect(verify.json().code).toBe('MENU_SWITCHED_OFF');
    expect(
      (await t.request(b.host, { method: 'GET', url: '/lms/api/workspace-course/stats', token: adminB })).statusCode,
    ).toBe(200);
    await setMenus(
      a.id,
      lms.map((menu) => ({ menu, enabled: true })),
    );
    expect((await t.request(a.host, { ...stats, token: employeeA })).statusCode).toBe(200);
  });
});

describe('sign-up whitelist', () => {
  const list = async (id: string) =>
    ((await asOperator('GET', `/api/admin/workspace/${id}/whitelist`)).json() as TWhitelist).entries.map(
      (e) => e.value,
    );
  const bulk = (file: Buffer | string, workspaceId: string, filename = 'list.csv') =>
    t.request(P, {
      method: 'POST',
      url: '/api/admin/add-email-to-whitelist/bulk',
      token: operator,
      ...multipart(file, { workspaceId }, filename),
    });

  it('adds addresses and domains (a bare domain becomes @domain), lists and removes them; audits counts only', async () => {
    const ws = await aWorkspace(t);
    const res = await asOperator('POST', '/api/admin/add-email-to-whitelist', {
      workspaceId: ws.id,
      entries: ['Asha@Initech.com', 'initech.example.com', '@globex.example.com', 'asha@initech.com'],
    });
    expect(res.statusCode, res.body).toBe(200);
    expect(await list(ws.id)).toEqual(['@globex.example.com', '@initech.example.com', 'asha@initech.com']);
    const removed = await asOperator('POST', '/api/admin/remove-email-from-whitelist', {
      workspaceId: ws.id,
      entries: ['globex.example.com', 'nobody@x.example.com'],
    });
    expect(removed.statusCode).toBe(200);
    expect(await list(ws.id)).toEqual(['@initech.example.com', 'asha@initech.com']);
    const entries = await withPlatform(t.database.db, { action: 'test', audit: false }, (tx) =>
      tx
        .select({ details: auditLog.details })
        .from(auditLog)
        .where(and(eq(auditLog.workspaceId, ws.id), eq(auditLog.action, 'workspace.whitelist-changed'))),
    );
    expect(entries.map((e) => e.details)).toEqual([
      { added: 3, alreadyListed: 1, removed: 0, bulk: false },
      { added: 0, alreadyListed: 0, removed: 1, bulk: false },
    ]);
    expect(JSON.stringify(entries)).not.toContain('initech');
  });

  it('the sign-up rule: the address or its domain is listed; an empty list lets nobody in; only this workspace’s list counts', async () => {
    const ws = await aWorkspace(t);
    const other = await aWorkspace(t);
    const allows = (workspaceId: string, email: string) =>
      withTenant(t.database.db, { workspaceId }, (tx) => whitelistAllows(tx, workspaceId, email));
    expect(await allows(ws.id, 'asha@initech.example.com')).toBe(false);
    await asOperator('POST', '/api/admin/add-email-to-whitelist', {
      workspaceId: ws.id,
      entries: ['initech.example.com', 'ravi@globex.example.com'],
    });
    expect(await allows(ws.id, 'Asha@Initech.example.com')).toBe(true);
    expect(await allows(ws.id, 'ravi@globex.example.com')).toBe(true);
    expect(await allows(ws.id, 'mira@globex.example.com')).toBe(false);
    expect(await allows(ws.id, 'asha@sub.initech.example.com')).toBe(false);
    expect(await allows(ws.id, 'not-an-address')).toBe(false);
    expect(await allows(other.id, 'asha@initech.example.com')).toBe(false);
  });

  it('refuses bad entries, empty lists and unknown workspaces, and changes nothing', async () => {
    const ws = await aWorkspace(t);
    for (const entries of [['not an address'], [], ['a@b'], ['=cmd|calc'], [`${'x'.repeat(300)}@a.com`]]) {
      const res = await asOperator('POST', '/api/admin/add-email-to-whitelist', { workspaceId: ws.id, entries });
      expect(res.statusCode, JSON.stringify(entries)).toBe(400);
    }
    const unknown = await asOperator('POST', '/api/admin/add-email-to-whitelist', {
      workspaceId: '00000000-0000-4000-8000-000000000000',
      entries: ['@a.example.com'],
    });
    expect(unknown.statusCode).toBe(404);
    expect(await list(ws.id)).toEqual([]);
  });

  it('a CSV: header skipped, bad rows refused with their row number (formulas too), the rest added', async () => {
    const ws = await aWorkspace(t);
    await asOperator('POST', '/api/admin/add-email-to-whitelist', {
      workspaceId: ws.id,
      entries: ['old@a.example.com'],
    });
    const file = [
      'Email',
      'one@a.example.com',
      'b.example.com,ignored second column',
      'not an address',
      '"=HYPERLINK(""http://evil.example.com"",""x"")"',
      '',
      'OLD@a.example.com',
      'one@a.example.com',
    ].join('\r\n');
    const res = await bulk(file, ws.id);
    expect(res.statusCode, res.body).toBe(200);
    const body = res.json();
    expect(body).toMatchObject({ workspaceId: ws.id, added: 2, alreadyListed: 2 });
    expect(body.refused.map((r: { row: number }) => r.row)).toEqual([4, 5]);
    expect(await list(ws.id)).toEqual(['@b.example.com', 'old@a.example.com', 'one@a.example.com']);
  });

  it('an XLSX: the first column of each row', async () => {
    const ws = await aWorkspace(t);
    const res = await bulk(
      await xlsxOf([['x@c.example.com', 'ignored'], ['@d.example.com'], ['bad entry']]),
      ws.id,
      'list.xlsx',
    );
    expect(res.statusCode, res.body).toBe(200);
    expect(res.json()).toMatchObject({ added: 2, alreadyListed: 0, refused: [{ row: 3, value: 'bad entry' }] });
    expect(await list(ws.id)).toEqual(['@d.example.com', 'x@c.example.com']);
  });

  it('hostile files: not a spreadsheet, a lying zip bomb, no file, no workspace — refused, nothing added', async () => {
    const ws = await aWorkspace(t);
    const notSheet = await bulk(Buffer.from([0x7f, 0x45, 0x4c, 0x46, 0, 1, 2, 3, 0, 0, 0]), ws.id, 'list.csv');
    expect(notSheet.statusCode, notSheet.body).toBe(415);
    const bomb = await bulk(await lyingZipBomb([['a@e.example.com']], 60 * 1024 * 1024), ws.id, 'list.xlsx');
    expect([413, 415], bomb.body).toContain(bomb.statusCode);
    const noFile = await t.request(P, {
      method: 'POST',
      url: '/api/admin/add-email-to-whitelist/bulk',
      token: operator,
      ...multipart(null, { workspaceId: ws.id }),
    });
    expect(noFile.statusCode).toBe(400);
    const noWorkspace = await t.request(P, {
      method: 'POST',
      url: '/api/admin/add-email-to-whitelist/bulk',
      token: operator,
      ...multipart('a@e.example.com\n', {}),
    });
    expect(noWorkspace.statusCode).toBe(400);
    const json = await asOperator('POST', '/api/admin/add-email-to-whitelist/bulk', { workspaceId: ws.id });
    expect(json.statusCode).toBe(415);
    expect(await list(ws.id)).toEqual([]);
  });
});

describe.each(storageDrivers('user-manuals'))('user manuals ($driver storage)', ({ storage }) => {
  let app: TestApp;
  let op: string;
  let admin: string;
  let employee: string;
  let branchAdmin: string;
  beforeAll(async () => {
    app = await createTestApp({ config: { storage: storage() } });
    op = await (await anOperator(app)).signIn(app);
    const ws = await aWorkspace(app);
    admin = await (await aMember(ws, { role: 'WORKSPACE_ADMIN' })).signIn(app);
    branchAdmin = await (await aMember(ws, { role: 'BRANCH_ADMIN' })).signIn(app);
    employee = await (await aMember(ws)).signIn(app);
    (app as TestApp & { host: string }).host = ws.host;
  });
  afterAll(() => app.close());
  const host = () => (app as TestApp & { host: string }).host;

  const pdf = (text: string) => Buffer.from(`%PDF-1.7\n% ${text}\n1 0 obj <<>> endobj\ntrailer <<>>\n%%EOF\n`);
  const upload = (file: Buffer | string | null, fields: Record<string, string>, token = op) =>
    app.request(P, { method: 'POST', url: '/api/user-manual', token, ...multipart(file, fields, 'Guide (v2).pdf') });
  const manuals = async (h: string, token: string) => {
    const res = await app.request(h, { method: 'GET', url: '/api/user-manual', token });
    expect(res.statusCode, res.body).toBe(200);
    return res.json() as TUserManual[];
  };
  /** The bytes behind a manual's link (local: this server's signed /files URL; S3: the presigned URL). */
  async function download(url: string): Promise<string> {
    if (url.startsWith('/files/')) {
      const res = await app.request(P, { method: 'GET', url });
      expect(res.statusCode).toBe(200);
      return res.body;
    }
    const res = await fetch(url);
    expect(res.status).toBe(200);
    return res.text();
  }
  const keys = () =>
    withPlatform(app.database.db, { action: 'test', audit: false }, (tx) =>
      tx
        .select({ key: userManuals.storageKey, audience: userManuals.audience, language: userManuals.language })
        .from(userManuals),
    );

  it('nobody has a manual before one is uploaded', async () => {
    expect(await manuals(host(), employee)).toEqual([]);
  });

  it('the operator uploads per audience and language; each caller gets its audience’s, the operator all', async () => {
    for (const [audience, language, text] of [
      ['EMPLOYEE', 'en', 'employee-en'],
      ['ADMINISTRATOR', 'en', 'admin-en'],
      ['ADMINISTRATOR', 'hi', 'admin-hi'],
    ] as const) {
      const res = await upload(pdf(text), { audience, language });
      expect(res.statusCode, res.body).toBe(200);
      expect(res.json()).toMatchObject({ audience, language, fileName: 'Guide-v2-.pdf' });
    }
    const forEmployee = await manuals(host(), employee);
    expect(forEmployee.map((m) => `${m.audience}/${m.language}`)).toEqual(['EMPLOYEE/en']);
    expect(await download(forEmployee[0]!.url)).toContain('employee-en');
    for (const token of [admin, branchAdmin]) {
      const forAdmin = await manuals(host(), token);
      expect(forAdmin.map((m) => `${m.audience}/${m.language}`)).toEqual(['ADMINISTRATOR/en', 'ADMINISTRATOR/hi']);
      expect(await download(forAdmin.find((m) => m.language === 'hi')!.url)).toContain('admin-hi');
    }
    expect((await manuals(P, op)).map((m) => `${m.audience}/${m.language}`)).toEqual([
      'ADMINISTRATOR/en',
      'ADMINISTRATOR/hi',
      'EMPLOYEE/en',
    ]);
    // Without a session: refused.
    expect((await app.request(host(), { method: 'GET', url: '/api/user-manual' })).statusCode).toBe(401);
  });

  it('a new upload replaces the old manual and deletes its object', async () => {
    const before = (await keys()).find((k) => k.audience === 'EMPLOYEE' && k.language === 'en')!;
    const res = await upload(pdf('employee-en-2'), { audience: 'EMPLOYEE', language: 'en' });
    expect(res.statusCode).toBe(200);
    const after = (await keys()).find((k) => k.audience === 'EMPLOYEE' && k.language === 'en')!;
    expect(after.key).not.toBe(before.key);
    expect(await app.app.deps.storage.get(before.key)).toBeNull();
    expect(await download((await manuals(host(), employee))[0]!.url)).toContain('employee-en-2');
  });

  it('refuses a file that is not a PDF, too big a file, a bad audience or language, no file; nothing changes', async () => {
    const before = await keys();
    const notPdf = await upload(Buffer.from('<html>%PDF-</html>'.padStart(2000, ' ')), {
      audience: 'EMPLOYEE',
      language: 'en',
    });
    expect(notPdf.statusCode).toBe(415);
    expect(notPdf.json().code).toBe('NOT_A_PDF');
    const big = await upload(Buffer.concat([pdf('big'), Buffer.alloc(21 * 1024 * 1024)]), {
      audience: 'EMPLOYEE',
      language: 'en',
    });
    expect(big.statusCode).toBe(413);
    expect((await upload(pdf('x'), { audience: 'MANAGER', language: 'en' })).statusCode).toBe(400);
    expect((await upload(pdf('x'), { audience: 'EMPLOYEE', language: 'xx' })).statusCode).toBe(400);
    expect((await upload(null, { audience: 'EMPLOYEE', language: 'en' })).statusCode).toBe(400);
    expect((await app.request(P, { method: 'POST', url: '/api/user-manual', token: op, payload: {} })).statusCode).toBe(
      415,
    );
    expect(await keys()).toEqual(before);
    const platformEntries = await withPlatform(app.database.db, { action: 'test', audit: false }, (tx) =>
      tx
        .select({ details: auditLog.details })
        .from(auditLog)
        .where(like(auditLog.action, 'platform.user-manual.upload')),
    );
    expect(platformEntries.length).toBe(4);
  });
});
