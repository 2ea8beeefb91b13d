import { Stack, Text, Title } from '@mantine/core';
import { useTranslation } from 'react-i18next';
import { Navigate, useSearchParams } from 'react-router';
import { BrandMark } from '../../app/brand-mark.tsx';
import { FullPageLoader } from '../../app/full-page-loader.tsx';
import { useBrandName, useHost } from '../../app/host-context.tsx';
import { usePageTitle } from '../../app/page-title.hook.ts';
import { AuthLayout } from './auth-layout.tsx';
import { useAccessToken, useUserDetails } from './session.queries.ts';
import { SignInForm } from './sign-in-form.tsx';
import { signInDestination } from './sign-in-request.ts';

/** `/signin`: the branded password sign-in. Signed-in visitors go straight to their destination. */
export function SignInPage() {
  const { t } = useTranslation();
  const { appConfig } = useHost();
  const brand = useBrandName();
  const [params] = useSearchParams();
  const token = useAccessToken();
  const user = useUserDetails();
  usePageTitle(t('signin.pageTitle'));

  if (token && user.data) {
    const to = signInDestination({
      redirect: params.get('redirect'),
      isPlatformHost: appConfig.isPlatformHost,
      platformRole: user.data.user.platformRole,
    });
    return <Navigate to={to} replace />;
  }
  if (token && user.isPending) return <FullPageLoader />;

  return (
    <AuthLayout>
      <Stack gap="lg">
        <Stack gap={6} align="center" ta="center">
          <BrandMark size="lg" />
          <Title order={1} fz={26} mt="sm">
            {t('signin.heading')}
          </Title>
          <Text c="dimmed" size="sm">
            {appConfig.isPlatformHost
              ? t('signin.subheadingPlatform')
              : t('signin.subheadingWorkspace', { company: brand })}
          </Text>
        </Stack>
        <SignInForm />
      </Stack>
    </AuthLayout>
  );
}
