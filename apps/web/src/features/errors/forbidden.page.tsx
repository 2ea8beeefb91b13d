import { Button } from '@mantine/core';
import { useTranslation } from 'react-i18next';
import { Link } from 'react-router';
import { MessagePage, MessageText } from '../../app/message-page.tsx';
import { switchedOffArea } from './area-off.ts';

/**
 * Inside the shell: a page this account may not use (the server would refuse it anyway). Given the
 * refusal, a part of the platform the workspace switched off is explained as such.
 */
export function ForbiddenPage({ error }: { error?: unknown } = {}) {
  const { t } = useTranslation();
  const area = switchedOffArea(error);
  const action = (
    <Button component={Link} to="/dashboard">
      {t('errors.forbidden.action')}
    </Button>
  );
  if (area) {
    const name = t(`areaOff.areas.${area}`);
    return (
      <MessagePage
        inline
        title={t('areaOff.pageTitle')}
        heading={t('areaOff.heading', { area: name })}
        actions={action}
      >
        <MessageText>{t('areaOff.body', { area: name })}</MessageText>
      </MessagePage>
    );
  }
  return (
    <MessagePage
      inline
      title={t('errors.forbidden.pageTitle')}
      heading={t('errors.forbidden.heading')}
      actions={action}
    >
      <MessageText>{t('errors.forbidden.body')}</MessageText>
    </MessagePage>
  );
}
