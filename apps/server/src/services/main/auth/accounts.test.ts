import { and, eq } from 'drizzle-orm';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { withPlatform, withTenant } from '../../../core/db/tenant.ts';
import { createKeystore, keystoreOf, memberKeypair } from '../../../core/keystore.ts';
import { auditLog } from '../../../db/schema.ts';
import { captureSms, codeIn } from '../../../testing/capture.ts';
import { type AWorkspace, aBusinessUnit, addMembership, aMember, aWorkspace } from '../../../testing/factories.ts';
import { createTestApp, type TestApp } from '../../../testing/test-app.ts';

const sms = captureSms();
let t: TestApp;
/** An Indian workspace (the default country). */
let ws: AWorkspace;
/** A Canadian workspace. */
let ca: AWorkspace;

beforeAll(async () => {
  t = await createTestApp({ sms: sms.sms });
  ws = await aWorkspace(t);
  ca = await aWorkspace(t, { country: 'CA', timeZone: 'America/Toronto' });
});

const digits = (n: number) => String(Math.floor(Math.random() * 10 ** n)).padStart(n, '0');
afterAll(() => t.close());

const call = (method: 'GET' | 'PUT' | 'POST', url: string, token: string, payload?: object, host = ws.host) =>
  t.request(host, { method, url, token, ...(payload ? { payload } : {}) });

describe('single names: a last name is optional', () => {
  it('the person themself may clear their last name; a first name stays required', async () => {
    const me = await aMember(ws, { firstName: 'Lakshmi', lastName: 'Menon' });
    const token = await me.signIn(t);
    expect((await call('PUT', '/api/user', token, { firstName: 'Lakshmi', lastName: '' })).statusCode).toBe(200);
    const details = (await call('GET', '/api/user/details', token)).json();
    expect(details.user).toMatchObject({ firstName: 'Lakshmi', lastName: '' });
    const noFirst = await call('PUT', '/api/user', token, { firstName: '', lastName: 'Menon' });
    expect(noFirst.statusCode).toBe(400);
    expect((await call('GET', '/api/user/details', token)).json().user.lastName).toBe('');
  });

  it('an administrator may save a member with one name only (both edit routes)', async () => {
    const admin = await aMember(ws, { role: 'WORKSPACE_ADMIN' });
    const token = await admin.signIn(t);
    const member = await aMember(ws, { firstName: 'Gopal', lastName: 'Das' });
    const one = await call('POST', `/api/user/update/${member.accountId}`, token, { lastName: '' });
    expect(one.statusCode).toBe(200);
    expect(one.json()).toMatchObject({ firstName: 'Gopal', lastName: '' });
    const two = await call('POST', '/api/admin/update-user', token, {
      userId: member.accountId,
      firstName: 'Gopalan',
      lastName: '   ',
    });
    expect(two.statusCode).toBe(200);
    expect(two.json()).toMatchObject({ firstName: 'Gopalan', lastName: '' });
    const blankFirst = await call('POST', `/api/user/update/${member.accountId}`, token, { firstName: ' ' });
    expect(blankFirst.statusCode).toBe(400);
  });

  it('an invitation needs no last name', async () => {
    const admin = await aMember(ws, { role: 'WORKSPACE_ADMIN' });
    const token = await admin.signIn(t);
    const res = await call('POST', `/api/invite/user/${ws.branchId}`, token, {
      email: `one-name-${Date.now()}@example.test`,
      firstName: 'Murugan',
    });
    expect(res.statusCode).toBeLessThan(300);
  });
});

