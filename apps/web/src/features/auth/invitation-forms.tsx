import type { TClaimInvitationRequest, TInvitationPreview } from '@app/contract';
import { Button, Divider, Paper, PasswordInput, SimpleGrid, Stack, Text, TextInput } from '@mantine/core';
import { useQueryClient } from '@tanstack/react-query';
import { type FormEvent, type ReactNode, type RefObject, useRef, useState } from 'react';
import { useTranslation } from 'react-i18next';
import { useNavigate } from 'react-router';
import { AuthErrorAlert, AuthLink, AuthLinks, NewPasswordFields } from './auth-parts.tsx';
import { CodeStep } from './code-step.tsx';
import { useRetryAfter } from './countdown.hook.ts';
import { authHref } from './identifier.ts';
import { invitationKey, useClaimInvitation } from './invitation.queries.ts';
import { useNewPassword } from './new-password.ts';
import { useCreateEmailOtp, useCreateSmsOtp } from './sign-in-methods.queries.ts';
import { describeAuthError } from './sign-in-request.ts';

/** What the invitation is for: company, address, role, business unit and department. */
export function InvitationSummary({ preview }: { preview: TInvitationPreview }) {
  const { t } = useTranslation('auth');
  const rows = [
    { label: t('signup.summary.company'), value: preview.companyName },
    { label: t('signup.summary.invited'), value: preview.userEmail ?? preview.contactNumber },
    { label: t('signup.summary.role'), value: t(`roles.${preview.role}`) },
    { label: t('signup.summary.businessUnit'), value: preview.branchName },
    { label: t('signup.summary.department'), value: preview.departmentName },
  ].filter((row): row is { label: string; value: string } => Boolean(row.value));
  return (
    <Paper withBorder radius="md" p="md" bg="gray.0">
      <SimpleGrid component="dl" cols={{ base: 1, xs: 2 }} spacing="sm" verticalSpacing="sm" m={0}>
        {rows.map((row) => (
          <div key={row.label}>
            <Text component="dt" size="xs" c="dimmed">
              {row.label}
            </Text>
            <Text component="dd" size="sm" fw={600} m={0} style={{ overflowWrap: 'anywhere' }}>
              {row.value}
            </Text>
          </div>
        ))}
      </SimpleGrid>
    </Paper>
  );
}

/**
 * Claims the invitation and, once signed in, goes to the dashboard. An invitation that expired
 * or was used meanwhile is read again, so the page shows what happened.
 */
function useClaim(code: string) {
  const claim = useClaimInvitation(code);
  const queryClient = useQueryClient();
  const navigate = useNavigate();
  const submit = (body: TClaimInvitationRequest, onError?: (error: unknown) => void) =>
    claim.mutate(body, {
      onSuccess: () => void navigate('/dashboard', { replace: true }),
      onError: (error) => {
        const key = describeAuthError(error).key;
        if (key === 'inviteExpired' || key === 'inviteUsed' || key === 'inviteNotFound') {
          void queryClient.invalidateQueries({ queryKey: invitationKey(code) });
        }
        onError?.(error);
      },
    });
  return { claim, submit };
}

/**
 * Claiming an invitation with a password or with a sign-in code sent to the invited address (mail)
 * or number (text): the claim, the code, their waits, and the switch between the two.
 */
function useClaimFlow(code: string, preview: TInvitationPreview) {
  const { claim, submit } = useClaim(code);
  const email = useCreateEmailOtp();
  const sms = useCreateSmsOtp();
  const byMail = preview.userEmail !== null;
  const sendCode = () =>
    byMail
      ? email.mutateAsync({ userEmail: preview.userEmail ?? '', inviteCode: code })
      : sms.mutateAsync({ contactNumber: preview.contactNumber ?? '', inviteCode: code });
  const sending = byMail ? email : sms;
  const sendWait = useRetryAfter(sending.error);
  const claimWait = useRetryAfter(claim.error);
  const [mode, setMode] = useState<'password' | 'code'>('password');
  const switchToCode = () => {
    claim.reset();
    void sendCode()
      .then(() => setMode('code'))
      .catch(() => undefined);
  };
  const switchToPassword = () => {
    claim.reset();
    setMode('password');
  };
  return {
    claim,
    submit,
    byMail,
    address: preview.userEmail ?? preview.contactNumber ?? '',
    sendCode,
    sending,
    sendWait,
    claimWait,
    mode,
    switchToCode,
    switchToPassword,
  };
}
type TClaimFlow = ReturnType<typeof useClaimFlow>;

