import {
  CANADA_TRAINING_PRESET,
  type TAutoAssignRule,
  type THigherRiskDepartments,
  type TRecurrenceSettings,
  ZAutoAssignRequest,
  ZRecurrenceSettings,
} from '@app/contract';
import {
  Alert,
  Anchor,
  Button,
  Checkbox,
  Group,
  MultiSelect,
  NumberInput,
  Paper,
  Radio,
  Select,
  SimpleGrid,
  Stack,
  Switch,
  Text,
  Title,
} from '@mantine/core';
import { useMutation, useQuery, useQueryClient } from '@tanstack/react-query';
import { useState } from 'react';
import { useTranslation } from 'react-i18next';
import { Link, useParams } from 'react-router';
import { FullPageLoader } from '../../../app/full-page-loader.tsx';
import { usePhoneCountry } from '../../../app/host-context.tsx';
import { notify } from '../../../app/notify.ts';
import { usePageTitle } from '../../../app/page-title.hook.ts';
import { errorText } from '../../../lib/i18n/error-text.ts';
import { showServerErrors, useContractForm } from '../../common/contract-form.ts';
import { PlainDateInput } from '../../common/date-input.tsx';
import { LoadError } from '../../common/load-error.tsx';
import { useAllBranches, useDepartments } from '../../common/organisation.queries.ts';
import { useCourseDetails } from '../courses/courses.queries.ts';
import {
  automationApi,
  automationKeys,
  useAutoAssignRule,
  useAutomationMutation,
  useRecurrence,
} from './automation.api.ts';

/**
 * `/courses/:courseId/rules` (courses.manage, whole workspace): the course's auto-assign rule (new
 * joiners matching it are enrolled, due N days after joining) and its recurrence (completion
 * expires, a new cycle opens ahead of it) and its higher-risk departments, with the guidance of the
 * workspace's country: Canada's preset (SOR/2020-130 s.12(4)), saved in one step, or India's
 * (POSH Act s.19(c), POSH Rules Rule 13).
 */
export function CourseRulesPage() {
  const { courseId = '' } = useParams();
  const { t } = useTranslation('automation');
  const { t: tErrors } = useTranslation();
  const course = useCourseDetails('workspace', courseId, {});
  const rule = useAutoAssignRule(courseId);
  const recurrence = useRecurrence(courseId);
  const title = course.data?.title ?? '';
  usePageTitle(title ? t('pageTitle', { title }) : t('heading'));
  const country = usePhoneCountry();
  // After the preset is saved, both forms start again from the saved values.
  const [preset, setPreset] = useState(0);
  const qc = useQueryClient();
  const applyPreset = useMutation({
    mutationFn: async () => {
      const r = rule.data?.rule ?? null;
      await automationApi.setRule({
        courseId,
        branchId: r?.branchId ?? null,
        departmentId: r?.departmentId ?? null,
        startJoiningDate: r?.startJoiningDate ?? null,
        endJoiningDate: r?.endJoiningDate ?? null,
        dueDays: CANADA_TRAINING_PRESET.autoAssignDueDays,
        enabled: true,
        applyToExisting: false,
      });
      await automationApi.setRecurrence(courseId, {
        recurrenceDueDays: recurrence.data?.recurrenceDueDays ?? 30,
        expiryNoticeDays: recurrence.data?.expiryNoticeDays ?? 30,
        recurrenceMonths: CANADA_TRAINING_PRESET.recurrenceMonths,
        retrainOnUpdate: CANADA_TRAINING_PRESET.retrainOnUpdate,
      });
    },
    onSettled: async () => {
      await qc.invalidateQueries({ queryKey: automationKeys.all });
      setPreset((n) => n + 1);
    },
  });

  return (
    <Stack gap="lg" maw={960}>
      <Anchor component={Link} to={`/courses/${courseId}/edit`} size="sm">
        {t('back')}
      </Anchor>
      <div>
        <Title order={1} fz={{ base: 24, sm: 30 }} style={{ overflowWrap: 'anywhere' }}>
          {title ? t('pageTitle', { title }) : t('heading')}
        </Title>
        <Text c="dimmed" mt={6}>
          {t('intro')}
        </Text>
      </div>
      {rule.isPending || recurrence.isPending ? (
        <FullPageLoader inline />
      ) : rule.isError || recurrence.isError ? (
        <LoadError
          title={t('loadError')}
          onRetry={() => {
            void rule.refetch();
            void recurrence.refetch();
          }}
        />
      ) : (
        <>
          {country === 'CA' ? (
            <Paper withBorder p="md" radius="md">
              <Stack gap="xs">
                <Text fw={600}>{t('preset.title')}</Text>
                <Text size="sm">{t('preset.text')}</Text>
                <Group>
                  <Button
                    variant="light"
                    onClick={() => applyPreset.mutate()}
                    loading={applyPreset.isPending}
                    data-testid="canada-preset"
                  >
                    {t('preset.apply')}
                  </Button>
                </Group>
                {applyPreset.isSuccess ? (
                  <Text size="sm" c="dimmed" role="status">
                    {t('preset.applied')}
                  </Text>
                ) : null}
                {applyPreset.error ? (
                  <Alert color="red" title={t('preset.failed')}>
                    {errorText(tErrors, applyPreset.error)}
                  </Alert>
                ) : null}
              </Stack>
            </Paper>
          ) : (
            <Paper withBorder p="md" radius="md">
              <Stack gap="xs">
                <Text fw={600}>{t('india.title')}</Text>
                <Text size="sm">{t('india.text')}</Text>
              </Stack>
            </Paper>
          )}
          <RuleForm key={`rule-${preset}`} courseId={courseId} rule={rule.data.rule} />
          <RecurrenceForm
            key={`recurrence-${preset}`}
            courseId={courseId}
            settings={recurrence.data}
            country={country}
          />
          <HigherRiskForm courseId={courseId} />
        </>
      )}
    </Stack>
  );
}

