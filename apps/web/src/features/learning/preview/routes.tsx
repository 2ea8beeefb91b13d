import type { RouteObject } from 'react-router';
import { loadNamespaces } from '../../../lib/i18n/i18n.setup.ts';

/**
 * The preview-as-learner routes (docs/learning-design.md §3), children of the signed-in layout;
 * `features/learning/routes.tsx` spreads them into its list.
 */
export const previewRoutes: RouteObject[] = [
  {
    path: '/courses/:courseId/preview',
    lazy: async () => {
      const [page, guards] = await Promise.all([
        import('./preview.page.tsx'),
        import('../../../app/route-guards.tsx'),
        loadNamespaces(['quizzes']),
      ]);
      return {
        element: (
          <guards.RequireMenu menu="COURSES">
            <page.CoursePreviewPage />
          </guards.RequireMenu>
        ),
      };
    },
  },
  {
    path: '/platform/courses/:courseId/preview',
    lazy: async () => {
      const [page, guards] = await Promise.all([
        import('./preview.page.tsx'),
        import('../../../app/route-guards.tsx'),
        loadNamespaces(['quizzes']),
      ]);
      return {
        element: (
          <guards.RequireOperator>
            <page.CataloguePreviewPage />
          </guards.RequireOperator>
        ),
      };
    },
  },
];
