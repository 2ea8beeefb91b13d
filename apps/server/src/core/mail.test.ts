import { randomBytes } from 'node:crypto';
import http from 'node:http';
import type { AddressInfo } from 'node:net';
import { eq, sql } from 'drizzle-orm';
import { SMTPServer } from 'smtp-server';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { outbox } from '../db/schema.ts';
import { newWorkspace, type TestWorkspace } from '../testing/factories.ts';
import { TEST_PLATFORM_HOST } from '../testing/index.ts';
import { createTestApp, openTestDatabase } from '../testing/test-app.ts';
import { withPlatform, withTenant } from './db/tenant.ts';
import { createMailer } from './mail.ts';
import { createSmsSender } from './sms.ts';

let database: Awaited<ReturnType<typeof openTestDatabase>>;
let a: TestWorkspace;
let b: TestWorkspace;
const closers: (() => Promise<void>)[] = [];

beforeAll(async () => {
  database = await openTestDatabase();
  a = await newWorkspace(database.db, { name: 'Mail Test A' });
  b = await newWorkspace(database.db, { name: 'Mail Test B' });
});
afterAll(async () => {
  for (const close of closers.reverse()) await close();
  await database.dispose();
});

const uniqueAddress = (domain = 'example.test') => `p-${randomBytes(4).toString('hex')}@${domain}`;

/** Outbox rows for `recipient`, as one workspace (or, with null, the platform path) sees them. */
function outboxAs(workspaceId: string | null, recipient: string) {
  const read = (tx: Parameters<Parameters<typeof withTenant>[2]>[0]) =>
    tx.select().from(outbox).where(eq(outbox.recipient, recipient));
  return workspaceId === null
    ? withPlatform(database.db, { action: 'test.outbox', audit: false }, read)
    : withTenant(database.db, { workspaceId }, read);
}

type Delivery = { from: string | false; to: string[]; raw: string };

/** A real SMTP receiver on 127.0.0.1 (no TLS, no auth); refuses recipients at `refuse.test`. */
async function startSmtp(): Promise<{ port: number; deliveries: Delivery[] }> {
  const deliveries: Delivery[] = [];
  const server = new SMTPServer({
    authOptional: true,
    disabledCommands: ['STARTTLS'],
    logger: false,
    onRcptTo(address, _session, callback) {
      if (address.address.endsWith('@refuse.test')) {
        callback(Object.assign(new Error('No such mailbox'), { responseCode: 550 }));
      } else callback();
    },
    onData(stream, session, callback) {
      const chunks: Buffer[] = [];
      stream.on('data', (c: Buffer) => chunks.push(c));
      stream.on('end', () => {
        deliveries.push({
          from: session.envelope.mailFrom === false ? false : session.envelope.mailFrom.address,
          to: session.envelope.rcptTo.map((r) => r.address),
          raw: Buffer.concat(chunks).toString('utf8'),
        });
        callback();
      });
    },
  });
  const port = await new Promise<number>((resolve) => {
    const net = server.listen(0, '127.0.0.1', () => resolve((net.address() as AddressInfo).port));
  });
  closers.push(() => new Promise((resolve) => server.close(() => resolve())));
  return { port, deliveries };
}

type GatewayCall = {
  method: string;
  url: string;
  authorization: string | null;
  idempotencyKey: string | null;
  contentType: string | null;
  body: unknown;
};

/** A real HTTP SMS gateway on 127.0.0.1 that records each call and answers with `status.code`. */
async function startGateway(): Promise<{ url: string; calls: GatewayCall[]; status: { code: number } }> {
  const calls: GatewayCall[] = [];
  const status = { code: 202 };
  const server = http.createServer((req, res) => {
    const chunks: Buffer[] = [];
    req.on('data', (c: Buffer) => chunks.push(c));
    req.on('end', () => {
      calls.push({
        method: req.method ?? '',
        url: req.url ?? '',
        authorization: req.headers.authorization ?? null,
        idempotencyKey: (req.headers['idempotency-key'] as string | undefined) ?? null,
        contentType: req.headers['content-type'] ?? null,
        body: JSON.parse(Buffer.concat(chunks).toString('utf8') || 'null'),
      });
      res.writeHead(status.code, { 'content-type': 'application/json' }).end('{}');
    });
  });
  await new Promise<void>((resolve) => server.listen(0, '127.0.0.1', resolve));
  closers.push(() => new Promise((resolve) => server.close(() => resolve())));
  return { url: `http://127.0.0.1:${(server.address() as AddressInfo).port}/v1/messages`, calls, status };
}

