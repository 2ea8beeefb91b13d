import { AUDIT_ACTION_KEYS, type TAuditEntry, type TAuditListRequest, type TAuditPerson } from '@app/contract';
import { Button, Code, Collapse, Group, Paper, Select, Stack, Table, Text, TextInput } from '@mantine/core';
import { notifications } from '@mantine/notifications';
import { useMemo, useState } from 'react';
import { useTranslation } from 'react-i18next';
import { usePageTitle } from '../../app/page-title.hook.ts';
import { errorText } from '../../lib/i18n/error-text.ts';
import { saveFile } from '../../lib/save-file.ts';
import { DataTable, DataTablePager } from '../common/data-table.tsx';
import { PlainDateInput } from '../common/date-input.tsx';
import { useDates } from '../common/dates.hook.ts';
import { LoadError } from '../common/load-error.tsx';
import { PageHeading } from '../common/page-heading.tsx';
import { usePagedList } from '../common/paged-list.hook.ts';
import { auditApi } from './audit.api.ts';
import { useAuditLog } from './audit.queries.ts';
import { actionKey, changesOf, withNames } from './audit-details.ts';

/** `/audit-log`: who did what to whom and when, filtered by person, action and days; exportable. */
export function AuditLogPage() {
  const { t, i18n } = useTranslation('audit');
  usePageTitle(t('audit.pageTitle'));
  const [action, setAction] = useState<string | null>(null);
  const [from, setFrom] = useState<string | null>(null);
  const [to, setTo] = useState<string | null>(null);
  const paged = usePagedList({ filters: [action, from, to] });
  const filter = useMemo(
    (): TAuditListRequest => ({
      ...(paged.searchText ? { person: paged.searchText } : {}),
      ...(action ? { action } : {}),
      ...(from ? { from } : {}),
      ...(to ? { to } : {}),
    }),
    [paged.searchText, action, from, to],
  );
  const list = useAuditLog(paged.page, filter);
  const [exporting, setExporting] = useState<'csv' | 'xlsx' | null>(null);

  // An action the server records that this build has no words for is shown as its key.
  const actionLabel = (a: string) => t(`audit.actions.${actionKey(a)}` as never, { defaultValue: a }) as string;
  const actionOptions = AUDIT_ACTION_KEYS.map((a) => ({ value: a, label: actionLabel(a) })).sort((x, y) =>
    x.label.localeCompare(y.label, i18n.language),
  );
  const filtered = Object.keys(filter).length > 0;
  const { dateTime: when } = useDates();

  const download = async (format: 'csv' | 'xlsx') => {
    setExporting(format);
    try {
      const file = await auditApi.download({ ...filter, format });
      saveFile(file.blob, file.name);
      notifications.show({ color: 'green', message: t('audit.exported') });
      void list.refetch();
    } catch (error) {
      notifications.show({ color: 'red', message: t('audit.exportFailed', { message: errorText(t, error) }) });
    } finally {
      setExporting(null);
    }
  };

  const personName = (p: TAuditPerson | null) =>
    p === null ? t('audit.system') : p.name || p.email || t('audit.formerMember');
  // A session's id says nothing to a reader: such an entry (a sign-in) names no target.
  const targetOf = (e: TAuditEntry) => {
    if (!e.targetType || (e.targetType === 'session' && !e.targetLabel)) return '—';
    const type = t(`audit.targetTypes.${e.targetType}` as never, { defaultValue: e.targetType }) as string;
    return `${type}: ${e.targetLabel ?? e.targetId ?? ''}`;
  };
  const rows = list.data?.content ?? [];

  return (
    <Stack gap="lg" maw={1200}>
      <Group justify="space-between" align="flex-end" gap="md">
        <PageHeading title={t('audit.heading')} intro={t('audit.intro')} />
        <Group gap="xs">
          <Button variant="default" loading={exporting === 'csv'} onClick={() => void download('csv')}>
            {t('audit.exportCsv')}
          </Button>
          <Button variant="default" loading={exporting === 'xlsx'} onClick={() => void download('xlsx')}>
            {t('audit.exportXlsx')}
          </Button>
        </Group>
      </Group>

      <Paper withBorder radius="md" p="md">
        <Stack gap="md">
          <Group gap="md" align="flex-end" wrap="wrap">
            <TextInput
              label={t('audit.person')}
              description={t('audit.personHelp')}
              value={paged.search}
              onChange={(e) => paged.setSearch(e.currentTarget.value)}
              w={{ base: '100%', sm: 260 }}
            />
            <Select
              label={t('audit.action')}
              placeholder={t('audit.anyAction')}
              data={actionOptions}
              value={action}
              onChange={setAction}
              searchable
              clearable
              w={{ base: '100%', sm: 280 }}
            />
            <PlainDateInput
              label={t('audit.from')}
              value={from}
              onChange={(v) => setFrom(v)}
              maxDate={to ?? undefined}
              w={{ base: '100%', xs: 180 }}
            />
            <PlainDateInput
              label={t('audit.to')}
              value={to}
              onChange={(v) => setTo(v)}
              minDate={from ?? undefined}
              w={{ base: '100%', xs: 180 }}
            />
            {filtered || paged.search ? (
              <Button
                variant="subtle"
                onClick={() => {
                  paged.setSearch('');
                  setAction(null);
                  setFrom(null);
                  setTo(null);
                }}
              >
                {t('audit.clear')}
              </Button>
            ) : null}
          </Group>

          {list.isError ? (
            <LoadError title={t('audit.loadError')} onRetry={() => void list.refetch()} />
          ) : list.data && rows.length === 0 ? (
            <Text c="dimmed" py="lg" ta="center">
              {filtered ? t('audit.emptyFiltered') : t('audit.empty')}
            </Text>
          ) : (
            <DataTable
              rows={rows}
              rowKey={(e) => e.id}
              label={t('audit.tableLabel')}
              minWidth={260}
              busy={list.isFetching}
              verticalSpacing="xs"
              rowProps={(e) => ({ 'data-action': e.action })}
              columns={[
                {
                  key: 'when',
                  header: t('audit.when'),
                  width: 170,
                  visibleFrom: 'md',
                  cell: (e) => <Text size="sm">{when(e.occurredAt)}</Text>,
                },
                {
                  key: 'who',
                  header: t('audit.who'),
                  visibleFrom: 'sm',
                  cell: (e) => <PersonCell person={e.actor} name={personName(e.actor)} />,
                },
                {
                  key: 'what',
                  header: t('audit.what'),
                  cell: (e) => (
                    <Stack gap={2}>
                      <Text size="sm" fw={600}>
                        {actionLabel(e.action)}
                      </Text>
                      {/* On a phone the other columns are hidden: the entry says them here. */}
                      <Text size="xs" c="dimmed" hiddenFrom="sm">
                        {personName(e.actor)} · {when(e.occurredAt)}
                      </Text>
                      {targetOf(e) === '—' ? null : (
                        <Text size="xs" c="dimmed" hiddenFrom="sm">
                          {targetOf(e)}
                        </Text>
                      )}
                      <Text size="xs" c="dimmed" visibleFrom="sm" hiddenFrom="md">
                        {when(e.occurredAt)}
                      </Text>
                      <DetailsToggle entry={e} />
                    </Stack>
                  ),
                },
                {
                  key: 'target',
                  header: t('audit.target'),
                  visibleFrom: 'sm',
                  cell: (e) => <Text size="sm">{targetOf(e)}</Text>,
                },
              ]}
            />
          )}
          {list.data ? (
            <DataTablePager
              totalPages={list.data.totalPages}
              page={paged.page}
              onChange={paged.setPage}
              summary={
                <Text size="sm" c="dimmed">
                  {t('audit.total', { count: list.data.totalElements })}
                </Text>
              }
              controlLabel={(control) => t(`audit.pager.${control}`)}
              pageLabel={(p) => t('audit.pager.page', { page: p })}
            />
          ) : null}
        </Stack>
      </Paper>
    </Stack>
  );
}

