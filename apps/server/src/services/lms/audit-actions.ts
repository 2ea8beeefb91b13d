import { auditAction as spec } from '../../core/audit.ts';

/**
 * The learning service's audit actions (authoring, the catalogue, credits, enrolments, reminders,
 * auto-assign and recurrence, workshops): names, target types and `change` shapes. Listed in its
 * module definition (./module.ts); `ctx.audit` accepts exactly these.
 */

/** A before/after pair (and whatever else the action adds). */
type Diff = { before?: unknown; after?: unknown; [key: string]: unknown };

export const LMS_AUDIT_ACTIONS = {
  // Learning (issue 13): authoring, the catalogue and credits
  'course.created': spec<Diff>()('write', 'course'),
  'course.updated': spec<Diff>()('write', 'course'),
  'course.cloned': spec<Diff>()('write', 'course'),
  'course.deleted': spec<Diff>()('write', 'course'),
  'course.archived': spec<Diff>()('write', 'course'),
  'course.draft_discarded': spec<Diff>()('write', 'course'),
  'course.published': spec<Diff>()('write', 'course'),
  'course.draft_created': spec<Diff>()('write', 'course'),
  'course.languages_set': spec<Diff>()('write', 'course'),
  'course.primary_language_set': spec<Diff>()('write', 'course'),
  'course.reordered': spec<Diff>()('write', 'course'),
  'course.cover_updated': spec<Diff>()('write', 'course'),
  'course.made_available': spec<Diff>()('write', 'course'),
  'lesson.created': spec<Diff>()('write', 'course_item'),
  'lesson.updated': spec<Diff>()('write', 'course_item'),
  'lesson.deleted': spec<Diff>()('write', 'course_item'),
  'lesson_block.created': spec<Diff>()('write', 'lesson_block'),
  'lesson_block.updated': spec<Diff>()('write', 'lesson_block'),
  'lesson_block.deleted': spec<Diff>()('write', 'lesson_block'),
  'lesson_block.file_uploaded': spec<Diff>()('write', 'lesson_block'),
  'quiz.created': spec<Diff>()('write', 'course_item'),
  'quiz.updated': spec<Diff>()('write', 'course_item'),
  'quiz.deleted': spec<Diff>()('write', 'course_item'),
  'quiz_question.created': spec<Diff>()('write', 'quiz_question'),
  'quiz_question.updated': spec<Diff>()('write', 'quiz_question'),
  'quiz_question.deleted': spec<Diff>()('write', 'quiz_question'),
  'quiz_question.reordered': spec<Diff>()('write', 'course_item'),
  'scorm.imported': spec<Diff>()('write', 'scorm_package'),
  'jurisdiction.created': spec<Diff>()('write', 'jurisdiction'),
  'jurisdiction.updated': spec<Diff>()('write', 'jurisdiction'),
  'jurisdiction.deleted': spec<Diff>()('write', 'jurisdiction'),
  'credits.requested': spec<Diff>()('write', 'credit_request'),
  'credits.granted': spec<Diff>()('write', 'credit_request'),
  'credits.rejected': spec<Diff>()('write', 'credit_request'),
  'credits.spent': spec<Diff>()('write', 'course'),
  'enrolment.created': spec<Diff>()('write', 'enrolment'),
  'course.reminders_sent': spec<Diff>()('write', 'course'),
  'course.reminder_settings_updated': spec<Diff>()('write', 'course'),
  'escalation_setting.saved': spec<Diff>()('write', 'escalation_setting'),
  'escalation_setting.deleted': spec<Diff>()('write', 'escalation_setting'),
  'enrolment.completed': spec<Diff>()('write', 'enrolment'),
  'enrolment.removed': spec<Diff>()('write', 'enrolment'),
  'enrolment.attempts_granted': spec<Diff>()('write', 'enrolment'),
  // Workshops (issue 21, item 13)
  'workshop.created': spec<Diff>()('write', 'workshop'),
  'workshop.updated': spec<Diff>()('write', 'workshop'),
  'workshop.cancelled': spec<Diff>()('write', 'workshop'),
  'workshop.attendance_marked': spec<{ accountId: string; method: 'TRAINER' | 'CODE'; courseCompleted: boolean }>()(
    'write',
    'workshop',
  ),
  'workshop.attendance_unmarked': spec<{ accountId: string }>()('write', 'workshop'),
  'workshop.check_in_refused': spec<{ reason: 'WRONG_CODE' }>()('write', 'workshop'),
  'workshop.code_shown': spec<{ round: number }>()('read', 'workshop'),
  'credits.refunded': spec<Diff>()('write', 'course'),
  // Auto-assign rules and recurring training (issue 14)
  'course.auto_assign_set': spec<Diff>()('write', 'course'),
  'course.auto_assign_reset': spec<Diff>()('write', 'course'),
  'course.auto_assign_failed': spec<Diff>()('write', 'course'),
  'course.recurrence_set': spec<Diff>()('write', 'course'),
  'course.higher_risk_set': spec<Diff>()('write', 'course'),
  'enrolment.cycle_started': spec<Diff>()('write', 'enrolment'),
} as const;

type LmsAuditActions = typeof LMS_AUDIT_ACTIONS;
declare module '../../core/audit.ts' {
  interface AuditCatalogue extends LmsAuditActions {}
}
