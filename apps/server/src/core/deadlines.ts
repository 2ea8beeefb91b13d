import { COUNTRY_TIME_ZONES, isTimeZone, type TCountry } from '@app/contract';
import { TZDate, tz } from '@date-fns/tz';
import { addDays, endOfDay, format, startOfDay } from 'date-fns';

/**
 * Deadlines in a workspace's time zone ("within 90 days", "before 1 March"), computed with date-fns
 * and @date-fns/tz, never by hand: a day is a calendar day where the workspace is, 23 or 25 hours
 * long when the clocks change (Toronto), and a day ends at local midnight, not at UTC's. Every
 * function takes the instant from `clock.now()` (core/clock.ts) and answers a plain `Date`.
 * See docs/time.md.
 */

/** The default time zone of a workspace in `country`. */
export function defaultTimeZone(country: TCountry): string {
  return COUNTRY_TIME_ZONES[country];
}

export { isTimeZone };

/** `days` calendar days after `from` in `zone`, at the same local time (DST-correct). */
export function addDaysInZone(from: Date, days: number, zone: string): Date {
  return new Date(addDays(from, days, { in: tz(zone) }).getTime());
}

/** The first instant of `at`'s day in `zone` (local midnight). */
export function startOfDayInZone(at: Date, zone: string): Date {
  return new Date(startOfDay(at, { in: tz(zone) }).getTime());
}

/** The last millisecond of `at`'s day in `zone` (just before local midnight). */
export function endOfDayInZone(at: Date, zone: string): Date {
  return new Date(endOfDay(at, { in: tz(zone) }).getTime());
}

/** The last millisecond of the day `days` calendar days after `from`'s day in `zone`: "within `days` days". */
export function withinDaysInZone(from: Date, days: number, zone: string): Date {
  return endOfDayInZone(addDaysInZone(from, days, zone), zone);
}

/** Local midnight at the start of a calendar date (`2027-03-01`) in `zone`: "before 1 March". */
export function startOfDateInZone(date: string, zone: string): Date {
  const m = /^(\d{4})-(\d{2})-(\d{2})$/.exec(date);
  if (!m) throw new Error(`not a calendar date: ${date}`);
  return new Date(new TZDate(Number(m[1]), Number(m[2]) - 1, Number(m[3]), zone).getTime());
}

/** The calendar date (`yyyy-MM-dd`) of `at` in `zone`. */
export function dateInZone(at: Date, zone: string): string {
  return format(at, 'yyyy-MM-dd', { in: tz(zone) });
}

/** The instant of a local date and time of day (`2027-03-01`, `14:30`) in `zone` (a time the clocks skip moves forward). */
export function instantInZone(date: string, time: string, zone: string): Date {
  const d = /^(\d{4})-(\d{2})-(\d{2})$/.exec(date);
  const t = /^(\d{2}):(\d{2})$/.exec(time);
  if (!d || !t) throw new Error(`not a local date and time: ${date} ${time}`);
  return new Date(new TZDate(Number(d[1]), Number(d[2]) - 1, Number(d[3]), Number(t[1]), Number(t[2]), zone).getTime());
}

/** The local time of day (`HH:mm`) of `at` in `zone`. */
export function timeInZone(at: Date, zone: string): string {
  return format(at, 'HH:mm', { in: tz(zone) });
}
