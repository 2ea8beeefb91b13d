import {
  ADMIN_IP_RANGES_MAX,
  BUILT_AREAS,
  ipInRanges,
  OFFERED_TIME_ZONES,
  PHONE_EXAMPLES,
  parseCidr,
  parsePhone,
  type TUpdateWorkspaceSettingsRequest,
  type TWorkspaceSettings,
  WHITE_LABEL_AREAS,
  ZUpdateWorkspaceSettingsRequest,
} from '@app/contract';
import {
  Button,
  ColorInput,
  Group,
  Paper,
  Select,
  SimpleGrid,
  Stack,
  Switch,
  Text,
  Textarea,
  TextInput,
  Title,
} from '@mantine/core';
import { useMutation } from '@tanstack/react-query';
import { useEffect, useId, useMemo } from 'react';
import { useTranslation } from 'react-i18next';
import { useLocation } from 'react-router';
import { normalizeHex } from '../../app/brand-colors.ts';
import { ConfirmDialog } from '../../app/confirm-dialog.tsx';
import { FullPageLoader } from '../../app/full-page-loader.tsx';
import { useHost } from '../../app/host-context.tsx';
import { notify } from '../../app/notify.ts';
import { usePageTitle } from '../../app/page-title.hook.ts';
import { isApiError, mainApi } from '../../lib/api/index.ts';
import { errorText } from '../../lib/i18n/error-text.ts';
import { listOf } from '../../lib/i18n/list.ts';
import { useContractForm } from '../common/contract-form.ts';
import { LoadError } from '../common/load-error.tsx';
import { LogoPicker } from '../common/logo-picker.tsx';
import { PageHeading } from '../common/page-heading.tsx';
import { useApplySettings, useWorkspaceSettings } from '../common/settings.queries.ts';
import { useUnsavedChangesGuard } from '../common/unsaved-changes.hook.ts';
import { ForbiddenPage } from '../errors/forbidden.page.tsx';
import { BrandPreview } from './brand-preview.tsx';
import { EscalationSettingsLink } from './escalation-link.tsx';

/**
 * The switches the page shows: the built areas only. An area not built yet keeps its stored value
 * (the form sends it back unchanged) but shows no switch until its issue adds it to BUILT_AREAS.
 */
const SHOWN_AREAS = WHITE_LABEL_AREAS.filter((a) => BUILT_AREAS.includes(a));
/** The areas not built yet, which the page names as coming (never the built ones). */
const COMING_AREAS = WHITE_LABEL_AREAS.filter((a) => !BUILT_AREAS.includes(a));

/** The concerned authority as the form's inputs hold it (empty strings for what is not given). */
type TAuthorityFields = { name: string; designation: string; email: string; phone: string };

function authorityFields(saved: TWorkspaceSettings): TAuthorityFields {
  const c = saved.concernedAuthority;
  return { name: c?.name ?? '', designation: c?.designation ?? '', email: c?.email ?? '', phone: c?.phone ?? '' };
}

/** The request's concerned authority: null when every field is empty (no contact). */
function authorityRequest(a: TAuthorityFields) {
  const v = { name: a.name.trim(), designation: a.designation.trim(), email: a.email.trim(), phone: a.phone.trim() };
  if (!v.name && !v.designation && !v.email && !v.phone) return null;
  return { name: v.name, designation: v.designation || null, email: v.email || null, phone: v.phone || null };
}

/** The ranges typed in the text area: one a line, blank lines ignored. */
const rangeLines = (text: string): string[] =>
  text
    .split(/\r?\n/)
    .map((l) => l.trim())
    .filter(Boolean);

/** What is wrong with the typed ranges (null: nothing): malformed lines, too many, or a list leaving out `ip`. */
function rangesProblem(
  ranges: string[],
  ip: string,
): { key: 'invalid'; ranges: string } | { key: 'tooMany' } | { key: 'lockOut' } | null {
  const bad = ranges.filter((r) => parseCidr(r) === null);
  if (bad.length > 0) return { key: 'invalid', ranges: bad.join(', ') };
  if (ranges.length > ADMIN_IP_RANGES_MAX || new Set(ranges).size !== ranges.length) return { key: 'tooMany' };
  if (ranges.length > 0 && !ipInRanges(ip, ranges)) return { key: 'lockOut' };
  return null;
}

