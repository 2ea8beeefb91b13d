import { FEATURE_FLAGS, type TFeatureFlag } from '@app/contract';
import { Badge, Button, Group, Paper, Stack, Switch, TagsInput, Text, Title } from '@mantine/core';
import { useMutation, useQueryClient } from '@tanstack/react-query';
import { useId, useState } from 'react';
import { useTranslation } from 'react-i18next';
import { notify } from '../../app/notify.ts';
import { mainApi } from '../../lib/api/index.ts';
import { errorText } from '../../lib/i18n/error-text.ts';
import { sessionKeys } from '../common/session.queries.ts';
import { normalizeWorkspaceUrls } from './workspace-urls.ts';

/** One flag: its on/off switch and the workspaces it is limited to (empty: all). */
export function FeatureFlagCard({ flag }: { flag: TFeatureFlag }) {
  const { t } = useTranslation('platform');
  const queryClient = useQueryClient();
  const headingId = useId();
  const savedUrls = flag.enabledWorkspaces.map((w) => w.workspaceUrl);
  const [urls, setUrls] = useState<string[]>(savedUrls);
  const dirty = normalizeWorkspaceUrls(urls).join('\n') !== normalizeWorkspaceUrls(savedUrls).join('\n');

  const onFailure = (error: Error) => notify(t('flags.failed', { message: errorText(t, error) }), 'error');
  const store = (flags: TFeatureFlag[]) => queryClient.setQueryData(sessionKeys.featureFlags, flags);

  // The switch shows the requested state at once (set in the same event), until the server answers.
  const [requested, setRequested] = useState<boolean | null>(null);
  const toggle = useMutation({
    mutationFn: (on: boolean) => mainApi.updateFeatureFlag({ key: flag.key, value: on ? 'true' : 'false' }),
    onSuccess: (flags, on) => {
      store(flags);
      notify(on ? t('flags.switchedOn', { key: flag.key }) : t('flags.switchedOff', { key: flag.key }));
    },
    onError: onFailure,
    onSettled: () => setRequested(null),
  });
  const saveScope = useMutation({
    mutationFn: (workspaceUrls: string[]) => mainApi.setFeatureFlagWorkspaces({ key: flag.key, workspaceUrls }),
    onSuccess: (flags) => {
      store(flags);
      notify(t('flags.workspacesSaved', { key: flag.key }));
    },
    onError: onFailure,
  });

  const on = requested ?? flag.value === 'true';
  // A flag the product reads has a name and an explanation in every language; one the operator
  // added is shown by its key, and says that nothing reads it.
  const known = (Object.values(FEATURE_FLAGS) as string[]).includes(flag.key)
    ? (flag.key as (typeof FEATURE_FLAGS)[keyof typeof FEATURE_FLAGS])
    : null;
  return (
    <Paper component="section" aria-labelledby={headingId} withBorder radius="md" p="lg">
      <Stack gap="md">
        <Group justify="space-between" wrap="wrap" gap="xs">
          <Stack gap={2}>
            <Title order={2} id={headingId} fz="md">
              {known ? t(`flags.known.${known}.label`) : flag.key}
            </Title>
            {known ? (
              <Text size="xs" c="dimmed" ff="monospace">
                {t('flags.keyLabel', { key: flag.key })}
              </Text>
            ) : null}
          </Stack>
          <Badge variant="light" color={savedUrls.length ? 'brand' : 'gray'}>
            {savedUrls.length ? t('flags.scopeSome', { count: savedUrls.length }) : t('flags.scopeAll')}
          </Badge>
        </Group>
        <Text size="sm" data-testid="flag-description">
          {known ? t(`flags.known.${known}.description`) : t('flags.custom')}
        </Text>
        <Switch
          label={t('flags.enabled')}
          checked={on}
          onChange={(event) => {
            if (toggle.isPending) return; // stays focusable for keyboard users; one change at a time
            const next = event.currentTarget.checked;
            setRequested(next);
            toggle.mutate(next);
          }}
        />
        <TagsInput
          label={t('flags.workspaces')}
          description={t('flags.workspacesHelp')}
          value={urls}
          onChange={setUrls}
          splitChars={[',', ' ']}
          clearable
        />
        <Group gap="sm">
          <Button
            onClick={() => saveScope.mutate(normalizeWorkspaceUrls(urls))}
            disabled={!dirty}
            loading={saveScope.isPending}
          >
            {t('flags.save')}
          </Button>
          <Button variant="default" onClick={() => setUrls(savedUrls)} disabled={!dirty || saveScope.isPending}>
            {t('flags.reset')}
          </Button>
        </Group>
      </Stack>
    </Paper>
  );
}
