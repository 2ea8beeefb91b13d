import { ZSignInRequest } from '@app/contract';
import { Button, PasswordInput, Stack, TextInput } from '@mantine/core';
import { useRef } from 'react';
import { useTranslation } from 'react-i18next';
import { useContractForm } from '../common/contract-form.ts';
import { useSignIn } from '../common/session.queries.ts';
import { AuthErrorAlert } from './auth-parts.tsx';
import { useRetryAfter } from './countdown.hook.ts';
import { SIGN_IN_FIELD_OF, signInMessages, type TSignInValues, toSignInRequest } from './sign-in-request.ts';

/**
 * Identifier + password form, checked with the contract's ZSignInRequest. On success the token is
 * stored; the page around it notices the new session and moves on (the same path as arriving
 * already signed in). The page can follow the identifier (to offer other methods for it).
 */
export function SignInForm(props: {
  identifier?: string;
  onIdentifierChange?: (value: string) => void;
  autoFocusPassword?: boolean;
}) {
  const { t } = useTranslation('auth');
  const signIn = useSignIn();
  const identifierRef = useRef<HTMLInputElement>(null);
  const passwordRef = useRef<HTMLInputElement>(null);
  const secondsLeft = useRetryAfter(signIn.error);
  const form = useContractForm({
    schema: ZSignInRequest,
    initialValues: { identifier: props.identifier ?? '', password: '' } as TSignInValues,
    toRequest: (v) => toSignInRequest(v.identifier, v.password),
    messages: signInMessages({
      identifierRequired: t('signin.errors.identifierRequired'),
      passwordRequired: t('signin.errors.passwordRequired'),
    }),
    fieldOf: SIGN_IN_FIELD_OF,
    // As before: a problem stays shown until the form is sent again.
    clearInputErrorOnChange: false,
    onValuesChange: (values, previous) => {
      if (values.identifier !== previous.identifier) props.onIdentifierChange?.(values.identifier);
    },
  });

  const onSubmit = form.onSubmit(
    (body) =>
      signIn.mutate(body, {
        onError: () => {
          form.setFieldValue('password', '');
          passwordRef.current?.focus();
        },
      }),
    (errors) => (errors.identifier ? identifierRef : passwordRef).current?.focus(),
  );

  return (
    <form onSubmit={onSubmit} noValidate>
      <Stack gap="md">
        <AuthErrorAlert error={signIn.error} secondsLeft={secondsLeft} />
        <TextInput
          ref={identifierRef}
          label={t('signin.identifier')}
          description={t('signin.identifierHelp')}
          name="identifier"
          autoComplete="username"
          autoCapitalize="none"
          spellCheck={false}
          required
          withAsterisk={false}
          {...form.getInputProps('identifier')}
        />
        <PasswordInput
          ref={passwordRef}
          label={t('signin.password')}
          name="password"
          autoComplete="current-password"
          required
          withAsterisk={false}
          autoFocus={props.autoFocusPassword}
          {...form.getInputProps('password')}
          visibilityToggleFocusable
          visibilityToggleButtonProps={{ 'aria-label': t('signin.showPassword') }}
        />
        <Button type="submit" fullWidth size="md" loading={signIn.isPending} disabled={secondsLeft > 0}>
          {t('signin.submit')}
        </Button>
      </Stack>
    </form>
  );
}
