import { dateInZone, startOfDateInZone } from './deadlines.ts';

/**
 * The due-rule engine (DESIGN §10, docs/deadlines.md): one pure function computes every deadline
 * of policies, the register, cases and learning. A rule is data — what the clock runs from, an
 * offset in a unit, what happens when the day is not a working day, and the legal reference — and
 * the answer is a local date in the workspace's zone with its last instant, the reference beside
 * it. No rule reads the clock: the anchor is given (often `clock.now()`).
 */

/** The units an offset counts in. */
export const DUE_UNITS = ['CALENDAR_DAY', 'WORKING_DAY', 'MONTH', 'YEAR'] as const;
export type TDueUnit = (typeof DUE_UNITS)[number];

/** What happens when the date reached is not a working day (a weekend day or a holiday). */
export const HOLIDAY_RULES = ['NEXT_WORKING_DAY', 'NONE'] as const;
export type THolidayRule = (typeof HOLIDAY_RULES)[number];

/** A due rule: the data of one clock. */
export type DueRule = {
  /** A stable name, e.g. `IN.POSH.RULE_7_2` or `LMS.DUE_SOON`. */
  key: string;
  /** What the clock runs from, in words (the caller passes its date): "the complaint was received". */
  anchor: string;
  /** How many units after the anchor's day (the anchor's day itself is day 0). */
  offset: number;
  unit: TDueUnit;
  onHoliday: THolidayRule;
  /** The section the date is computed under, exactly as LEGAL.md gives it; null for a product rule. */
  reference: string | null;
};

/** A jurisdiction's working week and holidays, as the engine needs them (loaded by holiday-calendars.repo.ts). */
export type WorkingCalendar = {
  /** e.g. `IN-KA`. */
  code: string;
  /** ISO day numbers that are never working days (1 Monday … 7 Sunday). */
  weekendDays: readonly number[];
  /** `yyyy-MM-dd` → the holiday's name (the calendar's own and its country's). */
  holidays: ReadonlyMap<string, string>;
  /** Years whose holidays are all entered. */
  completeYears: readonly number[];
};

/** A computed deadline. */
export type Due = {
  rule: string;
  reference: string | null;
  /** The calendar used, null when the rule needs none (calendar days, no holiday rule). */
  calendar: string | null;
  /** The anchor's local date in the zone. */
  anchorDate: string;
  /** The date the offset reaches, before the holiday rule. */
  nominalDate: string;
  /** The due date: the last local day on which the thing may be done. */
  date: string;
  /** The last instant of `date` in the zone (just before the next local midnight). */
  dueAt: Date;
  /** Why `date` differs from `nominalDate` ("Sunday", "Christmas Day"), else null. */
  movedFrom: { date: string; because: string } | null;
  /**
   * False when a year between the anchor and the due date has no complete holiday list in the
   * calendar: the date counts the holidays known and may move once the year's list is entered.
   */
  holidaysComplete: boolean;
};

const DATE = /^(\d{4})-(\d{2})-(\d{2})$/;
const WEEKDAYS = ['Monday', 'Tuesday', 'Wednesday', 'Thursday', 'Friday', 'Saturday', 'Sunday'];

type Ymd = { y: number; m: number; d: number };

function parse(date: string): Ymd {
  const m = DATE.exec(date);
  if (!m) throw new Error(`not a calendar date: ${date}`);
  const ymd = { y: Number(m[1]), m: Number(m[2]), d: Number(m[3]) };
  if (format(fromUtc(toUtc(ymd))) !== date) throw new Error(`not a calendar date: ${date}`);
  return ymd;
}

const toUtc = (x: Ymd) => Date.UTC(x.y, x.m - 1, x.d);
const fromUtc = (ms: number): Ymd => {
  const t = new Date(ms);
  return { y: t.getUTCFullYear(), m: t.getUTCMonth() + 1, d: t.getUTCDate() };
};
const pad = (n: number, w = 2) => String(n).padStart(w, '0');
const format = (x: Ymd) => `${pad(x.y, 4)}-${pad(x.m)}-${pad(x.d)}`;

/** `date` plus `days` calendar days (dates only: no zone, no DST). */
export function addCalendarDays(date: string, days: number): string {
  return format(fromUtc(toUtc(parse(date)) + days * 86_400_000));
}

/**
 * `date` plus `months` months; a day the month does not have becomes its last day (31 January +
 * 1 month = 28 or 29 February; 29 February + 1 year = 28 February).
 */
export function addCalendarMonths(date: string, months: number): string {
  const x = parse(date);
  const index = x.y * 12 + (x.m - 1) + months;
  const y = Math.floor(index / 12);
  const m = (index % 12) + 1;
  const last = new Date(Date.UTC(y, m, 0)).getUTCDate();
  return format({ y, m, d: Math.min(x.d, last) });
}

