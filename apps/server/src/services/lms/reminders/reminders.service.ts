import type {
  TCourseDueReminderSettings,
  TCourseDueReminderState,
  TCourseReminderRequest,
  TCourseReminderResult,
  TReminderToggle,
} from '@app/contract';
import type { Config } from '../../../core/config.ts';
import type { Ctx } from '../../../core/context.ts';

import type { Tx } from '../../../core/db/database.ts';
import { dateInZone } from '../../../core/deadlines.ts';
import { errors } from '../../../core/errors.ts';
import type { JobRun } from '../../../core/job-context.ts';
import type { NewJob, Queues } from '../../../core/jobs.ts';
import { mailLanguage, renderMail } from '../../../core/messages/index.ts';
import { workspaceBrand } from '../../../core/messages/messages.repo.ts';
import { type Actor, actorOf, allowedActions, authorize } from '../../../core/policy.ts';
import { workspaceTimeZone } from '../../../core/time-zone.repo.ts';
import { daysOverdue } from '../enrolments/due.ts';
import { findCourse } from '../enrolments/enrolments.repo.ts';
import { readAssignmentSettings } from '../enrolments/settings.repo.ts';
import type { CourseNoticeKind } from '../queues.ts';
import { courseMail, ESCALATIONS, mailDate } from './course-mail.ts';
import { reminderPolicy } from './reminders.policy.ts';
import * as repo from './reminders.repo.ts';

/**
 * Course reminders and escalation (issue 14; docs/learning-design.md §7). Every mail is a job: a
 * `lms.course-notice` job per (enrolment, cycle, kind, day) — enqueued by the assignment, by "send
 * now" or by the daily pass — whose handler writes the reminder log's row and the `mail.send`
 * jobs in one transaction. The log's unique key makes a notice at most once.
 */

type NoticeData = Queues['lms.course-notice'];

/** The idempotency key of a notice job: one per (enrolment, cycle, kind, day). */
export const noticeKey = (d: Pick<NoticeData, 'enrolmentId' | 'cycle' | 'kind' | 'day'>) =>
  `course-notice:${d.enrolmentId}:${d.cycle}:${d.kind}:${d.day}`;

/** The notice jobs of `kind` on `day` for these enrolments. */
export function noticeJobs(
  workspaceId: string,
  enrolments: Array<{ id: string; cycle?: number }>,
  kind: CourseNoticeKind,
  day: string,
  sentBy: string | null = null,
): NewJob[] {
  return enrolments.map((e) => {
    const data: NoticeData = { workspaceId, enrolmentId: e.id, cycle: e.cycle ?? 1, kind, day, sentBy };
    return { queue: 'lms.course-notice', key: noticeKey(data), data };
  });
}

/**
 * Enqueues the "you have been assigned" notice of new enrolments in the caller's transaction
 * (createEnrolments), for the day in the workspace's zone.
 */
export async function enqueueAssigned(
  ctx: Pick<Ctx, 'jobs' | 'clock'>,
  tx: Tx,
  workspaceId: string,
  enrolments: Array<{ id: string }>,
  sentBy: string | null,
): Promise<void> {
  if (enrolments.length === 0) return;
  const day = dateInZone(ctx.clock.now(), await workspaceTimeZone(tx, workspaceId));
  await ctx.jobs.enqueueAll(tx, noticeJobs(workspaceId, enrolments, 'ASSIGNED', day, sentBy));
}

/** `scheme://host` of a workspace for links in mail sent outside a request. */
export function workspaceOrigin(config: Pick<Config, 'env'>, host: string): string {
  return `${config.env === 'production' ? 'https' : 'http'}://${host}`;
}

/** Kinds that make no sense once the cycle is completed (all but the expiry notice). */
const FOR_UNFINISHED: readonly CourseNoticeKind[] = [
  'ASSIGNED',
  'MANUAL',
  'BEFORE_DUE',
  'AFTER_DUE',
  'ESCALATION_1',
  'ESCALATION_2',
  'NEW_CYCLE',
];
/** Kinds the course's "automatic reminders" switch turns off. */
const AUTOMATIC: readonly CourseNoticeKind[] = ['BEFORE_DUE', 'AFTER_DUE', 'EXPIRY_NOTICE'];

/** What the handler did, for logs and tests. */
export type NoticeOutcome = { sent: number } | { skipped: string };

/**
 * The `lms.course-notice` handler: loads the enrolment (skips what no longer makes sense: removed,
 * finished, a cycle that moved on, reminders switched off, an escalation already sent this cycle),
 * writes the reminder log's row (on conflict nothing: never twice) and, in the same transaction,
 * one `mail.send` job per recipient in that recipient's language, with the workspace's branding.
 */
