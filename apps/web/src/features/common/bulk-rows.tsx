import type { TBulkCreateRowStatus, TBulkRowError, TBulkValidateResponse } from '@app/contract';
import { Badge, Box, Group, Paper, SimpleGrid, Table, Text, Title } from '@mantine/core';
import { useTranslation } from 'react-i18next';
import { errorDetailText } from '../../lib/i18n/error-text.ts';

/*
 * What a checked or imported people file holds, shown by the invitations page and the users page's
 * delete-by-file (texts: the `invitations` namespace, which both routes load).
 */

/** Figures of a checked file: rows, valid, invalid, to invite, skipped, places left. */
export function BulkFigures({ result, toLabel }: { result: TBulkValidateResponse; toLabel?: string }) {
  const { t } = useTranslation('invitations');
  const figures = [
    { label: t('bulkInvite.figures.total'), value: result.totalRows },
    {
      label: t('bulkInvite.figures.invalid'),
      value: result.invalidRows,
      color: result.invalidRows ? 'red' : undefined,
    },
    { label: toLabel ?? t('bulkInvite.figures.toInvite'), value: result.toInvite },
    { label: t('bulkInvite.figures.skipped'), value: result.skipped.length },
    {
      label: t('bulkInvite.figures.placesLeft'),
      value: result.placesLeft ?? t('bulkInvite.figures.noLimit'),
      color: result.placesLeft !== null && result.placesLeft < result.toInvite ? 'red' : undefined,
    },
  ];
  return (
    <SimpleGrid component="dl" cols={{ base: 2, sm: 5 }} spacing="sm" m={0}>
      {figures.map((f) => (
        <Paper key={f.label} withBorder p="sm" radius="md">
          <Text component="dt" size="xs" c="dimmed">
            {f.label}
          </Text>
          <Text component="dd" m={0} fw={700} fz="xl" c={f.color}>
            {f.value}
          </Text>
        </Paper>
      ))}
    </SimpleGrid>
  );
}

/**
 * Every rejected row with its reason (of an import, or of a file naming users to delete): a table
 * from the `sm` breakpoint, and on a phone a list in which each reason wraps at full width.
 */
export function BulkErrors({ errors, maxHeight = 420 }: { errors: TBulkRowError[]; maxHeight?: number }) {
  const { t } = useTranslation('invitations');
  const reasonOf = (e: TBulkRowError) => errorDetailText(t, { code: e.code, params: e.params, message: e.reason });
  return (
    <section aria-labelledby="bulk-errors-heading">
      <Title order={3} fz="md" id="bulk-errors-heading" mb="xs">
        {t('bulkInvite.errorsHeading', { count: errors.length })}
      </Title>
      <Box
        hiddenFrom="sm"
        component="ul"
        tabIndex={0}
        aria-labelledby="bulk-errors-heading"
        m={0}
        p={0}
        style={{ listStyle: 'none', maxHeight, overflowY: 'auto' }}
      >
        {errors.map((e) => (
          <Box
            component="li"
            key={`${e.rowNumber}:${e.column}:${e.reason}`}
            py="xs"
            style={{ borderBottom: '1px solid var(--mantine-color-gray-3)', overflowWrap: 'anywhere' }}
          >
            <Text size="sm" fw={600}>
              {t('bulkInvite.row')} {e.rowNumber} · {e.column}
              {e.value ? `: ${e.value}` : ''}
            </Text>
            <Text size="sm">{reasonOf(e)}</Text>
          </Box>
        ))}
      </Box>
      <Table.ScrollContainer visibleFrom="sm" type="native" tabIndex={0} minWidth={520} maxHeight={maxHeight}>
        <Table striped withTableBorder stickyHeader fz="sm">
          <Table.Thead>
            <Table.Tr>
              <Table.Th>{t('bulkInvite.row')}</Table.Th>
              <Table.Th>{t('bulkInvite.column')}</Table.Th>
              <Table.Th>{t('bulkInvite.value')}</Table.Th>
              <Table.Th>{t('bulkInvite.reason')}</Table.Th>
            </Table.Tr>
          </Table.Thead>
          <Table.Tbody>
            {errors.map((e) => (
              <Table.Tr key={`${e.rowNumber}:${e.column}:${e.reason}`}>
                <Table.Td>{e.rowNumber}</Table.Td>
                <Table.Td>{e.column}</Table.Td>
                <Table.Td style={{ overflowWrap: 'anywhere' }}>{e.value}</Table.Td>
                <Table.Td style={{ overflowWrap: 'anywhere' }}>{reasonOf(e)}</Table.Td>
              </Table.Tr>
            ))}
          </Table.Tbody>
        </Table>
      </Table.ScrollContainer>
    </section>
  );
}

/** Rows with what happens (or happened) to each: skipped, already a member, created, from an invitation. */
export function BulkRowStatuses({
  rows,
  title,
  id,
}: {
  rows: Array<{ rowNumber: number; email: string | null; status: TBulkCreateRowStatus | 'ALREADY_INVITED' }>;
  title: string;
  id: string;
}) {
  const { t } = useTranslation('invitations');
  return (
    <section aria-labelledby={id}>
      <Title order={3} fz="md" id={id} mb="xs">
        {title}
      </Title>
      <Table.ScrollContainer type="native" tabIndex={0} minWidth={420} maxHeight={300}>
        <Table striped withTableBorder stickyHeader fz="sm">
          <Table.Thead>
            <Table.Tr>
              <Table.Th>{t('bulkInvite.row')}</Table.Th>
              <Table.Th>{t('bulkInvite.person')}</Table.Th>
              <Table.Th>{t('bulkInvite.status')}</Table.Th>
            </Table.Tr>
          </Table.Thead>
          <Table.Tbody>
            {rows.map((s) => (
              <Table.Tr key={s.rowNumber}>
                <Table.Td>{s.rowNumber}</Table.Td>
                <Table.Td style={{ overflowWrap: 'anywhere' }}>{s.email}</Table.Td>
                <Table.Td>
                  <Group gap={4}>
                    <Badge variant="light" color={s.status === 'CREATED' ? 'green' : 'gray'}>
                      {t(`bulkInvite.statuses.${s.status}`)}
                    </Badge>
                  </Group>
                </Table.Td>
              </Table.Tr>
            ))}
          </Table.Tbody>
        </Table>
      </Table.ScrollContainer>
    </section>
  );
}

/** Rows left alone because the person is already invited or a member. */
export function BulkSkipped({ skipped }: { skipped: TBulkValidateResponse['skipped'] }) {
  const { t } = useTranslation('invitations');
  return (
    <BulkRowStatuses
      rows={skipped}
      id="bulk-skipped-heading"
      title={t('bulkInvite.skippedHeading', { count: skipped.length })}
    />
  );
}
