import {
  LEARNER_STATUSES,
  type TAttemptsExceeded,
  type TCourseMember,
  type TLearnerStatus,
  type TLearnerSummary,
} from '@app/contract';
import {
  Alert,
  Anchor,
  Badge,
  Button,
  Group,
  Modal,
  NumberInput,
  Paper,
  Progress,
  Select,
  SimpleGrid,
  Stack,
  Text,
  TextInput,
  Title,
  Tooltip,
} from '@mantine/core';
import { keepPreviousData, useMutation, useQuery, useQueryClient } from '@tanstack/react-query';
import { useState } from 'react';
import { useTranslation } from 'react-i18next';
import { Link, useParams } from 'react-router';
import { useNavigation } from '../../../app/navigation.queries.ts';
import { notify } from '../../../app/notify.ts';
import { usePageTitle } from '../../../app/page-title.hook.ts';
import { formatDate } from '../../../lib/dates.ts';
import { errorText } from '../../../lib/i18n/error-text.ts';
import { saveFile } from '../../../lib/save-file.ts';
import { DataTable, DataTablePager } from '../../common/data-table.tsx';
import { useDates } from '../../common/dates.hook.ts';
import { LoadError } from '../../common/load-error.tsx';
import { PageHeading } from '../../common/page-heading.tsx';
import { usePagedList } from '../../common/paged-list.hook.ts';
import { CertificateDownloadButton } from '../certificates/certificate-download-button.tsx';
import { assignApi, assignKeys } from './assign.api.ts';
import { AssignDialog } from './assign-dialog.tsx';

export const STATUS_COLOR: Record<TLearnerStatus, string> = {
  NOT_STARTED: 'gray',
  IN_PROGRESS: 'blue',
  DUE_SOON: 'yellow',
  OVERDUE: 'red',
  COMPLETED: 'green',
};

/** A date (and the day only) in the workspace's time zone, in the reader's language. */
export function dayIn(iso: string | null, zone: string, language: string): string {
  if (!iso) return '';
  return formatDate(iso, language, zone);
}

