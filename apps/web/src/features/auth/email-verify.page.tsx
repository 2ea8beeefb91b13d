import { ZEmail } from '@app/contract';
import { Alert, Button, Stack, Text } from '@mantine/core';
import { type FormEvent, useState } from 'react';
import { useTranslation } from 'react-i18next';
import { Link, useParams } from 'react-router';
import { FullPageLoader } from '../../app/full-page-loader.tsx';
import { usePageTitle } from '../../app/page-title.hook.ts';
import { AuthLayout } from '../common/auth-layout.tsx';
import { useAccessToken } from '../common/session.queries.ts';
import { useConfirmEmail, useResendConfirmation } from './account.queries.ts';
import { AuthErrorAlert, AuthHeading, EmailInput, useCheckedField } from './auth-parts.tsx';
import { useRetryAfter } from './countdown.hook.ts';
import { describeAuthError } from './sign-in-request.ts';

/**
 * `/email-verify/:id`: the link in the confirmation mail. Confirms the address as the page opens;
 * a link that is unknown, expired, used or replaced by a newer one gets a form to mail a new link.
 */
export function EmailVerifyPage() {
  const { t } = useTranslation('auth');
  const { id = '' } = useParams();
  const confirm = useConfirmEmail(id);
  const token = useAccessToken();
  usePageTitle(t('emailVerify.pageTitle'));

  if (confirm.isPending) return <FullPageLoader />;

  if (confirm.data) {
    return (
      <AuthLayout>
        <Stack gap="lg">
          <AuthHeading title={t('emailVerify.doneHeading')} />
          <Alert color="green" variant="light" role="status">
            <Text inherit style={{ overflowWrap: 'anywhere' }}>
              {t('emailVerify.doneBody', { email: confirm.data.userEmail })}
            </Text>
          </Alert>
          <Button component={Link} to={token ? '/dashboard' : '/signin'} size="md" fullWidth>
            {token ? t('emailVerify.continue') : t('common.signIn')}
          </Button>
        </Stack>
      </AuthLayout>
    );
  }

  const linkProblem = describeAuthError(confirm.error).key;
  const broken = linkProblem === 'invalidLink' || linkProblem === 'validation';
  return (
    <AuthLayout>
      <Stack gap="lg">
        <AuthHeading title={broken ? t('emailVerify.failedHeading') : t('emailVerify.errorHeading')} />
        {broken ? (
          <Text size="sm">{t('emailVerify.failedBody')}</Text>
        ) : (
          <AuthErrorAlert error={confirm.error} title={t('emailVerify.errorHeading')} />
        )}
        {broken ? null : (
          <Button variant="default" onClick={() => void confirm.refetch()} loading={confirm.isFetching}>
            {t('common.retry')}
          </Button>
        )}
        <ResendLinkForm />
        <Button component={Link} to="/signin" variant="subtle" size="sm">
          {t('auth.backToSignIn')}
        </Button>
      </Stack>
    </AuthLayout>
  );
}

/** Mails a fresh confirmation link to an address; answers the same whether or not it has an account. */
function ResendLinkForm() {
  const { t } = useTranslation('auth');
  const resend = useResendConfirmation();
  const email = useCheckedField(ZEmail);
  const [sentTo, setSentTo] = useState<string | null>(null);
  const wait = useRetryAfter(resend.error);

  const onSubmit = (event: FormEvent<HTMLFormElement>) => {
    event.preventDefault();
    const address = email.check();
    if (address) resend.mutate(address, { onSuccess: () => setSentTo(address) });
  };

  return (
    <form onSubmit={onSubmit} noValidate aria-labelledby="resend-link-heading">
      <Stack gap="sm">
        <Text component="h2" id="resend-link-heading" fw={600} size="md" m={0}>
          {t('emailVerify.resendHeading')}
        </Text>
        {sentTo ? (
          <Alert color="green" variant="light" role="status">
            <Text inherit style={{ overflowWrap: 'anywhere' }}>
              {t('emailVerify.resent', { email: sentTo })}
            </Text>
          </Alert>
        ) : null}
        <AuthErrorAlert error={resend.error} secondsLeft={wait} />
        <EmailInput field={email} />
        <Button type="submit" loading={resend.isPending} disabled={wait > 0}>
          {t('emailVerify.resend')}
        </Button>
      </Stack>
    </form>
  );
}
