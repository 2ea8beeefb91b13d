import type { TCourseMember, TEnrolmentAction, TLearnerStatus } from '@app/contract';
import { Anchor, Button, Group, Paper, Stack, Text } from '@mantine/core';
import { keepPreviousData, useMutation, useQuery, useQueryClient } from '@tanstack/react-query';
import { useRef, useState } from 'react';
import { useTranslation } from 'react-i18next';
import { Link, useParams } from 'react-router';
import { useNavigation } from '../../../app/navigation.queries.ts';
import { notify } from '../../../app/notify.ts';
import { usePageTitle } from '../../../app/page-title.hook.ts';
import { errorText } from '../../../lib/i18n/error-text.ts';
import { saveFile } from '../../../lib/save-file.ts';
import { DataTablePager } from '../../common/data-table.tsx';
import { LoadError } from '../../common/load-error.tsx';
import { PageHeading } from '../../common/page-heading.tsx';
import { usePagedList } from '../../common/paged-list.hook.ts';
import { assignApi, assignKeys } from './assign.api.ts';
import { AssignDialog } from './assign-dialog.tsx';
import { AttemptsPanel, UnassignDialog } from './learners-dialogs.tsx';
import { LearnersFilters } from './learners-filters.tsx';
import { LearnersTable, Summary } from './learners-list.tsx';

/**
 * `/courses/:courseId/learners`: who is assigned, their progress; assign, unassign, export, grant
 * attempts. Every per-learner button follows the row's `actions` (the server's enrolment policy);
 * the page guesses no rule of its own.
 */
export function LearnersPage() {
  // Where "back" leads: authors come from Courses, a business unit admin from the assignable courses.
  const navigation = useNavigation();
  const authors = navigation.data?.some((m) => m.menu === 'COURSES' && m.enabled) ?? true;
  const { courseId = '' } = useParams();
  const { t } = useTranslation('assign');
  usePageTitle(t('pageTitle'));
  const queryClient = useQueryClient();
  const [status, setStatus] = useState<TLearnerStatus | null>(null);
  const paged = usePagedList({ filters: status });
  const [assigning, setAssigning] = useState(false);
  const [confirming, setConfirming] = useState(false);
  const [exporting, setExporting] = useState(false);
  const list = useQuery({
    queryKey: [...assignKeys.all(courseId), 'members', paged.page, paged.searchText, status],
    queryFn: ({ signal }) =>
      assignApi.members(
        {
          courseId,
          pageNo: paged.page,
          ...(paged.searchText ? { search: paged.searchText } : {}),
          ...(status ? { status } : {}),
        },
        signal,
      ),
    placeholderData: keepPreviousData,
  });
  // The rows seen on every page, so that a selection kept across pages still knows each one's actions.
  const seen = useRef(new Map<string, TCourseMember>());
  for (const m of list.data?.content ?? []) seen.current.set(m.userId, m);
  const selectedWith = (action: TEnrolmentAction) =>
    [...paged.selected].filter((id) => seen.current.get(id)?.actions.includes(action));
  const refresh = () => queryClient.invalidateQueries({ queryKey: assignKeys.all(courseId) });
  const unassign = useMutation({
    mutationFn: (userIds: string[]) => assignApi.unassign({ courseId, userIds }),
    onSuccess: (r) => {
      setConfirming(false);
      paged.setSelected(new Set());
      notify(
        [t('unassign.done', { count: r.removed }), r.refunded ? t('unassign.refunded', { count: r.refunded }) : '']
          .filter(Boolean)
          .join(' '),
      );
      void refresh();
    },
  });
  const reassign = useMutation({
    mutationFn: (userIds: string[]) => assignApi.reassign({ courseId, userIds }),
    onSuccess: (r) => {
      paged.setSelected(new Set());
      notify(
        [
          t('reassign.done', { count: r.reassigned.length }),
          r.skipped.length ? t('reassign.skipped', { count: r.skipped.length }) : '',
        ]
          .filter(Boolean)
          .join(' '),
      );
      void refresh();
    },
    onError: (error) => notify(errorText(t, error), 'error'),
  });
  const exportCsv = async () => {
    setExporting(true);
    try {
      const file = await assignApi.exportCsv(courseId);
      saveFile(file.blob, file.name);
      notify(t('exported'));
    } catch (error) {
      notify(errorText(t, error), 'error');
    } finally {
      setExporting(false);
    }
  };

  const data = list.data;
  const zone = data?.timeZone ?? 'UTC';
  const rows = data?.content ?? [];
  const toUnassign = selectedWith('unassign');
  const toRetrain = selectedWith('retrain');

  if (list.isError && !data)
    return <LoadError title={errorText(t, list.error, t('loadError'))} onRetry={() => void list.refetch()} />;

  return (
    <Stack gap="lg" maw={1200}>
      <Anchor component={Link} to={authors ? '/courses' : '/learning/assignments'} size="sm">
        {t('back')}
      </Anchor>
      <Group justify="space-between" align="flex-end" gap="md">
        <PageHeading title={t('heading', { title: data?.courseTitle ?? '' })} intro={t('intro')} />
        <Group gap="xs" wrap="wrap">
          <Button onClick={() => setAssigning(true)}>{t('actions.assign')}</Button>
          <Button variant="default" loading={exporting} onClick={() => void exportCsv()}>
            {t('actions.export')}
          </Button>
        </Group>
      </Group>

      {data ? <Summary summary={data.summary} /> : null}

      <Paper withBorder radius="md" p="md">
        <Stack gap="md">
          <LearnersFilters
            search={paged.search}
            onSearch={paged.setSearch}
            status={status}
            onStatus={setStatus}
            unassignable={toUnassign.length}
            retrainable={toRetrain.length}
            retraining={reassign.isPending}
            onUnassign={() => setConfirming(true)}
            onRetrain={() => reassign.mutate(toRetrain)}
          />
          {data && rows.length === 0 ? (
            <Text c="dimmed" py="lg" ta="center">
              {paged.searchText || status ? t('table.emptyFiltered') : t('table.empty')}
            </Text>
          ) : (
            <LearnersTable
              rows={rows}
              zone={zone}
              busy={list.isFetching}
              selected={paged.selected}
              onSelect={paged.setSelected}
            />
          )}
          {data ? (
            <DataTablePager
              totalPages={data.totalPages}
              page={paged.page}
              onChange={paged.setPage}
              summary={
                <Text size="sm" c="dimmed">
                  {t('table.total', { count: data.totalElements })}
                </Text>
              }
              controlLabel={(c) => t(`pager.${c}`)}
              pageLabel={(p) => t('pager.page', { page: p })}
            />
          ) : null}
        </Stack>
      </Paper>

      <AttemptsPanel courseId={courseId} />

      {assigning ? (
        <AssignDialog
          courseId={courseId}
          zone={zone}
          onClose={() => setAssigning(false)}
          onDone={() => {
            setAssigning(false);
            void refresh();
          }}
        />
      ) : null}
      <UnassignDialog
        opened={confirming}
        count={toUnassign.length}
        pending={unassign.isPending}
        error={unassign.isError ? unassign.error : null}
        onCancel={() => setConfirming(false)}
        onConfirm={() => unassign.mutate(toUnassign)}
      />
    </Stack>
  );
}
