import { Alert, Button, Group, Stack, Text } from '@mantine/core';
import { useForm } from '@mantine/form';
import { type FormEvent, type ReactNode, useEffect, useRef, useState } from 'react';
import { useTranslation } from 'react-i18next';
import { isApiError } from '../../lib/api/index.ts';
import { AuthErrorAlert, CodeInput } from './auth-parts.tsx';
import { cleanCode } from './code.ts';
import { useCountdown, useRetryAfter } from './countdown.hook.ts';
import { describeAuthError, type TAuthErrorKey } from './sign-in-request.ts';

/** Seconds before "Resend code" is offered again after a code was sent. */
export const RESEND_COOLDOWN_SECONDS = 30;

/**
 * The second step of every code sign-in: where the code went, the code field, the submit button
 * and "Resend code" (after a short wait, or as long as the server's `Retry-After` says). A wrong,
 * expired or used code is said next to the field; anything else above the form.
 */
export function CodeStep(props: {
  /** Says where the code was sent (without saying whether an account exists). */
  message: ReactNode;
  submitLabel: string;
  onSubmit: (code: string) => void;
  submitting: boolean;
  submitError: unknown;
  /** Sends a fresh code; resolves when sent. */
  onResend: () => Promise<unknown>;
  /** Fields shown above the code (e.g. a name when joining). */
  before?: ReactNode;
  /** Fields shown below the code (e.g. a new password). */
  after?: ReactNode;
  /** Checks the other fields (in page order with the code) and focuses the first wrong one. */
  validate?: () => boolean;
  /** Error keys the page shows next to its own fields rather than above the form. */
  fieldErrorKeys?: TAuthErrorKey[];
  /** A way back (e.g. "Use a different number"). */
  footer?: ReactNode;
}) {
  const { t } = useTranslation('auth');
  // The code as a one-field Mantine form, checked with the contract's ZOtp (cleanCode).
  const form = useForm({
    initialValues: { code: '' },
    validate: { code: (value: string) => (cleanCode(value) ? null : value.trim() ? 'invalid' : 'required') },
  });
  const { code } = form.getValues();
  const codeProblem = (form.errors.code as 'required' | 'invalid' | undefined) ?? null;
  /** The failed attempt the person has started correcting (its message then goes away). */
  const [editedAfter, setEditedAfter] = useState<unknown>(null);
  const [resendState, setResendState] = useState<{ pending: boolean; error: unknown; sentAgain: boolean }>({
    pending: false,
    error: null,
    sentAgain: false,
  });
  const cooldown = useCountdown();
  const resendWait = useRetryAfter(resendState.error);
  const submitWait = useRetryAfter(props.submitError);
  const codeRef = useRef<HTMLInputElement>(null);
  const startCooldown = cooldown.start;

  useEffect(() => startCooldown(RESEND_COOLDOWN_SECONDS), [startCooldown]);

  const wrongCode = isApiError(props.submitError) && describeAuthError(props.submitError).key === 'invalidCode';
  useEffect(() => {
    if (wrongCode) codeRef.current?.focus();
  }, [wrongCode]);

  const onSubmit = (event: FormEvent<HTMLFormElement>) => {
    event.preventDefault();
    if (props.before && props.validate && !props.validate()) return;
    const clean = cleanCode(code);
    form.validate();
    if (!clean) return codeRef.current?.focus();
    if (!props.before && props.validate && !props.validate()) return;
    props.onSubmit(clean);
  };

  const resend = async () => {
    setResendState({ pending: true, error: null, sentAgain: false });
    try {
      await props.onResend();
      setResendState({ pending: false, error: null, sentAgain: true });
      form.setFieldValue('code', '');
      startCooldown(RESEND_COOLDOWN_SECONDS);
      codeRef.current?.focus();
    } catch (error) {
      setResendState({ pending: false, error, sentAgain: false });
    }
  };

  const wait = Math.max(cooldown.secondsLeft, resendWait);
  const codeError = codeProblem
    ? t(`auth.code.${codeProblem}`)
    : wrongCode && editedAfter !== props.submitError
      ? t('signin.errors.invalidCode')
      : undefined;

  return (
    <form onSubmit={onSubmit} noValidate>
      <Stack gap="md">
        <Text size="sm" style={{ overflowWrap: 'anywhere' }}>
          {props.message}
        </Text>
        <AuthErrorAlert
          error={props.submitError}
          secondsLeft={submitWait}
          except={['invalidCode', ...(props.fieldErrorKeys ?? [])]}
        />
        <AuthErrorAlert error={resendState.error} secondsLeft={resendWait} />
        {resendState.sentAgain ? (
          <Alert color="green" variant="light" role="status">
            {t('auth.code.sentAgain')}
          </Alert>
        ) : null}
        {props.before}
        <CodeInput
          ref={codeRef}
          value={code}
          onChange={(value) => {
            form.setFieldValue('code', value);
            setEditedAfter(props.submitError);
          }}
          error={codeError}
        />
        {props.after}
        <Button type="submit" size="md" fullWidth loading={props.submitting} disabled={submitWait > 0}>
          {props.submitLabel}
        </Button>
        <Group justify="space-between" gap="xs" wrap="wrap">
          <Button
            variant="subtle"
            size="compact-sm"
            onClick={() => void resend()}
            loading={resendState.pending}
            disabled={wait > 0}
          >
            {t('auth.code.resend')}
          </Button>
          {props.footer}
        </Group>
        {wait > 0 ? (
          <Text size="xs" c="dimmed" aria-live="off">
            {t('auth.code.resendIn', { seconds: wait })}
          </Text>
        ) : null}
      </Stack>
    </form>
  );
}
