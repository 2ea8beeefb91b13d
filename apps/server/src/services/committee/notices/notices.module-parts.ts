import type { Schedule } from '../../../core/jobs.ts';
import type { QueueDefinitions } from '../../../core/module.ts';
import { COMMITTEE_PAYLOADS } from './queues.ts';
import { runTermWarnings } from './term-warnings.ts';

/** Issue 24: term-end warnings (60 and 14 days before), to the workspace's administrators and the presiding officer. */
export const COMMITTEE_QUEUES: QueueDefinitions = {
  'committee.term-warnings': {
    payload: COMMITTEE_PAYLOADS['committee.term-warnings'],
    handler: async (data, job) => {
      const counts = await runTermWarnings(job, data.timeZone);
      if (counts.mails > 0)
        job.log.info?.({ jobId: job.id, timeZone: data.timeZone, ...counts }, 'committee.term-warnings');
    },
  },
};

/** At 08:00 where each workspace is. */
export const COMMITTEE_SCHEDULES: readonly Schedule[] = [
  {
    name: 'committee.term-warnings',
    cron: '0 8 * * *',
    queue: 'committee.term-warnings',
    data: {},
    perWorkspaceZone: true,
  },
];
