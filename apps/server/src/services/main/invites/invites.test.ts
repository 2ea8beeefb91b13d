import { INVITATION_TTL_DAYS } from '@app/contract';
import { eq, sql } from 'drizzle-orm';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { queryRows } from '../../../core/db/database.ts';
import { withPlatform } from '../../../core/db/tenant.ts';
import { auditLog, invitations, memberships, workspaces } from '../../../db/schema.ts';
import { sessionFor } from '../../../testing/admin-fixture.ts';
import { captureMailer } from '../../../testing/capture.ts';
import { newInvitation, newUser, newWorkspace, type TestWorkspace } from '../../../testing/factories.ts';
import { createTestApp, type TestApp } from '../../../testing/test-app.ts';

const mail = captureMailer();
let t: TestApp;
let ws: TestWorkspace;
let admin: string;

beforeAll(async () => {
  t = await createTestApp({ mailer: mail.mailer });
  ws = await newWorkspace(t.database.db);
  admin = await sessionFor(t.database.db, await newUser(t.database.db, ws, { role: 'WORKSPACE_ADMIN' }));
});
afterAll(() => t.close());

const db = () => t.database.db;
const platform = <T>(fn: Parameters<typeof withPlatform<T>>[2]) =>
  withPlatform(db(), { action: 'test', audit: false }, fn);
const call = (
  method: 'GET' | 'POST' | 'PUT' | 'DELETE',
  url: string,
  payload?: object,
  token = admin,
  host = ws.host,
) => t.request(host, { method, url, token, ...(payload ? { payload } : {}) });
const invite = (body: object, token = admin, branchId = ws.branchId) =>
  call('POST', `/api/invite/user/${branchId}`, body, token);
const linkCode = (text: string) => /\/signup\?code=([A-Za-z0-9_-]+)/.exec(text)![1]!;
const unique = () => `p-${Math.random().toString(36).slice(2, 10)}@example.test`;

