import { z } from 'zod';

/**
 * The register engine's queues (issue 24): each one's payload schema. The handlers are listed with
 * them in ./engine.module-parts.ts; the data types join core's `Queues` below, so
 * `ctx.jobs.enqueue` checks them.
 */
export const COMPLIANCE_PAYLOADS = {
  /**
   * Recompute a workspace's answers (applicability and its reason), generate its occurrences 24
   * months ahead, cancel those of answers that stopped applying, and close those another module's
   * records prove (idempotent: running it twice changes nothing the second time).
   */
  'compliance.sync-workspace': z.object({ workspaceId: z.string() }),
  /**
   * At each server start and each hour: workspaces whose register was never filled (a fresh start
   * with the demo catalogue; a catalogue loaded into a database that already had workspaces) get
   * their first sync without waiting for the daily pass.
   */
  'compliance.first-sync-pass': z.object({}),
  /** Daily per workspace zone: a sync of every active workspace of the zone, then the escalations due. */
  'compliance.daily-pass': z.object({ timeZone: z.string().optional() }),
  /** One escalation mail round for an overdue occurrence at threshold `level` (sent once per occurrence and level). */
  'compliance.escalate': z.object({
    workspaceId: z.string(),
    occurrenceId: z.string(),
    level: z.union([z.literal(1), z.literal(2)]),
  }),
} as const;

type ComplianceQueues = { [Q in keyof typeof COMPLIANCE_PAYLOADS]: z.infer<(typeof COMPLIANCE_PAYLOADS)[Q]> };
declare module '../../../core/jobs.ts' {
  interface Queues extends ComplianceQueues {}
}
