import { formatDate } from '../../../lib/dates.ts';

/** A date as the learner reads it: in their time zone (the account's, else the workspace's) and language (lib/dates.ts). */
export function formatDay(iso: string, timeZone: string, language: string): string {
  return formatDate(iso, language, timeZone);
}
