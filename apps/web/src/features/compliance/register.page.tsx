import type { TOccurrence, TRegisterObligation } from '@app/contract';
import {
  Alert,
  Anchor,
  Badge,
  Button,
  Group,
  Modal,
  Paper,
  Select,
  SimpleGrid,
  Stack,
  Switch,
  Tabs,
  Text,
  Textarea,
  Title,
} from '@mantine/core';
import { useMutation, useQuery, useQueryClient } from '@tanstack/react-query';
import { useId, useState } from 'react';
import { useTranslation } from 'react-i18next';
import { Link, useSearchParams } from 'react-router';
import { FullPageLoader } from '../../app/full-page-loader.tsx';
import { notify } from '../../app/notify.ts';
import { usePageTitle } from '../../app/page-title.hook.ts';
import { errorText } from '../../lib/i18n/error-text.ts';
import { DataTable, DataTablePager } from '../common/data-table.tsx';
import { PlainDateInput } from '../common/date-input.tsx';
import { useDates } from '../common/dates.hook.ts';
import { LoadError } from '../common/load-error.tsx';
import { useAllBranches } from '../common/organisation.queries.ts';
import { PageHeading } from '../common/page-heading.tsx';
import { complianceApi, type TOccurrenceFilters } from './compliance.api.ts';
import { groupByUnit, type TGroup } from './compliance.logic.ts';
import {
  complianceKeys,
  Muted,
  OccurrenceStatus,
  PersonSelect,
  useReasonText,
  useRecordEvent,
} from './compliance.parts.tsx';

/** The smallest justification the server accepts for "not applicable". */
export const MIN_JUSTIFICATION = 10;

/**
 * `/compliance`: the workspace's register. "Obligations": what applies to each business unit and
 * to the workspace, why, who owns and reviews it; "Occurrences": each due date with its status.
 * `?view=occurrences` opens the second tab (links from mails and the calendar).
 */
export function RegisterPage() {
  const { t } = useTranslation('compliance');
  usePageTitle(t('compliance.pageTitle'));
  const [params, setParams] = useSearchParams();
  const view = params.get('view') === 'occurrences' ? 'occurrences' : 'obligations';
  return (
    <Stack gap="lg" maw={1100}>
      <PageHeading title={t('compliance.heading')} intro={t('compliance.intro')} />
      <Group gap="sm">
        <Anchor component={Link} to="/compliance/calendar">
          {t('compliance.calendarLink')}
        </Anchor>
      </Group>
      <Tabs
        value={view}
        onChange={(v) => setParams(v === 'occurrences' ? { view: 'occurrences' } : {}, { replace: true })}
        keepMounted={false}
      >
        <Tabs.List>
          <Tabs.Tab value="obligations">{t('compliance.obligationsTab')}</Tabs.Tab>
          <Tabs.Tab value="occurrences">{t('compliance.occurrencesTab')}</Tabs.Tab>
        </Tabs.List>
        <Tabs.Panel value="obligations" pt="md">
          <ObligationsView />
        </Tabs.Panel>
        <Tabs.Panel value="occurrences" pt="md">
          <OccurrencesView />
        </Tabs.Panel>
      </Tabs>
    </Stack>
  );
}

function ObligationsView() {
  const { t } = useTranslation('compliance');
  const list = useQuery({
    queryKey: complianceKeys.obligations(),
    queryFn: ({ signal }) => complianceApi.obligations(signal),
  });
  const [marking, setMarking] = useState<TRegisterObligation | null>(null);
  const [assigning, setAssigning] = useState<TRegisterObligation | null>(null);
  const [recording, setRecording] = useState<TRegisterObligation | null>(null);
  if (list.isPending) return <FullPageLoader inline />;
  if (list.isError) return <LoadError title={t('compliance.loadError')} onRetry={() => void list.refetch()} />;
  if (list.data.length === 0) return <Text c="dimmed">{t('compliance.noObligations')}</Text>;
  const groups = groupByUnit(list.data, t('compliance.wholeWorkspace'));
  return (
    <Stack gap="xl">
      {groups.map((g) => (
        <UnitGroup key={g.key} group={g} onMark={setMarking} onAssign={setAssigning} onRecord={setRecording} />
      ))}
      {marking ? <ApplicabilityDialog answer={marking} onClose={() => setMarking(null)} /> : null}
      {assigning ? <AssignDialog answer={assigning} onClose={() => setAssigning(null)} /> : null}
      {recording ? <EventDialog answer={recording} onClose={() => setRecording(null)} /> : null}
    </Stack>
  );
}

