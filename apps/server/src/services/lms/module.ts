import { defineModule } from '../../core/module.ts';
import { LMS_AUDIT_ACTIONS } from './audit-actions.ts';
import {
  onMemberJoined,
  onMemberMoved,
  runAutoAssign,
  runCourseUpdated,
  runRecurrencePass,
} from './automation/automation.jobs.ts';
import { lmsService } from './index.ts';
import { LMS_PAYLOADS } from './queues.ts';
import { handleCourseNotice, runRemindersPass } from './reminders/reminders.service.ts';
import { contentRoutes } from './scorm/content.routes.ts';
import { extractScormPackage } from './scorm/scorm.service.ts';

/**
 * The learning module (docs/learning-design.md): its API at `/lms/api`, the SCORM content origin,
 * its queues and daily passes, its audit actions, and what it does when members join or move.
 */
export const lmsModule = defineModule({
  name: 'lms',
  api: { prefix: '/lms/api', routes: lmsService },
  // SCORM content: only on LMS_CONTENT_ORIGIN's host, under its own CSP, with no session there
  // (the signed token in the path is the credential).
  openRoutes: contentRoutes,
  queues: {
    'lms.scorm-extract': {
      payload: LMS_PAYLOADS['lms.scorm-extract'],
      handler: (data, job) => extractScormPackage(job, data),
    },
    'lms.course-notice': {
      payload: LMS_PAYLOADS['lms.course-notice'],
      batchSize: 10,
      handler: async (data, job) => {
        const outcome = await handleCourseNotice(job, data);
        job.log.debug?.({ ...data, outcome }, 'lms.course-notice');
      },
    },
    'lms.reminders-pass': {
      payload: LMS_PAYLOADS['lms.reminders-pass'],
      handler: async (data, job) => {
        const counts = await runRemindersPass(job, data.timeZone);
        job.log.info?.({ jobId: job.id, timeZone: data.timeZone, ...counts }, 'lms.reminders-pass: notices queued');
      },
    },
    'lms.recurrence-pass': {
      payload: LMS_PAYLOADS['lms.recurrence-pass'],
      handler: async (data, job) => void (await runRecurrencePass(data, job)),
    },
    'lms.auto-assign': { payload: LMS_PAYLOADS['lms.auto-assign'], handler: runAutoAssign },
    'lms.course-updated': {
      payload: LMS_PAYLOADS['lms.course-updated'],
      handler: async (data, job) => void (await runCourseUpdated(data, job)),
    },
  },
  schedules: [
    // Course reminders, escalations and expiry notices at 09:00 where each workspace is.
    { name: 'lms.reminders-pass', cron: '0 9 * * *', queue: 'lms.reminders-pass', data: {}, perWorkspaceZone: true },
    // Recurring training: at 02:00 where each workspace is, expired completions start their next cycle.
    { name: 'lms.recurrence-pass', cron: '0 2 * * *', queue: 'lms.recurrence-pass', data: {}, perWorkspaceZone: true },
  ],
  auditActions: LMS_AUDIT_ACTIONS,
  events: {
    // Auto-assign rules enrol new members.
    'member.joined': onMemberJoined,
    // Moved into a higher-risk department: a completed course is taken again.
    'member.moved': async (event, job) => void (await onMemberMoved(event, job)),
  },
});