describe('mail through SMTP', () => {
  it('delivers to the SMTP server: envelope recipient, sender, subject and body', async () => {
    const { port, deliveries } = await startSmtp();
    const mailer = createMailer({
      smtpUrl: `smtp://127.0.0.1:${port}`,
      from: 'Compliance <no-reply@test.local>',
      db: database.db,
    });
    expect(mailer.kind).toBe('smtp');
    const to = uniqueAddress();
    await mailer.send({
      workspaceId: a.id,
      to,
      subject: 'Your sign-in code',
      text: 'Your code is 482913.\nIt expires in 10 minutes.',
    });
    mailer.close();

    expect(deliveries).toHaveLength(1);
    const [mail] = deliveries;
    expect(mail!.to).toEqual([to]);
    expect(mail!.from).toBe('no-reply@test.local');
    expect(mail!.raw).toMatch(/^Subject: Your sign-in code\r?$/m);
    expect(mail!.raw.split(/\r?\n/)).toContain(`To: ${to}`);
    expect(mail!.raw).toContain('Your code is 482913.');
    expect(mail!.raw).toContain('It expires in 10 minutes.');
    // Nothing went to the outbox instead.
    expect(await outboxAs(null, to)).toEqual([]);
  });

  it('sends the HTML part along with the text', async () => {
    const { port, deliveries } = await startSmtp();
    const mailer = createMailer({ smtpUrl: `smtp://127.0.0.1:${port}`, from: 'no-reply@test.local', db: database.db });
    await mailer.send({
      workspaceId: null,
      to: uniqueAddress(),
      subject: 'Invitation',
      text: 'Join us',
      html: '<p>Join <b>us</b></p>',
    });
    mailer.close();
    expect(deliveries[0]!.raw).toMatch(/Content-Type: multipart\/alternative/);
    expect(deliveries[0]!.raw).toContain('<p>Join <b>us</b></p>');
  });

  it('rejects when the server refuses the recipient (the caller sees the failure)', async () => {
    const { port, deliveries } = await startSmtp();
    const mailer = createMailer({ smtpUrl: `smtp://127.0.0.1:${port}`, from: 'no-reply@test.local', db: database.db });
    await expect(
      mailer.send({ workspaceId: a.id, to: 'ghost@refuse.test', subject: 'x', text: 'x' }),
    ).rejects.toThrow();
    mailer.close();
    expect(deliveries).toEqual([]);
  });
});

describe('mail into the outbox (no SMTP server configured)', () => {
  const mailer = () => createMailer({ smtpUrl: undefined, from: 'no-reply@test.local', db: database.db });

  it("is written under the workspace's row-level security: visible there, not in another workspace", async () => {
    const to = uniqueAddress();
    expect(mailer().kind).toBe('outbox');
    await mailer().send({ workspaceId: a.id, to, subject: 'Welcome to A', text: 'Hello from A', html: '<p>Hello</p>' });

    const inA = await outboxAs(a.id, to);
    expect(inA).toEqual([
      expect.objectContaining({
        workspaceId: a.id,
        channel: 'EMAIL',
        recipient: to,
        subject: 'Welcome to A',
        bodyText: 'Hello from A',
        bodyHtml: '<p>Hello</p>',
      }),
    ]);
    expect(await outboxAs(b.id, to)).toEqual([]);
  });

  it('platform mail (no workspace) is visible on the platform path only', async () => {
    const to = uniqueAddress();
    await mailer().send({ workspaceId: null, to, subject: 'Operator notice', text: 'Platform' });
    expect(await outboxAs(null, to)).toEqual([
      expect.objectContaining({ workspaceId: null, subject: 'Operator notice' }),
    ]);
    expect(await outboxAs(a.id, to)).toEqual([]);
  });
});

