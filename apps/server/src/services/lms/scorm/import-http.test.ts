import { connect, type Socket } from 'node:net';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import {
  type AWorkspace,
  aMember,
  aWorkspace,
  createTestApp,
  multipart,
  type TestApp,
} from '../../../testing/index.ts';
import { buildScormPackage } from '../../../testing/scorm/build-package.ts';
import { SCORM_IMPORTS_AT_ONCE, scormImportSlots } from './scorm.routes.ts';

/**
 * The SCORM import over real sockets (issue 21 item 20): a client that sends its body slowly, or
 * stops, must not hold what others need. The right to import is checked before a byte of the body
 * is read; slots are per workspace; idle connections are closed.
 */

type SlowUpload = { socket: Socket; answer: () => string; closed: Promise<void>; send: (bytes: number) => void };

/** Starts a multipart import declaring `declared` bytes, sends only its first part and `first` bytes of the file. */
function slowUpload(port: number, host: string, token: string | null, declared = 5_000_000, first = 1024): SlowUpload {
  const boundary = '----slowupload';
  const head = Buffer.from(
    `--${boundary}\r\nContent-Disposition: form-data; name="file"; filename="p.zip"\r\nContent-Type: application/zip\r\n\r\n`,
  );
  const socket = connect(port, '127.0.0.1');
  let answer = '';
  socket.on('data', (d) => {
    answer += d.toString('latin1');
  });
  socket.on('error', () => {});
  const closed = new Promise<void>((resolve) => socket.on('close', () => resolve()));
  socket.write(
    [
      'POST /lms/api/course/scorm/import HTTP/1.1',
      `Host: ${host}`,
      `Origin: http://${host}`,
      ...(token ? [`Authorization: Bearer ${token}`] : []),
      `Content-Type: multipart/form-data; boundary=${boundary}`,
      `Content-Length: ${head.length + declared}`,
      '',
      '',
    ].join('\r\n'),
  );
  socket.write(Buffer.concat([head, Buffer.alloc(first, 7)]));
  return { socket, answer: () => answer, closed, send: (bytes) => socket.write(Buffer.alloc(bytes, 7)) };
}

const statusOf = (answer: string) => Number(/^HTTP\/1\.1 (\d{3})/.exec(answer)?.[1] ?? 0);

describe('the SCORM import holds nothing for a slow or unauthorised client', () => {
  let t: TestApp;
  let port: number;
  let a: AWorkspace;
  let b: AWorkspace;
  let adminA: string;
  let adminB: string;
  beforeAll(async () => {
    t = await createTestApp();
    await t.app.listen({ port: 0, host: '127.0.0.1' });
    port = (t.app.server.address() as { port: number }).port;
    a = await aWorkspace(t);
    b = await aWorkspace(t);
    adminA = await (await aMember(a, { role: 'WORKSPACE_ADMIN' })).session();
    adminB = await (await aMember(b, { role: 'WORKSPACE_ADMIN' })).session();
  }, 60_000);
  afterAll(() => t?.close());

  it('a member without the authoring right is answered 403 while still sending; no session, 401; no slot is taken', async () => {
    const employee = await (await aMember(a)).session();
    const unitAdmin = await (await aMember(a, { role: 'BRANCH_ADMIN' })).session();
    for (const [token, status] of [
      [employee, 403],
      [unitAdmin, 403],
      [null, 401],
    ] as const) {
      const up = slowUpload(port, a.host, token);
      try {
        // The body is 5 MB and only 1 KB of it was sent: an answer now means the body was not awaited.
        await expect.poll(() => statusOf(up.answer()), { timeout: 15_000, interval: 50 }).toBe(status);
        expect(scormImportSlots(t.app.deps, a.id).now).toBe(0);
        // Refused for its right: the server ends the connection rather than read the rest.
        if (status === 403) await up.closed;
      } finally {
        up.socket.destroy();
      }
    }
  });

  it('two slow uploads in workspace A take A’s slots only: A’s third is refused (503), B imports; aborting frees them', async () => {
    const slow = Array.from({ length: SCORM_IMPORTS_AT_ONCE }, () => slowUpload(port, a.host, adminA));
    try {
      await expect
        .poll(() => scormImportSlots(t.app.deps, a.id).now, { timeout: 15_000, interval: 50 })
        .toBe(SCORM_IMPORTS_AT_ONCE);
      const body = (token: string, host: string) =>
        t.request(host, {
          method: 'POST',
          url: '/lms/api/course/scorm/import',
          token,
          ...multipart(buildScormPackage('SCORM_12'), {}, 'package.zip'),
        });
      const third = await body(adminA, a.host);
      expect([third.statusCode, third.json().code]).toEqual([503, 'SCORM_IMPORTS_BUSY']);
      const other = await body(adminB, b.host);
      expect(other.statusCode, other.body).toBe(200);
      expect(other.json().packageId).toBeTruthy();
    } finally {
      for (const s of slow) s.socket.destroy();
    }
    // The aborted uploads give their slots back (and their files are removed).
    await expect.poll(() => scormImportSlots(t.app.deps, a.id).now, { timeout: 15_000, interval: 50 }).toBe(0);
  });
});

describe('server-wide timeouts', () => {
  let t: TestApp;
  let port: number;
  let ws: AWorkspace;
  let admin: string;
  beforeAll(async () => {
    t = await createTestApp({ timeouts: { idleMs: 1_000, requestMs: 60_000 } });
    await t.app.listen({ port: 0, host: '127.0.0.1' });
    port = (t.app.server.address() as { port: number }).port;
    ws = await aWorkspace(t);
    admin = await (await aMember(ws, { role: 'WORKSPACE_ADMIN' })).session();
  }, 60_000);
  afterAll(() => t?.close());

  it('an upload that stops sending is cut at the idle limit and its slot freed; one that keeps sending is not', async () => {
    const stalled = slowUpload(port, ws.host, admin);
    await expect.poll(() => scormImportSlots(t.app.deps, ws.id).now, { timeout: 15_000, interval: 50 }).toBe(1);
    await stalled.closed;
    await expect.poll(() => scormImportSlots(t.app.deps, ws.id).now, { timeout: 15_000, interval: 50 }).toBe(0);

    // A trickle: a few hundred bytes every 200 ms for longer than the idle limit, then the end of the body.
    const zip = buildScormPackage('SCORM_12');
    const boundary = '----slowupload';
    const tail = Buffer.from(`\r\n--${boundary}--\r\n`);
    const total = zip.length + tail.length;
    const steady = slowUpload(port, ws.host, admin, total, 0);
    let sent = 0;
    const step = Math.ceil(zip.length / 15);
    await new Promise<void>((resolve) => {
      const timer = setInterval(() => {
        const part = zip.subarray(sent, sent + step);
        steady.socket.write(part);
        sent += part.length;
        if (sent >= zip.length) {
          clearInterval(timer);
          steady.socket.write(tail);
          resolve();
        }
      }, 200);
    });
    await expect.poll(() => statusOf(steady.answer()), { timeout: 15_000, interval: 50 }).toBe(200);
    steady.socket.destroy();
  });
});