describe('phone numbers: the workspace country’s national way in, E.164 stored', () => {
  it('Canada: a member signs in by SMS with (416) 555-0123-style input; an Indian 10-digit number is not Canadian', async () => {
    const line = digits(4);
    const phone = `+1416555${line}`;
    const member = await aMember(ca, { phone });
    const typed = `(416) 555-${line}`;
    const send = await t.request(ca.host, {
      method: 'POST',
      url: '/api/user/signin-create-sms-otp',
      payload: { contactNumber: typed },
    });
    expect(send.statusCode).toBe(200);
    const code = codeIn((await sms.next(phone, 0)).text);
    const ok = await t.request(ca.host, {
      method: 'POST',
      url: '/api/user/signin-verify-sms-otp',
      payload: { contactNumber: `416-555-${line}`, userOtp: code },
    });
    expect(ok.statusCode).toBe(200);
    expect((await call('GET', '/api/user/details', ok.json().accessToken, undefined, ca.host)).json().user.userId).toBe(
      member.accountId,
    );
    const indian = await t.request(ca.host, {
      method: 'POST',
      url: '/api/user/signin-create-sms-otp',
      payload: { contactNumber: '98123 45678' },
    });
    expect(indian.statusCode).toBe(400);
    expect(indian.json().details[0]).toMatchObject({ code: 'PHONE_INVALID', params: { example: '(416) 555-0123' } });
  });

  it('an administrator’s edit stores the national number in E.164; a bad one changes nothing', async () => {
    const admin = await aMember(ws, { role: 'WORKSPACE_ADMIN' });
    const token = await admin.signIn(t);
    const member = await aMember(ws);
    const rest = digits(8);
    const res = await call('POST', `/api/user/update/${member.accountId}`, token, { contactNumber: `98${rest}` });
    expect(res.statusCode).toBe(200);
    expect(res.json().contactNumber).toBe(`+9198${rest}`);
    const bad = await call('POST', '/api/admin/update-user', token, {
      userId: member.accountId,
      contactNumber: '12345',
    });
    expect(bad.statusCode).toBe(400);
    expect(bad.json().details[0]).toMatchObject({ path: 'body.contactNumber', code: 'PHONE_INVALID' });
    const list = await call('POST', '/api/workspace/users/search', token, { searchText: rest });
    expect(list.json().content[0].contactNumber).toBe(`+9198${rest}`);
  });

  it('an invitation by phone in Canada stores +1', async () => {
    const admin = await aMember(ca, { role: 'WORKSPACE_ADMIN' });
    const token = await admin.signIn(t);
    const line = digits(4);
    const res = await call(
      'POST',
      `/api/invite/user/${ca.branchId}`,
      token,
      { contactNumber: `604 555 ${line}`, firstName: 'Chloé' },
      ca.host,
    );
    expect(res.statusCode).toBeLessThan(300);
    expect(res.json().contactNumber).toBe(`+1604555${line}`);
    const bad = await call(
      'POST',
      `/api/invite/user/${ca.branchId}`,
      token,
      { contactNumber: '555', firstName: 'X' },
      ca.host,
    );
    expect(bad.statusCode).toBe(400);
  });
});