export async function handleCourseNotice(job: JobRun, data: NoticeData): Promise<NoticeOutcome> {
  const ctx = job.ctx(data.workspaceId);
  return ctx.tenant(async (tx) => {
    const e = await repo.findNoticeEnrolment(tx, data.enrolmentId);
    if (!e || e.workspaceId !== data.workspaceId) return { skipped: 'no such enrolment' };
    if (e.status !== 'ACTIVE') return { skipped: 'removed' };
    if (e.cycle !== data.cycle) return { skipped: 'cycle moved on' };
    if (FOR_UNFINISHED.includes(data.kind) && e.completedAt) return { skipped: 'completed' };
    if (data.kind === 'EXPIRY_NOTICE' && (!e.completedAt || !e.expiresAt)) return { skipped: 'nothing expires' };
    if (AUTOMATIC.includes(data.kind) && !e.remindersEnabled) return { skipped: 'reminders off' };
    if (!e.memberActive) return { skipped: 'learner not an active member' };

    let recipients: repo.Recipient[];
    if (data.kind === 'ESCALATION_1' || data.kind === 'ESCALATION_2') {
      if (await repo.hadNotice(tx, e.id, e.cycle, data.kind)) return { skipped: 'escalated already' };
      if (data.kind === 'ESCALATION_1') {
        recipients = e.departmentId ? await repo.departmentManagers(tx, e.workspaceId, e.departmentId) : [];
      } else {
        const setting = await repo.effectiveEscalation(tx, e.workspaceId, e.branchId);
        if (!setting?.enabled) return { skipped: 'escalation off' };
        const target = setting.targetId ? await repo.activeMember(tx, e.workspaceId, setting.targetId) : undefined;
        recipients = target ? [target] : [];
      }
    } else {
      recipients = [{ accountId: e.accountId, email: e.email, firstName: e.firstName, language: e.language }];
    }
    const withMail = recipients.filter((r) => r.email);
    const fresh = await repo.insertReminder(tx, {
      workspaceId: e.workspaceId,
      enrolmentId: e.id,
      cycle: e.cycle,
      kind: data.kind,
      day: data.day,
      recipients: withMail.length,
      sentBy: data.sentBy ?? null,
    });
    if (!fresh) return { skipped: 'sent already' };
    if (['MANUAL', 'BEFORE_DUE', 'AFTER_DUE'].includes(data.kind)) await repo.markReminded(tx, e.id);
    if (withMail.length === 0) return { sent: 0 };

    const origin = workspaceOrigin(ctx.config, e.host);
    const brand = await workspaceBrand(tx, origin, e.workspaceId);
    const titles = await repo.courseTitles(tx, e.courseVersionId);
    const escalation = ESCALATIONS.includes(data.kind);
    const link = escalation ? `${origin}/courses/${e.courseId}/learners` : `${origin}/learning/${e.id}`;
    const learner = [e.firstName, e.lastName].filter(Boolean).join(' ') || (e.email ?? '');
    const now = ctx.clock.now();
    const overdue = e.dueAt ? daysOverdue(e.dueAt, now, e.timeZone) : 0;
    const jobs: NewJob[] = withMail.map((r) => {
      const lang = mailLanguage(brand, r.language);
      const mail = courseMail(data.kind, lang, {
        company: brand.name,
        firstName: r.firstName ?? '',
        course: titles.get(lang) ?? titles.get('') ?? '',
        learner,
        due: e.dueAt ? mailDate(e.dueAt, lang, e.timeZone) : null,
        daysOverdue: overdue,
        expires: e.expiresAt ? mailDate(e.expiresAt, lang, e.timeZone) : null,
        link,
      });
      return {
        queue: 'mail.send',
        key: `${noticeKey(data)}:${r.accountId}`,
        data: { workspaceId: e.workspaceId, to: r.email!, ...renderMail(brand, mail, lang) },
      };
    });
    await ctx.jobs.enqueueAll(tx, jobs);
    return { sent: jobs.length };
  });
}

/** Batches of enrolments the daily pass reads (and enqueues notices for) per transaction. */
export const PASS_BATCH = 500;

/**
 * The daily `lms.reminders-pass` (per workspace zone, 09:00): for each active workspace of the
 * zone (every active workspace, each in its own zone, when fired without one), pages through the
 * enrolments owed a notice today (repo.passBatch) and enqueues one `lms.course-notice` job each,
 * keyed by (enrolment, cycle, kind, day): a pass run twice the same day enqueues (and mails) once.
 */
export async function runRemindersPass(
  job: JobRun,
  timeZone?: string,
): Promise<{ workspaces: number; queued: number }> {
  const workspaces = await job
    .ctx(null)
    .platform({ action: 'lms.reminders-pass', audit: false }, (tx) => repo.activeWorkspaces(tx, timeZone));
  let queued = 0;
  const now = job.deps.clock.now();
  for (const ws of workspaces) {
    const today = dateInZone(now, ws.timeZone);
    const ctx = job.ctx(ws.id);
    let after = repo.FIRST_ID;
    for (;;) {
      const n = await ctx.tenant(async (tx) => {
        const rows = await repo.passBatch(tx, {
          workspaceId: ws.id,
          zone: ws.timeZone,
          today,
          after,
          limit: PASS_BATCH,
        });
        const jobs: NewJob[] = [];
        for (const r of rows) {
          const kinds: CourseNoticeKind[] = [];
          if (r.beforeDue) kinds.push('BEFORE_DUE');
          if (r.afterDue) kinds.push('AFTER_DUE');
          if (r.escalation1) kinds.push('ESCALATION_1');
          if (r.escalation2) kinds.push('ESCALATION_2');
          if (r.expiry) kinds.push('EXPIRY_NOTICE');
          for (const kind of kinds) jobs.push(...noticeJobs(ws.id, [r], kind, today));
        }
        if (jobs.length > 0) await ctx.jobs.enqueueAll(tx, jobs);
        queued += jobs.length;
        if (rows.length > 0) after = rows.at(-1)!.id;
        return rows.length;
      });
      if (n < PASS_BATCH) break;
    }
  }
  return { workspaces: workspaces.length, queued };
}

