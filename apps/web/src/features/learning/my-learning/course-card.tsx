import type { TLearnerStatus, TMyCourse } from '@app/contract';
import { Badge, Button, Group, Paper, Progress, Stack, Text, Title } from '@mantine/core';
import { useTranslation } from 'react-i18next';
import { Link } from 'react-router';
import { CertificateDownloadButton } from '../certificates/certificate-download-button.tsx';
import { formatDay } from './dates.ts';

/** A tinted badge keeps the text colour, which has its contrast on every tint (axe). */
const READABLE = { root: { color: 'var(--mantine-color-text)' } };

export const STATUS_COLOR: Record<TLearnerStatus, string> = {
  NOT_STARTED: 'blue',
  IN_PROGRESS: 'indigo',
  DUE_SOON: 'orange',
  OVERDUE: 'red',
  COMPLETED: 'teal',
};

/** One of the learner's courses: status, due date in their zone, progress, what to do next. */
export function CourseCard({ course, timeZone }: { course: TMyCourse; timeZone: string }) {
  const { t, i18n } = useTranslation('learner');
  const day = (iso: string) => formatDay(iso, timeZone, i18n.language);
  const action =
    course.status === 'COMPLETED' ? 'review' : course.progressPercent > 0 || course.startedAt ? 'resume' : 'start';
  return (
    <Paper withBorder radius="md" p="md" component="article" aria-labelledby={`course-${course.enrolmentId}`}>
      <Stack gap="xs">
        <Group justify="space-between" align="flex-start" wrap="nowrap" gap="xs">
          <Title order={3} fz="md" id={`course-${course.enrolmentId}`} style={{ overflowWrap: 'anywhere' }}>
            {course.title}
          </Title>
          <Badge styles={READABLE} color={STATUS_COLOR[course.status]} variant="light" style={{ flexShrink: 0 }}>
            {t(`learner.status.${course.status}`)}
          </Badge>
        </Group>
        <Text size="sm" c="dimmed">
          {course.completedAt
            ? t('learner.completedOn', { date: day(course.completedAt) })
            : course.dueAt
              ? t('learner.due', { date: day(course.dueAt) })
              : t('learner.noDue')}
          {course.expiresAt ? ` · ${t('learner.validUntil', { date: day(course.expiresAt) })}` : ''}
        </Text>
        <Progress
          value={course.progressPercent}
          aria-label={t('learner.progressLabel', { title: course.title })}
          color={STATUS_COLOR[course.status]}
        />
        <Group justify="space-between" gap="xs">
          <Text size="sm">
            {t('learner.progress', { percent: course.progressPercent })}
            {course.score !== null ? ` · ${t('learner.score', { score: course.score })}` : ''}
          </Text>
          <Group gap="xs">
            {course.certificateAvailable && <CertificateDownloadButton enrolmentId={course.enrolmentId} />}
            <Button
              component={Link}
              to={`/learning/${course.enrolmentId}`}
              variant={action === 'review' ? 'default' : 'filled'}
            >
              {t(`learner.${action}`)}
            </Button>
          </Group>
        </Group>
      </Stack>
    </Paper>
  );
}
