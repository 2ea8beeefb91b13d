import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { DEFAULT_RATE_LIMITS } from '../../../core/rate-limit.ts';
import { captureMailer, captureSms, codeIn } from '../../../testing/capture.ts';
import { newPhone, newUser, newWorkspace, type TestWorkspace } from '../../../testing/factories.ts';
import { createTestApp, type TestApp } from '../../../testing/test-app.ts';

const mail = captureMailer();
const sms = captureSms();
let t: TestApp;
let ws: TestWorkspace;

beforeAll(async () => {
  t = await createTestApp({ mailer: mail.mailer, sms: sms.sms });
  ws = await newWorkspace(t.database.db);
});
afterAll(() => t.close());

/** A request from one client address (the limiter keys on the request's IP). */
const post = (url: string, payload: object, ip = '127.0.0.1', host = ws.host) =>
  t.request(host, { method: 'POST', url, payload, remoteAddress: ip });

const signin = (userEmail: string, userPassword: string, ip?: string) =>
  post('/api/user/signin', { userEmail, userPassword }, ip);

function expectLimited(res: { statusCode: number; headers: Record<string, unknown>; json(): { code: string } }) {
  expect(res.statusCode).toBe(429);
  expect(res.json().code).toBe('RATE_LIMITED');
  const retry = Number(res.headers['retry-after']);
  expect(retry).toBeGreaterThan(0);
  expect(retry).toBeLessThanOrEqual(3600);
}

describe('password sign-in limits', () => {
  it('allows 10 failures per account in 15 minutes, then answers 429 with Retry-After — even to the right password', async () => {
    const user = await newUser(t.database.db, ws);
    const max = DEFAULT_RATE_LIMITS.passwordFailuresPerAccount.max;
    expect(max).toBe(10);
    for (let i = 0; i < max; i++) {
      // Spread over IPs, so that the account's limit is what stops it.
      expect((await signin(user.email, 'wrong-password', `10.1.0.${i + 1}`)).statusCode).toBe(401);
    }
    expectLimited(await signin(user.email, 'wrong-password', '10.1.1.1'));
    expectLimited(await signin(user.email, user.password, '10.1.1.2'));
  });

  it('the window moves with the server clock: Retry-After counts down, and 15 minutes on the right password works', async () => {
    const user = await newUser(t.database.db, ws);
    // Stopped: the failures are stamped with the test's clock (app_now()). Its own IPs: events
    // stamped up to 15 minutes ahead stay in those windows after the clock is reset.
    t.clock.set(Date.now());
    try {
      for (let i = 0; i < 10; i++) await signin(user.email, 'wrong-password', `10.44.0.${i + 1}`);
      const locked = await signin(user.email, user.password, '10.44.1.1');
      expectLimited(locked);
      expect(Number(locked.headers['retry-after'])).toBe(15 * 60);
      t.clock.advance(10 * 60_000);
      const later = await signin(user.email, user.password, '10.44.1.2');
      expectLimited(later);
      expect(Number(later.headers['retry-after'])).toBe(5 * 60);
      t.clock.advance(5 * 60_000 + 1000);
      expect((await signin(user.email, user.password, '10.44.1.3')).statusCode).toBe(200);
    } finally {
      t.clock.reset();
    }
  });

  it('a success before the limit clears the account’s failures', async () => {
    const user = await newUser(t.database.db, ws);
    for (let i = 0; i < 9; i++) await signin(user.email, 'wrong-password', `10.2.0.${i + 1}`);
    expect((await signin(user.email, user.password, '10.2.1.1')).statusCode).toBe(200);
    for (let i = 0; i < 9; i++) {
      expect((await signin(user.email, 'wrong-password', `10.2.2.${i + 1}`)).statusCode).toBe(401);
    }
  });

  it('limits an unknown account the same way, so the limit tells nothing about who exists', async () => {
    const unknown = `ghost-${Date.now()}@example.test`;
    for (let i = 0; i < 10; i++) await signin(unknown, 'whatever-pass', `10.3.0.${i + 1}`);
    expectLimited(await signin(unknown, 'whatever-pass', '10.3.1.1'));
  });

  it('limits failures per IP across accounts, not successes: a full IP window still lets the right password in', async () => {
    const limited = await createTestApp({
      database: t.database,
      mailer: mail.mailer,
      config: { rateLimits: { ...DEFAULT_RATE_LIMITS, failuresPerIp: { max: 3, windowSeconds: 900 } } },
    });
    const signinAt = (userEmail: string, userPassword: string, remoteAddress: string) =>
      limited.request(ws.host, {
        method: 'POST',
        url: '/api/user/signin',
        payload: { userEmail, userPassword },
        remoteAddress,
      });
    try {
      const user = await newUser(t.database.db, ws);
      for (let i = 0; i < 3; i++) {
        expect((await signinAt(`someone-${i}@example.test`, 'nope-nope', '10.4.0.1')).statusCode).toBe(401);
      }
      // The window of 10.4.0.1 is full: wrong passwords get 429 (and still count against the account)…
      expectLimited(await signinAt(user.email, 'wrong-password', '10.4.0.1'));
      expectLimited(await signinAt('someone-else@example.test', 'nope-nope', '10.4.0.1'));
      // …but a colleague behind the same address with the right password signs in.
      const colleague = await signinAt(user.email, user.password, '10.4.0.1');
      expect(colleague.statusCode).toBe(200);
      expect(colleague.json().accessToken).toEqual(expect.any(String));
      expect((await signinAt(user.email, user.password, '10.4.0.2')).statusCode).toBe(200);

      // The account's own limit stays a lock, also behind the full address.
      const locked = await newUser(t.database.db, ws);
      for (let i = 0; i < 10; i++) await signinAt(locked.email, 'wrong-password', `10.4.1.${i + 1}`);
      expectLimited(await signinAt(locked.email, locked.password, '10.4.0.1'));

      // Codes follow the same rule: a right code gets in from the full address, a wrong one gets 429.
      const before = mail.to(user.email).length;
      const sent = await limited.request(ws.host, {
        method: 'POST',
        url: '/api/user/signin-create-otp',
        payload: { userEmail: user.email },
        remoteAddress: '10.4.0.1',
      });
      expect(sent.statusCode).toBe(200);
      const code = codeIn((await mail.next(user.email, before)).text);
      const verifyAt = (userOtp: string) =>
        limited.request(ws.host, {
          method: 'POST',
          url: '/api/user/signin-verify-otp',
          payload: { userEmail: user.email, userOtp },
          remoteAddress: '10.4.0.1',
        });
      expectLimited(await verifyAt(code === '000000' ? '111111' : '000000'));
      expect((await verifyAt(code)).statusCode).toBe(200);
    } finally {
      await limited.app.close();
    }
  });
});