function UnitGroup(props: {
  group: TGroup;
  onMark: (a: TRegisterObligation) => void;
  onAssign: (a: TRegisterObligation) => void;
  onRecord: (a: TRegisterObligation) => void;
}) {
  const headingId = useId();
  return (
    <section aria-labelledby={headingId}>
      <Title order={2} fz="lg" id={headingId} mb="sm">
        {props.group.name}
      </Title>
      <Stack gap="sm">
        {props.group.rows.map((row) => (
          <ObligationCard
            key={row.answerId}
            row={row}
            onMark={props.onMark}
            onAssign={props.onAssign}
            onRecord={props.onRecord}
          />
        ))}
      </Stack>
    </section>
  );
}

function ObligationCard(props: {
  row: TRegisterObligation;
  onMark: (a: TRegisterObligation) => void;
  onAssign: (a: TRegisterObligation) => void;
  onRecord: (a: TRegisterObligation) => void;
}) {
  const { t } = useTranslation('compliance');
  const { date } = useDates();
  const reasonText = useReasonText();
  const { row } = props;
  const o = row.obligation;
  const applies = row.applies && !row.notApplicable;
  const titleId = useId();
  return (
    <Paper withBorder radius="md" p="md" data-testid="obligation" data-answer-id={row.answerId}>
      <Stack gap={8}>
        <Group justify="space-between" align="flex-start" wrap="wrap" gap="xs">
          <div style={{ minWidth: 0, flex: '1 1 240px' }}>
            <Title order={3} fz="md" style={{ overflowWrap: 'anywhere' }} id={titleId}>
              {o.title}
            </Title>
            <Text size="sm" c="dimmed" style={{ overflowWrap: 'anywhere' }}>
              {t('compliance.lawSection', { law: o.law, section: o.section })} · {o.category} ·{' '}
              {t(`compliance.kind.${o.kind}`)}
            </Text>
          </div>
          <Group gap={6}>
            {row.notApplicable ? (
              <Badge color="gray" variant="light" style={{ textTransform: 'none' }}>
                {t('compliance.markedNotApplicable')}
              </Badge>
            ) : (
              <Badge color={row.applies ? 'blue' : 'gray'} variant="light" style={{ textTransform: 'none' }}>
                {row.applies ? t('compliance.applies') : t('compliance.doesNotApply')}
              </Badge>
            )}
            {o.retired ? (
              <Badge color="gray" variant="outline" style={{ textTransform: 'none' }}>
                {t('compliance.retired')}
              </Badge>
            ) : null}
            {row.overdueCount > 0 ? (
              <Badge color="red" variant="filled" style={{ textTransform: 'none' }}>
                {t('compliance.overdueCount', { count: row.overdueCount })}
              </Badge>
            ) : null}
          </Group>
        </Group>
        <Text size="sm">{reasonText(row.reason, o.section)}</Text>
        {row.notApplicable && row.justification ? (
          <Text size="sm" style={{ overflowWrap: 'anywhere' }}>
            <Text span fw={600} size="sm">
              {t('compliance.justification')}:{' '}
            </Text>
            {row.justification}
          </Text>
        ) : null}
        <SimpleGrid cols={{ base: 1, sm: 3 }} spacing="xs" verticalSpacing={4}>
          <Field label={t('compliance.owner')} value={row.owner?.name ?? t('compliance.nobody')} />
          <Field label={t('compliance.reviewer')} value={row.reviewer?.name ?? t('compliance.nobody')} />
          <Field
            label={t('compliance.nextDue')}
            value={applies && row.nextDue ? date(row.nextDue) : t('compliance.noneDue')}
          />
        </SimpleGrid>
        {o.evidenceSource === 'TRAINING' ? (
          <Text size="sm">
            <Text span fw={600} size="sm">
              {t('compliance.evidenceCourses')}:{' '}
            </Text>
            {row.evidenceCourses.length === 0
              ? t('compliance.noCourses')
              : row.evidenceCourses.map((c, i) => (
                  <span key={c.id}>
                    {i > 0 ? ', ' : ''}
                    <Anchor component={Link} to={`/courses/${c.id}/learners`} size="sm">
                      {c.title}
                    </Anchor>
                  </span>
                ))}
          </Text>
        ) : null}
        {row.actions.length > 0 || applies ? (
          <Group gap="xs" wrap="wrap">
            {applies ? (
              <Button
                size="compact-sm"
                variant="subtle"
                component={Link}
                to={`/compliance?view=occurrences&obligation=${o.id}`}
              >
                {t('compliance.seeOccurrences')}
              </Button>
            ) : null}
            {row.actions.includes('assign') ? (
              <Button size="compact-sm" variant="light" onClick={() => props.onAssign(row)} aria-describedby={titleId}>
                {t('compliance.assign')}
              </Button>
            ) : null}
            {row.actions.includes('recordEvent') ? (
              <Button size="compact-sm" variant="light" onClick={() => props.onRecord(row)} aria-describedby={titleId}>
                {t('compliance.recordEvent')}
              </Button>
            ) : null}
            {row.actions.includes('setApplicability') ? (
              <Button size="compact-sm" variant="default" onClick={() => props.onMark(row)} aria-describedby={titleId}>
                {row.notApplicable ? t('compliance.markApplicable') : t('compliance.markNotApplicable')}
              </Button>
            ) : null}
          </Group>
        ) : null}
      </Stack>
    </Paper>
  );
}

