import type { TUserWorkspace } from '@app/contract';
import { Alert, Badge, Button, Group, Stack, Text, Title, UnstyledButton } from '@mantine/core';
import { useTranslation } from 'react-i18next';
import { Navigate } from 'react-router';
import { FullPageLoader } from '../../app/full-page-loader.tsx';
import { urlOnHost, useHost } from '../../app/host-context.tsx';
import { Icon } from '../../app/icons.tsx';
import { usePageTitle } from '../../app/page-title.hook.ts';
import { AuthLayout } from './auth-layout.tsx';
import { useAccessToken, useSignOut, useUserDetails } from './session.queries.ts';
import { SignInForm } from './sign-in-form.tsx';

/**
 * `/workspace/signin` on the platform host: sign in, then pick one of your workspaces and sign in
 * there. (A one-time hand-off that skips the second sign-in comes later.)
 */
export function WorkspaceSignInPage() {
  const { t } = useTranslation();
  const { appConfig } = useHost();
  const token = useAccessToken();
  const user = useUserDetails();
  const signOut = useSignOut();
  usePageTitle(t('workspaceSignin.pageTitle'));

  if (!appConfig.isPlatformHost) return <Navigate to="/signin" replace />;
  if (token && user.isPending) return <FullPageLoader />;

  const heading = (
    <Title order={1} fz={26} ta="center">
      {t('workspaceSignin.heading')}
    </Title>
  );

  if (!token || !user.data) {
    return (
      <AuthLayout>
        <Stack gap="lg">
          <Stack gap={6} align="center" ta="center">
            {heading}
            <Text c="dimmed" size="sm">
              {t('workspaceSignin.intro')}
            </Text>
          </Stack>
          <SignInForm />
        </Stack>
      </AuthLayout>
    );
  }

  const { user: person, workspaces } = user.data;
  const name = `${person.firstName} ${person.lastName}`.trim();
  return (
    <AuthLayout width={520}>
      <Stack gap="lg">
        {heading}
        <Text size="sm" ta="center">
          {t('workspaceSignin.signedInAs', { name })}
        </Text>
        {workspaces.length === 0 ? (
          <Alert color="gray" variant="light">
            {t('workspaceSignin.none')}
          </Alert>
        ) : (
          <Stack
            component="ul"
            aria-label={t('workspaceSignin.listLabel')}
            gap="xs"
            p={0}
            m={0}
            style={{ listStyle: 'none' }}
          >
            {workspaces.map((workspace) => (
              <li key={workspace.workspaceId}>
                <WorkspaceLink workspace={workspace} />
              </li>
            ))}
          </Stack>
        )}
        <Group justify="center" gap={6}>
          <Text size="sm">{t('workspaceSignin.notYou')}</Text>
          <Button variant="subtle" size="compact-sm" onClick={() => signOut.mutate()} loading={signOut.isPending}>
            {t('common.signOut')}
          </Button>
        </Group>
      </Stack>
    </AuthLayout>
  );
}

/** One workspace as a large, tappable link to its own sign-in page (inactive ones are not links). */
function WorkspaceLink({ workspace }: { workspace: TUserWorkspace }) {
  const { t } = useTranslation();
  const body = (
    <Group
      wrap="nowrap"
      gap="md"
      p="md"
      style={{ border: '1px solid var(--mantine-color-gray-3)', borderRadius: 'var(--mantine-radius-md)' }}
    >
      <Icon name="building" size={24} />
      <Stack gap={2} style={{ flex: 1, minWidth: 0 }}>
        <Group gap="xs">
          <Text fw={600}>{workspace.companyName}</Text>
          {workspace.isDefault ? (
            <Badge variant="light" size="sm">
              {t('workspaceSignin.isDefault')}
            </Badge>
          ) : null}
          {workspace.active ? null : (
            <Badge variant="light" color="gray" size="sm">
              {t('workspaceSignin.inactive')}
            </Badge>
          )}
        </Group>
        <Text size="sm" c="dimmed" truncate>
          {workspace.workspaceUrl} · {t(`roles.${workspace.role}`)}
        </Text>
      </Stack>
    </Group>
  );
  if (!workspace.active) return body;
  return (
    <UnstyledButton component="a" href={urlOnHost(workspace.workspaceUrl, '/signin')} display="block" w="100%">
      {body}
    </UnstyledButton>
  );
}