describe('change password while signed in', () => {
  const signInWith = (host: string, email: string, password: string) =>
    t.request(host, { method: 'POST', url: '/api/user/signin', payload: { userEmail: email, userPassword: password } });
  const change = (token: string, payload: object, host = ws.host) =>
    call('POST', '/api/user/change-password', token, payload, host);

  it('a wrong current password is refused and nothing changes; no session ends', async () => {
    const me = await aMember(ws);
    const token = await me.signIn(t);
    const other = await me.signIn(t);
    const res = await change(token, { currentPassword: 'not my password', userNewPassword: 'a brand new secret' });
    expect(res.statusCode).toBe(400);
    expect(res.json().code).toBe('WRONG_CURRENT_PASSWORD');
    expect(res.json().details[0]).toMatchObject({ path: 'body.currentPassword', code: 'WRONG_CURRENT_PASSWORD' });
    expect((await signInWith(ws.host, me.email, me.password)).statusCode).toBe(200);
    expect((await signInWith(ws.host, me.email, 'a brand new secret')).statusCode).toBe(401);
    expect((await call('GET', '/api/user/details', other)).statusCode).toBe(200);
  });

  it('the same rules as elsewhere: a common password, or the current one again, is refused', async () => {
    const me = await aMember(ws);
    const token = await me.signIn(t);
    const common = await change(token, { currentPassword: me.password, userNewPassword: 'password123' });
    expect(common.json().code).toBe('PASSWORD_TOO_COMMON');
    const short = await change(token, { currentPassword: me.password, userNewPassword: 'short' });
    expect(short.statusCode).toBe(400);
    const same = await change(token, { currentPassword: me.password, userNewPassword: me.password });
    expect(same.json().code).toBe('PASSWORD_SAME_AS_CURRENT');
    expect((await signInWith(ws.host, me.email, me.password)).statusCode).toBe(200);
  });

  it('sets the new password, ends every other session (also in another workspace), keeps this one; audited', async () => {
    const me = await aMember(ws);
    const token = await me.signIn(t);
    const phone = await me.signIn(t);
    const res = await change(token, { currentPassword: me.password, userNewPassword: 'monsoon kite ledger' });
    expect(res.statusCode).toBe(200);
    expect(res.json()).toEqual({ ok: true, otherSessionsEnded: 1 });
    expect((await call('GET', '/api/user/details', token)).statusCode).toBe(200);
    expect((await call('GET', '/api/user/details', phone)).statusCode).toBe(401);
    expect((await signInWith(ws.host, me.email, me.password)).statusCode).toBe(401);
    expect((await signInWith(ws.host, me.email, 'monsoon kite ledger')).statusCode).toBe(200);
    const rows = await withPlatform(t.database.db, { action: 'test.read', audit: false }, (tx) =>
      tx
        .select()
        .from(auditLog)
        .where(and(eq(auditLog.action, 'user.password.changed'), eq(auditLog.targetId, me.accountId))),
    );
    expect(rows.map((r) => r.details)).toEqual([{ result: 'success', otherSessionsEnded: 1 }]);
    // No secret in the audit entry.
    expect(JSON.stringify(rows)).not.toContain('monsoon');
  });

  it('re-seals the case keystore under the new password in the same change: the same keypair opens with it', async () => {
    const me = await aMember(ws);
    const scope = { workspaceId: ws.id, accountId: me.accountId };
    const inTenant = <T>(fn: Parameters<typeof withTenant<T>>[2]) => withTenant(t.database.db, scope, fn);
    await inTenant((tx) => createKeystore(tx, me.accountId, me.password, 'PASSWORD'));
    const before = await inTenant((tx) => memberKeypair(tx, scope, me.password));
    const token = await me.signIn(t);
    const res = await change(token, { currentPassword: me.password, userNewPassword: 'saffron kettle drum' });
    expect(res.statusCode).toBe(200);
    const after = await inTenant((tx) => memberKeypair(tx, scope, 'saffron kettle drum'));
    expect(after.privateKey.equals(before.privateKey)).toBe(true);
    await expect(inTenant((tx) => memberKeypair(tx, scope, me.password))).rejects.toMatchObject({
      code: 'KEYSTORE_SECRET_WRONG',
    });
    // A member with a case passphrase (not their password) keeps it as it was.
    const other = await aMember(ws);
    const theirs = { workspaceId: ws.id, accountId: other.accountId };
    await withTenant(t.database.db, theirs, (tx) => createKeystore(tx, other.accountId, 'my case words', 'PASSPHRASE'));
    const otherToken = await other.signIn(t);
    expect(
      (await change(otherToken, { currentPassword: other.password, userNewPassword: 'saffron kettle drum' }))
        .statusCode,
    ).toBe(200);
    await withTenant(t.database.db, theirs, async (tx) => {
      expect(await keystoreOf(tx, other.accountId)).toEqual({ kind: 'PASSPHRASE' });
      expect((await memberKeypair(tx, theirs, 'my case words')).created).toBe(true);
    });
  });

  it('needs a session of this host: none, or another workspace’s, is refused and changes nothing', async () => {
    const me = await aMember(ws);
    const elsewhere = await aMember(ca, { role: 'WORKSPACE_ADMIN' });
    const theirs = await elsewhere.signIn(t);
    const anonymous = await t.request(ws.host, {
      method: 'POST',
      url: '/api/user/change-password',
      payload: { currentPassword: me.password, userNewPassword: 'monsoon kite ledger' },
    });
    expect(anonymous.statusCode).toBe(401);
    const cross = await change(theirs, { currentPassword: me.password, userNewPassword: 'monsoon kite ledger' });
    expect(cross.statusCode).toBeGreaterThanOrEqual(401);
    expect(cross.statusCode).toBeLessThan(404);
    expect((await signInWith(ws.host, me.email, me.password)).statusCode).toBe(200);
    // On its own host, the other workspace's admin changes only their own password.
    const own = await change(
      theirs,
      { currentPassword: elsewhere.password, userNewPassword: 'teak lantern 19' },
      ca.host,
    );
    expect(own.statusCode).toBe(200);
    expect((await signInWith(ca.host, elsewhere.email, 'teak lantern 19')).statusCode).toBe(200);
    expect((await signInWith(ws.host, me.email, me.password)).statusCode).toBe(200);
  });
});

