import { Button } from '@mantine/core';
import { useTranslation } from 'react-i18next';
import { urlOnHost } from '../../app/host-context.tsx';
import { MessagePage, MessageText } from '../../app/message-page.tsx';

/** Shown on a host that serves no workspace: says so, and points to the platform's workspace finder. */
export function UnknownHostPage({ host, platformHost }: { host: string; platformHost: string }) {
  const { t } = useTranslation();
  return (
    <MessagePage
      title={t('errors.unknownHost.pageTitle')}
      heading={t('errors.unknownHost.heading')}
      actions={
        <Button component="a" href={urlOnHost(platformHost, '/workspace/signin')}>
          {t('errors.unknownHost.action')}
        </Button>
      }
    >
      <MessageText>{t('errors.unknownHost.body', { host })}</MessageText>
    </MessagePage>
  );
}
