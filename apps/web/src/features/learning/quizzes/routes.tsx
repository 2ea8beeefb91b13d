import type { RouteObject } from 'react-router';
import { loadNamespaces } from '../../../lib/i18n/i18n.setup.ts';

/**
 * The quiz editor routes (docs/learning-design.md §3), children of the signed-in layout;
 * `features/learning/routes.tsx` spreads them into its list.
 */
export const quizRoutes: RouteObject[] = [
  {
    path: '/courses/:courseId/edit/quizzes/:itemId',
    lazy: async () => {
      const [page, guards] = await Promise.all([
        import('./quiz-editor.page.tsx'),
        import('../../../app/route-guards.tsx'),
        loadNamespaces(['quizzes']),
      ]);
      return {
        element: (
          <guards.RequireMenu menu="COURSES">
            <page.QuizEditorPage />
          </guards.RequireMenu>
        ),
      };
    },
  },
  {
    path: '/platform/courses/:courseId/edit/quizzes/:itemId',
    lazy: async () => {
      const [page, guards] = await Promise.all([
        import('./quiz-editor.page.tsx'),
        import('../../../app/route-guards.tsx'),
        loadNamespaces(['quizzes']),
      ]);
      return {
        element: (
          <guards.RequireOperator>
            <page.CatalogueQuizEditorPage />
          </guards.RequireOperator>
        ),
      };
    },
  },
];
