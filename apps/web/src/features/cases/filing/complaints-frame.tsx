import { Box, Button } from '@mantine/core';
import type { ReactNode } from 'react';
import { useTranslation } from 'react-i18next';
import { usePageTitle } from '../../../app/page-title.hook.ts';

/** Where the quick exit goes: a page anyone might have open, replacing this one in the history. */
export const QUICK_EXIT_URL = 'https://www.google.com/';

/** Leaves for a neutral site at once; `replace` keeps this page out of the back button's history. */
export function quickExit(): void {
  window.location.replace(QUICK_EXIT_URL);
}

/**
 * The frame of every /complaints page, for a phone someone else may pick up: a quick-exit button
 * fixed in the corner (one tap at 360 px), and a tab title that says nothing (the workspace's name only).
 */
export function ComplaintsFrame({ children }: { children: ReactNode }) {
  const { t } = useTranslation('complaintFiling');
  usePageTitle(null);
  return (
    <Box pb={72}>
      {children}
      <Button
        onClick={quickExit}
        color="dark"
        radius="xl"
        size="md"
        aria-label={t('exit.label')}
        data-testid="quick-exit"
        style={{ position: 'fixed', right: 12, bottom: 12, zIndex: 400, boxShadow: '0 2px 8px rgba(0,0,0,.3)' }}
      >
        {t('exit.button')}
      </Button>
    </Box>
  );
}

/** A date-only value (YYYY-MM-DD) as a day, whatever the reader's zone. */
export const asDay = (value: string) => `${value}T00:00:00Z`;
