import { createHash, randomUUID } from 'node:crypto';
import { sql } from 'drizzle-orm';
import { fromDrizzle, fromPglite, type Job, type JobResult, PgBoss, type SendOptions, type WorkOptions } from 'pg-boss';
import { writeAuditEntries } from './audit.ts';
import type { Database, Tx } from './db/database.ts';
import { APP_ROLE, PLATFORM_ROLE, withPlatform } from './db/tenant.ts';
import { deliverable, type Mailer, type MailJobData, type MailMessage, settleEach } from './mail.ts';
import { purgeExpired } from './maintenance.repo.ts';
import type { SmsMessage, SmsSender } from './sms.ts';
import { activeWorkspaceZones } from './time-zone.repo.ts';

/**
 * Durable jobs (pg-boss, in the `pgboss` schema of the application's own database, on PostgreSQL and
 * on PGlite). A job is written in the transaction of the change that causes it, so the two commit
 * together or not at all; workers in every server process deliver it, retrying with exponential
 * backoff. See docs/jobs.md ("how to add a job").
 */

/** The schema pg-boss keeps its tables in. */
export const JOBS_SCHEMA = 'pgboss';

/**
 * Every queue, with the data its jobs carry: core's own here; each module adds its queues by
 * declaration merging beside its definition (see docs/jobs.md), e.g.
 *
 * ```ts
 * declare module '../../core/jobs.ts' { interface Queues extends CasesQueues {} }
 * ```
 */
export interface Queues {
  'mail.send': MailJobData & { ref?: JobRef };
  'sms.send': SmsMessage & { ref?: JobRef };
  /** Daily: deletes expired one-time codes, hand-offs, OpenID logins, upload URLs and rate-limit events. */
  'maintenance.purge': Record<string, never>;
}

/** A logger as jobs use it (pino's, or a test's). */
export type JobLog = {
  error(obj: object, msg: string): void;
  warn(obj: object, msg: string): void;
  info?(obj: object, msg: string): void;
  debug?(obj: object, msg: string): void;
};

/**
 * A queue's worker as the machinery sees it: `run` does one job (core/module.ts makes these from
 * the modules' definitions: payload parsed, handler called with its job context). A worker whose
 * queue hears a core event (`event`) gets a job whenever that event is emitted (`Jobs.emitInTx`).
 */
export type QueueWorker = {
  queue: string;
  /** Jobs a worker takes at once (default 1). */
  batchSize?: number;
  /** The core event (core/events.ts) this queue hears, if it is a subscription. */
  event?: string;
  run: (data: unknown, jobId: string, log: JobLog) => Promise<void>;
};

/**
 * The record a message belongs to (an invitation, later a reminder…), so that its delivery state can
 * be shown there. `version` tells one sending of the record from the next (an invitation's send
 * count): the outcome of a superseded message is not recorded.
 */
export type JobRef = { kind: string; workspaceId: string; id: string; version: number };
/** The outcome of one delivery attempt; `error` is short and carries no secret. */
export type DeliveryOutcome = { ok: true } | { ok: false; error: string };
/** One delivery attempt's outcome, for the record its job refers to. */
export type Delivery = { ref: JobRef; outcome: DeliveryOutcome };
/**
 * Records delivery attempts' outcomes on the records their jobs refer to, a worker's batch at a time
 * (runs as the owner, outside any request).
 */
export type DeliveryRecorder = (deliveries: Delivery[]) => Promise<void>;

/** A failure's reason fit to show an administrator: one line, at most 300 characters, no credentials in URLs. */
export function deliveryError(err: unknown): string {
  const text = err instanceof Error ? err.message : String(err);
  return text
    .replace(/\/\/[^\s/@]+@/g, '//')
    .replace(/\s+/g, ' ')
    .trim()
    .slice(0, 300);
}
export type QueueName = keyof Queues & string;
/** Core's own queues (modules bring theirs: `ModuleDefinition.queues`). */
const CORE_QUEUES = ['mail.send', 'sms.send', 'maintenance.purge'] as const satisfies QueueName[];

/**
 * Scheduled (cron) work: pg-boss fires each schedule once per occurrence across every server process
 * on the database, by sending `data` to `queue`, whose worker does the work. `cron` is read in `tz`
 * (an IANA zone, default UTC). Registered at every start (an upsert); a schedule removed from this
 * list is unscheduled. See docs/jobs.md, "Scheduled jobs", and docs/time.md.
 *
 * With `perWorkspaceZone`, `cron` is read in each workspace's time zone instead of `tz`: the schedule
 * is registered once per distinct zone of the active workspaces (key `name/zone`), so "09:00" fires at
 * 09:00 in Kolkata and again at 09:00 in Toronto, and its job's data carries `timeZone`; the worker
 * works on the workspaces in that zone (`activeWorkspacesInZone`). The zones are read at start and
 * again when a workspace's zone changes (`jobs.syncSchedules()`).
 */
