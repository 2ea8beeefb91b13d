import { ZContactNumber } from '@app/contract';
import { Button, Divider, Stack, Text, TextInput } from '@mantine/core';
import { type FormEvent, useRef, useState } from 'react';
import { useTranslation } from 'react-i18next';
import { useSearchParams } from 'react-router';
import { usePageTitle } from '../../app/page-title.hook.ts';
import { AuthLayout } from './auth-layout.tsx';
import { AuthErrorAlert, AuthHeading, AuthLink, AuthLinks, useSignedInRedirect } from './auth-parts.tsx';
import { CodeStep } from './code-step.tsx';
import { useRetryAfter } from './countdown.hook.ts';
import { authHref } from './identifier.ts';
import { useCreateSmsOtp, useVerifySmsOtp } from './sign-in-methods.queries.ts';

/**
 * `/signin-mobile`: a phone number in international form, a texted 6-digit code, signed in.
 * `?phone=` prefills the number; `sent=1` once the code is on its way (so a reload keeps the step).
 */
export function SignInMobilePage() {
  const { t } = useTranslation();
  const [params, setParams] = useSearchParams();
  const redirect = params.get('redirect');
  const [phone, setPhone] = useState(params.get('phone') ?? '');
  const [phoneProblem, setPhoneProblem] = useState<'required' | 'invalid' | null>(null);
  const phoneRef = useRef<HTMLInputElement>(null);
  const createOtp = useCreateSmsOtp();
  const verifyOtp = useVerifySmsOtp();
  const sendWait = useRetryAfter(createOtp.error);
  const signedIn = useSignedInRedirect(redirect);
  usePageTitle(t('signinMobile.pageTitle'));
  if (signedIn) return signedIn;

  const parsed = ZContactNumber.safeParse(params.get('phone') ?? '');
  const sentTo = params.get('sent') === '1' && parsed.success ? parsed.data : null;

  const setStep = (number: string, sent: boolean) => {
    setParams(
      (current) => {
        const updated = new URLSearchParams(current);
        updated.set('phone', number);
        if (sent) updated.set('sent', '1');
        else updated.delete('sent');
        return updated;
      },
      { replace: true },
    );
  };

  const onSubmit = (event: FormEvent<HTMLFormElement>) => {
    event.preventDefault();
    const result = ZContactNumber.safeParse(phone);
    if (!result.success) {
      setPhoneProblem(phone.trim() ? 'invalid' : 'required');
      return phoneRef.current?.focus();
    }
    setPhoneProblem(null);
    createOtp.mutate({ contactNumber: result.data }, { onSuccess: () => setStep(result.data, true) });
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
              <TextInput
                ref={phoneRef}
                label={t('auth.phone.label')}
                description={t('auth.phone.help')}
                name="phone"
                type="tel"
                inputMode="tel"
                autoComplete="tel"
                required
                withAsterisk={false}
                size="md"
                value={phone}
                onChange={(event) => setPhone(event.currentTarget.value)}
                error={phoneProblem ? t(`auth.phone.${phoneProblem}`) : undefined}
              />
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
