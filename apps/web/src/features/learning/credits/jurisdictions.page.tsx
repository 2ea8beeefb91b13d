import type { TJurisdiction, TJurisdictionSort } from '@app/contract';
import { Alert, Button, Drawer, Group, Select, Stack, Text, TextInput } from '@mantine/core';
import { useState } from 'react';
import { useTranslation } from 'react-i18next';
import { ConfirmDialog } from '../../../app/confirm-dialog.tsx';
import { notify } from '../../../app/notify.ts';
import { usePageTitle } from '../../../app/page-title.hook.ts';
import { errorText } from '../../../lib/i18n/error-text.ts';
import { DataTable, DataTablePager } from '../../common/data-table.tsx';
import { LoadError } from '../../common/load-error.tsx';
import { PageHeading } from '../../common/page-heading.tsx';
import { creditsApi } from './credits.api.ts';
import { useCreditMutation, useHolidayCalendars, useJurisdictions } from './credits.queries.ts';

const SORTS: TJurisdictionSort[] = ['NAME', 'CODE', 'ADDED'];

/** `/platform/jurisdictions` (operator): paged, sortable; added and edited in a drawer, deleted after a confirmation. */
export function JurisdictionsPage() {
  const { t } = useTranslation('credits');
  usePageTitle(t('jurisdictions.pageTitle'));
  const [sortBy, setSortBy] = useState<TJurisdictionSort>('NAME');
  const [page, setPage] = useState(0);
  const list = useJurisdictions(page, sortBy);
  const [editing, setEditing] = useState<TJurisdiction | 'new' | null>(null);
  const [deleting, setDeleting] = useState<TJurisdiction | null>(null);
  const remove = useCreditMutation(creditsApi.deleteJurisdiction);

  return (
    <Stack gap="lg" maw={960}>
      <PageHeading title={t('jurisdictions.heading')} intro={t('jurisdictions.intro')} />
      <Group justify="space-between" align="flex-end" wrap="wrap">
        <Select
          label={t('jurisdictions.sortBy')}
          data={SORTS.map((s) => ({ value: s, label: t(`jurisdictions.sort.${s}`) }))}
          value={sortBy}
          onChange={(v) => {
            setSortBy((v as TJurisdictionSort | null) ?? 'NAME');
            setPage(0);
          }}
          allowDeselect={false}
          maw={200}
        />
        <Button onClick={() => setEditing('new')}>{t('jurisdictions.add')}</Button>
      </Group>
      {list.isError ? (
        <LoadError title={t('jurisdictions.loadError')} onRetry={() => void list.refetch()} />
      ) : list.data && list.data.content.length === 0 ? (
        <Text c="dimmed">{t('jurisdictions.empty')}</Text>
      ) : (
        <DataTable
          rows={list.data?.content ?? []}
          rowKey={(j) => j.id}
          label={t('jurisdictions.tableLabel')}
          minWidth={300}
          busy={list.isFetching}
          columns={[
            { key: 'code', header: t('jurisdictions.code'), cell: (j) => <Text size="sm">{j.code}</Text> },
            { key: 'name', header: t('jurisdictions.name'), cell: (j) => <Text size="sm">{j.name}</Text> },
            {
              key: 'country',
              header: t('jurisdictions.country'),
              visibleFrom: 'sm',
              cell: (j) => <Text size="sm">{j.country}</Text>,
            },
            {
              key: 'calendar',
              header: t('jurisdictions.holidayCalendar'),
              visibleFrom: 'sm',
              cell: (j) => <Text size="sm">{j.holidayCalendar ?? t('jurisdictions.holidayCalendarNone')}</Text>,
            },
            {
              key: 'courses',
              header: t('jurisdictions.courses'),
              visibleFrom: 'sm',
              align: 'right',
              cell: (j) => <Text size="sm">{j.courseCount}</Text>,
            },
            {
              key: 'actions',
              header: t('columns.actions'),
              cell: (j) => (
                <Group gap={4} wrap="nowrap">
                  <Button
                    size="xs"
                    variant="subtle"
                    onClick={() => setEditing(j)}
                    aria-label={t('jurisdictions.editLabel', { name: j.name })}
                  >
                    {t('jurisdictions.edit')}
                  </Button>
                  {j.actions.includes('delete') ? (
                    <Button
                      size="xs"
                      variant="subtle"
                      color="red"
                      onClick={() => {
                        remove.reset();
                        setDeleting(j);
                      }}
                      aria-label={t('jurisdictions.deleteLabel', { name: j.name })}
                    >
                      {t('jurisdictions.delete')}
                    </Button>
                  ) : null}
                </Group>
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
          summary={
            <Text size="sm" c="dimmed">
              {t('jurisdictions.total', { count: list.data.totalElements })}
            </Text>
          }
          controlLabel={(c) => t(`pager.${c}`)}
          pageLabel={(p) => t('pager.page', { page: p })}
        />
      ) : null}
      <JurisdictionDrawer editing={editing} onClose={() => setEditing(null)} />
      <ConfirmDialog
        opened={deleting !== null}
        title={t('jurisdictions.confirmTitle')}
        message={t('jurisdictions.confirmMessage', { name: deleting?.name ?? '' })}
        confirmLabel={t('jurisdictions.delete')}
        confirmColor="red"
        pending={remove.isPending}
        error={remove.isError ? errorText(t, remove.error) : null}
        errorTitle={t('jurisdictions.deleteFailed')}
        onClose={() => setDeleting(null)}
        onConfirm={() =>
          deleting &&
          remove.mutate(deleting.id, {
            onSuccess: () => {
              notify(t('jurisdictions.deleted'));
              setDeleting(null);
            },
          })
        }
      />
    </Stack>
  );
}

function JurisdictionDrawer({ editing, onClose }: { editing: TJurisdiction | 'new' | null; onClose: () => void }) {
  const { t } = useTranslation('credits');
  const { t: common } = useTranslation();
  return (
    <Drawer
      opened={editing !== null}
      onClose={onClose}
      position="right"
      title={editing === 'new' ? t('jurisdictions.drawerNew') : t('jurisdictions.drawerEdit')}
      closeButtonProps={{ 'aria-label': common('common.close') }}
    >
      {editing ? (
        <JurisdictionForm key={editing === 'new' ? 'new' : editing.id} editing={editing} onDone={onClose} />
      ) : null}
    </Drawer>
  );
}

function JurisdictionForm({ editing, onDone }: { editing: TJurisdiction | 'new'; onDone: () => void }) {
  const { t } = useTranslation('credits');
  const existing = editing === 'new' ? null : editing;
  const [code, setCode] = useState(existing?.code ?? '');
  const [name, setName] = useState(existing?.name ?? '');
  const [country, setCountry] = useState(existing?.country ?? '');
  const [holidayCalendar, setHolidayCalendar] = useState<string | null>(existing?.holidayCalendar ?? null);
  const calendars = useHolidayCalendars();
  const countryCode = country.trim().toUpperCase();
  const calendarOptions = (calendars.data?.calendars ?? [])
    .filter((c) => c.country === countryCode || c.code === holidayCalendar)
    .map((c) => ({
      value: c.code,
      label:
        c.completeYears.length > 0
          ? t('jurisdictions.holidayCalendarOption', {
              name: c.name,
              code: c.code,
              count: c.holidayCount,
              years: c.completeYears.join(', '),
            })
          : t('jurisdictions.holidayCalendarIncomplete', { name: c.name, code: c.code, count: c.holidayCount }),
    }));
  const save = useCreditMutation(() => {
    const body = {
      code: code.trim().toUpperCase(),
      name: name.trim(),
      country: countryCode,
      parentId: existing?.parentId ?? null,
      holidayCalendar,
    };
    return existing ? creditsApi.updateJurisdiction(existing.id, body) : creditsApi.createJurisdiction(body);
  });
  return (
    <Stack
      component="form"
      gap="md"
      onSubmit={(e: React.FormEvent) => {
        e.preventDefault();
        save.mutate(undefined, {
          onSuccess: () => {
            notify(existing ? t('jurisdictions.saved') : t('jurisdictions.created'));
            onDone();
          },
        });
      }}
    >
      {save.isError ? (
        <Alert color="red" variant="light" role="alert">
          {errorText(t, save.error)}
        </Alert>
      ) : null}
      <TextInput
        label={t('jurisdictions.code')}
        description={t('jurisdictions.codeHelp')}
        value={code}
        onChange={(e) => setCode(e.currentTarget.value)}
        maxLength={32}
        required
        data-autofocus
      />
      <TextInput
        label={t('jurisdictions.name')}
        value={name}
        onChange={(e) => setName(e.currentTarget.value)}
        maxLength={120}
        required
      />
      <TextInput
        label={t('jurisdictions.country')}
        description={t('jurisdictions.countryHelp')}
        value={country}
        onChange={(e) => setCountry(e.currentTarget.value)}
        maxLength={2}
        required
      />
      <Select
        label={t('jurisdictions.holidayCalendar')}
        description={t('jurisdictions.holidayCalendarHelp')}
        placeholder={t('jurisdictions.holidayCalendarNone')}
        data={calendarOptions}
        value={holidayCalendar}
        onChange={setHolidayCalendar}
        clearable
        comboboxProps={{ withinPortal: true }}
      />
      <Group justify="flex-end">
        <Button type="submit" loading={save.isPending}>
          {t('jurisdictions.save')}
        </Button>
      </Group>
    </Stack>
  );
}
