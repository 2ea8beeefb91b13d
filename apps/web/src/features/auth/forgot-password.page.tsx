import { ZEmail } from '@app/contract';
import { Alert, Button, Divider, Stack, Text } from '@mantine/core';
import { type FormEvent, type ReactNode, useState } from 'react';
import { useTranslation } from 'react-i18next';
import { Link, useSearchParams } from 'react-router';
import { usePageTitle } from '../../app/page-title.hook.ts';
import { useForgotPassword, useResetPassword } from './account.queries.ts';
import { AuthLayout } from './auth-layout.tsx';
import {
  AuthErrorAlert,
  AuthHeading,
  AuthLink,
  AuthLinks,
  EmailInput,
  NewPasswordFields,
  useCheckedField,
  useSentStep,
} from './auth-parts.tsx';
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
  const { t } = useTranslation('auth');
  const [params] = useSearchParams();
  const redirect = params.get('redirect');
  const email = useCheckedField(ZEmail, params.get('email') ?? '');
  const { sentTo, setStep } = useSentStep('email', ZEmail);
  const [done, setDone] = useState(false);
  const forgot = useForgotPassword();
  const sendWait = useRetryAfter(forgot.error);
  usePageTitle(t('forgotPassword.pageTitle'));

  const onSubmit = (event: FormEvent<HTMLFormElement>) => {
    event.preventDefault();
    const address = email.check();
    if (address) forgot.mutate(address, { onSuccess: () => setStep(address, true) });
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
          <EmailInput field={email} size="md" />
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
  const { t } = useTranslation('auth');
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
