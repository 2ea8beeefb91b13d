import type { Schedule } from '../../../core/jobs.ts';
import type { EventSubscriptions, QueueDefinitions } from '../../../core/module.ts';

/** Issue 26: the queues, schedules and core events of this part of complaint cases (filled by its work package). */
export const ACCESS_QUEUES: QueueDefinitions = {};
export const ACCESS_SCHEDULES: readonly Schedule[] = [];
export const ACCESS_EVENTS: EventSubscriptions = {};
