import { createBrowserRouter } from 'react-router';
import { EmailVerifyPage } from '../features/auth/email-verify.page.tsx';
import { FirstLoginPage } from '../features/auth/first-login.page.tsx';
import { ForgotPasswordPage } from '../features/auth/forgot-password.page.tsx';
import { IdentifyPage } from '../features/auth/identify.page.tsx';
import { SignInPage } from '../features/auth/sign-in.page.tsx';
import { SignInMobilePage } from '../features/auth/sign-in-mobile.page.tsx';
import { SignInPasswordPage } from '../features/auth/sign-in-password.page.tsx';
import { SignUpPage } from '../features/auth/sign-up.page.tsx';
import { WorkspaceSignInPage } from '../features/auth/workspace-sign-in.page.tsx';
import { DashboardPage } from '../features/dashboard/dashboard.page.tsx';
import { NotFoundPage } from '../features/errors/not-found.page.tsx';
import { RouteErrorPage } from '../features/errors/route-error.page.tsx';
import { BulkInvitePage } from '../features/invitations/bulk-invite.page.tsx';
import { InvitationsPage } from '../features/invitations/invitations.page.tsx';
import { BusinessUnitsPage } from '../features/organisation/business-units.page.tsx';
import { DepartmentsPage } from '../features/organisation/departments.page.tsx';
import { PermissionsPage } from '../features/permissions/permissions.page.tsx';
import { FeatureFlagsPage } from '../features/platform/feature-flags.page.tsx';
import { SettingsPage } from '../features/settings/settings.page.tsx';
import { UsersPage } from '../features/users/users.page.tsx';
import { HomeRoute, RequireMenu, RequireOperator, SignedInLayout } from './route-guards.tsx';

/** Every route of the web app. Pages read the host (platform or workspace) from HostProvider. */
export function createAppRouter() {
  return createBrowserRouter([
    {
      errorElement: <RouteErrorPage />,
      children: [
        { path: '/', element: <HomeRoute /> },
        { path: '/signin', element: <SignInPage /> },
        { path: '/identify', element: <IdentifyPage /> },
        { path: '/signin-password', element: <SignInPasswordPage /> },
        { path: '/signin-mobile', element: <SignInMobilePage /> },
        { path: '/signup', element: <SignUpPage /> },
        { path: '/forgot-password', element: <ForgotPasswordPage /> },
        { path: '/email-verify/:id', element: <EmailVerifyPage /> },
        { path: '/first-login', element: <FirstLoginPage /> },
        { path: '/workspace/signin', element: <WorkspaceSignInPage /> },
        {
          element: <SignedInLayout />,
          children: [
            { path: '/dashboard', element: <DashboardPage /> },
            {
              path: '/users',
              element: (
                <RequireMenu menu="USERS">
                  <UsersPage />
                </RequireMenu>
              ),
            },
            {
              path: '/permissions',
              element: (
                <RequireMenu menu="PERMISSIONS">
                  <PermissionsPage />
                </RequireMenu>
              ),
            },
            {
              path: '/settings',
              element: (
                <RequireMenu menu="SETTINGS">
                  <SettingsPage />
                </RequireMenu>
              ),
            },
            {
              path: '/invitations',
              element: (
                <RequireMenu menu="INVITATIONS">
                  <InvitationsPage />
                </RequireMenu>
              ),
            },
            {
              path: '/business-units',
              element: (
                <RequireMenu menu="BUSINESS_UNITS">
                  <BusinessUnitsPage />
                </RequireMenu>
              ),
            },
            {
              path: '/departments',
              element: (
                <RequireMenu menu="DEPARTMENTS">
                  <DepartmentsPage />
                </RequireMenu>
              ),
            },
            {
              path: '/invitations/import',
              element: (
                <RequireMenu menu="INVITATIONS">
                  <BulkInvitePage />
                </RequireMenu>
              ),
            },
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
