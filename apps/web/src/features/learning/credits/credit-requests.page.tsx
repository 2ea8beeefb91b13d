import type { TCreditRequest, TCreditRequestStatus } from '@app/contract';
import { CREDIT_REQUEST_STATUSES } from '@app/contract';
import { Alert, Button, Drawer, Group, NumberInput, Select, Stack, Text, Textarea } from '@mantine/core';
import { useState } from 'react';
import { useTranslation } from 'react-i18next';
import { notify } from '../../../app/notify.ts';
import { usePageTitle } from '../../../app/page-title.hook.ts';
import { errorText } from '../../../lib/i18n/error-text.ts';
import { DataTable, DataTablePager } from '../../common/data-table.tsx';
import { useDates } from '../../common/dates.hook.ts';
import { LoadError } from '../../common/load-error.tsx';
import { PageHeading } from '../../common/page-heading.tsx';
import { creditsApi } from './credits.api.ts';
import { useCreditMutation, useRequestQueue } from './credits.queries.ts';

/** A decision just made, as the page reports it. */
type TDecided = { decision: 'GRANT' | 'REJECT'; workspace: string; course: string; quantity: number; balance: number };

/** `/platform/credit-requests` (operator): the queue, pending first; each request granted or rejected in a drawer. */
export function CreditRequestsPage() {
  const { t } = useTranslation('credits');
  const { dateTime: when } = useDates();
  usePageTitle(t('queue.pageTitle'));
  const [status, setStatus] = useState<TCreditRequestStatus | null>('PENDING');
  const [page, setPage] = useState(0);
  const queue = useRequestQueue(page, status);
  const [open, setOpen] = useState<TCreditRequest | null>(null);
  // The last decision, said on the page: the request leaves the "Pending" list it was decided from.
  const [last, setLast] = useState<TDecided | null>(null);
  const showAll = () => {
    setStatus(null);
    setPage(0);
  };

  return (
    <Stack gap="lg" maw={1100}>
      <PageHeading title={t('queue.heading')} intro={t('queue.intro')} />
      <Select
        label={t('queue.filter')}
        data={[
          { value: 'ALL', label: t('queue.all') },
          ...CREDIT_REQUEST_STATUSES.map((s) => ({ value: s, label: t(`status.${s}`) })),
        ]}
        value={status ?? 'ALL'}
        onChange={(v) => {
          setStatus(v === 'ALL' || v === null ? null : (v as TCreditRequestStatus));
          setPage(0);
        }}
        allowDeselect={false}
        maw={240}
      />
      {last ? (
        <Alert
          color={last.decision === 'GRANT' ? 'teal' : 'gray'}
          variant="light"
          role="status"
          data-testid="last-decision"
        >
          <Stack gap="xs" align="flex-start">
            <Text size="sm">
              {last.decision === 'GRANT'
                ? t('queue.lastGranted', {
                    workspace: last.workspace,
                    course: last.course,
                    quantity: last.quantity,
                    balance: last.balance,
                  })
                : t('queue.lastRejected', { workspace: last.workspace, course: last.course })}
            </Text>
            {status !== null ? (
              <Button size="xs" variant="default" onClick={showAll}>
                {t('queue.showAll')}
              </Button>
            ) : null}
          </Stack>
        </Alert>
      ) : null}
      {queue.isError ? (
        <LoadError title={t('queue.loadError')} onRetry={() => void queue.refetch()} />
      ) : queue.data && queue.data.content.length === 0 ? (
        status === null ? (
          <Text c="dimmed">{t('queue.empty')}</Text>
        ) : (
          <Group gap="sm" data-testid="queue-empty">
            <Text c="dimmed">{t('queue.emptyFiltered', { status: t(`status.${status}`) })}</Text>
            {last ? null : (
              <Button size="xs" variant="default" onClick={showAll}>
                {t('queue.showAll')}
              </Button>
            )}
          </Group>
        )
      ) : (
        <DataTable
          rows={queue.data?.content ?? []}
          rowKey={(r) => r.id}
          label={t('queue.tableLabel')}
          minWidth={300}
          busy={queue.isFetching}
          columns={[
            {
              key: 'workspace',
              header: t('columns.workspace'),
              cell: (r) => (
                <Stack gap={2}>
                  <Text size="sm" fw={600}>
                    {r.workspaceName}
                  </Text>
                  <Text size="xs" c="dimmed" hiddenFrom="sm">
                    {r.courseTitle} · {r.quantity} · {t(`status.${r.status}`)}
                  </Text>
                </Stack>
              ),
            },
            {
              key: 'course',
              header: t('columns.course'),
              visibleFrom: 'sm',
              cell: (r) => <Text size="sm">{r.courseTitle}</Text>,
            },
            {
              key: 'quantity',
              header: t('columns.quantity'),
              visibleFrom: 'sm',
              cell: (r) => <Text size="sm">{r.quantity}</Text>,
            },
            {
              key: 'when',
              header: t('columns.when'),
              visibleFrom: 'md',
              cell: (r) => <Text size="sm">{when(r.requestedAt)}</Text>,
            },
            {
              key: 'status',
              header: t('columns.status'),
              visibleFrom: 'sm',
              cell: (r) => <Text size="sm">{t(`status.${r.status}`)}</Text>,
            },
            {
              key: 'actions',
              header: t('columns.actions'),
              cell: (r) =>
                r.actions.includes('decide') ? (
                  <Button size="xs" variant="light" onClick={() => setOpen(r)}>
                    {t('queue.decide')}
                  </Button>
                ) : null,
            },
          ]}
        />
      )}
      {queue.data && queue.data.totalPages > 1 ? (
        <DataTablePager
          totalPages={queue.data.totalPages}
          page={page}
          onChange={setPage}
          controlLabel={(c) => t(`pager.${c}`)}
          pageLabel={(p) => t('pager.page', { page: p })}
        />
      ) : null}
      <DecisionDrawer request={open} onClose={() => setOpen(null)} onDecided={setLast} />
    </Stack>
  );
}