function PersonCell({ person, name }: { person: TAuditPerson | null; name: string }) {
  return (
    <Stack gap={0}>
      <Text size="sm">{name}</Text>
      {person?.email && person.name ? (
        <Text size="xs" c="dimmed">
          {person.email}
        </Text>
      ) : null}
    </Stack>
  );
}

/** "Show details": the fields an entry changed, before and after. */
function DetailsToggle({ entry }: { entry: TAuditEntry }) {
  const { t } = useTranslation('audit');
  const [open, setOpen] = useState(false);
  const [raw, setRaw] = useState(false);
  const changes = changesOf(entry.details);
  // A change key the app knows gets its label in the reader's language; another is shown as recorded.
  const fieldLabel = (field: string) => t(`audit.fields.${field}` as never, { defaultValue: field }) as string;
  const value = (v: string | undefined) => withNames(v, entry.names ?? {});
  const rawId = `audit-raw-${entry.id}`;
  if (changes.length === 0) return null;
  const id = `audit-details-${entry.id}`;
  const withBefore = changes.some((c) => c.before !== undefined);
  return (
    <div>
      <Button
        variant="subtle"
        size="compact-xs"
        px={0}
        aria-expanded={open}
        aria-controls={id}
        onClick={() => setOpen((o) => !o)}
      >
        {open ? t('audit.hideDetails') : t('audit.showDetails')}
      </Button>
      <Collapse expanded={open} id={id}>
        <Table withTableBorder fz="xs" verticalSpacing={4} style={{ tableLayout: 'fixed', width: '100%' }}>
          <Table.Thead>
            <Table.Tr>
              <Table.Th>{t('audit.field')}</Table.Th>
              {withBefore ? <Table.Th>{t('audit.before')}</Table.Th> : null}
              <Table.Th>{withBefore ? t('audit.after') : t('audit.value')}</Table.Th>
            </Table.Tr>
          </Table.Thead>
          <Table.Tbody>
            {changes.map((c) => (
              <Table.Tr key={c.field}>
                <Table.Td style={{ overflowWrap: 'anywhere' }}>{fieldLabel(c.field)}</Table.Td>
                {withBefore ? (
                  <Table.Td style={{ overflowWrap: 'anywhere' }}>
                    {c.before === undefined ? '' : <del>{value(c.before)}</del>}
                  </Table.Td>
                ) : null}
                <Table.Td style={{ overflowWrap: 'anywhere' }}>
                  {c.after === undefined ? '' : withBefore ? <ins>{value(c.after)}</ins> : value(c.after)}
                </Table.Td>
              </Table.Tr>
            ))}
          </Table.Tbody>
        </Table>
        {/* The values as recorded (keys and ids), one click away. */}
        <Button
          variant="subtle"
          size="compact-xs"
          px={0}
          mt={4}
          aria-expanded={raw}
          aria-controls={rawId}
          onClick={() => setRaw((r) => !r)}
        >
          {raw ? t('audit.hideRaw') : t('audit.showRaw')}
        </Button>
        <Collapse expanded={raw} id={rawId}>
          <Code block fz="xs" style={{ whiteSpace: 'pre-wrap', overflowWrap: 'anywhere' }} data-testid="audit-raw">
            {JSON.stringify(entry.details, null, 2)}
          </Code>
        </Collapse>
      </Collapse>
    </div>
  );
}
