import {
  OFFERED_TIME_ZONES,
  type TUpdateWorkspaceSettingsRequest,
  type TWhiteLabel,
  type TWorkspaceSettings,
  ZUpdateWorkspaceSettingsRequest,
} from '@app/contract';
import { Button, ColorInput, Group, Paper, Select, SimpleGrid, Stack, Switch, Text, Title } from '@mantine/core';
import { useMutation } from '@tanstack/react-query';
import { useId } from 'react';
import { useTranslation } from 'react-i18next';
import { normalizeHex } from '../../app/brand-colors.ts';
import { FullPageLoader } from '../../app/full-page-loader.tsx';
import { useHost } from '../../app/host-context.tsx';
import { notify } from '../../app/notify.ts';
import { usePageTitle } from '../../app/page-title.hook.ts';
import { isApiError, mainApi } from '../../lib/api/index.ts';
import { errorText } from '../../lib/i18n/error-text.ts';
import { useContractForm } from '../common/contract-form.ts';
import { LoadError } from '../common/load-error.tsx';
import { LogoPicker } from '../common/logo-picker.tsx';
import { PageHeading } from '../common/page-heading.tsx';
import { ForbiddenPage } from '../errors/forbidden.page.tsx';
import { BrandPreview } from './brand-preview.tsx';
import { useApplySettings, useWorkspaceSettings } from './settings.queries.ts';

/** The white-label areas, in the order the page lists them. */
const AREAS: (keyof TWhiteLabel)[] = ['cms', 'lms', 'policies', 'compliance', 'concernedAuthority'];

type OfferedZone = (typeof OFFERED_TIME_ZONES)[number];
const isOffered = (zone: string): zone is OfferedZone => (OFFERED_TIME_ZONES as readonly string[]).includes(zone);

const SWATCHES = ['#1F6FEB', '#0B7285', '#2B8A3E', '#C92A2A', '#862E9C', '#E8590C', '#364FC7', '#495057'];

/** `/settings` (workspace admin): logo, brand colour, the white-label switches, bulk sign-up and the time zone. */
export function SettingsPage() {
  const { t } = useTranslation('settings');
  usePageTitle(t('settings.pageTitle'));
  const settings = useWorkspaceSettings();

  if (settings.isError && isApiError(settings.error, 403)) return <ForbiddenPage />;
  return (
    <Stack gap="lg" maw={960}>
      <PageHeading title={t('settings.heading')} intro={t('settings.intro')} />
      {settings.isPending ? (
        <FullPageLoader inline />
      ) : settings.isError ? (
        <LoadError title={t('settings.loadError')} onRetry={() => void settings.refetch()} />
      ) : (
        <SettingsForm saved={settings.data} />
      )}
    </Stack>
  );
}

