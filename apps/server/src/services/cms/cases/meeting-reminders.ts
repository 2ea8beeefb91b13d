import { z } from 'zod';
import type { JobRun } from '../../../core/job-context.ts';
import * as repo from './meetings.repo.ts';
import { enqueueCaseNotices } from './notices.ts';

/*
 * The day-before reminder of a case meeting (issue 26): every hour, the meetings starting within
 * the next 24 hours that were scheduled more than a day ahead get one content-free mail per guest
 * with an account ("your meeting on case C-… is tomorrow"). A job acts for no account, so it reads
 * the meetings through two SECURITY DEFINER functions (migration `cases`, "meetings"): the first
 * lists due meetings across workspaces (ids only), in a transaction of no workspace (the nil id:
 * row-level security shows it nothing else); the second marks one meeting reminded in its own
 * workspace's transaction, once, with the mail queued in that transaction.
 */

export const MEETINGS_PAYLOADS = {
  /** Hourly: reminders of the case meetings starting within a day. */
  'cms.case-meeting-reminders': z.object({}),
} as const;

type MeetingsQueues = { [Q in keyof typeof MEETINGS_PAYLOADS]: z.infer<(typeof MEETINGS_PAYLOADS)[Q]> };
declare module '../../../core/jobs.ts' {
  interface Queues extends MeetingsQueues {}
}

/** How long before its start a meeting is reminded of. */
export const REMINDER_HOURS = 24;

/** A transaction scoped to no workspace: row-level security shows it nothing; the listing function answers ids. */
const NO_WORKSPACE = '00000000-0000-0000-0000-000000000000';

/** The reminders pass; answers how many mails were queued. */
export async function runMeetingReminders(job: JobRun): Promise<number> {
  const due = await job.ctx(NO_WORKSPACE).tenant((tx) => repo.meetingRemindersDue(tx, REMINDER_HOURS));
  let mails = 0;
  for (const d of due) {
    const ctx = job.ctx(d.workspaceId);
    mails += await ctx.tenant(async (tx) => {
      const m = await repo.markReminded(tx, d.meetingId);
      if (!m || m.guestAccountIds.length === 0) return 0;
      const host = await repo.workspaceHost(tx, d.workspaceId);
      const origin = `${ctx.config.env === 'production' ? 'https' : 'http'}://${host}`;
      return enqueueCaseNotices(
        tx,
        { jobs: ctx.jobs, origin },
        {
          workspaceId: d.workspaceId,
          caseId: m.caseId,
          reference: m.reference,
          kind: 'MEETING_REMINDER',
          recipients: m.guestAccountIds,
          committee: new Set(m.committeeGuestIds),
          key: `meeting-reminder:${d.meetingId}:${m.sequence}`,
        },
      );
    });
  }
  return mails;
}