describe('a one-time password from an administrator', () => {
  const issue = (token: string, userId: string, host = ws.host) =>
    call('POST', `/api/user/${userId}/one-time-password`, token, undefined, host);
  const signInWith = (host: string, login: { email?: string; username?: string }, password: string) =>
    t.request(host, {
      method: 'POST',
      url: '/api/user/signin',
      payload: login.email
        ? { userEmail: login.email, userPassword: password }
        : { username: login.username, userPassword: password },
    });

  it('a workspace admin issues one for a username-only employee: shown once, sessions end, a new password is required at sign-in; audited', async () => {
    const admin = await aMember(ws, { role: 'WORKSPACE_ADMIN' });
    const token = await admin.signIn(t);
    const username = `emp-${digits(6)}`;
    const member = await aMember(ws, { email: null, username });
    const theirs = await member.signIn(t);
    const listed = await call('POST', '/api/workspace/users/search', token, { searchText: username });
    expect(listed.json().content[0].actions).toContain('resetPassword');

    const res = await issue(token, member.accountId);
    expect(res.statusCode).toBe(200);
    const { oneTimePassword } = res.json();
    expect(oneTimePassword).toMatch(/^[a-z2-9]{4}-[a-z2-9]{4}-[a-z2-9]{4}$/);
    expect((await call('GET', '/api/user/details', theirs)).statusCode).toBe(401);
    expect((await signInWith(ws.host, { username }, member.password)).statusCode).toBe(401);
    const signedIn = await signInWith(ws.host, { username }, oneTimePassword);
    expect(signedIn.statusCode).toBe(200);
    const next = signedIn.json().accessToken;
    expect((await call('GET', '/api/user/details', next)).json().user.firstLogin).toBe(true);
    // The one-time password cannot be kept: the member chooses their own.
    const keep = await call('POST', '/api/user/change-first-login', next, { userNewPassword: oneTimePassword });
    expect(keep.json().code).toBe('PASSWORD_UNCHANGED');
    const own = await call('POST', '/api/user/change-first-login', next, { userNewPassword: 'river teak lantern' });
    expect(own.statusCode).toBe(200);
    expect((await signInWith(ws.host, { username }, oneTimePassword)).statusCode).toBe(401);

    const rows = await withPlatform(t.database.db, { action: 'test.read', audit: false }, (tx) =>
      tx
        .select()
        .from(auditLog)
        .where(and(eq(auditLog.action, 'user.one_time_password.issued'), eq(auditLog.targetId, member.accountId))),
    );
    expect(rows).toHaveLength(1);
    expect(rows[0]).toMatchObject({
      actorAccountId: admin.accountId,
      workspaceId: ws.id,
      details: { sessionsEnded: 1 },
    });
    expect(JSON.stringify(rows)).not.toContain(oneTimePassword);
  });

  it('refuses a peer, a higher role, oneself, a lower role without users.manage, another workspace, and a branch admin beyond its unit; nothing changes', async () => {
    const unit = await aBusinessUnit(ws);
    const employer = await aMember(ws, { role: 'EMPLOYER' });
    const employerToken = await employer.signIn(t);
    const otherEmployer = await aMember(ws, { role: 'EMPLOYER' });
    const wsAdmin = await aMember(ws, { role: 'WORKSPACE_ADMIN', unit });
    const unitAdmin = await aMember(ws, { role: 'BRANCH_ADMIN', unit });
    const unitToken = await unitAdmin.signIn(t);
    const inUnit = await aMember(ws, { unit });
    const elsewhereInWs = await aMember(ws);
    const employee = await aMember(ws);
    const employeeToken = await employee.signIn(t);
    const otherAdmin = await aMember(ca, { role: 'WORKSPACE_ADMIN' });
    const otherToken = await otherAdmin.signIn(t);

    expect((await issue(employerToken, otherEmployer.accountId)).statusCode).toBe(403);
    expect((await issue(employerToken, wsAdmin.accountId)).statusCode).toBe(403);
    expect((await issue(employerToken, employer.accountId)).statusCode).toBe(403);
    expect((await issue(employeeToken, inUnit.accountId)).statusCode).toBe(403);
    // A branch admin targeting a workspace admin of its own unit; an employee of another unit.
    expect((await issue(unitToken, wsAdmin.accountId)).statusCode).toBe(403);
    expect((await issue(unitToken, elsewhereInWs.accountId)).statusCode).toBe(404);
    // Another workspace's admin: the member is not found there, on its host or this one.
    expect((await issue(otherToken, inUnit.accountId, ca.host)).statusCode).toBe(404);
    expect((await issue(otherToken, inUnit.accountId)).statusCode).toBeGreaterThanOrEqual(401);
    for (const m of [otherEmployer, wsAdmin, employer, inUnit, elsewhereInWs]) {
      expect((await signInWith(ws.host, { email: m.email }, m.password)).statusCode).toBe(200);
    }
    // Within its unit, a branch admin may.
    expect((await issue(unitToken, inUnit.accountId)).statusCode).toBe(200);
  });

  it('refuses an account that also belongs to another workspace (it resets by itself)', async () => {
    const admin = await aMember(ws, { role: 'WORKSPACE_ADMIN' });
    const token = await admin.signIn(t);
    const both = await aMember(ws);
    await addMembership(t.database.db, both, ca);
    const res = await issue(token, both.accountId);
    expect(res.statusCode).toBe(409);
    expect(res.json().code).toBe('ACCOUNT_IN_OTHER_WORKSPACES');
    expect((await signInWith(ws.host, { email: both.email }, both.password)).statusCode).toBe(200);
  });
});

