import type { TCourseSummary } from '@app/contract';
import { Alert, Button, Group, NumberInput, Paper, Select, Stack, Text, Textarea, Title } from '@mantine/core';
import { useState } from 'react';
import { useTranslation } from 'react-i18next';
import { FullPageLoader } from '../../../app/full-page-loader.tsx';
import { notify } from '../../../app/notify.ts';
import { usePageTitle } from '../../../app/page-title.hook.ts';
import { errorText } from '../../../lib/i18n/error-text.ts';
import { DataTable, DataTablePager } from '../../common/data-table.tsx';
import { useDates } from '../../common/dates.hook.ts';
import { LoadError } from '../../common/load-error.tsx';
import { PageHeading } from '../../common/page-heading.tsx';
import { creditsApi } from './credits.api.ts';
import { useCatalogueCourses, useCourseLedger, useCourseRequests, useCreditMutation } from './credits.queries.ts';

/** `/learning/credits` (courses.manage, whole workspace): per available catalogue course, its balance, history and requests. */
export function CreditsPage() {
  const { t } = useTranslation('credits');
  usePageTitle(t('workspace.pageTitle'));
  const courses = useCatalogueCourses();
  const [chosen, setChosen] = useState<string | null>(null);
  const list = courses.data?.content ?? [];
  const courseId = chosen ?? list[0]?.id ?? null;
  const course = list.find((c) => c.id === courseId) ?? null;

  return (
    <Stack gap="lg" maw={960}>
      <PageHeading title={t('workspace.heading')} intro={t('workspace.intro')} />
      {courses.isPending ? (
        <FullPageLoader inline />
      ) : courses.isError ? (
        <LoadError title={t('workspace.loadError')} onRetry={() => void courses.refetch()} />
      ) : list.length === 0 ? (
        <Text>{t('workspace.empty')}</Text>
      ) : (
        <>
          <Select
            label={t('workspace.course')}
            data={list.map((c) => ({ value: c.id, label: c.title }))}
            value={courseId}
            onChange={setChosen}
            allowDeselect={false}
            maw={480}
          />
          {course ? <CourseCredits key={course.id} course={course} /> : null}
        </>
      )}
    </Stack>
  );
}

