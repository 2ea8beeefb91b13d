import type { FastifyBaseLogger } from 'fastify';
import type { Deps } from '../../core/context.ts';
import type { LmsJobHandlers } from '../../core/jobs.ts';
import { runAutoAssign, runCourseUpdated, runRecurrencePass } from './automation/automation.jobs.ts';
import { reminderStore } from './reminders/reminders.repo.ts';
import { handleCourseNotice, runRemindersPass } from './reminders/reminders.service.ts';

/**
 * The learning module's job handlers (issue 14; queues in core/jobs.ts `LMS_QUEUES`). `deps` is read
 * when a job runs (the jobs themselves are part of it, for handlers that enqueue mail). Each module
 * adds its handlers here, one line per queue.
 */
export function lmsJobHandlers(deps: () => Deps, log: FastifyBaseLogger): LmsJobHandlers {
  // The reminder jobs' transactions are opened by their repository (reminderStore), as SCORM's are.
  const reminders = () => {
    const { db, ...rest } = deps();
    return { ...rest, store: reminderStore(db) };
  };
  return {
    'lms.course-notice': async (data) => {
      const outcome = await handleCourseNotice(reminders(), data);
      log.debug?.({ ...data, outcome }, 'lms.course-notice');
    },
    'lms.reminders-pass': async (data, jobId) => {
      const counts = await runRemindersPass(reminders(), data.timeZone);
      log.info?.({ jobId, timeZone: data.timeZone, ...counts }, 'lms.reminders-pass: notices queued');
    },
    'lms.auto-assign': (data, jobId) => runAutoAssign(deps(), log, data, jobId),
    'lms.recurrence-pass': async (data, jobId) => void (await runRecurrencePass(deps(), log, data, jobId)),
    'lms.course-updated': async (data, jobId) => void (await runCourseUpdated(deps(), log, data, jobId)),
  };
}