export type Schedule = {
  [Q in QueueName]: {
    name: string;
    cron: string;
    tz?: string;
    queue: Q;
    data: Queues[Q];
    /** An occurrence missed while no server ran: `once` (default) fires one job for the gap at the next pass; `skip` none. */
    missed?: 'once' | 'skip';
    /** Fire at `cron` in every distinct time zone of the active workspaces (one registration per zone). */
    perWorkspaceZone?: boolean;
    /**
     * Also fire once when a server starts (main.ts, after the demo data and the demo catalogue are
     * in): work that must not wait for the first cron, such as filling a fresh database's registers.
     * Not for a per-zone schedule.
     */
    atStart?: boolean;
  };
}[QueueName];

/** One pg-boss schedule: a schedule as written, or one zone's copy of a per-zone schedule. */
export type ScheduleRegistration = { schedule: Schedule; key: string; tz: string; data: object };

/**
 * The key of a per-zone schedule's registration for `zone`: `name/zone` (pg-boss keys allow letters,
 * digits, `_-./`; the `+` of a zone such as `Etc/GMT+5` is written `_plus_`).
 */
export const zonedScheduleKey = (name: string, zone: string) => `${name}/${zone.replaceAll('+', '_plus_')}`;

/** The pg-boss schedules `schedules` make, given the workspaces' distinct `zones`. */
export function expandSchedules(schedules: readonly Schedule[], zones: readonly string[]): ScheduleRegistration[] {
  const distinct = [...new Set(zones)].sort();
  return schedules.flatMap((s): ScheduleRegistration[] =>
    s.perWorkspaceZone
      ? distinct.map((zone) => ({
          schedule: s,
          key: zonedScheduleKey(s.name, zone),
          tz: zone,
          data: { ...s.data, timeZone: zone },
        }))
      : [{ schedule: s, key: s.name, tz: s.tz ?? 'UTC', data: s.data }],
  );
}

/** Core's own schedules (modules bring theirs: `ModuleDefinition.schedules`). */
export const SCHEDULES: readonly Schedule[] = [
  // 03:00 in India, the quiet hour of the platform's first workspaces.
  { name: 'maintenance.purge', cron: '0 3 * * *', tz: 'Asia/Kolkata', queue: 'maintenance.purge', data: {} },
];

/** How long one firing's idempotency slot is: a firing is its schedule's name and its minute. */
const FIRING_SLOT_SECONDS = 60;

/**
 * The options a schedule's job is sent with: its idempotency key is the schedule's name in the
 * minute it is sent (pg-boss's throttle: one job per key and slot), so a firing forwarded twice (a
 * process that crashed while forwarding it, two processes, an operator's `fire`) runs once.
 */
function firingOptions(key: string): SendOptions {
  return { singletonKey: `schedule:${key}`, singletonSeconds: FIRING_SLOT_SECONDS };
}

/**
 * How long a delivery may take at most before it is failed and retried: well above the mail
 * transport's own time-outs (see core/mail.ts), so a slow send is not retried while still running.
 */
const DELIVERY_EXPIRE_SECONDS = 60;

/**
 * A worker refreshes its running jobs' heartbeat every 5 s; a job whose worker died (a crash,
 * `kill -9`) misses it and is retried after about this many seconds (plus the supervision interval).
 */
const HEARTBEAT_SECONDS = 10;

/** Retries and backoff: 1 s, 2 s, 4 s … up to 10 minutes between attempts, 12 retries (about an hour). */
const QUEUE_OPTIONS = {
  expireInSeconds: DELIVERY_EXPIRE_SECONDS,
  retryLimit: 12,
  retryDelay: 1,
  retryBackoff: true,
  retryDelayMax: 600,
  // Jobs carry the message (sign-in codes too): keep finished ones a day only.
  deleteAfterSeconds: 24 * 3600,
  notify: true,
} as const;

/**
 * Mail jobs a worker takes at once, and batches a process works on at the same time. A batch is
 * settled together after it is sent (its outcomes recorded in one statement per workspace), so a
 * crash may send the batches in flight twice (each message with its Message-ID): SMTP batches are
 * kept smaller than outbox ones for that reason (their per-batch cost is small beside SMTP's per
 * message); the outbox, where a duplicate costs nothing, gains most from larger ones. See docs/jobs.md.
 */
