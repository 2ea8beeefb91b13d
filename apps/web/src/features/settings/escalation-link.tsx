import { Anchor, Paper, Text } from '@mantine/core';
import { useTranslation } from 'react-i18next';
import { Link } from 'react-router';

/** The settings page's way to the escalation settings (texts: the `escalation` namespace, which the route loads). */
export function EscalationSettingsLink() {
  const { t } = useTranslation('escalation');
  return (
    <Paper withBorder radius="md" p={{ base: 'md', sm: 'lg' }}>
      <Anchor component={Link} to="/settings/escalation" fw={600}>
        {t('escalation.link')}
      </Anchor>
      <Text size="sm" c="dimmed" mt={4}>
        {t('escalation.firstHint')} {t('escalation.secondHint')}
      </Text>
    </Paper>
  );
}
