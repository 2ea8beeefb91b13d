import { ZEmail } from '@app/contract';
import { Button, Divider, Stack, Text } from '@mantine/core';
import { type ReactNode, useState } from 'react';
import { useTranslation } from 'react-i18next';
import { useSearchParams } from 'react-router';
import { usePageTitle } from '../../app/page-title.hook.ts';
import { AuthLayout } from '../common/auth-layout.tsx';
import { AuthErrorAlert, AuthHeading, AuthLink, AuthLinks, useSignedInRedirect } from './auth-parts.tsx';
import { CodeStep } from './code-step.tsx';
import { useRetryAfter } from './countdown.hook.ts';
import { authHref, identifierKind } from './identifier.ts';
import { SignInForm } from './sign-in-form.tsx';
import { useCreateEmailOtp, useVerifyEmailOtp } from './sign-in-methods.queries.ts';

/**
 * `/signin-password?identifier=…`: the password step for an identifier chosen on /identify (still
 * editable). For an email address it can switch to a code mailed to it instead
 * (`method=code`; `sent=1` once the code is on its way).
 */
export function SignInPasswordPage() {
  const { t } = useTranslation('auth');
  const [params, setParams] = useSearchParams();
  const redirect = params.get('redirect');
  const [identifier, setIdentifier] = useState(params.get('identifier') ?? '');
  const email = identifierKind(identifier) === 'email' ? identifier.trim() : null;
  const codeMode = params.get('method') === 'code' && email !== null;
  const codeSent = codeMode && params.get('sent') === '1';
  const createOtp = useCreateEmailOtp();
  const verifyOtp = useVerifyEmailOtp();
  const sendWait = useRetryAfter(createOtp.error);
  const signedIn = useSignedInRedirect(redirect);
  usePageTitle(codeMode ? t('signinPassword.codePageTitle') : t('signinPassword.pageTitle'));
  if (signedIn) return signedIn;

  const setMode = (next: { method?: 'code'; sent?: boolean }) => {
    setParams(
      (current) => {
        const updated = new URLSearchParams(current);
        updated.set('identifier', identifier.trim());
        if (next.method) updated.set('method', next.method);
        else updated.delete('method');
        if (next.sent) updated.set('sent', '1');
        else updated.delete('sent');
        return updated;
      },
      { replace: true },
    );
  };

  const sendCode = () => {
    if (!email || !ZEmail.safeParse(email).success) return;
    createOtp.mutate({ userEmail: email }, { onSuccess: () => setMode({ method: 'code', sent: true }) });
  };

  const usePassword = (
    <Button variant="subtle" size="compact-sm" onClick={() => setMode({})}>
      {t('signinPassword.usePasswordInstead')}
    </Button>
  );

  let body: ReactNode;
  if (codeSent && email) {
    body = (
      <CodeStep
        message={t('signinPassword.codeSentTo', { email })}
        submitLabel={t('signin.submit')}
        onSubmit={(code) => verifyOtp.mutate({ userEmail: email, userOtp: code })}
        submitting={verifyOtp.isPending}
        submitError={verifyOtp.error}
        onResend={() => createOtp.mutateAsync({ userEmail: email })}
        footer={usePassword}
      />
    );
  } else if (codeMode && email) {
    body = (
      <Stack gap="md">
        <Text size="sm" style={{ overflowWrap: 'anywhere' }}>
          {t('signinPassword.codeIntro', { email })}
        </Text>
        <AuthErrorAlert error={createOtp.error} secondsLeft={sendWait} />
        <Button size="md" fullWidth onClick={sendCode} loading={createOtp.isPending} disabled={sendWait > 0}>
          {t('signinPassword.sendCode')}
        </Button>
        {usePassword}
      </Stack>
    );
  } else {
    body = (
      <Stack gap="md">
        <SignInForm identifier={identifier} onIdentifierChange={setIdentifier} autoFocusPassword={identifier !== ''} />
        {email ? (
          <>
            <AuthErrorAlert error={createOtp.error} secondsLeft={sendWait} />
            <Button
              variant="default"
              size="md"
              fullWidth
              onClick={sendCode}
              loading={createOtp.isPending}
              disabled={sendWait > 0}
            >
              {t('signinPassword.emailCodeInstead')}
            </Button>
          </>
        ) : null}
      </Stack>
    );
  }

  return (
    <AuthLayout>
      <Stack gap="lg">
        <AuthHeading title={codeMode ? t('signinPassword.codeHeading') : t('signinPassword.heading')} />
        {body}
        <Divider />
        <AuthLinks>
          <AuthLink to={authHref('/forgot-password', { email, redirect })}>{t('auth.forgotPassword')}</AuthLink>
          <AuthLink to={authHref('/identify', { redirect })}>{t('auth.otherWays')}</AuthLink>
        </AuthLinks>
      </Stack>
    </AuthLayout>
  );
}