describe('inviting one person', () => {
  it('mails a sign-up link that lets the person join with the invitation’s unit, department and role', async () => {
    const email = unique();
    const res = await invite({
      email,
      firstName: 'Asha',
      lastName: 'Kumar',
      role: 'EMPLOYER',
      departmentId: ws.departmentId,
      designation: 'Counsel',
      dateOfJoining: '2026-11-02',
    });
    expect(res.statusCode).toBe(200);
    expect(res.json()).toMatchObject({
      email,
      status: 'PENDING',
      role: 'EMPLOYER',
      departmentId: ws.departmentId,
      sendCount: 1,
    });
    const days = (new Date(res.json().expiresAt).getTime() - Date.now()) / 86_400_000;
    expect(days).toBeGreaterThan(INVITATION_TTL_DAYS - 0.01);
    expect(days).toBeLessThanOrEqual(INVITATION_TTL_DAYS);
    const message = await mail.next(email, 0);
    expect(message.text).toContain(`http://${ws.host}/signup?code=`);
    const code = linkCode(message.text);
    const joined = await t.request(ws.host, {
      method: 'POST',
      url: `/api/invite/claim/${code}`,
      payload: { firstName: 'Asha', lastName: 'Kumar', userPassword: 'a good long secret' },
    });
    expect(joined.statusCode).toBe(200);
    const [m] = await platform((tx) =>
      tx
        .select()
        .from(memberships)
        .where(sql`${memberships.workspaceId} = ${ws.id} and ${memberships.designation} = 'Counsel'`),
    );
    expect(m).toMatchObject({ role: 'EMPLOYER', departmentId: ws.departmentId, dateOfJoining: '2026-11-02' });
  });

  it('promises only what the workspace offers: the built areas it has switched on (issue 21 item 4)', async () => {
    const other = await newWorkspace(db());
    const otherAdmin = await sessionFor(db(), await newUser(db(), other, { role: 'WORKSPACE_ADMIN' }));
    const setAreas = (whiteLabel: Record<string, boolean>) =>
      call('PUT', '/api/workspace/settings', { whiteLabel }, otherAdmin, other.host);
    const mailed = async (language?: string) => {
      const email = unique();
      const res = await call(
        'POST',
        `/api/invite/user/${other.branchId}`,
        { email, firstName: 'Asha', role: 'EMPLOYEE', ...(language ? { language } : {}) },
        otherAdmin,
        other.host,
      );
      expect(res.statusCode, res.body).toBe(200);
      return (await mail.next(email, 0)).text;
    };
    // Everything switched on: complaints (issue 26), learning and the contact are built; policies are not.
    expect((await setAreas({ cms: true, lms: true, concernedAuthority: true, policies: true })).statusCode).toBe(200);
    const all = await mailed();
    expect(all).toContain(
      'workplace compliance platform: a confidential way to raise concerns, training courses, and who to contact about harassment.',
    );
    expect(all).not.toMatch(/policies/);
    const hindi = await mailed('hi');
    expect(hindi).toContain('चिंताएँ उठाने का एक गोपनीय तरीका, प्रशिक्षण के कोर्स, और उत्पीड़न के बारे में किससे संपर्क करें');
    expect(hindi).not.toContain('नीतियाँ');
    // Complaints and learning switched off: the mail no longer promises them.
    expect((await setAreas({ cms: false, lms: false })).statusCode).toBe(200);
    expect(await mailed()).toContain('workplace compliance platform: who to contact about harassment.');
    // Nothing a person uses switched on: the sentence ends without a list.
    expect((await setAreas({ concernedAuthority: false })).statusCode).toBe(200);
    expect(await mailed()).toContain('invites you to its workplace compliance platform.\n');
    // The default an administrator reads (and may copy into their own) says the same.
    const template = await call('GET', '/api/template', undefined, otherAdmin, other.host);
    expect(template.json().bodyText).toContain('invites you to its workplace compliance platform.\n');
  });

  it('refuses a member’s address and a second pending invitation, with a clear message', async () => {
    const member = await newUser(db(), ws);
    expect((await invite({ email: member.email, firstName: 'X' })).json().code).toBe('ALREADY_MEMBER');
    const email = unique();
    expect((await invite({ email, firstName: 'X' })).statusCode).toBe(200);
    const again = await invite({ email: email.toUpperCase(), firstName: 'X' });
    expect(again.statusCode).toBe(409);
    expect(again.json()).toMatchObject({ code: 'ALREADY_INVITED' });
    expect(again.json().message).toMatch(/resend/i);
  });

  it('refuses a department of another business unit, and an unknown business unit', async () => {
    const other = await newWorkspace(db());
    const bad = await invite({ email: unique(), firstName: 'X', departmentId: other.departmentId });
    expect(bad.statusCode).toBe(400);
    expect((await invite({ email: unique(), firstName: 'X' }, admin, other.branchId)).statusCode).toBe(404);
  });

  it('enforces the user limit, counting pending invitations, and says how many places are left', async () => {
    const small = await newWorkspace(db());
    const smallAdmin = await sessionFor(db(), await newUser(db(), small, { role: 'WORKSPACE_ADMIN' }));
    await platform((tx) => tx.update(workspaces).set({ userLimit: 3 }).where(eq(workspaces.id, small.id)));
    const send = (email: string) =>
      call('POST', `/api/invite/user/${small.branchId}`, { email, firstName: 'X' }, smallAdmin, small.host);
    expect((await send(unique())).statusCode).toBe(200);
    expect((await send(unique())).statusCode).toBe(200);
    const refused = unique();
    const full = await send(refused);
    expect(full.statusCode).toBe(409);
    expect(full.json()).toMatchObject({ code: 'USER_LIMIT_REACHED' });
    expect(full.json().message).toMatch(/no places left/);
    const [n] = await platform((tx) =>
      tx.select({ n: sql<number>`count(*)::int` }).from(invitations).where(eq(invitations.workspaceId, small.id)),
    );
    expect(n?.n).toBe(2);
    // Nothing will be sent: a mail is a job committed with its invitation, and there is none.
    const jobs = await queryRows<{ n: number }>(
      db(),
      sql`select count(*)::int as n from pgboss.job where data->>'to' = ${refused}`,
    );
    expect(jobs[0]!.n).toBe(0);
    expect(mail.to(refused)).toHaveLength(0);
  });

  it('a business unit admin invites employees of its own unit only', async () => {
    const ba = await sessionFor(db(), await newUser(db(), ws, { role: 'BRANCH_ADMIN' }));
    expect((await invite({ email: unique(), firstName: 'X' }, ba)).statusCode).toBe(200);
    expect((await invite({ email: unique(), firstName: 'X', role: 'WORKSPACE_ADMIN' }, ba)).statusCode).toBe(403);
  });

  it('an employee the permission matrix lets invite is held to its own unit and to employees, like a unit admin', async () => {
    const own = await newWorkspace(db());
    const ownAdmin = await sessionFor(db(), await newUser(db(), own, { role: 'WORKSPACE_ADMIN' }));
    const grant = (granted: boolean) =>
      call(
        'POST',
        '/api/permission/update',
        { role: 'EMPLOYEE', permission: 'invites.manage', granted },
        ownAdmin,
        own.host,
      );
    expect((await grant(true)).statusCode).toBe(200);
    const other = await call(
      'POST',
      '/api/workspace/create-branch',
      { branchName: 'Second unit', backgroundColor: '0b7285', branchLogo: null },
      ownAdmin,
      own.host,
    );
    expect(other.statusCode).toBe(200);
    const otherId = (other.json() as { branchId: string }).branchId;
    const emp = await sessionFor(db(), await newUser(db(), own, { role: 'EMPLOYEE' }));
    const asEmp = (body: object, branchId: string) => call('POST', `/api/invite/user/${branchId}`, body, emp, own.host);
    expect((await asEmp({ email: unique(), firstName: 'X' }, own.branchId)).statusCode).toBe(200);
    expect((await asEmp({ email: unique(), firstName: 'X' }, otherId)).statusCode).toBe(404);
    expect((await asEmp({ email: unique(), firstName: 'X', role: 'BRANCH_ADMIN' }, own.branchId)).statusCode).toBe(403);
    expect((await grant(false)).statusCode).toBe(200);
    expect((await asEmp({ email: unique(), firstName: 'X' }, own.branchId)).statusCode).toBe(403);
  });
});

