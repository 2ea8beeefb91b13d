import { Button } from '@mantine/core';
import { useEffect } from 'react';
import { useTranslation } from 'react-i18next';
import { useRouteError } from 'react-router';
import { MessagePage, MessageText } from '../../app/message-page.tsx';

/** The router's error screen: an unexpected failure while rendering a page. Never a dead end. */
export function RouteErrorPage() {
  const { t } = useTranslation();
  const error = useRouteError();
  useEffect(() => {
    console.error(error);
  }, [error]);
  return (
    <MessagePage
      title={t('errors.route.pageTitle')}
      heading={t('errors.route.heading')}
      actions={
        <>
          <Button onClick={() => window.location.reload()}>{t('errors.route.reload')}</Button>
          <Button component="a" href="/" variant="default">
            {t('errors.route.home')}
          </Button>
        </>
      }
    >
      <MessageText>{t('errors.route.body')}</MessageText>
    </MessagePage>
  );
}