describe('SMS', () => {
  it('posts {to, message} as JSON with the bearer token to the gateway', async () => {
    const gw = await startGateway();
    const sms = createSmsSender({ gatewayUrl: gw.url, token: 'gw-secret-token', db: database.db });
    expect(sms.kind).toBe('gateway');
    await sms.send({ workspaceId: a.id, to: '+919800000042', text: 'Your code is 654321', key: 'job-1234' });
    expect(gw.calls).toEqual([
      {
        method: 'POST',
        url: '/v1/messages',
        authorization: 'Bearer gw-secret-token',
        idempotencyKey: 'job-1234',
        contentType: 'application/json',
        body: { to: '+919800000042', message: 'Your code is 654321' },
      },
    ]);
    expect(await outboxAs(a.id, '+919800000042')).toEqual([]);
  });

  it('sends no Authorization header when no token is configured', async () => {
    const gw = await startGateway();
    await createSmsSender({ gatewayUrl: gw.url, token: undefined, db: database.db }).send({
      workspaceId: null,
      to: '+15550100',
      text: 'hi',
    });
    expect(gw.calls[0]?.authorization).toBeNull();
    expect(gw.calls[0]?.idempotencyKey).toBeNull();
  });

  it('rejects when the gateway answers 500', async () => {
    const gw = await startGateway();
    gw.status.code = 500;
    const sms = createSmsSender({ gatewayUrl: gw.url, token: 't', db: database.db });
    await expect(sms.send({ workspaceId: a.id, to: '+15550101', text: 'x' })).rejects.toThrow(/500/);
    expect(gw.calls).toHaveLength(1);
  });

  it('without a gateway, writes an SMS row to the outbox of its workspace', async () => {
    const sms = createSmsSender({ gatewayUrl: undefined, token: undefined, db: database.db });
    expect(sms.kind).toBe('outbox');
    const to = `+1555${randomBytes(3).readUIntBE(0, 3).toString().padStart(7, '0')}`;
    await sms.send({ workspaceId: a.id, to, text: 'Your code is 111222' });
    expect(await outboxAs(a.id, to)).toEqual([
      expect.objectContaining({ channel: 'SMS', recipient: to, subject: null, bodyText: 'Your code is 111222' }),
    ]);
    expect(await outboxAs(b.id, to)).toEqual([]);
  });
});

describe('the development mailbox', () => {
  it('lists the outbox newest first, with subjects and bodies HTML-escaped', async () => {
    const mailer = createMailer({ smtpUrl: undefined, from: 'no-reply@test.local', db: database.db });
    const older = uniqueAddress('older.test');
    const newer = uniqueAddress('newer.test');
    await mailer.send({ workspaceId: a.id, to: older, subject: 'Older message', text: 'first' });
    // PGlite's clock counts whole milliseconds: wait until it has moved past the first message, so
    // that the two are told apart by their time (the mailbox lists the newest first).
    await expect
      .poll(() =>
        withPlatform(database.db, { action: 'test.clock', audit: false }, async (tx) => {
          const [row] = await tx
            .select({ moved: sql<boolean>`clock_timestamp() > max(${outbox.createdAt})` })
            .from(outbox)
            .where(eq(outbox.recipient, older));
          return row?.moved;
        }),
      )
      .toBe(true);
    await mailer.send({
      workspaceId: b.id,
      to: newer,
      subject: 'Newer <script>alert(1)</script>',
      text: 'Click <img src=x onerror=alert(2)> & "go"',
    });

    const t = await createTestApp({ database });
    closers.push(() => t.close());
    const res = await t.request(TEST_PLATFORM_HOST, { method: 'GET', url: '/dev/mailbox' });
    expect(res.statusCode).toBe(200);
    expect(res.headers['content-type']).toMatch(/^text\/html/);
    const html = res.body;
    expect(html).toContain('Newer &lt;script&gt;alert(1)&lt;/script&gt;');
    expect(html).toContain('Click &lt;img src=x onerror=alert(2)&gt; &amp; &quot;go&quot;');
    expect(html).not.toContain('<script>');
    expect(html).not.toContain('<img');
    expect(html.indexOf(newer)).toBeGreaterThan(-1);
    expect(html.indexOf(newer)).toBeLessThan(html.indexOf(older));
    expect(html).toContain('Mail Test A');
    expect(html).toContain('Mail Test B');
  });

  it('is not there in production: 404 in the error shape, and no message shown', async () => {
    await createMailer({ smtpUrl: undefined, from: 'x@test.local', db: database.db }).send({
      workspaceId: a.id,
      to: uniqueAddress(),
      subject: 'Secret sign-in code 909090',
      text: '909090',
    });
    const t = await createTestApp({ database, config: { env: 'production' } });
    closers.push(() => t.close());
    const res = await t.request(TEST_PLATFORM_HOST, { method: 'GET', url: '/dev/mailbox' });
    expect(res.statusCode).toBe(404);
    expect(res.json()).toMatchObject({ status: 404, code: 'ROUTE_NOT_FOUND' });
    expect(res.body).not.toContain('909090');
    const appConfig = await t.request(TEST_PLATFORM_HOST, { method: 'GET', url: '/api/app-config' });
    expect(appConfig.json().devMailbox).toBe(false);
  });
});
