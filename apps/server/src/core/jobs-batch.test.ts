import { randomUUID } from 'node:crypto';
import { sql } from 'drizzle-orm';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { captureSms } from '../testing/capture.ts';
import { aMember, aWorkspace } from '../testing/factories.ts';
import { multipart } from '../testing/multipart.ts';
import { startSmtpReceiver } from '../testing/smtp-receiver.ts';
import { createTestApp, openTestDatabase } from '../testing/test-app.ts';
import { queryRows } from './db/database.ts';
import { withTenant } from './db/tenant.ts';
import { jobIdFor, type NewJob, startJobs } from './jobs.ts';
import { createMailer } from './mail.ts';

// Mail goes out a batch at a time (core/jobs.ts, MAIL_BATCH_SIZE): a batch is sent together (SMTP
// in parallel over pooled connections, the outbox in one statement), its outcomes are recorded
// together, and only the messages that failed are retried.

const silent = { error() {}, warn() {} };

type JobRow = { to: string; state: string; retry_count: number };
/** The `mail.send` jobs to the given addresses (read as the tables' owner). */
const jobsTo = (db: Parameters<typeof queryRows>[0], to: string[]) =>
  queryRows<JobRow>(
    db,
    sql`select data->>'to' as "to", state::text, retry_count from pgboss.job
         where name = 'mail.send' and data->>'to' = any(${sql.param(to)}::text[])`,
  );

describe('a batch of invitation mails through a real SMTP server', () => {
  let blocked = true;
  const bad = `batch-bad-${randomUUID().slice(0, 8)}@example.test`;
  let smtp: Awaited<ReturnType<typeof startSmtpReceiver>>;
  let t: Awaited<ReturnType<typeof createTestApp>>;
  beforeAll(async () => {
    // A slow receiver (150 ms per message) that refuses one recipient until told otherwise.
    smtp = await startSmtpReceiver({ delayMs: 150, refuseTo: (a) => blocked && a === bad });
    t = await createTestApp({ config: { smtpUrl: smtp.url } });
  });
  afterAll(async () => {
    await t.close();
    await smtp.close();
  });

  it('is sent in parallel; the one refused mail is retried alone, the others are done once, and each invitation shows its outcome', async () => {
    const ws = await aWorkspace(t);
    const admin = await aMember(ws, { role: 'WORKSPACE_ADMIN' });
    const tag = randomUUID().slice(0, 8);
    const good = Array.from({ length: 29 }, (_, i) => `batch-${tag}-${i}@example.test`);
    const everyone = [...good.slice(0, 10), bad, ...good.slice(10)];
    const file = [
      'Email,First name,Last name,Business unit',
      ...everyone.map((e, i) => `${e},F${i},L${i},Head Office`),
    ];
    const { payload, headers } = multipart(file.join('\r\n'), { email: 1, firstName: 2, lastName: 3, branch: 4 });
    const res = await t.request(ws.host, {
      method: 'POST',
      url: '/api/invite/bulk',
      token: await admin.session(),
      payload,
      headers,
    });
    expect(res.statusCode).toBe(200);
    expect(res.json()).toMatchObject({ invited: 30 });

    const copies = (to: string) => smtp.received.filter((m) => m.to.includes(to));
    await smtp.waitFor(() => good.every((e) => copies(e).length > 0), 'the 29 accepted mails');
    await smtp.waitFor(() => smtp.refused.includes(bad), 'the refusal');
    // The batch went out over several connections at once (one job at a time would show 1 or 2).
    expect(smtp.maxInFlight).toBeGreaterThan(2);

    const invitationState = () =>
      withTenant(t.database.db, { workspaceId: ws.id }, (tx) =>
        queryRows<{ email: string; mail_status: string; mail_error: string | null }>(
          tx,
          sql`select email, mail_status, mail_error from invitations where workspace_id = ${ws.id}`,
        ),
      );
    // The accepted ones are done once (never retried); the refused one waits for its retry.
    await expect
      .poll(async () => (await jobsTo(t.database.db, good)).filter((j) => j.state === 'completed').length)
      .toBe(29);
    for (const j of await jobsTo(t.database.db, good)) expect(j.retry_count, j.to).toBe(0);
    const [waiting] = await jobsTo(t.database.db, [bad]);
    expect(waiting!.state).not.toBe('completed');
    await expect.poll(async () => (await jobsTo(t.database.db, [bad]))[0]!.retry_count).toBeGreaterThanOrEqual(1);
    // Each invitation shows its own outcome.
    await expect.poll(async () => (await invitationState()).find((r) => r.email === bad)?.mail_status).toBe('FAILED');
    const states = await invitationState();
    expect(states.find((r) => r.email === bad)!.mail_error).toMatch(/451/);
    for (const e of good)
      expect(states.find((r) => r.email === e)).toMatchObject({ mail_status: 'SENT', mail_error: null });

    // The server accepts it again: the retry delivers it, once, and its invitation shows SENT.
    blocked = false;
    await smtp.waitFor(() => copies(bad).length > 0, 'the retried mail', 40_000);
    await expect
      .poll(async () => (await invitationState()).find((r) => r.email === bad)?.mail_status, { timeout: 10_000 })
      .toBe('SENT');
    await expect.poll(async () => (await jobsTo(t.database.db, [bad]))[0]!.state).toBe('completed');
    for (const e of everyone) expect(copies(e), e).toHaveLength(1);
    expect(new Set(everyone.map((e) => copies(e)[0]!.messageId)).size).toBe(30);
  }, 60_000);
});

