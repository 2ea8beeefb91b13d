import { LIMITS } from '@app/contract';
import { Group, Loader, Text } from '@mantine/core';
import { useTranslation } from 'react-i18next';
import { useBrandName } from '../../app/host-context.tsx';
import { MessagePage, MessageText } from '../../app/message-page.tsx';

/** Shown instead of the app while the `maintenance` flag is on for this workspace; lifts by itself. */
export function MaintenancePage() {
  const { t } = useTranslation();
  const company = useBrandName();
  return (
    <MessagePage title={t('maintenance.pageTitle')} heading={t('maintenance.heading')}>
      <MessageText>{t('maintenance.body', { company })}</MessageText>
      <Group justify="center" gap="xs" mt="lg" role="status">
        <Loader size="xs" color="gray" />
        <Text size="sm" inherit>
          {t('maintenance.checking', { seconds: LIMITS.featureFlagPollMs / 1000 })}
        </Text>
      </Group>
    </MessagePage>
  );
}
