import { OTP_RULES, PASSWORD_RULES } from '@app/contract';
import { Alert, Anchor, PasswordInput, Stack, Text, TextInput, Title } from '@mantine/core';
import { useForm } from '@mantine/form';
import { type ReactNode, type Ref, type RefObject, useRef } from 'react';
import { useTranslation } from 'react-i18next';
import { Link, Navigate, useSearchParams } from 'react-router';
import type { z } from 'zod';
import { BrandMark } from '../../app/brand-mark.tsx';
import { FullPageLoader } from '../../app/full-page-loader.tsx';
import { useHost } from '../../app/host-context.tsx';
import { useAccessToken, useUserDetails } from '../common/session.queries.ts';
import type { TNewPasswordProblem } from './new-password.ts';
import { describeAuthError, signInDestination, type TAuthErrorKey } from './sign-in-request.ts';

/** The top of a signed-out card: this host's brand, the page's heading and one line under it. */
export function AuthHeading({
  title,
  subtitle,
  brand = true,
}: {
  title: string;
  subtitle?: ReactNode;
  brand?: boolean;
}) {
  return (
    <Stack gap={6} align="center" ta="center">
      {brand ? <BrandMark size="lg" /> : null}
      <Title order={1} fz={26} mt={brand ? 'sm' : 0}>
        {title}
      </Title>
      {subtitle ? (
        <Text c="dimmed" size="sm" style={{ overflowWrap: 'anywhere' }}>
          {subtitle}
        </Text>
      ) : null}
    </Stack>
  );
}

/**
 * The message of a failed sign-in or account call, announced to screen readers. A rate limit
 * counts down (`secondsLeft`) and disappears when the person may try again; keys in `except`
 * are shown by the page itself (next to a field).
 */
export function AuthErrorAlert({
  error,
  secondsLeft = 0,
  except = [],
  title,
}: {
  error: unknown;
  secondsLeft?: number;
  except?: TAuthErrorKey[];
  title?: string;
}) {
  const { t } = useTranslation('auth');
  if (!error) return null;
  const failure = describeAuthError(error);
  if (except.includes(failure.key)) return null;
  if (failure.key === 'rateLimited' && secondsLeft <= 0) return null;
  return (
    <Alert color="red" variant="light" title={title ?? t('signin.errorTitle')}>
      {t(`signin.errors.${failure.key}`, { seconds: secondsLeft })}
    </Alert>
  );
}

/** A one-time code field: one input (so that phones can fill it from the message), digits only. */
export function CodeInput({
  value,
  onChange,
  error,
  ref,
  label,
}: {
  value: string;
  onChange: (value: string) => void;
  error?: string;
  ref?: Ref<HTMLInputElement>;
  label?: string;
}) {
  const { t } = useTranslation('auth');
  return (
    <TextInput
      ref={ref}
      label={label ?? t('auth.code.label')}
      description={t('auth.code.help', { minutes: OTP_RULES.ttlSeconds / 60 })}
      name="one-time-code"
      inputMode="numeric"
      autoComplete="one-time-code"
      pattern="[0-9 ]*"
      maxLength={OTP_RULES.digits + 1}
      required
      withAsterisk={false}
      size="md"
      value={value}
      onChange={(event) => onChange(event.currentTarget.value.replace(/[^\d ]/g, ''))}
      error={error}
      styles={{ input: { letterSpacing: '0.3em', fontVariantNumeric: 'tabular-nums' } }}
    />
  );
}

/** A new password and its confirmation, with the one rule (length) said up front. */
export function NewPasswordFields(props: {
  password: string;
  confirmation: string;
  onPasswordChange: (value: string) => void;
  onConfirmationChange: (value: string) => void;
  passwordError?: TNewPasswordProblem | 'tooCommon' | 'unchanged' | 'sameAsCurrent' | 'rejected';
  confirmationError?: TNewPasswordProblem;
  passwordRef?: Ref<HTMLInputElement>;
  confirmationRef?: Ref<HTMLInputElement>;
  label?: string;
}) {
  const { t } = useTranslation('auth');
  const rules = { min: PASSWORD_RULES.minLength, max: PASSWORD_RULES.maxLength };
  return (
    <>
      <PasswordInput
        ref={props.passwordRef}
        label={props.label ?? t('auth.newPassword.label')}
        description={t('auth.newPassword.help', rules)}
        name="new-password"
        autoComplete="new-password"
        required
        withAsterisk={false}
        value={props.password}
        onChange={(event) => props.onPasswordChange(event.currentTarget.value)}
        error={props.passwordError ? t(`auth.newPassword.${props.passwordError}`, rules) : undefined}
        visibilityToggleFocusable
        visibilityToggleButtonProps={{ 'aria-label': t('signin.showPassword') }}
      />
      <PasswordInput
        ref={props.confirmationRef}
        label={t('auth.newPassword.confirmLabel')}
        name="confirm-password"
        autoComplete="new-password"
        required
        withAsterisk={false}
        value={props.confirmation}
        onChange={(event) => props.onConfirmationChange(event.currentTarget.value)}
        error={
          props.confirmationError
            ? t(
                props.confirmationError === 'mismatch'
                  ? 'auth.newPassword.mismatch'
                  : 'auth.newPassword.confirmRequired',
              )
            : undefined
        }
        visibilityToggleFocusable
        visibilityToggleButtonProps={{ 'aria-label': t('signin.showPassword') }}
      />
    </>
  );
}

