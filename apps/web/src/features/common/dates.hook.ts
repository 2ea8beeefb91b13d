import { useTranslation } from 'react-i18next';
import { useHost } from '../../app/host-context.tsx';
import { formatDate, formatDateTime } from '../../lib/dates.ts';

/**
 * `date(value)` and `dateTime(value)` in the reader's language, as the workspace's days (its time
 * zone; the browser's on the platform host): the one date format of every page (lib/dates.ts).
 */
export function useDates() {
  const { i18n } = useTranslation();
  const { profile } = useHost();
  const zone = profile?.timeZone ?? null;
  return {
    date: (value: string | Date) => formatDate(value, i18n.language, zone),
    dateTime: (value: string | Date) => formatDateTime(value, i18n.language, zone),
  };
}
