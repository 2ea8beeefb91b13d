import type { TClaimInvitationRequest, TInvitationPreview } from '@app/contract';
import { Button, Divider, Paper, PasswordInput, SimpleGrid, Stack, Text, TextInput } from '@mantine/core';
import { useQueryClient } from '@tanstack/react-query';
import { type FormEvent, type RefObject, useRef, useState } from 'react';
import { useTranslation } from 'react-i18next';
import { useNavigate } from 'react-router';
import { AuthErrorAlert, AuthLink, AuthLinks, NewPasswordFields } from './auth-parts.tsx';
import { CodeStep } from './code-step.tsx';
import { useRetryAfter } from './countdown.hook.ts';
import { authHref } from './identifier.ts';
import { invitationKey, useClaimInvitation } from './invitation.queries.ts';
import { checkNewPassword, serverPasswordProblem, type TNewPasswordProblem } from './new-password.ts';
import { useCreateEmailOtp, useCreateSmsOtp } from './sign-in-methods.queries.ts';
import { describeAuthError, invalidFields } from './sign-in-request.ts';

/** What the invitation is for: company, address, role, business unit and department. */
export function InvitationSummary({ preview }: { preview: TInvitationPreview }) {
  const { t } = useTranslation();
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

/** Sends a sign-in code for the invitation to the invited address (mail) or number (text). */
function useInvitationCode(code: string, preview: TInvitationPreview) {
  const email = useCreateEmailOtp();
  const sms = useCreateSmsOtp();
  const byMail = preview.userEmail !== null;
  const send = () =>
    byMail
      ? email.mutateAsync({ userEmail: preview.userEmail ?? '', inviteCode: code })
      : sms.mutateAsync({ contactNumber: preview.contactNumber ?? '', inviteCode: code });
  const mutation = byMail ? email : sms;
  return { send, mutation, byMail, address: preview.userEmail ?? preview.contactNumber ?? '' };
}

/** First and last name, with their own checks. */
function useNameFields(preview: TInvitationPreview) {
  const [firstName, setFirstName] = useState(preview.firstName ?? '');
  const [lastName, setLastName] = useState(preview.lastName ?? '');
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
export function NameFields(props: {
  firstName: string;
  lastName: string;
  onFirstName: (value: string) => void;
  onLastName: (value: string) => void;
  missing: { first?: boolean; last?: boolean };
  firstRef?: RefObject<HTMLInputElement | null>;
  lastRef?: RefObject<HTMLInputElement | null>;
}) {
  const { t } = useTranslation();
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
  const { t } = useTranslation();
  const { claim, submit } = useClaim(code);
  const names = useNameFields(preview);
  const otp = useInvitationCode(code, preview);
  const sendWait = useRetryAfter(otp.mutation.error);
  const claimWait = useRetryAfter(claim.error);
  const [mode, setMode] = useState<'password' | 'code'>('password');
  const [password, setPassword] = useState('');
  const [confirmation, setConfirmation] = useState('');
  const [problems, setProblems] = useState<{ password?: TNewPasswordProblem; confirmation?: TNewPasswordProblem }>({});
  const passwordRef = useRef<HTMLInputElement>(null);
  const confirmationRef = useRef<HTMLInputElement>(null);
  const serverProblem =
    mode === 'password' && claim.error
      ? serverPasswordProblem(describeAuthError(claim.error).key, invalidFields(claim.error), 'userPassword')
      : undefined;

  const onSubmit = (event: FormEvent<HTMLFormElement>) => {
    event.preventDefault();
    if (!names.validate()) return;
    const found = checkNewPassword(password, confirmation);
    setProblems(found);
    if (found.password) return passwordRef.current?.focus();
    if (found.confirmation) return confirmationRef.current?.focus();
    submit({ firstName: names.firstName, lastName: names.lastName, userPassword: password }, () =>
      passwordRef.current?.focus(),
    );
  };

  const switchToCode = () => {
    claim.reset();
    void otp
      .send()
      .then(() => setMode('code'))
      .catch(() => undefined);
  };

  if (mode === 'code') {
    return (
      <CodeStep
        message={t(otp.byMail ? 'signup.codeSentToEmail' : 'signup.codeSentToPhone', { address: otp.address })}
        submitLabel={t('signup.create', { company: preview.companyName })}
        before={names.fields}
        validate={names.validate}
        onSubmit={(userOtp) => submit({ firstName: names.firstName, lastName: names.lastName, userOtp })}
        submitting={claim.isPending}
        submitError={claim.error}
        onResend={otp.send}
        footer={
          <Button
            variant="subtle"
            size="compact-sm"
            onClick={() => {
              claim.reset();
              setMode('password');
            }}
          >
            {t('signup.usePasswordInstead')}
          </Button>
        }
      />
    );
  }

  return (
    <Stack gap="md">
      <form onSubmit={onSubmit} noValidate>
        <Stack gap="md">
          <AuthErrorAlert
            error={claim.error}
            secondsLeft={claimWait}
            except={serverProblem ? ['passwordTooCommon', 'validation'] : []}
          />
          {names.fields}
          <NewPasswordFields
            label={t('signup.choosePassword')}
            password={password}
            confirmation={confirmation}
            onPasswordChange={(value) => {
              setPassword(value);
              setProblems({});
              if (serverProblem) claim.reset();
            }}
            onConfirmationChange={(value) => {
              setConfirmation(value);
              setProblems({});
            }}
            passwordError={problems.password ?? serverProblem}
            confirmationError={problems.confirmation}
            passwordRef={passwordRef}
            confirmationRef={confirmationRef}
          />
          <Button type="submit" size="md" fullWidth loading={claim.isPending} disabled={claimWait > 0}>
            {t('signup.create', { company: preview.companyName })}
          </Button>
        </Stack>
      </form>
      <Divider label={t('auth.or')} labelPosition="center" />
      <AuthErrorAlert error={otp.mutation.error} secondsLeft={sendWait} />
      <Button
        variant="default"
        size="md"
        fullWidth
        onClick={switchToCode}
        loading={otp.mutation.isPending}
        disabled={sendWait > 0}
      >
        {t(otp.byMail ? 'signup.useEmailCode' : 'signup.useSmsCode')}
      </Button>
    </Stack>
  );
}

/** An existing account joins with its current password, or with a code sent to its address. */
export function JoinWithAccountForm({ code, preview }: { code: string; preview: TInvitationPreview }) {
  const { t } = useTranslation();
  const { claim, submit } = useClaim(code);
  const otp = useInvitationCode(code, preview);
  const sendWait = useRetryAfter(otp.mutation.error);
  const claimWait = useRetryAfter(claim.error);
  const [mode, setMode] = useState<'password' | 'code'>('password');
  const [password, setPassword] = useState('');
  const [missing, setMissing] = useState(false);
  const passwordRef = useRef<HTMLInputElement>(null);
  const join = t('signup.join', { company: preview.companyName });

  const onSubmit = (event: FormEvent<HTMLFormElement>) => {
    event.preventDefault();
    setMissing(!password);
    if (!password) return passwordRef.current?.focus();
    submit({ userPassword: password }, () => {
      setPassword('');
      passwordRef.current?.focus();
    });
  };

  if (mode === 'code') {
    return (
      <CodeStep
        message={t(otp.byMail ? 'signup.codeSentToEmail' : 'signup.codeSentToPhone', { address: otp.address })}
        submitLabel={join}
        onSubmit={(userOtp) => submit({ userOtp })}
        submitting={claim.isPending}
        submitError={claim.error}
        onResend={otp.send}
        footer={
          <Button
            variant="subtle"
            size="compact-sm"
            onClick={() => {
              claim.reset();
              setMode('password');
            }}
          >
            {t('signup.usePasswordInstead')}
          </Button>
        }
      />
    );
  }

  return (
    <Stack gap="md">
      <form onSubmit={onSubmit} noValidate>
        <Stack gap="md">
          <AuthErrorAlert error={claim.error} secondsLeft={claimWait} />
          <PasswordInput
            ref={passwordRef}
            label={t('signin.password')}
            description={t('signup.existingPasswordHelp', { address: otp.address })}
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
          <Button type="submit" size="md" fullWidth loading={claim.isPending} disabled={claimWait > 0}>
            {join}
          </Button>
        </Stack>
      </form>
      <Divider label={t('auth.or')} labelPosition="center" />
      <AuthErrorAlert error={otp.mutation.error} secondsLeft={sendWait} />
      <Button
        variant="default"
        size="md"
        fullWidth
        onClick={() => {
          claim.reset();
          void otp
            .send()
            .then(() => setMode('code'))
            .catch(() => undefined);
        }}
        loading={otp.mutation.isPending}
        disabled={sendWait > 0}
      >
        {t(otp.byMail ? 'signup.useEmailCode' : 'signup.useSmsCode')}
      </Button>
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
