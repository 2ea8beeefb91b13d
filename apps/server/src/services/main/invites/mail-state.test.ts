import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { sessionFor } from '../../../testing/admin-fixture.ts';
import { captureSms } from '../../../testing/capture.ts';
import { newUser, newWorkspace, type TestWorkspace } from '../../../testing/factories.ts';
import { type SmtpReceiver, startSmtpReceiver } from '../../../testing/smtp-receiver.ts';
import { createTestApp, type TestApp } from '../../../testing/test-app.ts';

// An invitation shows its message's delivery: QUEUED when enqueued, SENT when a worker delivered
// it, FAILED with the reason while the mail server refuses (retries go on), SENT once it accepts.

let refusing = true;
/** While set, the receiver holds its answer to each message this long (the message stays QUEUED meanwhile). */
let holdMs = 0;
let smtp: SmtpReceiver;
const sms = captureSms();
let t: TestApp;
let ws: TestWorkspace;
let other: TestWorkspace;
let admin: string;
let otherAdmin: string;

beforeAll(async () => {
  smtp = await startSmtpReceiver({ refuseWhile: () => refusing, delayMs: () => holdMs });
  t = await createTestApp({ config: { smtpUrl: smtp.url }, sms: sms.sms });
  ws = await newWorkspace(t.database.db);
  other = await newWorkspace(t.database.db);
  admin = await sessionFor(t.database.db, await newUser(t.database.db, ws, { role: 'WORKSPACE_ADMIN' }));
  otherAdmin = await sessionFor(t.database.db, await newUser(t.database.db, other, { role: 'WORKSPACE_ADMIN' }));
});
afterAll(async () => {
  await t.close();
  await smtp.close();
});

const unique = () => `m-${Math.random().toString(36).slice(2, 10)}@example.test`;

type Row = { invitationId: string; email: string | null; mailStatus: string; mailError: string | null };
async function list(w: TestWorkspace, token: string, branchId = w.branchId): Promise<Row[]> {
  const res = await t.request(w.host, {
    method: 'POST',
    url: `/api/invite/branch/${branchId}?pageNo=0&pageSize=100`,
    token,
    payload: { status: 'ALL' },
  });
  expect(res.statusCode).toBe(200);
  return res.json().content;
}

/** Polls the invitation list until `id`'s row satisfies `done`. */
async function until(id: string, done: (r: Row) => boolean, what: string, ms = 40_000): Promise<Row> {
  const end = Date.now() + ms;
  for (;;) {
    const row = (await list(ws, admin)).find((r) => r.invitationId === id);
    if (row && done(row)) return row;
    if (Date.now() > end) throw new Error(`${what}: not within ${ms} ms (last: ${JSON.stringify(row)})`);
    await new Promise((r) => setTimeout(r, 50));
  }
}

describe('an invitation mail’s delivery state', () => {
  it('is QUEUED when invited, FAILED with the reason while refused, SENT once the server accepts', async () => {
    const email = unique();
    const res = await t.request(ws.host, {
      method: 'POST',
      url: `/api/invite/user/${ws.branchId}`,
      token: admin,
      payload: { email, firstName: 'Meera' },
    });
    expect(res.statusCode).toBe(200);
    expect(res.json()).toMatchObject({ mailStatus: 'QUEUED', mailError: null });
    const id = res.json().invitationId as string;

    const failed = await until(id, (r) => r.mailStatus === 'FAILED', 'FAILED');
    expect(failed.mailError).toMatch(/451/);
    expect(failed.mailError!.length).toBeLessThanOrEqual(300);
    // Another workspace does not see it.
    expect((await list(other, otherAdmin)).some((r) => r.invitationId === id)).toBe(false);

    refusing = false;
    const sent = await until(id, (r) => r.mailStatus === 'SENT', 'SENT after the server accepts');
    expect(sent.mailError).toBeNull();
    expect(smtp.received.filter((m) => m.to.includes(email))).toHaveLength(1);
  }, 60_000);

  it('a resend queues the new message again and records its delivery', async () => {
    refusing = false;
    const email = unique();
    const res = await t.request(ws.host, {
      method: 'POST',
      url: `/api/invite/user/${ws.branchId}`,
      token: admin,
      payload: { email, firstName: 'Kiran' },
    });
    const id = res.json().invitationId as string;
    await until(id, (r) => r.mailStatus === 'SENT', 'SENT');
    // A slow server: the resend's message is QUEUED until the server answers, then SENT.
    holdMs = 3000;
    const resend = () =>
      t.request(ws.host, { method: 'GET', url: `/api/invite/resend/${ws.branchId}/${id}`, token: admin });
    expect((await resend()).statusCode).toBe(200);
    await until(id, (r) => r.mailStatus === 'QUEUED' && r.mailError === null, 'QUEUED after the resend');
    await until(id, (r) => r.mailStatus === 'SENT', 'SENT after the slow answer');
    holdMs = 0;
    refusing = true;
    expect((await resend()).statusCode).toBe(200);
    // The next resend's message is refused: FAILED with the reason, then SENT once accepted.
    const failed = await until(id, (r) => r.mailStatus === 'FAILED', 'FAILED after the resend');
    expect(failed.mailError).toMatch(/451/);
    refusing = false;
    await until(id, (r) => r.mailStatus === 'SENT', 'SENT after the resend is accepted');
  }, 60_000);

  it('an SMS invitation (a phone number only) records its delivery too', async () => {
    const phone = `+9198${Math.floor(10_000_000 + Math.random() * 89_999_999)}`;
    const res = await t.request(ws.host, {
      method: 'POST',
      url: `/api/invite/user/${ws.branchId}`,
      token: admin,
      payload: { contactNumber: phone, firstName: 'Sunil' },
    });
    expect(res.statusCode).toBe(200);
    expect(res.json().mailStatus).toBe('QUEUED');
    await until(res.json().invitationId, (r) => r.mailStatus === 'SENT', 'SMS SENT');
    expect(sms.to(phone)).toHaveLength(1);
  }, 60_000);
});
