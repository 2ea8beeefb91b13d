/** Plain-date arithmetic for the calendar (YYYY-MM-DD strings, computed in UTC so no zone shifts a day). */

const iso = (d: Date) => d.toISOString().slice(0, 10);
const parse = (day: string) => new Date(`${day}T00:00:00Z`);

/** `day` moved by `n` days. */
export function addDays(day: string, n: number): string {
  const d = parse(day);
  d.setUTCDate(d.getUTCDate() + n);
  return iso(d);
}

/** The first day of the month of `day` moved by `n` months. */
export function addMonths(day: string, n: number): string {
  const d = parse(day);
  return iso(new Date(Date.UTC(d.getUTCFullYear(), d.getUTCMonth() + n, 1)));
}

/** The first and last days of the month of `day`. */
export function monthBounds(day: string): { first: string; last: string } {
  const d = parse(day);
  const first = new Date(Date.UTC(d.getUTCFullYear(), d.getUTCMonth(), 1));
  const last = new Date(Date.UTC(d.getUTCFullYear(), d.getUTCMonth() + 1, 0));
  return { first: iso(first), last: iso(last) };
}

/**
 * The weeks (Monday to Sunday) a month grid shows for the month of `day`: whole weeks, from the
 * Monday on or before the 1st to the Sunday on or after the last day.
 */
export function monthWeeks(day: string): string[][] {
  const { first, last } = monthBounds(day);
  const lead = (parse(first).getUTCDay() + 6) % 7;
  let cursor = addDays(first, -lead);
  const weeks: string[][] = [];
  while (cursor <= last) {
    const week: string[] = [];
    for (let i = 0; i < 7; i++) {
      week.push(cursor);
      cursor = addDays(cursor, 1);
    }
    weeks.push(week);
  }
  return weeks;
}

/** Where the arrow, Home/End and Page keys move the focused day of the grid; null for other keys. */
export function moveFocus(day: string, key: string): string | null {
  switch (key) {
    case 'ArrowLeft':
      return addDays(day, -1);
    case 'ArrowRight':
      return addDays(day, 1);
    case 'ArrowUp':
      return addDays(day, -7);
    case 'ArrowDown':
      return addDays(day, 7);
    case 'Home':
      return addDays(day, -((parse(day).getUTCDay() + 6) % 7));
    case 'End':
      return addDays(day, 6 - ((parse(day).getUTCDay() + 6) % 7));
    case 'PageUp':
      return sameDayIn(day, -1);
    case 'PageDown':
      return sameDayIn(day, 1);
    default:
      return null;
  }
}

/** The same day of the month `n` months away (the month's last day when it is shorter). */
function sameDayIn(day: string, n: number): string {
  const d = parse(day);
  const target = new Date(Date.UTC(d.getUTCFullYear(), d.getUTCMonth() + n, 1));
  const { last } = monthBounds(iso(target));
  const dom = Math.min(d.getUTCDate(), parse(last).getUTCDate());
  return iso(new Date(Date.UTC(target.getUTCFullYear(), target.getUTCMonth(), dom)));
}
