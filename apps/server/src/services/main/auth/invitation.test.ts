import { and, count, eq, sql } from 'drizzle-orm';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { withPlatform } from '../../../core/db/tenant.ts';
import { accounts, invitations, memberships, oneTimeCodes } from '../../../db/schema.ts';
import { captureMailer, codeIn } from '../../../testing/capture.ts';
import { newInvitation, newUser, newWorkspace, type TestWorkspace } from '../../../testing/factories.ts';
import { createTestApp, type TestApp } from '../../../testing/test-app.ts';

const mail = captureMailer();
let t: TestApp;
let ws: TestWorkspace;
let other: TestWorkspace;

beforeAll(async () => {
  t = await createTestApp({ mailer: mail.mailer });
  ws = await newWorkspace(t.database.db);
  other = await newWorkspace(t.database.db);
});
afterAll(() => t.close());

const db = () => t.database.db;
const platform = <T>(fn: Parameters<typeof withPlatform<T>>[2]) =>
  withPlatform(db(), { action: 'test', audit: false }, fn);
const preview = (code: string, host = ws.host) => t.request(host, { method: 'GET', url: `/api/invite/claim/${code}` });
const claim = (code: string, payload: object, host = ws.host) =>
  t.request(host, { method: 'POST', url: `/api/invite/claim/${code}`, payload });
const details = (token: string, host = ws.host) => t.request(host, { method: 'GET', url: '/api/user/details', token });
const newPerson = { firstName: 'Meera', lastName: 'Iyer', userPassword: 'joining with my own secret' };