function RuleForm(props: { courseId: string; rule: TAutoAssignRule | null }) {
  const { t } = useTranslation('automation');
  const { t: tErrors } = useTranslation();
  const { rule, courseId } = props;
  const units = useAllBranches();
  const form = useContractForm({
    schema: ZAutoAssignRequest,
    initialValues: {
      branchId: rule?.branchId ?? null,
      departmentId: rule?.departmentId ?? null,
      startJoiningDate: rule?.startJoiningDate ?? null,
      endJoiningDate: rule?.endJoiningDate ?? null,
      dueDays: rule?.dueDays ?? 30,
      enabled: rule?.enabled ?? true,
      applyToExisting: false,
    } as {
      branchId: string | null;
      departmentId: string | null;
      startJoiningDate: string | null;
      endJoiningDate: string | null;
      dueDays: number | string;
      enabled: boolean;
      applyToExisting: boolean;
    },
    toRequest: (v) => ({
      courseId,
      branchId: v.branchId,
      departmentId: v.departmentId,
      startJoiningDate: v.startJoiningDate,
      endJoiningDate: v.endJoiningDate,
      dueDays: typeof v.dueDays === 'number' ? v.dueDays : Number.NaN,
      enabled: v.enabled,
      applyToExisting: v.applyToExisting,
    }),
    messages: {
      dueDays: t('rule.dueDaysRange'),
      endJoiningDate: (issue) => (issue.code === 'custom' ? t('rule.datesOrder') : undefined),
    },
  });
  const departments = useDepartments(form.values.branchId, true);
  const save = useAutomationMutation(automationApi.setRule);
  const reset = useAutomationMutation(automationApi.resetRule);
  const error = save.error ?? reset.error;

  return (
    <Paper withBorder p="md" radius="md" component="section" aria-labelledby="auto-assign-heading">
      <form
        noValidate
        onSubmit={form.onSubmit((body) =>
          save.mutate(body, {
            onSuccess: (r) => {
              // "Apply to existing" is a one-off action, not part of the rule.
              form.setFieldValue('applyToExisting', false);
              notify(r.enrolled > 0 ? t('rule.savedEnrolled', { count: r.enrolled }) : t('rule.saved'));
            },
            onError: (e) => showServerErrors(form, e, ['dueDays', 'startJoiningDate', 'endJoiningDate'], tErrors),
          }),
        )}
      >
        <Stack gap="md">
          <div>
            <Title order={2} fz="lg" id="auto-assign-heading">
              {t('rule.heading')}
            </Title>
            <Text size="sm" c="dimmed" mt={4}>
              {t('rule.intro')}
            </Text>
            <Text size="sm" mt={4} data-testid="rule-state">
              {rule ? (rule.enabled ? t('rule.stateOn') : t('rule.stateOff')) : t('rule.stateNone')}
            </Text>
          </div>
          <Switch label={t('rule.enabled')} {...form.getInputProps('enabled', { type: 'checkbox' })} />
          <SimpleGrid cols={{ base: 1, sm: 2 }}>
            <Select
              label={t('rule.unit')}
              placeholder={t('rule.anyUnit')}
              data={(units.data ?? []).map((u) => ({ value: u.branchId, label: u.branchName }))}
              clearable
              searchable
              {...form.getInputProps('branchId')}
              onChange={(v) => {
                form.setFieldValue('branchId', v);
                form.setFieldValue('departmentId', null);
              }}
            />
            <Select
              label={t('rule.department')}
              placeholder={t('rule.anyDepartment')}
              data={(departments.data?.content ?? [])
                .filter((d) => d.departmentId !== null)
                .map((d) => ({ value: d.departmentId!, label: d.departmentName }))}
              clearable
              searchable
              {...form.getInputProps('departmentId')}
            />
            <PlainDateInput
              label={t('rule.from')}
              description={t('rule.fromHelp')}
              clearable
              {...form.getInputProps('startJoiningDate')}
            />
            <PlainDateInput
              label={t('rule.to')}
              description={t('rule.toHelp')}
              clearable
              {...form.getInputProps('endJoiningDate')}
            />
            <NumberInput
              label={t('rule.dueDays')}
              description={t('rule.dueDaysHelp')}
              min={1}
              max={365}
              allowDecimal={false}
              clampBehavior="none"
              {...form.getInputProps('dueDays')}
            />
          </SimpleGrid>
          <Checkbox
            label={t('rule.applyToExisting')}
            description={t('rule.applyToExistingHelp')}
            {...form.getInputProps('applyToExisting', { type: 'checkbox' })}
          />
          {error ? (
            <Alert color="red" title={t('rule.failed')}>
              {errorText(tErrors, error)}
            </Alert>
          ) : null}
          <Group gap="xs" wrap="wrap">
            <Button type="submit" loading={save.isPending}>
              {t('rule.save')}
            </Button>
            {rule ? (
              <Button
                variant="light"
                color="red"
                loading={reset.isPending}
                onClick={() => reset.mutate(courseId, { onSuccess: () => notify(t('rule.removed')) })}
              >
                {t('rule.reset')}
              </Button>
            ) : null}
          </Group>
        </Stack>
      </form>
    </Paper>
  );
}

