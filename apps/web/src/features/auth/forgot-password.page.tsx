import { ZEmail } from '@app/contract';
import { Alert, Button, Divider, Stack, Text, TextInput } from '@mantine/core';
import { type FormEvent, type ReactNode, useRef, useState } from 'react';
import { useTranslation } from 'react-i18next';
import { Link, useSearchParams } from 'react-router';
import { usePageTitle } from '../../app/page-title.hook.ts';
import { useForgotPassword, useResetPassword } from './account.queries.ts';
import { AuthLayout } from './auth-layout.tsx';
import { AuthErrorAlert, AuthHeading, AuthLink, AuthLinks, NewPasswordFields } from './auth-parts.tsx';
import { CodeStep } from './code-step.tsx';
import { useRetryAfter } from './countdown.hook.ts';
import { authHref } from './identifier.ts';
import { useNewPassword } from './new-password.ts';

/**
 * `/forgot-password`: an email address, then the mailed code with a new password, then a way to
 * sign in. The first step always answers the same, so it never tells whether an account exists.
 * `?email=` prefills the address; `sent=1` once a code is on its way.
 */
export function ForgotPasswordPage() {
  const { t } = useTranslation();
  const [params, setParams] = useSearchParams();
  const redirect = params.get('redirect');
  const [email, setEmail] = useState(params.get('email') ?? '');
  const [emailProblem, setEmailProblem] = useState<'required' | 'invalid' | null>(null);
  const [done, setDone] = useState(false);
  const emailRef = useRef<HTMLInputElement>(null);
  const forgot = useForgotPassword();
  const sendWait = useRetryAfter(forgot.error);
  usePageTitle(t('forgotPassword.pageTitle'));

  const parsed = ZEmail.safeParse(params.get('email') ?? '');
  const sentTo = params.get('sent') === '1' && parsed.success ? parsed.data : null;

  const setStep = (address: string, sent: boolean) => {
    setParams(
      (current) => {
        const updated = new URLSearchParams(current);
        updated.set('email', address);
        if (sent) updated.set('sent', '1');
        else updated.delete('sent');
        return updated;
      },
      { replace: true },
    );
  };

  const onSubmit = (event: FormEvent<HTMLFormElement>) => {
    event.preventDefault();
    const result = ZEmail.safeParse(email);
    if (!result.success) {
      setEmailProblem(email.trim() ? 'invalid' : 'required');
      return emailRef.current?.focus();
    }
    setEmailProblem(null);
    forgot.mutate(result.data, { onSuccess: () => setStep(result.data, true) });
  };

  let body: ReactNode;
  if (done) {
    body = (
      <Stack gap="md">
        <Alert color="green" variant="light" role="status" title={t('forgotPassword.doneTitle')}>
          {t('forgotPassword.doneBody')}
        </Alert>
        <Button component={Link} to={authHref('/signin', { redirect })} size="md" fullWidth>
          {t('common.signIn')}
        </Button>
      </Stack>
    );
  } else if (sentTo) {
    body = (
      <ResetStep
        email={sentTo}
        onDone={() => setDone(true)}
        onResend={() => forgot.mutateAsync(sentTo)}
        onChangeEmail={() => {
          forgot.reset();
          setStep(sentTo, false);
        }}
      />
    );
  } else {
    body = (
      <form onSubmit={onSubmit} noValidate>
        <Stack gap="md">
          <Text size="sm">{t('forgotPassword.intro')}</Text>
          <AuthErrorAlert error={forgot.error} secondsLeft={sendWait} />
          <TextInput
            ref={emailRef}
            label={t('auth.email.label')}
            name="email"
            type="email"
            autoComplete="email"
            autoCapitalize="none"
            spellCheck={false}
            required
            withAsterisk={false}
            size="md"
            value={email}
            onChange={(event) => setEmail(event.currentTarget.value)}
            error={emailProblem ? t(`auth.email.${emailProblem}`) : undefined}
          />
          <Button type="submit" size="md" fullWidth loading={forgot.isPending} disabled={sendWait > 0}>
            {t('forgotPassword.sendCode')}
          </Button>
        </Stack>
      </form>
    );
  }

  return (
    <AuthLayout>
      <Stack gap="lg">
        <AuthHeading title={done ? t('forgotPassword.doneHeading') : t('forgotPassword.heading')} />
        {body}
        {done ? null : (
          <>
            <Divider />
            <AuthLinks>
              <AuthLink to={authHref('/signin', { redirect })}>{t('auth.backToSignIn')}</AuthLink>
            </AuthLinks>
          </>
        )}
      </Stack>
    </AuthLayout>
  );
}

/** The mailed code and the new password (twice). */
function ResetStep(props: {
  email: string;
  onDone: () => void;
  onResend: () => Promise<unknown>;
  onChangeEmail: () => void;
}) {
  const { t } = useTranslation();
  const reset = useResetPassword();
  const newPassword = useNewPassword(reset, 'userNewPassword');

  return (
    <CodeStep
      message={t('forgotPassword.codeSentTo', { email: props.email })}
      submitLabel={t('forgotPassword.submit')}
      onSubmit={(code) =>
        reset.mutate(
          { userEmail: props.email, userNewPassword: newPassword.password, confirmationCode: code },
          { onSuccess: props.onDone, onError: newPassword.focusIfRefused },
        )
      }
      submitting={reset.isPending}
      submitError={reset.error}
      fieldErrorKeys={newPassword.serverProblem ? ['passwordTooCommon', 'validation'] : []}
      validate={newPassword.validate}
      onResend={props.onResend}
      after={<NewPasswordFields {...newPassword.fieldProps} />}
      footer={
        <Button variant="subtle" size="compact-sm" onClick={props.onChangeEmail}>
          {t('forgotPassword.changeEmail')}
        </Button>
      }
    />
  );
}
