import type { TNavigationItem } from '@app/contract';
import type { ComponentType, ReactNode } from 'react';
import { createBrowserRouter, type LazyRouteFunction, type RouteObject } from 'react-router';
import { NotFoundPage } from '../features/errors/not-found.page.tsx';
import { RouteErrorPage } from '../features/errors/route-error.page.tsx';
import { learningRoutes } from '../features/learning/routes.tsx';
import { loadNamespaces } from '../lib/i18n/i18n.setup.ts';
import type { TNamespace } from '../lib/i18n/namespaces.ts';
import { FullPageLoader } from './full-page-loader.tsx';

/** Wraps a page in a guard; the guards come with the signed-in shell, loaded only where used. */
type TWrap = (page: ReactNode) => ReactNode;

/** The signed-in frame and its guards: a chunk of its own, so the public pages never load it. */
const guards = () => import('./route-guards.tsx');

/**
 * A page fetched when its route is first visited: its code and its texts (the namespaces it
 * reads, in the current language) arrive together, before the page is shown, so the first load
 * carries neither the other areas' code nor their strings.
 */
function page(
  load: () => Promise<ComponentType>,
  namespaces: readonly TNamespace[],
  wrapper: () => Promise<TWrap> = async () => (page) => page,
): LazyRouteFunction<RouteObject> {
  return async () => {
    const [Page, wrap] = await Promise.all([load(), wrapper(), loadNamespaces(namespaces)]);
    return { element: wrap(<Page />) };
  };
}

/** A workspace page behind a menu (see RequireMenu). */
function menuPage(
  menu: TNavigationItem['menu'],
  load: () => Promise<ComponentType>,
  namespaces: readonly TNamespace[],
) {
  return page(load, namespaces, () =>
    guards().then(
      ({ RequireMenu }): TWrap =>
        (element) => <RequireMenu menu={menu}>{element}</RequireMenu>,
    ),
  );
}