function DecisionDrawer({
  request,
  onClose,
  onDecided,
}: {
  request: TCreditRequest | null;
  onClose: () => void;
  onDecided: (decided: TDecided) => void;
}) {
  const { t } = useTranslation('credits');
  const { t: common } = useTranslation();
  return (
    <Drawer
      opened={request !== null}
      onClose={onClose}
      title={t('queue.drawerTitle')}
      position="right"
      closeButtonProps={{ 'aria-label': common('common.close') }}
    >
      {request ? (
        <DecisionForm
          key={request.id}
          request={request}
          onDone={(decided) => {
            onDecided(decided);
            onClose();
          }}
        />
      ) : null}
    </Drawer>
  );
}

function DecisionForm({ request, onDone }: { request: TCreditRequest; onDone: (decided: TDecided) => void }) {
  const { t } = useTranslation('credits');
  const [quantity, setQuantity] = useState<number | string>(request.quantity);
  const [note, setNote] = useState('');
  const decide = useCreditMutation((body: Parameters<typeof creditsApi.decide>[1]) =>
    creditsApi.decide(request.id, body),
  );
  const send = (decision: 'GRANT' | 'REJECT') =>
    decide.mutate(
      {
        decision,
        ...(decision === 'GRANT' ? { quantity: Number(quantity) } : {}),
        ...(note.trim() ? { note: note.trim() } : {}),
      },
      {
        onSuccess: (res) => {
          notify(decision === 'GRANT' ? t('queue.granted', { balance: res.balance }) : t('queue.rejected'));
          onDone({
            decision,
            workspace: request.workspaceName,
            course: request.courseTitle,
            quantity: Number(quantity),
            balance: res.balance,
          });
        },
      },
    );
  return (
    <Stack gap="md">
      <Text>
        {t('queue.asked', { workspace: request.workspaceName, course: request.courseTitle, count: request.quantity })}
      </Text>
      {request.note ? (
        <Text size="sm" c="dimmed">
          “{request.note}”
        </Text>
      ) : null}
      {decide.isError ? (
        <Alert color="red" variant="light" role="alert">
          {errorText(t, decide.error)}
        </Alert>
      ) : null}
      <NumberInput
        label={t('queue.grantQuantity')}
        min={1}
        max={10000}
        allowDecimal={false}
        value={quantity}
        onChange={setQuantity}
      />
      <Textarea
        label={t('queue.decisionNote')}
        maxLength={500}
        value={note}
        onChange={(e) => setNote(e.currentTarget.value)}
        autosize
        minRows={2}
      />
      <Group justify="flex-end">
        <Button variant="default" color="red" onClick={() => send('REJECT')} loading={decide.isPending}>
          {t('queue.reject')}
        </Button>
        <Button onClick={() => send('GRANT')} loading={decide.isPending} disabled={!(Number(quantity) >= 1)}>
          {t('queue.grant')}
        </Button>
      </Group>
    </Stack>
  );
}