function SettingsForm({ saved }: { saved: TWorkspaceSettings }) {
  const { t } = useTranslation('settings');
  const { profile } = useHost();
  const apply = useApplySettings();
  const brandId = useId();
  const areasId = useId();
  const signUpId = useId();
  const zoneId = useId();

  // The colour as the picker shows it (with `#`); the request carries six hex digits.
  const initialValues = {
    color: `#${saved.backgroundColor}`,
    whiteLabel: saved.whiteLabel,
    bulkSignUpEnabled: saved.bulkSignUpEnabled,
    timeZone: saved.timeZone ?? null,
  };
  const form = useContractForm({
    schema: ZUpdateWorkspaceSettingsRequest,
    initialValues,
    toRequest: (v) => ({
      backgroundColor: normalizeHex(v.color)?.slice(1) ?? '',
      bulkSignUpEnabled: v.bulkSignUpEnabled,
      whiteLabel: v.whiteLabel,
      // The time zone only when it changes (the server re-plans per-zone schedules then).
      ...(v.timeZone && v.timeZone !== saved.timeZone ? { timeZone: v.timeZone } : {}),
    }),
  });
  const { color, whiteLabel, bulkSignUpEnabled, timeZone } = form.values;
  const validColor = normalizeHex(color);
  // The offered zones, and the saved one when it was set to another through the API.
  const zones = [...OFFERED_TIME_ZONES, ...(saved.timeZone && !isOffered(saved.timeZone) ? [saved.timeZone] : [])];
  const zoneLabel = (zone: string) => (isOffered(zone) ? t(`settings.timeZone.zones.${zone}`) : zone);
  const dirty =
    validColor?.slice(1) !== saved.backgroundColor ||
    bulkSignUpEnabled !== saved.bulkSignUpEnabled ||
    timeZone !== (saved.timeZone ?? null) ||
    AREAS.some((a) => whiteLabel[a] !== saved.whiteLabel[a]);

  const failed = (error: Error) => notify(t('settings.failed', { message: errorText(t, error) }), 'error');
  const save = useMutation({
    mutationFn: (body: TUpdateWorkspaceSettingsRequest) => mainApi.updateWorkspaceSettings(body),
    onSuccess: (next) => {
      apply(next);
      notify(t('settings.saved'));
    },
    onError: failed,
  });
  return (
    <Stack gap="lg">
      <Paper component="section" aria-labelledby={brandId} withBorder radius="md" p={{ base: 'md', sm: 'lg' }}>
        <Title order={2} fz="lg" id={brandId} mb="md">
          {t('settings.brand.heading')}
        </Title>
        <SimpleGrid cols={{ base: 1, sm: 2 }} spacing="xl">
          <Stack gap="lg">
            <LogoPicker
              logo={saved.companyLogo}
              label={t('settings.logo.label')}
              none={t('settings.logo.none')}
              previewAlt={t('settings.logo.current')}
              onUpload={async (file) => {
                apply(await mainApi.uploadWorkspaceLogo(file));
                notify(t('settings.logo.uploaded'));
              }}
              onRemove={async () => {
                apply(await mainApi.deleteWorkspaceLogo());
                notify(t('settings.logo.removed'));
              }}
            />
            <ColorInput
              label={t('settings.color.label')}
              description={t('settings.color.help')}
              {...form.getInputProps('color')}
              format="hex"
              swatches={SWATCHES}
              swatchesPerRow={8}
              error={validColor ? undefined : t('settings.color.invalid')}
              closeOnColorSwatchClick
              eyeDropperButtonProps={{ 'aria-label': t('settings.color.eyeDropper') }}
            />
          </Stack>
          <Stack gap="xs">
            <Text fw={600} component="h3" fz="sm" m={0}>
              {t('settings.preview.title')}
            </Text>
            <BrandPreview
              color={validColor ?? `#${saved.backgroundColor}`}
              logo={saved.companyLogo}
              companyName={profile?.companyName ?? ''}
            />
          </Stack>
        </SimpleGrid>
      </Paper>

      <Paper component="section" aria-labelledby={areasId} withBorder radius="md" p={{ base: 'md', sm: 'lg' }}>
        <Title order={2} fz="lg" id={areasId}>
          {t('settings.areas.heading')}
        </Title>
        <Text c="dimmed" size="sm" mt={4} mb="md">
          {t('settings.areas.intro')}
        </Text>
        <Stack gap="md">
          {AREAS.map((area) => (
            <Switch
              key={area}
              label={t(`settings.areas.${area}.label`)}
              description={t(`settings.areas.${area}.description`)}
              {...form.getInputProps(`whiteLabel.${area}`, { type: 'checkbox' })}
            />
          ))}
        </Stack>
      </Paper>

      <Paper component="section" aria-labelledby={signUpId} withBorder radius="md" p={{ base: 'md', sm: 'lg' }}>
        <Title order={2} fz="lg" id={signUpId} mb="md">
          {t('settings.signUp.heading')}
        </Title>
        <Switch
          label={t('settings.signUp.label')}
          description={t('settings.signUp.description')}
          {...form.getInputProps('bulkSignUpEnabled', { type: 'checkbox' })}
        />
      </Paper>

      {saved.timeZone && (
        <Paper component="section" aria-labelledby={zoneId} withBorder radius="md" p={{ base: 'md', sm: 'lg' }}>
          <Title order={2} fz="lg" id={zoneId} mb="md">
            {t('settings.timeZone.heading')}
          </Title>
          <Select
            label={t('settings.timeZone.label')}
            description={t('settings.timeZone.description')}
            data={zones.map((zone) => ({ value: zone, label: zoneLabel(zone) }))}
            {...form.getInputProps('timeZone')}
            allowDeselect={false}
            maw={480}
          />
        </Paper>
      )}

      <Group gap="sm">
        <Button
          onClick={() => form.onSubmit((body) => save.mutate(body))()}
          loading={save.isPending}
          disabled={!dirty || !validColor}
        >
          {t('settings.save')}
        </Button>
        <Button variant="default" disabled={!dirty || save.isPending} onClick={() => form.setValues(initialValues)}>
          {t('settings.reset')}
        </Button>
      </Group>
    </Stack>
  );
}
