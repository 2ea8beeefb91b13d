import { sql } from 'drizzle-orm';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { sessionFor } from '../testing/admin-fixture.ts';
import { captureMailer, captureSms } from '../testing/capture.ts';
import { newUser, newWorkspace, type TestWorkspace } from '../testing/factories.ts';
import { startSmtpReceiver } from '../testing/smtp-receiver.ts';
import { createTestApp, openTestDatabase, type TestApp } from '../testing/test-app.ts';
import { queryRows } from './db/database.ts';
import { withTenant } from './db/tenant.ts';
import { jobIdFor, type NewJob, startJobs } from './jobs.ts';

// Durable jobs (core/jobs.ts): a message is a job written in the transaction of its cause,
// delivered by workers with retries. The crash test (a real server killed with -9) is
// jobs-crash.once.test.ts.

const unique = () => `j-${Math.random().toString(36).slice(2, 10)}@example.test`;
const silent = { error() {}, warn() {} };

/** The state of the job with `id`, or null when there is none (read as the tables' owner). */
async function jobState(t: { database: { db: TestApp['database']['db'] } }, id: string): Promise<string | null> {
  const rows = await queryRows<{ state: string }>(
    t.database.db,
    sql`select state::text from pgboss.job where id = ${id}`,
  );
  return rows[0]?.state ?? null;
}

describe('a message commits with its cause, or not at all', () => {
  const mail = captureMailer();
  let t: TestApp;
  let ws: TestWorkspace;
  let admin: string;
  beforeAll(async () => {
    t = await createTestApp({ mailer: mail.mailer });
    ws = await newWorkspace(t.database.db);
    admin = await sessionFor(t.database.db, await newUser(t.database.db, ws, { role: 'WORKSPACE_ADMIN' }));
  });
  afterAll(() => t.close());

  it('a transaction that fails after enqueueing leaves no job; one that commits is delivered', async () => {
    const to = unique();
    const job: NewJob = {
      queue: 'mail.send',
      key: `test:${to}`,
      data: { workspaceId: ws.id, to, subject: 'Hello', text: 'Hello there' },
    };
    await expect(
      withTenant(t.database.db, { workspaceId: ws.id }, async (tx) => {
        await t.app.deps.jobs.enqueueAll(tx, [job]);
        throw new Error('the change after the enqueue fails');
      }),
    ).rejects.toThrow('the change after the enqueue fails');
    const id = jobIdFor('mail.send', job.key);
    expect(await jobState(t, id)).toBeNull();

    await withTenant(t.database.db, { workspaceId: ws.id }, (tx) => t.app.deps.jobs.enqueueAll(tx, [job]));
    expect(await jobState(t, id)).not.toBeNull();
    const sent = await mail.next(to, 0);
    expect(sent).toMatchObject({ subject: 'Hello', key: id });
  });

  it('the same idempotency key enqueued again keeps one job and one message', async () => {
    const to = unique();
    const job: NewJob = {
      queue: 'mail.send',
      key: `test:${to}`,
      data: { workspaceId: ws.id, to, subject: 'S', text: 'T' },
    };
    await withTenant(t.database.db, { workspaceId: ws.id }, (tx) => t.app.deps.jobs.enqueueAll(tx, [job, job]));
    await withTenant(t.database.db, { workspaceId: ws.id }, (tx) => t.app.deps.jobs.enqueueAll(tx, [job]));
    await mail.next(to, 0);
    const id = jobIdFor('mail.send', job.key);
    await expect.poll(() => jobState(t, id)).toBe('completed');
    expect(mail.to(to)).toHaveLength(1);
  });

  it('an invitation refused after its checks enqueues nothing; an accepted one commits its mail job', async () => {
    const email = unique();
    const ok = await t.request(ws.host, {
      method: 'POST',
      url: `/api/invite/user/${ws.branchId}`,
      token: admin,
      payload: { email, firstName: 'Asha' },
    });
    expect(ok.statusCode).toBe(200);
    const code = /\/signup\?code=([A-Za-z0-9_-]+)/.exec((await mail.next(email, 0)).text)![1]!;
    expect(code).toBeTruthy();
    // A second invitation to the same address is refused (409): no job, no second mail.
    const again = await t.request(ws.host, {
      method: 'POST',
      url: `/api/invite/user/${ws.branchId}`,
      token: admin,
      payload: { email, firstName: 'Asha' },
    });
    expect(again.statusCode).toBe(409);
    const jobs = await queryRows<{ n: number }>(
      t.database.db,
      sql`select count(*)::int as n from pgboss.job where name = 'mail.send' and data->>'to' = ${email}`,
    );
    expect(jobs[0]!.n).toBe(1);
  });

  it('requests cannot read the queued messages of other workspaces (they may only add jobs)', async () => {
    const err = await withTenant(t.database.db, { workspaceId: ws.id }, (tx) =>
      tx.execute(sql`select data from pgboss.job limit 1`),
    ).catch((e: Error & { cause?: Error }) => e);
    expect(String((err as Error & { cause?: Error }).cause?.message)).toMatch(/permission denied for table job/);
  });
});