/** An example number in the workspace country's international form. */
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
  const { t, i18n } = useTranslation('settings');
  const { profile } = useHost();
  const apply = useApplySettings();
  const brandId = useId();
  const areasId = useId();
  const signUpId = useId();
  const zoneId = useId();
  const authorityId = useId();
  const ipRangesId = useId();
  const { hash } = useLocation();
  // Opened from the home page's "who to contact" card: show that section.
  useEffect(() => {
    if (hash) document.getElementById(hash.slice(1))?.scrollIntoView();
  }, [hash]);
  const country = saved.country ?? 'IN';
  const phone = PHONE_EXAMPLES[country];
  // The contract takes the phone as typed; the form also checks it is a number of the workspace's country.
  const schema = useMemo(
    () =>
      ZUpdateWorkspaceSettingsRequest.superRefine((request, issues) => {
        const typed = request.concernedAuthority?.phone;
        if (typed && !parsePhone(typed, country).ok)
          issues.addIssue({ code: 'custom', path: ['concernedAuthority', 'phone'], message: 'PHONE_INVALID' });
      }),
    [country],
  );

  // The colour as the picker shows it (with `#`); the request carries six hex digits.
  const initialValues = {
    color: `#${saved.backgroundColor}`,
    whiteLabel: saved.whiteLabel,
    bulkSignUpEnabled: saved.bulkSignUpEnabled,
    timeZone: saved.timeZone ?? null,
    authority: authorityFields(saved),
    ipRanges: saved.adminIpRanges.join('\n'),
  };
  const form = useContractForm({
    schema,
    initialValues,
    toRequest: (v) => ({
      backgroundColor: normalizeHex(v.color)?.slice(1) ?? '',
      bulkSignUpEnabled: v.bulkSignUpEnabled,
      whiteLabel: v.whiteLabel,
      // The time zone only when it changes (the server re-plans per-zone schedules then).
      ...(v.timeZone && v.timeZone !== saved.timeZone ? { timeZone: v.timeZone } : {}),
      concernedAuthority: authorityRequest(v.authority),
      // The ranges only when they change (the server refuses a list that leaves out the saver).
      ...(rangeLines(v.ipRanges).join('\n') !== saved.adminIpRanges.join('\n')
        ? { adminIpRanges: rangeLines(v.ipRanges) }
        : {}),
    }),
    messages: {
      'concernedAuthority.name': t('settings.authority.nameRequired'),
      'concernedAuthority.email': (issue) =>
        issue.code === 'custom' ? t('settings.authority.oneWay') : t('settings.authority.emailInvalid'),
      'concernedAuthority.phone': t('settings.authority.phoneInvalid', {
        example: phone.national,
        international: phone.international,
      }),
    },
    fieldOf: {
      'concernedAuthority.name': 'authority.name',
      'concernedAuthority.designation': 'authority.designation',
      'concernedAuthority.email': 'authority.email',
      'concernedAuthority.phone': 'authority.phone',
    },
  });
  const { color, whiteLabel, bulkSignUpEnabled, timeZone, authority, ipRanges } = form.values;
  const ranges = rangeLines(ipRanges);
  const rangesChanged = ranges.join('\n') !== saved.adminIpRanges.join('\n');
  const problem = rangesChanged ? rangesProblem(ranges, saved.yourIp) : null;
  const validColor = normalizeHex(color);
  // The offered zones, and the saved one when it was set to another through the API.
  const zones = [...OFFERED_TIME_ZONES, ...(saved.timeZone && !isOffered(saved.timeZone) ? [saved.timeZone] : [])];
  const zoneLabel = (zone: string) => (isOffered(zone) ? t(`settings.timeZone.zones.${zone}`) : zone);
  const dirty =
    validColor?.slice(1) !== saved.backgroundColor ||
    bulkSignUpEnabled !== saved.bulkSignUpEnabled ||
    timeZone !== (saved.timeZone ?? null) ||
    WHITE_LABEL_AREAS.some((a) => whiteLabel[a] !== saved.whiteLabel[a]) ||
    JSON.stringify(authorityRequest(authority)) !== JSON.stringify(authorityRequest(authorityFields(saved))) ||
    rangesChanged;
  // Leaving the page (a link, Back, closing the tab) with unsaved changes asks first.
  const leaving = useUnsavedChangesGuard(dirty);

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
      <EscalationSettingsLink />
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
          {SHOWN_AREAS.map((area) => (
            <Switch
              key={area}
              label={t(`settings.areas.${area}.label`)}
              description={t(`settings.areas.${area}.description`)}
              {...form.getInputProps(`whiteLabel.${area}`, { type: 'checkbox' })}
            />
          ))}
          {COMING_AREAS.length > 0 ? (
            <Text c="dimmed" size="sm" data-testid="areas-coming">
              {t('settings.areas.comingNote', {
                areas: listOf(
                  i18n.language,
                  COMING_AREAS.map((a) => t(`settings.areas.${a}.label`)),
                ),
              })}
            </Text>
          ) : null}
        </Stack>
      </Paper>

      <Paper
        component="section"
        aria-labelledby={authorityId}
        id="concerned-authority"
        withBorder
        radius="md"
        p={{ base: 'md', sm: 'lg' }}
      >
        <Title order={2} fz="lg" id={authorityId}>
          {t('settings.authority.heading')}
        </Title>
        <Text c="dimmed" size="sm" mt={4} mb="md">
          {t(`settings.authority.intro.${saved.country ?? 'IN'}`)}
        </Text>
        {!whiteLabel.concernedAuthority ? (
          <Text size="sm" fw={600} mb="md">
            {t('settings.authority.off')}
          </Text>
        ) : null}
        <SimpleGrid cols={{ base: 1, sm: 2 }} spacing="md">
          <TextInput
            label={t('settings.authority.name')}
            autoComplete="off"
            maxLength={120}
            {...form.getInputProps('authority.name')}
          />
          <TextInput
            label={t('settings.authority.designation')}
            description={t('settings.authority.designationHelp')}
            inputWrapperOrder={['label', 'input', 'description', 'error']}
            autoComplete="off"
            maxLength={120}
            {...form.getInputProps('authority.designation')}
          />
          <TextInput
            label={t('settings.authority.email')}
            type="email"
            autoComplete="off"
            {...form.getInputProps('authority.email')}
          />
          <TextInput
            label={t('settings.authority.phone')}
            description={t('settings.authority.phoneHelp', {
              example: phone.national,
              international: phone.international,
            })}
            inputWrapperOrder={['label', 'input', 'description', 'error']}
            type="tel"
            autoComplete="off"
            dir="ltr"
            {...form.getInputProps('authority.phone')}
          />
        </SimpleGrid>
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

      <Paper component="section" aria-labelledby={ipRangesId} withBorder radius="md" p={{ base: 'md', sm: 'lg' }}>
        <Title order={2} fz="lg" id={ipRangesId} mb="xs">
          {t('settings.ipRanges.heading')}
        </Title>
        <Stack gap="sm">
          <Text size="sm">{t('settings.ipRanges.intro')}</Text>
          <Text size="sm" fw={500}>
            {saved.elevateIpOn ? t('settings.ipRanges.modeOn') : t('settings.ipRanges.modeOff')}
          </Text>
          <Textarea
            label={t('settings.ipRanges.label')}
            description={t('settings.ipRanges.description', { max: ADMIN_IP_RANGES_MAX })}
            autosize
            minRows={3}
            maxRows={12}
            maw={480}
            spellCheck={false}
            {...form.getInputProps('ipRanges')}
            error={
              problem === null
                ? undefined
                : problem.key === 'invalid'
                  ? t('settings.ipRanges.invalid', { ranges: problem.ranges })
                  : problem.key === 'tooMany'
                    ? t('settings.ipRanges.tooMany', { max: ADMIN_IP_RANGES_MAX })
                    : t('settings.ipRanges.lockOut', { ip: saved.yourIp })
            }
          />
          <Text size="sm" c="dimmed">
            {t('settings.ipRanges.yourIp', { ip: saved.yourIp })}
          </Text>
        </Stack>
      </Paper>

      <Group gap="sm">
        <Button
          onClick={() => form.onSubmit((body) => save.mutate(body))()}
          loading={save.isPending}
          disabled={!dirty || !validColor || problem !== null}
        >
          {t('settings.save')}
        </Button>
        <Button variant="default" disabled={!dirty || save.isPending} onClick={() => form.setValues(initialValues)}>
          {t('settings.reset')}
        </Button>
      </Group>
      <ConfirmDialog
        opened={leaving.asking}
        title={t('settings.leave.title')}
        message={t('settings.leave.body')}
        confirmLabel={t('settings.leave.confirm')}
        onConfirm={leaving.proceed}
        onClose={leaving.stay}
      />
    </Stack>
  );
}
