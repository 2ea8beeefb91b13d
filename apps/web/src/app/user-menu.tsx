import { Avatar, Box, Group, Menu, Modal, Stack, Text, UnstyledButton } from '@mantine/core';
import { useMutation, useQuery, useQueryClient } from '@tanstack/react-query';
import { useEffect, useState } from 'react';
import { useTranslation } from 'react-i18next';
import { Link } from 'react-router';
import { sessionKeys, useSignedInUser, useSignOut } from '../features/common/session.queries.ts';
import { ProfileImageEditor } from '../features/users/profile-image-editor.tsx';
import { mainApi } from '../lib/api/index.ts';
import { setLanguage, type TUiLanguage } from '../lib/i18n/i18n.setup.ts';
import { useHost, useOfferedLanguages } from './host-context.tsx';
import { Icon } from './icons.tsx';

/**
 * The header's account menu: who and where you are, your picture in this workspace, changing your
 * password, the language, and signing out.
 */
export function UserMenu() {
  const { t, i18n } = useTranslation();
  const { profile } = useHost();
  const details = useSignedInUser();
  const signOut = useSignOut();
  const [editingPicture, setEditingPicture] = useState(false);
  // The language is also the account's: its mail and SMS follow it, and it follows the person to
  // other browsers. A saved one is applied when the menu first shows.
  const queryClient = useQueryClient();
  const saveLanguage = useMutation({
    mutationFn: (language: TUiLanguage) =>
      mainApi.updateProfile({ firstName: details.user.firstName, lastName: details.user.lastName, language }),
    onSuccess: () => queryClient.invalidateQueries({ queryKey: sessionKeys.userDetails }),
  });
  const saved = details.user.language;
  // Only the languages of this workspace's country (an account's other choice reads English here).
  const offered = useOfferedLanguages();
  useEffect(() => {
    const known = (offered as readonly string[]).includes(saved ?? '');
    if (known && saved !== i18n.resolvedLanguage) setLanguage(saved as TUiLanguage);
  }, [saved, i18n, offered]);
  const choose = (language: TUiLanguage) => {
    setLanguage(language);
    // The profile route needs the names; an account still without them keeps the choice in this browser.
    if (language !== saved && details.user.firstName) saveLanguage.mutate(language);
  };

  // The user manual in the reader's language, else English; no item when there is none.
  const manuals = useQuery({
    queryKey: ['user-manual'],
    queryFn: () => mainApi.listUserManuals(),
    staleTime: 5 * 60_000,
    // Its links work 15 minutes: renewed before they expire.
    refetchInterval: 10 * 60_000,
  });
  const manual =
    manuals.data?.find((m) => m.language === i18n.resolvedLanguage) ?? manuals.data?.find((m) => m.language === 'en');

  const name = `${details.user.firstName} ${details.user.lastName}`.trim();
  const role = details.currentRole ? t(`roles.${details.currentRole}`) : '';
  const workspace =
    details.workspaces.find((w) => w.workspaceId === details.currentWorkspaceId)?.companyName ??
    profile?.companyName ??
    t('shell.platformConsole');

  return (
    <Group gap="sm" wrap="nowrap">
      {/* Shown beside the button, not inside it, so the button's name stays exactly "User menu". */}
      <Box ta="right" visibleFrom="sm" style={{ minWidth: 0 }}>
        <Text size="sm" fw={600} lineClamp={1}>
          {name}
        </Text>
        <Text size="xs" c="dimmed" lineClamp={1}>
          {role}
        </Text>
      </Box>
      <Menu
        position="bottom-end"
        width={260}
        shadow="md"
        withinPortal={false}
        withInitialFocusPlaceholder={false}
        transitionProps={{ duration: 0 }}
      >
        <Menu.Target>
          <UnstyledButton aria-label={t('shell.userMenu')} p={4} style={{ borderRadius: 'var(--mantine-radius-xl)' }}>
            <Group gap={4} wrap="nowrap">
              {/* Your picture, or a plain icon: initials here would be text outside the button's name. */}
              <Avatar src={details.user.profileImageUrl} alt="" color="brand" radius="xl" size={36} />
              <Icon name="chevronDown" size={16} />
            </Group>
          </UnstyledButton>
        </Menu.Target>
        <Menu.Dropdown>
          <Menu.Label>
            <Text component="div" size="sm" fw={600} c="var(--mantine-color-text)" lineClamp={1}>
              {name}
            </Text>
            <Text component="div" size="xs" c="dimmed" lineClamp={2}>
              {role} · {workspace}
            </Text>
          </Menu.Label>
          {details.currentWorkspaceId ? (
            <Menu.Item leftSection={<Icon name="users" size={16} />} onClick={() => setEditingPicture(true)}>
              {t('shell.profilePicture')}
            </Menu.Item>
          ) : null}
          <Menu.Item leftSection={<Icon name="tools" size={16} />} component={Link} to="/account/password">
            {t('shell.changePassword')}
          </Menu.Item>
          {manual ? (
            <Menu.Item
              leftSection={<Icon name="book" size={16} />}
              component="a"
              href={manual.url}
              target="_blank"
              rel="noopener noreferrer"
              // The link is short-lived: fetch a fresh one next time the menu is used.
              onClick={() => void manuals.refetch()}
            >
              {t('shell.userManual')}
            </Menu.Item>
          ) : null}
          <Menu.Divider />
          <Menu.Label>{t('common.language')}</Menu.Label>
          {offered.map((language) => (
            <Menu.Item
              key={language}
              lang={language}
              onClick={() => choose(language)}
              leftSection={
                <Icon name="check" size={16} style={{ opacity: i18n.resolvedLanguage === language ? 1 : 0 }} />
              }
            >
              {t(`languages.${language}`)}
            </Menu.Item>
          ))}
          <Menu.Divider />
          <Menu.Item leftSection={<Icon name="logout" size={16} />} onClick={() => signOut.mutate()}>
            {t('common.signOut')}
          </Menu.Item>
        </Menu.Dropdown>
      </Menu>
      <Modal
        opened={editingPicture}
        onClose={() => setEditingPicture(false)}
        closeButtonProps={{ 'aria-label': t('common.close') }}
        title={t('profileImage.dialogTitle')}
      >
        <Stack gap="sm">
          <ProfileImageEditor userId={details.user.userId} name={name} imageUrl={details.user.profileImageUrl} self />
          <Text size="xs" c="dimmed">
            {t('profileImage.onlyHere')}
          </Text>
        </Stack>
      </Modal>
    </Group>
  );
}
