import { Alert, Anchor, Badge, Button, Checkbox, Group, Loader, Paper, Stack, Table, Text, Title } from '@mantine/core';
import { useMutation, useQuery, useQueryClient } from '@tanstack/react-query';
import { useState } from 'react';
import { useTranslation } from 'react-i18next';
import { Link, useParams } from 'react-router';
import { usePageTitle } from '../../../app/page-title.hook.ts';
import { useErrorText } from '../../../lib/i18n/error-text.ts';
import { formatWhen, workshopKeys, workshopsApi } from './workshops.api.ts';

/**
 * `/workshops/:id`: a workshop's page for its trainer and the managers in scope — the
 * invitation list with attendance to mark or unmark, and the session code to show at the session.
 */
export function WorkshopPage() {
  const { t, i18n } = useTranslation('workshops');
  const errorText = useErrorText();
  const { id = '' } = useParams();
  const queryClient = useQueryClient();
  const workshop = useQuery({ queryKey: workshopKeys.one(id), queryFn: ({ signal }) => workshopsApi.get(id, signal) });
  usePageTitle(workshop.data?.title ?? t('pageTitle'));
  const [showCode, setShowCode] = useState(false);
  const code = useQuery({
    queryKey: [...workshopKeys.one(id), 'code'],
    queryFn: ({ signal }) => workshopsApi.sessionCode(id, signal),
    enabled: showCode,
    retry: false,
  });
  const mark = useMutation({
    mutationFn: (v: { userId: string; attended: boolean }) => workshopsApi.setAttendance(id, v.userId, v.attended),
    onSettled: () => queryClient.invalidateQueries({ queryKey: workshopKeys.one(id) }),
  });
  if (workshop.isError)
    return (
      <Alert color="red" variant="light" role="alert">
        {errorText(workshop.error, t('loadError'))}
      </Alert>
    );
  const w = workshop.data;
  if (!w) return <Loader aria-label={t('pageTitle')} />;
  const at = formatWhen(w.startsAt, w.timeZone, i18n.language);
  const canMark = w.actions.includes('markAttendance');
  const window = code.data
    ? {
        from: formatWhen(code.data.validFrom, w.timeZone, i18n.language).time,
        until: formatWhen(code.data.validUntil, w.timeZone, i18n.language).time,
      }
    : null;
  return (
    <Stack gap="md" maw={1000}>
      <Anchor component={Link} to="/workshops" size="sm">
        {t('details.back')}
      </Anchor>
      <Group justify="space-between" wrap="wrap">
        <Title order={1} fz={{ base: 24, sm: 30 }}>
          {w.title}
        </Title>
        <Badge color={w.status === 'CANCELLED' ? 'red.8' : 'teal.8'}>{t(`status.${w.status}`)}</Badge>
      </Group>
      <Paper withBorder p="md" radius="md">
        <Stack gap={4}>
          <Text>{t('when', { date: at.date, time: at.time, minutes: w.durationMinutes })}</Text>
          <Text size="sm">{t('zone', { zone: w.timeZone })}</Text>
          {w.location ? (
            <Text>
              {t('place')}: {w.location}
            </Text>
          ) : null}
          {w.onlineUrl ? (
            <Text>
              {t('online')}:{' '}
              <Anchor href={w.onlineUrl} target="_blank" rel="noopener noreferrer">
                {w.onlineUrl}
              </Anchor>
            </Text>
          ) : null}
          <Text>
            {t('trainer')}: {w.trainer.name}
          </Text>
          {w.course ? (
            <Text>
              {t('course')}: {w.course.title}
            </Text>
          ) : null}
          <Text>{t('invitedOf', { invited: w.invited, capacity: w.capacity })}</Text>
        </Stack>
      </Paper>
      {w.actions.includes('showCode') ? (
        <Paper withBorder p="md" radius="md">
          <Stack gap="xs">
            <Title order={2} fz="lg">
              {t('details.code')}
            </Title>
            {code.data && window ? (
              <>
                <Text fz={40} fw={700} ff="monospace" data-testid="session-code" aria-live="polite">
                  {code.data.code}
                </Text>
                <Text size="sm">{t('details.codeHelp', window)}</Text>
              </>
            ) : (
              <Group>
                <Button variant="default" onClick={() => setShowCode(true)} loading={code.isFetching}>
                  {t('details.showCode')}
                </Button>
              </Group>
            )}
            {code.isError ? (
              <Alert color="red" variant="light" role="alert">
                {errorText(code.error)}
              </Alert>
            ) : null}
          </Stack>
        </Paper>
      ) : null}
      <Stack gap="xs">
        <Title order={2} fz="lg">
          {t('details.attendance')}
        </Title>
        <Text>{t('attendedOf', { attended: w.attended, invited: w.invited })}</Text>
        {!canMark && w.status === 'SCHEDULED' ? (
          <Text size="sm" c="dimmed">
            {t('details.notStarted')}
          </Text>
        ) : null}
        {mark.isError ? (
          <Alert color="red" variant="light" role="alert">
            {errorText(mark.error)}
          </Alert>
        ) : null}
        <Table.ScrollContainer minWidth={520}>
          <Table striped aria-label={t('details.attendanceLabel')}>
            <Table.Thead>
              <Table.Tr>
                <Table.Th>{t('details.attended')}</Table.Th>
                <Table.Th>{t('details.name')}</Table.Th>
                <Table.Th>{t('details.department')}</Table.Th>
              </Table.Tr>
            </Table.Thead>
            <Table.Tbody>
              {w.attendees.map((a) => (
                <Table.Tr key={a.userId} data-attendee={a.userId}>
                  <Table.Td>
                    <Checkbox
                      aria-label={t('details.markLabel', { name: a.name })}
                      checked={a.attendedAt !== null}
                      disabled={!canMark || mark.isPending}
                      onChange={(e) => mark.mutate({ userId: a.userId, attended: e.currentTarget.checked })}
                    />
                  </Table.Td>
                  <Table.Td>
                    <Text size="sm" fw={600}>
                      {a.name}
                    </Text>
                    {a.method ? (
                      <Text size="xs" data-method={a.method}>
                        {t(`details.method.${a.method}`)}
                      </Text>
                    ) : null}
                  </Table.Td>
                  <Table.Td>{a.departmentName ?? ''}</Table.Td>
                </Table.Tr>
              ))}
            </Table.Tbody>
          </Table>
        </Table.ScrollContainer>
      </Stack>
    </Stack>
  );
}