// Routes

/** A workspace member (reminders are a workspace's), else 403. */
function member(ctx: Ctx): Actor {
  if (ctx.workspaceId === null) throw errors.forbidden('SEND_REMINDERS');
  return actorOf(ctx);
}

/** The course as this workspace sees it (its own, or an available catalogue course), once `reminderPolicy` allows `action` on it. */
async function courseOf(tx: Tx, actor: Actor, courseId: string, action: 'view' | 'edit' | 'send') {
  const found = await findCourse(tx, courseId);
  const course = found && (found.workspaceId === null || found.workspaceId === actor.workspaceId) ? found : null;
  authorize(actor, reminderPolicy, action, course);
  return course!;
}

/**
 * "Send reminder now": a MANUAL notice to everyone enrolled and not finished (or to the people
 * named), at most one per learner and day (the reminder log's key, the job's key).
 */
export function sendNow(ctx: Ctx, body: TCourseReminderRequest): Promise<TCourseReminderResult> {
  const actor = member(ctx);
  authorize(actor, reminderPolicy, 'send', { id: body.courseId });
  return ctx.tenant(async (tx, t) => {
    const course = await courseOf(tx, actor, body.courseId, 'send');
    const day = dateInZone(ctx.clock.now(), await workspaceTimeZone(tx, t.workspaceId));
    const named = body.userIds ? [...new Set(body.userIds)] : undefined;
    const open = await repo.openEnrolments(tx, t.workspaceId, course.id, day, named);
    const due = open.filter((e) => !e.remindedToday);
    const alreadyReminded = open.length - due.length;
    await ctx.jobs.enqueueAll(tx, noticeJobs(t.workspaceId, due, 'MANUAL', day, actor.accountId));
    const skipped = named ? named.length - open.length : 0;
    await ctx.audit('course.reminders_sent', course.id, {
      after: { queued: due.length, alreadyReminded, skipped, named: named?.length ?? null },
    });
    return { queued: due.length, alreadyReminded, skipped };
  });
}

function toSettings(courseId: string, s: repo.ReminderSettingsRow): TCourseDueReminderSettings {
  return {
    courseId,
    remindersEnabled: s.remindersEnabled,
    remindBeforeDays: s.remindBeforeDays,
    remindAfterEveryDays: s.remindAfterEveryDays,
    expiryNoticeDays: s.expiryNoticeDays,
  };
}

/** The settings as answered: with the actions the caller may take on the course's reminders. */
const withActions = (actor: Actor, course: { id: string }, s: TCourseDueReminderSettings): TCourseDueReminderState => ({
  ...s,
  actions: allowedActions(actor, reminderPolicy, course).filter((a) => a !== 'view'),
});

export function getDueReminder(ctx: Ctx, courseId: string): Promise<TCourseDueReminderState> {
  const actor = member(ctx);
  authorize(actor, reminderPolicy, 'view', { id: courseId });
  return ctx.tenant(async (tx, t) => {
    const course = await courseOf(tx, actor, courseId, 'view');
    return withActions(
      actor,
      course,
      toSettings(course.id, await readAssignmentSettings(tx, t.workspaceId, course.id)),
    );
  });
}

async function changeSettings(
  ctx: Ctx,
  courseId: string,
  change: Partial<repo.ReminderSettingsRow>,
): Promise<TCourseDueReminderState> {
  const actor = member(ctx);
  authorize(actor, reminderPolicy, 'edit', { id: courseId });
  return ctx.tenant(async (tx, t) => {
    const course = await courseOf(tx, actor, courseId, 'edit');
    const before = toSettings(course.id, await readAssignmentSettings(tx, t.workspaceId, course.id));
    await repo.upsertReminderSettings(tx, {
      workspaceId: t.workspaceId,
      courseId: course.id,
      actor: actor.accountId,
      ...change,
    });
    const after = toSettings(course.id, await readAssignmentSettings(tx, t.workspaceId, course.id));
    await ctx.audit('course.reminder_settings_updated', course.id, { before, after });
    return withActions(actor, course, after);
  });
}

export function setDueReminder(ctx: Ctx, body: TCourseDueReminderSettings): Promise<TCourseDueReminderState> {
  const { courseId, ...change } = body;
  return changeSettings(ctx, courseId, change);
}

export function toggleReminders(ctx: Ctx, courseId: string, body: TReminderToggle): Promise<TCourseDueReminderState> {
  return changeSettings(ctx, courseId, { remindersEnabled: body.enabled });
}
