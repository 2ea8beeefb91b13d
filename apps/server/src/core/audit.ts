import { auditLog } from '../db/schema.ts';
import type { Tx } from './db/database.ts';

/** One entry of the append-only audit trail, as stored. */
export type AuditEntry = {
  workspaceId: string | null;
  action: string;
  actorAccountId?: string | null;
  targetType?: string | null;
  targetId?: string | null;
  ip?: string | null;
  traceId?: string | null;
  details?: Record<string, unknown> | null;
};

/** What an entry records: a change (a command) or a read of something sensitive. */
export type AuditKind = 'write' | 'read';

/** The kinds of record an entry points at. */
export type AuditTargetType =
  | 'account'
  | 'branch'
  | 'department'
  | 'email_template'
  | 'feature_flag'
  | 'invitation'
  | 'permission'
  | 'session'
  | 'user'
  | 'workspace'
  | 'course'
  | 'course_item'
  | 'credit_request'
  | 'enrolment'
  | 'escalation_setting'
  | 'jurisdiction'
  | 'lesson_block'
  | 'quiz_question'
  | 'scorm_package'
  | 'workshop';

/** One action of the catalogue: its kind, the type of its target (null: none) and the shape of its `change`. */
export type AuditActionSpec<K extends AuditKind, T extends AuditTargetType | null, C> = {
  kind: K;
  target: T;
  /** Never set: carries the type of `change` for `ctx.audit`. */
  readonly change?: C;
};

/** `spec<Change>()(kind, target)`: an action whose `change` has the shape `Change` (null: nothing to record). */
const spec =
  <C>() =>
  <const K extends AuditKind, const T extends AuditTargetType | null>(
    kind: K,
    target: T,
  ): AuditActionSpec<K, T, C> => ({
    kind,
    target,
  });

/** A before/after pair (and whatever else the action adds). */
type Diff = { before?: unknown; after?: unknown; [key: string]: unknown };
/** The answer to a request that sends a code or a link, whether or not it was sent. */
type Send = { target: string; sent: boolean; reason?: string; channel?: string; invitation?: boolean };
/** Why a sign-in failed (the caller answers the same for all of them). */
type SignInFailure = { method: string; reason: string; identifier?: string };

/**
 * Every action the platform audits. `ctx.audit(action, targetId, change)` accepts only these, with
 * the `change` shape given here; the target's type is taken from here. Reads (`kind: 'read'`) are
 * audited like changes: in the transaction that reads.
 */
export const AUDIT_ACTIONS = {
  // Sign-in and sessions
  'auth.signin.success': spec<{ method: string } & Record<string, unknown>>()('write', 'session'),
  'auth.signin.failure': spec<SignInFailure>()('write', null),
  'auth.signout': spec<null>()('write', 'session'),
  'auth.handoff.used': spec<{ method: string }>()('write', null),
  'auth.otp.send': spec<Send>()('write', null),
  'auth.password.reset_requested': spec<Send>()('write', null),
  'auth.password.reset': spec<
    { result: 'success'; sessionsRevoked: number } | { target: string; result: 'failure'; reason: string }
  >()('write', 'account'),
  'auth.email.confirm': spec<{ result: 'success' | 'failure' }>()('write', 'account'),
  'auth.email.confirmation_sent': spec<Send>()('write', null),
  'auth.oidc.callback.success': spec<{ provider: string; matchedBy: string }>()('write', null),
  'auth.oidc.callback.failure': spec<{ reason: string; provider?: string } & Record<string, unknown>>()('write', null),
  // The signed-in person's own account
  'user.profile.updated': spec<{ fields: string[]; name?: { before: string; after: string } }>()('write', 'account'),
  'user.first_login.completed': spec<null>()('write', 'account'),
  'user.password.changed': spec<
    { result: 'success'; otherSessionsEnded: number } | { result: 'failure'; reason: string }
  >()('write', 'account'),
  // Invitations
  'invite.created': spec<Diff>()('write', 'invitation'),
  'invite.resent': spec<Record<string, unknown>>()('write', 'invitation'),
  'invite.revoked': spec<Diff>()('write', 'invitation'),
  'invite.bulk_created': spec<{ after: Record<string, unknown>; rows: unknown[] }>()('write', 'invitation'),
  'invite.claimed': spec<{ newAccount: boolean; role: string; proof: 'code' | 'password' }>()('write', 'invitation'),
  'invite.renewal_requested': spec<{ notified: number } | Send>()('write', 'invitation'),
  'template.updated': spec<Diff>()('write', 'email_template'),
  // Users
  'user.updated': spec<Diff>()('write', 'user'),
  'user.one_time_password.issued': spec<{ sessionsEnded: number }>()('write', 'user'),
  'user.deleted': spec<{ before: unknown; erased: { profileImageKey: string | null } }>()('write', 'user'),
  'user.bulk_created': spec<{ after: Record<string, unknown>; rows: unknown[] }>()('write', 'user'),
  'user.profile_image.updated': spec<Diff>()('write', 'user'),
  'user.profile_image.removed': spec<Diff>()('write', 'user'),
  'users.exported': spec<{ format: 'csv' | 'xlsx'; filter: Record<string, unknown>; rows: number }>()('read', 'user'),
  'users.delete_by_file.previewed': spec<{ totalRows: number; matched: string[]; problems: number }>()('read', 'user'),
  'account.anonymised': spec<null>()('write', 'account'),
  'permission.updated': spec<Diff>()('write', 'permission'),
  // The workspace and its organisation
  'workspace.settings.updated': spec<Diff>()('write', 'workspace'),
  'workspace.logo.updated': spec<Diff>()('write', 'workspace'),
  'workspace.logo.removed': spec<Diff>()('write', 'workspace'),
  'workspace.color-changed': spec<Diff>()('write', 'workspace'),
  'branch.created': spec<Diff>()('write', 'branch'),
  'branch.updated': spec<Diff>()('write', 'branch'),
  'branch.color-changed': spec<Diff>()('write', 'branch'),
  'branch.deleted': spec<Diff>()('write', 'branch'),
  'branch.logo-updated': spec<Diff>()('write', 'branch'),
  'branch.logo-removed': spec<Diff>()('write', 'branch'),
  'department.created': spec<Diff>()('write', 'department'),
  'department.renamed': spec<Diff>()('write', 'department'),
  'department.deleted': spec<Diff>()('write', 'department'),
  'department.manager-added': spec<Diff>()('write', 'department'),
  'department.manager-removed': spec<Diff>()('write', 'department'),
  // The audit log itself: reading it is not recorded per row, exporting it is
  'audit.exported': spec<{ format: 'csv' | 'xlsx'; filter: Record<string, unknown>; rows: number }>()('read', null),
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
  // A course's learners as CSV (issue 22 §6: reads of sensitive exports are audited; ids and counts only)
  'course.members_exported': spec<{ format: 'csv'; rows: number }>()('read', 'course'),
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
  // The platform operator
  'feature-flag.updated': spec<Diff>()('write', 'feature_flag'),
} as const;

