import { LEARNER_STATUSES, type TLanguage } from '@app/contract';
import { Anchor, Group, Paper, SimpleGrid, Stack, Text, Title, UnstyledButton } from '@mantine/core';
import { useId } from 'react';
import { useTranslation } from 'react-i18next';
import { Link } from 'react-router';
import { CourseCard, STATUS_COLOR } from './course-card.tsx';
import { useMyCourses, useMyStats } from './my-learning.queries.ts';

/**
 * The employee's home (dashboard): how many courses are assigned, in progress, due soon, overdue
 * and completed, each a link to the list, and the next courses with their due dates.
 */
export function HomeLearning() {
  const { t, i18n } = useTranslation('learner');
  const headingId = useId();
  const stats = useMyStats();
  const next = useMyCourses(null, 0, i18n.language as TLanguage);
  // Nothing assigned: the home page's own empty card says so.
  if (!stats.data || stats.data.total === 0) return null;
  const open = (next.data?.content ?? []).filter((c) => c.status !== 'COMPLETED').slice(0, 3);
  return (
    <Paper withBorder radius="md" p={{ base: 'md', sm: 'lg' }} component="section" aria-labelledby={headingId}>
      <Stack gap="md">
        <Group justify="space-between">
          <Title order={2} fz="lg" id={headingId}>
            {t('home.heading')}
          </Title>
          <Anchor component={Link} to="/learning">
            {t('home.seeAll')}
          </Anchor>
        </Group>
        {stats.data.total === 0 ? (
          <Text c="dimmed">{t('learner.noCourses')}</Text>
        ) : (
          <SimpleGrid cols={{ base: 2, sm: 3, md: 6 }} spacing="sm">
            <UnstyledButton
              component={Link}
              to="/learning"
              data-status-card="ALL"
              style={{
                border: '1px solid var(--mantine-color-default-border)',
                borderLeft: '4px solid var(--mantine-color-gray-7)',
                borderRadius: 8,
                padding: 12,
              }}
            >
              <Text fz={28} fw={700} lh={1.1}>
                {stats.data.total}
              </Text>
              <Text size="sm">{t('home.assigned')}</Text>
            </UnstyledButton>
            {LEARNER_STATUSES.map((s) => (
              <UnstyledButton
                key={s}
                component={Link}
                to={`/learning?status=${s}`}
                data-status-card={s}
                style={{
                  border: '1px solid var(--mantine-color-default-border)',
                  borderLeft: `4px solid var(--mantine-color-${STATUS_COLOR[s]}-7)`,
                  borderRadius: 8,
                  padding: 12,
                }}
              >
                <Text fz={28} fw={700} lh={1.1}>
                  {stats.data.counts[s]}
                </Text>
                <Text size="sm">{t(`learner.status.${s}`)}</Text>
              </UnstyledButton>
            ))}
          </SimpleGrid>
        )}
        {open.length > 0 && next.data && (
          <Stack gap="sm">
            <Title order={3} fz="md">
              {t('home.next')}
            </Title>
            {open.map((c) => (
              <CourseCard key={c.enrolmentId} course={c} timeZone={next.data.timeZone} />
            ))}
          </Stack>
        )}
      </Stack>
    </Paper>
  );
}
