import { createBrowserRouter } from 'react-router';
import { SignInPage } from '../features/auth/sign-in.page.tsx';
import { WorkspaceSignInPage } from '../features/auth/workspace-sign-in.page.tsx';
import { DashboardPage } from '../features/dashboard/dashboard.page.tsx';
import { NotFoundPage } from '../features/errors/not-found.page.tsx';
import { RouteErrorPage } from '../features/errors/route-error.page.tsx';
import { FeatureFlagsPage } from '../features/platform/feature-flags.page.tsx';
import { HomeRoute, RequireOperator, SignedInLayout } from './route-guards.tsx';

/** Every route of the web app. Pages read the host (platform or workspace) from HostProvider. */
export function createAppRouter() {
  return createBrowserRouter([
    {
      errorElement: <RouteErrorPage />,
      children: [
        { path: '/', element: <HomeRoute /> },
        { path: '/signin', element: <SignInPage /> },
        { path: '/workspace/signin', element: <WorkspaceSignInPage /> },
        {
          element: <SignedInLayout />,
          children: [
            { path: '/dashboard', element: <DashboardPage /> },
            {
              path: '/platform/feature-flags',
              element: (
                <RequireOperator>
                  <FeatureFlagsPage />
                </RequireOperator>
              ),
            },
          ],
        },
        { path: '*', element: <NotFoundPage /> },
      ],
    },
  ]);
}
