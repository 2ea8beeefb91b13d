import type { TCaseCounts, TCaseSummary } from '@app/contract';
import { Anchor, Badge, Button, Group, Paper, SegmentedControl, Stack, Table, Text, Title } from '@mantine/core';
import { useId, useState } from 'react';
import { useTranslation } from 'react-i18next';
import { Link } from 'react-router';
import { FullPageLoader } from '../../../app/full-page-loader.tsx';
import { usePageTitle } from '../../../app/page-title.hook.ts';
import { LoadError } from '../../common/load-error.tsx';
import { PageHeading } from '../../common/page-heading.tsx';
import { useCaseCounts, useCommitteeCases } from './committee.api.ts';
import { DaysLeft, useCmsText, usePlainDate } from './parts.tsx';
import { WriteDownComplaint } from './write-down.tsx';

type Status = 'OPEN' | 'CLOSED' | 'ALL';

/**
 * `/cases`: the committee's cases (metadata only, no key needed), the most urgent first — red when
 * overdue — with counts by stage. Someone who manages complaints without sitting on a committee sees
 * the workspace's counts only, and why they cannot open a case (DESIGN §9).
 */
export function CommitteeCasesPage() {
  const { t } = useTranslation('committeeCases');
  usePageTitle(t('list.title'));
  const [status, setStatus] = useState<Status>('OPEN');
  const [page, setPage] = useState(0);
  const list = useCommitteeCases(status, page);
  // Answered to those who hold complaints.manage (403 to the others: then no counts are shown).
  const counts = useCaseCounts(true);
  const mine = list.data?.page.totalElements ?? 0;
  const showList = mine > 0 || status !== 'OPEN' || !counts.data;

  return (
    <Stack gap="lg" maw={1040}>
      <PageHeading title={t('list.heading')} intro={list.data && !showList ? t('list.introCounts') : t('list.intro')} />
      {/* The committee's list (not the counts alone): the caller sits on a committee (POSH s.9(1)). */}
      {list.data && showList ? (
        <Group>
          <WriteDownComplaint />
        </Group>
      ) : null}
      {list.isPending ? (
        <FullPageLoader inline />
      ) : list.isError ? (
        <LoadError title={t('list.loadError')} onRetry={() => void list.refetch()} />
      ) : showList ? (
        <>
          <Group justify="space-between" gap="sm">
            <SegmentedControl
              aria-label={t('list.status')}
              value={status}
              onChange={(v) => {
                setStatus(v as Status);
                setPage(0);
              }}
              data={[
                { value: 'OPEN', label: t('list.open') },
                { value: 'CLOSED', label: t('list.closed') },
                { value: 'ALL', label: t('list.all') },
              ]}
            />
            {list.data.overdue > 0 ? (
              <Badge color="red.8" variant="filled" size="lg">
                {t('list.overdueCount', { count: list.data.overdue })}
              </Badge>
            ) : null}
          </Group>
          <StageChips byStage={list.data.byStage} />
          <CaseRows cases={list.data.page.content} />
          {list.data.page.totalPages > 1 ? (
            <Group justify="space-between">
              <Button variant="default" disabled={list.data.page.first} onClick={() => setPage(page - 1)}>
                {t('list.previous')}
              </Button>
              <Text size="sm">{t('list.page', { page: page + 1, pages: list.data.page.totalPages })}</Text>
              <Button variant="default" disabled={list.data.page.last} onClick={() => setPage(page + 1)}>
                {t('list.nextPage')}
              </Button>
            </Group>
          ) : null}
        </>
      ) : null}
      {counts.data && mine === 0 ? <CountsOnly counts={counts.data} /> : null}
    </Stack>
  );
}

function StageChips({
  byStage,
}: {
  byStage: Array<{ stageKey: string | null; stageTitle: Record<string, string | undefined> | null; count: number }>;
}) {
  const { t } = useTranslation('committeeCases');
  const text = useCmsText();
  if (byStage.length === 0) return null;
  return (
    <Group gap="xs" aria-label={t('list.byStage')} role="list">
      {byStage.map((s) => (
        <Badge key={s.stageKey ?? ''} variant="light" color="blue" size="lg" role="listitem">
          {`${s.stageTitle ? text(s.stageTitle) : t('list.noStage')}: ${s.count}`}
        </Badge>
      ))}
    </Group>
  );
}

