import type { Schedule } from '../../../core/jobs.ts';
import type { EventSubscriptions, QueueDefinitions } from '../../../core/module.ts';
import { ACCESS_EVENTS, ACCESS_QUEUES, ACCESS_SCHEDULES } from './access.module-parts.ts';
import { CLOCKS_EVENTS, CLOCKS_QUEUES, CLOCKS_SCHEDULES } from './clocks.module-parts.ts';
import { MEETINGS_EVENTS, MEETINGS_QUEUES, MEETINGS_SCHEDULES } from './meetings.module-parts.ts';

/** Complaint cases' jobs: clocks (reminders, escalations, monthly updates), access (member events), meetings (reminders). */
export const CASE_QUEUES: QueueDefinitions = { ...CLOCKS_QUEUES, ...ACCESS_QUEUES, ...MEETINGS_QUEUES };
export const CASE_SCHEDULES: readonly Schedule[] = [...CLOCKS_SCHEDULES, ...ACCESS_SCHEDULES, ...MEETINGS_SCHEDULES];
export const CASE_EVENTS: EventSubscriptions = { ...CLOCKS_EVENTS, ...ACCESS_EVENTS, ...MEETINGS_EVENTS };
