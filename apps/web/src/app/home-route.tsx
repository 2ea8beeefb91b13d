import { Navigate } from 'react-router';
import { useAccessToken } from '../features/common/session.queries.ts';
import { PlatformLandingPage } from '../features/platform/platform-landing.page.tsx';
import { useHost } from './host-context.tsx';

/** `/`: the landing page on the platform host; on a workspace, the dashboard or the sign-in. */
export function HomeRoute() {
  const { appConfig } = useHost();
  const token = useAccessToken();
  if (appConfig.isPlatformHost) return <PlatformLandingPage />;
  return <Navigate to={token ? '/dashboard' : '/signin'} replace />;
}
