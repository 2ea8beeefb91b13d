import { EMAIL_PATTERN, PHONE_EXAMPLES, ZEmail, ZPhoneIn } from '@app/contract';
import { Alert, Button, Divider, Stack, Text } from '@mantine/core';
import { type FormEvent, type ReactNode, useMemo, useState } from 'react';
import { useTranslation } from 'react-i18next';
import { Link, useSearchParams } from 'react-router';
import { usePhoneCountry } from '../../app/host-context.tsx';
import { usePageTitle } from '../../app/page-title.hook.ts';
import { AuthLayout } from '../common/auth-layout.tsx';
import { useForgotPassword, useResetPassword } from './account.queries.ts';
import {
  AuthErrorAlert,
  AuthHeading,
  AuthLink,
  AuthLinks,
  EmailInput,
  NewPasswordFields,
  PhoneInput,
  useCheckedField,
  useSentStep,
} from './auth-parts.tsx';
import { CodeStep } from './code-step.tsx';
import { useRetryAfter } from './countdown.hook.ts';
import { authHref } from './identifier.ts';
import { useNewPassword } from './new-password.ts';

/**
 * `/forgot-password`: an email address — or, for an account without one, a phone number (typed the
 * workspace country's way) — then the mailed or texted code with a new password, then a way to
 * sign in. The first step always answers the same, so it never tells whether an account exists.
 * `?email=` prefills the address (something that is not an address, such as a username, opens the
 * phone way); `?phone=` the number; `sent=1` once a code is on its way.
 */
export function ForgotPasswordPage() {
  const { t } = useTranslation('auth');
  const [params] = useSearchParams();
  const redirect = params.get('redirect');
  const given = params.get('email') ?? '';
  const country = usePhoneCountry();
  const phoneSchema = useMemo(() => ZPhoneIn(country), [country]);
  const example = PHONE_EXAMPLES[country].national;
  const [mode, setMode] = useState<'email' | 'phone'>(
    params.has('phone') || (given !== '' && !EMAIL_PATTERN.test(given.trim())) ? 'phone' : 'email',
  );
  const email = useCheckedField(ZEmail, EMAIL_PATTERN.test(given.trim()) ? given : '');
  const phone = useCheckedField(phoneSchema, params.get('phone') ?? '');
  const emailStep = useSentStep('email', ZEmail);
  const phoneStep = useSentStep('phone', phoneSchema);
  const sentTo = mode === 'email' ? emailStep.sentTo : phoneStep.sentTo;
  const [done, setDone] = useState(false);
  const forgot = useForgotPassword();
  const sendWait = useRetryAfter(forgot.error);
  usePageTitle(t('forgotPassword.pageTitle'));
  const addressOf = (to: string) => (mode === 'email' ? { userEmail: to } : { contactNumber: to });

  const onSubmit = (event: FormEvent<HTMLFormElement>) => {
    event.preventDefault();
    const to = mode === 'email' ? email.check() : phone.check();
    if (to) {
      forgot.mutate(addressOf(to), {
        onSuccess: () => (mode === 'email' ? emailStep : phoneStep).setStep(to, true),
      });
    }
  };
  const switchMode = () => {
    forgot.reset();
    setMode(mode === 'email' ? 'phone' : 'email');
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
        address={addressOf(sentTo)}
        onDone={() => setDone(true)}
        onResend={() => forgot.mutateAsync(addressOf(sentTo))}
        onChangeAddress={() => {
          forgot.reset();
          (mode === 'email' ? emailStep : phoneStep).setStep(sentTo, false);
        }}
      />
    );
  } else {
    body = (
      <Stack gap="md">
        <form onSubmit={onSubmit} noValidate>
          <Stack gap="md">
            <Text size="sm">{t(mode === 'email' ? 'forgotPassword.intro' : 'forgotPassword.introPhone')}</Text>
            <AuthErrorAlert error={forgot.error} secondsLeft={sendWait} />
            {mode === 'email' ? <EmailInput field={email} size="md" /> : <PhoneInput field={phone} example={example} />}
            <Button type="submit" size="md" fullWidth loading={forgot.isPending} disabled={sendWait > 0}>
              {t(mode === 'email' ? 'forgotPassword.sendCode' : 'forgotPassword.sendSms')}
            </Button>
          </Stack>
        </form>
        <Button variant="subtle" size="compact-sm" onClick={switchMode} style={{ alignSelf: 'center' }}>
          {t(mode === 'email' ? 'forgotPassword.usePhone' : 'forgotPassword.useEmail')}
        </Button>
      </Stack>
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

/** The mailed (or texted) code and the new password (twice). */
function ResetStep(props: {
  address: { userEmail: string } | { contactNumber: string };
  onDone: () => void;
  onResend: () => Promise<unknown>;
  onChangeAddress: () => void;
}) {
  const { t } = useTranslation('auth');
  const reset = useResetPassword();
  const newPassword = useNewPassword(reset, 'userNewPassword');
  const byPhone = 'contactNumber' in props.address;

  return (
    <CodeStep
      message={
        'contactNumber' in props.address
          ? t('forgotPassword.codeSentToPhone', { phone: props.address.contactNumber })
          : t('forgotPassword.codeSentTo', { email: props.address.userEmail })
      }
      submitLabel={t('forgotPassword.submit')}
      onSubmit={(code) =>
        reset.mutate(
          { ...props.address, userNewPassword: newPassword.password, confirmationCode: code },
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
        <Button variant="subtle" size="compact-sm" onClick={props.onChangeAddress}>
          {t(byPhone ? 'forgotPassword.changePhone' : 'forgotPassword.changeEmail')}
        </Button>
      }
    />
  );
}
