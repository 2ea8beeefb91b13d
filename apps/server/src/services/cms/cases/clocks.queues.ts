import { z } from 'zod';

/** The case clock's queues: each one's payload schema (joined to core's `Queues` below). */
export const CLOCKS_PAYLOADS = {
  /** Daily per workspace zone: reminders, escalations, Canada's monthly updates, the appeal window. */
  'cms.case-clock': z.object({ timeZone: z.string().optional() }),
} as const;

type ClocksQueues = { [Q in keyof typeof CLOCKS_PAYLOADS]: z.infer<(typeof CLOCKS_PAYLOADS)[Q]> };
declare module '../../../core/jobs.ts' {
  interface Queues extends ClocksQueues {}
}