describe('code sending limits', () => {
  it('per address: the 6th code in 15 minutes gets 429 with Retry-After, known or unknown', async () => {
    const user = await newUser(t.database.db, ws);
    const unknown = `ghost2-${Date.now()}@example.test`;
    for (const email of [user.email, unknown]) {
      for (let i = 0; i < DEFAULT_RATE_LIMITS.codeSendsPerTarget.max; i++) {
        expect((await post('/api/user/signin-create-otp', { userEmail: email }, `10.5.${i}.1`)).statusCode).toBe(200);
      }
      expectLimited(await post('/api/user/signin-create-otp', { userEmail: email }, '10.5.9.9'));
    }
  });

  it('per phone number', async () => {
    const phone = newPhone();
    await newUser(t.database.db, ws, { phone });
    for (let i = 0; i < DEFAULT_RATE_LIMITS.codeSendsPerTarget.max; i++) {
      await post('/api/user/signin-create-sms-otp', { contactNumber: phone }, `10.6.${i}.1`);
    }
    expectLimited(await post('/api/user/signin-create-sms-otp', { contactNumber: phone }, '10.6.9.9'));
    expect(sms.to(phone).length).toBeLessThanOrEqual(DEFAULT_RATE_LIMITS.codeSendsPerTarget.max);
  });

  it('per IP, across addresses', async () => {
    const ip = '10.7.0.1';
    for (let i = 0; i < DEFAULT_RATE_LIMITS.codeSendsPerIp.max; i++) {
      expect(
        (await post('/api/user/forgot-password', { userEmail: `p${i}-${Date.now()}@example.test` }, ip)).statusCode,
      ).toBe(200);
    }
    expectLimited(await post('/api/user/signin-create-otp', { userEmail: 'fresh@example.test' }, ip));
  });

  it('per workspace', async () => {
    const small = await createTestApp({
      database: t.database,
      config: { rateLimits: { ...DEFAULT_RATE_LIMITS, codeSendsPerWorkspace: { max: 2, windowSeconds: 3600 } } },
    });
    try {
      const own = await newWorkspace(t.database.db);
      const send = (i: number) =>
        small.request(own.host, {
          method: 'POST',
          url: '/api/user/signin-create-otp',
          payload: { userEmail: `w${i}@example.test` },
          remoteAddress: `10.8.${i}.1`,
        });
      expect((await send(1)).statusCode).toBe(200);
      expect((await send(2)).statusCode).toBe(200);
      expectLimited(await send(3));
    } finally {
      await small.app.close();
    }
  });
});

describe('no account enumeration', () => {
  // That both also take comparable time (one argon2id verification each) is measured by `npm run
  // bench` (bench/run.ts), not asserted here: timings on a shared machine make flaky tests.
  it('an unknown account and a wrong password get the same status and message', async () => {
    const user = await newUser(t.database.db, ws);
    const unknown = `nobody-${Date.now()}@example.test`;
    for (let i = 0; i < 3; i++) {
      const x = await signin(unknown, 'wrong-password-x', `10.9.1.${i}`);
      const y = await signin(user.email, 'wrong-password-x', `10.9.2.${i}`);
      expect(x.statusCode).toBe(401);
      expect(y.statusCode).toBe(401);
      expect(x.json()).toEqual(y.json());
    }
  });

  it('forgot-password answers the same for known and unknown addresses', async () => {
    const user = await newUser(t.database.db, ws);
    const a = await post('/api/user/forgot-password', { userEmail: user.email }, '10.10.0.1');
    const b = await post('/api/user/forgot-password', { userEmail: `x-${Date.now()}@example.test` }, '10.10.0.2');
    expect(a.statusCode).toBe(200);
    expect(b.statusCode).toBe(200);
    expect(a.json()).toEqual(b.json());
  });
});