export const MAIL_BATCH_SIZE = { smtp: 50, outbox: 250 } as const;
export const MAIL_BATCHES_AT_ONCE = 2;

/** How often pg-boss looks for jobs whose worker died (expired) and retries them, in seconds. */
const SUPERVISE_SECONDS = 10;

export type EnqueueOptions = {
  /**
   * The message's idempotency key, unique per message (for example `invitation:<id>:<sendCount>`).
   * The job's id is derived from it, so enqueueing the same key twice keeps one job; mail carries
   * that id as its Message-ID, so a receiver can tell a re-delivery after a crash.
   */
  key: string;
};

/** One job to write: its queue, data and idempotency key. */
export type NewJob = { [Q in QueueName]: { queue: Q; data: Queues[Q]; key: string } }[QueueName];

export type Jobs = {
  /** Writes a job in `tx`: it exists if and only if the transaction commits. */
  enqueue<Q extends QueueName>(tx: Tx, queue: Q, data: Queues[Q], opts: EnqueueOptions): Promise<void>;
  /** Writes many jobs in `tx` (one statement per queue, for bulk imports). */
  enqueueAll(tx: Tx, jobs: NewJob[]): Promise<void>;
  /**
   * Writes one job per queue that hears `event`, in `tx`, so the subscribers hear of the change if
   * and only if it commits. Services call the typed `emit` of core/events.ts.
   */
  emitInTx(tx: Tx, event: string, payload: object): Promise<void>;
  /**
   * Sends the schedule's job now, as its cron would (with the firing's idempotency key): answers
   * the job's id, or null when this minute's firing of the schedule exists already. A per-zone
   * schedule needs the `zone` whose firing to send.
   */
  fire(name: string, zone?: string): Promise<string | null>;
  /** Registers the schedules again for the workspaces' current time zones (after a zone changes). */
  syncSchedules(): Promise<void>;
  /** Stops fetching new jobs, waits (up to `timeoutMs`) for running ones, then closes. */
  stop(timeoutMs?: number): Promise<void>;
};

type DrizzleTx = Parameters<typeof fromDrizzle>[0];

/** A job id (uuid) derived from the idempotency key and queue. */
export function jobIdFor(queue: string, key: string): string {
  const h = createHash('sha256').update(`${queue}\0${key}`).digest('hex');
  return `${h.slice(0, 8)}-${h.slice(8, 12)}-4${h.slice(13, 16)}-a${h.slice(17, 20)}-${h.slice(20, 32)}`;
}

function newBoss(database: Database, opts: { supervise: boolean; log?: (err: unknown) => void }): PgBoss {
  const common = {
    schema: JOBS_SCHEMA,
    migrate: true,
    supervise: opts.supervise,
    superviseIntervalSeconds: SUPERVISE_SECONDS,
    // The scheduler (cron passes every 30 s, a clock-skew check against the database every 10 min)
    // runs in the servers only, beside the workers; `installJobs` only writes the schedules.
    schedule: opts.supervise,
    useListenNotify: true,
  };
  const boss =
    database.engine === 'pglite'
      ? new PgBoss({ ...common, db: fromPglite(database.pglite!), backend: 'pglite' })
      : new PgBoss({ ...common, connectionString: database.url!, max: 4, application_name: 'compliance-jobs' });
  boss.on('error', (err) => opts.log?.(err));
  return boss;
}

/** What a process's jobs are besides core's: the modules' queue workers (core/module.ts) and every schedule. */
export type JobSetup = {
  /** The modules' queues, event subscriptions included (`moduleJobs` of core/module.ts). */
  workers?: readonly QueueWorker[];
  /** Every schedule to register (core's `SCHEDULES` and the modules'); `SCHEDULES` by default. */
  schedules?: readonly Schedule[];
};

/** Every queue name of a setup: core's and the modules'. */
function queueNames(setup: JobSetup): string[] {
  return [...CORE_QUEUES, ...(setup.workers ?? []).map((w) => w.queue)];
}

/**
 * Creates (or migrates) the jobs schema and the queues, and lets the application's roles write jobs
 * in their transactions. Idempotent; run at every start (and once for the test template).
 */