describe('invitation expiry in the workspace time zone', () => {
  it('is 7 calendar days at the same local time: across the November change in Toronto that is 169 hours', async () => {
    const toronto = await newWorkspace(db(), { country: 'CA', timeZone: 'America/Toronto' });
    const torontoAdmin = await sessionFor(db(), await newUser(db(), toronto, { role: 'WORKSPACE_ADMIN' }));
    // Friday 30 October 2026, 09:00 in Toronto (EDT); the clocks go back on Sunday 1 November.
    t.clock.set('2026-10-30T13:00:00Z');
    try {
      const body = { email: unique(), firstName: 'Z' };
      const res = await call('POST', `/api/invite/user/${toronto.branchId}`, body, torontoAdmin, toronto.host);
      expect(res.statusCode, res.body).toBe(200);
      expect(res.json().expiresAt).toBe('2026-11-06T14:00:00.000Z'); // Friday 6 November, 09:00 EST
      // The same moment in Kolkata (no summer time): exactly 168 hours.
      const kolkata = await invite({ email: unique(), firstName: 'K' });
      expect(kolkata.json().expiresAt).toBe('2026-11-06T13:00:00.000Z');
    } finally {
      t.clock.reset();
    }
  });
});

describe('pending invitations', () => {
  it('resending issues a new link (the old one stops working) and 7 more days', async () => {
    const email = unique();
    const created = (await invite({ email, firstName: 'R' })).json();
    const first = linkCode((await mail.next(email, 0)).text);
    await platform((tx) =>
      tx
        .update(invitations)
        .set({ expiresAt: sql`now() - interval '1 day'` })
        .where(eq(invitations.id, created.invitationId)),
    );
    expect((await call('GET', '/api/invite/unused/count?filterOnlyExpired=true')).json().count).toBeGreaterThanOrEqual(
      1,
    );
    const res = await call('GET', `/api/invite/resend/${ws.branchId}/${created.invitationId}`);
    expect(res.json()).toEqual({ count: 1 });
    const second = linkCode((await mail.next(email, 1)).text);
    expect(second).not.toBe(first);
    const preview = (code: string) => t.request(ws.host, { method: 'GET', url: `/api/invite/claim/${code}` });
    expect((await preview(first)).statusCode).toBe(404);
    expect((await preview(second)).json().status).toBe('VALID');
  });

  it('resends a selection all-or-nothing, and all unused ones', async () => {
    const a = (await invite({ email: unique(), firstName: 'A' })).json();
    const b = (await invite({ email: unique(), firstName: 'B' })).json();
    expect(
      (await call('POST', '/api/invite/resend/bulk', { invitationIds: [a.invitationId, b.invitationId] })).json(),
    ).toEqual({
      count: 2,
    });
    const missing = await call('POST', '/api/invite/resend/bulk', {
      invitationIds: [a.invitationId, '00000000-0000-4000-8000-000000000000'],
    });
    expect(missing.statusCode).toBe(404);
    const all = (await call('POST', '/api/invite/resend/unused/all')).json().count as number;
    expect(all).toBe((await call('GET', '/api/invite/unused/count')).json().count);
  });

  it('revoking stops the link; a revoked invitation cannot be resent', async () => {
    const inv = await newInvitation(db(), ws, { email: unique() });
    const del = await call('DELETE', `/api/invite/${ws.branchId}/${inv.id}`);
    expect(del.statusCode).toBe(200);
    expect((await t.request(ws.host, { method: 'GET', url: `/api/invite/claim/${inv.code}` })).json().status).toBe(
      'REVOKED',
    );
    expect((await call('GET', `/api/invite/resend/${ws.branchId}/${inv.id}`)).statusCode).toBe(404);
    expect((await call('DELETE', `/api/invite/${ws.branchId}/${inv.id}`)).statusCode).toBe(404);
  });

  it('lists a business unit’s invitations by status, paged', async () => {
    const list = await call('POST', `/api/invite/branch/${ws.branchId}?pageNo=0&pageSize=2`, { status: 'ALL' });
    expect(list.statusCode).toBe(200);
    const body = list.json();
    expect(body.content).toHaveLength(2);
    expect(body.totalElements).toBeGreaterThan(2);
    expect(body.pageable).toMatchObject({ pageNumber: 0, pageSize: 2 });
    const revoked = (await call('POST', `/api/invite/branch/${ws.branchId}`, { status: 'REVOKED' })).json();
    expect(revoked.content.every((i: { status: string }) => i.status === 'REVOKED')).toBe(true);
  });

  it('audits every change with before and after', async () => {
    const email = unique();
    const created = (
      await t.request(ws.host, {
        method: 'POST',
        url: `/api/invite/user/${ws.branchId}`,
        payload: { email, firstName: 'Audit' },
        token: admin,
        headers: { 'x-trace-id': 'trace-invite-audit' },
      })
    ).json();
    const [row] = await platform((tx) => tx.select().from(auditLog).where(eq(auditLog.traceId, 'trace-invite-audit')));
    expect(row).toMatchObject({ action: 'invite.created', workspaceId: ws.id, targetId: created.invitationId });
    expect(row?.details).toMatchObject({ after: { email } });
    expect(row?.actorAccountId).toBeTruthy();
  });
});

