import { Button } from '@mantine/core';
import { useTranslation } from 'react-i18next';
import { Link } from 'react-router';
import { MessagePage, MessageText } from '../../app/message-page.tsx';

/** Any address the app has no page for. */
export function NotFoundPage() {
  const { t } = useTranslation();
  return (
    <MessagePage
      title={t('errors.notFound.pageTitle')}
      heading={t('errors.notFound.heading')}
      actions={
        <Button component={Link} to="/">
          {t('errors.notFound.action')}
        </Button>
      }
    >
      <MessageText>{t('errors.notFound.body')}</MessageText>
    </MessagePage>
  );
}