/** Every route of the web app. Pages read the host (platform or workspace) from HostProvider. */
export function createAppRouter() {
  return createBrowserRouter([
    {
      errorElement: <RouteErrorPage />,
      hydrateFallbackElement: <FullPageLoader />,
      children: [
        {
          path: '/',
          // The platform host shows its landing page here; a workspace sends on to the sign-in or dashboard.
          lazy: () => import('./home-route.tsx').then((m) => ({ Component: m.HomeRoute })),
          loader: () => loadNamespaces(['platform']).then(() => null),
        },
        {
          path: '/signin',
          lazy: page(() => import('../features/auth/sign-in.page.tsx').then((m) => m.SignInPage), ['auth']),
        },
        {
          path: '/identify',
          lazy: page(() => import('../features/auth/identify.page.tsx').then((m) => m.IdentifyPage), ['auth']),
        },
        {
          path: '/signin-password',
          lazy: page(
            () => import('../features/auth/sign-in-password.page.tsx').then((m) => m.SignInPasswordPage),
            ['auth'],
          ),
        },
        {
          path: '/signin-mobile',
          lazy: page(
            () => import('../features/auth/sign-in-mobile.page.tsx').then((m) => m.SignInMobilePage),
            ['auth'],
          ),
        },
        {
          path: '/signup',
          lazy: page(() => import('../features/auth/sign-up.page.tsx').then((m) => m.SignUpPage), ['auth']),
        },
        {
          // Self sign-up through the whitelist (issue 23): ends in a mailed invitation.
          path: '/create-account',
          lazy: page(
            () => import('../features/auth/create-account.page.tsx').then((m) => m.CreateAccountPage),
            ['auth'],
          ),
        },
        {
          path: '/forgot-password',
          lazy: page(
            () => import('../features/auth/forgot-password.page.tsx').then((m) => m.ForgotPasswordPage),
            ['auth'],
          ),
        },
        {
          path: '/email-verify/:id',
          lazy: page(() => import('../features/auth/email-verify.page.tsx').then((m) => m.EmailVerifyPage), ['auth']),
        },
        {
          // The public check of a certificate's code (any host, no sign-in).
          path: '/verify/:code?',
          lazy: page(
            () =>
              import('../features/learning/certificates/verify-certificate.page.tsx').then(
                (m) => m.VerifyCertificatePage,
              ),
            ['certificates'],
          ),
        },
        {
          path: '/first-login',
          lazy: page(() => import('../features/auth/first-login.page.tsx').then((m) => m.FirstLoginPage), ['auth']),
        },
        {
          path: '/workspace/signin',
          lazy: page(
            () => import('../features/auth/workspace-sign-in.page.tsx').then((m) => m.WorkspaceSignInPage),
            ['auth'],
          ),
        },
        {
          lazy: () => guards().then((m) => ({ Component: m.SignedInLayout })),
          children: [
            {
              path: '/dashboard',
              lazy: page(
                () => import('./home-page.tsx').then((m) => m.HomePage),
                ['dashboard', 'learner', 'certificates', 'workshops'],
              ),
            },
            {
              path: '/account/password',
              lazy: page(
                () => import('../features/auth/change-password.page.tsx').then((m) => m.ChangePasswordPage),
                ['auth'],
              ),
            },
            {
              path: '/users',
              lazy: menuPage('USERS', () => import('./users-page.tsx').then((m) => m.UsersPage), [
                'users',
                'invitations',
              ]),
            },
            {
              path: '/courses/:courseId/edit/lessons/:itemId',
              lazy: menuPage(
                'COURSES',
                () => import('../features/learning/lessons/lesson-editor.page.tsx').then((m) => m.LessonEditorPage),
                ['lessons'],
              ),
            },
            {
              path: '/audit-log',
              lazy: menuPage(
                'AUDIT_LOG',
                () => import('../features/audit/audit.page.tsx').then((m) => m.AuditLogPage),
                ['audit'],
              ),
            },
            {
              path: '/permissions',
              lazy: menuPage(
                'PERMISSIONS',
                () => import('../features/permissions/permissions.page.tsx').then((m) => m.PermissionsPage),
                ['permissions'],
              ),
            },
            {
              path: '/settings',
              lazy: menuPage(
                'SETTINGS',
                () => import('../features/settings/settings.page.tsx').then((m) => m.SettingsPage),
                ['settings', 'escalation'],
              ),
            },
            {
              // The escalation settings (a shared module: courses now, policies and cases later). The
              // server checks settings.manage, or courses.manage for the whole workspace.
              path: '/settings/escalation',
              lazy: menuPage(
                'COURSES',
                () => import('../features/escalation/escalation.page.tsx').then((m) => m.EscalationPage),
                ['escalation'],
              ),
            },
            // Issue 24: the compliance register. Not behind the COMPLIANCE menu (register managers): an
            // owner or reviewer reaches their own occurrences from a mail or the calendar; the server
            // answers each person with what they reach and the actions they may take.
            {
              path: '/compliance',
              lazy: page(
                () => import('../features/compliance/register.page.tsx').then((m) => m.RegisterPage),
                ['compliance'],
              ),
            },
            {
              path: '/compliance/calendar',
              lazy: page(
                () => import('../features/compliance/calendar.page.tsx').then((m) => m.CalendarPage),
                ['compliance'],
              ),
            },
            {
              path: '/compliance/occurrences/:id',
              lazy: page(
                () => import('../features/compliance/occurrence.page.tsx').then((m) => m.OccurrencePage),
                ['compliance'],
              ),
            },
            {
              // Issue 24: the Internal Committee register (POSH s.4) or Canada's designated recipients (s.14).
              path: '/committee',
              lazy: menuPage(
                'COMMITTEE',
                () => import('../features/committee/register.page.tsx').then((m) => m.CommitteeRegisterPage),
                ['committee'],
              ),
            },
            {
              path: '/committee/new',
              lazy: menuPage(
                'COMMITTEE',
                () => import('../features/committee/committee-form.page.tsx').then((m) => m.CommitteeFormPage),
                ['committee'],
              ),
            },
            {
              path: '/committee/:id/edit',
              lazy: menuPage(
                'COMMITTEE',
                () => import('../features/committee/committee-form.page.tsx').then((m) => m.CommitteeFormPage),
                ['committee'],
              ),
            },
            {
              // The composition on a chosen day (`?asOf=YYYY-MM-DD`).
              path: '/committee/:id',
              lazy: menuPage(
                'COMMITTEE',
                () => import('../features/committee/history.page.tsx').then((m) => m.CommitteeHistoryPage),
                ['committee'],
              ),
            },
            // Issue 26: the committee's complaint cases (the list; a case behind the case key).
            {
              path: '/cases',
              lazy: menuPage(
                'COMPLAINTS',
                () => import('../features/cases/committee/cases.page.tsx').then((m) => m.CommitteeCasesPage),
                ['committeeCases'],
              ),
            },
            {
              path: '/cases/:id',
              lazy: menuPage(
                'COMPLAINTS',
                () => import('../features/cases/committee/case.page.tsx').then((m) => m.CommitteeCasePage),
                ['committeeCases', 'caseKey'],
              ),
            },
            // Issue 25: complaint workflows — the list, the builder (?tab=process|form|stages) and the history.
            {
              path: '/workflows',
              lazy: menuPage(
                'WORKFLOWS',
                () => import('../features/workflows/workflows.page.tsx').then((m) => m.WorkflowsPage),
                ['workflows'],
              ),
            },
            {
              path: '/workflows/:id',
              lazy: menuPage(
                'WORKFLOWS',
                () => import('../features/workflows/builder.page.tsx').then((m) => m.WorkflowBuilderPage),
                ['workflows', 'workflowForm', 'workflowStages'],
              ),
            },
            {
              path: '/workflows/:id/versions',
              lazy: menuPage(
                'WORKFLOWS',
                () => import('../features/workflows/versions.page.tsx').then((m) => m.WorkflowVersionsPage),
                ['workflows'],
              ),
            },
            // Issue 26: the complainant's and a participant's case page.
            {
              path: '/complaints/:id',
              lazy: menuPage(
                'MY_COMPLAINTS',
                () => import('../features/cases/follow/case.page.tsx').then((m) => m.CasePage),
                ['caseFollow', 'caseKey'],
              ),
            },
            {
              path: '/invitations',
              lazy: menuPage(
                'INVITATIONS',
                () => import('../features/invitations/invitations.page.tsx').then((m) => m.InvitationsPage),
                ['invitations'],
              ),
            },
            {
              path: '/business-units',
              lazy: menuPage(
                'BUSINESS_UNITS',
                () => import('../features/organisation/business-units.page.tsx').then((m) => m.BusinessUnitsPage),
                ['organisation'],
              ),
            },
            {
              path: '/departments',
              lazy: menuPage(
                'DEPARTMENTS',
                () => import('../features/organisation/departments.page.tsx').then((m) => m.DepartmentsPage),
                ['organisation'],
              ),
            },
            {
              path: '/invitations/import',
              lazy: menuPage(
                'INVITATIONS',
                () => import('../features/invitations/bulk-invite.page.tsx').then((m) => m.BulkInvitePage),
                ['invitations'],
              ),
            },
            // SCORM (WP4): import a package, follow its extraction, play it (the server checks courses.manage).
            {
              path: '/courses/import-scorm',
              lazy: page(
                () => import('../features/learning/scorm/scorm-import.page.tsx').then((m) => m.ScormImportPage),
                ['scorm'],
              ),
            },
            {
              path: '/courses/:courseId/edit/scorm/:itemId',
              lazy: page(
                () => import('../features/learning/scorm/scorm-package.page.tsx').then((m) => m.ScormItemPage),
                ['scorm'],
              ),
            },
            {
              path: '/courses/scorm/:packageId',
              lazy: page(
                () => import('../features/learning/scorm/scorm-package.page.tsx').then((m) => m.ScormPackagePage),
                ['scorm'],
              ),
            },
            {
              path: '/learning/credits',
              lazy: menuPage(
                'LEARNING_CREDITS',
                () => import('../features/learning/credits/credits.page.tsx').then((m) => m.CreditsPage),
                ['credits'],
              ),
            },
            {
              path: '/platform/credit-requests',
              lazy: page(
                () => import('../features/learning/credits/credit-requests.page.tsx').then((m) => m.CreditRequestsPage),
                ['credits'],
                () =>
                  guards().then(
                    ({ RequireOperator }): TWrap =>
                      (element) => <RequireOperator>{element}</RequireOperator>,
                  ),
              ),
            },
            {
              path: '/platform/jurisdictions',
              lazy: page(
                () => import('../features/learning/credits/jurisdictions.page.tsx').then((m) => m.JurisdictionsPage),
                ['credits'],
                () =>
                  guards().then(
                    ({ RequireOperator }): TWrap =>
                      (element) => <RequireOperator>{element}</RequireOperator>,
                  ),
              ),
            },
            {
              path: '/platform/compliance',
              lazy: page(
                () =>
                  import('../features/compliance-catalogue/compliance-catalogue.page.tsx').then(
                    (m) => m.ComplianceCataloguePage,
                  ),
                ['complianceCatalogue'],
                () =>
                  guards().then(
                    ({ RequireOperator }): TWrap =>
                      (element) => <RequireOperator>{element}</RequireOperator>,
                  ),
              ),
            },
            {
              path: '/platform/courses/:courseId/availability',
              lazy: page(
                () =>
                  import('../features/learning/credits/course-availability.page.tsx').then(
                    (m) => m.CourseAvailabilityPage,
                  ),
                ['credits'],
                () =>
                  guards().then(
                    ({ RequireOperator }): TWrap =>
                      (element) => <RequireOperator>{element}</RequireOperator>,
                  ),
              ),
            },
            {
              path: '/platform/workspaces',
              lazy: page(
                () => import('../features/operator/workspaces.page.tsx').then((m) => m.WorkspacesPage),
                ['operator'],
                () =>
                  guards().then(
                    ({ RequireOperator }): TWrap =>
                      (element) => <RequireOperator>{element}</RequireOperator>,
                  ),
              ),
            },
            {
              path: '/platform/workspaces/new',
              lazy: page(
                () => import('../features/operator/new-workspace.page.tsx').then((m) => m.NewWorkspacePage),
                ['operator'],
                () =>
                  guards().then(
                    ({ RequireOperator }): TWrap =>
                      (element) => <RequireOperator>{element}</RequireOperator>,
                  ),
              ),
            },
            {
              path: '/platform/workspaces/:workspaceId',
              lazy: page(
                () => import('../features/operator/workspace-details.page.tsx').then((m) => m.WorkspaceDetailsPage),
                ['operator'],
                () =>
                  guards().then(
                    ({ RequireOperator }): TWrap =>
                      (element) => <RequireOperator>{element}</RequireOperator>,
                  ),
              ),
            },
            {
              path: '/platform/user-manuals',
              lazy: page(
                () => import('../features/operator/user-manuals.page.tsx').then((m) => m.UserManualsPage),
                ['operator'],
                () =>
                  guards().then(
                    ({ RequireOperator }): TWrap =>
                      (element) => <RequireOperator>{element}</RequireOperator>,
                  ),
              ),
            },
            {
              path: '/platform/feature-flags',
              lazy: page(
                () => import('../features/platform/feature-flags.page.tsx').then((m) => m.FeatureFlagsPage),
                ['platform'],
                () =>
                  guards().then(
                    ({ RequireOperator }): TWrap =>
                      (element) => <RequireOperator>{element}</RequireOperator>,
                  ),
              ),
            },
            // Issue 26 (filing): my complaints, a new complaint, a draft (the case page /complaints/:id is the case view's).
            {
              path: '/complaints',
              lazy: menuPage(
                'MY_COMPLAINTS',
                () => import('../features/cases/filing/my-complaints.page.tsx').then((m) => m.MyComplaintsPage),
                ['complaintFiling'],
              ),
            },
            {
              path: '/complaints/new',
              lazy: menuPage(
                'MY_COMPLAINTS',
                () => import('../features/cases/filing/new-complaint.page.tsx').then((m) => m.NewComplaintPage),
                ['complaintFiling', 'caseKey'],
              ),
            },
            {
              path: '/complaints/draft/:id',
              lazy: menuPage(
                'MY_COMPLAINTS',
                () => import('../features/cases/filing/draft.page.tsx').then((m) => m.ComplaintDraftPage),
                ['complaintFiling', 'caseKey', 'workflowForm'],
              ),
            },
            ...learningRoutes,
          ],
        },
        { path: '*', element: <NotFoundPage /> },
      ],
    },
  ]);
}