/** The code step of a claim, with the way back to the password. */
function ClaimCodeStep(props: {
  flow: TClaimFlow;
  submitLabel: string;
  onSubmit: (userOtp: string) => void;
  before?: ReactNode;
  validate?: () => boolean;
}) {
  const { t } = useTranslation('auth');
  const { flow } = props;
  return (
    <CodeStep
      message={t(flow.byMail ? 'signup.codeSentToEmail' : 'signup.codeSentToPhone', { address: flow.address })}
      submitLabel={props.submitLabel}
      before={props.before}
      validate={props.validate}
      onSubmit={props.onSubmit}
      submitting={flow.claim.isPending}
      submitError={flow.claim.error}
      onResend={flow.sendCode}
      footer={
        <Button variant="subtle" size="compact-sm" onClick={flow.switchToPassword}>
          {t('signup.usePasswordInstead')}
        </Button>
      }
    />
  );
}

/** Under the password form: "or", then the button that sends a code instead. */
function UseCodeInstead({ flow }: { flow: TClaimFlow }) {
  const { t } = useTranslation('auth');
  return (
    <>
      <Divider label={t('auth.or')} labelPosition="center" />
      <AuthErrorAlert error={flow.sending.error} secondsLeft={flow.sendWait} />
      <Button
        variant="default"
        size="md"
        fullWidth
        onClick={flow.switchToCode}
        loading={flow.sending.isPending}
        disabled={flow.sendWait > 0}
      >
        {t(flow.byMail ? 'signup.useEmailCode' : 'signup.useSmsCode')}
      </Button>
    </>
  );
}

/** First and last name, with their own checks (`validate` focuses the first missing one). */
export function useNameFields(initial: { firstName: string | null; lastName: string | null }) {
  const [firstName, setFirstName] = useState(initial.firstName ?? '');
  const [lastName, setLastName] = useState(initial.lastName ?? '');
  const [missing, setMissing] = useState<{ first?: boolean; last?: boolean }>({});
  const firstRef = useRef<HTMLInputElement>(null);
  const lastRef = useRef<HTMLInputElement>(null);
  const validate = () => {
    const found = { first: !firstName.trim(), last: !lastName.trim() };
    setMissing(found);
    if (found.first) firstRef.current?.focus();
    else if (found.last) lastRef.current?.focus();
    return !found.first && !found.last;
  };
  const fields = (
    <NameFields
      firstName={firstName}
      lastName={lastName}
      onFirstName={setFirstName}
      onLastName={setLastName}
      missing={missing}
      firstRef={firstRef}
      lastRef={lastRef}
    />
  );
  return { firstName: firstName.trim(), lastName: lastName.trim(), validate, fields };
}

/** First and last name inputs, side by side where there is room. */
function NameFields(props: {
  firstName: string;
  lastName: string;
  onFirstName: (value: string) => void;
  onLastName: (value: string) => void;
  missing: { first?: boolean; last?: boolean };
  firstRef?: RefObject<HTMLInputElement | null>;
  lastRef?: RefObject<HTMLInputElement | null>;
}) {
  const { t } = useTranslation('auth');
  return (
    <SimpleGrid cols={{ base: 1, xs: 2 }} spacing="md">
      <TextInput
        ref={props.firstRef}
        label={t('auth.name.first')}
        name="given-name"
        autoComplete="given-name"
        required
        withAsterisk={false}
        maxLength={100}
        value={props.firstName}
        onChange={(event) => props.onFirstName(event.currentTarget.value)}
        error={props.missing.first ? t('auth.name.firstRequired') : undefined}
      />
      <TextInput
        ref={props.lastRef}
        label={t('auth.name.last')}
        name="family-name"
        autoComplete="family-name"
        required
        withAsterisk={false}
        maxLength={100}
        value={props.lastName}
        onChange={(event) => props.onLastName(event.currentTarget.value)}
        error={props.missing.last ? t('auth.name.lastRequired') : undefined}
      />
    </SimpleGrid>
  );
}

