import { randomBytes } from 'node:crypto';
import { mkdtempSync, rmSync } from 'node:fs';
import os from 'node:os';
import path from 'node:path';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { loadConfig } from '../core/config.ts';
import { createMailer } from '../core/mail.ts';
import { newFileKey, signFileUrl } from '../core/storage.ts';
import { startWarnings } from '../start-warnings.ts';
import { newWorkspace, type TestWorkspace } from '../testing/factories.ts';
import { TEST_PLATFORM_HOST } from '../testing/index.ts';
import { createTestApp, openTestDatabase, type TestApp } from '../testing/test-app.ts';

/**
 * An outsider's view of the development-only parts: the mailbox that holds every workspace's
 * sign-in codes, and the secret that signs download links when AUTH_SECRET is not set.
 */

let database: Awaited<ReturnType<typeof openTestDatabase>>;
let t: TestApp;
let ws: TestWorkspace;
const recipient = `victim-${randomBytes(4).toString('hex')}@example.test`;
const CODE = String(100000 + (randomBytes(3).readUIntBE(0, 3) % 900000));

beforeAll(async () => {
  database = await openTestDatabase();
  ws = await newWorkspace(database.db);
  await createMailer({ smtpUrl: undefined, from: 'no-reply@test.local', db: database.db }).send({
    workspaceId: ws.id,
    to: recipient,
    subject: 'Your sign-in code',
    text: `Your code is ${CODE}`,
  });
  t = await createTestApp({ database });
});
afterAll(async () => {
  await t.close();
  await database.dispose();
});

const DEV_URLS = ['/dev/mailbox', `/dev/outbox?recipient=${encodeURIComponent(recipient)}`];

/** The plain 404 of a route that does not exist, with nothing of the outbox in it. */
function expectNoSuchRoute(res: { statusCode: number; body: string; json(): unknown }) {
  expect(res.statusCode).toBe(404);
  expect(res.json()).toMatchObject({ status: 404, code: 'ROUTE_NOT_FOUND' });
  expect(res.body).not.toContain(CODE);
  expect(res.body).not.toContain(recipient);
}

describe('the development mailbox and outbox', () => {
  it('are served on the platform host to this machine (IPv4, IPv6 and IPv4-mapped loopback)', async () => {
    for (const remoteAddress of ['127.0.0.1', '127.8.9.10', '::1', '::ffff:127.0.0.1']) {
      for (const url of DEV_URLS) {
        const res = await t.request(TEST_PLATFORM_HOST, { method: 'GET', url, remoteAddress });
        expect(res.statusCode, `${url} from ${remoteAddress}`).toBe(200);
        expect(res.body).toContain(CODE);
      }
    }
  });

  it('do not exist for a client on another address', async () => {
    for (const remoteAddress of ['203.0.113.7', '10.0.0.5', '::ffff:10.0.0.5', '2001:db8::1', '128.0.0.1']) {
      for (const url of DEV_URLS) {
        expectNoSuchRoute(await t.request(TEST_PLATFORM_HOST, { method: 'GET', url, remoteAddress }));
      }
    }
  });

  it('cannot be reached by claiming to be loopback in X-Forwarded-For behind a trusted proxy', async () => {
    const proxied = await createTestApp({ database, config: { trustProxy: true } });
    try {
      for (const url of DEV_URLS) {
        const res = await proxied.request(TEST_PLATFORM_HOST, {
          method: 'GET',
          url,
          remoteAddress: '203.0.113.7',
          headers: { 'x-forwarded-for': '127.0.0.1', 'x-forwarded-host': TEST_PLATFORM_HOST },
        });
        expectNoSuchRoute(res);
      }
    } finally {
      await proxied.app.close();
    }
  });

  it('do not exist on a workspace host, or on a host a DNS-rebinding page would send, even from loopback', async () => {
    for (const url of DEV_URLS) {
      expectNoSuchRoute(await t.request(ws.host, { method: 'GET', url, remoteAddress: '127.0.0.1' }));
      expectNoSuchRoute(await t.request('evil.example:3000', { method: 'GET', url, remoteAddress: '127.0.0.1' }));
      // The platform host in Host, but sent from a workspace page (Origin).
      const fromWorkspacePage = await t.request(TEST_PLATFORM_HOST, {
        method: 'GET',
        url,
        remoteAddress: '127.0.0.1',
        headers: { origin: `http://${ws.host}` },
      });
      expectNoSuchRoute(fromWorkspacePage);
    }
  });

  it('answer other /dev/ paths and methods the same 404', async () => {
    expectNoSuchRoute(
      await t.request(TEST_PLATFORM_HOST, { method: 'GET', url: '/dev/nothing', remoteAddress: '127.0.0.1' }),
    );
    expectNoSuchRoute(
      await t.request(TEST_PLATFORM_HOST, { method: 'POST', url: '/dev/mailbox', remoteAddress: '203.0.113.7' }),
    );
  });
});

describe('the start-up warning', () => {
  it('is loud about demo data (published password, platform operator) and the mailbox', () => {
    const text = startWarnings({ env: 'development', demoData: true, platformHost: 'localhost:3000' }).join('\n');
    expect(text).toMatch(/DEMO DATA IS ON/);
    expect(text).toContain('Demo@12345');
    expect(text).toMatch(/PLATFORM OPERATOR/);
    expect(text).toMatch(/DEV MAILBOX IS ON/);
    expect(text).toContain('http://localhost:3000/dev/mailbox');
    expect(startWarnings({ env: 'test', demoData: false, platformHost: 'h:1' }).join('\n')).toMatch(/DEV MAILBOX/);
    expect(startWarnings({ env: 'production', demoData: false, platformHost: 'h:1' })).toEqual([]);
  });
});

describe('download links without AUTH_SECRET', () => {
  const OLD_CONSTANT = 'development-only-auth-secret-do-not-use-in-production';
  let dataDir: string;
  let dev: TestApp;

  beforeAll(async () => {
    dataDir = mkdtempSync(path.join(os.tmpdir(), 'cp-dev-secret-'));
    // The configuration of `npm start` on a fresh machine: no AUTH_SECRET.
    const config = loadConfig({
      NODE_ENV: 'development',
      DATA_DIR: dataDir,
      PLATFORM_HOST: TEST_PLATFORM_HOST,
      LOG_LEVEL: 'silent',
    });
    dev = await createTestApp({ database, config });
  });
  afterAll(async () => {
    await dev.app.close();
    rmSync(dataDir, { recursive: true, force: true });
  });

  it('refuses a link forged with the key that used to be written in the source', async () => {
    const key = newFileKey(ws.id, 'logos', 'logo.png');
    await dev.app.deps.storage.put(key, Buffer.from('another workspace’s file'), { contentType: 'image/png' });
    const tenYears = 10 * 365 * 24 * 3600;

    const forged = await dev.request(TEST_PLATFORM_HOST, {
      method: 'GET',
      url: signFileUrl(OLD_CONSTANT, key, tenYears),
    });
    expect(forged.statusCode).toBe(403);
    expect(forged.json()).toMatchObject({ status: 403, code: 'BAD_FILE_SIGNATURE' });
    expect(forged.body).not.toContain('another workspace');

    // The server's own signature still works: the link is refused for its key, not for its shape.
    const genuine = await dev.request(TEST_PLATFORM_HOST, {
      method: 'GET',
      url: signFileUrl(dev.config.authSecret, key, 60),
    });
    expect(genuine.statusCode).toBe(200);
  });
});
