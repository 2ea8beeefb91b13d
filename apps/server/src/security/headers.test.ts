import { mkdirSync, mkdtempSync, rmSync, writeFileSync } from 'node:fs';
import { tmpdir } from 'node:os';
import path from 'node:path';
import { eq, sql } from 'drizzle-orm';
import type { LightMyRequestResponse } from 'fastify';
import { afterAll, afterEach, beforeAll, describe, expect, it } from 'vitest';
import { SESSION_TOUCH_MINUTES } from '../core/auth.ts';
import type { Config } from '../core/config.ts';
import { hashToken } from '../core/crypto.ts';
import { withPlatform } from '../core/db/tenant.ts';
import { sessions } from '../db/schema.ts';
import {
  createTestApp,
  newUser,
  newWorkspace,
  signIn,
  TEST_PLATFORM_HOST,
  type TestApp,
  type TestUser,
  type TestWorkspace,
} from '../testing/index.ts';

/** A built web app as Vite leaves it: index.html naming one hashed script. */
function fakeWebBuild(): string {
  const dir = mkdtempSync(path.join(tmpdir(), 'cp-web-'));
  mkdirSync(path.join(dir, 'assets'));
  writeFileSync(
    path.join(dir, 'index.html'),
    '<!doctype html><html><head><script type="module" src="/assets/index-Ab12Cd34.js"></script></head><body><div id="root"></div></body></html>',
  );
  writeFileSync(path.join(dir, 'assets/index-Ab12Cd34.js'), 'console.log("app");');
  return dir;
}

/** The CSP's directives by name (`script-src` → its sources). */
function csp(res: LightMyRequestResponse): Map<string, string[]> {
  const header = String(res.headers['content-security-policy'] ?? '');
  const map = new Map<string, string[]>();
  for (const part of header.split(';')) {
    const [name, ...sources] = part.trim().split(/\s+/);
    if (name) map.set(name, sources);
  }
  return map;
}

/** The headers every answer carries, page or API, success or error. */
function expectBrowserHeaders(res: LightMyRequestResponse) {
  expect(res.headers['x-content-type-options']).toBe('nosniff');
  expect(res.headers['x-frame-options']).toBe('DENY');
  expect(res.headers['referrer-policy']).toBe('same-origin');
  expect(res.headers['content-security-policy']).toBeDefined();
  expect(csp(res).get('frame-ancestors')).toEqual(["'none'"]);
}

/** The web app's own policy: nothing inline or evaluated may run, requests stay on this origin. */
function expectAppCsp(res: LightMyRequestResponse) {
  const d = csp(res);
  expect(d.get('default-src')).toEqual(["'self'"]);
  expect(d.get('script-src')).toEqual(["'self'"]);
  expect(d.get('script-src-attr')).toEqual(["'none'"]);
  expect(d.get('connect-src')).toEqual(["'self'"]);
  expect(d.get('object-src')).toEqual(["'none'"]);
  expect(d.get('base-uri')).toEqual(["'self'"]);
  expect(d.get('form-action')).toEqual(["'self'"]);
  expect(d.get('img-src')).toEqual(["'self'", 'data:', 'blob:']);
  // Lesson video and captions from this origin (or a blob), SCORM frames only from the content origin.
  expect(d.get('media-src')).toEqual(["'self'", 'blob:']);
  expect(d.get('frame-src')).toEqual(['http://scorm.localhost:3000']);
}

