import type { TEscalationSetting } from '@app/contract';
import {
  Alert,
  Button,
  Group,
  NumberInput,
  Paper,
  SegmentedControl,
  Select,
  SimpleGrid,
  Stack,
  Switch,
  Text,
  Title,
} from '@mantine/core';
import { useDebouncedValue } from '@mantine/hooks';
import { useMutation, useQuery, useQueryClient } from '@tanstack/react-query';
import { useId, useState } from 'react';
import { useTranslation } from 'react-i18next';
import { ConfirmDialog } from '../../app/confirm-dialog.tsx';
import { FullPageLoader } from '../../app/full-page-loader.tsx';
import { notify } from '../../app/notify.ts';
import { usePageTitle } from '../../app/page-title.hook.ts';
import { usersApi } from '../../lib/api/index.ts';
import { errorText } from '../../lib/i18n/error-text.ts';
import { DataTable } from '../common/data-table.tsx';
import { EscalationReach, reachKey } from '../common/escalation-reach.tsx';
import { LoadError } from '../common/load-error.tsx';
import { useAllBranches } from '../common/organisation.queries.ts';
import { PageHeading } from '../common/page-heading.tsx';
import { escalationApi } from './escalation.api.ts';

const listKey = ['session', 'escalation-settings'] as const;
const DEFAULT = 'default';

/** What the page sets escalation for: overdue courses, or overdue occurrences of the compliance register (issue 24). */
type Kind = 'COURSE' | 'COMPLIANCE';

/**
 * `/settings/escalation`: who hears about overdue courses, or about overdue occurrences of the
 * compliance register (the switch at the top). The workspace's default and each business unit's own
 * row: at the first threshold (days after the due date) the learner's department managers (a course)
 * or the occurrence's owner and reviewer (the register), at the second the chosen person.
 */
export function EscalationPage() {
  const { t } = useTranslation('escalation');
  usePageTitle(t('escalation.pageTitle'));
  const [kind, setKind] = useState<Kind>('COURSE');
  const list = useQuery({
    queryKey: [...listKey, kind],
    queryFn: ({ signal }) => escalationApi.escalations(kind, signal),
  });
  const register = kind === 'COMPLIANCE';
  const [editing, setEditing] = useState<TEscalationSetting | null>(null);
  const [deleting, setDeleting] = useState<TEscalationSetting | null>(null);
  const qc = useQueryClient();
  const remove = useMutation({
    mutationFn: (id: string) => escalationApi.deleteEscalation(id),
    onSuccess: () => {
      setDeleting(null);
      notify(t('escalation.deleted'));
      void qc.invalidateQueries({ queryKey: listKey });
      void qc.invalidateQueries({ queryKey: reachKey().slice(0, 2) });
    },
  });
  const rows = list.data?.settings ?? [];
  const unitName = (r: TEscalationSetting) => r.branchName ?? t('escalation.default');

  return (
    <Stack gap="lg" maw={960}>
      <PageHeading
        title={register ? t('escalation.headingCompliance') : t('escalation.heading')}
        intro={register ? t('escalation.introCompliance') : t('escalation.intro')}
      />
      <SegmentedControl
        aria-label={t('escalation.kind')}
        value={kind}
        onChange={(v) => {
          setEditing(null);
          setKind(v as Kind);
        }}
        data={[
          { value: 'COURSE', label: t('escalation.kindCourse') },
          { value: 'COMPLIANCE', label: t('escalation.kindCompliance') },
        ]}
        style={{ alignSelf: 'flex-start' }}
      />
      {list.isPending ? (
        <FullPageLoader inline />
      ) : list.isError ? (
        <LoadError title={t('escalation.loadError')} onRetry={() => void list.refetch()} />
      ) : (
        <>
          {rows.length === 0 ? (
            <Text c="dimmed">{register ? t('escalation.emptyCompliance') : t('escalation.empty')}</Text>
          ) : (
            <DataTable
              rows={rows}
              rowKey={(r) => r.id}
              label={register ? t('escalation.headingCompliance') : t('escalation.heading')}
              minWidth={300}
              columns={[
                { key: 'unit', header: t('escalation.unit'), cell: (r) => <Text size="sm">{unitName(r)}</Text> },
                {
                  key: 'first',
                  header: t('escalation.first'),
                  cell: (r) => <Text size="sm">{t('escalation.days', { count: r.firstThresholdDate })}</Text>,
                },
                {
                  key: 'second',
                  header: t('escalation.second'),
                  visibleFrom: 'sm',
                  cell: (r) => <Text size="sm">{t('escalation.days', { count: r.secondThresholdDate })}</Text>,
                },
                {
                  key: 'target',
                  header: t('escalation.target'),
                  visibleFrom: 'sm',
                  cell: (r) => <Text size="sm">{r.targetName ?? r.targetEmail ?? ''}</Text>,
                },
                {
                  key: 'state',
                  header: t('escalation.state'),
                  cell: (r) => <Text size="sm">{r.enabled ? t('escalation.on') : t('escalation.off')}</Text>,
                },
                {
                  key: 'actions',
                  header: t('escalation.actions'),
                  cell: (r) => (
                    <Group gap={4} wrap="nowrap">
                      <Button
                        size="compact-sm"
                        variant="subtle"
                        onClick={() => setEditing(r)}
                        aria-label={t('escalation.editFor', { unit: unitName(r) })}
                      >
                        {t('escalation.edit')}
                      </Button>
                      <Button
                        size="compact-sm"
                        variant="subtle"
                        color="red"
                        onClick={() => {
                          remove.reset();
                          setDeleting(r);
                        }}
                        aria-label={t('escalation.deleteFor', { unit: unitName(r) })}
                      >
                        {t('escalation.delete')}
                      </Button>
                    </Group>
                  ),
                },
              ]}
            />
          )}
          <EscalationForm
            key={`${kind}:${editing?.id ?? 'new'}`}
            kind={kind}
            editing={editing}
            onDone={() => setEditing(null)}
          />
          {register ? null : <EscalationReach />}
        </>
      )}
      <ConfirmDialog
        opened={deleting !== null}
        title={t('escalation.confirmDeleteTitle')}
        message={t('escalation.confirmDeleteBody', { unit: deleting ? unitName(deleting) : '' })}
        confirmLabel={t('escalation.delete')}
        confirmColor="red"
        pending={remove.isPending}
        error={remove.error ? errorText(t, remove.error, t('escalation.failed')) : null}
        onConfirm={() => deleting && remove.mutate(deleting.id)}
        onClose={() => setDeleting(null)}
      />
    </Stack>
  );
}

