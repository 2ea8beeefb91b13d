import { OTP_RULES } from '@app/contract';
import { and, eq, sql } from 'drizzle-orm';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { queryRows } from '../../../core/db/database.ts';
import { withPlatform } from '../../../core/db/tenant.ts';
import { auditLog, memberships, oneTimeCodes } from '../../../db/schema.ts';
import { captureMailer, captureSms, codeIn } from '../../../testing/capture.ts';
import { newPhone, newUser, newWorkspace, type TestWorkspace } from '../../../testing/factories.ts';
import { createTestApp, type TestApp } from '../../../testing/test-app.ts';

const mail = captureMailer();
const sms = captureSms();
let t: TestApp;
let ws: TestWorkspace;
let other: TestWorkspace;

beforeAll(async () => {
  t = await createTestApp({ mailer: mail.mailer, sms: sms.sms });
  ws = await newWorkspace(t.database.db);
  other = await newWorkspace(t.database.db);
});
afterAll(() => t.close());

const post = (host: string, url: string, payload: object, headers: Record<string, string> = {}) =>
  t.request(host, { method: 'POST', url, payload, headers });
const createOtp = (host: string, userEmail: string) => post(host, '/api/user/signin-create-otp', { userEmail });
const verifyOtp = (host: string, userEmail: string, userOtp: string) =>
  post(host, '/api/user/signin-verify-otp', { userEmail, userOtp });

async function mailedCode(email: string): Promise<string> {
  const before = mail.to(email).length;
  const res = await createOtp(ws.host, email);
  expect(res.statusCode).toBe(200);
  return codeIn((await mail.next(email, before)).text);
}

const db = () => t.database.db;
const platform = <T>(fn: Parameters<typeof withPlatform<T>>[2]) =>
  withPlatform(db(), { action: 'test', audit: false }, fn);

