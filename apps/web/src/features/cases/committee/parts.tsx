import { Badge } from '@mantine/core';
import { useTranslation } from 'react-i18next';
import { formatDate } from '../../../lib/dates.ts';

/** A text of the workflow (per language) in the reader's language, English when missing. */
export function useCmsText() {
  const { i18n } = useTranslation();
  return (text: Record<string, string | undefined> | null | undefined): string =>
    text ? (text[i18n.language] ?? text.en ?? '') : '';
}

/** A calendar date (YYYY-MM-DD, no zone) as the reader writes it. */
export function usePlainDate() {
  const { i18n } = useTranslation();
  return (date: string | null | undefined) => (date ? formatDate(`${date}T12:00:00Z`, i18n.language, 'UTC') : '');
}

/** Days left to a deadline: "3 days left", "due today", red when overdue. */
export function DaysLeft({ days }: { days: number | null }) {
  const { t } = useTranslation('committeeCases');
  if (days === null) return null;
  const overdue = days < 0;
  const label =
    days === 0 ? t('days.today') : overdue ? t('days.overdue', { count: -days }) : t('days.left', { count: days });
  return (
    <Badge color={overdue ? 'red.8' : days <= 2 ? 'orange.8' : 'gray'} variant={overdue ? 'filled' : 'light'}>
      {label}
    </Badge>
  );
}
