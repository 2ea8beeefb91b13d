import type { TUserDetailsResponse, TUserWorkspace } from '@app/contract';
import { Alert, Badge, Button, Divider, Group, Loader, Stack, Text, Title, UnstyledButton } from '@mantine/core';
import { useTranslation } from 'react-i18next';
import { Navigate } from 'react-router';
import { FullPageLoader } from '../../app/full-page-loader.tsx';
import { useHost } from '../../app/host-context.tsx';
import { Icon } from '../../app/icons.tsx';
import { usePageTitle } from '../../app/page-title.hook.ts';
import { AuthLayout } from '../common/auth-layout.tsx';
import { useAccessToken, useSignOut, useUserDetails } from '../common/session.queries.ts';
import { AuthErrorAlert, AuthLink, AuthLinks } from './auth-parts.tsx';
import { SignInForm } from './sign-in-form.tsx';
import { useContinueToWorkspace } from './sign-in-methods.queries.ts';

/**
 * `/workspace/signin` on the platform host: sign in, then pick one of your workspaces and continue
 * there already signed in (through a one-time hand-off id, no second sign-in).
 */
export function WorkspaceSignInPage() {
  const { t } = useTranslation('auth');
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
          <Divider />
          <AuthLinks>
            <AuthLink to="/forgot-password">{t('auth.forgotPassword')}</AuthLink>
            <AuthLink to="/signin-mobile">{t('auth.withPhone')}</AuthLink>
            <AuthLink to="/identify">{t('auth.otherWays')}</AuthLink>
          </AuthLinks>
        </Stack>
      </AuthLayout>
    );
  }

  return <WorkspaceChooser details={user.data} onSignOut={() => signOut.mutate()} signingOut={signOut.isPending} />;
}

/** The signed-in person's workspaces; choosing one continues there through a hand-off. */
function WorkspaceChooser(props: { details: TUserDetailsResponse; onSignOut: () => void; signingOut: boolean }) {
  const { t } = useTranslation('auth');
  const handoff = useContinueToWorkspace();
  const { user: person, workspaces } = props.details;
  // After the hand-off the browser is leaving for the workspace: keep the chosen one busy.
  const leavingFor = handoff.isPending || handoff.isSuccess ? handoff.variables : null;
  const name = `${person.firstName} ${person.lastName}`.trim();
  return (
    <AuthLayout width={520}>
      <Stack gap="lg">
        <Title order={1} fz={26} ta="center">
          {t('workspaceSignin.heading')}
        </Title>
        <Text size="sm" ta="center">
          {t('workspaceSignin.signedInAs', { name })}
        </Text>
        <AuthErrorAlert error={handoff.error} title={t('workspaceSignin.handoffError')} />
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
                <WorkspaceChoice
                  workspace={workspace}
                  busy={leavingFor === workspace.workspaceId}
                  disabled={leavingFor !== null}
                  onChoose={() => handoff.mutate(workspace.workspaceId)}
                />
              </li>
            ))}
          </Stack>
        )}
        <Group justify="center" gap={6}>
          <Text size="sm">{t('workspaceSignin.notYou')}</Text>
          <Button variant="subtle" size="compact-sm" onClick={props.onSignOut} loading={props.signingOut}>
            {t('common.signOut')}
          </Button>
        </Group>
      </Stack>
    </AuthLayout>
  );
}

/** One workspace as a large, tappable button that continues there (inactive ones are not buttons). */
function WorkspaceChoice(props: { workspace: TUserWorkspace; busy: boolean; disabled: boolean; onChoose: () => void }) {
  const { t } = useTranslation('auth');
  const { workspace } = props;
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
      {props.busy ? <Loader size="sm" aria-label={t('workspaceSignin.continuing')} /> : null}
    </Group>
  );
  if (!workspace.active) return body;
  return (
    <UnstyledButton
      onClick={props.onChoose}
      disabled={props.disabled}
      aria-busy={props.busy || undefined}
      display="block"
      w="100%"
      style={{ borderRadius: 'var(--mantine-radius-md)' }}
    >
      {body}
    </UnstyledButton>
  );
}
