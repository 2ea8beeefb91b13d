import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { DEFAULT_RATE_LIMITS } from '../../../core/rate-limit.ts';
import { captureMailer, captureSms } from '../../../testing/capture.ts';
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

  it('limits failures per IP across accounts', async () => {
    const limited = await createTestApp({
      database: t.database,
      config: { rateLimits: { ...DEFAULT_RATE_LIMITS, failuresPerIp: { max: 3, windowSeconds: 900 } } },
    });
    try {
      const user = await newUser(t.database.db, ws);
      for (let i = 0; i < 3; i++) {
        const res = await limited.request(ws.host, {
          method: 'POST',
          url: '/api/user/signin',
          payload: { userEmail: `someone-${i}@example.test`, userPassword: 'nope-nope' },
          remoteAddress: '10.4.0.1',
        });
        expect(res.statusCode).toBe(401);
      }
      const blocked = await limited.request(ws.host, {
        method: 'POST',
        url: '/api/user/signin',
        payload: { userEmail: user.email, userPassword: user.password },
        remoteAddress: '10.4.0.1',
      });
      expectLimited(blocked);
      const otherIp = await limited.request(ws.host, {
        method: 'POST',
        url: '/api/user/signin',
        payload: { userEmail: user.email, userPassword: user.password },
        remoteAddress: '10.4.0.2',
      });
      expect(otherIp.statusCode).toBe(200);
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
  it('an unknown account and a wrong password get the same status and message, in comparable time', async () => {
    const user = await newUser(t.database.db, ws);
    const unknown = `nobody-${Date.now()}@example.test`;
    const time = async (email: string, ip: string) => {
      const start = performance.now();
      const res = await signin(email, 'wrong-password-x', ip);
      return { ms: performance.now() - start, status: res.statusCode, body: res.json() };
    };
    // Warm up both paths (the dummy hash is computed on first use).
    await time(unknown, '10.9.0.1');
    await time(user.email, '10.9.0.2');
    const a: number[] = [];
    const b: number[] = [];
    for (let i = 0; i < 5; i++) {
      const x = await time(unknown, `10.9.1.${i}`);
      const y = await time(user.email, `10.9.2.${i}`);
      expect(x.status).toBe(401);
      expect(y.status).toBe(401);
      expect(x.body).toEqual(y.body);
      a.push(x.ms);
      b.push(y.ms);
    }
    const median = (v: number[]) => [...v].sort((p, q) => p - q)[Math.floor(v.length / 2)]!;
    // Both spend one argon2id verification; without the dummy hash the unknown path is ~100× faster.
    const ratio = median(a) / median(b);
    expect(ratio).toBeGreaterThan(0.4);
    expect(ratio).toBeLessThan(2.5);
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
