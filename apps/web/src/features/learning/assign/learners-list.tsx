import { LEARNER_STATUSES, type TCourseMember, type TLearnerStatus, type TLearnerSummary } from '@app/contract';
import { Badge, Group, Paper, Progress, SimpleGrid, Stack, Text, Tooltip } from '@mantine/core';
import { useTranslation } from 'react-i18next';
import { formatDate } from '../../../lib/dates.ts';
import { DataTable } from '../../common/data-table.tsx';
import { CertificateDownloadButton } from '../certificates/certificate-download-button.tsx';

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

/** Whether the caller may act on this learner from the list (select it for unassigning or a new cycle). */
export const selectable = (m: TCourseMember) => m.actions.includes('unassign') || m.actions.includes('retrain');

/**
 * The learners of a course: one row per enrolment, selectable when the server lists an action the
 * bulk buttons take, with the certificate's button where the server lists `downloadCertificate`.
 */
export function LearnersTable(props: {
  rows: TCourseMember[];
  zone: string;
  busy: boolean;
  selected: Set<string>;
  onSelect: (next: Set<string>) => void;
}) {
  const { t, i18n } = useTranslation('assign');
  const { rows, zone } = props;
  const certificates = rows.some((m) => m.actions.includes('downloadCertificate'));
  return (
    <DataTable
      rows={rows}
      rowKey={(m) => m.userId}
      label={t('table.label')}
      minWidth={300}
      busy={props.busy}
      rowProps={(m) => ({ 'data-learner': m.userId })}
      selection={{
        selected: props.selected,
        onChange: props.onSelect,
        canSelect: selectable,
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
          cell: (m) => <Text size="sm">{[m.branchName, m.departmentName].filter(Boolean).join(' / ') || '—'}</Text>,
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
          cell: (m) => <ScoreCell m={m} />,
        },
        {
          key: 'due',
          header: t('table.due'),
          visibleFrom: 'sm',
          cell: (m) => <Text size="sm">{m.dueAt ? dayIn(m.dueAt, zone, i18n.language) : t('table.noDue')}</Text>,
        },
        // The certificate of a completed cycle, where the server says the caller may download it.
        ...(certificates
          ? [
              {
                key: 'certificate',
                header: t('table.certificate'),
                visibleFrom: 'md' as const,
                cell: (m: TCourseMember) =>
                  m.actions.includes('downloadCertificate') ? (
                    <CertificateDownloadButton enrolmentId={m.enrolmentId} size="xs" />
                  ) : null,
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
  );
}

function ScoreCell({ m }: { m: TCourseMember }) {
  const { t } = useTranslation('assign');
  return (
    <Stack gap={2} align="flex-end">
      <Text size="sm">{m.bestScore === null ? '—' : `${m.bestScore}%`}</Text>
      {m.selfReported ? (
        <Tooltip
          label={t('table.selfReportedHint')}
          multiline
          w={260}
          events={{ hover: true, focus: true, touch: true }}
        >
          <Text size="xs" c="dimmed" tabIndex={0} data-testid="self-reported" style={{ whiteSpace: 'nowrap' }}>
            {t('table.selfReported')}
          </Text>
        </Tooltip>
      ) : null}
    </Stack>
  );
}

export function Summary({ summary }: { summary: TLearnerSummary }) {
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
