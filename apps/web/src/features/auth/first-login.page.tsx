import { Button, Group, Stack, Text } from '@mantine/core';
import type { FormEvent } from 'react';
import { useTranslation } from 'react-i18next';
import { Navigate, useLocation, useNavigate, useSearchParams } from 'react-router';
import { FullPageLoader } from '../../app/full-page-loader.tsx';
import { usePageTitle } from '../../app/page-title.hook.ts';
import { isApiError } from '../../lib/api/index.ts';
import { safeRedirectPath } from '../../lib/safe-redirect.ts';
import { AuthLayout } from '../common/auth-layout.tsx';
import { useAccessToken, useSignOut, useUserDetails } from '../common/session.queries.ts';
import { ServiceUnavailablePage } from '../errors/service-unavailable.page.tsx';
import { useCompleteFirstLogin } from './account.queries.ts';
import { AuthErrorAlert, AuthHeading, NewPasswordFields } from './auth-parts.tsx';
import { useNameFields } from './invitation-forms.tsx';
import { useNewPassword } from './new-password.ts';

/**
 * `/first-login`: an account an administrator created must confirm its name and choose its own
 * password before anything else (the signed-in pages send it here while `user.firstLogin`).
 */
export function FirstLoginPage() {
  const token = useAccessToken();
  const location = useLocation();
  const [params] = useSearchParams();
  const user = useUserDetails();
  const destination = safeRedirectPath(params.get('redirect')) ?? '/dashboard';

  if (!token) {
    const back = encodeURIComponent(`${location.pathname}${location.search}`);
    return <Navigate to={`/signin?redirect=${back}`} replace />;
  }
  if (!user.data) {
    if (user.isError && !isApiError(user.error, 401) && !isApiError(user.error, 500)) {
      return <ServiceUnavailablePage onRetry={() => void user.refetch()} />;
    }
    return <FullPageLoader />;
  }
  if (!user.data.user.firstLogin) return <Navigate to={destination} replace />;
  return (
    <FirstLoginForm firstName={user.data.user.firstName} lastName={user.data.user.lastName} destination={destination} />
  );
}

function FirstLoginForm(props: { firstName: string; lastName: string; destination: string }) {
  const { t } = useTranslation('auth');
  const navigate = useNavigate();
  const complete = useCompleteFirstLogin();
  const signOut = useSignOut();
  const names = useNameFields(props);
  const newPassword = useNewPassword(complete, 'userNewPassword');
  usePageTitle(t('firstLogin.pageTitle'));

  const onSubmit = (event: FormEvent<HTMLFormElement>) => {
    event.preventDefault();
    if (!names.validate() || !newPassword.validate()) return;
    complete.mutate(
      { firstName: names.firstName, lastName: names.lastName, userNewPassword: newPassword.password },
      {
        onSuccess: () => void navigate(props.destination, { replace: true }),
        onError: newPassword.focusIfRefused,
      },
    );
  };

  return (
    <AuthLayout width={480}>
      <Stack gap="lg">
        <AuthHeading title={t('firstLogin.heading')} subtitle={t('firstLogin.intro')} />
        <form onSubmit={onSubmit} noValidate>
          <Stack gap="md">
            <AuthErrorAlert
              error={complete.error}
              except={newPassword.serverProblem ? ['passwordTooCommon', 'validation'] : []}
              title={t('firstLogin.errorTitle')}
            />
            {names.fields}
            <NewPasswordFields {...newPassword.fieldProps} />
            <Button type="submit" size="md" fullWidth loading={complete.isPending}>
              {t('firstLogin.submit')}
            </Button>
          </Stack>
        </form>
        <Group justify="center" gap={6}>
          <Text size="sm">{t('firstLogin.notNow')}</Text>
          <Button variant="subtle" size="compact-sm" onClick={() => signOut.mutate()} loading={signOut.isPending}>
            {t('common.signOut')}
          </Button>
        </Group>
      </Stack>
    </AuthLayout>
  );
}
