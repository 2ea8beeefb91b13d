import { Alert, Button, Stack, Text, Title } from '@mantine/core';
import { useTranslation } from 'react-i18next';
import { FullPageLoader } from '../../app/full-page-loader.tsx';
import { usePageTitle } from '../../app/page-title.hook.ts';
import { useFeatureFlags } from '../maintenance/feature-flags.queries.ts';
import { FeatureFlagCard } from './feature-flag-card.tsx';
import { NewFeatureFlagForm } from './new-feature-flag-form.tsx';

/** `/platform/feature-flags` (operator): every flag with its switch and workspace limits. */
export function FeatureFlagsPage() {
  const { t } = useTranslation();
  const flags = useFeatureFlags({ poll: false });
  usePageTitle(t('flags.pageTitle'));

  return (
    <Stack gap="lg" maw={880}>
      <div>
        <Title order={1} fz={{ base: 24, sm: 30 }}>
          {t('flags.heading')}
        </Title>
        <Text c="dimmed" mt={6}>
          {t('flags.intro')}
        </Text>
      </div>
      {flags.isPending ? (
        <FullPageLoader inline />
      ) : flags.isError ? (
        <Alert color="red" variant="light" title={t('flags.loadError')}>
          <Button mt="sm" size="xs" variant="default" onClick={() => void flags.refetch()}>
            {t('common.retry')}
          </Button>
        </Alert>
      ) : (
        <>
          {flags.data.length === 0 ? <Text>{t('flags.empty')}</Text> : null}
          {flags.data.map((flag) => (
            <FeatureFlagCard
              key={`${flag.key}:${flag.enabledWorkspaces.map((w) => w.workspaceUrl).join(',')}`}
              flag={flag}
            />
          ))}
          <NewFeatureFlagForm existing={flags.data} />
        </>
      )}
    </Stack>
  );
}
