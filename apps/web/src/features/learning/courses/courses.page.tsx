import type { TCourseSummary, TLanguage } from '@app/contract';
import { Anchor, Badge, Button, Group, Paper, Stack, Text, TextInput } from '@mantine/core';
import { useState } from 'react';
import { useTranslation } from 'react-i18next';
import { Link } from 'react-router';
import { usePageTitle } from '../../../app/page-title.hook.ts';
import { currentLanguage } from '../../../lib/i18n/i18n.setup.ts';
import { DataTable, DataTablePager } from '../../common/data-table.tsx';
import { LoadError } from '../../common/load-error.tsx';
import { PageHeading } from '../../common/page-heading.tsx';
import { usePagedList } from '../../common/paged-list.hook.ts';
import { ShownInTag, VersionBadge } from './course-labels.tsx';
import { fallbackLanguage, summaryBadge } from './course-logic.ts';
import { scopeBase, type TCourseScope } from './courses.api.ts';
import { COURSES_PAGE_SIZE, useCourseList } from './courses.queries.ts';
import { NewCourseModal } from './new-course-modal.tsx';

/**
 * `/courses` (authors: own courses and the catalogue courses available to the workspace) and
 * `/platform/courses` (the operator's catalogue): search, 20 a page, "New course".
 */
export function CoursesPage({ scope }: { scope: TCourseScope }) {
  const { t } = useTranslation('courses');
  const catalogue = scope === 'catalogue';
  usePageTitle(catalogue ? t('courses.catalogueHeading') : t('courses.pageTitle'));
  const paged = usePagedList({ filters: null });
  const language: TLanguage = currentLanguage();
  const list = useCourseList(scope, {
    pageNo: paged.page,
    pageSize: COURSES_PAGE_SIZE,
    language,
    ...(paged.searchText ? { search: paged.searchText } : {}),
  });
  const [creating, setCreating] = useState(false);
  const base = scopeBase(scope);
  const rows = list.data?.content ?? [];
  const languageName = (l: TLanguage) => t(`languages.${l}`, { ns: 'common' });

  const titleCell = (c: TCourseSummary) => {
    const href = c.actions.includes('edit')
      ? `${base}/courses/${c.id}/edit`
      : c.actions.includes('preview')
        ? `${base}/courses/${c.id}/preview`
        : null;
    return (
      <Stack gap={4}>
        <Group gap={6} wrap="wrap">
          {href ? (
            <Anchor component={Link} to={href} fw={600} c="inherit" underline="always">
              {c.title}
            </Anchor>
          ) : (
            <Text fw={600}>{c.title}</Text>
          )}
          <ShownInTag language={fallbackLanguage(c)} />
        </Group>
        {/* On a phone the other columns are hidden: the row says them here. */}
        <Group gap={6} hiddenFrom="sm" wrap="wrap">
          <VersionBadge badge={summaryBadge(c)} />
          {catalogue ? null : <Text size="xs">{t(`courses.owner${c.owner}`)}</Text>}
          <Text size="xs" c="dimmed">
            {c.languages.map(languageName).join(', ')}
          </Text>
          {c.credits ? <Text size="xs">{t('courses.balance', { count: c.credits.balance })}</Text> : null}
        </Group>
        {!catalogue && c.publishedVersion !== null ? (
          <Anchor component={Link} to={`${base}/courses/${c.id}/learners`} size="sm" c="blue.8" underline="always">
            {t('courses.learners')}
          </Anchor>
        ) : null}
        {catalogue ? (
          <Anchor
            component={Link}
            to={`/platform/courses/${c.id}/availability`}
            size="sm"
            c="blue.8"
            underline="always"
          >
            {t('courses.availability')}
          </Anchor>
        ) : null}
      </Stack>
    );
  };

  return (
    <Stack gap="lg" maw={1200}>
      <Group justify="space-between" align="flex-end" gap="md">
        <PageHeading
          title={catalogue ? t('courses.catalogueHeading') : t('courses.heading')}
          intro={catalogue ? t('courses.catalogueIntro') : t('courses.intro')}
        />
        <Button onClick={() => setCreating(true)}>{t('courses.newCourse')}</Button>
      </Group>
      <Paper withBorder radius="md" p="md">
        <Stack gap="md">
          <TextInput
            label={t('courses.search')}
            description={t('courses.searchHelp')}
            value={paged.search}
            onChange={(e) => paged.setSearch(e.currentTarget.value)}
            w={{ base: '100%', sm: 320 }}
          />
          {list.isError ? (
            <LoadError title={t('courses.loadError')} onRetry={() => void list.refetch()} />
          ) : list.data && rows.length === 0 ? (
            <Text c="dimmed" py="lg" ta="center">
              {paged.searchText ? t('courses.emptyFiltered') : t('courses.empty')}
            </Text>
          ) : (
            <DataTable
              rows={rows}
              rowKey={(c) => c.id}
              label={t('courses.tableLabel')}
              minWidth={280}
              busy={list.isFetching}
              rowProps={(c) => ({ 'data-course': c.id })}
              columns={[
                { key: 'title', header: t('courses.title'), cell: titleCell },
                ...(catalogue
                  ? []
                  : [
                      {
                        key: 'owner',
                        header: t('courses.owner'),
                        visibleFrom: 'sm' as const,
                        cell: (c: TCourseSummary) => (
                          <Badge variant="default" tt="none">
                            {t(`courses.owner${c.owner}`)}
                          </Badge>
                        ),
                      },
                    ]),
                {
                  key: 'status',
                  header: t('courses.status'),
                  visibleFrom: 'sm',
                  cell: (c) => <VersionBadge badge={summaryBadge(c)} />,
                },
                {
                  key: 'languages',
                  header: t('courses.languages'),
                  visibleFrom: 'md',
                  cell: (c) => <Text size="sm">{c.languages.map(languageName).join(', ')}</Text>,
                },
                ...(catalogue
                  ? []
                  : [
                      {
                        key: 'credits',
                        header: t('courses.credits'),
                        visibleFrom: 'md' as const,
                        align: 'right' as const,
                        cell: (c: TCourseSummary) => (c.credits ? <Text size="sm">{c.credits.balance}</Text> : '—'),
                      },
                    ]),
              ]}
            />
          )}
          {list.data ? (
            <DataTablePager
              totalPages={list.data.totalPages}
              page={paged.page}
              onChange={paged.setPage}
              summary={
                <Text size="sm" c="dimmed">
                  {t('courses.total', { count: list.data.totalElements })}
                </Text>
              }
              controlLabel={(control) => t(`courses.pager.${control}`)}
              pageLabel={(p) => t('courses.pager.page', { page: p })}
            />
          ) : null}
        </Stack>
      </Paper>
      {creating ? (
        <NewCourseModal scope={scope} base={base} opened={creating} onClose={() => setCreating(false)} />
      ) : null}
    </Stack>
  );
}

export const WorkspaceCoursesPage = () => <CoursesPage scope="workspace" />;
export const CatalogueCoursesPage = () => <CoursesPage scope="catalogue" />;
