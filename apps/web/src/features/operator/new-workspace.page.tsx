import { OFFERED_TIME_ZONES, type TCountry, type TLanguage, ZCreateWorkspaceRequest } from '@app/contract';
import {
  Alert,
  Box,
  Button,
  Group,
  NumberInput,
  Paper,
  Select,
  SimpleGrid,
  Stack,
  Stepper,
  Text,
  TextInput,
  Title,
} from '@mantine/core';
import { useForm } from '@mantine/form';
import { useDebouncedValue } from '@mantine/hooks';
import { useQueryClient } from '@tanstack/react-query';
import { useRef, useState } from 'react';
import { useTranslation } from 'react-i18next';
import { useNavigate } from 'react-router';
import { ConfirmDialog } from '../../app/confirm-dialog.tsx';
import { useHost } from '../../app/host-context.tsx';
import { notify } from '../../app/notify.ts';
import { usePageTitle } from '../../app/page-title.hook.ts';
import { isApiError } from '../../lib/api/api-error.ts';
import { errorText } from '../../lib/i18n/error-text.ts';
import { contractErrors, showServerErrors, type TFieldMessages } from '../common/contract-form.ts';
import { PlainDateInput } from '../common/date-input.tsx';
import { PageHeading } from '../common/page-heading.tsx';
import { useUnsavedChangesGuard } from '../common/unsaved-changes.hook.ts';
import {
  createWizardSubmission,
  fieldOfErrorCode,
  INITIAL_WIZARD_VALUES,
  invitationLanguages,
  normalizeHost,
  STEP_FIELDS,
  stepOfField,
  suggestHost,
  type TWizardStep,
  type TWizardValues,
  toCreateRequest,
  WIZARD_STEPS,
  withCountry,
} from './create-wizard.ts';
import { formatPlainDate } from './format.ts';
import { operatorKeys } from './keys.ts';
import { operatorApi } from './operator.client.ts';
import { useHostAvailability } from './operator.queries.ts';

const REQUEST_FIELDS = Object.values(STEP_FIELDS).flat() as string[];

