import { Button } from '@mantine/core';
import { useQueryClient } from '@tanstack/react-query';
import { useTranslation } from 'react-i18next';

/** Where a quick exit goes: a neutral page that says nothing about the person or this site. */
export const QUICK_EXIT_URL = 'https://www.google.com/search?q=weather';

/**
 * A quick-exit button for the complaint pages, safe on a shared phone: it drops the cached case
 * from memory and replaces this page in the history with a neutral one (the back button does not
 * come back here).
 */
export function QuickExit() {
  const { t } = useTranslation('caseFollow');
  const qc = useQueryClient();
  return (
    <Button
      color="gray"
      variant="filled"
      size="compact-md"
      title={t('quickExitHint')}
      onClick={() => {
        qc.removeQueries({ queryKey: ['session', 'cases'] });
        window.location.replace(QUICK_EXIT_URL);
      }}
    >
      {t('quickExit')}
    </Button>
  );
}
