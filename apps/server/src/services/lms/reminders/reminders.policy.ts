import type { TReminderAction } from '@app/contract';
import { definePolicy, refuse } from '../../../core/policy.ts';
import { isAuthor } from '../authoring-scope.ts';

/** A course as the workspace sees it (its own, or an available catalogue course); null: it sees none. */
export type ReminderCourse = { id: string } | null;

/**
 * A course's reminders (settings, "send now"): whoever manages courses for the whole workspace
 * (`isAuthor`); anyone else 403 `FORBIDDEN_SEND_REMINDERS` — decided before whether the course
 * exists, so that nothing is told to someone who may not ask. A course the workspace does not see: 404.
 */
const manage = (a: Parameters<typeof isAuthor>[0], c: ReminderCourse) =>
  !isAuthor(a) ? refuse.forbidden('SEND_REMINDERS') : c !== null || refuse.notFound('COURSE');

export const reminderPolicy = definePolicy<ReminderCourse, TReminderAction | 'view'>('reminder', {
  view: manage,
  edit: manage,
  send: manage,
});
