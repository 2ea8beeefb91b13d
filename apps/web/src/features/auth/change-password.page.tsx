import { Alert, Anchor, Button, Paper, PasswordInput, Stack, Text, Title } from '@mantine/core';
import { type FormEvent, useRef, useState } from 'react';
import { useTranslation } from 'react-i18next';
import { Link } from 'react-router';
import { usePageTitle } from '../../app/page-title.hook.ts';
import { ApiError } from '../../lib/api/api-error.ts';
import { useChangePassword } from './account.queries.ts';
import { AuthErrorAlert, NewPasswordFields } from './auth-parts.tsx';
import { useRetryAfter } from './countdown.hook.ts';
import { useNewPassword } from './new-password.ts';

/**
 * `/account/password` (from the user menu): the signed-in person changes their password with the
 * current one. This session stays signed in; every other one ends (the server decides and says how
 * many).
 */
export function ChangePasswordPage() {
  const { t } = useTranslation('auth');
  usePageTitle(t('changePassword.pageTitle'));
  const change = useChangePassword();
  const newPassword = useNewPassword(change, 'userNewPassword');
  const [current, setCurrent] = useState('');
  const [currentProblem, setCurrentProblem] = useState<'currentRequired' | 'wrongCurrent' | null>(null);
  const currentRef = useRef<HTMLInputElement>(null);
  const [ended, setEnded] = useState<number | null>(null);
  const wait = useRetryAfter(change.error);

  const onSubmit = (event: FormEvent<HTMLFormElement>) => {
    event.preventDefault();
    setCurrentProblem(null);
    if (!current) {
      setCurrentProblem('currentRequired');
      currentRef.current?.focus();
      return;
    }
    if (!newPassword.validate()) return;
    change.mutate(
      { currentPassword: current, userNewPassword: newPassword.password },
      {
        onSuccess: (answer) => {
          setEnded(answer.otherSessionsEnded);
          setCurrent('');
        },
        onError: (error) => {
          if (error instanceof ApiError && error.code === 'WRONG_CURRENT_PASSWORD') {
            setCurrentProblem('wrongCurrent');
            currentRef.current?.focus();
          } else newPassword.focusIfRefused(error);
        },
      },
    );
  };

  const fieldShowsIt = currentProblem === 'wrongCurrent' || Boolean(newPassword.serverProblem);
  return (
    <Stack gap="lg" maw={560}>
      <Title order={1} fz={{ base: 24, sm: 30 }}>
        {t('changePassword.heading')}
      </Title>
      <Paper withBorder radius="md" p={{ base: 'md', sm: 'xl' }}>
        {ended !== null ? (
          <Stack gap="md">
            <Alert color="green" variant="light" title={t('changePassword.done')} role="status">
              {ended > 0 ? t('changePassword.doneOthers', { count: ended }) : null}
            </Alert>
            <Anchor component={Link} to="/dashboard" fw={500}>
              {t('changePassword.back')}
            </Anchor>
          </Stack>
        ) : (
          <form onSubmit={onSubmit} noValidate>
            <Stack gap="md">
              <Text size="sm">{t('changePassword.intro')}</Text>
              <AuthErrorAlert
                error={change.error}
                secondsLeft={wait}
                except={fieldShowsIt ? ['passwordTooCommon', 'validation'] : []}
                title={t('changePassword.errorTitle')}
              />
              <PasswordInput
                ref={currentRef}
                label={t('changePassword.current')}
                name="current-password"
                autoComplete="current-password"
                required
                withAsterisk={false}
                value={current}
                onChange={(event) => {
                  setCurrent(event.currentTarget.value);
                  setCurrentProblem(null);
                }}
                error={currentProblem ? t(`changePassword.${currentProblem}`) : undefined}
                visibilityToggleFocusable
                visibilityToggleButtonProps={{ 'aria-label': t('signin.showPassword') }}
              />
              <NewPasswordFields {...newPassword.fieldProps} />
              <Button
                type="submit"
                size="md"
                loading={change.isPending}
                disabled={wait > 0}
                style={{ alignSelf: 'flex-start' }}
              >
                {t('changePassword.submit')}
              </Button>
            </Stack>
          </form>
        )}
      </Paper>
    </Stack>
  );
}