function RecurrenceForm(props: { courseId: string; settings: TRecurrenceSettings; country: string }) {
  const { t } = useTranslation('automation');
  const { t: tErrors } = useTranslation();
  const { settings, courseId } = props;
  const months = settings.recurrenceMonths;
  const form = useContractForm({
    schema: ZRecurrenceSettings,
    initialValues: {
      recurs: months !== null,
      recurrenceMonths: (months ?? 36) as number | string,
      recurrenceDueDays: settings.recurrenceDueDays as number | string,
      expiryNoticeDays: settings.expiryNoticeDays as number | string,
      retrainOnUpdate: settings.retrainOnUpdate,
    },
    toRequest: (v) => ({
      recurrenceMonths: v.recurs ? (typeof v.recurrenceMonths === 'number' ? v.recurrenceMonths : Number.NaN) : null,
      recurrenceDueDays: typeof v.recurrenceDueDays === 'number' ? v.recurrenceDueDays : Number.NaN,
      expiryNoticeDays: typeof v.expiryNoticeDays === 'number' ? v.expiryNoticeDays : Number.NaN,
      retrainOnUpdate: v.retrainOnUpdate,
    }),
    messages: {
      recurrenceMonths: t('recurrence.monthsRange'),
      recurrenceDueDays: t('recurrence.dueDaysRange'),
      expiryNoticeDays: t('recurrence.noticeRange'),
    },
  });
  const save = useAutomationMutation((body: TRecurrenceSettings) => automationApi.setRecurrence(courseId, body));

  return (
    <Paper withBorder p="md" radius="md" component="section" aria-labelledby="recurrence-heading">
      <form
        noValidate
        onSubmit={form.onSubmit((body) =>
          save.mutate(body, {
            onSuccess: () => notify(t('recurrence.saved')),
            onError: (e) =>
              showServerErrors(form, e, ['recurrenceMonths', 'recurrenceDueDays', 'expiryNoticeDays'], tErrors),
          }),
        )}
      >
        <Stack gap="md">
          <div>
            <Title order={2} fz="lg" id="recurrence-heading">
              {t('recurrence.heading')}
            </Title>
            <Text size="sm" c="dimmed" mt={4}>
              {t('recurrence.intro')}
            </Text>
            <Text size="sm" mt={4}>
              {props.country === 'CA' ? t('recurrence.canada') : t('india.recurrence')}
            </Text>
          </div>
          <Radio.Group
            label={t('recurrence.label')}
            value={form.values.recurs ? 'yes' : 'no'}
            onChange={(v) => form.setFieldValue('recurs', v === 'yes')}
          >
            <Stack gap="xs" mt="xs">
              <Radio value="no" label={t('recurrence.none')} />
              <Radio value="yes" label={t('recurrence.every')} />
            </Stack>
          </Radio.Group>
          <SimpleGrid cols={{ base: 1, sm: 3 }}>
            <NumberInput
              label={t('recurrence.months')}
              description={t('recurrence.monthsHelp')}
              min={1}
              max={120}
              allowDecimal={false}
              clampBehavior="none"
              disabled={!form.values.recurs}
              {...form.getInputProps('recurrenceMonths')}
            />
            <NumberInput
              label={t('recurrence.dueDays')}
              description={t('recurrence.dueDaysHelp')}
              min={1}
              max={365}
              allowDecimal={false}
              clampBehavior="none"
              {...form.getInputProps('recurrenceDueDays')}
            />
            <NumberInput
              label={t('recurrence.notice')}
              description={t('recurrence.noticeHelp')}
              min={0}
              max={180}
              allowDecimal={false}
              clampBehavior="none"
              {...form.getInputProps('expiryNoticeDays')}
            />
          </SimpleGrid>
          <Switch
            label={t('recurrence.retrain')}
            description={t('recurrence.retrainHelp')}
            {...form.getInputProps('retrainOnUpdate', { type: 'checkbox' })}
          />
          {save.error ? (
            <Alert color="red" title={t('recurrence.failed')}>
              {errorText(tErrors, save.error)}
            </Alert>
          ) : null}
          <Group>
            <Button type="submit" loading={save.isPending}>
              {t('recurrence.save')}
            </Button>
          </Group>
        </Stack>
      </form>
    </Paper>
  );
}

