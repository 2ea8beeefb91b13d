import { z } from 'zod';

/** The committee module's queues: each one's payload schema (joined to core's `Queues` below). */
export const COMMITTEE_PAYLOADS = {
  /** Daily per workspace zone: warnings 60 and 14 days before a member's term ends. */
  'committee.term-warnings': z.object({ timeZone: z.string().optional() }),
} as const;

type CommitteeQueues = { [Q in keyof typeof COMMITTEE_PAYLOADS]: z.infer<(typeof COMMITTEE_PAYLOADS)[Q]> };
declare module '../../../core/jobs.ts' {
  interface Queues extends CommitteeQueues {}
}