/**
 * A field checked against the contract's `schema` when its form is sent (a one-field Mantine
 * form): `check` gives the parsed value, or marks the field ('required' when blank, else
 * 'invalid'; the mark stays until the next check), focuses it and gives null.
 */
export function useCheckedField<T>(schema: z.ZodType<T>, initial = '') {
  const form = useForm({
    initialValues: { value: initial },
    validate: { value: (value: string) => (schema.safeParse(value).success ? null : fieldProblem(value)) },
    clearInputErrorOnChange: false,
  });
  const ref = useRef<HTMLInputElement>(null);
  const { value } = form.getValues();
  const check = (): T | null => {
    const result = schema.safeParse(value);
    form.validate();
    if (!result.success) {
      ref.current?.focus();
      return null;
    }
    return result.data;
  };
  const setValue = (next: string) => form.setFieldValue('value', next);
  const problem = (form.errors.value as 'required' | 'invalid' | undefined) ?? null;
  return { value, setValue, problem, ref, check };
}

/** What a refused field's problem is called: 'required' when it is blank, else 'invalid'. */
function fieldProblem(value: string): 'required' | 'invalid' {
  return value.trim() ? 'invalid' : 'required';
}

/** An email address field, with its problem (from useCheckedField) said next to it. */
export function EmailInput({
  field,
  size,
}: {
  field: {
    value: string;
    setValue: (value: string) => void;
    problem: 'required' | 'invalid' | null;
    ref: RefObject<HTMLInputElement | null>;
  };
  size?: 'md';
}) {
  const { t } = useTranslation('auth');
  return (
    <TextInput
      ref={field.ref}
      label={t('auth.email.label')}
      name="email"
      type="email"
      autoComplete="email"
      autoCapitalize="none"
      spellCheck={false}
      required
      withAsterisk={false}
      size={size}
      value={field.value}
      onChange={(event) => field.setValue(event.currentTarget.value)}
      error={field.problem ? t(`auth.email.${field.problem}`) : undefined}
    />
  );
}

/** The phone number field of the SMS pages: typed the national way of `example`'s country, or with a country code. */
export function PhoneInput({ field, example }: { field: Parameters<typeof EmailInput>[0]['field']; example: string }) {
  const { t } = useTranslation('auth');
  return (
    <TextInput
      ref={field.ref}
      label={t('auth.phone.label')}
      description={t('auth.phone.help', { example })}
      name="phone"
      type="tel"
      inputMode="tel"
      autoComplete="tel"
      required
      withAsterisk={false}
      size="md"
      value={field.value}
      onChange={(event) => field.setValue(event.currentTarget.value)}
      error={field.problem ? t(`auth.phone.${field.problem}`, { example }) : undefined}
    />
  );
}

/**
 * A page whose code step is in its address, so that a reload keeps it: `?<param>=<address>`, plus
 * `sent=1` once the code is on its way. `sentTo` is the address when it is (and parses), else null.
 */
export function useSentStep<T>(param: string, schema: z.ZodType<T>) {
  const [params, setParams] = useSearchParams();
  const parsed = schema.safeParse(params.get(param) ?? '');
  const sentTo = params.get('sent') === '1' && parsed.success ? parsed.data : null;
  const setStep = (address: string, sent: boolean) => {
    setParams(
      (current) => {
        const updated = new URLSearchParams(current);
        updated.set(param, address);
        if (sent) updated.set('sent', '1');
        else updated.delete('sent');
        return updated;
      },
      { replace: true },
    );
  };
  return { sentTo, setStep };
}

/** A quiet in-app link (secondary ways on, under a form). */
export function AuthLink({ to, children }: { to: string; children: ReactNode }) {
  return (
    <Anchor component={Link} to={to} size="sm" fw={500}>
      {children}
    </Anchor>
  );
}

/** Links under a form, centred and stacked (they wrap cleanly on a phone). */
export function AuthLinks({ children }: { children: ReactNode }) {
  return (
    <Stack gap={8} align="center" ta="center">
      {children}
    </Stack>
  );
}

/**
 * On a sign-in page: once a session exists, where to go instead of the page (the safe
 * `redirect`, the dashboard, or the workspace chooser on the platform host); a loader while the
 * person's details load; null while signed out.
 */
export function useSignedInRedirect(redirect: string | null): ReactNode | null {
  const { appConfig } = useHost();
  const token = useAccessToken();
  const user = useUserDetails();
  if (token && user.data) {
    const to = signInDestination({
      redirect,
      isPlatformHost: appConfig.isPlatformHost,
      platformRole: user.data.user.platformRole,
    });
    return <Navigate to={to} replace />;
  }
  if (token && user.isPending) return <FullPageLoader />;
  return null;
}
