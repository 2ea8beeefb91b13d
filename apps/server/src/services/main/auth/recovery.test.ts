import { eq, sql } from 'drizzle-orm';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { withPlatform } from '../../../core/db/tenant.ts';
import { accounts, auditLog } from '../../../db/schema.ts';
import { captureMailer, codeIn } from '../../../testing/capture.ts';
import {
  addMembership,
  newInvitation,
  newUser,
  newWorkspace,
  signIn,
  type TestWorkspace,
} from '../../../testing/factories.ts';
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

const post = (url: string, payload: object, host = ws.host, headers: Record<string, string> = {}) =>
  t.request(host, { method: 'POST', url, payload, headers });
const details = (token: string, host = ws.host) => t.request(host, { method: 'GET', url: '/api/user/details', token });

async function resetCode(email: string): Promise<string> {
  const before = mail.to(email).length;
  expect((await post('/api/user/forgot-password', { userEmail: email })).statusCode).toBe(200);
  return codeIn((await mail.next(email, before)).text);
}

describe('forgot and reset password', () => {
  it('sets the new password, ends every session of the account in every workspace, and the old password stops working', async () => {
    const user = await newUser(t.database.db, ws);
    await addMembership(t.database.db, user, other);
    const here = await signIn(t, ws.host, { email: user.email, password: user.password });
    const there = await signIn(t, other.host, { email: user.email, password: user.password });
    const code = await resetCode(user.email);
    const res = await post(
      '/api/user/reset-password',
      { userEmail: user.email, userNewPassword: 'a brand new secret', confirmationCode: code },
      ws.host,
      { 'x-trace-id': 'trace-reset-ok' },
    );
    expect(res.statusCode).toBe(200);
    expect((await details(here)).statusCode).toBe(401);
    expect((await details(there, other.host)).statusCode).toBe(401);
    expect((await post('/api/user/signin', { userEmail: user.email, userPassword: user.password })).statusCode).toBe(
      401,
    );
    expect(
      (await post('/api/user/signin', { userEmail: user.email, userPassword: 'a brand new secret' })).statusCode,
    ).toBe(200);
    const [entry] = await withPlatform(t.database.db, { action: 'test', audit: false }, (tx) =>
      tx
        .select()
        .from(auditLog)
        .where(sql`${auditLog.traceId} = 'trace-reset-ok' and ${auditLog.action} = 'auth.password.reset'`),
    );
    expect(entry).toMatchObject({ workspaceId: ws.id, actorAccountId: user.accountId });
    expect(entry?.details).toMatchObject({ result: 'success', sessionsRevoked: 2 });
  });

  it('refuses a wrong code with the same answer as an unknown address, and changes nothing', async () => {
    const user = await newUser(t.database.db, ws);
    const code = await resetCode(user.email);
    const wrong = code === '111111' ? '111112' : '111111';
    const a = await post('/api/user/reset-password', {
      userEmail: user.email,
      userNewPassword: 'another new secret',
      confirmationCode: wrong,
    });
    const b = await post('/api/user/reset-password', {
      userEmail: `nobody-${Date.now()}@example.test`,
      userNewPassword: 'another new secret',
      confirmationCode: wrong,
    });
    expect(a.statusCode).toBe(401);
    expect(a.json()).toEqual(b.json());
    expect((await post('/api/user/signin', { userEmail: user.email, userPassword: user.password })).statusCode).toBe(
      200,
    );
  });

  it('refuses a common password without using up the code', async () => {
    const user = await newUser(t.database.db, ws);
    const code = await resetCode(user.email);
    const common = await post('/api/user/reset-password', {
      userEmail: user.email,
      userNewPassword: 'Password123',
      confirmationCode: code,
    });
    expect(common.statusCode).toBe(400);
    expect(common.json().code).toBe('PASSWORD_TOO_COMMON');
    const short = await post('/api/user/reset-password', {
      userEmail: user.email,
      userNewPassword: 'short',
      confirmationCode: code,
    });
    expect(short.statusCode).toBe(400);
    const ok = await post('/api/user/reset-password', {
      userEmail: user.email,
      userNewPassword: 'a long and unusual phrase',
      confirmationCode: code,
    });
    expect(ok.statusCode).toBe(200);
  });

  it('accepts a 64-character password and one with spaces and any characters', async () => {
    const user = await newUser(t.database.db, ws);
    const long = 'ü'.repeat(20) + ' correct horse battery staple '.repeat(1) + 'x'.repeat(14);
    expect(long.length).toBe(64);
    const code = await resetCode(user.email);
    const res = await post('/api/user/reset-password', {
      userEmail: user.email,
      userNewPassword: long,
      confirmationCode: code,
    });
    expect(res.statusCode).toBe(200);
    expect((await post('/api/user/signin', { userEmail: user.email, userPassword: long })).statusCode).toBe(200);
  });

  it('an existing account invited here (not yet a member) can reset its password here', async () => {
    const user = await newUser(t.database.db, other);
    await newInvitation(t.database.db, ws, { email: user.email });
    const code = await resetCode(user.email);
    const res = await post('/api/user/reset-password', {
      userEmail: user.email,
      userNewPassword: 'reset from the invitation page',
      confirmationCode: code,
    });
    expect(res.statusCode).toBe(200);
    expect(
      (
        await post(
          '/api/user/signin',
          { userEmail: user.email, userPassword: 'reset from the invitation page' },
          other.host,
        )
      ).statusCode,
    ).toBe(200);
  });

  it('a member of another workspace without an invitation here gets no code here', async () => {
    const user = await newUser(t.database.db, other);
    expect((await post('/api/user/forgot-password', { userEmail: user.email })).statusCode).toBe(200);
    // A member asking after it gets a code: once that has arrived, the request before it was dealt with.
    await resetCode((await newUser(t.database.db, ws)).email);
    expect(mail.to(user.email)).toHaveLength(0);
  });

  it('a reset code is single use', async () => {
    const user = await newUser(t.database.db, ws);
    const code = await resetCode(user.email);
    const body = { userEmail: user.email, userNewPassword: 'first new secret', confirmationCode: code };
    expect((await post('/api/user/reset-password', body)).statusCode).toBe(200);
    expect((await post('/api/user/reset-password', { ...body, userNewPassword: 'second new secret' })).statusCode).toBe(
      401,
    );
  });
});