describe('email sign-in codes', () => {
  it('mails a 6-digit code that signs in once, on this workspace only', async () => {
    const user = await newUser(db(), ws);
    const code = await mailedCode(user.email);
    expect(code).toMatch(/^\d{6}$/);
    const res = await verifyOtp(ws.host, user.email, code);
    expect(res.statusCode).toBe(200);
    const token = res.json().accessToken as string;
    const me = await t.request(ws.host, { method: 'GET', url: '/api/user/details', token });
    expect(me.json().user.userId).toBe(user.accountId);
    // Single use.
    expect((await verifyOtp(ws.host, user.email, code)).statusCode).toBe(401);
  });

  it('answers the same for an unknown address, and sends nothing', async () => {
    const unknown = `nobody-${Date.now()}@example.test`;
    const known = await newUser(db(), ws);
    const a = await createOtp(ws.host, unknown);
    const b = await createOtp(ws.host, known.email);
    expect(a.statusCode).toBe(b.statusCode);
    expect(a.json()).toEqual(b.json());
    expect(a.json()).toEqual({ ok: true, expiresInSeconds: OTP_RULES.ttlSeconds });
    // A code asked for after it arrives: the request before it has been dealt with by then.
    await mailedCode((await newUser(db(), ws)).email);
    expect(mail.to(unknown)).toHaveLength(0);
    // Verifying for an unknown address fails exactly like a wrong code.
    const wrong = await verifyOtp(ws.host, known.email, '000000');
    const none = await verifyOtp(ws.host, unknown, '000000');
    expect(none.statusCode).toBe(401);
    expect(none.json()).toEqual(wrong.json());
    expect(wrong.json().code).toBe('INVALID_CODE');
  });

  it('does not send to a member of another workspace, nor to a deactivated member', async () => {
    const elsewhere = await newUser(db(), other);
    const inactive = await newUser(db(), ws, { active: false });
    await createOtp(ws.host, elsewhere.email);
    await createOtp(ws.host, inactive.email);
    await mailedCode((await newUser(db(), ws)).email); // arrives after anything the two requests sent
    expect(mail.to(elsewhere.email)).toHaveLength(0);
    expect(mail.to(inactive.email)).toHaveLength(0);
  });

  it('stores only a keyed hash of the code', async () => {
    const user = await newUser(db(), ws);
    const code = await mailedCode(user.email);
    const rows = await platform((tx) =>
      tx.select().from(oneTimeCodes).where(eq(oneTimeCodes.target, user.email.toLowerCase())),
    );
    expect(rows).toHaveLength(1);
    expect(rows[0]!.codeHash).toMatch(/^[0-9a-f]{64}$/);
    expect(JSON.stringify(rows)).not.toContain(code);
  });

  it('only the latest code works: a new one supersedes the old', async () => {
    const user = await newUser(db(), ws);
    const first = await mailedCode(user.email);
    const second = await mailedCode(user.email);
    if (first !== second) expect((await verifyOtp(ws.host, user.email, first)).statusCode).toBe(401);
    expect((await verifyOtp(ws.host, user.email, second)).statusCode).toBe(200);
    // Nor does the older one come back once the latest is used up.
    if (first !== second) expect((await verifyOtp(ws.host, user.email, first)).statusCode).toBe(401);
  });

  it('locks a code after 5 wrong tries, even for the right code afterwards', async () => {
    const user = await newUser(db(), ws);
    const code = await mailedCode(user.email);
    const wrong = code === '999999' ? '999998' : '999999';
    for (let i = 0; i < OTP_RULES.maxAttempts; i++) {
      expect((await verifyOtp(ws.host, user.email, wrong)).statusCode).toBe(401);
    }
    expect((await verifyOtp(ws.host, user.email, code)).statusCode).toBe(401);
  });

  it('allows 4 wrong tries and then the right code', async () => {
    const user = await newUser(db(), ws);
    const code = await mailedCode(user.email);
    const wrong = code === '999999' ? '999998' : '999999';
    for (let i = 0; i < OTP_RULES.maxAttempts - 1; i++) await verifyOtp(ws.host, user.email, wrong);
    expect((await verifyOtp(ws.host, user.email, code)).statusCode).toBe(200);
  });

  it('expires after 10 minutes', async () => {
    const user = await newUser(db(), ws);
    const code = await mailedCode(user.email);
    const [row] = await platform((tx) =>
      tx.select().from(oneTimeCodes).where(eq(oneTimeCodes.target, user.email.toLowerCase())),
    );
    const ttl = (row!.expiresAt.getTime() - row!.createdAt.getTime()) / 1000;
    expect(ttl).toBeCloseTo(OTP_RULES.ttlSeconds, 0);
    // Moves the server's clock (code, SQL and all) to one second past the code's expiry.
    t.clock.set(row!.expiresAt.getTime() + 1000);
    try {
      expect((await verifyOtp(ws.host, user.email, code)).statusCode).toBe(401);
    } finally {
      t.clock.reset();
    }
  });

  it('a code asked for on one workspace does not work on another', async () => {
    const user = await newUser(db(), ws);
    await withPlatform(db(), { action: 'test', audit: false }, (tx) =>
      tx
        .insert(memberships)
        .values({ workspaceId: other.id, accountId: user.accountId, role: 'EMPLOYEE', branchId: other.branchId }),
    );
    const code = await mailedCode(user.email);
    expect((await verifyOtp(other.host, user.email, code)).statusCode).toBe(401);
    expect((await verifyOtp(ws.host, user.email, code)).statusCode).toBe(200);
  });

  it('refuses a membership deactivated after the code was sent', async () => {
    const user = await newUser(db(), ws);
    const code = await mailedCode(user.email);
    await platform((tx) =>
      tx
        .update(memberships)
        .set({ active: false })
        .where(and(eq(memberships.workspaceId, ws.id), eq(memberships.accountId, user.accountId))),
    );
    expect((await verifyOtp(ws.host, user.email, code)).statusCode).toBe(401);
  });

  it('audits the send and the sign-in with workspace, account, IP and trace id', async () => {
    const user = await newUser(db(), ws);
    const before = mail.to(user.email).length;
    await post(ws.host, '/api/user/signin-create-otp', { userEmail: user.email }, { 'x-trace-id': 'trace-otp-send-1' });
    const code = codeIn((await mail.next(user.email, before)).text);
    await post(
      ws.host,
      '/api/user/signin-verify-otp',
      { userEmail: user.email, userOtp: code },
      { 'x-trace-id': 'trace-otp-ok-1' },
    );
    const rows = await platform((tx) =>
      tx.select().from(auditLog).where(sql`${auditLog.traceId} in ('trace-otp-send-1', 'trace-otp-ok-1')`),
    );
    const send = rows.find((r) => r.action === 'auth.otp.send');
    const ok = rows.find((r) => r.action === 'auth.signin.success');
    for (const r of [send, ok]) {
      expect(r?.workspaceId).toBe(ws.id);
      expect(r?.actorAccountId).toBe(user.accountId);
      expect(r?.ip).toBeTruthy();
    }
    expect(ok?.details).toMatchObject({ method: 'email_otp' });
  });
});

