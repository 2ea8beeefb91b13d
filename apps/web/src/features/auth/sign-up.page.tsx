import { Alert, Button, Stack, Text } from '@mantine/core';
import { useState } from 'react';
import { useTranslation } from 'react-i18next';
import { Link, useSearchParams } from 'react-router';
import { FullPageLoader } from '../../app/full-page-loader.tsx';
import { usePageTitle } from '../../app/page-title.hook.ts';
import { isApiError } from '../../lib/api/index.ts';
import { AuthLayout } from '../common/auth-layout.tsx';
import { AuthErrorAlert, AuthHeading } from './auth-parts.tsx';
import { useInvitation, useRequestNewInvitation } from './invitation.queries.ts';
import { CreateAccountForm, InvitationSummary, JoinWithAccountForm } from './invitation-forms.tsx';

/**
 * `/signup?code=…`: the invitation mail's link. Shows what the invitation is for, then lets a new
 * person create their account (name and password, or a mailed code) and an existing account join
 * with its password or a code. Expired invitations can ask for a new one; used, withdrawn and
 * unknown ones say so and lead to sign-in.
 */
export function SignUpPage() {
  const { t } = useTranslation('auth');
  const [params] = useSearchParams();
  const code = (params.get('code') ?? '').trim();
  const invitation = useInvitation(code);
  usePageTitle(t('signup.pageTitle'));

  if (!code) return <InvitationProblem reason="missing" />;
  if (invitation.isPending) return <FullPageLoader />;
  if (invitation.isError) {
    // Unknown, or not even shaped like a code.
    if (isApiError(invitation.error, 404) || isApiError(invitation.error, 400)) {
      return <InvitationProblem reason="notFound" />;
    }
    // Its sender may no longer give its role (demoted, or the permission matrix changed).
    if (isApiError(invitation.error, 403) && invitation.error.code === 'INVITE_NO_LONGER_VALID') {
      return <InvitationProblem reason="noLongerValid" />;
    }
    return (
      <AuthLayout>
        <Stack gap="lg">
          <AuthHeading title={t('signup.heading')} />
          <AuthErrorAlert error={invitation.error} title={t('signup.loadError')} />
          <Button onClick={() => void invitation.refetch()} loading={invitation.isFetching}>
            {t('common.retry')}
          </Button>
        </Stack>
      </AuthLayout>
    );
  }

  const preview = invitation.data;
  if (preview.status === 'EXPIRED') return <ExpiredInvitation code={code} company={preview.companyName} />;
  if (preview.status === 'USED') return <InvitationProblem reason="used" company={preview.companyName} />;
  if (preview.status === 'REVOKED') return <InvitationProblem reason="revoked" company={preview.companyName} />;

  return (
    <AuthLayout width={480}>
      <Stack gap="lg">
        <AuthHeading
          title={t('signup.heading')}
          subtitle={
            preview.accountExists
              ? t('signup.existingIntro', { company: preview.companyName })
              : t('signup.newIntro', { company: preview.companyName })
          }
        />
        <InvitationSummary preview={preview} />
        {preview.accountExists ? (
          <JoinWithAccountForm code={code} preview={preview} />
        ) : (
          <CreateAccountForm code={code} preview={preview} />
        )}
      </Stack>
    </AuthLayout>
  );
}

/** An invitation that cannot be used: what happened and the way on (sign in). */
function InvitationProblem({
  reason,
  company,
}: {
  reason: 'missing' | 'notFound' | 'used' | 'revoked' | 'noLongerValid';
  company?: string;
}) {
  const { t } = useTranslation('auth');
  return (
    <AuthLayout>
      <Stack gap="lg">
        <AuthHeading title={t(`signup.problems.${reason}.heading`)} />
        <Text size="sm">{t(`signup.problems.${reason}.body`, { company: company ?? '' })}</Text>
        <Button component={Link} to="/signin" size="md" fullWidth>
          {t('common.signIn')}
        </Button>
      </Stack>
    </AuthLayout>
  );
}

/** An expired invitation: say so, and ask the workspace's administrators for a new one. */
function ExpiredInvitation({ code, company }: { code: string; company: string }) {
  const { t } = useTranslation('auth');
  const requestNew = useRequestNewInvitation(code);
  const [asked, setAsked] = useState(false);
  return (
    <AuthLayout>
      <Stack gap="lg">
        <AuthHeading title={t('signup.expired.heading')} />
        <Text size="sm">{t('signup.expired.body', { company })}</Text>
        {asked ? (
          <Alert color="green" variant="light" role="status" title={t('signup.expired.askedTitle')}>
            {t('signup.expired.askedBody', { company })}
          </Alert>
        ) : (
          <>
            <AuthErrorAlert error={requestNew.error} />
            <Button
              size="md"
              fullWidth
              loading={requestNew.isPending}
              onClick={() => requestNew.mutate(undefined, { onSuccess: () => setAsked(true) })}
            >
              {t('signup.expired.ask')}
            </Button>
          </>
        )}
        <Button component={Link} to="/signin" variant="subtle" size="sm">
          {t('signup.expired.haveAccount')}
        </Button>
      </Stack>
    </AuthLayout>
  );
}