describe('the invitation mail template', () => {
  it('is customisable and used for the next invitation', async () => {
    const own = await newWorkspace(db(), { name: 'Template Co' });
    const token = await sessionFor(db(), await newUser(db(), own, { role: 'WORKSPACE_ADMIN' }));
    const get = await call('GET', '/api/template', undefined, token, own.host);
    expect(get.json()).toMatchObject({ custom: false });
    const set = await call(
      'POST',
      '/api/template',
      { subject: 'Welcome to {{companyName}}', bodyText: 'Dear {{firstName}}, start here: {{link}}' },
      token,
      own.host,
    );
    expect(set.json()).toMatchObject({ custom: true, subject: 'Welcome to {{companyName}}' });
    const email = unique();
    await call('POST', `/api/invite/user/${own.branchId}`, { email, firstName: 'Ravi' }, token, own.host);
    const message = await mail.next(email, 0);
    expect(message.subject).toBe('Welcome to Template Co');
    expect(message.text).toMatch(/^Dear Ravi, start here: http:\/\/.+\/signup\?code=/);
  });
});

describe('all business units at once', () => {
  it('lists every unit’s invitations for a workspace admin and an employer, matching the counters; a unit admin sees its unit only', async () => {
    const w = await newWorkspace(db());
    const [pune] = await platform((tx) =>
      tx.execute(sql`insert into branches (workspace_id, name) values (${w.id}, 'Pune') returning id`),
    ).then((r) => (Array.isArray(r) ? r : (r as { rows: unknown[] }).rows) as Array<{ id: string }>);
    const wAdmin = await sessionFor(db(), await newUser(db(), w, { role: 'WORKSPACE_ADMIN' }));
    const employer = await sessionFor(db(), await newUser(db(), w, { role: 'EMPLOYER' }));
    const unitAdmin = await sessionFor(db(), await newUser(db(), w, { role: 'BRANCH_ADMIN' }));
    const employee = await sessionFor(db(), await newUser(db(), w, { role: 'EMPLOYEE' }));
    const hq = [unique(), unique(), unique()];
    const pn = [unique(), unique()];
    for (const email of hq) {
      const res = await t.request(w.host, {
        method: 'POST',
        url: `/api/invite/user/${w.branchId}`,
        token: wAdmin,
        payload: { email, firstName: 'H' },
      });
      expect(res.statusCode, res.body).toBe(200);
    }
    for (const email of pn) {
      const res = await t.request(w.host, {
        method: 'POST',
        url: `/api/invite/user/${pune!.id}`,
        token: wAdmin,
        payload: { email, firstName: 'P' },
      });
      expect(res.statusCode, res.body).toBe(200);
    }
    const all = (token: string, body: object = { status: 'UNUSED' }, query = '') =>
      t.request(w.host, { method: 'POST', url: `/api/invite/all${query}`, token, payload: body });
    const unused = async (token: string) =>
      (await t.request(w.host, { method: 'GET', url: '/api/invite/unused/count', token })).json().count;

    for (const token of [wAdmin, employer]) {
      const res = await all(token);
      expect(res.statusCode, res.body).toBe(200);
      expect(res.json().totalElements).toBe(5);
      expect(res.json().totalElements).toBe(await unused(token));
      expect(new Set(res.json().content.map((i: { email: string }) => i.email))).toEqual(new Set([...hq, ...pn]));
      expect(new Set(res.json().content.map((i: { branchName: string }) => i.branchName)).size).toBe(2);
    }
    // Paged and searched like one unit's list.
    const paged = (await all(wAdmin, { status: 'ALL' }, '?pageNo=1&pageSize=2')).json();
    expect(paged.content).toHaveLength(2);
    expect(paged.totalElements).toBe(5);
    expect((await all(wAdmin, { status: 'ALL', searchText: pn[0] })).json().totalElements).toBe(1);

    // A business unit admin: its own unit only, the same as its counter; never the other unit's people.
    const mine = (await all(unitAdmin)).json();
    expect(mine.totalElements).toBe(3);
    expect(mine.totalElements).toBe(await unused(unitAdmin));
    expect(mine.content.map((i: { email: string }) => i.email).sort()).toEqual([...hq].sort());
    expect((await all(unitAdmin, { status: 'ALL', searchText: pn[0] })).json().totalElements).toBe(0);

    // An employee, and another workspace's admin, get nothing.
    expect((await all(employee)).statusCode).toBe(403);
    const stranger = await sessionFor(db(), await newUser(db(), ws, { role: 'WORKSPACE_ADMIN' }));
    expect((await all(stranger)).statusCode).toBe(401);
    const theirs = await t.request(ws.host, { method: 'POST', url: '/api/invite/all', token: stranger, payload: {} });
    expect(theirs.json().content.map((i: { email: string }) => i.email)).not.toContain(hq[0]);
  });
});