describe('browser security headers (development)', () => {
  let t: TestApp;
  let webDir: string;
  beforeAll(async () => {
    webDir = fakeWebBuild();
    t = await createTestApp({ config: { webDistDir: webDir } });
  });
  afterAll(async () => {
    await t.close();
    rmSync(webDir, { recursive: true, force: true });
  });

  it('the web app: index, a SPA route carrying an invitation code, a hashed asset', async () => {
    for (const url of ['/', '/signup?code=secret-invitation-code', '/assets/index-Ab12Cd34.js']) {
      const res = await t.request(TEST_PLATFORM_HOST, { method: 'GET', url });
      expect(res.statusCode, url).toBe(200);
      expectBrowserHeaders(res);
      expectAppCsp(res);
      // Not behind TLS: no HSTS, and http:// stays http:// (localhost development).
      expect(res.headers['strict-transport-security'], url).toBeUndefined();
      expect(csp(res).has('upgrade-insecure-requests')).toBe(false);
    }
  });

  it('API answers, a JSON one and an error, carry the same headers', async () => {
    const ok = await t.request(TEST_PLATFORM_HOST, { method: 'GET', url: '/api/app-config' });
    expect(ok.statusCode).toBe(200);
    expectBrowserHeaders(ok);
    const refused = await t.request(TEST_PLATFORM_HOST, { method: 'GET', url: '/api/user/details' });
    expect(refused.statusCode).toBe(401);
    expectBrowserHeaders(refused);
    const missing = await t.request(TEST_PLATFORM_HOST, { method: 'GET', url: '/api/no-such-route' });
    expect(missing.statusCode).toBe(404);
    expectBrowserHeaders(missing);
  });

  it('the API reference keeps its own CSP: its scripts by hash, never inline, and no framing', async () => {
    let res = await t.request(TEST_PLATFORM_HOST, { method: 'GET', url: '/api/docs' });
    for (let hops = 0; res.statusCode >= 300 && res.statusCode < 400 && hops < 3; hops++) {
      expectBrowserHeaders(res);
      const location = new URL(String(res.headers.location), 'http://x/api/docs');
      res = await t.request(TEST_PLATFORM_HOST, { method: 'GET', url: location.pathname });
    }
    expect(res.statusCode).toBe(200);
    expect(res.body).toMatch(/swagger-ui/i);
    expectBrowserHeaders(res);
    const scripts = csp(res).get('script-src') ?? [];
    expect(scripts[0]).toBe("'self'");
    expect(scripts.slice(1).every((s) => /^'sha256-[A-Za-z0-9+/=]+'$/.test(s))).toBe(true);
    // Swagger UI sets inline styles: with style hashes listed, 'unsafe-inline' would be ignored.
    expect(csp(res).get('style-src')).toEqual(["'self'", "'unsafe-inline'"]);
    expect(csp(res).has('upgrade-insecure-requests')).toBe(false);
  });

  it('a stored file keeps its sandboxing CSP, with the other headers as well', async () => {
    const key = 'ws/reports/20260101000000-abc-report.html';
    await t.app.deps.storage.put(key, Buffer.from('<script>alert(1)</script>'), { contentType: 'text/html' });
    const url = await t.app.deps.storage.downloadUrl(key, 60);
    const res = await t.request(TEST_PLATFORM_HOST, { method: 'GET', url });
    expect(res.statusCode).toBe(200);
    expect(res.headers['content-security-policy']).toBe("default-src 'none'; sandbox");
    expect(res.headers['x-content-type-options']).toBe('nosniff');
    expect(res.headers['x-frame-options']).toBe('DENY');
    expect(res.headers['content-disposition']).toMatch(/^attachment/);
  });
});

describe('browser security headers (production, S3, a split API origin)', () => {
  let t: TestApp;
  let webDir: string;
  const s3: NonNullable<Config['storage']['s3']> = {
    bucket: 'compliance-files',
    region: 'eu-west-1',
    endpoint: 'https://objects.example.net:9000',
    credentials: { accessKeyId: 'AKIAEXAMPLE', secretAccessKey: 'example-secret' },
    forcePathStyle: false,
  };
  beforeAll(async () => {
    webDir = fakeWebBuild();
    t = await createTestApp({
      config: {
        env: 'production',
        webDistDir: webDir,
        storage: { dir: webDir, s3 },
        webApiOrigins: ['https://api.example.net'],
      },
    });
  });
  afterAll(async () => {
    await t.close();
    rmSync(webDir, { recursive: true, force: true });
  });

  it('sends HSTS and upgrades insecure requests, on pages and API alike', async () => {
    for (const url of ['/', '/api/app-config']) {
      const res = await t.request(TEST_PLATFORM_HOST, { method: 'GET', url });
      expect(res.statusCode, url).toBe(200);
      expectBrowserHeaders(res);
      expect(res.headers['strict-transport-security'], url).toBe('max-age=31536000');
      expect(csp(res).has('upgrade-insecure-requests'), url).toBe(true);
    }
  });

  it('lets images come from where presigned S3 URLs point, and requests go to the API origin', async () => {
    const res = await t.request(TEST_PLATFORM_HOST, { method: 'GET', url: '/' });
    const presigned = new URL(await t.app.deps.storage.downloadUrl('ws/profile/20260101000000-abc-me.png', 60));
    expect(csp(res).get('img-src')).toEqual(["'self'", 'data:', 'blob:', presigned.origin]);
    expect(csp(res).get('media-src')).toEqual(["'self'", 'blob:', presigned.origin]);
    expect(csp(res).get('connect-src')).toEqual(["'self'", 'https://api.example.net']);
    expect(csp(res).get('script-src')).toEqual(["'self'"]);
  });
});

