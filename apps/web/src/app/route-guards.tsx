import type { TNavigationItem } from '@app/contract';
import type { ReactNode } from 'react';
import { Navigate, useLocation } from 'react-router';
import { useAccessToken, useSignedInUser, useUserDetails } from '../features/common/session.queries.ts';
import { ForbiddenPage } from '../features/errors/forbidden.page.tsx';
import { ServiceUnavailablePage } from '../features/errors/service-unavailable.page.tsx';
import { MaintenanceGate } from '../features/maintenance/maintenance-gate.tsx';
import { isApiError } from '../lib/api/index.ts';
import { FullPageLoader } from './full-page-loader.tsx';
import { useHost } from './host-context.tsx';
import { useNavigation } from './navigation.queries.ts';
import { SignedInShell } from './signed-in-shell.tsx';

/**
 * Frame of every signed-in page: sends visitors without a session to /signin (remembering where
 * they were going), waits for the user details, keeps non-operators out of the platform host,
 * sends a first sign-in to /first-login, then shows the shell — or the maintenance page while
 * that flag is on.
 */
export function SignedInLayout() {
  const { appConfig } = useHost();
  const token = useAccessToken();
  const location = useLocation();
  const user = useUserDetails();

  if (!token) {
    const redirect = encodeURIComponent(`${location.pathname}${location.search}${location.hash}`);
    return <Navigate to={`/signin?redirect=${redirect}`} replace />;
  }
  if (!user.data) {
    // A 401 reloads the page and a 500 goes to /signin (see the API client): wait for that.
    if (user.isError && !isApiError(user.error, 401) && !isApiError(user.error, 500)) {
      return <ServiceUnavailablePage onRetry={() => void user.refetch()} />;
    }
    return <FullPageLoader />;
  }
  if (appConfig.isPlatformHost && user.data.user.platformRole !== 'PLATFORM_ADMIN') {
    return <Navigate to="/workspace/signin" replace />;
  }
  if (user.data.user.firstLogin) {
    // An account an administrator created chooses its own password and name first.
    const redirect = encodeURIComponent(`${location.pathname}${location.search}${location.hash}`);
    return <Navigate to={`/first-login?redirect=${redirect}`} replace />;
  }
  return (
    <MaintenanceGate>
      <SignedInShell />
    </MaintenanceGate>
  );
}

/** Pages of the operator's console: only for PLATFORM_ADMIN on the platform host. */
export function RequireOperator({ children }: { children: ReactNode }) {
  const { appConfig } = useHost();
  const details = useSignedInUser();
  if (!appConfig.isPlatformHost || details.user.platformRole !== 'PLATFORM_ADMIN') return <ForbiddenPage />;
  return children;
}

/**
 * A workspace page behind a menu: shown when the server enables that menu for this person (the
 * permission matrix decides), otherwise "not available". The server checks every call anyway.
 */
export function RequireMenu({
  menu,
  children,
}: {
  /** The menu, or menus of which any one will do. */
  menu: TNavigationItem['menu'] | readonly TNavigationItem['menu'][];
  children: ReactNode;
}) {
  const menus: readonly TNavigationItem['menu'][] = typeof menu === 'string' ? [menu] : menu;
  const { appConfig } = useHost();
  const navigation = useNavigation();
  if (appConfig.isPlatformHost) return <ForbiddenPage />;
  if (navigation.isPending) return <FullPageLoader inline />;
  if (!navigation.data?.some((item) => menus.includes(item.menu) && item.enabled)) return <ForbiddenPage />;
  return children;
}
