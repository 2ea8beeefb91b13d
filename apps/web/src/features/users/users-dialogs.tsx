import type { TWorkspaceUser } from '@app/contract';
import { Button, Group, Modal, Stack, Text } from '@mantine/core';
import { useTranslation } from 'react-i18next';
import { ConfirmDialog } from '../../app/confirm-dialog.tsx';
import { notify } from '../../app/notify.ts';
import { errorText } from '../../lib/i18n/error-text.ts';
import { displayName } from './user-name.ts';
import { useDeleteUsers, useUpdateUser } from './users.queries.ts';

/**
 * Deactivation signs the person out at once: it is asked first, naming them. A refused deactivation
 * (the last admin) is said in the dialog that asked.
 */
export function DeactivateUserDialog({ user, onClose }: { user: TWorkspaceUser | null; onClose: () => void }) {
  const { t } = useTranslation('users');
  const update = useUpdateUser();
  const name = user ? displayName(user) : '';
  const close = () => {
    update.reset();
    onClose();
  };
  return (
    <ConfirmDialog
      opened={user !== null}
      title={t('users.confirmDeactivateTitle', { name })}
      message={t('users.confirmDeactivateBody', { name })}
      confirmLabel={t('users.deactivate')}
      pending={update.isPending}
      error={user && update.error ? errorText(t, update.error) : null}
      errorTitle={t('users.deactivateFailed')}
      onConfirm={() =>
        user
          ? update.mutate(
              { userId: user.userId, active: false },
              {
                onSuccess: () => {
                  close();
                  notify(t('users.deactivated', { name }));
                },
              },
            )
          : undefined
      }
      onClose={close}
    />
  );
}

/** Deleting one user or the selection (all or nothing), asked first. */
export function DeleteUsersDialog({
  users,
  onClose,
  onDeleted,
}: {
  users: TWorkspaceUser[] | null;
  onClose: () => void;
  onDeleted: (ids: string[]) => void;
}) {
  const { t } = useTranslation('users');
  const remove = useDeleteUsers();
  const confirm = () => {
    if (!users) return;
    const ids = users.map((u) => u.userId);
    remove.mutate(ids, {
      onSuccess: () => {
        notify(t('users.deleted', { count: ids.length }));
        onDeleted(ids);
        onClose();
      },
      onError: (e) => {
        notify(errorText(t, e), 'error');
        onClose();
      },
    });
  };
  return (
    <Modal
      opened={users !== null}
      onClose={onClose}
      closeButtonProps={{ 'aria-label': t('common.close') }}
      title={t('users.confirmDeleteTitle', { count: users?.length ?? 0 })}
    >
      <Stack gap="sm">
        <Text>
          {users?.length === 1
            ? t('users.confirmDeleteOne', { name: displayName(users[0]!) })
            : t('users.confirmDeleteMany', { count: users?.length ?? 0 })}
        </Text>
        <Text size="sm" c="dimmed">
          {t('users.confirmDeleteHelp')}
        </Text>
        <Group justify="flex-end" gap="xs">
          <Button variant="default" onClick={onClose}>
            {t('common.cancel')}
          </Button>
          <Button color="red" loading={remove.isPending} onClick={confirm}>
            {t('users.confirmDelete')}
          </Button>
        </Group>
      </Stack>
    </Modal>
  );
}
