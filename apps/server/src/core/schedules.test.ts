import { randomUUID } from 'node:crypto';
import { eq, sql } from 'drizzle-orm';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { MODULES } from '../app.ts';
import { workspaces } from '../db/schema.ts';
import { sessionFor } from '../testing/admin-fixture.ts';
import { captureMailer, captureSms } from '../testing/capture.ts';
import { newUser, newWorkspace, type TestUser, type TestWorkspace } from '../testing/factories.ts';
import { createTestApp, openTestDatabase, type TestApp } from '../testing/test-app.ts';
import { queryRows } from './db/database.ts';
import { withPlatform } from './db/tenant.ts';
import { expandSchedules, runPurge, SCHEDULES, type Schedule, startJobs } from './jobs.ts';
import { moduleJobs } from './module.ts';

// Scheduled jobs (core/jobs.ts, `SCHEDULES`): registered in pg-boss's schedule table at start, fired
// once per occurrence across processes, and the one real schedule: the daily purge of expired rows.

const silent = { error() {}, warn() {} };

type Db = TestApp['database']['db'];

/** One row of each purged table, expired two days ago (`old`) or still valid / expired an hour ago. */
async function seedRows(db: Db, ws: TestWorkspace, user: TestUser, tag: string, old: boolean) {
  const at = old ? sql`now() - interval '2 days'` : sql`now() - interval '1 hour'`;
  await withPlatform(db, { action: 'test.seed', audit: false }, async (tx) => {
    await tx.execute(sql`insert into one_time_codes (workspace_id, purpose, target, code_hash, expires_at)
      values (${ws.id}, 'SIGNIN_EMAIL', ${tag}, ${tag}, ${at})`);
    await tx.execute(sql`insert into session_handoffs (workspace_id, id_hash, account_id, method, expires_at)
      values (${ws.id}, ${tag}, ${user.accountId}, 'PASSWORD', ${at})`);
    await tx.execute(sql`insert into oidc_logins (workspace_id, provider, state_hash, nonce, code_verifier, binding_hash, expires_at)
      values (${ws.id}, 'GOOGLE', ${tag}, 'n', 'v', 'b', ${at})`);
    await tx.execute(sql`insert into profile_image_uploads (workspace_id, token_hash, account_id, target_account_id, expires_at)
      values (${ws.id}, ${tag}, ${user.accountId}, ${user.accountId}, ${at})`);
    await tx.execute(sql`insert into rate_limit_events (key, occurred_at) values (${tag}, ${at})`);
  });
}

/** How many of the rows seeded with `tag` are left, per table. */
async function left(db: Db, tag: string) {
  return withPlatform(db, { action: 'test.read', audit: false }, async (tx) => {
    const [row] = await queryRows<{ codes: number; handoffs: number; oidc: number; uploads: number; rates: number }>(
      tx,
      sql`select
        (select count(*) from one_time_codes where target = ${tag})::int as codes,
        (select count(*) from session_handoffs where id_hash = ${tag})::int as handoffs,
        (select count(*) from oidc_logins where state_hash = ${tag})::int as oidc,
        (select count(*) from profile_image_uploads where token_hash = ${tag})::int as uploads,
        (select count(*) from rate_limit_events where key = ${tag})::int as rates`,
    );
    return row!;
  });
}

const none = { codes: 0, handoffs: 0, oidc: 0, uploads: 0, rates: 0 };
const one = { codes: 1, handoffs: 1, oidc: 1, uploads: 1, rates: 1 };

/** The audit entries of purge runs of job `id`. */
async function purgeRuns(db: Db, id: string): Promise<number> {
  const rows = await withPlatform(db, { action: 'test.read', audit: false }, (tx) =>
    queryRows<{ n: number }>(
      tx,
      sql`select count(*)::int as n from audit_log where action = 'platform.maintenance.purge' and details->>'jobId' = ${id}`,
    ),
  );
  return rows[0]!.n;
}

