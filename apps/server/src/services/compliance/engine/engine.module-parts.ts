import type { Schedule } from '../../../core/jobs.ts';
import type { EventSubscriptions, QueueDefinitions } from '../../../core/module.ts';

/**
 * Issue 24, the register engine: its queues (payloads in ./queues.ts, joined to core's `Queues`),
 * schedules and event subscriptions, listed by ../module.ts. Queue names agreed between the parts:
 * - `compliance.sync-workspace` `{ workspaceId }`: recompute a workspace's answers (applicability)
 *   and generate its occurrences 24 months ahead (idempotent). The catalogue enqueues it for every
 *   workspace of the obligation's country when an obligation is created, changed or retired.
 */
export const COMPLIANCE_QUEUES: QueueDefinitions = {};
export const COMPLIANCE_SCHEDULES: readonly Schedule[] = [];
export const COMPLIANCE_EVENTS: EventSubscriptions = {};