/** `/platform/workspaces/new` (operator): sign up a customer in five steps, then open its details. */
export function NewWorkspacePage() {
  const { t, i18n } = useTranslation('operator');
  const { t: tCommon } = useTranslation();
  usePageTitle(t('operator.wizard.pageTitle'));
  const { appConfig } = useHost();
  const navigate = useNavigate();
  const queryClient = useQueryClient();
  const [active, setActive] = useState(0);
  const [pending, setPending] = useState(false);
  const [failure, setFailure] = useState<string | null>(null);
  // One idempotency key for the whole wizard (see createWizardSubmission).
  const [submission] = useState(() => createWizardSubmission(operatorApi.create));
  const created = useRef(false);

  const form = useForm<TWizardValues>({ initialValues: INITIAL_WIZARD_VALUES });
  const values = form.getValues();
  const step: TWizardStep = WIZARD_STEPS[active] ?? 'company';
  const guard = useUnsavedChangesGuard(form.isDirty(), { allow: () => created.current });

  const messages: TFieldMessages = {
    companyName: t('operator.wizard.companyRequired'),
    adminFirstName: t('operator.wizard.firstNameRequired'),
    adminEmail: t('operator.wizard.emailInvalid'),
    workspaceUrl: t('operator.wizard.hostInvalid'),
    userLimit: t('operator.wizard.limitInvalid'),
  };

  const host = normalizeHost(values.workspaceUrl);
  const [checkedHost] = useDebouncedValue(host, 400);
  const availability = useHostAvailability(step === 'host' || step === 'review' ? checkedHost : '');
  const hostRefused = availability.data && availability.data.host === host && !availability.data.available;

  /** Checks the fields of `steps`; shows their problems and returns whether there were none. */
  const check = (steps: readonly TWizardStep[]) => {
    const all = contractErrors(ZCreateWorkspaceRequest, toCreateRequest(form.getValues()), messages, tCommon);
    const fields = steps.flatMap((s) => STEP_FIELDS[s]) as string[];
    const errors = Object.fromEntries(Object.entries(all).filter(([k]) => fields.includes(k)));
    form.setErrors(errors);
    const first = Object.keys(errors)[0];
    if (first) {
      setActive(WIZARD_STEPS.indexOf(stepOfField(first)));
      requestAnimationFrame(() => document.getElementById(`wizard-${first}`)?.focus());
      return false;
    }
    return true;
  };

  const next = () => {
    if (!check([step])) return;
    if (step === 'host' && hostRefused) return;
    if (step === 'company' && !form.getValues().workspaceUrl) {
      form.setFieldValue('workspaceUrl', suggestHost(form.getValues().companyName, appConfig.platformHost));
    }
    setActive((a) => Math.min(a + 1, WIZARD_STEPS.length - 1));
  };

  const submit = () => {
    if (!check(WIZARD_STEPS)) return;
    setFailure(null);
    setPending(true);
    submission.submit(toCreateRequest(form.getValues())).then(
      (result) => {
        created.current = true;
        void queryClient.invalidateQueries({ queryKey: operatorKeys.lists });
        notify(t('operator.wizard.created', { name: form.getValues().companyName.trim() }));
        void navigate(`/platform/workspaces/${result.workspaceId}`);
      },
      (error: unknown) => {
        setPending(false);
        if (showServerErrors(form, error, REQUEST_FIELDS, t)) {
          const first = (isApiError(error) ? (error.details ?? []) : [])
            .map((d) => d.path.replace(/^body\./, ''))
            .find((p) => REQUEST_FIELDS.includes(p));
          if (first) setActive(WIZARD_STEPS.indexOf(stepOfField(first)));
          return;
        }
        const field = isApiError(error) ? fieldOfErrorCode(error.code) : null;
        if (field) {
          form.setFieldError(field, errorText(t, error, t('operator.wizard.failed')));
          setActive(WIZARD_STEPS.indexOf(stepOfField(field)));
          return;
        }
        setFailure(errorText(t, error, t('operator.wizard.failed')));
      },
    );
  };

  const languages = invitationLanguages(values.country);
  const suggestion = suggestHost(values.companyName, appConfig.platformHost);
  const hostStatus = () => {
    if (!host || host !== checkedHost) return availability.isFetching ? t('operator.wizard.checking') : null;
    if (availability.isFetching) return t('operator.wizard.checking');
    if (availability.isError) return t('operator.wizard.checkFailed');
    if (!availability.data) return null;
    if (availability.data.available) return t('operator.wizard.available', { host: availability.data.host });
    return t(`operator.wizard.reason.${availability.data.reason ?? 'MALFORMED'}`);
  };

  const reviewRows: [string, string][] = [
    [t('operator.wizard.companyName'), values.companyName.trim()],
    [t('operator.wizard.country'), t(`operator.country.${values.country}`)],
    [t('operator.wizard.timeZone'), values.timeZone],
    [t('operator.wizard.headquarterName'), values.headquarterName.trim() || '—'],
    [t('operator.wizard.host'), host],
    [t('operator.wizard.adminEmail'), values.adminEmail.trim()],
    [t('operator.wizard.adminFirstName'), `${values.adminFirstName.trim()} ${values.adminLastName.trim()}`.trim()],
    [t('operator.wizard.adminLanguage'), t(`languages.${values.adminLanguage}`)],
    [t('operator.wizard.userLimit'), values.userLimit === '' ? t('operator.noLimit') : String(values.userLimit)],
    [
      t('operator.wizard.contractExpiry'),
      values.contractExpiryDate
        ? formatPlainDate(values.contractExpiryDate, i18n.language)
        : t('operator.contract.NONE'),
    ],
  ];

  return (
    <Stack gap="lg" maw={820}>
      <PageHeading title={t('operator.wizard.heading')} intro={t('operator.wizard.intro')} />
      <Box visibleFrom="sm">
        <Stepper active={active} size="sm" allowNextStepsSelect={false} onStepClick={setActive}>
          {WIZARD_STEPS.map((s) => (
            <Stepper.Step key={s} label={t(`operator.wizard.steps.${s}`)} />
          ))}
        </Stepper>
      </Box>
      <Paper withBorder radius="md" p={{ base: 'md', sm: 'lg' }}>
        <form
          noValidate
          onSubmit={(e) => {
            e.preventDefault();
            if (step === 'review') submit();
            else next();
          }}
        >
          <Stack gap="md">
            <div>
              <Text size="sm" c="dimmed">
                {t('operator.wizard.stepOf', { n: active + 1, total: WIZARD_STEPS.length })}
              </Text>
              <Title order={2} fz="lg">
                {t(`operator.wizard.steps.${step}`)}
              </Title>
            </div>

            {step === 'company' ? (
              <>
                <TextInput
                  id="wizard-companyName"
                  label={t('operator.wizard.companyName')}
                  required
                  {...form.getInputProps('companyName')}
                />
                <SimpleGrid cols={{ base: 1, sm: 2 }}>
                  <Select
                    id="wizard-country"
                    label={t('operator.wizard.country')}
                    description={t('operator.wizard.countryHelp')}
                    data={(['IN', 'CA'] as const).map((c) => ({ value: c, label: t(`operator.country.${c}`) }))}
                    value={values.country}
                    onChange={(v) => form.setValues(withCountry(form.getValues(), (v ?? 'IN') as TCountry))}
                    allowDeselect={false}
                  />
                  <Select
                    id="wizard-timeZone"
                    label={t('operator.wizard.timeZone')}
                    description={t('operator.wizard.timeZoneHelp')}
                    data={[...OFFERED_TIME_ZONES]}
                    allowDeselect={false}
                    searchable
                    {...form.getInputProps('timeZone')}
                  />
                </SimpleGrid>
                <TextInput
                  id="wizard-headquarterName"
                  label={t('operator.wizard.headquarterName')}
                  description={t('operator.wizard.headquarterHelp')}
                  {...form.getInputProps('headquarterName')}
                />
              </>
            ) : null}

            {step === 'host' ? (
              <>
                <TextInput
                  id="wizard-workspaceUrl"
                  label={t('operator.wizard.host')}
                  description={t('operator.wizard.hostHelp')}
                  required
                  autoCapitalize="none"
                  autoCorrect="off"
                  spellCheck={false}
                  {...form.getInputProps('workspaceUrl')}
                  error={form.errors.workspaceUrl ?? (hostRefused ? hostStatus() : undefined)}
                />
                <Text size="sm" aria-live="polite" data-testid="host-status" c={hostRefused ? 'red.8' : undefined}>
                  {hostRefused ? null : hostStatus()}
                </Text>
                {suggestion && suggestion !== host ? (
                  <Group>
                    <Button variant="light" size="xs" onClick={() => form.setFieldValue('workspaceUrl', suggestion)}>
                      {t('operator.wizard.suggest', { host: suggestion })}
                    </Button>
                  </Group>
                ) : null}
              </>
            ) : null}

            {step === 'admin' ? (
              <>
                <Text size="sm">{t('operator.wizard.adminHelp')}</Text>
                <TextInput
                  id="wizard-adminEmail"
                  type="email"
                  label={t('operator.wizard.adminEmail')}
                  required
                  {...form.getInputProps('adminEmail')}
                />
                <SimpleGrid cols={{ base: 1, sm: 2 }}>
                  <TextInput
                    id="wizard-adminFirstName"
                    label={t('operator.wizard.adminFirstName')}
                    required
                    {...form.getInputProps('adminFirstName')}
                  />
                  <TextInput
                    id="wizard-adminLastName"
                    label={t('operator.wizard.adminLastName')}
                    {...form.getInputProps('adminLastName')}
                  />
                </SimpleGrid>
                <Select
                  id="wizard-adminLanguage"
                  label={t('operator.wizard.adminLanguage')}
                  data={languages.map((l) => ({ value: l, label: t(`languages.${l}`) }))}
                  value={values.adminLanguage}
                  onChange={(v) => form.setFieldValue('adminLanguage', (v ?? 'en') as TLanguage)}
                  allowDeselect={false}
                  error={form.errors.adminLanguage}
                />
              </>
            ) : null}

            {step === 'limits' ? (
              <SimpleGrid cols={{ base: 1, sm: 2 }}>
                <NumberInput
                  id="wizard-userLimit"
                  label={t('operator.wizard.userLimit')}
                  description={t('operator.wizard.userLimitHelp')}
                  min={1}
                  max={1_000_000}
                  allowDecimal={false}
                  allowNegative={false}
                  {...form.getInputProps('userLimit')}
                />
                <PlainDateInput
                  id="wizard-contractExpiryDate"
                  label={t('operator.wizard.contractExpiry')}
                  description={t('operator.wizard.contractHelp')}
                  clearable
                  {...form.getInputProps('contractExpiryDate')}
                />
              </SimpleGrid>
            ) : null}

            {step === 'review' ? (
              <>
                <Text>{t('operator.wizard.reviewIntro')}</Text>
                <Box component="dl" m={0}>
                  {reviewRows.map(([label, value]) => (
                    <Group key={label} gap="xs" wrap="wrap" align="baseline" py={4}>
                      <Text component="dt" fw={600} size="sm" miw={180}>
                        {label}
                      </Text>
                      <Text component="dd" m={0} size="sm" style={{ overflowWrap: 'anywhere' }}>
                        {value}
                      </Text>
                    </Group>
                  ))}
                </Box>
                {hostRefused ? (
                  <Alert color="red" variant="light" role="alert">
                    {hostStatus()}
                  </Alert>
                ) : null}
              </>
            ) : null}

            {failure ? (
              <Alert color="red" variant="light" role="alert" title={t('operator.wizard.failed')}>
                {failure}
              </Alert>
            ) : null}

            <Group justify="space-between">
              <Button variant="default" disabled={active === 0 || pending} onClick={() => setActive((a) => a - 1)}>
                {t('operator.wizard.back')}
              </Button>
              <Button type="submit" loading={pending}>
                {step === 'review' ? t('operator.wizard.create') : t('operator.wizard.next')}
              </Button>
            </Group>
          </Stack>
        </form>
      </Paper>
      <ConfirmDialog
        opened={guard.asking}
        title={t('operator.wizard.leaveTitle')}
        message={t('operator.wizard.leaveBody')}
        confirmLabel={t('operator.wizard.leave')}
        onConfirm={guard.proceed}
        onClose={guard.stay}
      />
    </Stack>
  );
}
