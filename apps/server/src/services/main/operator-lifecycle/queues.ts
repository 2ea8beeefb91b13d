import { z } from 'zod';

/** The operator lifecycle's queues (issue 23): the daily purge pass, and one purge per workspace. */
export const LIFECYCLE_PAYLOADS = {
  /** Daily: finds retired workspaces past their grace period and enqueues one purge each. */
  'main.workspace-purge-pass': z.object({}),
  /** Purges one retired workspace (idempotent: a purged or restored workspace is left as it is). */
  'main.workspace-purge': z.object({ workspaceId: z.string() }),
} as const;

type LifecycleQueues = { [Q in keyof typeof LIFECYCLE_PAYLOADS]: z.infer<(typeof LIFECYCLE_PAYLOADS)[Q]> };
declare module '../../../core/jobs.ts' {
  interface Queues extends LifecycleQueues {}
}