describe('email confirmation', () => {
  /**
   * An account whose address is not proven: one an administrator created (an invitation link
   * proves its address, so a sign-up from one is confirmed already), with a link asked for.
   */
  async function signUpWithPassword(email: string) {
    const user = await newUser(t.database.db, ws, { email, firstLogin: true });
    await withPlatform(t.database.db, { action: 'test', audit: false }, (tx) =>
      tx.update(accounts).set({ emailVerified: false }).where(eq(accounts.id, user.accountId)),
    );
    const token = await signIn(t, ws.host, { email, password: user.password });
    const before = mail.to(email).length;
    expect((await post('/api/user/resend/confirmation-email', { userEmail: email })).statusCode).toBe(200);
    const message = await mail.next(email, before);
    const link = /https?:\/\/\S+\/email-verify\/([A-Za-z0-9_-]+)/.exec(message.text);
    expect(link, message.text).toBeTruthy();
    expect(link![0]).toContain(ws.host);
    return { token, code: link![1]! };
  }
  const verified = async (token: string) => (await details(token)).json().user.emailVerified as boolean;

  it('a new account confirms its address through the mailed link, once', async () => {
    const email = `confirm-${Date.now()}@example.test`;
    const { token, code } = await signUpWithPassword(email);
    expect(await verified(token)).toBe(false);
    const res = await t.request(ws.host, { method: 'GET', url: `/api/user/confirm-email/${code}` });
    expect(res.statusCode).toBe(200);
    expect(res.json()).toEqual({ ok: true, userEmail: email });
    expect(await verified(token)).toBe(true);
    const again = await t.request(ws.host, { method: 'GET', url: `/api/user/confirm-email/${code}` });
    expect(again.statusCode).toBe(400);
    expect(again.json().code).toBe('INVALID_LINK');
  });

  it('resending sends a fresh link and the old one stops working', async () => {
    const email = `resend-${Date.now()}@example.test`;
    const { token, code: old } = await signUpWithPassword(email);
    const before = mail.to(email).length;
    expect((await post('/api/user/resend/confirmation-email', { userEmail: email })).statusCode).toBe(200);
    const fresh = /\/email-verify\/([A-Za-z0-9_-]+)/.exec((await mail.next(email, before)).text)![1]!;
    expect(fresh).not.toBe(old);
    expect((await t.request(ws.host, { method: 'GET', url: `/api/user/confirm-email/${old}` })).statusCode).toBe(400);
    expect(await verified(token)).toBe(false);
    expect((await t.request(ws.host, { method: 'GET', url: `/api/user/confirm-email/${fresh}` })).statusCode).toBe(200);
    expect(await verified(token)).toBe(true);
  });

  it('an unknown or made-up link is refused', async () => {
    const res = await t.request(ws.host, { method: 'GET', url: '/api/user/confirm-email/not-a-real-code-123456' });
    expect(res.statusCode).toBe(400);
    expect(res.json().code).toBe('INVALID_LINK');
  });

  it('resend answers the same for an unknown address and for a confirmed one', async () => {
    const user = await newUser(t.database.db, ws);
    const a = await post('/api/user/resend/confirmation-email', { userEmail: user.email });
    const b = await post('/api/user/resend/confirmation-email', { userEmail: `no-${Date.now()}@example.test` });
    expect(a.json()).toEqual(b.json());
    const [row] = await withPlatform(t.database.db, { action: 'test', audit: false }, (tx) =>
      tx.select({ v: accounts.emailVerified }).from(accounts).where(eq(accounts.id, user.accountId)),
    );
    expect(row?.v).toBe(true);
  });
});
