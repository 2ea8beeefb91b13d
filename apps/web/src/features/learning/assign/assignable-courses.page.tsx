import { Anchor, Badge, Group, Paper, Stack, Text } from '@mantine/core';
import { useQuery } from '@tanstack/react-query';
import { useTranslation } from 'react-i18next';
import { Link } from 'react-router';
import { FullPageLoader } from '../../../app/full-page-loader.tsx';
import { usePageTitle } from '../../../app/page-title.hook.ts';
import { LoadError } from '../../common/load-error.tsx';
import { PageHeading } from '../../common/page-heading.tsx';
import { assignApi } from './assign.api.ts';

/**
 * `/learning/assignments` (menu "Course learners", `courses.assign`): the courses the workspace can
 * assign, each leading to its learners page. It is the way in for those who assign but do not author
 * courses (a business unit admin, who then works on their own unit's people only).
 */
export function AssignableCoursesPage() {
  const { t } = useTranslation('assign');
  usePageTitle(t('courses.pageTitle'));
  const courses = useQuery({
    queryKey: ['session', 'lms', 'assign', 'courses'],
    queryFn: ({ signal }) => assignApi.courses(signal),
  });
  return (
    <Stack gap="lg" maw={800}>
      <PageHeading title={t('courses.heading')} intro={t('courses.intro')} />
      {courses.isPending ? (
        <FullPageLoader inline />
      ) : courses.isError ? (
        <LoadError title={t('courses.loadError')} onRetry={() => void courses.refetch()} />
      ) : courses.data.length === 0 ? (
        <Text>{t('courses.empty')}</Text>
      ) : (
        <Stack gap="sm" component="ul" style={{ listStyle: 'none', padding: 0, margin: 0 }}>
          {courses.data.map((c) => (
            <Paper component="li" key={c.id} withBorder p="md">
              <Group justify="space-between" wrap="wrap" gap="xs">
                <Anchor component={Link} to={`/courses/${c.id}/learners`} fw={600} style={{ overflowWrap: 'anywhere' }}>
                  {c.title}
                </Anchor>
                <Group gap="xs">
                  {c.catalogue ? <Badge variant="light">{t('courses.catalogue')}</Badge> : null}
                  {c.balance !== null ? (
                    <Text size="sm" c="dimmed">
                      {t('courses.balance', { count: c.balance })}
                    </Text>
                  ) : null}
                </Group>
              </Group>
            </Paper>
          ))}
        </Stack>
      )}
    </Stack>
  );
}