export type AuditAction = keyof typeof AUDIT_ACTIONS;
/** The shape of an action's `change`. */
export type AuditChange<A extends AuditAction> = Exclude<(typeof AUDIT_ACTIONS)[A]['change'], undefined>;

/** Who and where, when the request's own (the signed-in caller, the host's workspace) is not it. */
export type AuditAs = {
  /** The account acting, e.g. the one signing in; default: the signed-in caller. */
  actorAccountId?: string | null;
  /** Default: the request's workspace (null on the platform host). */
  workspaceId?: string | null;
};

/** `ctx.audit`: records one catalogued action in the transaction the request's handle opened. */
export type AuditFn = {
  <A extends AuditAction>(action: A, targetId: string | null, change: AuditChange<A>, as?: AuditAs): Promise<void>;
  /** One action on many targets, in one statement per thousand (a delete of 10,000 users). */
  many<A extends AuditAction>(
    action: A,
    entries: Array<{ targetId: string | null; change: AuditChange<A> }>,
    as?: AuditAs,
  ): Promise<void>;
};

/** What `auditFor` fills every entry with. */
export type AuditContext = {
  workspaceId: string | null;
  actorAccountId: string | null;
  traceId: string;
  ip: string;
};

/**
 * The `ctx.audit` of a request: entries from the catalogue, with actor, workspace, trace id and IP
 * filled from the request, written in the transaction `currentTx()` returns (the one the request's
 * tenant or platform handle opened; outside one it throws, so an entry cannot land on its own).
 */
export function auditFor(from: AuditContext, currentTx: () => Tx): AuditFn {
  const entry = (action: AuditAction, targetId: string | null, change: unknown, as?: AuditAs): AuditEntry => ({
    workspaceId: as?.workspaceId !== undefined ? as.workspaceId : from.workspaceId,
    action,
    actorAccountId: as?.actorAccountId !== undefined ? as.actorAccountId : from.actorAccountId,
    targetType: targetId === null ? null : AUDIT_ACTIONS[action].target,
    targetId,
    ip: from.ip,
    traceId: from.traceId,
    details: (change as Record<string, unknown> | null) ?? null,
  });
  const fn = (async (action, targetId, change, as) =>
    writeAuditEntries(currentTx(), entry(action, targetId, change, as))) as AuditFn;
  fn.many = async (action, entries, as) =>
    writeAuditEntries(
      currentTx(),
      entries.map((e) => entry(action, e.targetId, e.change, as)),
    );
  return fn;
}

/** Rows per INSERT: 8 parameters each stays far below PostgreSQL's 65,535. */
const CHUNK = 1000;

/**
 * Writes audit entries inside the caller's transaction, so that they land with the change or not
 * at all: one entry, or many in one statement per thousand. The low-level writer, for core code
 * that runs outside a request (jobs, the platform path's own entry); services use `ctx.audit`.
 */
export async function writeAuditEntries(tx: Tx, entries: AuditEntry | AuditEntry[]): Promise<void> {
  const rows = (Array.isArray(entries) ? entries : [entries]).map((entry) => ({
    workspaceId: entry.workspaceId,
    action: entry.action,
    actorAccountId: entry.actorAccountId ?? null,
    targetType: entry.targetType ?? null,
    targetId: entry.targetId ?? null,
    ip: entry.ip ?? null,
    traceId: entry.traceId ?? null,
    details: entry.details ?? null,
  }));
  for (let i = 0; i < rows.length; i += CHUNK) await tx.insert(auditLog).values(rows.slice(i, i + CHUNK));
}
