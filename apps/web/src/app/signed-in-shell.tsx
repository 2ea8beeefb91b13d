import { AppShell, Burger, Group, NavLink, ScrollArea, Skeleton, Stack, Text, UnstyledButton } from '@mantine/core';
import { useDisclosure, useMediaQuery } from '@mantine/hooks';
import { useTranslation } from 'react-i18next';
import { Link, Outlet, useLocation } from 'react-router';
import { ContractBanner } from '../features/common/contract-notices.tsx';
import { useSignedInUser } from '../features/common/session.queries.ts';
import { BrandMark } from './brand-mark.tsx';
import { useBrandName, useHost } from './host-context.tsx';
import { Icon } from './icons.tsx';
import { useNavigation } from './navigation.queries.ts';
import { buildNavEntries, platformNavItems } from './navigation.registry.ts';
import classes from './skip-link.module.css';
import { UserMenu } from './user-menu.tsx';

const NAVBAR_ID = 'main-navigation';
const MAIN_ID = 'main-content';

/**
 * The signed-in frame: header (brand, user menu), navigation (burger on phones) and the page.
 * Navigation comes from the server on a workspace host; on the platform host it is the
 * operator's fixed console menu (spec §6: navigation is not loaded there).
 */
export function SignedInShell() {
  const { t } = useTranslation();
  const { appConfig } = useHost();
  const details = useSignedInUser();
  const brand = useBrandName();
  const location = useLocation();
  const [opened, { toggle, close }] = useDisclosure(false);
  const isMobile = useMediaQuery('(max-width: 48em)') ?? false;

  const navigation = useNavigation();
  const items = appConfig.isPlatformHost ? platformNavItems(details.user.platformRole) : (navigation.data ?? []);
  const entries = buildNavEntries(items);

  return (
    <AppShell
      header={{ height: 64 }}
      navbar={{ width: 260, breakpoint: 'sm', collapsed: { mobile: !opened } }}
      padding={{ base: 'md', sm: 'xl' }}
    >
      <a href={`#${MAIN_ID}`} className={classes.skipLink}>
        {t('common.skipToContent')}
      </a>
      <AppShell.Header style={{ borderTop: '3px solid var(--mantine-primary-color-filled)' }}>
        <Group h="100%" px="md" justify="space-between" wrap="nowrap">
          <Group gap="sm" wrap="nowrap" style={{ minWidth: 0 }}>
            <Burger
              opened={opened}
              onClick={toggle}
              hiddenFrom="sm"
              size="sm"
              aria-label={t('shell.toggleNav')}
              aria-expanded={opened}
              aria-controls={NAVBAR_ID}
            />
            <UnstyledButton
              component={Link}
              to="/dashboard"
              aria-label={t('shell.homeLink', { name: brand })}
              style={{ minWidth: 0 }}
            >
              <BrandMark size="sm" />
            </UnstyledButton>
          </Group>
          <UserMenu />
        </Group>
      </AppShell.Header>

      <AppShell.Navbar id={NAVBAR_ID} aria-label={t('shell.navLabel')} p="sm" inert={isMobile && !opened}>
        <AppShell.Section grow component={ScrollArea}>
          {navigation.isPending && !appConfig.isPlatformHost ? (
            <Stack gap="xs">
              <Skeleton h={36} />
              <Skeleton h={36} />
            </Stack>
          ) : navigation.isError && !appConfig.isPlatformHost ? (
            <Text size="sm" c="dimmed" p="sm">
              {t('shell.navError')}
            </Text>
          ) : (
            <Stack gap={4}>
              {entries.map((entry) => {
                const active = location.pathname === entry.path || location.pathname.startsWith(`${entry.path}/`);
                return (
                  <NavLink
                    key={entry.menu}
                    component={Link}
                    to={entry.path}
                    label={t(`nav.${entry.menu}`)}
                    leftSection={<Icon name={entry.icon} size={18} />}
                    active={active}
                    aria-current={active ? 'page' : undefined}
                    onClick={close}
                    style={{ borderRadius: 'var(--mantine-radius-md)' }}
                  />
                );
              })}
            </Stack>
          )}
        </AppShell.Section>
      </AppShell.Navbar>

      <AppShell.Main id={MAIN_ID} tabIndex={-1} style={{ outline: 'none' }}>
        <ContractBanner />
        <Outlet />
      </AppShell.Main>
    </AppShell>
  );
}