describe('invitation sign-up', () => {
  it('previews what the invitation is for', async () => {
    const email = `p-${Date.now()}@example.test`;
    const inv = await newInvitation(db(), ws, { email, role: 'BRANCH_ADMIN', firstName: 'Meera' });
    const res = await preview(inv.code);
    expect(res.statusCode).toBe(200);
    expect(res.json()).toMatchObject({
      status: 'VALID',
      companyName: ws.companyName,
      userEmail: email,
      firstName: 'Meera',
      role: 'BRANCH_ADMIN',
      branchName: 'Head Office',
      departmentName: 'People',
      accountExists: false,
    });
  });

  it('a new person sets name and password: one account, a membership with the invitation’s unit, department and role, signed in', async () => {
    const email = `new-${Date.now()}@example.test`;
    const inv = await newInvitation(db(), ws, { email, role: 'EMPLOYER' });
    const res = await claim(inv.code, newPerson);
    expect(res.statusCode).toBe(200);
    const me = (await details(res.json().accessToken)).json();
    expect(me.user).toMatchObject({ firstName: 'Meera', lastName: 'Iyer', userEmail: email, firstLogin: false });
    expect(me.currentRole).toBe('EMPLOYER');
    expect(me.workspaces).toHaveLength(1);
    expect(me.workspaces[0]).toMatchObject({
      workspaceId: ws.id,
      role: 'EMPLOYER',
      branch: { branchId: ws.branchId },
      department: { departmentId: ws.departmentId },
      designation: 'Invited designation',
      isDefault: true,
    });
    // The new password works for a normal sign-in.
    const signin = await t.request(ws.host, {
      method: 'POST',
      url: '/api/user/signin',
      payload: { userEmail: email, userPassword: newPerson.userPassword },
    });
    expect(signin.statusCode).toBe(200);
  });

  it('the invitation link proves the invited address: the account is confirmed, no confirmation mail', async () => {
    const email = `proved-${Date.now()}@example.test`;
    const inv = await newInvitation(db(), ws, { email });
    const res = await claim(inv.code, newPerson);
    expect(res.statusCode).toBe(200);
    const me = (await details(res.json().accessToken)).json();
    // The account takes the invited address; a claim cannot name another one.
    expect(me.user).toMatchObject({ userEmail: email, emailVerified: true });
    const links = await platform((tx) =>
      tx
        .select({ n: count() })
        .from(oneTimeCodes)
        .where(and(eq(oneTimeCodes.purpose, 'EMAIL_CONFIRM'), eq(oneTimeCodes.accountId, me.user.userId))),
    );
    expect(links[0]?.n).toBe(0);
    expect(mail.to(email)).toHaveLength(0);
  });

  it('a person with one name only joins without a last name', async () => {
    const email = `single-${Date.now()}@example.test`;
    const inv = await newInvitation(db(), ws, { email });
    const res = await claim(inv.code, { firstName: 'Meera', userPassword: 'joining with my own secret' });
    expect(res.statusCode).toBe(200);
    const me = (await details(res.json().accessToken)).json();
    expect(me.user).toMatchObject({ firstName: 'Meera', lastName: '' });
    const blank = await newInvitation(db(), ws, { email: `blank-${Date.now()}@example.test` });
    const empty = await claim(blank.code, {
      firstName: 'Ravi',
      lastName: '  ',
      userPassword: 'joining with my own secret',
    });
    expect(empty.statusCode).toBe(200);
  });

  it('cannot be used twice', async () => {
    const inv = await newInvitation(db(), ws, { email: `twice-${Date.now()}@example.test` });
    expect((await claim(inv.code, newPerson)).statusCode).toBe(200);
    const again = await claim(inv.code, { ...newPerson, userPassword: 'someone else entirely' });
    expect(again.statusCode).toBe(409);
    expect(again.json().code).toBe('INVITE_USED');
    expect((await preview(inv.code)).json().status).toBe('USED');
  });

  it('two claims at the same moment: exactly one wins', async () => {
    const inv = await newInvitation(db(), ws, { email: `race-${Date.now()}@example.test` });
    const results = await Promise.all([claim(inv.code, newPerson), claim(inv.code, newPerson)]);
    expect(results.map((r) => r.statusCode).sort()).toEqual([200, 409]);
    const [n] = await platform((tx) =>
      tx.select({ n: count() }).from(memberships).where(eq(memberships.workspaceId, ws.id)),
    );
    expect(n?.n).toBeGreaterThan(0);
  });

  it('an expired invitation gets a clear message, creates nothing, and its holder can ask for a new one', async () => {
    const email = `expired-${Date.now()}@example.test`;
    const inv = await newInvitation(db(), ws, { email, expiresInDays: -1 });
    expect((await preview(inv.code)).json().status).toBe('EXPIRED');
    const res = await claim(inv.code, newPerson);
    expect(res.statusCode).toBe(410);
    expect(res.json()).toMatchObject({ code: 'INVITE_EXPIRED' });
    expect(res.json().message).toMatch(/expired.*new one/i);
    const [acc] = await platform((tx) =>
      tx.select({ n: count() }).from(accounts).where(sql`lower(${accounts.email}) = ${email}`),
    );
    expect(acc?.n).toBe(0);

    const admin = await newUser(db(), ws, { role: 'WORKSPACE_ADMIN' });
    const ask = await t.request(ws.host, { method: 'POST', url: `/api/invite/request-new/${inv.code}` });
    expect(ask.statusCode).toBe(200);
    const note = await mail.next(admin.email, 0);
    expect(note.subject).toMatch(/new invitation/i);
  });

  it('an unknown code is 404, and another workspace’s code does not work here', async () => {
    expect((await preview('no-such-invitation-code')).statusCode).toBe(404);
    const elsewhere = await newInvitation(db(), other, { email: `x-${Date.now()}@example.test` });
    expect((await preview(elsewhere.code)).statusCode).toBe(404);
    expect((await claim(elsewhere.code, newPerson)).statusCode).toBe(404);
  });

  it('refuses a common password and a missing name, changing nothing', async () => {
    const inv = await newInvitation(db(), ws, { email: `weak-${Date.now()}@example.test` });
    const weak = await claim(inv.code, { ...newPerson, userPassword: 'qwertyuiop' });
    expect(weak.statusCode).toBe(400);
    expect(weak.json().code).toBe('PASSWORD_TOO_COMMON');
    const noName = await claim(inv.code, { userPassword: 'a fine long secret' });
    expect(noName.statusCode).toBe(400);
    expect((await preview(inv.code)).json().status).toBe('VALID');
  });

  it('a new person can use a code mailed to the invited address instead of a password', async () => {
    const email = `otp-${Date.now()}@example.test`;
    const inv = await newInvitation(db(), ws, { email });
    const send = await t.request(ws.host, {
      method: 'POST',
      url: '/api/user/signin-create-otp',
      payload: { userEmail: email, inviteCode: inv.code },
    });
    expect(send.statusCode).toBe(200);
    const code = codeIn((await mail.next(email, 0)).text);
    const res = await claim(inv.code, { firstName: 'Otp', lastName: 'Person', userOtp: code });
    expect(res.statusCode).toBe(200);
    const me = (await details(res.json().accessToken)).json();
    expect(me.user.emailVerified).toBe(true);
  });

  it('an existing account accepting an invitation to a second workspace keeps one account with two memberships', async () => {
    const user = await newUser(db(), other);
    const inv = await newInvitation(db(), ws, { email: user.email, role: 'EMPLOYEE' });
    expect((await preview(inv.code)).json().accountExists).toBe(true);
    const wrong = await claim(inv.code, { userPassword: 'not the password' });
    expect(wrong.statusCode).toBe(401);
    const res = await claim(inv.code, { userPassword: user.password });
    expect(res.statusCode).toBe(200);
    const me = (await details(res.json().accessToken)).json();
    expect(me.user.userId).toBe(user.accountId);
    expect(me.workspaces.map((w: { workspaceId: string }) => w.workspaceId).sort()).toEqual([ws.id, other.id].sort());
    const [n] = await platform((tx) =>
      tx.select({ n: count() }).from(accounts).where(sql`lower(${accounts.email}) = lower(${user.email})`),
    );
    expect(n?.n).toBe(1);
  });

  it('an existing account can also join through the sign-in call with inviteCode', async () => {
    const user = await newUser(db(), other);
    const inv = await newInvitation(db(), ws, { email: user.email });
    const stranger = await newUser(db(), other);
    const notYours = await t.request(ws.host, {
      method: 'POST',
      url: '/api/user/signin',
      payload: { userEmail: stranger.email, userPassword: stranger.password, inviteCode: inv.code },
    });
    expect(notYours.statusCode).toBe(401);
    const res = await t.request(ws.host, {
      method: 'POST',
      url: '/api/user/signin',
      payload: { userEmail: user.email, userPassword: user.password, inviteCode: inv.code },
    });
    expect(res.statusCode).toBe(200);
    const [m] = await platform((tx) =>
      tx
        .select()
        .from(memberships)
        .where(and(eq(memberships.workspaceId, ws.id), eq(memberships.accountId, user.accountId))),
    );
    expect(m?.active).toBe(true);
    const [used] = await platform((tx) => tx.select().from(invitations).where(eq(invitations.id, inv.id)));
    expect(used?.usedBy).toBe(user.accountId);
  });

  it('respects the workspace’s user limit', async () => {
    const full = await newWorkspace(db());
    await newUser(db(), full);
    await platform((tx) => tx.execute(sql`update workspaces set user_limit = 1 where id = ${full.id}`));
    const inv = await newInvitation(db(), full, { email: `limit-${Date.now()}@example.test` });
    const res = await claim(inv.code, newPerson, full.host);
    expect(res.statusCode).toBe(409);
    expect(res.json().code).toBe('USER_LIMIT_REACHED');
    expect(res.json().params).toMatchObject({ limit: 1, members: 1 });
    expect((await preview(inv.code, full.host)).json().status).toBe('VALID');
  });
});
