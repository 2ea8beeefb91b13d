import type { TMyWorkshop, TWorkshop } from '@app/contract';
import { Alert, Anchor, Badge, Button, Group, Paper, Stack, Text, TextInput, Title } from '@mantine/core';
import { useMutation, useQuery, useQueryClient } from '@tanstack/react-query';
import { useId, useState } from 'react';
import { useTranslation } from 'react-i18next';
import { Link } from 'react-router';
import { useErrorText } from '../../../lib/i18n/error-text.ts';
import { saveFile } from '../../../lib/save-file.ts';
import { formatWhen, workshopKeys, workshopsApi } from './workshops.api.ts';

/**
 * The member's workshops (issue 21, item 13), on the home page and My learning: each invitation with
 * its time in the workspace's zone, place or link, trainer, the calendar file and "I am here: enter
 * the code" while the session is open; and, for a trainer, the workshops they run (attendance, code).
 */
export function MyWorkshops() {
  const { t } = useTranslation('workshops');
  const headingId = useId();
  const mine = useQuery({ queryKey: workshopKeys.mine, queryFn: ({ signal }) => workshopsApi.mine(signal) });
  const trained = useQuery({
    queryKey: workshopKeys.list('UPCOMING', 0),
    queryFn: ({ signal }) => workshopsApi.list({ when: 'UPCOMING', pageNo: 0 }, signal),
  });
  const invitations = mine.data?.content ?? [];
  const runs = (trained.data?.content ?? []).filter(
    (w) => w.actions.includes('markAttendance') || w.actions.includes('showCode'),
  );
  if (invitations.length === 0 && runs.length === 0) return null;
  return (
    <Paper withBorder radius="md" p={{ base: 'md', sm: 'lg' }} component="section" aria-labelledby={headingId}>
      <Stack gap="md">
        <Title order={2} fz="lg" id={headingId}>
          {t('mine.heading')}
        </Title>
        {invitations.length === 0 ? <Text c="dimmed">{t('mine.none')}</Text> : null}
        {invitations.map((w) => (
          <InvitationCard key={w.id} workshop={w} />
        ))}
        {runs.length > 0 ? (
          <Stack gap="xs">
            <Title order={3} fz="md">
              {t('mine.trainerHeading')}
            </Title>
            {runs.map((w) => (
              <TrainedRow key={w.id} workshop={w} />
            ))}
          </Stack>
        ) : null}
      </Stack>
    </Paper>
  );
}

function TrainedRow({ workshop: w }: { workshop: TWorkshop }) {
  const { t, i18n } = useTranslation('workshops');
  const when = formatWhen(w.startsAt, w.timeZone, i18n.language);
  return (
    <Group justify="space-between" wrap="wrap" gap="xs">
      <Text>
        <Text span fw={600}>
          {w.title}
        </Text>{' '}
        · {when.date}, {when.time}
      </Text>
      <Anchor component={Link} to={`/workshops/${w.id}`}>
        {t('mine.attendance')}
      </Anchor>
    </Group>
  );
}

function InvitationCard({ workshop: w }: { workshop: TMyWorkshop }) {
  const { t, i18n } = useTranslation('workshops');
  const errorText = useErrorText();
  const queryClient = useQueryClient();
  const codeId = useId();
  const [code, setCode] = useState('');
  const [done, setDone] = useState(false);
  const when = formatWhen(w.startsAt, w.timeZone, i18n.language);
  const download = useMutation({
    mutationFn: () => workshopsApi.calendar(w.id),
    onSuccess: (blob) => saveFile(blob, 'workshop.ics'),
  });
  const checkIn = useMutation({
    mutationFn: () => workshopsApi.checkIn(w.id, code.trim()),
    onSuccess: async () => {
      setDone(true);
      await queryClient.invalidateQueries({ queryKey: workshopKeys.mine });
    },
  });
  const cancelled = w.status === 'CANCELLED';
  return (
    <Paper withBorder radius="md" p="md" data-workshop={w.id}>
      <Stack gap="xs">
        <Group justify="space-between" wrap="wrap" gap="xs">
          <Title order={3} fz="md">
            {w.title}
          </Title>
          {cancelled ? <Badge color="red.8">{t('cancelled')}</Badge> : null}
        </Group>
        <Text size="sm">{t('when', { date: when.date, time: when.time, minutes: w.durationMinutes })}</Text>
        {w.location ? (
          <Text size="sm">
            {t('place')}: {w.location}
          </Text>
        ) : null}
        {w.onlineUrl ? (
          <Anchor size="sm" href={w.onlineUrl} target="_blank" rel="noopener noreferrer">
            {t('mine.join')}
          </Anchor>
        ) : null}
        <Text size="sm">
          {t('trainer')}: {w.trainerName}
        </Text>
        {w.course ? (
          <Text size="sm">
            {t('course')}: {w.course.title}
          </Text>
        ) : null}
        {w.attendedAt ? (
          <Alert color="green" variant="light" role="status">
            {done ? t('mine.checkedInNow') : t('mine.checkedIn')}
          </Alert>
        ) : null}
        <Group gap="sm" wrap="wrap">
          {w.actions.includes('downloadCalendar') ? (
            <Button variant="default" size="sm" loading={download.isPending} onClick={() => download.mutate()}>
              {t('mine.download')}
            </Button>
          ) : null}
        </Group>
        {w.actions.includes('checkIn') ? (
          <form
            onSubmit={(e) => {
              e.preventDefault();
              checkIn.mutate();
            }}
          >
            <Stack gap="xs">
              <Title order={4} fz="sm" id={codeId}>
                {t('mine.iAmHere')}
              </Title>
              <Group gap="sm" align="flex-end" wrap="wrap">
                <TextInput
                  label={t('mine.codeLabel')}
                  description={t('mine.codeHelp')}
                  inputMode="numeric"
                  autoComplete="one-time-code"
                  maxLength={6}
                  value={code}
                  onChange={(e) => setCode(e.currentTarget.value.replace(/\D/g, ''))}
                  w={200}
                />
                <Button type="submit" loading={checkIn.isPending} disabled={code.length !== 6}>
                  {t('mine.submit')}
                </Button>
              </Group>
              {checkIn.isError ? (
                <Alert color="red" variant="light" role="alert">
                  {errorText(checkIn.error)}
                </Alert>
              ) : null}
            </Stack>
          </form>
        ) : !w.attendedAt && !cancelled && !w.checkInOpen && new Date(w.startsAt) > new Date() ? (
          <Text size="sm" c="dimmed">
            {t('mine.opensLater')}
          </Text>
        ) : null}
      </Stack>
    </Paper>
  );
}
