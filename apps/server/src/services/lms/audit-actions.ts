import { auditAction as spec } from '../../core/audit.ts';

/**
 * The learning service's audit actions (authoring, the catalogue, credits, enrolments, reminders,
 * auto-assign and recurrence, workshops): names, target types and `change` shapes. Listed in its
 * module definition (./module.ts); `ctx.audit` accepts exactly these.
 */

/** What a change was before and after it (null: it did not exist); `X` adds what else the entry records. */
type Diff<B, A, X = unknown> = { before: B; after: A } & X;
/** A record made: what it is. */
type Made<A, X = unknown> = { after: A } & X;
/** A record removed: what it was. */
type Gone<B, X = unknown> = { before: B } & X;
/** A settings object as recorded (its fields as the contract names them). */
type Fields = Record<string, unknown>;
/** A status change. */
type Status<B extends string, A extends string, X = unknown> = Diff<{ status: B }, { status: A } & X>;

type Languages = string[];
type Version = { version: number };
type CompletedEnrolment = {
  courseId: string;
  cycle: number;
  score: number | null;
  expiresAt: string | null;
  workshopId?: string;
};

export const LMS_AUDIT_ACTIONS = {
  // Authoring (issue 13)
  'course.created': spec<Made<{ title: string; languages: Languages; catalogue: boolean; scorm?: boolean }>>()(
    'write',
    'course',
  ),
  'course.updated': spec<
    Diff<
      Fields | null,
      { title?: string; description?: string | null; jurisdictionIds?: string[] },
      { language: string }
    >
  >()('write', 'course'),
  'course.cloned': spec<Made<{ title: string }, { from: string }>>()('write', 'course'),
  'course.deleted': spec<Gone<{ status: string }>>()('write', 'course'),
  'course.archived': spec<Status<string, 'ARCHIVED'>>()('write', 'course'),
  'course.draft_discarded': spec<Gone<{ draftVersionId: string | null }>>()('write', 'course'),
  'course.published': spec<Made<Version>>()('write', 'course'),
  'course.draft_created': spec<Made<Version>>()('write', 'course'),
  'course.languages_set': spec<Diff<Languages, Languages>>()('write', 'course'),
  'course.primary_language_set': spec<Diff<string, string>>()('write', 'course'),
  'course.reordered': spec<Diff<string[], string[]>>()('write', 'course'),
  'course.cover_updated': spec<Made<{ fileName: string; size: number }>>()('write', 'course'),
  'lesson.created': spec<
    Made<{ courseId: string; title: string; language: string; minReadingSeconds: number | null }>
  >()('write', 'course_item'),
  'lesson.updated': spec<
    Diff<
      { minReadingSeconds: number | null },
      { title?: string; language: string; minReadingSeconds: number | null | undefined }
    >
  >()('write', 'course_item'),
  'lesson.deleted': spec<Gone<{ courseId: string; position: number }>>()('write', 'course_item'),
  'lesson_block.created': spec<Made<{ lessonId: string; type: string; language: string }>>()('write', 'lesson_block'),
  'lesson_block.updated': spec<Made<{ language: string; position?: number; settings?: Fields; fields?: string[] }>>()(
    'write',
    'lesson_block',
  ),
  'lesson_block.deleted': spec<Gone<{ lessonId: string; type: string }>>()('write', 'lesson_block'),
  'lesson_block.file_uploaded': spec<Made<{ kind: string; language: string; fileName: string; size: number }>>()(
    'write',
    'lesson_block',
  ),
  'quiz.created': spec<Made<{ title: string; passMark: number; attemptLimit: number | null }, { courseId: string }>>()(
    'write',
    'course_item',
  ),
  'quiz.updated': spec<Diff<Fields, Fields, { language: string }>>()('write', 'course_item'),
  'quiz.deleted': spec<{ courseId: string }>()('write', 'course_item'),
  'quiz_question.created': spec<
    Made<{ type: string; points: number; prompt: string; options: number }, { quizId: string; language: string }>
  >()('write', 'quiz_question'),
  'quiz_question.updated': spec<
    | Diff<
        { type: string; points: number },
        { type: string; points: number; prompt: string; options: number },
        { language: string }
      >
    | Gone<{ optionDeleted: string }>
  >()('write', 'quiz_question'),
  'quiz_question.deleted': spec<Gone<{ type: string }, { quizId: string }>>()('write', 'quiz_question'),
  'quiz_question.reordered': spec<Diff<string[], string[]>>()('write', 'course_item'),
  'scorm.imported': spec<
    Made<{
      courseId: string;
      itemId: string;
      newCourse: boolean;
      standard: string;
      fileCount: number;
      sourceName: string;
    }>
  >()('write', 'scorm_package'),
  // The operator's catalogue: jurisdictions, availability and credits
  'jurisdiction.created': spec<Made<Fields>>()('write', 'jurisdiction'),
  'jurisdiction.updated': spec<
    Diff<
      { code: string; name: string; country: string; parentId: string | null; holidayCalendar?: string | null },
      Fields
    >
  >()('write', 'jurisdiction'),
  'jurisdiction.deleted': spec<Gone<{ code: string; name: string; country: string }>>()('write', 'jurisdiction'),
  'course.made_available': spec<Diff<{ enabled: boolean }, { enabled: boolean }>>()('write', 'course'),
  'credits.requested': spec<Made<{ courseId: string; quantity: number; note: string | null }>>()(
    'write',
    'credit_request',
  ),
  'credits.granted': spec<Status<'PENDING', 'GRANTED', { quantity: number }> & { before: { balance: number } }>()(
    'write',
    'credit_request',
  ),
  'credits.rejected': spec<Status<'PENDING', 'REJECTED', { note: string | null | undefined }>>()(
    'write',
    'credit_request',
  ),
  'credits.spent': spec<Made<{ spent: number; balance: number | null }>>()('write', 'course'),
  'credits.refunded': spec<Made<{ refunded: number; balance: number | null }>>()('write', 'course'),
  // Enrolments, reminders and escalation (issue 14)
  'enrolment.created': spec<Made<{ courseId: string; accountId: string }>>()('write', 'enrolment'),
  // A read of a sensitive export: the course and how many learners it held (issue 22 §6).
  'course.members_exported': spec<{ format: 'csv'; rows: number }>()('read', 'course'),
  'enrolment.completed': spec<Made<CompletedEnrolment>>()('write', 'enrolment'),
  'enrolment.removed': spec<Status<'ACTIVE', 'REMOVED', { courseId: string; accountId: string }>>()(
    'write',
    'enrolment',
  ),
  'enrolment.attempts_granted': spec<
    Diff<{ extraAttempts: number }, { extraAttempts: number; itemId: string; count: number; accountId: string }>
  >()('write', 'enrolment'),
  'course.reminders_sent': spec<
    Made<{ queued: number; alreadyReminded: number; skipped: number; named: number | null }>
  >()('write', 'course'),
  'course.reminder_settings_updated': spec<Diff<Fields, Fields>>()('write', 'course'),
  // Workshops (issue 21, item 13)
  'workshop.created': spec<Made<Fields>>()('write', 'workshop'),
  'workshop.updated': spec<Diff<Fields, Fields, { mailed: boolean }>>()('write', 'workshop'),
  'workshop.cancelled': spec<Status<'SCHEDULED', 'CANCELLED', { mailed: number }>>()('write', 'workshop'),
  'workshop.attendance_marked': spec<{ accountId: string; method: 'TRAINER' | 'CODE'; courseCompleted: boolean }>()(
    'write',
    'workshop',
  ),
  'workshop.attendance_unmarked': spec<{ accountId: string }>()('write', 'workshop'),
  'workshop.check_in_refused': spec<{ reason: 'WRONG_CODE' }>()('write', 'workshop'),
  'workshop.code_shown': spec<{ round: number }>()('read', 'workshop'),
  // Auto-assign rules and recurring training (issue 14)
  'course.auto_assign_set': spec<Diff<Fields | null, Fields, { applyToExisting: boolean }>>()('write', 'course'),
  'course.auto_assign_reset': spec<Diff<Fields, null>>()('write', 'course'),
  'course.auto_assign_failed': spec<Made<{ accountId: string; ruleId: string; reason: string }>>()('write', 'course'),
  'course.recurrence_set': spec<Diff<Fields, Fields, { completionsUpdated: number }>>()('write', 'course'),
  'course.higher_risk_set': spec<Diff<{ departmentIds: string[] }, { departmentIds: string[] }>>()('write', 'course'),
  'enrolment.cycle_started': spec<
    Diff<{ cycle: number; completedAt: string | null }, { cycle: number; reason: string; dueAt: string | null }>
  >()('write', 'enrolment'),
} as const;

type LmsAuditActions = typeof LMS_AUDIT_ACTIONS;
declare module '../../core/audit.ts' {
  interface AuditCatalogue extends LmsAuditActions {}
}