describe('scheduled jobs', () => {
  let t: TestApp;
  let ws: TestWorkspace;
  let user: TestUser;
  beforeAll(async () => {
    t = await createTestApp();
    ws = await newWorkspace(t.database.db);
    user = await newUser(t.database.db, ws, { role: 'EMPLOYEE' });
  });
  afterAll(() => t.close());

  it('every schedule is registered in pg-boss, with its cron and time zone', async () => {
    const rows = await queryRows<{ name: string; key: string; cron: string; timezone: string; options: object }>(
      t.database.db,
      sql`select name, key, cron, timezone, options from pgboss.schedule order by key`,
    );
    // (Per-zone schedules register one row per zone of the active workspaces: tested below.) Core's
    // and the modules' (the main module's daily purge of retired workspaces, issue 23).
    const all = moduleJobs(MODULES).schedules.filter((s) => !s.perWorkspaceZone);
    expect(all.map((s) => s.name)).toEqual(
      expect.arrayContaining(SCHEDULES.filter((s) => !s.perWorkspaceZone).map((s) => s.name)),
    );
    expect(rows.filter((r) => !r.key.includes('/')).sort((a, b) => (a.key < b.key ? -1 : 1))).toEqual(
      [...all]
        .sort((a, b) => (a.name < b.name ? -1 : 1))
        .map((s) => expect.objectContaining({ name: s.queue, key: s.name, cron: s.cron, timezone: s.tz ?? 'UTC' })),
    );
    expect(rows.find((r) => r.key === 'maintenance.purge')).toMatchObject({
      cron: '0 3 * * *',
      timezone: 'Asia/Kolkata',
      options: { singletonKey: 'schedule:maintenance.purge', singletonSeconds: 60, missed: 'once' },
    });
  });

  it('the purge deletes only rows expired more than a day ago, and audits its counts', async () => {
    const oldTag = `old-${randomUUID()}`;
    const freshTag = `fresh-${randomUUID()}`;
    await seedRows(t.database.db, ws, user, oldTag, true);
    await seedRows(t.database.db, ws, user, freshTag, false);
    const jobId = randomUUID();
    const counts = await runPurge(t.database, jobId);
    expect(counts.oneTimeCodes).toBeGreaterThanOrEqual(1);
    expect(counts.rateLimitEvents).toBeGreaterThanOrEqual(1);
    expect(await left(t.database.db, oldTag)).toEqual(none);
    expect(await left(t.database.db, freshTag)).toEqual(one);
    expect(await purgeRuns(t.database.db, jobId)).toBe(1);
  });

  it("the schedule's job, sent to its queue, runs the purge through the worker", async () => {
    const oldTag = `old-${randomUUID()}`;
    const freshTag = `fresh-${randomUUID()}`;
    await seedRows(t.database.db, ws, user, oldTag, true);
    await seedRows(t.database.db, ws, user, freshTag, false);
    const id = await fireOnce(t.database.db, () => t.app.deps.jobs.fire('maintenance.purge'));
    await expect.poll(() => left(t.database.db, oldTag), { timeout: 20_000 }).toEqual(none);
    await expect.poll(() => purgeRuns(t.database.db, id), { timeout: 20_000 }).toBe(1);
    expect(await left(t.database.db, freshTag)).toEqual(one);
  });
});

/**
 * Fires twice in one minute (the firing's slot): the first answers a job id, the second null. Tried
 * again when the two calls fell on either side of a minute boundary (two firings, each legitimate).
 */
async function fireTwice(a: () => Promise<string | null>, b: () => Promise<string | null>, db: Db) {
  for (let attempt = 0; attempt < 3; attempt++) {
    const before = await dbMinute(db);
    const first = await a();
    const second = await b();
    if ((await dbMinute(db)) !== before) continue;
    return { first, second };
  }
  throw new Error('could not fire twice within one minute');
}

/** Fires the purge: its job's id, or (at 03:00 in India, when the cron fired it this minute) the cron's job's. */
async function fireOnce(db: Db, fire: () => Promise<string | null>): Promise<string> {
  const id = await fire();
  if (id) return id;
  const rows = await queryRows<{ id: string }>(
    db,
    sql`select id from pgboss.job where name = 'maintenance.purge' and singleton_key = 'schedule:maintenance.purge'
          order by created_on desc limit 1`,
  );
  return rows[0]!.id;
}

async function dbMinute(db: Db): Promise<string> {
  const rows = await queryRows<{ m: string }>(db, sql`select date_trunc('minute', pgboss.job_now())::text as m`);
  return rows[0]!.m;
}

describe('one firing runs once across processes', () => {
  it('two servers firing the same schedule in the same minute make one job and one run', async () => {
    const database = await openTestDatabase();
    const sms = captureSms();
    const [a, b] = await Promise.all([
      startJobs({ database, mailer: captureMailer().mailer, sms: sms.sms, log: silent }),
      startJobs({ database, mailer: captureMailer().mailer, sms: sms.sms, log: silent }),
    ]);
    try {
      const { first, second } = await fireTwice(
        () => a.fire('maintenance.purge'),
        () => b.fire('maintenance.purge'),
        database.db,
      );
      expect(first).toEqual(expect.any(String));
      expect(second).toBeNull();
      await expect.poll(() => purgeRuns(database.db, first!), { timeout: 20_000 }).toBe(1);
      const jobs = await queryRows<{ n: number }>(
        database.db,
        sql`select count(*)::int as n from pgboss.job where name = 'maintenance.purge'
              and singleton_on = (select singleton_on from pgboss.job where id = ${first})`,
      );
      expect(jobs[0]!.n).toBe(1);
    } finally {
      await Promise.all([a.stop(), b.stop()]);
      await database.dispose();
    }
  });
});