describe('a batch of mails into the outbox', () => {
  it('is written in one statement per workspace; a message that cannot be written fails alone', async () => {
    const database = await openTestDatabase();
    const ws = await aWorkspace(database.db);
    const other = await aWorkspace(database.db);
    const mailer = createMailer({ smtpUrl: undefined, from: 'Test <no-reply@example.test>', db: database.db });
    const jobs = await startJobs({ database, mailer, sms: captureSms().sms, log: silent });
    try {
      const tag = randomUUID().slice(0, 8);
      const good: NewJob[] = Array.from({ length: 20 }, (_, i) => ({
        queue: 'mail.send',
        key: `outbox-batch:${tag}:${i}`,
        data: { workspaceId: ws.id, to: `outbox-${tag}-${i}@example.test`, subject: `#${i}`, text: 'Hello' },
      }));
      // No body: the outbox refuses the row (body_text is required), and with it the batch's statement.
      const broken = {
        queue: 'mail.send',
        key: `outbox-batch:${tag}:broken`,
        data: { workspaceId: ws.id, to: `outbox-${tag}-broken@example.test`, subject: 'x', text: null },
      } as unknown as NewJob;
      const clean: NewJob[] = Array.from({ length: 10 }, (_, i) => ({
        queue: 'mail.send',
        key: `outbox-batch:${tag}:other:${i}`,
        data: { workspaceId: other.id, to: `outbox-${tag}-other-${i}@example.test`, subject: `#${i}`, text: 'Hi' },
      }));
      await withTenant(database.db, { workspaceId: null }, (tx) => jobs.enqueueAll(tx, [...good, broken, ...clean]));

      const to = good.map((j) => (j.data as { to: string }).to);
      await expect
        .poll(async () => (await jobsTo(database.db, to)).filter((j) => j.state === 'completed').length, {
          timeout: 20_000,
        })
        .toBe(20);
      // (Read under the workspace's row-level security, as the outbox is.)
      const outboxRows = (workspaceId: string, recipients: string[]) =>
        withTenant(database.db, { workspaceId }, (tx) =>
          queryRows<{ recipient: string; tx: string }>(
            tx,
            sql`select recipient, xmin::text as tx from outbox where recipient = any(${sql.param(recipients)}::text[])`,
          ),
        );
      const rows = await outboxRows(ws.id, to);
      // Each written once, several together (the batch's statement failed, then its halves were
      // tried: a handful of transactions, not one per message).
      expect(rows.map((r) => r.recipient).sort()).toEqual([...to].sort());
      expect(new Set(rows.map((r) => r.tx)).size).toBeLessThan(10);
      for (const j of await jobsTo(database.db, to)) expect(j.retry_count).toBe(0);
      // The other workspace's 10, all good: one statement (two if the batch was split between workers).
      const otherTo = clean.map((j) => (j.data as { to: string }).to);
      await expect
        .poll(async () => (await jobsTo(database.db, otherTo)).filter((j) => j.state === 'completed').length)
        .toBe(10);
      const otherRows = await outboxRows(other.id, otherTo);
      expect(otherRows).toHaveLength(10);
      expect(new Set(otherRows.map((r) => r.tx)).size).toBeLessThanOrEqual(2);
      // The broken one failed alone, to be retried; nothing of it is in the outbox.
      const id = jobIdFor('mail.send', `outbox-batch:${tag}:broken`);
      await expect
        .poll(
          async () =>
            (
              await queryRows<{ retry_count: number }>(
                database.db,
                sql`select retry_count from pgboss.job where id = ${id}`,
              )
            )[0]?.retry_count,
        )
        .toBeGreaterThanOrEqual(1);
      const [failed] = await queryRows<{ state: string; output: { message?: string } }>(
        database.db,
        sql`select state::text, output from pgboss.job where id = ${id}`,
      );
      expect(failed!.state).not.toBe('completed');
      expect(failed!.output.message).toMatch(/body_text|null/);
    } finally {
      await jobs.stop();
      await database.dispose();
    }
  }, 40_000);
});
