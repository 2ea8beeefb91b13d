import { Avatar, Box, Group, Menu, Text, UnstyledButton } from '@mantine/core';
import { useTranslation } from 'react-i18next';
import { useSignedInUser, useSignOut } from '../features/auth/session.queries.ts';
import { setLanguage, UI_LANGUAGES } from '../lib/i18n/i18n.setup.ts';
import { useHost } from './host-context.tsx';
import { Icon } from './icons.tsx';

/** The header's account menu: who and where you are, the language, and signing out. */
export function UserMenu() {
  const { t, i18n } = useTranslation();
  const { profile } = useHost();
  const details = useSignedInUser();
  const signOut = useSignOut();

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
              <Avatar color="brand" radius="xl" size={36} />
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
          <Menu.Divider />
          <Menu.Label>{t('common.language')}</Menu.Label>
          {UI_LANGUAGES.map((language) => (
            <Menu.Item
              key={language}
              lang={language}
              onClick={() => setLanguage(language)}
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
    </Group>
  );
}
