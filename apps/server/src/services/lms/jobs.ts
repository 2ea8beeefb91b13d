import type { FastifyBaseLogger } from 'fastify';
import type { Deps } from '../../core/context.ts';
import type { LmsJobHandlers } from '../../core/jobs.ts';

/**
 * The learning module's job handlers (issue 14; queues in core/jobs.ts `LMS_QUEUES`). `deps` is read
 * when a job runs (the jobs themselves are part of it, for handlers that enqueue mail). Each module
 * adds its handlers here, one line per queue.
 */
export function lmsJobHandlers(deps: () => Deps, log: FastifyBaseLogger): LmsJobHandlers {
  void deps;
  void log;
  return {};
}
