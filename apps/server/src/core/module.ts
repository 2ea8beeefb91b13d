import type { FastifyPluginAsync } from 'fastify';
import type { z } from 'zod';
import { type AuditActions, registerAuditActions } from './audit.ts';
import type { Deps } from './context.ts';
import { type CoreEvents, EVENT_PAYLOADS, type EventName, subscriptionQueue } from './events.ts';
import { type JobRun, jobRun } from './job-context.ts';
import {
  type DeliveryRecorder,
  type QueueName,
  type Queues,
  type QueueWorker,
  SCHEDULES,
  type Schedule,
} from './jobs.ts';

/**
 * One queue of a module: its payload's schema (checked before the handler runs: a job whose data
 * does not parse fails, and is retried, rather than running on bad data), its handler and how many
 * jobs a worker takes at once (default 1). The data type joins core's `Queues` by declaration
 * merging beside the module's definition.
 */
export type QueueDefinition<Q extends QueueName> = {
  payload: z.ZodType<Queues[Q]>;
  handler: (data: Queues[Q], job: JobRun) => Promise<void>;
  batchSize?: number;
};
/** A module's queues, by name (each a key of `Queues`, starting with the module's name). */
export type QueueDefinitions = { [Q in QueueName]?: QueueDefinition<Q> };

/** A module's handler of one core event: runs as a job of its own (queue `<module>.on.<event>`), retried. */
export type EventHandler<E extends EventName> = (payload: CoreEvents[E], job: JobRun) => Promise<void>;
/** A module's subscriptions, by event. */
export type EventSubscriptions = { [E in EventName]?: EventHandler<E> };

/**
 * A module (a service: main, lms, cms — later policies, the register, cases) registers itself with
 * one definition, which `app.ts` lists; core names none of them. See docs/foundations.md, "How to
 * add a module".
 */
export type ModuleDefinition = {
  /** The module's name: its `SERVICES` switch, and the prefix of its queues (`<name>.…`). */
  name: string;
  /**
   * The `SERVICES` switch that runs it, when that is not its name: a shared module (escalation
   * settings) runs with the service whose API it extends.
   */
  service?: string;
  /**
   * Its HTTP API: a Fastify plugin mounted at `prefix` behind the caller check (host, session,
   * area switch and permission of each route's config).
   */
  api?: { prefix: string; routes: FastifyPluginAsync };
  /**
   * Routes that answer before any caller check, at the root (they carry their own credential, such
   * as a signed link on another origin). Rare: say why beside them.
   */
  openRoutes?: FastifyPluginAsync<{ deps: Deps }>;
  /** Its queues: payload schema and handler each (their data types in `Queues`, by declaration merging). */
  queues?: QueueDefinitions;
  /** Its scheduled work (each sends a job to one of its queues). */
  schedules?: readonly Schedule[];
  /** Its audit actions with their target types and `change` shapes (their types in `AuditCatalogue`). */
  auditActions?: AuditActions;
  /** The core events it subscribes to (core/events.ts), each handled by a job of its own. */
  events?: EventSubscriptions;
  /** Records mail and SMS delivery outcomes on the module's records (`JobRef` of core/jobs.ts). */
  recordDelivery?: (deps: () => Deps) => DeliveryRecorder;
};

/** Declares a module (an identity function that keeps the definition's exact type). */
export function defineModule<const M extends ModuleDefinition>(definition: M): M {
  return definition;
}

/**
 * The jobs of a process running `modules`: a worker per queue and per event subscription (queue
 * `<module>.on.<event>`), and every schedule (core's first). A worker parses its job's data with the
 * payload schema and calls the handler with the job's `JobRun` (`deps` is read then: the process's
 * parts include these jobs). A queue or schedule name claimed twice throws.
 */
export function moduleJobs(
  modules: readonly ModuleDefinition[],
  deps: () => Deps = () => {
    throw new Error('a module job ran in a process started without its parts (deps)');
  },
): { workers: QueueWorker[]; schedules: Schedule[] } {
  const workers: QueueWorker[] = [];
  const schedules: Schedule[] = [...SCHEDULES];
  const claim = (queue: string) => {
    if (workers.some((w) => w.queue === queue)) throw new Error(`queue ${queue} is defined twice`);
  };
  for (const m of modules) {
    for (const [queue, def] of Object.entries(m.queues ?? {}) as Array<[QueueName, QueueDefinition<QueueName>]>) {
      if (!queue.startsWith(`${m.name}.`))
        throw new Error(`queue ${queue} of module ${m.name} must start with "${m.name}."`);
      claim(queue);
      workers.push({
        queue,
        batchSize: def.batchSize ?? 1,
        run: async (data, id, log) => def.handler(def.payload.parse(data), jobRun(deps(), id, log)),
      });
    }
    for (const [event, handler] of Object.entries(m.events ?? {}) as Array<[EventName, EventHandler<EventName>]>) {
      const queue = subscriptionQueue(m.name, event);
      claim(queue);
      workers.push({
        queue,
        event,
        // Short jobs: ten at a time, fetched back to back while batches come full (a worker taking one
        // at a time waits for the next poll, 5 s, between jobs).
        batchSize: 10,
        run: async (data, id, log) => handler(EVENT_PAYLOADS[event].parse(data) as never, jobRun(deps(), id, log)),
      });
    }
    for (const s of m.schedules ?? []) {
      if (schedules.some((x) => x.name === s.name)) throw new Error(`schedule ${s.name} is defined twice`);
      schedules.push(s);
    }
  }
  return { workers, schedules };
}

/** Registers the modules' audit actions (the target types `ctx.audit` records). Idempotent. */
export function registerModules(modules: readonly ModuleDefinition[]): void {
  for (const m of modules) registerAuditActions(m.name, m.auditActions ?? {});
}

/** One recorder for every module's delivery outcomes (each module's ignores refs that are not its own). */
export function deliveryRecorders(modules: readonly ModuleDefinition[], deps: () => Deps): DeliveryRecorder {
  const recorders = modules.flatMap((m) => (m.recordDelivery ? [m.recordDelivery(deps)] : []));
  return async (deliveries) => {
    for (const record of recorders) await record(deliveries);
  };
}