function Field({ label, value }: { label: string; value: string }) {
  return (
    <div style={{ minWidth: 0 }}>
      <Text size="xs" c="dimmed">
        {label}
      </Text>
      <Text size="sm" style={{ overflowWrap: 'anywhere' }}>
        {value}
      </Text>
    </div>
  );
}

/** Marks an answer not applicable (a justification of 10 or more characters) or applicable again. */
function ApplicabilityDialog({ answer, onClose }: { answer: TRegisterObligation; onClose: () => void }) {
  const { t } = useTranslation('compliance');
  const qc = useQueryClient();
  const [text, setText] = useState('');
  const [tried, setTried] = useState(false);
  const again = answer.notApplicable;
  const save = useMutation({
    mutationFn: () =>
      complianceApi.updateAnswer(
        answer.answerId,
        again ? { notApplicable: false, justification: null } : { notApplicable: true, justification: text.trim() },
      ),
    onSuccess: () => {
      notify(again ? t('compliance.markedApplicableDone') : t('compliance.markedNotApplicableDone'));
      void qc.invalidateQueries({ queryKey: complianceKeys.all });
      onClose();
    },
  });
  const tooShort = !again && text.trim().length < MIN_JUSTIFICATION;
  return (
    <Modal
      opened
      onClose={onClose}
      closeButtonProps={{ 'aria-label': t('compliance.close') }}
      title={again ? t('compliance.markApplicableTitle') : t('compliance.markNotApplicableTitle')}
    >
      <form
        onSubmit={(e) => {
          e.preventDefault();
          setTried(true);
          if (!tooShort) save.mutate();
        }}
      >
        <Stack gap="md">
          <Text size="sm" fw={600} style={{ overflowWrap: 'anywhere' }}>
            {answer.obligation.title} ({answer.unit?.name ?? t('compliance.wholeWorkspace')})
          </Text>
          {again ? (
            <Text size="sm">{t('compliance.markApplicableBody')}</Text>
          ) : (
            <Textarea
              label={t('compliance.justification')}
              description={t('compliance.justificationHint', { min: MIN_JUSTIFICATION })}
              value={text}
              onChange={(e) => setText(e.currentTarget.value)}
              autosize
              minRows={3}
              maxLength={2000}
              required
              error={tried && tooShort ? t('compliance.justificationTooShort', { min: MIN_JUSTIFICATION }) : undefined}
              data-autofocus
            />
          )}
          {save.error ? (
            <Alert color="red" variant="light" role="alert">
              {errorText(t, save.error, t('compliance.failed'))}
            </Alert>
          ) : null}
          <Group justify="flex-end">
            <Button variant="default" onClick={onClose}>
              {t('compliance.cancel')}
            </Button>
            <Button type="submit" loading={save.isPending}>
              {again ? t('compliance.markApplicable') : t('compliance.markNotApplicable')}
            </Button>
          </Group>
        </Stack>
      </form>
    </Modal>
  );
}

