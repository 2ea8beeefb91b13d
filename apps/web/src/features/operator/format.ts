import { formatDate } from '../../lib/dates.ts';

/** A contract's day (`YYYY-MM-DD`) in the reader's language, as that day (no time zone shift). */
export function formatPlainDate(day: string, language: string): string {
  return formatDate(`${day}T12:00:00Z`, language, 'UTC');
}

/** A tinted badge keeps the text colour, which has its contrast on every tint (axe). */
export const READABLE_BADGE = { root: { color: 'var(--mantine-color-text)' } };
