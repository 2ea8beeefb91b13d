import type { RouteObject } from 'react-router';
import { loadNamespaces } from '../../../lib/i18n/i18n.setup.ts';

/** The learner's routes (issue 14), behind the MY_LEARNING menu (learning.view, LMS switched on). */
export const myLearningRoutes: RouteObject[] = [
  {
    path: '/learning',
    lazy: async () => {
      const [page, guards] = await Promise.all([
        import('./my-learning.page.tsx'),
        import('../../../app/route-guards.tsx'),
        loadNamespaces(['learner', 'certificates', 'workshops']),
      ]);
      return {
        element: (
          <guards.RequireMenu menu="MY_LEARNING">
            <page.MyLearningPage />
          </guards.RequireMenu>
        ),
      };
    },
  },
  {
    path: '/learning/:enrolmentId',
    lazy: async () => {
      const [page, guards] = await Promise.all([
        import('./player.page.tsx'),
        import('../../../app/route-guards.tsx'),
        loadNamespaces(['learner', 'certificates', 'quizzes', 'lessons', 'scorm']),
      ]);
      return {
        element: (
          <guards.RequireMenu menu="MY_LEARNING">
            <page.LearnerPlayerPage />
          </guards.RequireMenu>
        ),
      };
    },
  },
];
