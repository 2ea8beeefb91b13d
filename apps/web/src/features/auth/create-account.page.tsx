import { EMAIL_PATTERN, ZEmail } from '@app/contract';
import { Alert, Button, Divider, Stack, Text } from '@mantine/core';
import { type FormEvent, type ReactNode, useState } from 'react';
import { useTranslation } from 'react-i18next';
import { Link, Navigate, useSearchParams } from 'react-router';
import { FullPageLoader } from '../../app/full-page-loader.tsx';
import { useBrandName, useHost } from '../../app/host-context.tsx';
import { usePageTitle } from '../../app/page-title.hook.ts';
import { AuthLayout } from '../common/auth-layout.tsx';
import { AuthErrorAlert, AuthHeading, AuthLink, AuthLinks, EmailInput, useCheckedField } from './auth-parts.tsx';
import { useRetryAfter } from './countdown.hook.ts';
import { useNameFields } from './invitation-forms.tsx';
import { useSelfSignUp, useSelfSignUpOpen } from './sign-in-methods.queries.ts';

/**
 * `/create-account` on a workspace host whose bulk sign-up is on: email and name, then always the
 * same note — an invitation is mailed only if the workspace's whitelist lets the address in, and
 * the page never says which (the invitation's link then creates the account, as any invitation).
 * `?email=` prefills the address.
 */
export function CreateAccountPage() {
  const { t } = useTranslation('auth');
  const { appConfig } = useHost();
  const company = useBrandName();
  const [params] = useSearchParams();
  const given = params.get('email') ?? '';
  const open = useSelfSignUpOpen();
  const email = useCheckedField(ZEmail, EMAIL_PATTERN.test(given.trim()) ? given : '');
  const names = useNameFields({ firstName: null, lastName: null });
  const signUp = useSelfSignUp();
  const wait = useRetryAfter(signUp.error);
  const [sentTo, setSentTo] = useState<string | null>(null);
  usePageTitle(t('createAccount.pageTitle'));

  if (appConfig.isPlatformHost) return <Navigate to="/workspace/signin" replace />;
  if (open.isPending) return <FullPageLoader />;

  const onSubmit = (event: FormEvent<HTMLFormElement>) => {
    event.preventDefault();
    const address = email.check();
    const named = names.validate();
    if (!address || !named) return;
    signUp.mutate(
      { email: address, firstName: names.firstName, ...(names.lastName ? { lastName: names.lastName } : {}) },
      { onSuccess: () => setSentTo(address) },
    );
  };

  let body: ReactNode;
  if (open.data && !open.data.bulkSignUpEnabled) {
    body = (
      <Alert color="gray" variant="light" title={t('createAccount.closedTitle')}>
        {t('createAccount.closedBody', { company })}
      </Alert>
    );
  } else if (sentTo) {
    body = (
      <Stack gap="md">
        <Alert color="green" variant="light" role="status" title={t('createAccount.sentTitle')}>
          {t('createAccount.sentBody', { company, email: sentTo })}
        </Alert>
        <Button component={Link} to="/signin" size="md" fullWidth variant="default">
          {t('auth.backToSignIn')}
        </Button>
      </Stack>
    );
  } else {
    body = (
      <form onSubmit={onSubmit} noValidate>
        <Stack gap="md">
          <Text size="sm">{t('createAccount.intro', { company })}</Text>
          <AuthErrorAlert error={signUp.error} secondsLeft={wait} />
          <EmailInput field={email} size="md" />
          {names.fields}
          <Button type="submit" size="md" fullWidth loading={signUp.isPending} disabled={wait > 0}>
            {t('createAccount.submit')}
          </Button>
        </Stack>
      </form>
    );
  }

  return (
    <AuthLayout>
      <Stack gap="lg">
        <AuthHeading title={t('createAccount.heading')} subtitle={company} />
        {body}
        <Divider />
        <AuthLinks>
          <AuthLink to="/signin">{t('createAccount.haveAccount')}</AuthLink>
        </AuthLinks>
      </Stack>
    </AuthLayout>
  );
}
