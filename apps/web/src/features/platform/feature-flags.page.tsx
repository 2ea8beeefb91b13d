import { Stack, Text } from '@mantine/core';
import { useTranslation } from 'react-i18next';
import { FullPageLoader } from '../../app/full-page-loader.tsx';
import { usePageTitle } from '../../app/page-title.hook.ts';
import { useFeatureFlags } from '../common/feature-flags.queries.ts';
import { LoadError } from '../common/load-error.tsx';
import { PageHeading } from '../common/page-heading.tsx';
import { FeatureFlagCard } from './feature-flag-card.tsx';
import { NewFeatureFlagForm } from './new-feature-flag-form.tsx';

/** `/platform/feature-flags` (operator): every flag with its switch and workspace limits. */
export function FeatureFlagsPage() {
  const { t } = useTranslation('platform');
  const flags = useFeatureFlags({ poll: false });
  usePageTitle(t('flags.pageTitle'));

  return (
    <Stack gap="lg" maw={880}>
      <PageHeading title={t('flags.heading')} intro={t('flags.intro')} />
      {flags.isPending ? (
        <FullPageLoader inline />
      ) : flags.isError ? (
        <LoadError title={t('flags.loadError')} onRetry={() => void flags.refetch()} />
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
