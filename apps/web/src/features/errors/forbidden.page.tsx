import { Button } from '@mantine/core';
import { useTranslation } from 'react-i18next';
import { Link } from 'react-router';
import { MessagePage, MessageText } from '../../app/message-page.tsx';

/** Inside the shell: a page this account may not use (the server would refuse it anyway). */
export function ForbiddenPage() {
  const { t } = useTranslation();
  return (
    <MessagePage
      inline
      title={t('errors.forbidden.pageTitle')}
      heading={t('errors.forbidden.heading')}
      actions={
        <Button component={Link} to="/dashboard">
          {t('errors.forbidden.action')}
        </Button>
      }
    >
      <MessageText>{t('errors.forbidden.body')}</MessageText>
    </MessagePage>
  );
}
