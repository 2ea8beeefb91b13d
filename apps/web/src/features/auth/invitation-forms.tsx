import {
  type TClaimInvitationRequest,
  type TInvitationPreview,
  ZClaimInvitationRequest,
  ZUpdateProfileRequest,
} from '@app/contract';
import { Button, Divider, Paper, PasswordInput, SimpleGrid, Stack, Text, TextInput } from '@mantine/core';
import { useQueryClient } from '@tanstack/react-query';
import { type FormEvent, type ReactNode, useRef, useState } from 'react';
import { useTranslation } from 'react-i18next';
import { useNavigate } from 'react-router';
import { useContractForm } from '../common/contract-form.ts';
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

/** The contract's rule for a person's names (the same in a claim and a profile update). */
const ZNames = ZUpdateProfileRequest.pick({ firstName: true, lastName: true });

/**
 * First and last name, a Mantine form checked with the contract's rule for names (`validate`
 * focuses the first problem; a problem stays shown until the next check, as before). The last
 * name is optional: many people have one name only.
 */
export function useNameFields(initial: { firstName: string | null; lastName: string | null }) {
  const { t } = useTranslation('auth');
  const firstRef = useRef<HTMLInputElement>(null);
  const lastRef = useRef<HTMLInputElement>(null);
  const form = useContractForm({
    schema: ZNames,
    initialValues: { firstName: initial.firstName ?? '', lastName: initial.lastName ?? '' },
    toRequest: (v) => ({ firstName: v.firstName.trim(), lastName: v.lastName.trim() }),
    messages: {
      firstName: (issue) => (issue.code === 'too_small' ? t('auth.name.firstRequired') : undefined),
    },
    clearInputErrorOnChange: false,
  });
  const validate = () => {
    const { errors, hasErrors } = form.validate();
    if (errors.firstName) firstRef.current?.focus();
    else if (errors.lastName) lastRef.current?.focus();
    return !hasErrors;
  };
  const fields = (
    <SimpleGrid cols={{ base: 1, xs: 2 }} spacing="md">
      <TextInput
        ref={firstRef}
        label={t('auth.name.first')}
        name="given-name"
        autoComplete="given-name"
        required
        withAsterisk={false}
        maxLength={100}
        {...form.getInputProps('firstName')}
      />
      <TextInput
        ref={lastRef}
        label={t('auth.name.last')}
        description={t('auth.name.lastHelp')}
        // Below the field, so that both name fields line up side by side.
        inputWrapperOrder={['label', 'input', 'description', 'error']}
        name="family-name"
        autoComplete="family-name"
        maxLength={100}
        {...form.getInputProps('lastName')}
      />
    </SimpleGrid>
  );
  return { ...form.getTransformedValues(), validate, fields };
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
  const passwordRef = useRef<HTMLInputElement>(null);
  const join = t('signup.join', { company: preview.companyName });
  const form = useContractForm({
    schema: ZClaimInvitationRequest,
    initialValues: { userPassword: '' },
    toRequest: (v) => ({ userPassword: v.userPassword }),
    messages: {
      userPassword: (issue) =>
        issue.code === 'too_small' || issue.code === 'custom' ? t('signin.errors.passwordRequired') : undefined,
    },
    // As before: the problem stays shown until the form is sent again.
    clearInputErrorOnChange: false,
  });

  const onSubmit = form.onSubmit(
    (body) =>
      flow.submit(body, () => {
        form.setFieldValue('userPassword', '');
        passwordRef.current?.focus();
      }),
    () => passwordRef.current?.focus(),
  );

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
            {...form.getInputProps('userPassword')}
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
