import type { TComplianceCategory } from '@app/contract';
import { Alert, Button, Drawer, Group, Stack, Text, TextInput, Title } from '@mantine/core';
import { useState } from 'react';
import { useTranslation } from 'react-i18next';
import { ConfirmDialog } from '../../app/confirm-dialog.tsx';
import { notify } from '../../app/notify.ts';
import { errorText } from '../../lib/i18n/error-text.ts';
import { DataTable, DataTablePager } from '../common/data-table.tsx';
import { LoadError } from '../common/load-error.tsx';
import { catalogueApi } from './catalogue.api.ts';
import { useCatalogueMutation, useCategories } from './catalogue.queries.ts';
import { inLanguage, TEXT_LANGUAGES } from './text.ts';

/** The catalogue's categories (100 a page, newest first): added and edited in a drawer, deleted once empty. */
export function CategoriesSection() {
  const { t, i18n } = useTranslation('complianceCatalogue');
  const [page, setPage] = useState(0);
  const list = useCategories(page);
  const [editing, setEditing] = useState<TComplianceCategory | 'new' | null>(null);
  const [deleting, setDeleting] = useState<TComplianceCategory | null>(null);
  const remove = useCatalogueMutation(catalogueApi.deleteCategory);
  const { t: common } = useTranslation();

  return (
    <Stack gap="md">
      <Group justify="space-between" align="flex-end" wrap="wrap">
        <div>
          <Title order={2} size="h3">
            {t('categories.heading')}
          </Title>
          <Text size="sm" c="dimmed">
            {t('categories.intro')}
          </Text>
        </div>
        <Button onClick={() => setEditing('new')}>{t('categories.add')}</Button>
      </Group>
      {list.isError ? (
        <LoadError title={t('categories.loadError')} onRetry={() => void list.refetch()} />
      ) : list.data && list.data.content.length === 0 ? (
        <Text c="dimmed">{t('categories.empty')}</Text>
      ) : (
        <DataTable
          rows={list.data?.content ?? []}
          rowKey={(c) => c.id}
          label={t('categories.tableLabel')}
          minWidth={300}
          busy={list.isFetching}
          columns={[
            {
              key: 'name',
              header: t('columns.name'),
              cell: (c) => (
                <Stack gap={2}>
                  <Text size="sm" fw={500}>
                    {inLanguage(c.name, i18n.language)}
                  </Text>
                  <Text size="xs" c="dimmed" style={{ overflowWrap: 'anywhere' }}>
                    {c.key}
                  </Text>
                </Stack>
              ),
            },
            {
              key: 'count',
              header: t('columns.obligations'),
              align: 'right',
              cell: (c) => <Text size="sm">{c.obligationCount}</Text>,
            },
            {
              key: 'actions',
              header: t('columns.actions'),
              cell: (c) => (
                <Group gap={4} wrap="wrap">
                  <Button
                    size="xs"
                    variant="subtle"
                    onClick={() => setEditing(c)}
                    aria-label={t('categories.editLabel', { name: inLanguage(c.name, i18n.language) })}
                  >
                    {t('categories.edit')}
                  </Button>
                  {c.actions.includes('delete') ? (
                    <Button
                      size="xs"
                      variant="subtle"
                      color="red"
                      onClick={() => {
                        remove.reset();
                        setDeleting(c);
                      }}
                      aria-label={t('categories.deleteLabel', { name: inLanguage(c.name, i18n.language) })}
                    >
                      {t('categories.delete')}
                    </Button>
                  ) : null}
                </Group>
              ),
            },
          ]}
        />
      )}
      {list.data && list.data.totalPages > 1 ? (
        <DataTablePager
          totalPages={list.data.totalPages}
          page={page}
          onChange={setPage}
          summary={null}
          controlLabel={(c) => t(`pager.${c}`)}
          pageLabel={(p) => t('pager.page', { page: p })}
        />
      ) : null}
      <Drawer
        opened={editing !== null}
        onClose={() => setEditing(null)}
        position="right"
        title={editing === 'new' ? t('categories.drawerNew') : t('categories.drawerEdit')}
        closeButtonProps={{ 'aria-label': common('common.close') }}
      >
        {editing ? (
          <CategoryForm
            key={editing === 'new' ? 'new' : editing.id}
            editing={editing}
            onDone={() => setEditing(null)}
          />
        ) : null}
      </Drawer>
      <ConfirmDialog
        opened={deleting !== null}
        title={t('categories.confirmTitle')}
        message={t('categories.confirmMessage', { name: deleting ? inLanguage(deleting.name, i18n.language) : '' })}
        confirmLabel={t('categories.delete')}
        confirmColor="red"
        pending={remove.isPending}
        error={remove.isError ? errorText(t, remove.error) : null}
        errorTitle={t('categories.deleteFailed')}
        onClose={() => setDeleting(null)}
        onConfirm={() =>
          deleting &&
          remove.mutate(deleting.id, {
            onSuccess: () => {
              notify(t('categories.deleted'));
              setDeleting(null);
            },
          })
        }
      />
    </Stack>
  );
}

function CategoryForm({ editing, onDone }: { editing: TComplianceCategory | 'new'; onDone: () => void }) {
  const { t } = useTranslation('complianceCatalogue');
  const existing = editing === 'new' ? null : editing;
  const [key, setKey] = useState(existing?.key ?? '');
  const [name, setName] = useState<Record<string, string>>(existing?.name ?? { en: '' });
  const save = useCatalogueMutation(() => {
    const names: Record<string, string> = {};
    for (const [k, v] of Object.entries(name)) if (k === 'en' || v.trim()) names[k] = v.trim();
    const body = { key: key.trim().toUpperCase(), name: names as { en: string } };
    return existing ? catalogueApi.updateCategory({ id: existing.id, ...body }) : catalogueApi.createCategory(body);
  });
  return (
    <Stack
      component="form"
      gap="md"
      onSubmit={(e: React.FormEvent) => {
        e.preventDefault();
        save.mutate(undefined, {
          onSuccess: () => {
            notify(existing ? t('categories.saved') : t('categories.created'));
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
        label={t('categories.key')}
        description={t('categories.keyHelp')}
        value={key}
        onChange={(e) => setKey(e.currentTarget.value)}
        maxLength={64}
        required
        data-autofocus
      />
      {TEXT_LANGUAGES.map((l) => (
        <TextInput
          key={l}
          label={t('categories.nameIn', { language: t(`languages.${l}`) })}
          value={name[l] ?? ''}
          onChange={(e) => setName({ ...name, [l]: e.currentTarget.value })}
          maxLength={120}
          required={l === 'en'}
          lang={l}
        />
      ))}
      <Group justify="flex-end">
        <Button type="submit" loading={save.isPending}>
          {t('categories.save')}
        </Button>
      </Group>
    </Stack>
  );
}