/** Chooses the owner and the reviewer of an answer. */
function AssignDialog({ answer, onClose }: { answer: TRegisterObligation; onClose: () => void }) {
  const { t } = useTranslation('compliance');
  const qc = useQueryClient();
  const [owner, setOwner] = useState(answer.owner);
  const [reviewer, setReviewer] = useState(answer.reviewer);
  const save = useMutation({
    mutationFn: () =>
      complianceApi.updateAnswer(answer.answerId, { ownerId: owner?.id ?? null, reviewerId: reviewer?.id ?? null }),
    onSuccess: () => {
      notify(t('compliance.assigned'));
      void qc.invalidateQueries({ queryKey: complianceKeys.all });
      onClose();
    },
  });
  return (
    <Modal
      opened
      onClose={onClose}
      closeButtonProps={{ 'aria-label': t('compliance.close') }}
      title={t('compliance.assignTitle')}
    >
      <form
        onSubmit={(e) => {
          e.preventDefault();
          save.mutate();
        }}
      >
        <Stack gap="md">
          <Text size="sm" fw={600} style={{ overflowWrap: 'anywhere' }}>
            {answer.obligation.title} ({answer.unit?.name ?? t('compliance.wholeWorkspace')})
          </Text>
          <PersonSelect label={t('compliance.owner')} value={owner} onChange={setOwner} />
          <PersonSelect label={t('compliance.reviewer')} value={reviewer} onChange={setReviewer} />
          <Text size="xs" c="dimmed">
            {t('compliance.assignHint')}
          </Text>
          {save.error ? (
            <Alert color="red" variant="light" role="alert">
              {errorText(t, save.error, t('compliance.failed'))}
            </Alert>
          ) : null}
          <Group justify="flex-end">
            <Button variant="default" onClick={onClose}>
              {t('compliance.cancel')}
            </Button>
            <Button type="submit" loading={save.isPending}>
              {t('compliance.save')}
            </Button>
          </Group>
        </Stack>
      </form>
    </Modal>
  );
}