export async function installJobs(database: Database, setup: JobSetup = {}): Promise<void> {
  const boss = newBoss(database, { supervise: false });
  await boss.start();
  try {
    await createQueues(boss, queueNames(setup));
    await registerSchedules(boss, database, setup.schedules ?? SCHEDULES);
  } finally {
    await boss.stop({ graceful: false, close: true });
  }
}

async function createQueues(boss: PgBoss, names: readonly string[]): Promise<void> {
  const existing = new Set((await boss.getQueues()).map((q) => q.name));
  for (const name of names) {
    // (pg-boss cannot change a queue's heartbeat later: it is set when the queue is created.)
    if (existing.has(name)) await boss.updateQueue(name, QUEUE_OPTIONS);
    else {
      try {
        await boss.createQueue(name, { ...QUEUE_OPTIONS, heartbeatSeconds: HEARTBEAT_SECONDS });
      } catch (err) {
        // Another server starting at the same moment created it first.
        if (!(await boss.getQueue(name))) throw err;
      }
    }
  }
}

/**
 * Writes every schedule of `schedules` (pg-boss upserts it; a per-zone one once per workspace time
 * zone) and removes the ones no longer listed (a zone no active workspace has any more, too).
 */
async function registerSchedules(boss: PgBoss, database: Database, schedules: readonly Schedule[]): Promise<void> {
  const zones = schedules.some((s) => s.perWorkspaceZone)
    ? await withPlatform(database.db, { action: 'jobs.zones', audit: false }, activeWorkspaceZones)
    : [];
  const registrations = expandSchedules(schedules, zones);
  for (const r of registrations) {
    await boss.schedule(r.schedule.queue, r.schedule.cron, r.data, {
      ...firingOptions(r.key),
      tz: r.tz,
      key: r.key,
      missed: r.schedule.missed ?? 'once',
    });
  }
  const wanted = new Set(registrations.map((r) => `${r.schedule.queue}\0${r.key}`));
  for (const row of await boss.getSchedules()) {
    if (!wanted.has(`${row.name}\0${row.key}`)) await boss.unschedule(row.name, row.key);
  }
}

/**
 * Requests run as the application role (or the platform role), which owns nothing: they may read the
 * queue list and insert jobs (returning the id), nothing else — the jobs of other workspaces stay
 * unreadable to them.
 */
async function grantEnqueue(database: Database): Promise<void> {
  // One server at a time: PostgreSQL refuses two concurrent GRANTs on one object ("tuple concurrently updated").
  await database.db.transaction(async (tx) => {
    await tx.execute(sql`select pg_advisory_xact_lock(hashtext('compliance.jobs.grants'))`);
    for (const role of [APP_ROLE, PLATFORM_ROLE]) {
      await tx.execute(sql.raw(`GRANT USAGE ON SCHEMA ${JOBS_SCHEMA} TO ${role}`));
      await tx.execute(sql.raw(`GRANT SELECT ON ${JOBS_SCHEMA}.queue TO ${role}`));
      // Queues without a partition of their own write to job_common.
      for (const table of ['job', 'job_common']) {
        await tx.execute(sql.raw(`GRANT INSERT, SELECT (id, start_after) ON ${JOBS_SCHEMA}.${table} TO ${role}`));
      }
    }
  });
}

/** How a process's workers take jobs: batches of 10, fetched back to back while they come full; two at a time. */
const WORK_OPTIONS = {
  batchSize: 10,
  localConcurrency: 2,
  burstWhenBatchFull: true,
  pollingIntervalSeconds: 2,
  // New jobs wake the workers at once (NOTIFY); this poll finds retries whose backoff has passed.
  notifyPollingIntervalSeconds: 5,
  // The handler answers each job's outcome: pg-boss completes the delivered ones in one statement
  // and fails the others (each with its error, to retry) in another.
  perJobResults: true,
} as const satisfies WorkOptions;

/** One batch's outcome per job, in its order: null when done, else the error that kept it from being done. */
type Outcomes = Array<Error | null>;

const asError = (err: unknown) => (err instanceof Error ? err : new Error(String(err)));

/** One job at a time, in order: the batch's outcomes as `batchWorker` wants them. */
export function oneByOne<T>(run: (job: T) => Promise<unknown>) {
  return async (batch: T[]): Promise<Outcomes> => {
    const outcomes: Outcomes = [];
    for (const job of batch) {
      try {
        await run(job);
        outcomes.push(null);
      } catch (err) {
        outcomes.push(asError(err));
      }
    }
    return outcomes;
  };
}