describe('reset without email: a code by SMS to the account’s phone', () => {
  const post = (url: string, payload: object, host = ws.host) => t.request(host, { method: 'POST', url, payload });

  it('a username-only account with a phone resets through a texted code; wrong codes change nothing; sessions end', async () => {
    const rest = digits(8);
    const phone = `+9197${rest}`;
    const username = `ph-${digits(6)}`;
    const member = await aMember(ws, { email: null, username, phone });
    const before = await member.signIn(t);
    const asked = await post('/api/user/forgot-password', { contactNumber: `97${rest.slice(0, 3)} ${rest.slice(3)}` });
    expect(asked.statusCode).toBe(200);
    const text = (await sms.next(phone, 0)).text;
    expect(text).toMatch(/reset/i);
    const code = codeIn(text);

    const wrong = await post('/api/user/reset-password', {
      contactNumber: phone,
      confirmationCode: code === '000000' ? '000001' : '000000',
      userNewPassword: 'coconut ferry 31',
    });
    expect(wrong.json().code).toBe('INVALID_CODE');
    expect((await call('GET', '/api/user/details', before)).statusCode).toBe(200);

    const ok = await post('/api/user/reset-password', {
      contactNumber: `097${rest}`,
      confirmationCode: code,
      userNewPassword: 'coconut ferry 31',
    });
    expect(ok.statusCode).toBe(200);
    expect((await call('GET', '/api/user/details', before)).statusCode).toBe(401);
    const signin = (password: string) =>
      post('/api/user/signin', { username, userPassword: password }).then((r) => r.statusCode);
    expect(await signin(member.password)).toBe(401);
    expect(await signin('coconut ferry 31')).toBe(200);
  });

  it('answers the same for a number with no account here (or another workspace’s), and texts nothing', async () => {
    const phone = `+9196${digits(8)}`;
    await aMember(ca, { email: null, username: `ca-${digits(6)}`, phone });
    const asked = await post('/api/user/forgot-password', { contactNumber: phone });
    expect(asked.statusCode).toBe(200);
    const nobody = await post('/api/user/forgot-password', { contactNumber: `+9195${digits(8)}` });
    expect(nobody.json()).toEqual(asked.json());
    expect(sms.to(phone)).toHaveLength(0);
    const bad = await post('/api/user/forgot-password', { contactNumber: '12' });
    expect(bad.statusCode).toBe(400);
  });
});