/** An EVENT obligation's event happened: its date (and a note); the new occurrence opens. */
function EventDialog({ answer, onClose }: { answer: TRegisterObligation; onClose: () => void }) {
  const { t } = useTranslation('compliance');
  const { day, setDay, note, setNote, record } = useRecordEvent(answer.answerId);
  return (
    <Modal
      opened
      onClose={onClose}
      closeButtonProps={{ 'aria-label': t('compliance.close') }}
      title={t('compliance.recordEvent')}
    >
      <form
        onSubmit={(e) => {
          e.preventDefault();
          if (day) record.mutate();
        }}
      >
        <Stack gap="md">
          <Text size="sm" fw={600} style={{ overflowWrap: 'anywhere' }}>
            {answer.obligation.title} ({answer.unit?.name ?? t('compliance.wholeWorkspace')})
          </Text>
          <Text size="sm" c="dimmed">
            {t('compliance.recordEventHint')}
          </Text>
          <PlainDateInput
            label={t('compliance.eventDate')}
            value={day}
            onChange={(v) => setDay(typeof v === 'string' ? v : null)}
            required
            data-autofocus
          />
          <Textarea
            label={t('compliance.note')}
            value={note}
            onChange={(e) => setNote(e.currentTarget.value)}
            autosize
            minRows={2}
            maxLength={2000}
          />
          {record.error ? (
            <Alert color="red" variant="light" role="alert">
              {errorText(t, record.error, t('compliance.failed'))}
            </Alert>
          ) : null}
          <Group justify="flex-end">
            <Button variant="default" onClick={onClose}>
              {t('compliance.cancel')}
            </Button>
            <Button type="submit" loading={record.isPending} disabled={!day}>
              {t('compliance.recordEvent')}
            </Button>
          </Group>
        </Stack>
      </form>
    </Modal>
  );
}

const STATUS_FILTERS = ['DUE', 'OVERDUE', 'AWAITING_REVIEW', 'DONE', 'ALL'] as const;

