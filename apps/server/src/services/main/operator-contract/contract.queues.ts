import { z } from 'zod';

/** The main module's queues (docs/jobs.md): the contract warnings' daily pass, per workspace zone. */
export const MAIN_PAYLOADS = {
  /** Daily per workspace zone: the contract warnings due today (30, 7 and 1 days before the last day). */
  'main.contract-warnings': z.object({ timeZone: z.string().optional() }),
} as const;

type MainQueues = { [Q in keyof typeof MAIN_PAYLOADS]: z.infer<(typeof MAIN_PAYLOADS)[Q]> };
declare module '../../../core/jobs.ts' {
  interface Queues extends MainQueues {}
}
