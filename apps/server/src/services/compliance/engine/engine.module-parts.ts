import type { Schedule } from '../../../core/jobs.ts';
import type { EventSubscriptions, QueueDefinitions } from '../../../core/module.ts';
import {
  handleEscalate,
  handleSync,
  onCommitteeChanged,
  onMemberDeactivated,
  onMemberJoined,
  onMemberMoved,
  onTrainingCompleted,
  onWorkspaceCreated,
  runDailyPass,
  runFirstSyncPass,
} from './engine.jobs.ts';
import { COMPLIANCE_PAYLOADS } from './queues.ts';

/**
 * Issue 24, the register engine: its queues (payloads in ./queues.ts, joined to core's `Queues`),
 * schedules and event subscriptions, listed by ../module.ts. Queue names agreed between the parts:
 * - `compliance.sync-workspace` `{ workspaceId }`: recompute a workspace's answers (applicability)
 *   and generate its occurrences 24 months ahead (idempotent). The catalogue enqueues it for every
 *   workspace of the obligation's country when an obligation is created, changed or retired.
 * - `compliance.daily-pass` `{ timeZone }`: every workspace of the zone synced, escalations due sent.
 * - `compliance.escalate` `{ workspaceId, occurrenceId, level }`: one escalation, once.
 */
export const COMPLIANCE_QUEUES: QueueDefinitions = {
  'compliance.sync-workspace': { payload: COMPLIANCE_PAYLOADS['compliance.sync-workspace'], handler: handleSync },
  'compliance.daily-pass': {
    payload: COMPLIANCE_PAYLOADS['compliance.daily-pass'],
    handler: async (data, job) => {
      const counts = await runDailyPass(data, job);
      job.log.info?.({ jobId: job.id, timeZone: data.timeZone, ...counts }, 'compliance.daily-pass');
    },
  },
  'compliance.first-sync-pass': {
    payload: COMPLIANCE_PAYLOADS['compliance.first-sync-pass'],
    handler: async (_data, job) => {
      const counts = await runFirstSyncPass(job);
      job.log.debug?.({ jobId: job.id, ...counts }, 'compliance.first-sync-pass');
    },
  },
  'compliance.escalate': {
    payload: COMPLIANCE_PAYLOADS['compliance.escalate'],
    batchSize: 5,
    handler: async (data, job) => {
      const outcome = await handleEscalate(data, job);
      job.log.debug?.({ ...data, outcome }, 'compliance.escalate');
    },
  },
};

export const COMPLIANCE_SCHEDULES: readonly Schedule[] = [
  // At 02:30 where each workspace is: sync (extends the 24-month horizon, re-checks evidence), then escalations.
  {
    name: 'compliance.daily-pass',
    cron: '30 2 * * *',
    queue: 'compliance.daily-pass',
    data: {},
    perWorkspaceZone: true,
  },
  // At each server start (and each hour): the first sync of workspaces whose register was never
  // filled — a fresh start with the demo catalogue, a catalogue loaded into a database that already
  // had workspaces. A new workspace is synced at once through `workspace.created`.
  {
    name: 'compliance.first-sync-pass',
    cron: '17 * * * *',
    queue: 'compliance.first-sync-pass',
    data: {},
    missed: 'skip',
    atStart: true,
  },
];

export const COMPLIANCE_EVENTS: EventSubscriptions = {
  // Headcount changes flip applicability (s.4: 10 or more workers).
  'member.joined': onMemberJoined,
  // A new workspace gets its register at once.
  'workspace.created': onWorkspaceCreated,
  'member.moved': onMemberMoved,
  'member.deactivated': onMemberDeactivated,
  // Evidence from other modules: the committee register (s.4, s.14), training completions (s.12(4), s.19(c)).
  'committee.changed': onCommitteeChanged,
  'training.completed': onTrainingCompleted,
};
