import { z } from 'zod';
import type { Clock } from './clock.ts';
import type { Tx } from './db/database.ts';
import type { Jobs } from './jobs.ts';

/**
 * Core events: what happened to a workspace's members, told to the modules that care without the
 * identity code naming them (learning enrols a joiner; cases will revoke a deactivated member's
 * access and re-check quorum). A module subscribes in its definition (`events` of core/module.ts).
 *
 * Events are durable: `emit(ctx, tx, event, payload)` writes one job per subscribing module in the
 * transaction of the change (queue `<module>.on.<event>`), so a subscriber hears of a change if and
 * only if it commits, and hears of it even if the process dies the next instant. A subscriber's
 * handler runs as a job (retried; make it harmless to run twice).
 */

const ZUnitPlace = z.object({ branchId: z.string().nullable(), departmentId: z.string().nullable() });

/** Each event's payload schema (checked when a subscriber's job runs). */
export const EVENT_PAYLOADS = {
  /**
   * Members joined a workspace (an invitation claimed, a bulk import, a membership brought back):
   * up to 1,000 accounts per event (a bulk import emits one per thousand). `at`: when, by the one clock.
   */
  'member.joined': z.object({
    workspaceId: z.string(),
    accountIds: z.array(z.string()).min(1).max(1000),
    at: z.iso.datetime(),
  }),
  /** A member moved to another business unit and/or department (an administrator's edit). */
  'member.moved': z.object({
    workspaceId: z.string(),
    accountId: z.string(),
    from: ZUnitPlace,
    to: ZUnitPlace,
    at: z.iso.datetime(),
  }),
  /**
   * Members stopped being active members (deactivated, or deleted: `deleted`), up to 1,000 per
   * event. Their sessions in the workspace have ended in the same transaction.
   */
  'member.deactivated': z.object({
    workspaceId: z.string(),
    accountIds: z.array(z.string()).min(1).max(1000),
    deleted: z.boolean(),
    at: z.iso.datetime(),
  }),
  /**
   * The operator created a workspace (its headquarters and first administrator's invitation in the
   * same transaction). The register fills the new workspace's obligations (issue 24).
   */
  'workspace.created': z.object({ workspaceId: z.string(), at: z.iso.datetime() }),
  /**
   * A learner completed a course (an enrolment's completion, any source: player, SCORM, workshop
   * attendance). The register closes training occurrences with it (issue 24).
   */
  'training.completed': z.object({
    workspaceId: z.string(),
    accountId: z.string(),
    courseId: z.string(),
    enrolmentId: z.string(),
    at: z.iso.datetime(),
  }),
  /**
   * A committee or designated-recipient record changed (composed, a member's term set or ended, units
   * moved, the order uploaded, dissolved): `branchIds` are the units it serves before and after.
   * The register re-checks its s.4 / s.14 occurrences (issue 24).
   */
  'committee.changed': z.object({
    workspaceId: z.string(),
    committeeId: z.string(),
    branchIds: z.array(z.string()).max(500),
    at: z.iso.datetime(),
  }),
} as const;

export type CoreEvents = { [E in keyof typeof EVENT_PAYLOADS]: z.infer<(typeof EVENT_PAYLOADS)[E]> };
export type EventName = keyof CoreEvents;

/** The queue of `module`'s subscription to `event`. */
export const subscriptionQueue = (module: string, event: EventName) => `${module}.on.${event}`;

/** Accounts per event of the list-carrying events: a bulk change of 50,000 members emits 50 events. */
export const EVENT_CHUNK = 1000;

/** The payload of an event, without `at` (which `emit` fills from the clock). */
type Without<E extends EventName> = Omit<CoreEvents[E], 'at'>;

/**
 * Emits `event` in `tx`, the transaction of the change it tells of: one job per subscribing module.
 * The list-carrying events (`accountIds`) are split into events of at most `EVENT_CHUNK` accounts; an
 * empty list emits nothing.
 */
export async function emit<E extends EventName>(
  ctx: { jobs: Jobs; clock: Clock },
  tx: Tx,
  event: E,
  payload: Without<E>,
): Promise<void> {
  const at = ctx.clock.now().toISOString();
  const ids = (payload as { accountIds?: string[] }).accountIds;
  if (!ids) return ctx.jobs.emitInTx(tx, event, { ...payload, at } as CoreEvents[E]);
  for (let i = 0; i < ids.length; i += EVENT_CHUNK) {
    await ctx.jobs.emitInTx(tx, event, { ...payload, accountIds: ids.slice(i, i + EVENT_CHUNK), at } as CoreEvents[E]);
  }
}