/** A new person: name and a password, or name and a code sent to the invited address. */
export function CreateAccountForm({ code, preview }: { code: string; preview: TInvitationPreview }) {
  const { t } = useTranslation('auth');
  const flow = useClaimFlow(code, preview);
  const names = useNameFields(preview);
  const newPassword = useNewPassword(flow.claim, 'userPassword');
  const submitLabel = t('signup.create', { company: preview.companyName });

  const onSubmit = (event: FormEvent<HTMLFormElement>) => {
    event.preventDefault();
    if (!names.validate() || !newPassword.validate()) return;
    flow.submit(
      { firstName: names.firstName, lastName: names.lastName, userPassword: newPassword.password },
      newPassword.focusPassword,
    );
  };

  if (flow.mode === 'code') {
    return (
      <ClaimCodeStep
        flow={flow}
        submitLabel={submitLabel}
        before={names.fields}
        validate={names.validate}
        onSubmit={(userOtp) => flow.submit({ firstName: names.firstName, lastName: names.lastName, userOtp })}
      />
    );
  }

  return (
    <Stack gap="md">
      <form onSubmit={onSubmit} noValidate>
        <Stack gap="md">
          <AuthErrorAlert
            error={flow.claim.error}
            secondsLeft={flow.claimWait}
            except={newPassword.serverProblem ? ['passwordTooCommon', 'validation'] : []}
          />
          {names.fields}
          <NewPasswordFields label={t('signup.choosePassword')} {...newPassword.fieldProps} />
          <Button type="submit" size="md" fullWidth loading={flow.claim.isPending} disabled={flow.claimWait > 0}>
            {submitLabel}
          </Button>
        </Stack>
      </form>
      <UseCodeInstead flow={flow} />
    </Stack>
  );
}

/** An existing account joins with its current password, or with a code sent to its address. */
export function JoinWithAccountForm({ code, preview }: { code: string; preview: TInvitationPreview }) {
  const { t } = useTranslation('auth');
  const flow = useClaimFlow(code, preview);
  const [password, setPassword] = useState('');
  const [missing, setMissing] = useState(false);
  const passwordRef = useRef<HTMLInputElement>(null);
  const join = t('signup.join', { company: preview.companyName });

  const onSubmit = (event: FormEvent<HTMLFormElement>) => {
    event.preventDefault();
    setMissing(!password);
    if (!password) return passwordRef.current?.focus();
    flow.submit({ userPassword: password }, () => {
      setPassword('');
      passwordRef.current?.focus();
    });
  };

  if (flow.mode === 'code') {
    return <ClaimCodeStep flow={flow} submitLabel={join} onSubmit={(userOtp) => flow.submit({ userOtp })} />;
  }

  return (
    <Stack gap="md">
      <form onSubmit={onSubmit} noValidate>
        <Stack gap="md">
          <AuthErrorAlert error={flow.claim.error} secondsLeft={flow.claimWait} />
          <PasswordInput
            ref={passwordRef}
            label={t('signin.password')}
            description={t('signup.existingPasswordHelp', { address: flow.address })}
            name="password"
            autoComplete="current-password"
            required
            withAsterisk={false}
            value={password}
            onChange={(event) => setPassword(event.currentTarget.value)}
            error={missing ? t('signin.errors.passwordRequired') : undefined}
            visibilityToggleFocusable
            visibilityToggleButtonProps={{ 'aria-label': t('signin.showPassword') }}
          />
          <Button type="submit" size="md" fullWidth loading={flow.claim.isPending} disabled={flow.claimWait > 0}>
            {join}
          </Button>
        </Stack>
      </form>
      <UseCodeInstead flow={flow} />
      <AuthLinks>
        <AuthLink
          to={authHref('/forgot-password', {
            email: preview.userEmail,
            redirect: `/signup?code=${encodeURIComponent(code)}`,
          })}
        >
          {t('auth.forgotPassword')}
        </AuthLink>
      </AuthLinks>
    </Stack>
  );
}