/**
 * The departments marked higher-risk for this course (SOR/2020-130 s.12(4): training on assignment
 * to a higher-risk role): a member moved into one who completed the course takes it again.
 * Departments are picked per business unit; the marks of the other units are kept.
 */
function HigherRiskForm({ courseId }: { courseId: string }) {
  const { t } = useTranslation('automation');
  const { t: tErrors } = useTranslation();
  const units = useAllBranches();
  const [unit, setUnit] = useState<string | null>(null);
  const departments = useDepartments(unit, unit !== null);
  const marked = useQuery({
    queryKey: [...automationKeys.all, 'higher-risk', courseId],
    queryFn: ({ signal }) => automationApi.higherRisk(courseId, signal),
  });
  const save = useAutomationMutation((body: THigherRiskDepartments) => automationApi.setHigherRisk(courseId, body));
  const inUnit = (departments.data?.content ?? []).filter((d) => d.departmentId);
  const unitIds = new Set(inUnit.map((d) => d.departmentId!));
  const all = marked.data?.departmentIds ?? [];
  const [picked, setPicked] = useState<string[] | null>(null);
  const shown = picked ?? all.filter((id) => unitIds.has(id));
  return (
    <Paper withBorder p="md" radius="md" component="section" aria-labelledby="higher-risk-heading">
      <Stack gap="md">
        <div>
          <Title order={2} fz="lg" id="higher-risk-heading">
            {t('higherRisk.heading')}
          </Title>
          <Text size="sm" c="dimmed" mt={4}>
            {t('higherRisk.intro')}
          </Text>
          <Text size="sm" mt={4} data-testid="higher-risk-count">
            {t('higherRisk.count', { count: all.length })}
          </Text>
        </div>
        <SimpleGrid cols={{ base: 1, sm: 2 }}>
          <Select
            label={t('higherRisk.unit')}
            data={(units.data ?? []).map((u) => ({ value: u.branchId, label: u.branchName }))}
            value={unit}
            onChange={(v) => {
              setUnit(v);
              setPicked(null);
            }}
          />
          <MultiSelect
            label={t('higherRisk.departments')}
            data={inUnit.map((d) => ({ value: d.departmentId!, label: d.departmentName }))}
            value={shown}
            onChange={setPicked}
            disabled={unit === null}
          />
        </SimpleGrid>
        {save.error ? (
          <Alert color="red" title={t('higherRisk.failed')}>
            {errorText(tErrors, save.error)}
          </Alert>
        ) : null}
        <Group>
          <Button
            disabled={unit === null || picked === null}
            loading={save.isPending}
            onClick={() =>
              save.mutate(
                { departmentIds: [...all.filter((id) => !unitIds.has(id)), ...(picked ?? [])] },
                {
                  onSuccess: () => {
                    setPicked(null);
                    notify(t('higherRisk.saved'));
                  },
                },
              )
            }
          >
            {t('higherRisk.save')}
          </Button>
        </Group>
      </Stack>
    </Paper>
  );
}
