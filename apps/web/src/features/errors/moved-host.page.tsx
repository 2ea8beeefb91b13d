import { Button } from '@mantine/core';
import { useTranslation } from 'react-i18next';
import { urlOnHost } from '../../app/host-context.tsx';
import { MessagePage, MessageText } from '../../app/message-page.tsx';

/**
 * Shown on a host a workspace moved away from (issue 23), while it still points to the new one:
 * says where the workspace is now, with a link there (the same path: a bookmark keeps working).
 */
export function MovedHostPage({ host, newHost, until }: { host: string; newHost: string; until: string | null }) {
  const { t, i18n } = useTranslation();
  const untilText = until ? new Date(until).toLocaleDateString(i18n.language, { dateStyle: 'long' }) : '';
  const path = `${window.location.pathname}${window.location.search}`;
  return (
    <MessagePage
      title={t('errors.movedHost.pageTitle')}
      heading={t('errors.movedHost.heading', { newHost })}
      actions={
        <Button component="a" href={urlOnHost(newHost, path)}>
          {t('errors.movedHost.action', { newHost })}
        </Button>
      }
    >
      <MessageText>{t('errors.movedHost.body', { newHost, host, until: untilText })}</MessageText>
    </MessagePage>
  );
}

/** Shown on the hosts of a retired workspace during its grace period (issue 23): nobody can sign in. */
export function SuspendedHostPage({ host }: { host: string }) {
  const { t } = useTranslation();
  return (
    <MessagePage title={t('errors.suspendedHost.pageTitle')} heading={t('errors.suspendedHost.heading')}>
      <MessageText>{t('errors.suspendedHost.body', { host })}</MessageText>
    </MessagePage>
  );
}