describe('schedules per workspace time zone', () => {
  /** 09:00 where each workspace is (the next modules' daily reminders). */
  const daily: Schedule = {
    name: 'test.zoned-daily',
    cron: '0 9 * * *',
    queue: 'maintenance.purge',
    data: {},
    perWorkspaceZone: true,
  };

  it('expand to one registration per distinct zone, keyed by the zone, the zone in the data', () => {
    const purge = SCHEDULES.find((s) => s.name === 'maintenance.purge')!;
    const regs = expandSchedules([purge, daily], ['Asia/Kolkata', 'America/Toronto', 'Asia/Kolkata']);
    expect(regs.map(({ key, tz, data }) => ({ key, tz, data }))).toEqual([
      { key: 'maintenance.purge', tz: 'Asia/Kolkata', data: {} },
      { key: 'test.zoned-daily/America/Toronto', tz: 'America/Toronto', data: { timeZone: 'America/Toronto' } },
      { key: 'test.zoned-daily/Asia/Kolkata', tz: 'Asia/Kolkata', data: { timeZone: 'Asia/Kolkata' } },
    ]);
    expect(expandSchedules([daily], [])).toEqual([]);
  });

  it('register one pg-boss schedule per zone of the active workspaces, follow a zone change, and fire per zone', async () => {
    const database = await openTestDatabase();
    const db = database.db;
    const zoned = async () =>
      queryRows<{ key: string; cron: string; timezone: string; data: object; options: object }>(
        db,
        sql`select key, cron, timezone, data, options from pgboss.schedule where key like 'test.zoned-daily/%' order by key`,
      );
    // Workspaces in Kolkata (the default) and Toronto, and one in Vancouver.
    await newWorkspace(db);
    await newWorkspace(db, { country: 'CA', timeZone: 'America/Toronto' });
    const west = await newWorkspace(db, { country: 'CA', timeZone: 'America/Vancouver' });
    const jobs = await startJobs({
      database,
      mailer: captureMailer().mailer,
      sms: captureSms().sms,
      log: silent,
      schedules: [...SCHEDULES, daily],
    });
    try {
      expect(await zoned()).toEqual(
        ['America/Toronto', 'America/Vancouver', 'Asia/Kolkata'].map((zone) => ({
          key: `test.zoned-daily/${zone}`,
          cron: '0 9 * * *',
          timezone: zone,
          data: { timeZone: zone },
          options: expect.objectContaining({ singletonKey: `schedule:test.zoned-daily/${zone}` }),
        })),
      );
      // The only workspace in Vancouver moves to Winnipeg: Vancouver's schedule goes, Winnipeg's comes.
      await withPlatform(db, { action: 'test.zone', audit: false }, (tx) =>
        tx.update(workspaces).set({ timeZone: 'America/Winnipeg' }).where(eq(workspaces.id, west.id)),
      );
      await jobs.syncSchedules();
      expect((await zoned()).map((r) => r.timezone)).toEqual(['America/Toronto', 'America/Winnipeg', 'Asia/Kolkata']);
      // The purge stays one schedule, in Kolkata.
      const purge = await queryRows<{ key: string; timezone: string }>(
        db,
        sql`select key, timezone from pgboss.schedule where key = 'maintenance.purge'`,
      );
      expect(purge).toEqual([{ key: 'maintenance.purge', timezone: 'Asia/Kolkata' }]);
      // A firing carries its zone, and is once per zone and minute.
      await expect(jobs.fire('test.zoned-daily')).rejects.toThrow(/per time zone/);
      const id = await jobs.fire('test.zoned-daily', 'America/Toronto');
      const [job] = await queryRows<{ data: object; singleton_key: string }>(
        db,
        sql`select data, singleton_key from pgboss.job where id = ${id}`,
      );
      expect(job).toEqual({
        data: { timeZone: 'America/Toronto' },
        singleton_key: 'schedule:test.zoned-daily/America/Toronto',
      });
    } finally {
      await jobs.stop();
      await database.dispose();
    }
  });

  it("a workspace's time-zone change in Settings registers the new zone at once", async () => {
    // Workspaces in Kolkata and Toronto before the server starts (it registers their zones then).
    const database = await openTestDatabase();
    const ws2 = await newWorkspace(database.db);
    await newWorkspace(database.db, { country: 'CA', timeZone: 'America/Toronto' });
    const t2 = await createTestApp({ database, schedules: [...SCHEDULES, daily] });
    try {
      const admin = await sessionFor(t2.database.db, await newUser(t2.database.db, ws2, { role: 'WORKSPACE_ADMIN' }));
      const zones = async () =>
        (
          await queryRows<{ timezone: string }>(
            t2.database.db,
            sql`select timezone from pgboss.schedule where key like 'test.zoned-daily/%' order by key`,
          )
        ).map((r) => r.timezone);
      expect(await zones()).toEqual(['America/Toronto', 'Asia/Kolkata']);
      const res = await t2.request(ws2.host, {
        method: 'PUT',
        url: '/api/workspace/settings',
        token: admin,
        payload: { timeZone: 'America/Regina' },
      });
      expect(res.statusCode, res.body).toBe(200);
      // Kolkata's only workspace moved to Regina: Regina's schedule comes, Kolkata's goes.
      expect(await zones()).toEqual(['America/Regina', 'America/Toronto']);
    } finally {
      await t2.close();
      await database.dispose();
    }
  });
});
