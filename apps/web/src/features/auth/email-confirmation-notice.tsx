import { Button, Group, Paper, Stack, Text, ThemeIcon, Title } from '@mantine/core';
import { useId } from 'react';
import { useTranslation } from 'react-i18next';
import { Icon } from '../../app/icons.tsx';
import { useResendConfirmation } from './account.queries.ts';
import { AuthErrorAlert } from './auth-parts.tsx';
import { useRetryAfter } from './countdown.hook.ts';

/**
 * Reminds a signed-in person whose email address is not confirmed yet, with a button that mails a
 * fresh link (the earlier one then stops working).
 */
export function EmailConfirmationNotice({ email }: { email: string }) {
  const { t } = useTranslation('dashboard');
  const resend = useResendConfirmation();
  const wait = useRetryAfter(resend.error);
  const headingId = useId();
  return (
    <Paper
      component="section"
      aria-labelledby={headingId}
      withBorder
      radius="md"
      p="md"
      bg="yellow.0"
      style={{ borderColor: 'var(--mantine-color-yellow-4)' }}
    >
      <Group align="flex-start" wrap="nowrap" gap="md">
        <ThemeIcon color="yellow.8" variant="light" radius="xl" size={36} visibleFrom="xs">
          <Icon name="mail" size={20} />
        </ThemeIcon>
        <Stack gap="xs" style={{ flex: 1, minWidth: 0 }}>
          <Title order={2} fz="md" id={headingId}>
            {t('emailNotice.title')}
          </Title>
          <Text size="sm" style={{ overflowWrap: 'anywhere' }} role={resend.isSuccess ? 'status' : undefined}>
            {resend.isSuccess ? t('emailNotice.resent', { email }) : t('emailNotice.body', { email })}
          </Text>
          <AuthErrorAlert error={resend.error} secondsLeft={wait} />
          {resend.isSuccess ? null : (
            <div>
              <Button
                size="xs"
                variant="default"
                onClick={() => resend.mutate(email)}
                loading={resend.isPending}
                disabled={wait > 0}
              >
                {t('emailNotice.resend')}
              </Button>
            </div>
          )}
        </Stack>
      </Group>
    </Paper>
  );
}