describe('SMS sign-in codes', () => {
  it('texts a code through the SMS adapter that signs in once', async () => {
    const phone = newPhone();
    const user = await newUser(db(), ws, { phone });
    // Spaces and dashes as people type them are accepted.
    const spaced = `${phone.slice(0, 3)} ${phone.slice(3, 8)}-${phone.slice(8)}`;
    const res = await post(ws.host, '/api/user/signin-create-sms-otp', { contactNumber: spaced });
    expect(res.statusCode).toBe(200);
    const code = codeIn((await sms.next(phone, 0)).text);
    const ok = await post(ws.host, '/api/user/signin-verify-sms-otp', { contactNumber: phone, userOtp: code });
    expect(ok.statusCode).toBe(200);
    const me = await t.request(ws.host, { method: 'GET', url: '/api/user/details', token: ok.json().accessToken });
    expect(me.json().user.userId).toBe(user.accountId);
    const again = await post(ws.host, '/api/user/signin-verify-sms-otp', { contactNumber: phone, userOtp: code });
    expect(again.statusCode).toBe(401);
  });

  it('answers the same for an unknown number and texts nothing', async () => {
    const phone = newPhone();
    const res = await post(ws.host, '/api/user/signin-create-sms-otp', { contactNumber: phone });
    expect(res.json()).toEqual({ ok: true, expiresInSeconds: OTP_RULES.ttlSeconds });
    // A member's number asked for after it gets its text: the request before it was dealt with by then.
    const known = newPhone();
    await newUser(db(), ws, { phone: known });
    expect((await post(ws.host, '/api/user/signin-create-sms-otp', { contactNumber: known })).statusCode).toBe(200);
    await sms.next(known, 0);
    expect(sms.to(phone)).toHaveLength(0);
  });

  it('reads a number typed the national way of the workspace’s country (India: 10 digits → +91)', async () => {
    const phone = newPhone(); // +9198XXXXXXXX
    const user = await newUser(db(), ws, { phone });
    const national = `${phone.slice(3, 8)} ${phone.slice(8)}`;
    expect((await post(ws.host, '/api/user/signin-create-sms-otp', { contactNumber: national })).statusCode).toBe(200);
    const code = codeIn((await sms.next(phone, 0)).text);
    const ok = await post(ws.host, '/api/user/signin-verify-sms-otp', { contactNumber: `0${national}`, userOtp: code });
    expect(ok.statusCode).toBe(200);
    const me = await t.request(ws.host, { method: 'GET', url: '/api/user/details', token: ok.json().accessToken });
    expect(me.json().user.userId).toBe(user.accountId);
  });

  it('refuses what is not a phone number of the workspace’s country, naming the field and an example', async () => {
    for (const contactNumber of ['12345', '98123 4567', '+91 12']) {
      const res = await post(ws.host, '/api/user/signin-create-sms-otp', { contactNumber });
      expect(res.statusCode, contactNumber).toBe(400);
      expect(res.json().details[0]).toMatchObject({
        path: 'body.contactNumber',
        code: 'PHONE_INVALID',
        params: { example: '98123 45678' },
      });
    }
  });
});

describe('the codes table', () => {
  it('keeps nothing that would let a database reader sign in', async () => {
    const rows = await queryRows<{ n: number }>(
      db(),
      sql`select count(*)::int as n from one_time_codes where code_hash ~ '^[0-9]{6}$'`,
    );
    expect(rows[0]?.n).toBe(0);
  });
});
