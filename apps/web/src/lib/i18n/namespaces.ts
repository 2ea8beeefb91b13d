/**
 * Every namespace of the web app and where its texts live, one file per language. A namespace is
 * fetched (as its own small chunk) only when a page that needs it loads; `common` (the shell,
 * roles, navigation, error pages) is there from the start. Adding a namespace is one line here
 * (plus its `en.ts`, `hi.ts`, …); the English file's type becomes the type of its keys.
 */
export const NAMESPACES = {
  common: from<typeof import('./common/en.ts').default>((language) => import(`./common/${language}.ts`)),
  errors: from<typeof import('./errors/en.ts').default>((language) => import(`./errors/${language}.ts`)),
  assign: from<typeof import('../../features/learning/assign/i18n/en.ts').default>(
    (language) => import(`../../features/learning/assign/i18n/${language}.ts`),
  ),
  workshops: from<typeof import('../../features/learning/workshops/i18n/en.ts').default>(
    (language) => import(`../../features/learning/workshops/i18n/${language}.ts`),
  ),
  audit: from<typeof import('../../features/audit/i18n/en.ts').default>(
    (language) => import(`../../features/audit/i18n/${language}.ts`),
  ),
  auth: from<typeof import('../../features/auth/i18n/en.ts').default>(
    (language) => import(`../../features/auth/i18n/${language}.ts`),
  ),
  certificates: from<typeof import('../../features/learning/certificates/i18n/en.ts').default>(
    (language) => import(`../../features/learning/certificates/i18n/${language}.ts`),
  ),
  automation: from<typeof import('../../features/learning/automation/i18n/en.ts').default>(
    (language) => import(`../../features/learning/automation/i18n/${language}.ts`),
  ),
  complianceCatalogue: from<typeof import('../../features/compliance-catalogue/i18n/en.ts').default>(
    (language) => import(`../../features/compliance-catalogue/i18n/${language}.ts`),
  ),
  credits: from<typeof import('../../features/learning/credits/i18n/en.ts').default>(
    (language) => import(`../../features/learning/credits/i18n/${language}.ts`),
  ),
  courses: from<typeof import('../../features/learning/courses/i18n/en.ts').default>(
    (language) => import(`../../features/learning/courses/i18n/${language}.ts`),
  ),
  dashboard: from<typeof import('../../features/dashboard/i18n/en.ts').default>(
    (language) => import(`../../features/dashboard/i18n/${language}.ts`),
  ),
  invitations: from<typeof import('../../features/invitations/i18n/en.ts').default>(
    (language) => import(`../../features/invitations/i18n/${language}.ts`),
  ),
  learner: from<typeof import('../../features/learning/my-learning/i18n/en.ts').default>(
    (language) => import(`../../features/learning/my-learning/i18n/${language}.ts`),
  ),
  lessons: from<typeof import('../../features/learning/lessons/i18n/en.ts').default>(
    (language) => import(`../../features/learning/lessons/i18n/${language}.ts`),
  ),
  organisation: from<typeof import('../../features/organisation/i18n/en.ts').default>(
    (language) => import(`../../features/organisation/i18n/${language}.ts`),
  ),
  permissions: from<typeof import('../../features/permissions/i18n/en.ts').default>(
    (language) => import(`../../features/permissions/i18n/${language}.ts`),
  ),
  operator: from<typeof import('../../features/operator/i18n/en.ts').default>(
    (language) => import(`../../features/operator/i18n/${language}.ts`),
  ),
  platform: from<typeof import('../../features/platform/i18n/en.ts').default>(
    (language) => import(`../../features/platform/i18n/${language}.ts`),
  ),
  scorm: from<typeof import('../../features/learning/scorm/i18n/en.ts').default>(
    (language) => import(`../../features/learning/scorm/i18n/${language}.ts`),
  ),
  quizzes: from<typeof import('../../features/learning/quizzes/i18n/en.ts').default>(
    (language) => import(`../../features/learning/quizzes/i18n/${language}.ts`),
  ),
  committee: from<typeof import('../../features/committee/i18n/en.ts').default>(
    (language) => import(`../../features/committee/i18n/${language}.ts`),
  ),
  workflowStages: from<typeof import('../../features/workflows/stages/i18n/en.ts').default>(
    (language) => import(`../../features/workflows/stages/i18n/${language}.ts`),
  ),
  compliance: from<typeof import('../../features/compliance/i18n/en.ts').default>(
    (language) => import(`../../features/compliance/i18n/${language}.ts`),
  ),
  escalation: from<typeof import('../../features/escalation/i18n/en.ts').default>(
    (language) => import(`../../features/escalation/i18n/${language}.ts`),
  ),
  reminders: from<typeof import('../../features/learning/reminders/i18n/en.ts').default>(
    (language) => import(`../../features/learning/reminders/i18n/${language}.ts`),
  ),
  settings: from<typeof import('../../features/settings/i18n/en.ts').default>(
    (language) => import(`../../features/settings/i18n/${language}.ts`),
  ),
  workflows: from<typeof import('../../features/workflows/i18n/en.ts').default>(
    (language) => import(`../../features/workflows/i18n/${language}.ts`),
  ),
  users: from<typeof import('../../features/users/i18n/en.ts').default>(
    (language) => import(`../../features/users/i18n/${language}.ts`),
  ),
  caseFollow: from<typeof import('../../features/cases/follow/i18n/en.ts').default>(
    (language) => import(`../../features/cases/follow/i18n/${language}.ts`),
  ),
  caseKey: from<typeof import('../../features/cases/key/i18n/en.ts').default>(
    (language) => import(`../../features/cases/key/i18n/${language}.ts`),
  ),
  complaintFiling: from<typeof import('../../features/cases/filing/i18n/en.ts').default>(
    (language) => import(`../../features/cases/filing/i18n/${language}.ts`),
  ),
  caseAccess: from<typeof import('../../features/cases/access/i18n/en.ts').default>(
    (language) => import(`../../features/cases/access/i18n/${language}.ts`),
  ),
  committeeCases: from<typeof import('../../features/cases/committee/i18n/en.ts').default>(
    (language) => import(`../../features/cases/committee/i18n/${language}.ts`),
  ),
  workflowForm: from<typeof import('../../features/workflows/form/i18n/en.ts').default>(
    (language) => import(`../../features/workflows/form/i18n/${language}.ts`),
  ),
  caseMeetings: from<typeof import('../../features/cases/meetings/i18n/en.ts').default>(
    (language) => import(`../../features/cases/meetings/i18n/${language}.ts`),
  ),
};

/** Languages the web app is translated into: the contract's seven (a workspace offers its country's, `offeredLanguages`). */
export const UI_LANGUAGES = ['en', 'hi', 'kn', 'te', 'ta', 'mr', 'fr'] as const;
export type TUiLanguage = (typeof UI_LANGUAGES)[number];

export type TNamespace = keyof typeof NAMESPACES;

/** Loads one language's texts of a namespace. */
type TNamespaceLoader<T> = (language: TUiLanguage) => Promise<{ default: T }>;

/** Every namespace's English texts, by name: the type i18next checks keys against. */
export type TResources = { [N in TNamespace]: Awaited<ReturnType<(typeof NAMESPACES)[N]>>['default'] };

/**
 * Tags a loader with its English texts' type (a dynamic `import()` with a variable has none), so
 * that the one line above also types the namespace's keys.
 */
function from<T>(load: (language: TUiLanguage) => Promise<unknown>): TNamespaceLoader<T> {
  return load as TNamespaceLoader<T>;
}

/** Whether a string is one of our languages. */
export function isUiLanguage(value: unknown): value is TUiLanguage {
  return typeof value === 'string' && (UI_LANGUAGES as readonly string[]).includes(value);
}
