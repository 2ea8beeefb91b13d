import {
  CANADA_TRAINING_PRESET,
  type TAutoAssignRule,
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
import { useState } from 'react';
import { useTranslation } from 'react-i18next';
import { Link, useParams } from 'react-router';
import { FullPageLoader } from '../../../app/full-page-loader.tsx';
import { notify } from '../../../app/notify.ts';
import { usePageTitle } from '../../../app/page-title.hook.ts';
import { errorText } from '../../../lib/i18n/error-text.ts';
import { showServerErrors, useContractForm } from '../../common/contract-form.ts';
import { PlainDateInput } from '../../common/date-input.tsx';
import { LoadError } from '../../common/load-error.tsx';
import { useAllBranches, useDepartments } from '../../organisation/organisation.queries.ts';
import { useCourseDetails } from '../courses/courses.queries.ts';
import { automationApi, useAutoAssignRule, useAutomationMutation, useRecurrence } from './automation.api.ts';

/**
 * `/courses/:courseId/rules` (courses.manage, whole workspace): the course's auto-assign rule (new
 * joiners matching it are enrolled, due N days after joining) and its recurrence (completion
 * expires, a new cycle starts), with the Canadian preset (SOR/2020-130 s.12(4)).
 */
export function CourseRulesPage() {
  const { courseId = '' } = useParams();
  const { t } = useTranslation('automation');
  const course = useCourseDetails('workspace', courseId, {});
  const rule = useAutoAssignRule(courseId);
  const recurrence = useRecurrence(courseId);
  const title = course.data?.title ?? '';
  usePageTitle(title ? t('pageTitle', { title }) : t('heading'));
  // The preset fills both forms (each keyed so that it starts again from the preset's values).
  const [preset, setPreset] = useState(0);

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
          <Paper withBorder p="md" radius="md">
            <Stack gap="xs">
              <Text fw={600}>{t('preset.title')}</Text>
              <Text size="sm">{t('preset.text')}</Text>
              <Group>
                <Button variant="light" onClick={() => setPreset((n) => n + 1)} data-testid="canada-preset">
                  {t('preset.apply')}
                </Button>
              </Group>
              {preset > 0 ? (
                <Text size="sm" c="dimmed" role="status">
                  {t('preset.applied')}
                </Text>
              ) : null}
            </Stack>
          </Paper>
          <RuleForm key={`rule-${preset}`} courseId={courseId} rule={rule.data.rule} preset={preset > 0} />
          <RecurrenceForm
            key={`recurrence-${preset}`}
            courseId={courseId}
            settings={recurrence.data}
            preset={preset > 0}
          />
        </>
      )}
    </Stack>
  );
}

function RuleForm(props: { courseId: string; rule: TAutoAssignRule | null; preset: boolean }) {
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
      dueDays: props.preset ? CANADA_TRAINING_PRESET.autoAssignDueDays : (rule?.dueDays ?? 30),
      enabled: props.preset ? true : (rule?.enabled ?? true),
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

function RecurrenceForm(props: { courseId: string; settings: TRecurrenceSettings; preset: boolean }) {
  const { t } = useTranslation('automation');
  const { t: tErrors } = useTranslation();
  const { settings, courseId } = props;
  const months = props.preset ? CANADA_TRAINING_PRESET.recurrenceMonths : settings.recurrenceMonths;
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
              {t('recurrence.canada')}
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
