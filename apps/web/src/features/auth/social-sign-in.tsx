import { Alert, Button, Divider, Stack } from '@mantine/core';
import { useTranslation } from 'react-i18next';
import { useHost } from '../../app/host-context.tsx';
import { mainApiBaseUrl } from '../../lib/api/index.ts';
import { safeRedirectPath } from '../../lib/safe-redirect.ts';
import { offeredProviders, type TOidcProvider } from './identifier.ts';

/** `?oidcError=` codes the OpenID callback sends back to /signin. */
const OIDC_ERRORS = ['not_enabled', 'failed', 'no_account', 'email_unverified', 'cancelled'] as const;
type TOidcError = (typeof OIDC_ERRORS)[number];

/** The OpenID providers this workspace offers (configured on the server and enabled here). */
export function useOfferedProviders(): TOidcProvider[] {
  const { appConfig, profile } = useHost();
  return offeredProviders(appConfig, profile);
}

/** Where the browser goes to sign in with a provider; it comes back to /signin with a hand-off. */
export function oidcStartUrl(provider: TOidcProvider, redirect: string | null): string {
  const safe = safeRedirectPath(redirect);
  const query = safe ? `?redirect=${encodeURIComponent(safe)}` : '';
  return `${mainApiBaseUrl}/auth/oidc/${provider.toLowerCase()}/start${query}`;
}

/**
 * "Continue with Google / Microsoft", for the providers this workspace offers (none: nothing).
 * Plain links: starting a provider sign-in is a top-level navigation to the server.
 */
export function SocialSignInButtons({ redirect, providers }: { redirect: string | null; providers?: TOidcProvider[] }) {
  const { t } = useTranslation('auth');
  const offered = useOfferedProviders();
  const list = providers ?? offered;
  if (list.length === 0) return null;
  return (
    <Stack gap="xs">
      {list.map((provider) => (
        <Button
          key={provider}
          component="a"
          href={oidcStartUrl(provider, redirect)}
          variant="default"
          size="md"
          fullWidth
          leftSection={<ProviderLogo provider={provider} />}
        >
          {t(`auth.social.${provider}`)}
        </Button>
      ))}
    </Stack>
  );
}

/** "or" and the provider buttons, when this workspace offers any (nothing otherwise). */
export function SocialSignIn({ redirect }: { redirect: string | null }) {
  const { t } = useTranslation('auth');
  const providers = useOfferedProviders();
  if (providers.length === 0) return null;
  return (
    <>
      <Divider label={t('auth.or')} labelPosition="center" />
      <SocialSignInButtons redirect={redirect} providers={providers} />
    </>
  );
}

/** Why signing in with Google or Microsoft did not work, from `?oidcError=`; null without one. */
export function OidcErrorAlert({ code }: { code: string | null }) {
  const { t } = useTranslation('auth');
  if (!code) return null;
  const known: TOidcError = (OIDC_ERRORS as readonly string[]).includes(code) ? (code as TOidcError) : 'failed';
  return (
    <Alert color={known === 'cancelled' ? 'gray' : 'red'} variant="light" title={t('auth.oidcErrors.title')}>
      {t(`auth.oidcErrors.${known}`)}
    </Alert>
  );
}

/** The provider's mark, decorative (the button says the name). */
function ProviderLogo({ provider }: { provider: TOidcProvider }) {
  if (provider === 'MICROSOFT') {
    return (
      <svg width="18" height="18" viewBox="0 0 21 21" aria-hidden="true" focusable="false">
        <rect x="1" y="1" width="9" height="9" fill="#f25022" />
        <rect x="11" y="1" width="9" height="9" fill="#7fba00" />
        <rect x="1" y="11" width="9" height="9" fill="#00a4ef" />
        <rect x="11" y="11" width="9" height="9" fill="#ffb900" />
      </svg>
    );
  }
  return (
    <svg width="18" height="18" viewBox="0 0 48 48" aria-hidden="true" focusable="false">
      <path
        fill="#FFC107"
        d="M43.6 20.1H42V20H24v8h11.3C33.7 32.7 29.2 36 24 36c-6.6 0-12-5.4-12-12s5.4-12 12-12c3.1 0 5.8 1.2 8 3l5.7-5.7C34 6.1 29.3 4 24 4 13 4 4 13 4 24s9 20 20 20 20-9 20-20c0-1.3-.1-2.6-.4-3.9z"
      />
      <path
        fill="#FF3D00"
        d="M6.3 14.7l6.6 4.8C14.7 15.1 19 12 24 12c3.1 0 5.8 1.2 8 3l5.7-5.7C34 6.1 29.3 4 24 4 16.3 4 9.7 8.3 6.3 14.7z"
      />
      <path
        fill="#4CAF50"
        d="M24 44c5.2 0 9.9-2 13.4-5.2l-6.2-5.2C29.2 35.1 26.7 36 24 36c-5.2 0-9.6-3.3-11.3-8l-6.5 5C9.5 39.6 16.2 44 24 44z"
      />
      <path
        fill="#1976D2"
        d="M43.6 20.1H42V20H24v8h11.3c-.8 2.2-2.2 4.2-4.1 5.6l6.2 5.2C37 39.2 44 34 44 24c0-1.3-.1-2.6-.4-3.9z"
      />
    </svg>
  );
}
