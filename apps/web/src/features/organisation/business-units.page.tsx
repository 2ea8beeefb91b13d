import type { TBranch } from '@app/contract';
import { Badge, Button, Group, Paper, Stack, Text, Title, VisuallyHidden } from '@mantine/core';
import { useState } from 'react';
import { useTranslation } from 'react-i18next';
import { ConfirmDialog } from '../../app/confirm-dialog.tsx';
import { FullPageLoader } from '../../app/full-page-loader.tsx';
import { notify } from '../../app/notify.ts';
import { usePageTitle } from '../../app/page-title.hook.ts';
import { organisationApi } from '../../lib/api/index.ts';
import { errorText } from '../../lib/i18n/error-text.ts';
import { DataTable, DataTablePager } from '../common/data-table.tsx';
import { LoadError } from '../common/load-error.tsx';
import { useBranchPage, useOrganisationMutation } from '../common/organisation.queries.ts';
import { PageHeading } from '../common/page-heading.tsx';
import { BranchColorButton } from './branch-color-button.tsx';
import { BranchFormModal } from './branch-form-modal.tsx';

type Editing = { branch: TBranch | null } | null;

/** `/business-units`: the workspace's business units with their user counts; create, edit, delete. */
export function BusinessUnitsPage() {
  const { t } = useTranslation('organisation');
  usePageTitle(t('units.pageTitle'));
  const [page, setPage] = useState(0);
  const units = useBranchPage(page);
  const [editing, setEditing] = useState<Editing>(null);
  const [deleting, setDeleting] = useState<TBranch | null>(null);
  const [deleteError, setDeleteError] = useState<string | null>(null);

  const save = useOrganisationMutation(
    (args: { id: string | null; body: Parameters<typeof organisationApi.createBranch>[0] }) =>
      args.id ? organisationApi.updateBranch(args.id, args.body) : organisationApi.createBranch(args.body),
  );
  const remove = useOrganisationMutation((id: string) => organisationApi.deleteBranches([id]));

  const confirmDelete = () => {
    if (!deleting) return;
    setDeleteError(null);
    remove.mutate(deleting.branchId, {
      onSuccess: () => {
        notify(t('units.deleted', { name: deleting.branchName }));
        setDeleting(null);
      },
      onError: (err) => setDeleteError(errorText(t, err, t('organisation.saveFailed'))),
    });
  };

  const openCreate = () => setEditing({ branch: null });

  return (
    <Stack gap="lg" maw={1100}>
      <Group justify="space-between" align="flex-end" wrap="wrap">
        <PageHeading title={t('units.heading')} intro={t('units.intro')} />
        <Button onClick={openCreate}>{t('units.create')}</Button>
      </Group>

      {units.isPending ? (
        <FullPageLoader inline />
      ) : units.isError ? (
        <LoadError title={t('organisation.loadError')} onRetry={() => void units.refetch()} />
      ) : units.data.content.length === 0 ? (
        <Paper withBorder p="xl" radius="md">
          <Stack align="flex-start">
            <Title order={2} fz="lg">
              {t('units.emptyTitle')}
            </Title>
            <Text c="dimmed">{t('units.emptyBody')}</Text>
            <Button onClick={openCreate}>{t('units.createFirst')}</Button>
          </Stack>
        </Paper>
      ) : (
        <Paper withBorder radius="md">
          <DataTable
            rows={units.data.content}
            rowKey={(u) => u.branchId}
            rowProps={(u) => ({ 'data-testid': `unit-${u.branchName}` })}
            minWidth={300}
            verticalSpacing="xs"
            striped={false}
            label={t('units.tableLabel')}
            columns={[
              {
                key: 'name',
                header: t('units.name'),
                cell: (u) => (
                  <Group gap="xs" wrap="nowrap">
                    {u.branchLogo ? (
                      <img src={u.branchLogo} alt="" width={24} height={24} style={{ objectFit: 'contain' }} />
                    ) : null}
                    <div>
                      <Text fw={600} size="sm">
                        {u.branchName}
                      </Text>
                      {u.headquarter ? (
                        <Badge size="xs" variant="light" mt={2}>
                          {t('units.hqBadge')}
                        </Badge>
                      ) : null}
                      {u.address ? (
                        <Text size="xs" c="dimmed" lineClamp={1}>
                          {u.address}
                        </Text>
                      ) : null}
                    </div>
                  </Group>
                ),
              },
              {
                key: 'color',
                header: t('units.color'),
                cell: (u) => (
                  <Group gap={6} wrap="nowrap">
                    <BranchColorButton branch={u} />
                    <Text size="sm" ff={u.backgroundColor ? 'monospace' : undefined} visibleFrom="sm">
                      {u.backgroundColor ? `#${u.backgroundColor}` : t('units.workspaceColor')}
                    </Text>
                  </Group>
                ),
              },
              { key: 'users', header: t('units.users'), align: 'right', cell: (u) => u.userCount ?? '—' },
              {
                key: 'actions',
                header: <VisuallyHidden>{t('units.actions')}</VisuallyHidden>,
                cell: (u) => (
                  <Group gap="xs" justify="flex-end">
                    {u.actions.includes('edit') ? (
                      <Button
                        size="xs"
                        variant="default"
                        onClick={() => setEditing({ branch: u })}
                        aria-label={t('units.editNamed', { name: u.branchName })}
                      >
                        {t('organisation.edit')}
                      </Button>
                    ) : null}
                    <Button
                      size="xs"
                      variant="subtle"
                      color="red"
                      // The server lists `delete` for any unit but the headquarters (its button explains why).
                      disabled={!u.actions.includes('delete')}
                      title={u.headquarter ? t('units.hqCannotDelete') : undefined}
                      onClick={() => {
                        setDeleteError(null);
                        setDeleting(u);
                      }}
                      aria-label={t('units.deleteNamed', { name: u.branchName })}
                    >
                      {t('organisation.delete')}
                    </Button>
                  </Group>
                ),
              },
            ]}
          />
          <DataTablePager
            totalPages={units.data.totalPages}
            page={page}
            onChange={setPage}
            size="md"
            controlLabel={(c) => t(`organisation.page.${c}`)}
          />
        </Paper>
      )}

      {editing ? (
        <BranchFormModal
          opened
          branch={editing.branch}
          pending={save.isPending}
          onClose={() => setEditing(null)}
          onSubmit={async (body) => {
            await save.mutateAsync({ id: editing.branch?.branchId ?? null, body });
            notify(
              editing.branch
                ? t('units.saved', { name: body.branchName })
                : t('units.created', { name: body.branchName }),
            );
          }}
        />
      ) : null}
      <ConfirmDialog
        opened={deleting !== null}
        title={t('units.deleteTitle', { name: deleting?.branchName ?? '' })}
        message={t('units.deleteBody')}
        confirmLabel={t('organisation.delete')}
        pending={remove.isPending}
        error={deleteError}
        errorTitle={t('organisation.refused')}
        onConfirm={confirmDelete}
        onClose={() => setDeleting(null)}
      />
    </Stack>
  );
}
