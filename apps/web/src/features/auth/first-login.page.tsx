import { Button, Group, Stack, Text } from '@mantine/core';
import { type FormEvent, useRef, useState } from 'react';
import { useTranslation } from 'react-i18next';
import { Navigate, useLocation, useNavigate, useSearchParams } from 'react-router';
import { FullPageLoader } from '../../app/full-page-loader.tsx';
import { usePageTitle } from '../../app/page-title.hook.ts';
import { isApiError } from '../../lib/api/index.ts';
import { safeRedirectPath } from '../../lib/safe-redirect.ts';
import { ServiceUnavailablePage } from '../errors/service-unavailable.page.tsx';
import { useCompleteFirstLogin } from './account.queries.ts';
import { AuthLayout } from './auth-layout.tsx';
import { AuthErrorAlert, AuthHeading, NewPasswordFields } from './auth-parts.tsx';
import { NameFields } from './invitation-forms.tsx';
import { checkNewPassword, serverPasswordProblem, type TNewPasswordProblem } from './new-password.ts';
import { useAccessToken, useSignOut, useUserDetails } from './session.queries.ts';
import { describeAuthError, invalidFields } from './sign-in-request.ts';

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
  const { t } = useTranslation();
  const navigate = useNavigate();
  const complete = useCompleteFirstLogin();
  const signOut = useSignOut();
  const [firstName, setFirstName] = useState(props.firstName);
  const [lastName, setLastName] = useState(props.lastName);
  const [missing, setMissing] = useState<{ first?: boolean; last?: boolean }>({});
  const [password, setPassword] = useState('');
  const [confirmation, setConfirmation] = useState('');
  const [problems, setProblems] = useState<{ password?: TNewPasswordProblem; confirmation?: TNewPasswordProblem }>({});
  const firstRef = useRef<HTMLInputElement>(null);
  const lastRef = useRef<HTMLInputElement>(null);
  const passwordRef = useRef<HTMLInputElement>(null);
  const confirmationRef = useRef<HTMLInputElement>(null);
  usePageTitle(t('firstLogin.pageTitle'));

  const serverProblem = complete.error
    ? serverPasswordProblem(describeAuthError(complete.error).key, invalidFields(complete.error), 'userNewPassword')
    : undefined;

  const onSubmit = (event: FormEvent<HTMLFormElement>) => {
    event.preventDefault();
    const names = { first: !firstName.trim(), last: !lastName.trim() };
    setMissing(names);
    if (names.first) return firstRef.current?.focus();
    if (names.last) return lastRef.current?.focus();
    const found = checkNewPassword(password, confirmation);
    setProblems(found);
    if (found.password) return passwordRef.current?.focus();
    if (found.confirmation) return confirmationRef.current?.focus();
    complete.mutate(
      { firstName: firstName.trim(), lastName: lastName.trim(), userNewPassword: password },
      {
        onSuccess: () => void navigate(props.destination, { replace: true }),
        onError: (error) => {
          if (serverPasswordProblem(describeAuthError(error).key, invalidFields(error), 'userNewPassword')) {
            passwordRef.current?.focus();
          }
        },
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
              except={serverProblem ? ['passwordTooCommon', 'validation'] : []}
              title={t('firstLogin.errorTitle')}
            />
            <NameFields
              firstName={firstName}
              lastName={lastName}
              onFirstName={setFirstName}
              onLastName={setLastName}
              missing={missing}
              firstRef={firstRef}
              lastRef={lastRef}
            />
            <NewPasswordFields
              password={password}
              confirmation={confirmation}
              onPasswordChange={(value) => {
                setPassword(value);
                setProblems({});
                if (serverProblem) complete.reset();
              }}
              onConfirmationChange={(value) => {
                setConfirmation(value);
                setProblems({});
              }}
              passwordError={problems.password ?? serverProblem}
              confirmationError={problems.confirmation}
              passwordRef={passwordRef}
              confirmationRef={confirmationRef}
            />
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
