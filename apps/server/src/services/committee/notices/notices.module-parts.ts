import type { Schedule } from '../../../core/jobs.ts';
import type { QueueDefinitions } from '../../../core/module.ts';

/** Issue 24: term-end warnings (60 and 14 days before), filled in by the committee work package. */
export const COMMITTEE_QUEUES: QueueDefinitions = {};
export const COMMITTEE_SCHEDULES: readonly Schedule[] = [];
