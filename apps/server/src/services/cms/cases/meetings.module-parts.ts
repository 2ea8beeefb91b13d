import type { Schedule } from '../../../core/jobs.ts';
import type { EventSubscriptions, QueueDefinitions } from '../../../core/module.ts';
import { MEETINGS_PAYLOADS, runMeetingReminders } from './meeting-reminders.ts';

/** Issue 26, meetings: the day-before reminder of a case meeting to its guests (content-free mail). */
export const MEETINGS_QUEUES: QueueDefinitions = {
  'cms.case-meeting-reminders': {
    payload: MEETINGS_PAYLOADS['cms.case-meeting-reminders'],
    handler: async (_data, job) => {
      const mails = await runMeetingReminders(job);
      if (mails > 0) job.log.info?.({ jobId: job.id, mails }, 'cms.case-meeting-reminders');
    },
  },
};

/** Every hour, on the hour: meetings starting within the next day. */
export const MEETINGS_SCHEDULES: readonly Schedule[] = [
  { name: 'cms.case-meeting-reminders', cron: '0 * * * *', queue: 'cms.case-meeting-reminders', data: {} },
];
export const MEETINGS_EVENTS: EventSubscriptions = {};
