import type { TObligation, TObligationListBody } from '@app/contract';
import { Badge, Button, Drawer, Group, Select, Stack, Tabs, Text, TextInput } from '@mantine/core';
import { useState } from 'react';
import { useTranslation } from 'react-i18next';
import { ConfirmDialog } from '../../app/confirm-dialog.tsx';
import { notify } from '../../app/notify.ts';
import { usePageTitle } from '../../app/page-title.hook.ts';
import { errorText } from '../../lib/i18n/error-text.ts';
import { DataTable, DataTablePager } from '../common/data-table.tsx';
import { LoadError } from '../common/load-error.tsx';
import { PageHeading } from '../common/page-heading.tsx';
import { catalogueApi } from './catalogue.api.ts';
import { useCatalogueMutation, useCategories, useObligations } from './catalogue.queries.ts';
import { CategoriesSection } from './categories-section.tsx';
import { ObligationForm } from './obligation-form.tsx';
import { inLanguage } from './text.ts';

type TFilters = Omit<TObligationListBody, 'pageNo'>;

/** A badge whose text has the page's text colour (the light variants' tinted text fails contrast). */
const READABLE_BADGE = {
  root: { color: 'var(--mantine-color-text)', height: 'auto', minHeight: 20, paddingBlock: 2 },
  label: { whiteSpace: 'normal', overflow: 'visible', textOverflow: 'clip', lineHeight: 1.3 },
} as const;

/** `/platform/compliance` (operator): the catalogue's obligations (filtered, 60 a page) and its categories. */
export function ComplianceCataloguePage() {
  const { t } = useTranslation('complianceCatalogue');
  usePageTitle(t('pageTitle'));
  const [tab, setTab] = useState<string | null>('obligations');
  return (
    <Stack gap="lg" maw={1100}>
      <PageHeading title={t('heading')} intro={t('intro')} />
      <Tabs value={tab} onChange={setTab} keepMounted={false}>
        <Tabs.List>
          <Tabs.Tab value="obligations">{t('tabs.obligations')}</Tabs.Tab>
          <Tabs.Tab value="categories">{t('tabs.categories')}</Tabs.Tab>
        </Tabs.List>
        <Tabs.Panel value="obligations" pt="md">
          <ObligationsSection />
        </Tabs.Panel>
        <Tabs.Panel value="categories" pt="md">
          <CategoriesSection />
        </Tabs.Panel>
      </Tabs>
    </Stack>
  );
}

