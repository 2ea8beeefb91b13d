import type { TAttemptsExceeded } from '@app/contract';
import { Alert, Button, Group, Modal, NumberInput, Paper, Stack, Text, Title } from '@mantine/core';
import { keepPreviousData, useMutation, useQuery, useQueryClient } from '@tanstack/react-query';
import { useState } from 'react';
import { useTranslation } from 'react-i18next';
import { notify } from '../../../app/notify.ts';
import { errorText } from '../../../lib/i18n/error-text.ts';
import { DataTable, DataTablePager } from '../../common/data-table.tsx';
import { useDates } from '../../common/dates.hook.ts';
import { LoadError } from '../../common/load-error.tsx';
import { assignApi, assignKeys } from './assign.api.ts';

/** Confirms unassigning the learners named (those of the selection the server lets the caller unassign). */
export function UnassignDialog(props: {
  opened: boolean;
  count: number;
  pending: boolean;
  error: unknown;
  onCancel: () => void;
  onConfirm: () => void;
}) {
  const { t } = useTranslation('assign');
  return (
    <Modal
      opened={props.opened}
      onClose={props.onCancel}
      title={t('unassign.title')}
      closeButtonProps={{ 'aria-label': t('unassign.cancel') }}
    >
      <Stack gap="md">
        <Text>{t('unassign.body', { count: props.count })}</Text>
        {props.error ? (
          <Alert color="red" variant="light" role="alert">
            {errorText(t, props.error)}
          </Alert>
        ) : null}
        <Group justify="flex-end">
          <Button variant="default" onClick={props.onCancel}>
            {t('unassign.cancel')}
          </Button>
          <Button color="red" loading={props.pending} onClick={props.onConfirm}>
            {t('unassign.confirm')}
          </Button>
        </Group>
      </Stack>
    </Modal>
  );
}

export function AttemptsPanel({ courseId }: { courseId: string }) {
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
                // Only where the server lists `grantAttempts` (never on one's own enrolment).
                cell: (r) =>
                  r.actions.includes('grantAttempts') ? (
                    <Button
                      size="xs"
                      variant="light"
                      aria-label={t('attempts.grantFor', { name: r.name })}
                      onClick={() => setGranting(r)}
                    >
                      {t('attempts.grant')}
                    </Button>
                  ) : null,
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