/** `/courses/:courseId/learners`: who is assigned, their progress; assign, unassign, export, grant attempts. */
export function LearnersPage() {
  // Authors come from Courses; a business unit admin (Course learners menu) from the assignable courses.
  const navigation = useNavigation();
  const authors = navigation.data?.some((m) => m.menu === 'COURSES' && m.enabled) ?? true;
  const { courseId = '' } = useParams();
  const { t, i18n } = useTranslation('assign');
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
  const selected = [...paged.selected];

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
          <Group align="flex-end" gap="sm" wrap="wrap">
            <TextInput
              label={t('filters.search')}
              description={t('filters.searchHelp')}
              value={paged.search}
              onChange={(e) => paged.setSearch(e.currentTarget.value)}
              w={{ base: '100%', sm: 300 }}
            />
            <Select
              label={t('filters.status')}
              placeholder={t('filters.allStatuses')}
              data={LEARNER_STATUSES.map((s) => ({ value: s, label: t(`status.${s}`) }))}
              value={status}
              onChange={(v) => setStatus(v as TLearnerStatus | null)}
              clearable
              w={{ base: '100%', sm: 220 }}
            />
            {selected.length ? (
              <Button color="red" variant="light" onClick={() => setConfirming(true)}>
                {t('actions.unassign')} ({selected.length})
              </Button>
            ) : null}
            {selected.length && authors ? (
              <Button
                variant="light"
                loading={reassign.isPending}
                title={t('reassign.help')}
                onClick={() => reassign.mutate(selected)}
              >
                {t('actions.reassign')} ({selected.length})
              </Button>
            ) : null}
          </Group>
          {data && rows.length === 0 ? (
            <Text c="dimmed" py="lg" ta="center">
              {paged.searchText || status ? t('table.emptyFiltered') : t('table.empty')}
            </Text>
          ) : (
            <DataTable
              rows={rows}
              rowKey={(m) => m.userId}
              label={t('table.label')}
              minWidth={300}
              busy={list.isFetching}
              rowProps={(m) => ({ 'data-learner': m.userId })}
              selection={{
                selected: paged.selected,
                onChange: paged.setSelected,
                canSelect: () => true,
                selectAllLabel: t('table.selectAll'),
                rowLabel: (m) => t('table.selectRow', { name: m.name }),
              }}
              columns={[
                {
                  key: 'name',
                  header: t('table.name'),
                  cell: (m) => <NameCell m={m} zone={zone} />,
                },
                {
                  key: 'unit',
                  header: t('table.unit'),
                  visibleFrom: 'lg',
                  cell: (m) => (
                    <Text size="sm">{[m.branchName, m.departmentName].filter(Boolean).join(' / ') || '—'}</Text>
                  ),
                },
                {
                  key: 'status',
                  header: t('table.status'),
                  visibleFrom: 'sm',
                  cell: (m) => <StatusChip status={m.status} />,
                },
                {
                  key: 'progress',
                  header: t('table.progress'),
                  visibleFrom: 'sm',
                  cell: (m) => <ProgressCell m={m} />,
                },
                {
                  key: 'attempts',
                  header: t('table.attempts'),
                  visibleFrom: 'md',
                  align: 'right',
                  cell: (m) => <Text size="sm">{m.attemptsUsed}</Text>,
                },
                {
                  key: 'score',
                  header: t('table.score'),
                  visibleFrom: 'md',
                  align: 'right',
                  cell: (m) => (
                    <Stack gap={2} align="flex-end">
                      <Text size="sm">{m.bestScore === null ? '—' : `${m.bestScore}%`}</Text>
                      {m.selfReported ? (
                        <Tooltip
                          label={t('table.selfReportedHint')}
                          multiline
                          w={260}
                          events={{ hover: true, focus: true, touch: true }}
                        >
                          <Text
                            size="xs"
                            c="dimmed"
                            tabIndex={0}
                            data-testid="self-reported"
                            style={{ whiteSpace: 'nowrap' }}
                          >
                            {t('table.selfReported')}
                          </Text>
                        </Tooltip>
                      ) : null}
                    </Stack>
                  ),
                },
                {
                  key: 'due',
                  header: t('table.due'),
                  visibleFrom: 'sm',
                  cell: (m) => (
                    <Text size="sm">{m.dueAt ? dayIn(m.dueAt, zone, i18n.language) : t('table.noDue')}</Text>
                  ),
                },
                // The certificate of a completed cycle, for those who author (they hold courses.manage).
                ...(authors
                  ? [
                      {
                        key: 'certificate',
                        header: t('table.certificate'),
                        visibleFrom: 'md' as const,
                        cell: (m: TCourseMember) =>
                          m.completedAt ? <CertificateDownloadButton enrolmentId={m.enrolmentId} size="xs" /> : null,
                      },
                    ]
                  : []),
                {
                  key: 'assigned',
                  header: t('table.assigned'),
                  visibleFrom: 'xl',
                  cell: (m) => <Text size="sm">{dayIn(m.assignedAt, zone, i18n.language)}</Text>,
                },
              ]}
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
      <Modal
        opened={confirming}
        onClose={() => setConfirming(false)}
        title={t('unassign.title')}
        closeButtonProps={{ 'aria-label': t('unassign.cancel') }}
      >
        <Stack gap="md">
          <Text>{t('unassign.body', { count: selected.length })}</Text>
          {unassign.isError ? (
            <Alert color="red" variant="light" role="alert">
              {errorText(t, unassign.error)}
            </Alert>
          ) : null}
          <Group justify="flex-end">
            <Button variant="default" onClick={() => setConfirming(false)}>
              {t('unassign.cancel')}
            </Button>
            <Button color="red" loading={unassign.isPending} onClick={() => unassign.mutate(selected)}>
              {t('unassign.confirm')}
            </Button>
          </Group>
        </Stack>
      </Modal>
    </Stack>
  );
}

function Summary({ summary }: { summary: TLearnerSummary }) {
  const { t } = useTranslation('assign');
  const cards: Array<{ key: string; label: string; value: number; color?: string }> = [
    { key: 'total', label: t('summary.total'), value: summary.total },
    ...LEARNER_STATUSES.map((s) => ({ key: s, label: t(`status.${s}`), value: summary[s], color: STATUS_COLOR[s] })),
  ];
  return (
    <SimpleGrid cols={{ base: 2, sm: 3, md: 6 }} spacing="sm" role="list" aria-label={t('summary.label')}>
      {cards.map((c) => (
        <Paper key={c.key} withBorder radius="md" p="sm" role="listitem" data-summary={c.key}>
          <Text size="sm" c="dimmed">
            {c.label}
          </Text>
          <Text fz={24} fw={700}>
            {c.value}
          </Text>
        </Paper>
      ))}
    </SimpleGrid>
  );
}

function StatusChip({ status }: { status: TLearnerStatus }) {
  const { t } = useTranslation('assign');
  return (
    <Badge
      color={STATUS_COLOR[status]}
      variant="light"
      tt="none"
      style={{ flexShrink: 0 }}
      styles={{ label: { overflow: 'visible' } }}
    >
      {t(`status.${status}`)}
    </Badge>
  );
}

function ProgressCell({ m }: { m: TCourseMember }) {
  const { t } = useTranslation('assign');
  return (
    <Group gap={6} wrap="nowrap" miw={110}>
      <Progress
        value={m.progressPercent}
        w={70}
        aria-label={t('table.progressLabel', { name: m.name })}
        color={m.status === 'COMPLETED' ? 'green' : 'blue'}
      />
      <Text size="sm">{m.progressPercent}%</Text>
    </Group>
  );
}

function NameCell({ m, zone }: { m: TCourseMember; zone: string }) {
  const { t, i18n } = useTranslation('assign');
  return (
    <Stack gap={2}>
      <Text fw={600} size="sm">
        {m.name}
      </Text>
      {m.email ? (
        <Text size="xs" c="dimmed" style={{ overflowWrap: 'anywhere' }}>
          {m.email}
        </Text>
      ) : null}
      {/* On a phone the other columns are hidden: the row says them here. */}
      <Group gap={6} hiddenFrom="sm" wrap="wrap">
        <StatusChip status={m.status} />
        <Text size="xs">{m.progressPercent}%</Text>
        {m.dueAt ? (
          <Text size="xs">
            {t('table.due')}: {dayIn(m.dueAt, zone, i18n.language)}
          </Text>
        ) : null}
      </Group>
    </Stack>
  );
}

function AttemptsPanel({ courseId }: { courseId: string }) {
  const { t } = useTranslation('assign');
  const [page, setPage] = useState(0);
  const [granting, setGranting] = useState<TAttemptsExceeded | null>(null);
  const list = useQuery({
    queryKey: [...assignKeys.all(courseId), 'exceeded', page],
    queryFn: ({ signal }) => assignApi.exceeded(courseId, page, signal),
    placeholderData: keepPreviousData,
  });
  const rows = list.data?.content ?? [];
  return (
    <Paper withBorder radius="md" p="md" aria-labelledby="attempts-heading">
      <Stack gap="sm">
        <Title order={2} fz="lg" id="attempts-heading">
          {t('attempts.heading')}
        </Title>
        <Text size="sm" c="dimmed">
          {t('attempts.intro')}
        </Text>
        {list.isError ? (
          <LoadError title={t('loadError')} onRetry={() => void list.refetch()} />
        ) : list.data && rows.length === 0 ? (
          <Text c="dimmed">{t('attempts.empty')}</Text>
        ) : (
          <DataTable
            rows={rows}
            rowKey={(r) => `${r.enrolmentId}:${r.itemId}`}
            label={t('attempts.label')}
            minWidth={300}
            busy={list.isFetching}
            rowProps={(r) => ({ 'data-exceeded': r.userId })}
            columns={[
              {
                key: 'name',
                header: t('table.name'),
                cell: (r) => (
                  <Stack gap={2}>
                    <Text size="sm" fw={600}>
                      {r.name}
                    </Text>
                    <Text size="xs" c="dimmed" hiddenFrom="sm">
                      {r.quizTitle} · {t('attempts.usedValue', { used: r.attemptsUsed, allowed: r.attemptsAllowed })}
                    </Text>
                  </Stack>
                ),
              },
              {
                key: 'quiz',
                header: t('attempts.quiz'),
                visibleFrom: 'sm',
                cell: (r) => <Text size="sm">{r.quizTitle}</Text>,
              },
              {
                key: 'used',
                header: t('attempts.used'),
                visibleFrom: 'sm',
                cell: (r) => (
                  <Text size="sm">{t('attempts.usedValue', { used: r.attemptsUsed, allowed: r.attemptsAllowed })}</Text>
                ),
              },
              {
                key: 'grant',
                header: '',
                align: 'right',
                cell: (r) => (
                  <Button
                    size="xs"
                    variant="light"
                    aria-label={t('attempts.grantFor', { name: r.name })}
                    onClick={() => setGranting(r)}
                  >
                    {t('attempts.grant')}
                  </Button>
                ),
              },
            ]}
          />
        )}
        {list.data ? (
          <DataTablePager
            totalPages={list.data.totalPages}
            page={page}
            onChange={setPage}
            controlLabel={(c) => t(`pager.${c}`)}
            pageLabel={(p) => t('pager.page', { page: p })}
          />
        ) : null}
      </Stack>
      {granting ? <GrantDialog courseId={courseId} row={granting} onClose={() => setGranting(null)} /> : null}
    </Paper>
  );
}

function GrantDialog({ courseId, row, onClose }: { courseId: string; row: TAttemptsExceeded; onClose: () => void }) {
  const { t } = useTranslation('assign');
  const dates = useDates();
  const queryClient = useQueryClient();
  const [count, setCount] = useState<number | string>(1);
  const history = useQuery({
    queryKey: [...assignKeys.all(courseId), 'attempts', row.userId],
    queryFn: ({ signal }) => assignApi.userAttempts(courseId, row.userId, signal),
  });
  const grant = useMutation({
    mutationFn: () =>
      assignApi.grantAttempts({ courseId, userId: row.userId, itemId: row.itemId, count: Number(count) }),
    onSuccess: () => {
      notify(t('attempts.done', { count: Number(count) }));
      void queryClient.invalidateQueries({ queryKey: assignKeys.all(courseId) });
      onClose();
    },
  });
  const quiz = history.data?.quizzes.find((q) => q.itemId === row.itemId);
  const valid = Number.isInteger(Number(count)) && Number(count) >= 1 && Number(count) <= 10;
  return (
    <Modal
      opened
      onClose={onClose}
      title={t('attempts.dialogTitle', { name: row.name })}
      closeButtonProps={{ 'aria-label': t('attempts.cancel') }}
    >
      <Stack
        gap="md"
        component="form"
        onSubmit={(e) => {
          e.preventDefault();
          if (valid) grant.mutate();
        }}
      >
        {quiz ? (
          <Stack gap={4}>
            <Text size="sm" fw={600}>
              {t('attempts.history', { quiz: quiz.title })}
            </Text>
            {quiz.attempts.map((a) => (
              <Text size="sm" key={a.attemptNo}>
                {t('attempts.attemptRow', {
                  number: a.attemptNo,
                  score: a.score,
                  date: dates.date(a.submittedAt),
                })}{' '}
                ({a.passed ? t('attempts.passed') : t('attempts.failed')})
              </Text>
            ))}
          </Stack>
        ) : null}
        <NumberInput
          label={t('attempts.count')}
          description={t('attempts.countHelp')}
          min={1}
          max={10}
          allowDecimal={false}
          value={count}
          onChange={setCount}
          required
          w={180}
        />
        {grant.isError ? (
          <Alert color="red" variant="light" role="alert">
            {errorText(t, grant.error)}
          </Alert>
        ) : null}
        <Group justify="flex-end">
          <Button variant="default" onClick={onClose}>
            {t('attempts.cancel')}
          </Button>
          <Button type="submit" loading={grant.isPending} disabled={!valid}>
            {t('attempts.confirm')}
          </Button>
        </Group>
      </Stack>
    </Modal>
  );
}
