import { z } from 'zod';
import { ZPagedResult, ZUuid } from './common.ts';
import { ZPlainDate } from './invites.ts';

/**
 * `POST /api/audit` (body) and `GET /api/audit/export` (query): which entries of the workspace's
 * audit log to list. Dates are whole days in the workspace's time zone, both ends included.
 */
export const ZAuditListRequest = z.object({
  /** Part of a person's name, email or username: entries that person did (actor) or that were done to them (subject). */
  person: z.string().trim().max(200).optional(),
  /** One action key exactly as recorded, e.g. `user.updated`. */
  action: z.string().trim().max(100).optional(),
  /** First day (YYYY-MM-DD) in the workspace's time zone. */
  from: ZPlainDate.optional(),
  /** Last day (YYYY-MM-DD) in the workspace's time zone, included. */
  to: ZPlainDate.optional(),
});
export type TAuditListRequest = z.infer<typeof ZAuditListRequest>;

/** A person an entry names: the one acting, or the one acted on. */
export const ZAuditPerson = z.object({
  accountId: ZUuid,
  /** First and last name; empty when the account no longer belongs to the workspace (then only the id is known). */
  name: z.string(),
  email: z.string().nullable(),
});
export type TAuditPerson = z.infer<typeof ZAuditPerson>;

/** One entry of the audit log: who did what to whom, and when. */
export const ZAuditEntry = z.object({
  id: ZUuid,
  /** ISO timestamp. */
  occurredAt: z.string(),
  /** The action key as recorded (`user.updated`); the web shows it as words and an unknown key as it is. */
  action: z.string(),
  /** Who did it; null for the system (a job) or an anonymous caller. */
  actor: ZAuditPerson.nullable(),
  /** What kind of record it was done to (`user`, `branch`, …); null when the action has no target. */
  targetType: z.string().nullable(),
  targetId: z.string().nullable(),
  /** The target as a person reads it (a person's or a unit's name), when the record still exists. */
  targetLabel: z.string().nullable(),
  /** The person acted on, when the target is an account. */
  subject: ZAuditPerson.nullable(),
  ip: z.string().nullable(),
  /** What changed (`before`, `after`, …), as recorded. */
  details: z.record(z.string(), z.unknown()).nullable(),
  /**
   * The names of the records the details mention by id (a course's title, a person's, a business
   * unit's or a department's name), as the reader may see them; an id with no name here is shown as it is.
   */
  names: z.record(z.string(), z.string()),
});
export type TAuditEntry = z.infer<typeof ZAuditEntry>;

export const ZAuditPage = ZPagedResult(ZAuditEntry);
export type TAuditPage = z.infer<typeof ZAuditPage>;

/** `GET /api/audit/export`: the filter and the file's format. */
export const ZAuditExportQuery = ZAuditListRequest.extend({
  format: z.enum(['csv', 'xlsx']).default('csv'),
});
export type TAuditExportQuery = z.infer<typeof ZAuditExportQuery>;

/**
 * Every action the server's audit catalogue (apps/server/src/core/audit.ts `AUDIT_ACTIONS`) records,
 * in the order the audit log's action filter offers them. A server test keeps the two lists equal;
 * the web has a label for each in every language (an unknown key is still shown, as it is).
 */
export const AUDIT_ACTION_KEYS = [
  'auth.signin.success',
  'auth.signin.failure',
  'auth.signout',
  'auth.handoff.used',
  'auth.otp.send',
  'auth.password.reset_requested',
  'auth.password.reset',
  'auth.email.confirm',
  'auth.email.confirmation_sent',
  'auth.oidc.callback.success',
  'auth.oidc.callback.failure',
  'user.profile.updated',
  'user.first_login.completed',
  'invite.created',
  'invite.resent',
  'invite.revoked',
  'invite.bulk_created',
  'invite.claimed',
  'invite.renewal_requested',
  'invite.self_signup',
  'template.updated',
  'user.updated',
  'user.deleted',
  'user.bulk_created',
  'user.profile_image.updated',
  'user.profile_image.removed',
  'users.delete_by_file.previewed',
  'account.anonymised',
  'permission.updated',
  'workspace.settings.updated',
  'workspace.logo.updated',
  'workspace.logo.removed',
  'workspace.color-changed',
  'branch.created',
  'branch.updated',
  'branch.color-changed',
  'branch.deleted',
  'branch.logo-updated',
  'branch.logo-removed',
  'department.created',
  'department.renamed',
  'department.deleted',
  'department.manager-added',
  'department.manager-removed',
  'audit.exported',
  'users.exported',
  'user.password.changed',
  'user.one_time_password.issued',
  'course.created',
  'course.updated',
  'course.cloned',
  'course.deleted',
  'course.archived',
  'course.draft_discarded',
  'course.published',
  'course.draft_created',
  'course.languages_set',
  'course.primary_language_set',
  'course.reordered',
  'course.cover_updated',
  'course.made_available',
  'lesson.created',
  'lesson.updated',
  'lesson.deleted',
  'lesson_block.created',
  'lesson_block.updated',
  'lesson_block.deleted',
  'lesson_block.file_uploaded',
  'quiz.created',
  'quiz.updated',
  'quiz.deleted',
  'quiz_question.created',
  'quiz_question.updated',
  'quiz_question.deleted',
  'quiz_question.reordered',
  'scorm.imported',
  'jurisdiction.created',
  'jurisdiction.updated',
  'jurisdiction.deleted',
  'compliance_category.created',
  'compliance_category.updated',
  'compliance_category.deleted',
  'obligation.created',
  'obligation.updated',
  'obligation.retired',
  'obligation.deleted',
  'credits.requested',
  'credits.granted',
  'credits.rejected',
  'credits.spent',
  'enrolment.created',
  'course.members_exported',
  'course.reminders_sent',
  'course.reminder_settings_updated',
  'escalation_setting.saved',
  'escalation_setting.deleted',
  'committee.created',
  'committee.updated',
  'committee.order_uploaded',
  'committee.dissolved',
  'workflow.created',
  'workflow.updated',
  'workflow.form_changed',
  'workflow.stages_changed',
  'workflow.published',
  'workflow.version_started',
  'enrolment.completed',
  'enrolment.removed',
  'enrolment.attempts_granted',
  'workshop.created',
  'workshop.updated',
  'workshop.cancelled',
  'workshop.attendance_marked',
  'workshop.attendance_unmarked',
  'workshop.check_in_refused',
  'workshop.code_shown',
  'credits.refunded',
  'course.auto_assign_set',
  'course.auto_assign_reset',
  'course.auto_assign_failed',
  'course.recurrence_set',
  'course.higher_risk_set',
  'enrolment.cycle_started',
  'feature-flag.updated',
  'workspace.created',
  // --- contract ---
  'workspace.user_limit_changed',
  'workspace.contract_expiry_changed',
  // --- lifecycle ---
  'workspace.host_changed',
  'workspace.retired',
  'workspace.restored',
  'workspace.purged',
  'workspace.navigation-changed',
  'workspace.whitelist-changed',
  // --- compliance register: the engine (issue 24) ---
  'obligation_answer.applicability_changed',
  'obligation_occurrence.closed_by_source',
  'obligation_occurrence.escalated',
  // --- compliance register: answers, evidence, review, calendar (issue 24) ---
  'compliance_answer.updated',
  'compliance_evidence.added',
  'compliance_evidence.downloaded',
  'compliance_occurrence.reviewed',
  'compliance_event.recorded',
  'compliance_calendar_feed.created',
  'compliance_calendar_feed.revoked',
] as const;
