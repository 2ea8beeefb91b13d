import { type TEscalationGap, type TEscalationUnitRecipients, ZEscalationRecipients } from '@app/contract';
import { Alert, Anchor, Badge, Group, List, Paper, Stack, Text, Title } from '@mantine/core';
import { useQuery } from '@tanstack/react-query';
import { useId } from 'react';
import { useTranslation } from 'react-i18next';
import { Link } from 'react-router';
import { FullPageLoader } from '../../app/full-page-loader.tsx';
import { apiClient } from '../../lib/api/index.ts';
import { LoadError } from './load-error.tsx';

/** Who an overdue course would reach, per unit and department (with a course: its unfinished learners counted). */
const recipients = (courseId: string | undefined, signal?: AbortSignal) =>
  apiClient.request({
    path: '/escalation-setting/recipients',
    query: { escalationType: 'COURSE', ...(courseId ? { courseId } : {}) },
    schema: ZEscalationRecipients,
    signal,
  });

/** The query key of the resolved recipients (the escalation page refreshes it after a change). */
export const reachKey = (courseId?: string) => ['session', 'escalation-recipients', courseId ?? null] as const;

/**
 * Shared by the escalation settings page and learning's course reminders page (texts: the
 * `escalation` namespace, which both routes load). "Who is actually told": for each business unit and department, the people an overdue course
 * reaches at the first threshold (the department's managers) and the second (the person of the
 * setting that applies), as the server resolves them; a warning wherever nobody would be told. With
 * `courseId` (the course's reminders page), each department counts its unfinished learners, and the
 * section links to the escalation settings; without, it links to the courses.
 */
export function EscalationReach({ courseId }: { courseId?: string }) {
  const { t } = useTranslation('escalation');
  const headingId = useId();
  const reach = useQuery({
    queryKey: reachKey(courseId),
    queryFn: ({ signal }) => recipients(courseId, signal),
  });
  return (
    <Paper component="section" aria-labelledby={headingId} withBorder radius="md" p={{ base: 'md', sm: 'lg' }}>
      <Stack gap="md">
        <Title order={2} fz="lg" id={headingId}>
          {t('reach.heading')}
        </Title>
        <Text size="sm" c="dimmed">
          {courseId ? t('reach.introCourse') : t('reach.intro')}
        </Text>
        {courseId ? (
          <Anchor component={Link} to="/settings/escalation" size="sm" w="fit-content">
            {t('reach.toSettings')}
          </Anchor>
        ) : (
          <Text size="sm">
            {t('reach.toCourses')}{' '}
            <Anchor component={Link} to="/courses">
              {t('reach.courses')}
            </Anchor>
          </Text>
        )}
        {reach.isPending ? (
          <FullPageLoader inline />
        ) : reach.isError ? (
          <LoadError title={t('reach.loadError')} onRetry={() => void reach.refetch()} />
        ) : (
          <>
            {reach.data.gaps > 0 ? (
              <Alert color="orange" variant="light" role="status">
                {t('reach.gaps', { count: reach.data.gaps })}
              </Alert>
            ) : null}
            {reach.data.units.map((u) => (
              <UnitReach key={u.branchId} unit={u} course={Boolean(courseId)} />
            ))}
          </>
        )}
      </Stack>
    </Paper>
  );
}

function Gap({ gap }: { gap: TEscalationGap }) {
  const { t } = useTranslation('escalation');
  return (
    <Text size="sm" c="red.9" fw={500}>
      ⚠ {t(`reach.gap.${gap}`)}
    </Text>
  );
}

const nameOf = (p: { name: string | null; email: string | null }) => p.name ?? p.email ?? '';

function UnitReach({ unit, course }: { unit: TEscalationUnitRecipients; course: boolean }) {
  const { t } = useTranslation('escalation');
  const headingId = useId();
  const nobodyAtAll = unit.secondGap === 'NO_SETTING' || unit.secondGap === 'OFF';
  return (
    <Stack component="section" aria-labelledby={headingId} gap={6}>
      <Group gap="xs">
        <Title order={3} fz="md" id={headingId}>
          {unit.branchName}
        </Title>
        {unit.source !== 'NONE' ? (
          <Badge variant="light" color="gray">
            {unit.source === 'UNIT' ? t('reach.sourceUnit') : t('reach.sourceDefault')}
          </Badge>
        ) : null}
      </Group>
      <Text size="sm">
        <Text span fw={500}>
          {t('reach.second')}:
        </Text>{' '}
        {unit.second ? nameOf(unit.second) : '—'}
      </Text>
      {unit.secondGap ? <Gap gap={unit.secondGap} /> : null}
      {nobodyAtAll ? null : (
        <List spacing={4} size="sm">
          {unit.departments.map((d) => (
            <List.Item key={d.departmentId ?? 'none'}>
              <Text size="sm" span fw={500}>
                {d.departmentName ?? t('reach.noDepartment')}
              </Text>{' '}
              <Text size="sm" span c="dimmed">
                ({course ? t('reach.learners', { count: d.learners ?? 0 }) : t('reach.members', { count: d.members })})
              </Text>
              <Text size="sm">
                {t('reach.first')}: {d.first.length > 0 ? d.first.map(nameOf).join(', ') : '—'}
              </Text>
              {d.firstGap ? <Gap gap={d.firstGap} /> : null}
            </List.Item>
          ))}
        </List>
      )}
    </Stack>
  );
}
