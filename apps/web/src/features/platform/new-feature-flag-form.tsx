import { FEATURE_FLAGS, type TFeatureFlag, ZCreateFeatureFlagRequest } from '@app/contract';
import { Button, Group, Paper, Text, TextInput, Title } from '@mantine/core';
import { useMutation, useQueryClient } from '@tanstack/react-query';
import { useTranslation } from 'react-i18next';
import { notify } from '../../app/notify.ts';
import { mainApi } from '../../lib/api/index.ts';
import { errorText } from '../../lib/i18n/error-text.ts';
import { useContractForm } from '../common/contract-form.ts';
import { sessionKeys } from '../common/session.queries.ts';

/** Adds a flag, switched off, so the operator can then limit it and turn it on. */
export function NewFeatureFlagForm({ existing }: { existing: readonly TFeatureFlag[] }) {
  const { t } = useTranslation('platform');
  const queryClient = useQueryClient();
  const form = useContractForm({
    schema: ZCreateFeatureFlagRequest,
    initialValues: { key: '' },
    toRequest: (v) => ({ key: v.key.trim(), value: 'false' as const }),
    messages: { key: t('flags.newKeyInvalid') },
  });
  const create = useMutation({
    mutationFn: (newKey: string) => mainApi.createFeatureFlag({ key: newKey, value: 'false' }),
    onSuccess: (flags, newKey) => {
      queryClient.setQueryData(sessionKeys.featureFlags, flags);
      notify(t('flags.created', { key: newKey }));
      form.reset();
    },
    onError: (error) => notify(t('flags.failed', { message: errorText(t, error) }), 'error'),
  });

  const onSubmit = form.onSubmit((body) => create.mutate(body.key));

  const missing = Object.values(FEATURE_FLAGS).filter((known) => !existing.some((f) => f.key === known));
  return (
    <Paper component="section" aria-labelledby="new-flag-heading" withBorder radius="md" p="lg" bg="gray.0">
      <Title order={2} id="new-flag-heading" fz="md" mb="xs">
        {t('flags.newHeading')}
      </Title>
      {missing.length > 0 ? (
        <Text size="sm" mb="sm">
          {t('flags.knownMissing', { keys: missing.join(', ') })}
        </Text>
      ) : null}
      <form onSubmit={onSubmit} noValidate>
        <Group align="flex-start" gap="sm">
          <TextInput
            label={t('flags.newKey')}
            description={t('flags.newKeyHelp')}
            {...form.getInputProps('key')}
            autoCapitalize="none"
            spellCheck={false}
            style={{ flex: '1 1 240px' }}
          />
          <Button type="submit" mt={{ base: 0, sm: 46 }} loading={create.isPending}>
            {t('flags.add')}
          </Button>
        </Group>
      </form>
    </Paper>
  );
}
