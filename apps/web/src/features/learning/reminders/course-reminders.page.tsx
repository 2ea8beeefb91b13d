import type { TCourseDueReminderSettings } from '@app/contract';
import {
  Alert,
  Anchor,
  Button,
  Group,
  NumberInput,
  Paper,
  SimpleGrid,
  Stack,
  Switch,
  Text,
  Title,
} from '@mantine/core';
import { useMutation, useQuery, useQueryClient } from '@tanstack/react-query';
import { useEffect, useId, useState } from 'react';
import { useTranslation } from 'react-i18next';
import { Link, useParams } from 'react-router';
import { ConfirmDialog } from '../../../app/confirm-dialog.tsx';
import { FullPageLoader } from '../../../app/full-page-loader.tsx';
import { notify } from '../../../app/notify.ts';
import { usePageTitle } from '../../../app/page-title.hook.ts';
import { errorText } from '../../../lib/i18n/error-text.ts';
import { EscalationReach } from '../../common/escalation-reach.tsx';
import { LoadError } from '../../common/load-error.tsx';
import { PageHeading } from '../../common/page-heading.tsx';
import { remindersApi } from './reminders.api.ts';

const keys = { settings: (id: string) => ['session', 'lms', 'reminders', id] as const };

/**
 * `/courses/:courseId/reminders` (courses.manage, whole workspace): the course's automatic
 * reminders (on or off, days before and after the due date, notice before a completion expires)
 * and "Send reminder now" to everyone enrolled and not finished.
 */
export function CourseRemindersPage() {
  const { t } = useTranslation('reminders');
  usePageTitle(t('course.pageTitle'));
  const { courseId = '' } = useParams();
  const course = useQuery({
    queryKey: ['session', 'lms', 'reminders', courseId, 'course'],
    queryFn: ({ signal }) => remindersApi.course(courseId, signal),
  });
  const settings = useQuery({
    queryKey: keys.settings(courseId),
    queryFn: ({ signal }) => remindersApi.settings(courseId, signal),
  });

  return (
    <Stack gap="lg" maw={760}>
      <Anchor component={Link} to={`/courses/${courseId}/edit`} size="sm">
        {t('course.back')}
      </Anchor>
      <PageHeading
        title={course.data ? t('course.headingFor', { title: course.data.title }) : t('course.heading')}
        intro={t('course.intro')}
      />
      {settings.isPending ? (
        <FullPageLoader inline />
      ) : settings.isError ? (
        <LoadError title={t('course.loadError')} onRetry={() => void settings.refetch()} />
      ) : (
        <>
          <SendNow courseId={courseId} />
          <SettingsForm initial={settings.data} />
          <EscalationReach courseId={courseId} />
        </>
      )}
    </Stack>
  );
}

function SendNow({ courseId }: { courseId: string }) {
  const { t } = useTranslation('reminders');
  const headingId = useId();
  const [open, setOpen] = useState(false);
  const send = useMutation({
    mutationFn: () => remindersApi.sendNow({ courseId }),
    onSuccess: (r) => {
      setOpen(false);
      notify(
        r.queued === 0 && r.alreadyReminded > 0
          ? t('sendNow.allReminded', { count: r.alreadyReminded })
          : t('sendNow.queued', { count: r.queued }) +
              (r.alreadyReminded > 0 ? ` ${t('sendNow.already', { count: r.alreadyReminded })}` : ''),
      );
    },
  });
  return (
    <Paper component="section" aria-labelledby={headingId} withBorder radius="md" p={{ base: 'md', sm: 'lg' }}>
      <Stack gap="sm">
        <Title order={2} fz="lg" id={headingId}>
          {t('sendNow.heading')}
        </Title>
        <Text size="sm">{t('sendNow.intro')}</Text>
        <Group>
          <Button
            onClick={() => {
              send.reset();
              setOpen(true);
            }}
          >
            {t('sendNow.button')}
          </Button>
        </Group>
      </Stack>
      <ConfirmDialog
        opened={open}
        title={t('sendNow.confirmTitle')}
        message={t('sendNow.confirmBody')}
        confirmLabel={t('sendNow.confirm')}
        pending={send.isPending}
        error={send.error ? errorText(t, send.error, t('sendNow.failed')) : null}
        onConfirm={() => send.mutate()}
        onClose={() => setOpen(false)}
      />
    </Paper>
  );
}

function SettingsForm({ initial }: { initial: TCourseDueReminderSettings }) {
  const { t } = useTranslation('reminders');
  const headingId = useId();
  const qc = useQueryClient();
  const [value, setValue] = useState(initial);
  useEffect(() => setValue(initial), [initial]);
  const apply = (next: TCourseDueReminderSettings) => {
    qc.setQueryData(keys.settings(next.courseId), next);
    setValue(next);
  };
  const toggle = useMutation({
    mutationFn: (enabled: boolean) => remindersApi.toggle(initial.courseId, enabled),
    onSuccess: (next) => {
      apply(next);
      notify(next.remindersEnabled ? t('settings.switchedOn') : t('settings.switchedOff'));
    },
    onError: (err) => notify(errorText(t, err, t('settings.failed')), 'error'),
  });
  const save = useMutation({
    mutationFn: () => remindersApi.saveSettings(value),
    onSuccess: (next) => {
      apply(next);
      notify(t('settings.saved'));
    },
  });
  const num = (v: string | number, fallback: number) =>
    typeof v === 'number' ? v : Number.parseInt(v, 10) || fallback;

  return (
    <Paper component="section" aria-labelledby={headingId} withBorder radius="md" p={{ base: 'md', sm: 'lg' }}>
      <form
        onSubmit={(e) => {
          e.preventDefault();
          save.mutate();
        }}
      >
        <Stack gap="md">
          <Title order={2} fz="lg" id={headingId}>
            {t('settings.heading')}
          </Title>
          <Switch
            label={t('settings.enabled')}
            description={t('settings.enabledHint')}
            checked={value.remindersEnabled}
            disabled={toggle.isPending}
            onChange={(e) => toggle.mutate(e.currentTarget.checked)}
          />
          <SimpleGrid cols={{ base: 1, sm: 3 }} spacing="md">
            <NumberInput
              label={t('settings.before')}
              description={t('settings.beforeHint')}
              min={0}
              max={60}
              allowDecimal={false}
              value={value.remindBeforeDays}
              onChange={(v) => setValue({ ...value, remindBeforeDays: num(v, 0) })}
            />
            <NumberInput
              label={t('settings.after')}
              description={t('settings.afterHint')}
              min={1}
              max={60}
              allowDecimal={false}
              value={value.remindAfterEveryDays}
              onChange={(v) => setValue({ ...value, remindAfterEveryDays: num(v, 1) })}
            />
            <NumberInput
              label={t('settings.expiry')}
              description={t('settings.expiryHint')}
              min={0}
              max={180}
              allowDecimal={false}
              value={value.expiryNoticeDays}
              onChange={(v) => setValue({ ...value, expiryNoticeDays: num(v, 0) })}
            />
          </SimpleGrid>
          {save.error ? (
            <Alert color="red" variant="light" role="alert">
              {errorText(t, save.error, t('settings.failed'))}
            </Alert>
          ) : null}
          <Group>
            <Button type="submit" loading={save.isPending}>
              {t('settings.save')}
            </Button>
          </Group>
        </Stack>
      </form>
    </Paper>
  );
}
