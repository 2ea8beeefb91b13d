import type { TWorkspaceRole, TWorkspaceUser } from '@app/contract';
import { Button, Group, Paper, SimpleGrid, Stack, Text, Title } from '@mantine/core';
import { type ComponentType, useState } from 'react';
import { useTranslation } from 'react-i18next';
import { useNavigation } from '../../app/navigation.queries.ts';
import { notify } from '../../app/notify.ts';
import { usePageTitle } from '../../app/page-title.hook.ts';
import { isApiError } from '../../lib/api/index.ts';
import { errorText } from '../../lib/i18n/error-text.ts';
import { saveFile } from '../../lib/save-file.ts';
import { download } from '../common/bulk-files.api.ts';
import { UserLimitNote } from '../common/contract-notices.tsx';
import { useSignedInUser } from '../common/session.queries.ts';
import { ForbiddenPage } from '../errors/forbidden.page.tsx';
import { DeleteByFile } from './delete-by-file.tsx';
import { OneTimePasswordDialog } from './one-time-password.tsx';
import { UserEditDrawer } from './user-edit-drawer.tsx';
import { displayName } from './user-name.ts';
import { useUpdateUser, useUserFilterOptions, useUserStats, useUsersPage } from './users.queries.ts';
import { DeactivateUserDialog, DeleteUsersDialog } from './users-dialogs.tsx';
import { UserFilters, useUserFilters } from './users-filters.tsx';
import { UsersList } from './users-list.tsx';

function StatCard({ label, value }: { label: string; value: number | undefined }) {
  return (
    <Paper withBorder radius="md" p="sm">
      <Text size="sm" c="dimmed">
        {label}
      </Text>
      <Text fz={24} fw={700}>
        {value ?? '–'}
      </Text>
    </Paper>
  );
}

/**
 * `/users`: stats, then a paged, searchable, filterable list with row and bulk actions. The filters
 * (`users-filters.tsx`), the list (`users-list.tsx`) and the dialogs (`users-dialogs.tsx`) are their
 * own files; this page holds which dialog is open.
 */
/** The invitation dialog the page opens ("Invite user"): the invitations feature's, which the app gives it (app/users-page.tsx). */
export type InviteDialogComponent = ComponentType<{
  opened: boolean;
  onClose: () => void;
  branchId: string;
  branchName: string;
  units?: ReadonlyArray<{ value: string; label: string }>;
  roles: readonly TWorkspaceRole[];
  onInvited: (to: string) => void;
}>;

