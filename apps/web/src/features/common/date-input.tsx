// The date picker's styles travel with it: only the pages with a date field load them.
import '@mantine/dates/styles.css';
import 'dayjs/locale/hi';
import { DateInput, type DateInputProps } from '@mantine/dates';
import { useState } from 'react';
import { useTranslation } from 'react-i18next';

/**
 * A calendar date (the contract's `YYYY-MM-DD`, no time, no zone) picked in the user's language:
 * month and weekday names, the order of the displayed date and the calendar's labels follow the
 * language the app is shown in. Typing `2026-03-01` works in every language. Use it for every date
 * field (date of joining, a course's due date, a case's incident date) with `form.getInputProps`;
 * its value is the `YYYY-MM-DD` string or null.
 *
 * Esc while the calendar is open closes only the calendar: a dialog or drawer around the field
 * stays open with what was typed in it (Mantine's modals listen for Esc on the window before the
 * field sees it, and skip a key press whose target says `data-mantine-stop-propagation`). With the
 * calendar closed, Esc reaches the dialog as usual.
 */
export function PlainDateInput(props: Omit<DateInputProps, 'locale' | 'valueFormat'>) {
  const { t, i18n } = useTranslation();
  const [calendarOpen, setCalendarOpen] = useState(false);
  const { popoverProps, onKeyDown, ...rest } = props;
  return (
    <DateInput
      locale={i18n.language}
      valueFormat="D MMMM YYYY"
      placeholder={t('forms.date.placeholder')}
      clearable
      clearButtonProps={{ 'aria-label': t('forms.date.clear') }}
      ariaLabels={{ previousMonth: t('forms.date.previousMonth'), nextMonth: t('forms.date.nextMonth') }}
      {...rest}
      popoverProps={{
        withinPortal: true,
        ...popoverProps,
        onOpen: () => {
          setCalendarOpen(true);
          popoverProps?.onOpen?.();
        },
        onClose: () => {
          setCalendarOpen(false);
          popoverProps?.onClose?.();
        },
      }}
      data-mantine-stop-propagation={calendarOpen ? 'true' : undefined}
      onKeyDown={(event) => {
        if (event.key === 'Escape' && calendarOpen) event.stopPropagation();
        onKeyDown?.(event);
      }}
    />
  );
}
