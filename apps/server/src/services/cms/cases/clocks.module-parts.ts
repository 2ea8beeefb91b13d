import type { Schedule } from '../../../core/jobs.ts';
import type { EventSubscriptions, QueueDefinitions } from '../../../core/module.ts';
import { CLOCKS_PAYLOADS } from './clocks.queues.ts';
import { runCaseClocks } from './clocks.ts';

/** Issue 26: the case clock — one pass a day where each workspace is (docs/foundations.md §2). */
export const CLOCKS_QUEUES: QueueDefinitions = {
  'cms.case-clock': {
    payload: CLOCKS_PAYLOADS['cms.case-clock'],
    handler: async (data, job) => {
      if (!data.timeZone) return;
      const counts = await runCaseClocks(job, data.timeZone);
      if (counts.notices > 0) job.log.info?.({ jobId: job.id, timeZone: data.timeZone, ...counts }, 'cms.case-clock');
    },
  },
};

/** At 07:00 where each workspace is: before the working day, after the night. */
export const CLOCKS_SCHEDULES: readonly Schedule[] = [
  { name: 'cms.case-clock', cron: '0 7 * * *', queue: 'cms.case-clock', data: {}, perWorkspaceZone: true },
];
export const CLOCKS_EVENTS: EventSubscriptions = {};
