import { offeredLanguages } from '@app/contract';
import { MantineProvider } from '@mantine/core';
import { Notifications } from '@mantine/notifications';
import { QueryClientProvider, useQuery } from '@tanstack/react-query';
import { type ReactNode, Suspense, useEffect, useMemo, useState } from 'react';
import { RouterProvider } from 'react-router';
import { MovedHostPage, SuspendedHostPage } from '../features/errors/moved-host.page.tsx';
import { ServiceUnavailablePage } from '../features/errors/service-unavailable.page.tsx';
import { UnknownHostPage } from '../features/errors/unknown-host.page.tsx';
import { isApiError, mainApi } from '../lib/api/index.ts';
import { keepToOffered } from '../lib/i18n/i18n.setup.ts';
import { PLATFORM_BRAND_COLOR } from './brand-colors.ts';
import { buildTheme, cssVariablesResolver, NEUTRAL_COLOR } from './brand-theme.ts';
import { FullPageLoader } from './full-page-loader.tsx';
import { HostProvider, type THostState } from './host-context.tsx';
import { createQueryClient } from './query-client.ts';
import { createAppRouter } from './router.tsx';

/** The whole app: query cache, then the host gate that brands everything below it. */
export function AppRoot() {
  const [queryClient] = useState(createQueryClient);
  return (
    <QueryClientProvider client={queryClient}>
      <HostGate />
    </QueryClientProvider>
  );
}

/**
 * Resolves the host before anything else is shown: app-config says platform or workspace; a
 * workspace host then loads its company profile (spec §6: the platform host skips it). Until the
 * brand is known the theme stays neutral, so no other workspace's colours or logo can appear.
 */
function HostGate() {
  const host = window.location.host;
  const [router] = useState(createAppRouter);
  const appConfig = useQuery({
    queryKey: ['app-config'],
    queryFn: ({ signal }) => mainApi.getAppConfig(signal),
    staleTime: Number.POSITIVE_INFINITY,
  });
  // A host the workspace moved from, or a retired workspace's host: no profile to load (issue 23).
  const hostNotice = appConfig.data?.hostNotice ?? null;
  const onWorkspaceHost = appConfig.data ? !appConfig.data.isPlatformHost && !hostNotice : false;
  const profile = useQuery({
    queryKey: ['company-profile', host],
    queryFn: ({ signal }) => mainApi.getCompanyProfile(host, signal),
    enabled: onWorkspaceHost,
    staleTime: 5 * 60_000,
  });

  const hostState: THostState | null = useMemo(() => {
    if (!appConfig.data) return null;
    if (appConfig.data.isPlatformHost) return { host, appConfig: appConfig.data, profile: null };
    if (appConfig.data.hostNotice) return null;
    return profile.data ? { host, appConfig: appConfig.data, profile: profile.data } : null;
  }, [host, appConfig.data, profile.data]);

  // A workspace speaks its country's languages only (English where the chosen one is not among them).
  const country = hostState?.profile?.country ?? null;
  useEffect(() => {
    if (country) keepToOffered(offeredLanguages(country));
  }, [country]);

  const unknownHost = profile.isError && isApiError(profile.error, 404) && profile.error.code === 'UNKNOWN_HOST';
  // The workspace's own colour once known; the platform's where the platform speaks; grey until then.
  const brandColor =
    hostState?.profile?.backgroundColor ??
    (hostState || unknownHost || hostNotice ? PLATFORM_BRAND_COLOR : NEUTRAL_COLOR);
  const theme = useMemo(() => buildTheme(brandColor), [brandColor]);

  let content: ReactNode;
  if (hostState) {
    content = (
      <HostProvider value={hostState}>
        {/* A text namespace a page did not preload is fetched here (pages normally preload theirs). */}
        <Suspense fallback={<FullPageLoader />}>
          <RouterProvider router={router} />
        </Suspense>
      </HostProvider>
    );
  } else if (hostNotice?.kind === 'MOVED' && hostNotice.currentHost) {
    content = <MovedHostPage host={host} newHost={hostNotice.currentHost} until={hostNotice.until} />;
  } else if (hostNotice) {
    content = <SuspendedHostPage host={host} />;
  } else if (appConfig.isError) {
    content = <ServiceUnavailablePage onRetry={() => void appConfig.refetch()} />;
  } else if (unknownHost) {
    content = <UnknownHostPage host={host} platformHost={appConfig.data?.platformHost ?? ''} />;
  } else if (profile.isError) {
    content = <ServiceUnavailablePage onRetry={() => void profile.refetch()} />;
  } else {
    content = <FullPageLoader />;
  }

  return (
    <MantineProvider theme={theme} forceColorScheme="light" cssVariablesResolver={cssVariablesResolver}>
      <Notifications position="top-right" />
      {content}
    </MantineProvider>
  );
}