function EscalationForm({
  kind,
  editing,
  onDone,
}: {
  kind: Kind;
  editing: TEscalationSetting | null;
  onDone: () => void;
}) {
  const { t } = useTranslation('escalation');
  const headingId = useId();
  const qc = useQueryClient();
  const units = useAllBranches();
  const [unit, setUnit] = useState<string>(editing?.branchId ?? DEFAULT);
  const [first, setFirst] = useState<number>(editing?.firstThresholdDate ?? 3);
  const [second, setSecond] = useState<number>(editing?.secondThresholdDate ?? 7);
  const [enabled, setEnabled] = useState(editing?.enabled ?? true);
  const [targetId, setTargetId] = useState<string | null>(editing?.targetId ?? null);
  const [search, setSearch] = useState('');
  const [q] = useDebouncedValue(search, 250);
  const people = useQuery({
    queryKey: ['session', 'escalation-targets', q],
    queryFn: ({ signal }) =>
      usersApi.searchUsers({ searchText: q, status: 'ACTIVE' }, { pageNo: 0, pageSize: 20 }, signal),
  });
  const options = [
    ...(editing?.targetId && !people.data?.content.some((p) => p.userId === editing.targetId)
      ? [{ value: editing.targetId, label: editing.targetName ?? editing.targetEmail ?? editing.targetId }]
      : []),
    ...(people.data?.content ?? []).map((p) => ({
      value: p.userId,
      label: `${[p.firstName, p.lastName].filter(Boolean).join(' ')}${p.userEmail ? ` (${p.userEmail})` : ''}`,
    })),
  ];
  const save = useMutation({
    mutationFn: () =>
      escalationApi.saveEscalation({
        branchId: unit === DEFAULT ? null : unit,
        escalationType: kind,
        firstThresholdDate: first,
        secondThresholdDate: second,
        targetId: targetId!,
        enabled,
      }),
    onSuccess: () => {
      notify(t('escalation.saved'));
      void qc.invalidateQueries({ queryKey: listKey });
      void qc.invalidateQueries({ queryKey: reachKey().slice(0, 2) });
      onDone();
    },
  });
  const num = (v: string | number, fallback: number) =>
    typeof v === 'number' ? v : Number.parseInt(v, 10) || fallback;
  const inverted = second < first;

  return (
    <Paper component="section" aria-labelledby={headingId} withBorder radius="md" p={{ base: 'md', sm: 'lg' }}>
      <form
        onSubmit={(e) => {
          e.preventDefault();
          if (!inverted && targetId) save.mutate();
        }}
      >
        <Stack gap="md">
          <Title order={2} fz="lg" id={headingId}>
            {editing ? t('escalation.editHeading') : t('escalation.addHeading')}
          </Title>
          <Select
            label={t('escalation.unit')}
            data={[
              { value: DEFAULT, label: t('escalation.default') },
              ...(units.data ?? []).map((u) => ({ value: u.branchId, label: u.branchName })),
            ]}
            value={unit}
            onChange={(v) => setUnit(v ?? DEFAULT)}
            allowDeselect={false}
            disabled={editing !== null}
            maw={420}
          />
          <SimpleGrid cols={{ base: 1, sm: 2 }} spacing="md">
            <NumberInput
              label={t('escalation.first')}
              description={kind === 'COMPLIANCE' ? t('escalation.firstHintCompliance') : t('escalation.firstHint')}
              min={1}
              max={365}
              allowDecimal={false}
              value={first}
              onChange={(v) => setFirst(num(v, 1))}
            />
            <NumberInput
              label={t('escalation.second')}
              description={t('escalation.secondHint')}
              min={1}
              max={365}
              allowDecimal={false}
              value={second}
              onChange={(v) => setSecond(num(v, 1))}
              error={inverted ? t('escalation.secondTooSoon') : undefined}
            />
          </SimpleGrid>
          <Select
            label={t('escalation.target')}
            placeholder={t('escalation.searchPerson')}
            searchable
            data={options}
            value={targetId}
            onChange={setTargetId}
            searchValue={search}
            onSearchChange={setSearch}
            filter={({ options: o }) => o}
            nothingFoundMessage={t('escalation.noPeople')}
            maw={420}
            required
          />
          <Switch
            label={t('escalation.enabled')}
            checked={enabled}
            onChange={(e) => setEnabled(e.currentTarget.checked)}
          />
          {save.error ? (
            <Alert color="red" variant="light" role="alert">
              {errorText(t, save.error, t('escalation.failed'))}
            </Alert>
          ) : null}
          <Group>
            <Button type="submit" loading={save.isPending} disabled={!targetId || inverted}>
              {t('escalation.save')}
            </Button>
            {editing ? (
              <Button variant="default" onClick={onDone}>
                {t('escalation.cancel')}
              </Button>
            ) : null}
          </Group>
        </Stack>
      </form>
    </Paper>
  );
}