/** Each case as a card on a phone, a row on a wide screen: reference, stage, next deadline, days left. */
function CaseRows({ cases }: { cases: TCaseSummary[] }) {
  const { t } = useTranslation('committeeCases');
  const text = useCmsText();
  const plain = usePlainDate();
  if (cases.length === 0) return <Text c="dimmed">{t('list.none')}</Text>;
  return (
    <Stack gap="xs" component="ul" style={{ listStyle: 'none', padding: 0, margin: 0 }}>
      {cases.map((c) => (
        <Paper
          key={c.id}
          component="li"
          withBorder
          radius="md"
          p="sm"
          style={c.overdue ? { borderColor: 'var(--mantine-color-red-8)', borderWidth: 2 } : undefined}
        >
          <Group justify="space-between" gap="xs" wrap="wrap">
            <Stack gap={2} style={{ minWidth: 0, flex: '1 1 220px' }}>
              <Anchor component={Link} to={`/cases/${c.id}`} fw={600}>
                {c.reference ?? '—'}
              </Anchor>
              <Text size="sm" c="dimmed">
                {[c.stageTitle ? text(c.stageTitle) : null, c.workflowName].filter(Boolean).join(' · ')}
              </Text>
            </Stack>
            <Stack gap={2} align="flex-end" style={{ flex: '0 1 auto' }}>
              {c.status !== 'OPEN' ? (
                <Badge variant="light" color="gray">
                  {t(`status.${c.status}`)}
                </Badge>
              ) : c.next ? (
                <>
                  <Text size="sm" c={c.overdue ? 'red.8' : undefined} fw={c.overdue ? 700 : undefined}>
                    {`${text(c.next.title)}${c.next.dueDate ? ` — ${plain(c.next.dueDate)}` : ''}${c.next.reference ? ` (${c.next.reference})` : ''}`}
                  </Text>
                  <DaysLeft days={c.daysLeft} />
                </>
              ) : null}
            </Stack>
          </Group>
        </Paper>
      ))}
    </Stack>
  );
}

/** Counts only, for someone who manages complaints without sitting on a committee. */
function CountsOnly({ counts }: { counts: TCaseCounts }) {
  const { t } = useTranslation('committeeCases');
  const text = useCmsText();
  const id = useId();
  return (
    <Paper component="section" aria-labelledby={id} withBorder radius="md" p={{ base: 'md', sm: 'lg' }}>
      <Title order={2} fz="lg" id={id}>
        {t('counts.heading')}
      </Title>
      <Text c="dimmed" size="sm" mb="md">
        {t('counts.why')}
      </Text>
      {counts.rows.length === 0 ? (
        <Text>{t('counts.none')}</Text>
      ) : (
        <Table.ScrollContainer minWidth={320}>
          <Table>
            <Table.Thead>
              <Table.Tr>
                <Table.Th>{t('counts.status')}</Table.Th>
                <Table.Th>{t('counts.stage')}</Table.Th>
                <Table.Th>{t('counts.law')}</Table.Th>
                <Table.Th>{t('counts.overdue')}</Table.Th>
                <Table.Th>{t('counts.count')}</Table.Th>
              </Table.Tr>
            </Table.Thead>
            <Table.Tbody>
              {counts.rows.map((r) => (
                <Table.Tr key={`${r.status}-${r.stageKey}-${r.jurisdiction}-${r.overdue}`}>
                  <Table.Td>{t(`status.${r.status}`)}</Table.Td>
                  <Table.Td>{r.stageTitle ? text(r.stageTitle) : (r.stageKey ?? '—')}</Table.Td>
                  <Table.Td>{t(`law.${r.jurisdiction}`)}</Table.Td>
                  <Table.Td>{r.overdue ? t('counts.yes') : t('counts.no')}</Table.Td>
                  <Table.Td>{r.count}</Table.Td>
                </Table.Tr>
              ))}
            </Table.Tbody>
          </Table>
        </Table.ScrollContainer>
      )}
      <Text mt="sm" fw={600}>
        {t('counts.total', { count: counts.total })}
      </Text>
    </Paper>
  );
}