describe('a failing SMTP server', () => {
  it('is retried with backoff until it accepts the message, which is delivered once', async () => {
    const smtp = await startSmtpReceiver({ refuseFirst: 2 });
    const t = await createTestApp({ config: { smtpUrl: smtp.url } });
    try {
      const ws = await newWorkspace(t.database.db);
      const admin = await sessionFor(t.database.db, await newUser(t.database.db, ws, { role: 'WORKSPACE_ADMIN' }));
      const email = unique();
      const res = await t.request(ws.host, {
        method: 'POST',
        url: `/api/invite/user/${ws.branchId}`,
        token: admin,
        payload: { email, firstName: 'Ravi' },
      });
      expect(res.statusCode).toBe(200);
      await smtp.waitFor(() => smtp.received.some((m) => m.to.includes(email)), 'the mail after two refusals', 45_000);
      expect(smtp.refused.filter((r) => r === email)).toHaveLength(2);
      const delivered = smtp.received.filter((m) => m.to.includes(email));
      expect(delivered).toHaveLength(1);
      // (quoted-printable: soft line breaks and `=3D` undone)
      expect(delivered[0]!.raw.replace(/=\r?\n/g, '').replaceAll('=3D', '=')).toContain('/signup?code=');
      expect(delivered[0]!.messageId).toMatch(/^<[0-9a-f-]{36}@/);
    } finally {
      await t.close();
      await smtp.close();
    }
  }, 60_000);
});

describe('several server processes on one database', () => {
  it('each message is delivered by exactly one of them', async () => {
    const database = await openTestDatabase();
    const a = captureMailer();
    const b = captureMailer();
    const sms = captureSms();
    // Started at the same moment, as replicas of a deploy are.
    const [first, second] = await Promise.all([
      startJobs({ database, mailer: a.mailer, sms: sms.sms, log: silent }),
      startJobs({ database, mailer: b.mailer, sms: sms.sms, log: silent }),
    ]);
    try {
      const jobs: NewJob[] = Array.from({ length: 200 }, (_, i) => ({
        queue: 'mail.send',
        key: `two-processes:${i}`,
        data: { workspaceId: null, to: `two-${i}@example.test`, subject: `#${i}`, text: 'x' },
      }));
      await withTenant(database.db, { workspaceId: null }, (tx) => first.enqueueAll(tx, jobs));
      // Wait until every job is settled: nothing can be delivered after that.
      await expect
        .poll(
          async () =>
            (
              await queryRows<{ n: number }>(
                database.db,
                sql`select count(*)::int as n from pgboss.job where name = 'mail.send' and state = 'completed'`,
              )
            )[0]!.n,
          { timeout: 30_000, interval: 50 },
        )
        .toBe(200);
      const all = [...a.sent, ...b.sent].map((m) => m.to);
      expect(all).toHaveLength(200);
      expect(new Set(all).size).toBe(200);
    } finally {
      await first.stop();
      await second.stop();
      await database.dispose();
    }
  }, 60_000);
});