/** Whole calendar days from date `from` to date `to` (negative when `to` is earlier). */
export function calendarDaysBetween(from: string, to: string): number {
  return Math.round((toUtc(parse(to)) - toUtc(parse(from))) / 86_400_000);
}

/** ISO weekday of a date: 1 Monday … 7 Sunday. */
export function isoWeekday(date: string): number {
  const day = new Date(toUtc(parse(date))).getUTCDay();
  return day === 0 ? 7 : day;
}

/** Why `date` is not a working day in `calendar` (the holiday's name or the weekday), or null when it is one. */
export function nonWorkingReason(date: string, calendar: WorkingCalendar): string | null {
  const holiday = calendar.holidays.get(date);
  if (holiday) return holiday;
  const weekday = isoWeekday(date);
  return calendar.weekendDays.includes(weekday) ? WEEKDAYS[weekday - 1]! : null;
}

/** The first working day on or after `date`. */
export function nextWorkingDay(date: string, calendar: WorkingCalendar): string {
  let d = date;
  // A calendar always has a working day within a week and a year of holidays at most.
  for (let i = 0; i < 400 && nonWorkingReason(d, calendar) !== null; i++) d = addCalendarDays(d, 1);
  return d;
}

/** The last instant of local date `date` in `zone`: the next local midnight less 1 ms (23 or 25 hours after the start on a DST change). */
export function endOfDateInZone(date: string, zone: string): Date {
  return new Date(startOfDateInZone(addCalendarDays(date, 1), zone).getTime() - 1);
}

function needsCalendar(rule: DueRule): boolean {
  return rule.unit === 'WORKING_DAY' || rule.onHoliday === 'NEXT_WORKING_DAY';
}

/**
 * The deadline of `rule` for an anchor — an instant (its local date in `zone` is taken) or a local
 * date (`yyyy-MM-dd`) — in `zone`, with `calendar` for working days and holidays. Working days are
 * counted from the day after the anchor (a complaint received on a Friday evening: Monday is day 1);
 * months and years keep the day of the month, or the month's last day when it has fewer.
 */
export function computeDue(
  rule: DueRule,
  anchor: Date | string,
  where: { zone: string; calendar?: WorkingCalendar | null | undefined },
): Due {
  const anchorDate = typeof anchor === 'string' ? format(parse(anchor)) : dateInZone(anchor, where.zone);
  const calendar = where.calendar ?? null;
  if (needsCalendar(rule) && !calendar) throw new Error(`rule ${rule.key} needs a holiday calendar`);
  if (!Number.isInteger(rule.offset)) throw new Error(`rule ${rule.key}: the offset is not a whole number`);

  let nominal: string;
  switch (rule.unit) {
    case 'CALENDAR_DAY':
      nominal = addCalendarDays(anchorDate, rule.offset);
      break;
    case 'MONTH':
      nominal = addCalendarMonths(anchorDate, rule.offset);
      break;
    case 'YEAR':
      nominal = addCalendarMonths(anchorDate, rule.offset * 12);
      break;
    case 'WORKING_DAY': {
      if (rule.offset < 0) throw new Error(`rule ${rule.key}: working days count forward only`);
      nominal = anchorDate;
      for (let left = rule.offset; left > 0; ) {
        nominal = addCalendarDays(nominal, 1);
        if (nonWorkingReason(nominal, calendar!) === null) left--;
      }
      break;
    }
  }

  let date = nominal;
  let movedFrom: Due['movedFrom'] = null;
  if (rule.onHoliday === 'NEXT_WORKING_DAY') {
    const because = nonWorkingReason(nominal, calendar!);
    if (because !== null) {
      date = nextWorkingDay(nominal, calendar!);
      movedFrom = { date: nominal, because };
    }
  }

  let holidaysComplete = true;
  if (calendar && needsCalendar(rule)) {
    const from = parse(anchorDate).y;
    const to = parse(date).y;
    for (let y = Math.min(from, to); y <= Math.max(from, to); y++)
      if (!calendar.completeYears.includes(y)) holidaysComplete = false;
  }

  return {
    rule: rule.key,
    reference: rule.reference,
    calendar: needsCalendar(rule) ? calendar!.code : null,
    anchorDate,
    nominalDate: nominal,
    date,
    dueAt: endOfDateInZone(date, where.zone),
    movedFrom,
    holidaysComplete,
  };
}

/** Calendar days from `from`'s local date to `to`'s in `zone` ("3 days overdue"): dates, not 24-hour periods. */
export function calendarDaysBetweenInZone(from: Date, to: Date, zone: string): number {
  return calendarDaysBetween(dateInZone(from, zone), dateInZone(to, zone));
}
