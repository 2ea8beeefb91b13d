import { Divider, Stack } from '@mantine/core';
import { useEffect, useState } from 'react';
import { useTranslation } from 'react-i18next';
import { useLocation, useNavigate, useSearchParams } from 'react-router';
import { FullPageLoader } from '../../app/full-page-loader.tsx';
import { useBrandName, useHost } from '../../app/host-context.tsx';
import { usePageTitle } from '../../app/page-title.hook.ts';
import { AuthLayout } from '../common/auth-layout.tsx';
import { AuthErrorAlert, AuthHeading, AuthLink, AuthLinks, useSignedInRedirect } from './auth-parts.tsx';
import { authHref } from './identifier.ts';
import { SignInForm } from './sign-in-form.tsx';
import { useExchangeHandoff, useSelfSignUpOpen } from './sign-in-methods.queries.ts';
import { readHandoffId } from './sign-in-request.ts';
import { OidcErrorAlert, SocialSignIn } from './social-sign-in.tsx';

/** Hand-off ids already sent in this page's life: each works once, so it is never sent twice. */
const sentHandoffs = new Set<string>();

/**
 * `/signin`: the branded password sign-in, with the other ways to sign in. It also finishes a
 * sign-in begun elsewhere: a `#handoff=` id (from the platform host's workspace chooser or from
 * Google / Microsoft) is exchanged for a session here, and `?oidcError=` says why a provider
 * sign-in failed. Signed-in visitors go straight to their destination.
 */
export function SignInPage() {
  const { t } = useTranslation('auth');
  const { appConfig } = useHost();
  const brand = useBrandName();
  const [params] = useSearchParams();
  const location = useLocation();
  const navigate = useNavigate();
  const redirect = params.get('redirect');
  const [handoffId] = useState(() => readHandoffId(location.hash));
  const exchange = useExchangeHandoff();
  const signedIn = useSignedInRedirect(redirect);
  const selfSignUp = useSelfSignUpOpen();
  usePageTitle(t('signin.pageTitle'));

  useEffect(() => {
    if (!handoffId) return;
    // Take the id out of the address bar and history at once; it must not be used again.
    void navigate({ pathname: location.pathname, search: location.search }, { replace: true });
    if (sentHandoffs.has(handoffId)) return;
    sentHandoffs.add(handoffId);
    exchange.mutate(handoffId);
  }, [handoffId, navigate, location.pathname, location.search, exchange.mutate]);

  if (handoffId && !exchange.isError && !exchange.isSuccess) return <FullPageLoader />;
  if (signedIn) return signedIn;

  return (
    <AuthLayout>
      <Stack gap="lg">
        <AuthHeading
          title={t('signin.heading')}
          subtitle={
            appConfig.isPlatformHost
              ? t('signin.subheadingPlatform')
              : t('signin.subheadingWorkspace', { company: brand })
          }
        />
        <OidcErrorAlert code={params.get('oidcError')} />
        <AuthErrorAlert error={exchange.error} />
        <SignInForm />
        <SocialSignIn redirect={redirect} />
        <Divider />
        <AuthLinks>
          <AuthLink to={authHref('/forgot-password', { redirect })}>{t('auth.forgotPassword')}</AuthLink>
          <AuthLink to={authHref('/signin-mobile', { redirect })}>{t('auth.withPhone')}</AuthLink>
          <AuthLink to={authHref('/identify', { redirect })}>{t('auth.otherWays')}</AuthLink>
          {selfSignUp.data?.bulkSignUpEnabled ? (
            <AuthLink to="/create-account">{t('signin.createAccount')}</AuthLink>
          ) : null}
        </AuthLinks>
      </Stack>
    </AuthLayout>
  );
}
