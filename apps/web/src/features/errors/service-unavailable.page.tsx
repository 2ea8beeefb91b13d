import { Button } from '@mantine/core';
import { useTranslation } from 'react-i18next';
import { MessagePage, MessageText } from '../../app/message-page.tsx';

/** Shown when the server cannot be reached at start-up (or answered with an error): offers a retry. */
export function ServiceUnavailablePage({ onRetry, inline }: { onRetry: () => void; inline?: boolean }) {
  const { t } = useTranslation();
  return (
    <MessagePage
      title={t('errors.unavailable.pageTitle')}
      heading={t('errors.unavailable.heading')}
      inline={inline}
      actions={<Button onClick={onRetry}>{t('common.retry')}</Button>}
    >
      <MessageText>{t('errors.unavailable.body')}</MessageText>
    </MessagePage>
  );
}
