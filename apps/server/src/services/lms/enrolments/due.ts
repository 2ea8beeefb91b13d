import { DUE_SOON_DAYS } from '@app/contract';
import { calendarDaysBetweenInZone, computeDue, type DueRule } from '../../../core/due-rules.ts';

/**
 * Learning's two time rules on the due-rule engine (core/due-rules.ts, docs/deadlines.md): counted
 * in calendar days where the reader is, never in 24-hour periods. A course's due date is the end of
 * a local day (assignments.service.ts), so both rules compare local dates.
 */

/** "Due soon": the due date is today or one of the next `DUE_SOON_DAYS` local days. No holiday rule. */
export const DUE_SOON: DueRule = {
  key: 'LMS.DUE_SOON',
  anchor: 'now',
  offset: DUE_SOON_DAYS,
  unit: 'CALENDAR_DAY',
  onHoliday: 'NONE',
  reference: null,
};

/** The last instant a due date counts as due soon at `now` in `zone`: the end of the `DUE_SOON_DAYS`-th local day after today. */
export function dueSoonUntil(now: Date, zone: string): Date {
  return computeDue(DUE_SOON, now, { zone }).dueAt;
}

/** How many local days a course due at `dueAt` is overdue at `now` in `zone` (0 on the due day and before). */
export function daysOverdue(dueAt: Date, now: Date, zone: string): number {
  return Math.max(0, calendarDaysBetweenInZone(dueAt, now, zone));
}
