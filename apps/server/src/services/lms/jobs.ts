import type { FastifyBaseLogger } from 'fastify';
import type { Deps } from '../../core/context.ts';
import type { LmsJobHandlers } from '../../core/jobs.ts';
import { runAutoAssign, runCourseUpdated, runRecurrencePass } from './automation/automation.jobs.ts';

/**
 * The learning module's job handlers (issue 14; queues in core/jobs.ts `LMS_QUEUES`). `deps` is read
 * when a job runs (the jobs themselves are part of it, for handlers that enqueue mail). Each module
 * adds its handlers here, one line per queue.
 */
export function lmsJobHandlers(deps: () => Deps, log: FastifyBaseLogger): LmsJobHandlers {
  return {
    'lms.auto-assign': (data, jobId) => runAutoAssign(deps(), log, data, jobId),
    'lms.recurrence-pass': async (data, jobId) => void (await runRecurrencePass(deps(), log, data, jobId)),
    'lms.course-updated': async (data, jobId) => void (await runCourseUpdated(deps(), log, data, jobId)),
  };
}