function OccurrencesView() {
  const { t } = useTranslation('compliance');
  const { date } = useDates();
  const units = useAllBranches();
  const [params] = useSearchParams();
  const obligationId = params.get('obligation');
  const [filters, setFilters] = useState<TOccurrenceFilters>({
    status: 'DUE',
    branchId: null,
    mine: false,
    from: null,
    to: null,
  });
  const [paging, setPaging] = useState({ key: '', page: 0 });
  const viewKey = JSON.stringify([filters, obligationId]);
  const page = paging.key === viewKey ? paging.page : 0;
  const list = useQuery({
    queryKey: complianceKeys.occurrences([filters, obligationId], page),
    queryFn: ({ signal }) => complianceApi.occurrences({ ...filters, obligationId }, page, signal),
    placeholderData: (previous) => previous,
  });
  const set = (patch: Partial<TOccurrenceFilters>) => setFilters((f) => ({ ...f, ...patch }));
  const rows = list.data?.content ?? [];
  return (
    <Stack gap="md">
      <Paper withBorder radius="md" p="md" component="form" role="search" aria-label={t('compliance.filters')}>
        <SimpleGrid cols={{ base: 1, sm: 2, md: 4 }} spacing="sm">
          <Select
            label={t('compliance.statusFilter')}
            data={STATUS_FILTERS.map((s) => ({ value: s, label: t(`compliance.filter.${s}`) }))}
            value={filters.status}
            onChange={(v) => set({ status: (v ?? 'DUE') as TOccurrenceFilters['status'] })}
            allowDeselect={false}
          />
          <Select
            label={t('compliance.unitFilter')}
            data={[
              { value: '', label: t('compliance.allUnits') },
              ...(units.data ?? []).map((u) => ({ value: u.branchId, label: u.branchName })),
            ]}
            value={filters.branchId ?? ''}
            onChange={(v) => set({ branchId: v || null })}
            allowDeselect={false}
          />
          <PlainDateInput
            label={t('compliance.dueFrom')}
            value={filters.from}
            onChange={(v) => set({ from: typeof v === 'string' ? v : null })}
          />
          <PlainDateInput
            label={t('compliance.dueTo')}
            value={filters.to}
            onChange={(v) => set({ to: typeof v === 'string' ? v : null })}
          />
        </SimpleGrid>
        <Switch
          mt="sm"
          label={t('compliance.mineOnly')}
          checked={filters.mine}
          onChange={(e) => set({ mine: e.currentTarget.checked })}
        />
      </Paper>
      {obligationId ? (
        <Group gap="xs">
          <Text size="sm">{t('compliance.oneObligation')}</Text>
          <Anchor component={Link} to="/compliance?view=occurrences" size="sm">
            {t('compliance.showAllObligations')}
          </Anchor>
        </Group>
      ) : null}
      {list.isPending ? (
        <FullPageLoader inline />
      ) : list.isError ? (
        <LoadError title={t('compliance.loadError')} onRetry={() => void list.refetch()} />
      ) : rows.length === 0 ? (
        <Text c="dimmed">{t('compliance.noOccurrences')}</Text>
      ) : (
        <>
          <DataTable<TOccurrence>
            rows={rows}
            rowKey={(r) => r.id}
            label={t('compliance.occurrencesTab')}
            minWidth={320}
            striped={false}
            busy={list.isFetching}
            rowProps={(r) => ({ 'data-testid': `occurrence-${r.id}` })}
            columns={[
              {
                key: 'title',
                header: t('compliance.obligation'),
                cell: (r) => (
                  <div style={{ minWidth: 0 }}>
                    <Anchor component={Link} to={`/compliance/occurrences/${r.id}`} size="sm" fw={600} c="blue.9">
                      {r.title}
                    </Anchor>
                    <Text size="xs" c="dimmed" style={{ overflowWrap: 'anywhere' }}>
                      {r.section} · {r.unit?.name ?? t('compliance.wholeWorkspace')}
                    </Text>
                    <Text size="xs" hiddenFrom="sm">
                      {t('compliance.dueOn', { date: date(r.dueDate) })}
                    </Text>
                  </div>
                ),
              },
              {
                key: 'due',
                header: t('compliance.dueDate'),
                visibleFrom: 'sm',
                cell: (r) => <Text size="sm">{date(r.dueDate)}</Text>,
              },
              { key: 'status', header: t('compliance.status.label'), cell: (r) => <OccurrenceStatus occurrence={r} /> },
              {
                key: 'owner',
                header: t('compliance.owner'),
                visibleFrom: 'md',
                cell: (r) => <Text size="sm">{r.owner?.name ?? t('compliance.nobody')}</Text>,
              },
              {
                key: 'actions',
                header: t('compliance.actions'),
                visibleFrom: 'sm',
                cell: (r) => <OccurrenceActions occurrence={r} />,
              },
            ]}
          />
          <DataTablePager
            totalPages={list.data.totalPages}
            page={page}
            onChange={(p) => setPaging({ key: viewKey, page: p })}
            summary={
              <Text size="sm" c="dimmed">
                {t('compliance.pageSummary', {
                  from: page * list.data.size + 1,
                  to: page * list.data.size + rows.length,
                  total: list.data.totalElements,
                })}
              </Text>
            }
            controlLabel={(c) => t(`compliance.pager.${c}`)}
          />
        </>
      )}
    </Stack>
  );
}

/** The list row's links: exactly the actions the server gave for it. */
function OccurrenceActions({ occurrence }: { occurrence: TOccurrence }) {
  const { t } = useTranslation('compliance');
  const a = occurrence.actions;
  const to = `/compliance/occurrences/${occurrence.id}`;
  return (
    <Group gap={4} wrap="wrap">
      {a.includes('addEvidence') ? (
        <Button size="compact-sm" variant="light" component={Link} to={`${to}#evidence`}>
          {t('compliance.recordEvidence')}
        </Button>
      ) : null}
      {a.includes('approve') || a.includes('return') ? (
        <Button size="compact-sm" variant="light" component={Link} to={`${to}#review`}>
          {t('compliance.review')}
        </Button>
      ) : null}
      {a.includes('recordEvent') ? (
        <Button size="compact-sm" variant="light" component={Link} to={`${to}#event`}>
          {t('compliance.recordEvent')}
        </Button>
      ) : null}
      {a.length === 0 ? <Muted>{t('compliance.noActions')}</Muted> : null}
    </Group>
  );
}