/**
 * A queue's batch handler: `deliver` does the batch's work and answers its outcomes. The outcomes
 * of the jobs that name a record (`data.ref`) are then recorded in one call; then pg-boss settles
 * the batch together: the jobs done are completed, and only the failed ones are failed and retried.
 */
function batchWorker<T>(
  queue: string,
  log: JobLog,
  record: (deliveries: Delivery[]) => Promise<void>,
  deliver: (batch: Job<T>[]) => Promise<Outcomes>,
) {
  return async (batch: Job<T>[]): Promise<JobResult[]> => {
    let outcomes: Outcomes;
    try {
      outcomes = await deliver(batch);
    } catch (err) {
      outcomes = batch.map(() => asError(err));
    }
    const deliveries: Delivery[] = [];
    const results = batch.map((job, i): JobResult => {
      const err = outcomes[i] ?? null;
      if (err) log.warn({ err, queue, jobId: job.id }, 'delivery failed; will retry');
      const ref = (job.data as { ref?: JobRef }).ref;
      if (ref) deliveries.push({ ref, outcome: err ? { ok: false, error: deliveryError(err) } : { ok: true } });
      return err
        ? { id: job.id, status: 'failed', output: { message: err.message } }
        : { id: job.id, status: 'completed' };
    });
    await record(deliveries);
    return results;
  };
}

/** What the workers of a process share. */
type Workers = {
  boss: PgBoss;
  log: JobLog;
  record: (deliveries: Delivery[]) => Promise<void>;
};

/**
 * Core's delivery queues. Mail goes out a batch at a time (MAIL_BATCH_SIZE jobs; MAIL_BATCHES_AT_ONCE
 * per process): the outbox writes a batch's rows in one statement per workspace, SMTP sends it in
 * parallel over a pool of connections (core/mail.ts). The job's id (derived from the idempotency key)
 * is the mail's Message-ID; a crash re-delivers the batches in flight, each message with its
 * Message-ID. Registering a worker also loads the queue into pg-boss's cache, which `enqueue` needs:
 * inside a transaction on PGlite, pg-boss must not query through its own (the single) connection.
 */
async function workDeliveries(w: Workers, mailer: Mailer, sms: SmsSender): Promise<void> {
  await w.boss.work(
    'mail.send',
    { ...WORK_OPTIONS, batchSize: MAIL_BATCH_SIZE[mailer.kind], localConcurrency: MAIL_BATCHES_AT_ONCE },
    batchWorker<Queues['mail.send']>('mail.send', w.log, w.record, async (batch) => {
      // A message that cannot be made (its HTML) fails alone; the others are sent.
      const made = batch.map(({ data: { ref: _, ...m }, id }): MailMessage | Error => {
        try {
          return { ...deliverable(m), key: id };
        } catch (err) {
          return asError(err);
        }
      });
      const messages = made.filter((m): m is MailMessage => !(m instanceof Error));
      const sent = mailer.sendMany
        ? await mailer.sendMany(messages)
        : await settleEach(messages, (m) => mailer.send(m));
      let k = 0;
      return made.map((m) => (m instanceof Error ? m : (sent[k++] ?? null)));
    }),
  );
  await w.boss.work(
    'sms.send',
    WORK_OPTIONS,
    batchWorker<Queues['sms.send']>(
      'sms.send',
      w.log,
      w.record,
      oneByOne(({ data: { ref: _, ...m }, id }) => sms.send({ ...m, key: id })),
    ),
  );
}

/** Core's daily purge, one job at a time. */
async function workPurge(w: Workers, database: Database): Promise<void> {
  await w.boss.work(
    'maintenance.purge',
    { ...WORK_OPTIONS, batchSize: 1, localConcurrency: 1 },
    batchWorker(
      'maintenance.purge',
      w.log,
      w.record,
      oneByOne(async ({ id }: Job<object>) => {
        const counts = await runPurge(database, id);
        w.log.info?.({ jobId: id, ...counts }, 'maintenance.purge: expired rows deleted');
      }),
    ),
  );
}

/** The modules' queues: one job at a time unless the queue says otherwise. */
async function workModuleQueues(w: Workers, workers: readonly QueueWorker[]): Promise<void> {
  for (const q of workers) {
    await w.boss.work(
      q.queue,
      { ...WORK_OPTIONS, batchSize: q.batchSize ?? 1, localConcurrency: 1 },
      batchWorker(
        q.queue,
        w.log,
        w.record,
        oneByOne(({ data, id }: Job<unknown>) => q.run(data, id, w.log)),
      ),
    );
  }
}