export function UsersPage({ InviteDialog }: { InviteDialog: InviteDialogComponent }) {
  const { t } = useTranslation('users');
  usePageTitle(t('users.pageTitle'));
  const me = useSignedInUser();
  const stats = useUserStats();
  const options = useUserFilterOptions();
  const filters = useUserFilters();
  const users = useUsersPage(filters.request, filters.paged.page);
  const [editing, setEditing] = useState<TWorkspaceUser | null>(null);
  const [deleting, setDeleting] = useState<TWorkspaceUser[] | null>(null);
  const [byFile, setByFile] = useState(false);
  const [deactivating, setDeactivating] = useState<TWorkspaceUser | null>(null);
  const [inviting, setInviting] = useState(false);
  const navigation = useNavigation();
  const mayInvite = Boolean(navigation.data?.some((item) => item.menu === 'INVITATIONS' && item.enabled));
  const unitChoices = (options.data?.branches ?? []).map((b) => ({ value: b.branchId, label: b.branchName }));
  const inviteUnit = filters.branchId ?? unitChoices[0]?.value ?? null;
  const [exporting, setExporting] = useState<'csv' | 'xlsx' | null>(null);
  // The list as filtered now, read and written by the server in batches (streamed).
  const exportList = async (format: 'csv' | 'xlsx') => {
    setExporting(format);
    try {
      saveFile(await download(`/workspace/users/export?format=${format}`, filters.request), `users.${format}`);
    } catch (e) {
      notify(errorText(t, e), 'error');
    } finally {
      setExporting(null);
    }
  };
  const reactivate = useUpdateUser();

  // Who may give no role but EMPLOYEE administers the employees of one business unit (the server's grant rule).
  const unitOnly = options.data ? !options.data.grantableRoles.includes('BRANCH_ADMIN') : false;

  // Someone whose role lost `users.manage` (or never had it) opened the address directly.
  if (isApiError(users.error, 403) && isApiError(stats.error, 403)) return <ForbiddenPage error={users.error} />;

  return (
    <Stack gap="md">
      <Group justify="space-between" align="flex-start" wrap="wrap" gap="sm">
        <div>
          <Title order={1} fz={{ base: 24, sm: 30 }}>
            {t('users.heading')}
          </Title>
          <Text c="dimmed" mt={4}>
            {unitOnly ? t('users.introUnit') : t('users.intro')}
          </Text>
          <UserLimitNote />
        </div>
        <Group gap="xs">
          <Button variant="default" color="red" onClick={() => setByFile(true)}>
            {t('users.deleteByFile')}
          </Button>
          {mayInvite && inviteUnit ? <Button onClick={() => setInviting(true)}>{t('users.invite')}</Button> : null}
        </Group>
      </Group>

      <SimpleGrid cols={{ base: 2, sm: 4 }} spacing="sm" aria-label={t('users.statsLabel')} component="section">
        <StatCard label={t('users.stats.total')} value={stats.data?.total} />
        <StatCard label={t('users.stats.active')} value={stats.data?.active} />
        <StatCard label={t('users.stats.inactive')} value={stats.data?.inactive} />
        <StatCard label={t('users.stats.pending')} value={stats.data?.pendingInvitations} />
      </SimpleGrid>

      <UserFilters filters={filters} />

      <Group gap="xs" justify="flex-end">
        <Text size="sm" c="dimmed" id="users-export-hint">
          {t('users.exportHint')}
        </Text>
        <Button
          variant="default"
          size="xs"
          loading={exporting === 'csv'}
          onClick={() => void exportList('csv')}
          aria-describedby="users-export-hint"
        >
          {t('users.exportCsv')}
        </Button>
        <Button
          variant="default"
          size="xs"
          loading={exporting === 'xlsx'}
          onClick={() => void exportList('xlsx')}
          aria-describedby="users-export-hint"
        >
          {t('users.exportXlsx')}
        </Button>
      </Group>

      <UsersList
        users={users}
        filters={filters}
        actions={{
          onEdit: setEditing,
          onDeactivate: setDeactivating,
          onReactivate: (u) =>
            reactivate.mutate(
              { userId: u.userId, active: true },
              {
                onSuccess: () => notify(t('users.reactivated', { name: displayName(u) })),
                onError: (e) => notify(errorText(t, e), 'error'),
              },
            ),
          onDelete: setDeleting,
        }}
      />

      <DeleteByFile opened={byFile} onClose={() => setByFile(false)} />
      <DeactivateUserDialog user={deactivating} onClose={() => setDeactivating(null)} />
      <DeleteUsersDialog
        users={deleting}
        onClose={() => setDeleting(null)}
        onDeleted={(ids) => filters.paged.setSelected((s) => new Set([...s].filter((id) => !ids.includes(id))))}
      />

      {mayInvite && inviteUnit ? (
        <InviteDialog
          opened={inviting}
          onClose={() => setInviting(false)}
          branchId={inviteUnit}
          branchName={unitChoices.find((u) => u.value === inviteUnit)?.label ?? ''}
          units={unitChoices}
          roles={options.data?.grantableRoles ?? []}
          onInvited={(to) => notify(t('users.invited', { to }))}
        />
      ) : null}

      <OneTimePasswordDialog />
      <UserEditDrawer
        user={editing}
        onClose={() => setEditing(null)}
        options={options.data}
        self={editing?.userId === me.user.userId}
      />
    </Stack>
  );
}