function ObligationsSection() {
  const { t, i18n } = useTranslation('complianceCatalogue');
  const [filters, setFilters] = useState<TFilters>({});
  const [search, setSearch] = useState('');
  const [page, setPage] = useState(0);
  const list = useObligations({ pageNo: page, ...filters });
  const categories = useCategories();
  const [editing, setEditing] = useState<TObligation | 'new' | null>(null);
  const [removing, setRemoving] = useState<TObligation | null>(null);
  const remove = useCatalogueMutation(catalogueApi.deleteObligation);
  const categoryName = (id: string) => {
    const c = categories.data?.content.find((x) => x.id === id);
    return c ? inLanguage(c.name, i18n.language) : '';
  };
  const setFilter = (patch: TFilters) => {
    setFilters((f) => {
      const next = { ...f, ...patch };
      for (const k of Object.keys(next) as (keyof TFilters)[]) if (!next[k]) delete next[k];
      return next;
    });
    setPage(0);
  };
  const filtered = Object.keys(filters).length > 0;

  return (
    <Stack gap="md">
      <Group justify="space-between" align="flex-end" wrap="wrap" gap="sm">
        <Group align="flex-end" wrap="wrap" gap="sm">
          <TextInput
            label={t('filters.search')}
            placeholder={t('filters.searchPlaceholder')}
            value={search}
            onChange={(e) => setSearch(e.currentTarget.value)}
            onBlur={() => setFilter({ search: search.trim() })}
            onKeyDown={(e) => {
              if (e.key === 'Enter') setFilter({ search: search.trim() });
            }}
            w={{ base: '100%', xs: 220 }}
          />
          <Select
            label={t('filters.country')}
            placeholder={t('filters.any')}
            data={(['IN', 'CA'] as const).map((c) => ({ value: c, label: t(`country.${c}`) }))}
            value={filters.country ?? null}
            onChange={(v) => setFilter({ country: (v as 'IN' | 'CA' | null) ?? undefined })}
            clearable
            w={{ base: '100%', xs: 150 }}
          />
          <Select
            label={t('filters.category')}
            placeholder={t('filters.any')}
            data={(categories.data?.content ?? []).map((c) => ({
              value: c.id,
              label: inLanguage(c.name, i18n.language),
            }))}
            value={filters.categoryId ?? null}
            onChange={(v) => setFilter({ categoryId: v ?? undefined })}
            clearable
            w={{ base: '100%', xs: 200 }}
          />
          <Select
            label={t('filters.status')}
            placeholder={t('filters.any')}
            data={(['ACTIVE', 'RETIRED'] as const).map((s) => ({ value: s, label: t(`status.${s}`) }))}
            value={filters.status ?? null}
            onChange={(v) => setFilter({ status: (v as 'ACTIVE' | 'RETIRED' | null) ?? undefined })}
            clearable
            w={{ base: '100%', xs: 150 }}
          />
        </Group>
        <Button onClick={() => setEditing('new')}>{t('list.add')}</Button>
      </Group>
      {list.isError ? (
        <LoadError title={t('list.loadError')} onRetry={() => void list.refetch()} />
      ) : list.data && list.data.content.length === 0 ? (
        <Text c="dimmed">{filtered ? t('list.emptyFiltered') : t('list.empty')}</Text>
      ) : (
        <DataTable
          rows={list.data?.content ?? []}
          rowKey={(o) => o.id}
          label={t('list.tableLabel')}
          minWidth={320}
          busy={list.isFetching}
          columns={[
            {
              key: 'title',
              header: t('columns.title'),
              cell: (o) => (
                <Stack gap={2}>
                  <Text size="sm" fw={500} style={{ overflowWrap: 'anywhere' }}>
                    {inLanguage(o.title, i18n.language)}
                  </Text>
                  <Text size="xs" c="dimmed" style={{ overflowWrap: 'anywhere' }}>
                    {o.key} · {categoryName(o.categoryId)}
                  </Text>
                </Stack>
              ),
            },
            { key: 'country', header: t('columns.country'), cell: (o) => <Text size="sm">{o.country}</Text> },
            {
              key: 'section',
              header: t('columns.section'),
              visibleFrom: 'sm',
              cell: (o) => <Text size="sm">{o.section}</Text>,
            },
            {
              key: 'kind',
              header: t('columns.kind'),
              visibleFrom: 'md',
              cell: (o) => <Text size="sm">{t(`kind.${o.kind}`)}</Text>,
            },
            {
              key: 'status',
              header: t('columns.status'),
              visibleFrom: 'sm',
              cell: (o) => (
                <Badge variant="light" color={o.status === 'ACTIVE' ? 'teal' : 'gray'} styles={READABLE_BADGE}>
                  {t(`status.${o.status}`)}
                </Badge>
              ),
            },
            {
              key: 'actions',
              header: t('columns.actions'),
              cell: (o) => (
                <Group gap={4} wrap="wrap">
                  {o.actions.includes('update') ? (
                    <Button
                      size="xs"
                      variant="subtle"
                      onClick={() => setEditing(o)}
                      aria-label={t('list.editLabel', { name: o.key })}
                    >
                      {t('list.edit')}
                    </Button>
                  ) : null}
                  {o.actions.includes('delete') ? (
                    <Button
                      size="xs"
                      variant="subtle"
                      color="red"
                      onClick={() => {
                        remove.reset();
                        setRemoving(o);
                      }}
                      aria-label={t('list.removeLabel', { name: o.key })}
                    >
                      {t('list.remove')}
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
              {t('list.total', { count: list.data.totalElements })}
            </Text>
          }
          controlLabel={(c) => t(`pager.${c}`)}
          pageLabel={(p) => t('pager.page', { page: p })}
        />
      ) : null}
      <ObligationDrawer editing={editing} onClose={() => setEditing(null)} />
      <ConfirmDialog
        opened={removing !== null}
        title={t('remove.confirmTitle')}
        message={t('remove.confirmMessage', { name: removing ? inLanguage(removing.title, i18n.language) : '' })}
        confirmLabel={t('remove.confirm')}
        confirmColor="red"
        pending={remove.isPending}
        error={remove.isError ? errorText(t, remove.error) : null}
        errorTitle={t('remove.failed')}
        onClose={() => setRemoving(null)}
        onConfirm={() =>
          removing &&
          remove.mutate(removing.id, {
            onSuccess: (r) => {
              notify(r.retired ? t('remove.retired') : t('remove.deleted'));
              setRemoving(null);
            },
          })
        }
      />
    </Stack>
  );
}

function ObligationDrawer({ editing, onClose }: { editing: TObligation | 'new' | null; onClose: () => void }) {
  const { t } = useTranslation('complianceCatalogue');
  const { t: common } = useTranslation();
  return (
    <Drawer
      opened={editing !== null}
      onClose={onClose}
      position="right"
      size="lg"
      title={editing === 'new' ? t('form.drawerNew') : t('form.drawerEdit')}
      closeButtonProps={{ 'aria-label': common('common.close') }}
    >
      {editing ? (
        <ObligationForm key={editing === 'new' ? 'new' : editing.id} editing={editing} onDone={onClose} />
      ) : null}
    </Drawer>
  );
}