/** The `Jobs` of a started pg-boss: enqueue and emit in a transaction, fire schedules, stop. */
function jobsApi(
  boss: PgBoss,
  database: Database,
  schedules: readonly Schedule[],
  workers: readonly QueueWorker[],
): Jobs {
  let stopped = false;
  const insertAll = async (tx: Tx, jobs: Array<{ queue: string; data: object; key: string }>) => {
    const db = fromDrizzle(tx as unknown as DrizzleTx, sql);
    const byQueue = new Map<string, Map<string, object>>();
    for (const job of jobs) {
      const batch = byQueue.get(job.queue) ?? new Map<string, object>();
      batch.set(jobIdFor(job.queue, job.key), job.data);
      byQueue.set(job.queue, batch);
    }
    for (const [queue, batch] of byQueue) {
      const rows = [...batch].map(([id, data]) => ({ id, data }));
      for (let i = 0; i < rows.length; i += 1000) await boss.insert(queue, rows.slice(i, i + 1000), { db });
    }
  };
  const enqueueAll = (tx: Tx, jobs: NewJob[]) =>
    insertAll(tx, jobs as Array<{ queue: string; data: object; key: string }>);
  return {
    enqueue: (tx, queue, data, { key }) => enqueueAll(tx, [{ queue, data, key } as NewJob]),
    enqueueAll,
    async emitInTx(tx, event, payload) {
      const listeners = workers.filter((q) => q.event === event);
      if (!listeners.length) return;
      // Every event is a new message: its key is its own id (random), one job per subscriber.
      const key = `event:${event}:${randomUUID()}`;
      await insertAll(
        tx,
        listeners.map((q) => ({ queue: q.queue, data: payload, key })),
      );
    },
    async fire(name, zone) {
      const s = schedules.find((x) => x.name === name);
      if (!s) throw new Error(`no schedule named ${name}`);
      if (s.perWorkspaceZone && !zone) throw new Error(`schedule ${name} fires per time zone: name the zone`);
      const [r] = expandSchedules([s], zone ? [zone] : []);
      return boss.send(s.queue, r!.data, firingOptions(r!.key));
    },
    async syncSchedules() {
      if (!stopped) await registerSchedules(boss, database, schedules);
    },
    async stop(timeoutMs = 10_000) {
      if (stopped) return;
      stopped = true;
      await boss.stop({ graceful: true, timeout: timeoutMs, close: true });
    },
  };
}

/**
 * Starts pg-boss for the server: installs or migrates its schema, creates the queues (core's and the
 * modules', event subscriptions included), registers the schedules, then runs every queue's workers.
 * Every server process runs them; pg-boss hands each job to one.
 */
export async function startJobs(
  opts: JobSetup & {
    database: Database;
    mailer: Mailer;
    sms: SmsSender;
    log: JobLog;
    /** Records each attempt's outcome on the record a job refers to (`ref`), if it names one. */
    recordDelivery?: DeliveryRecorder;
  },
): Promise<Jobs> {
  const { database, log, recordDelivery } = opts;
  const schedules = opts.schedules ?? SCHEDULES;
  const moduleWorkers = opts.workers ?? [];
  const boss = newBoss(database, { supervise: true, log: (err) => log.error({ err }, 'job queue error') });
  await boss.start();
  await createQueues(boss, queueNames(opts));
  await registerSchedules(boss, database, schedules);
  await grantEnqueue(database);

  const workers: Workers = {
    boss,
    log,
    // A failure to record the state must not fail (and so repeat) a delivery that happened.
    async record(deliveries) {
      if (!deliveries.length || !recordDelivery) return;
      try {
        await recordDelivery(deliveries);
      } catch (err) {
        log.error({ err, refs: deliveries.slice(0, 10).map((d) => d.ref) }, 'could not record the delivery state');
      }
    },
  };
  await workDeliveries(workers, opts.mailer, opts.sms);
  await workPurge(workers, database);
  await workModuleQueues(workers, moduleWorkers);
  return jobsApi(boss, database, schedules, moduleWorkers);
}

/**
 * The daily purge: deletes expired rows in a platform transaction (every workspace), audited as
 * `platform.maintenance.purge` with the job's id and the counts.
 */
export async function runPurge(database: Database, jobId: string) {
  return withPlatform(database.db, { action: 'maintenance.purge', audit: false }, async (tx) => {
    const counts = await purgeExpired(tx);
    await writeAuditEntries(tx, {
      workspaceId: null,
      action: 'platform.maintenance.purge',
      details: { jobId, ...counts },
    });
    return counts;
  });
}
