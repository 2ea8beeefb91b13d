/**
 * The one way the app shows dates (issue 21 item 5): each language has one format, and a date of
 * record (a due date, a completion, when something was created) is the workspace's calendar day,
 * not the browser's. Use these everywhere a date is shown; `PlainDateInput` is where one is typed.
 */

/** The locale a language's dates are written in: English day-first ("29 Nov 2026", as in India and the date field). */
export function dateLocale(language: string): string {
  return language === 'en' || language.startsWith('en-') ? 'en-IN' : language;
}

const PLAIN_DATE = /^\d{4}-\d{2}-\d{2}$/;

function format(value: string | Date, language: string, options: Intl.DateTimeFormatOptions, timeZone?: string | null) {
  // A plain date (YYYY-MM-DD) is a day, not an instant: shown as it is, whatever the zone.
  if (typeof value === 'string' && PLAIN_DATE.test(value)) {
    return new Intl.DateTimeFormat(dateLocale(language), { ...options, timeZone: 'UTC' }).format(
      new Date(`${value}T12:00:00Z`),
    );
  }
  const at = typeof value === 'string' ? new Date(value) : value;
  try {
    return new Intl.DateTimeFormat(dateLocale(language), { ...options, ...(timeZone ? { timeZone } : {}) }).format(at);
  } catch {
    // An unknown zone name: the browser's own, rather than nothing.
    return new Intl.DateTimeFormat(dateLocale(language), options).format(at);
  }
}

/** A day: "29 Nov 2026" (en), "29 नव॰ 2026" (hi); an instant is shown as its day in `timeZone` (the workspace's). */
export function formatDate(value: string | Date, language: string, timeZone?: string | null): string {
  return format(value, language, { dateStyle: 'medium' }, timeZone);
}

/** A day and a time: "29 Nov 2026, 1:30 am" (en), in `timeZone` (the workspace's) when given. */
export function formatDateTime(value: string | Date, language: string, timeZone?: string | null): string {
  return format(value, language, { dateStyle: 'medium', timeStyle: 'short' }, timeZone);
}

/** The calendar day (YYYY-MM-DD) of `at` in `timeZone`: today in the workspace, for the earliest due date. */
export function dayIn(timeZone: string, at: Date = new Date()): string {
  return new Intl.DateTimeFormat('en-CA', { timeZone, year: 'numeric', month: '2-digit', day: '2-digit' }).format(at);
}