describe('idle sessions', () => {
  const IDLE_MINUTES = 60;
  let t: TestApp;
  let ws: TestWorkspace;
  let user: TestUser;
  beforeAll(async () => {
    t = await createTestApp({ config: { sessionIdleMinutes: IDLE_MINUTES } });
    ws = await newWorkspace(t.database.db);
    user = await newUser(t.database.db, ws);
  });
  afterAll(() => t.close());

  afterEach(() => t.clock.reset());
  /**
   * Moves the server's clock to `minutes` after the session's recorded last use (instead of
   * back-dating the row).
   */
  const lastUsedAgo = async (token: string, minutes: number) => {
    const [row] = await withPlatform(t.database.db, { action: 'test.session-read', audit: false }, (tx) =>
      tx
        .select({ lastUsedAt: sessions.lastUsedAt })
        .from(sessions)
        .where(eq(sessions.tokenHash, hashToken(token))),
    );
    t.clock.set(row!.lastUsedAt.getTime() + minutes * 60_000);
  };
  /** The session row: minutes since its recorded last use, and whether it is revoked. */
  const sessionRow = async (token: string) => {
    const [row] = await withPlatform(t.database.db, { action: 'test.session-read', audit: false }, (tx) =>
      tx
        .select({
          idleMinutes: sql<number>`extract(epoch from app_now() - ${sessions.lastUsedAt}) / 60`,
          revoked: sql<boolean>`${sessions.revokedAt} is not null`,
        })
        .from(sessions)
        .where(eq(sessions.tokenHash, hashToken(token))),
    );
    return { idleMinutes: Number(row!.idleMinutes), revoked: row!.revoked };
  };
  const details = (host: string, token: string) => t.request(host, { method: 'GET', url: '/api/user/details', token });

  it('a session idle past the limit is refused with 401 and revoked for good', async () => {
    const token = await signIn(t, ws.host, user);
    expect((await details(ws.host, token)).statusCode).toBe(200);
    await lastUsedAgo(token, IDLE_MINUTES + 1);
    const res = await details(ws.host, token);
    expect(res.statusCode).toBe(401);
    expect(res.json().code).toBe('UNAUTHENTICATED');
    expect((await sessionRow(token)).revoked).toBe(true);
    // Revoked, not merely idle: bringing the clock back does not revive it.
    await lastUsedAgo(token, 0);
    expect((await details(ws.host, token)).statusCode).toBe(401);
  });

  it('the same holds on the platform host', async () => {
    const token = await signIn(t, TEST_PLATFORM_HOST, user);
    expect((await details(TEST_PLATFORM_HOST, token)).statusCode).toBe(200);
    await lastUsedAgo(token, IDLE_MINUTES + 1);
    expect((await details(TEST_PLATFORM_HOST, token)).statusCode).toBe(401);
    expect((await sessionRow(token)).revoked).toBe(true);
  });

  it('a session used within the limit works, and its last use is written at most every few minutes', async () => {
    const token = await signIn(t, ws.host, user);
    // Used a moment ago: no write.
    await lastUsedAgo(token, SESSION_TOUCH_MINUTES - 2);
    expect((await details(ws.host, token)).statusCode).toBe(200);
    expect((await sessionRow(token)).idleMinutes).toBeGreaterThan(SESSION_TOUCH_MINUTES - 2.5);
    // Older than the refresh interval but inside the limit: works, and the last use is now.
    await lastUsedAgo(token, IDLE_MINUTES - 1);
    expect((await details(ws.host, token)).statusCode).toBe(200);
    const after = await sessionRow(token);
    expect(after.idleMinutes).toBeLessThan(1);
    expect(after.revoked).toBe(false);
    // So the idle clock starts again: another limit's worth minus a minute later, it still works.
    await lastUsedAgo(token, IDLE_MINUTES - 1);
    expect((await details(ws.host, token)).statusCode).toBe(200);
  });
});
