import { Button, Divider, Group, Paper, Stack, Text, TextInput } from '@mantine/core';
import { type FormEvent, useRef, useState } from 'react';
import { useTranslation } from 'react-i18next';
import { useNavigate, useSearchParams } from 'react-router';
import { useHost } from '../../app/host-context.tsx';
import { usePageTitle } from '../../app/page-title.hook.ts';
import { AuthLayout } from '../common/auth-layout.tsx';
import { AuthErrorAlert, AuthHeading, AuthLink, AuthLinks, useSignedInRedirect } from './auth-parts.tsx';
import { useRetryAfter } from './countdown.hook.ts';
import { authHref, identifierKind, signInMethodsFor, type TSignInMethod } from './identifier.ts';
import { useCreateEmailOtp, useCreateSmsOtp } from './sign-in-methods.queries.ts';
import { SocialSignInButtons, useOfferedProviders } from './social-sign-in.tsx';

/**
 * `/identify`: one field for an email, a username or a phone number, then the ways to sign in
 * that fit what was typed. The methods are chosen from the identifier's shape alone, so the page
 * never tells whether an account exists. A username has one way (password) and goes straight on.
 */
export function IdentifyPage() {
  const { t } = useTranslation('auth');
  const { appConfig } = useHost();
  const navigate = useNavigate();
  const [params] = useSearchParams();
  const redirect = params.get('redirect');
  const providers = useOfferedProviders();
  const [identifier, setIdentifier] = useState(params.get('identifier') ?? '');
  const [chosen, setChosen] = useState<string | null>(null);
  const [missing, setMissing] = useState(false);
  const inputRef = useRef<HTMLInputElement>(null);
  const emailOtp = useCreateEmailOtp();
  const smsOtp = useCreateSmsOtp();
  const sendError = emailOtp.error ?? smsOtp.error;
  const secondsLeft = useRetryAfter(sendError);
  const signedIn = useSignedInRedirect(redirect);
  usePageTitle(t('identify.pageTitle'));
  if (signedIn) return signedIn;

  const kind = chosen ? identifierKind(chosen) : null;
  const methods = kind ? signInMethodsFor(kind, appConfig.isPlatformHost ? [] : providers) : [];

  const go = (method: TSignInMethod, value: string) => {
    if (method === 'password') {
      void navigate(authHref('/signin-password', { identifier: value, redirect }));
    } else if (method === 'emailCode') {
      emailOtp.mutate(
        { userEmail: value },
        {
          onSuccess: () =>
            void navigate(authHref('/signin-password', { identifier: value, method: 'code', sent: '1', redirect })),
        },
      );
    } else if (method === 'smsCode') {
      if (identifierKind(value) !== 'phone') {
        void navigate(authHref('/signin-mobile', { phone: value, redirect }));
        return;
      }
      smsOtp.mutate(
        { contactNumber: value },
        { onSuccess: () => void navigate(authHref('/signin-mobile', { phone: value, sent: '1', redirect })) },
      );
    }
  };

  const onSubmit = (event: FormEvent<HTMLFormElement>) => {
    event.preventDefault();
    const value = identifier.trim();
    const valueKind = identifierKind(value);
    setMissing(!valueKind);
    if (!valueKind) return inputRef.current?.focus();
    const options = signInMethodsFor(valueKind, providers);
    if (options.length === 1 && options[0] === 'password') return go('password', value);
    emailOtp.reset();
    smsOtp.reset();
    setChosen(value);
  };

  return (
    <AuthLayout>
      <Stack gap="lg">
        <AuthHeading title={t('identify.heading')} subtitle={t('identify.subheading')} />
        {chosen === null ? (
          <form onSubmit={onSubmit} noValidate>
            <Stack gap="md">
              <TextInput
                ref={inputRef}
                label={t('identify.identifier')}
                description={t('identify.identifierHelp')}
                name="identifier"
                autoComplete="username"
                autoCapitalize="none"
                spellCheck={false}
                required
                withAsterisk={false}
                value={identifier}
                onChange={(event) => setIdentifier(event.currentTarget.value)}
                error={missing ? t('identify.required') : undefined}
              />
              <Button type="submit" size="md" fullWidth>
                {t('identify.continue')}
              </Button>
            </Stack>
          </form>
        ) : (
          <Stack gap="md">
            <Paper withBorder radius="md" px="md" py="sm" bg="gray.0">
              <Group justify="space-between" wrap="nowrap" gap="sm">
                <div style={{ minWidth: 0 }}>
                  <Text size="xs" c="dimmed">
                    {t('identify.signingInAs')}
                  </Text>
                  <Text fw={600} style={{ overflowWrap: 'anywhere' }}>
                    {chosen}
                  </Text>
                </div>
                <Button variant="subtle" size="compact-sm" onClick={() => setChosen(null)}>
                  {t('identify.change')}
                </Button>
              </Group>
            </Paper>
            <AuthErrorAlert error={sendError} secondsLeft={secondsLeft} />
            <Text fw={600} component="h2" size="md" m={0}>
              {t('identify.methodsHeading')}
            </Text>
            {kind === 'digits' ? (
              <Text size="sm" c="dimmed">
                {t('identify.digitsHint')}
              </Text>
            ) : null}
            <Stack gap="xs">
              {methods
                .filter((m) => m === 'password' || m === 'emailCode' || m === 'smsCode')
                .map((method, index) => (
                  <Button
                    key={method}
                    size="md"
                    fullWidth
                    variant={index === 0 ? 'filled' : 'default'}
                    disabled={secondsLeft > 0 && method !== 'password'}
                    loading={
                      (method === 'emailCode' && emailOtp.isPending) || (method === 'smsCode' && smsOtp.isPending)
                    }
                    onClick={() => go(method, chosen)}
                  >
                    {t(`identify.methods.${method}`)}
                  </Button>
                ))}
            </Stack>
            {kind === 'email' && providers.length > 0 && !appConfig.isPlatformHost ? (
              <>
                <Divider label={t('auth.or')} labelPosition="center" />
                <SocialSignInButtons redirect={redirect} providers={providers} />
              </>
            ) : null}
          </Stack>
        )}
        <Divider />
        <AuthLinks>
          <AuthLink to={authHref('/signin', { redirect })}>{t('auth.backToSignIn')}</AuthLink>
          <AuthLink to={authHref('/forgot-password', { email: kind === 'email' ? chosen : null, redirect })}>
            {t('auth.forgotPassword')}
          </AuthLink>
        </AuthLinks>
      </Stack>
    </AuthLayout>
  );
}
