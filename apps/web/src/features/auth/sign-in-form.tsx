import { Button, PasswordInput, Stack, TextInput } from '@mantine/core';
import { type FormEvent, useRef, useState } from 'react';
import { useTranslation } from 'react-i18next';
import { AuthErrorAlert } from './auth-parts.tsx';
import { useRetryAfter } from './countdown.hook.ts';
import { useSignIn } from './session.queries.ts';
import { toSignInRequest } from './sign-in-request.ts';

/**
 * Identifier + password form. On success the token is stored; the page around it notices the
 * new session and moves on (the same path as arriving already signed in). The identifier can be
 * controlled by the page (to offer other methods for it) or kept here.
 */
export function SignInForm(props: {
  identifier?: string;
  onIdentifierChange?: (value: string) => void;
  autoFocusPassword?: boolean;
}) {
  const { t } = useTranslation('auth');
  const signIn = useSignIn();
  const [ownIdentifier, setOwnIdentifier] = useState('');
  const identifier = props.identifier ?? ownIdentifier;
  const setIdentifier = props.onIdentifierChange ?? setOwnIdentifier;
  const [password, setPassword] = useState('');
  const [fieldErrors, setFieldErrors] = useState<{ identifier?: boolean; password?: boolean }>({});
  const identifierRef = useRef<HTMLInputElement>(null);
  const passwordRef = useRef<HTMLInputElement>(null);
  const secondsLeft = useRetryAfter(signIn.error);

  const onSubmit = (event: FormEvent<HTMLFormElement>) => {
    event.preventDefault();
    const missing = { identifier: !identifier.trim(), password: !password };
    setFieldErrors(missing);
    if (missing.identifier) return identifierRef.current?.focus();
    if (missing.password) return passwordRef.current?.focus();
    signIn.mutate(toSignInRequest(identifier, password), {
      onError: () => {
        setPassword('');
        passwordRef.current?.focus();
      },
    });
  };

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
          value={identifier}
          onChange={(event) => setIdentifier(event.currentTarget.value)}
          error={fieldErrors.identifier ? t('signin.errors.identifierRequired') : undefined}
        />
        <PasswordInput
          ref={passwordRef}
          label={t('signin.password')}
          name="password"
          autoComplete="current-password"
          required
          withAsterisk={false}
          autoFocus={props.autoFocusPassword}
          value={password}
          onChange={(event) => setPassword(event.currentTarget.value)}
          error={fieldErrors.password ? t('signin.errors.passwordRequired') : undefined}
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
