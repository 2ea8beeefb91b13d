import type { ComponentType, ReactNode } from 'react';
import type { LazyRouteFunction, RouteObject } from 'react-router';
import { loadNamespaces } from '../../lib/i18n/i18n.setup.ts';
import type { TNamespace } from '../../lib/i18n/namespaces.ts';
import { myLearningRoutes } from './my-learning/routes.tsx';
import { previewRoutes } from './preview/routes.tsx';
import { quizRoutes } from './quizzes/routes.tsx';

/**
 * Every learning route of the signed-in shell (docs/learning-design.md §3), collected here so that
 * `app/router.tsx` imports them once; each sub-area (lessons, quizzes, SCORM, preview, credits)
 * adds its rows below. Workspace pages sit behind the COURSES menu (courses.manage, LMS switched
 * on); `/platform/…` pages are the operator's, the same components with `scope="catalogue"`.
 */
/** `learners`: the pages of assigning and following learners (Courses, or Course learners for a business unit admin). */
type TGuard = 'courses' | 'learners' | 'operator' | 'workshops' | 'member';

function lazyPage(
  load: () => Promise<ComponentType>,
  namespaces: readonly TNamespace[],
  guard: TGuard,
): LazyRouteFunction<RouteObject> {
  return async () => {
    const [Page, guards] = await Promise.all([
      load(),
      import('../../app/route-guards.tsx'),
      loadNamespaces(namespaces),
    ]);
    const wrap = (element: ReactNode) =>
      guard === 'operator' ? (
        <guards.RequireOperator>{element}</guards.RequireOperator>
      ) : (
        <guards.RequireMenu
          menu={
            guard === 'learners'
              ? ['COURSES', 'COURSE_LEARNERS']
              : guard === 'workshops'
                ? 'WORKSHOPS'
                : guard === 'member'
                  ? 'MY_LEARNING'
                  : 'COURSES'
          }
        >
          {element}
        </guards.RequireMenu>
      );
    return { element: wrap(<Page />) };
  };
}

const courses = () => import('./courses/courses.page.tsx');
const editor = () => import('./courses/course-editor.page.tsx');

/** The learning routes, children of the signed-in layout. */
export const learningRoutes: RouteObject[] = [
  {
    path: '/courses',
    lazy: lazyPage(() => courses().then((m) => m.WorkspaceCoursesPage), ['courses'], 'courses'),
  },
  {
    path: '/courses/:courseId/edit',
    lazy: lazyPage(() => editor().then((m) => m.WorkspaceCourseEditorPage), ['courses', 'reminders'], 'courses'),
  },
  // Issue 14, course reminders (the server checks courses.manage); the escalation settings page is app/router.tsx's.
  {
    path: '/courses/:courseId/reminders',
    lazy: lazyPage(
      () => import('./reminders/course-reminders.page.tsx').then((m) => m.CourseRemindersPage),
      ['reminders', 'escalation'],
      'courses',
    ),
  },
  // Issue 21, item 13: workshops (courses.assign to manage; the trainer opens their own from My learning).
  {
    path: '/workshops',
    lazy: lazyPage(
      () => import('./workshops/workshops.page.tsx').then((m) => m.WorkshopsPage),
      ['workshops'],
      'workshops',
    ),
  },
  {
    path: '/workshops/:id',
    lazy: lazyPage(() => import('./workshops/workshop.page.tsx').then((m) => m.WorkshopPage), ['workshops'], 'member'),
  },
  {
    path: '/learning/assignments',
    lazy: lazyPage(
      () => import('./assign/assignable-courses.page.tsx').then((m) => m.AssignableCoursesPage),
      ['assign'],
      'learners',
    ),
  },
  {
    // Issue 14: who is assigned the course and how far each is (courses.assign on the server).
    path: '/courses/:courseId/learners',
    lazy: lazyPage(
      () => import('./assign/learners.page.tsx').then((m) => m.LearnersPage),
      ['assign', 'certificates'],
      'learners',
    ),
  },
  {
    path: '/courses/:courseId/rules',
    lazy: lazyPage(
      () => import('./automation/rules.page.tsx').then((m) => m.CourseRulesPage),
      ['automation', 'courses'],
      'courses',
    ),
  },
  {
    path: '/platform/courses',
    lazy: lazyPage(() => courses().then((m) => m.CatalogueCoursesPage), ['courses'], 'operator'),
  },
  {
    path: '/platform/courses/:courseId/edit',
    lazy: lazyPage(() => editor().then((m) => m.CatalogueCourseEditorPage), ['courses'], 'operator'),
  },
  // The operator's catalogue: the lesson editor and the SCORM pages (the workspace's are in app/router.tsx).
  {
    path: '/platform/courses/:courseId/edit/lessons/:itemId',
    lazy: lazyPage(
      () => import('./lessons/lesson-editor.page.tsx').then((m) => m.LessonEditorPage),
      ['lessons'],
      'operator',
    ),
  },
  {
    path: '/platform/courses/import-scorm',
    lazy: lazyPage(() => import('./scorm/scorm-import.page.tsx').then((m) => m.ScormImportPage), ['scorm'], 'operator'),
  },
  {
    path: '/platform/courses/:courseId/edit/scorm/:itemId',
    lazy: lazyPage(() => import('./scorm/scorm-package.page.tsx').then((m) => m.ScormItemPage), ['scorm'], 'operator'),
  },
  {
    path: '/platform/courses/scorm/:packageId',
    lazy: lazyPage(
      () => import('./scorm/scorm-package.page.tsx').then((m) => m.ScormPackagePage),
      ['scorm'],
      'operator',
    ),
  },
  ...quizRoutes,
  ...previewRoutes,
  ...myLearningRoutes,
];
