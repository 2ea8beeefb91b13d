import type { TWorkspaceUser } from '@app/contract';
import { Alert, Button, CopyButton, Group, Menu, Modal, Stack, Text, TextInput } from '@mantine/core';
import { useMutation } from '@tanstack/react-query';
import { useSyncExternalStore } from 'react';
import { useTranslation } from 'react-i18next';
import { mainApi } from '../../lib/api/index.ts';
import { errorText } from '../../lib/i18n/error-text.ts';
import { displayName } from './user-name.ts';

type TTarget = Pick<TWorkspaceUser, 'userId' | 'firstName' | 'lastName' | 'userEmail' | 'username' | 'contactNumber'>;

/**
 * The member whose one-time password dialog is open. Kept outside the row's menu (which unmounts
 * when it closes), so that the users page only places the menu item and the dialog.
 */
let target: TTarget | null = null;
const listeners = new Set<() => void>();
const setTarget = (next: TTarget | null) => {
  target = next;
  for (const listener of listeners) listener();
};
const subscribe = (listener: () => void) => {
  listeners.add(listener);
  return () => listeners.delete(listener);
};

/** The row menu's "One-time password" item (shown when the member's actions list `resetPassword`). */
export function OneTimePasswordMenuItem({ user }: { user: TTarget }) {
  const { t } = useTranslation('users');
  return <Menu.Item onClick={() => setTarget(user)}>{t('oneTimePassword.menuItem')}</Menu.Item>;
}

/**
 * The dialog: what a one-time password does, then (after confirming) the password, shown this
 * once, to give to the member in person. The server ends their sessions and asks them for a
 * password of their own at their next sign-in.
 */
export function OneTimePasswordDialog() {
  const { t } = useTranslation('users');
  const user = useSyncExternalStore(subscribe, () => target);
  const issue = useMutation({ mutationFn: (userId: string) => mainApi.issueOneTimePassword(userId) });
  const close = () => {
    setTarget(null);
    issue.reset();
  };
  const name = user ? displayName(user) : '';
  return (
    <Modal
      opened={user !== null}
      onClose={close}
      title={t('oneTimePassword.title', { name })}
      closeButtonProps={{ 'aria-label': t('oneTimePassword.close') }}
    >
      {issue.data ? (
        <Stack gap="sm">
          <Text size="sm">{t('oneTimePassword.give', { name })}</Text>
          <Group gap="xs" wrap="nowrap" align="flex-end">
            <TextInput
              label={t('oneTimePassword.label')}
              value={issue.data.oneTimePassword}
              readOnly
              style={{ flex: 1 }}
              styles={{ input: { fontFamily: 'monospace', fontSize: 18 } }}
            />
            <CopyButton value={issue.data.oneTimePassword}>
              {({ copied, copy }) => (
                <Button variant="default" onClick={copy}>
                  {copied ? t('oneTimePassword.copied') : t('oneTimePassword.copy')}
                </Button>
              )}
            </CopyButton>
          </Group>
          <Text size="sm" c="dimmed">
            {t('oneTimePassword.shownOnce')}
          </Text>
          <Group justify="flex-end">
            <Button onClick={close}>{t('oneTimePassword.done')}</Button>
          </Group>
        </Stack>
      ) : (
        <Stack gap="sm">
          <Text size="sm">{t('oneTimePassword.explain', { name })}</Text>
          {issue.error ? (
            <Alert color="red" variant="light" role="alert">
              {errorText(t, issue.error)}
            </Alert>
          ) : null}
          <Group justify="flex-end">
            <Button variant="default" onClick={close}>
              {t('oneTimePassword.cancel')}
            </Button>
            <Button onClick={() => user && issue.mutate(user.userId)} loading={issue.isPending}>
              {t('oneTimePassword.create')}
            </Button>
          </Group>
        </Stack>
      )}
    </Modal>
  );
}