function CourseCredits({ course }: { course: TCourseSummary }) {
  const { t } = useTranslation('credits');
  const { dateTime: when } = useDates();
  const [ledgerPage, setLedgerPage] = useState(0);
  const [requestPage, setRequestPage] = useState(0);
  const ledger = useCourseLedger(course.id, ledgerPage);
  const requests = useCourseRequests(course.id, requestPage);
  const balance = ledger.data?.balance ?? course.credits?.balance ?? 0;
  const pager = {
    controlLabel: (c: 'first' | 'previous' | 'next' | 'last') => t(`pager.${c}`),
    pageLabel: (p: number) => t('pager.page', { page: p }),
  };

  return (
    <Stack gap="lg">
      <Paper withBorder p="md" radius="md">
        <Group justify="space-between" wrap="wrap" gap="md">
          <div>
            <Text c="dimmed" size="sm">
              {t('workspace.balance')}
            </Text>
            <Text fz={28} fw={700} data-testid="credit-balance">
              {t('workspace.balanceValue', { count: balance })}
            </Text>
          </div>
        </Group>
      </Paper>

      <RequestForm courseId={course.id} canRequest={course.actions.includes('requestCredits')} />

      <Paper withBorder p="md" radius="md">
        <Stack gap="sm">
          <Title order={2} fz="lg">
            {t('workspace.requestsHeading')}
          </Title>
          {requests.isError ? (
            <LoadError title={t('queue.loadError')} onRetry={() => void requests.refetch()} />
          ) : requests.data && requests.data.content.length === 0 ? (
            <Text c="dimmed">{t('workspace.noRequests')}</Text>
          ) : (
            <DataTable
              rows={requests.data?.content ?? []}
              rowKey={(r) => r.id}
              label={t('workspace.requestsHeading')}
              minWidth={260}
              busy={requests.isFetching}
              columns={[
                { key: 'when', header: t('columns.when'), cell: (r) => <Text size="sm">{when(r.requestedAt)}</Text> },
                {
                  key: 'quantity',
                  header: t('columns.quantity'),
                  cell: (r) => <Text size="sm">{r.grantedQuantity ?? r.quantity}</Text>,
                },
                {
                  key: 'status',
                  header: t('columns.status'),
                  cell: (r) => <Text size="sm">{t(`status.${r.status}`)}</Text>,
                },
                {
                  key: 'note',
                  header: t('columns.note'),
                  visibleFrom: 'sm',
                  cell: (r) => <Text size="sm">{r.decisionNote ?? r.note ?? ''}</Text>,
                },
              ]}
            />
          )}
          {requests.data && requests.data.totalPages > 1 ? (
            <DataTablePager
              totalPages={requests.data.totalPages}
              page={requestPage}
              onChange={setRequestPage}
              {...pager}
            />
          ) : null}
        </Stack>
      </Paper>

      <Paper withBorder p="md" radius="md">
        <Stack gap="sm">
          <Title order={2} fz="lg">
            {t('workspace.ledgerHeading')}
          </Title>
          {ledger.isError ? (
            <LoadError title={t('workspace.loadError')} onRetry={() => void ledger.refetch()} />
          ) : ledger.data && ledger.data.entries.content.length === 0 ? (
            <Text c="dimmed">{t('workspace.noLedger')}</Text>
          ) : (
            <DataTable
              rows={ledger.data?.entries.content ?? []}
              rowKey={(e) => e.id}
              label={t('workspace.ledgerHeading')}
              minWidth={260}
              busy={ledger.isFetching}
              columns={[
                { key: 'when', header: t('columns.when'), cell: (e) => <Text size="sm">{when(e.at)}</Text> },
                {
                  key: 'what',
                  header: t('columns.what'),
                  cell: (e) => <Text size="sm">{t(`reason.${e.reason}`)}</Text>,
                },
                {
                  key: 'change',
                  header: t('columns.change'),
                  align: 'right',
                  cell: (e) => <Text size="sm">{e.delta > 0 ? `+${e.delta}` : e.delta}</Text>,
                },
                {
                  key: 'by',
                  header: t('columns.by'),
                  visibleFrom: 'sm',
                  cell: (e) => <Text size="sm">{e.by ?? ''}</Text>,
                },
              ]}
            />
          )}
          {ledger.data && ledger.data.entries.totalPages > 1 ? (
            <DataTablePager
              totalPages={ledger.data.entries.totalPages}
              page={ledgerPage}
              onChange={setLedgerPage}
              {...pager}
            />
          ) : null}
        </Stack>
      </Paper>
    </Stack>
  );
}

function RequestForm({ courseId, canRequest }: { courseId: string; canRequest: boolean }) {
  const { t } = useTranslation('credits');
  const [quantity, setQuantity] = useState<number | string>(10);
  const [note, setNote] = useState('');
  const send = useCreditMutation(creditsApi.requestCredits);
  if (!canRequest) return null;
  const submit = (e: React.FormEvent) => {
    e.preventDefault();
    const n = Number(quantity);
    send.mutate(
      { courseId, quantity: n, ...(note.trim() ? { note: note.trim() } : {}) },
      {
        onSuccess: () => {
          notify(t('workspace.requested', { count: n }));
          setNote('');
        },
      },
    );
  };
  return (
    <Paper withBorder p="md" radius="md" component="form" onSubmit={submit} aria-labelledby="request-credits-heading">
      <Stack gap="sm">
        <Title order={2} fz="lg" id="request-credits-heading">
          {t('workspace.requestHeading')}
        </Title>
        {send.isError ? (
          <Alert color="red" variant="light" role="alert">
            {errorText(t, send.error)}
          </Alert>
        ) : null}
        <Group align="flex-end" wrap="wrap" gap="sm">
          <NumberInput
            label={t('workspace.quantity')}
            min={1}
            max={10000}
            allowDecimal={false}
            value={quantity}
            onChange={setQuantity}
            required
            w={180}
          />
          <Textarea
            label={t('workspace.note')}
            maxLength={500}
            value={note}
            onChange={(e) => setNote(e.currentTarget.value)}
            autosize
            minRows={1}
            style={{ flex: '1 1 220px' }}
          />
        </Group>
        <Group>
          <Button type="submit" loading={send.isPending} disabled={!(Number(quantity) >= 1)}>
            {t('workspace.submit')}
          </Button>
        </Group>
      </Stack>
    </Paper>
  );
}
