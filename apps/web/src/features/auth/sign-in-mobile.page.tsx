import { PHONE_EXAMPLES, ZPhoneIn } from '@app/contract';
import { Button, Divider, Stack, Text } from '@mantine/core';
import { type FormEvent, useMemo } from 'react';
import { useTranslation } from 'react-i18next';
import { useSearchParams } from 'react-router';
import { usePhoneCountry } from '../../app/host-context.tsx';
import { usePageTitle } from '../../app/page-title.hook.ts';
import { AuthLayout } from '../common/auth-layout.tsx';
import {
  AuthErrorAlert,
  AuthHeading,
  AuthLink,
  AuthLinks,
  PhoneInput,
  useCheckedField,
  useSentStep,
  useSignedInRedirect,
} from './auth-parts.tsx';
import { CodeStep } from './code-step.tsx';
import { useRetryAfter } from './countdown.hook.ts';
import { authHref } from './identifier.ts';
import { useCreateSmsOtp, useVerifySmsOtp } from './sign-in-methods.queries.ts';

/**
 * `/signin-mobile`: a phone number (the workspace country's national way, or with +code), a texted
 * 6-digit code, signed in.
 * `?phone=` prefills the number; `sent=1` once the code is on its way (so a reload keeps the step).
 */
export function SignInMobilePage() {
  const { t } = useTranslation('auth');
  const [params] = useSearchParams();
  const redirect = params.get('redirect');
  // Typed the national way of the workspace's country (or with +code); sent in E.164.
  const country = usePhoneCountry();
  const schema = useMemo(() => ZPhoneIn(country), [country]);
  const example = PHONE_EXAMPLES[country].national;
  const phone = useCheckedField(schema, params.get('phone') ?? '');
  const { sentTo, setStep } = useSentStep('phone', schema);
  const createOtp = useCreateSmsOtp();
  const verifyOtp = useVerifySmsOtp();
  const sendWait = useRetryAfter(createOtp.error);
  const signedIn = useSignedInRedirect(redirect);
  usePageTitle(t('signinMobile.pageTitle'));
  if (signedIn) return signedIn;

  const onSubmit = (event: FormEvent<HTMLFormElement>) => {
    event.preventDefault();
    const number = phone.check();
    if (number) createOtp.mutate({ contactNumber: number }, { onSuccess: () => setStep(number, true) });
  };

  return (
    <AuthLayout>
      <Stack gap="lg">
        <AuthHeading title={t('signinMobile.heading')} subtitle={sentTo ? undefined : t('signinMobile.intro')} />
        {sentTo ? (
          <CodeStep
            message={t('signinMobile.codeSentTo', { phone: sentTo })}
            submitLabel={t('signin.submit')}
            onSubmit={(code) => verifyOtp.mutate({ contactNumber: sentTo, userOtp: code })}
            submitting={verifyOtp.isPending}
            submitError={verifyOtp.error}
            onResend={() => createOtp.mutateAsync({ contactNumber: sentTo })}
            footer={
              <Button
                variant="subtle"
                size="compact-sm"
                onClick={() => {
                  createOtp.reset();
                  verifyOtp.reset();
                  setStep(sentTo, false);
                }}
              >
                {t('signinMobile.changeNumber')}
              </Button>
            }
          />
        ) : (
          <form onSubmit={onSubmit} noValidate>
            <Stack gap="md">
              <AuthErrorAlert error={createOtp.error} secondsLeft={sendWait} />
              <PhoneInput field={phone} example={example} />
              <Button type="submit" size="md" fullWidth loading={createOtp.isPending} disabled={sendWait > 0}>
                {t('signinMobile.sendCode')}
              </Button>
              <Text size="xs" c="dimmed">
                {t('signinMobile.charges')}
              </Text>
            </Stack>
          </form>
        )}
        <Divider />
        <AuthLinks>
          <AuthLink to={authHref('/signin', { redirect })}>{t('signinMobile.usePassword')}</AuthLink>
          <AuthLink to={authHref('/identify', { redirect })}>{t('auth.otherWays')}</AuthLink>
        </AuthLinks>
      </Stack>
    </AuthLayout>
  );
}
