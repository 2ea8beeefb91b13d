import { dateInZone, startOfDateInZone, withinDaysInZone } from '../../../core/deadlines.ts';
import { AppError } from '../../../core/errors.ts';
import type { CoreEvents } from '../../../core/events.ts';
import type { JobRun } from '../../../core/job-context.ts';
import type { Queues } from '../../../core/jobs.ts';
import { activeWorkspacesInZone, workspaceTimeZone } from '../../../core/time-zone.repo.ts';
import { startNewCycle } from '../enrolments/cycles.ts';
import { createEnrolments } from '../enrolments/enrolments.service.ts';
import * as repo from './automation.repo.ts';

/**
 * The jobs of auto-assign and recurring training (docs/learning-design.md §7; queues in ../queues.ts):
 * `lms.auto-assign` (a new joiner), `lms.recurrence-pass` (daily, per workspace zone) and
 * `lms.course-updated` (a course published a new version), and the learning module's handlers of
 * the core events `member.joined` and `member.moved`. Each is harmless to run twice.
 */

/** Enrolments handled per transaction by the passes. */
const BATCH = 200;

/**
 * `member.joined` (core event, a job written in the transaction the members joined in: invitation
 * claim, bulk import): one `lms.auto-assign` job per new member, written only when the workspace
 * uses learning and has an enabled rule (so a bulk import into a workspace without rules writes
 * none). The day they joined is the event's time in the workspace's zone (used when no joining date
 * is recorded). Harmless twice: the jobs' keys are per member.
 */
export async function onMemberJoined(event: CoreEvents['member.joined'], job: JobRun): Promise<void> {
  const ctx = job.ctx(event.workspaceId);
  await ctx.tenant(async (tx) => {
    if (!(await repo.autoAssignActive(tx, event.workspaceId))) return;
    const joinedOn = dateInZone(new Date(event.at), await workspaceTimeZone(tx, event.workspaceId));
    await ctx.jobs.enqueueAll(
      tx,
      event.accountIds.map((accountId) => ({
        queue: 'lms.auto-assign' as const,
        data: { workspaceId: event.workspaceId, accountId, joinedOn },
        key: `auto-assign:${event.workspaceId}:${accountId}`,
      })),
    );
  });
}

/**
 * Enrols a new member on the course of every enabled rule they match, due `due_days` after their
 * joining date (else the day they joined: the job's `joinedOn`, else the membership's creation), at the end of that day in the workspace's zone; source
 * AUTO. Each course in its own transaction: a catalogue course without credits (or archived since)
 * enrols nothing for that course and is recorded (`course.auto_assign_failed`), not retried — the
 * administrator enrols them later (the rule's "apply to existing now" does it once credits arrive).
 */
export async function runAutoAssign(data: Queues['lms.auto-assign'], job: JobRun): Promise<void> {
  const { id: jobId, log } = job;
  const ctx = job.ctx(data.workspaceId);
  const plan = await ctx.tenant(async (tx) => {
    if (!(await repo.lmsOn(tx, data.workspaceId))) return null;
    const zone = await workspaceTimeZone(tx, data.workspaceId);
    const joiner = await repo.findJoiner(tx, data.workspaceId, data.accountId, zone, data.joinedOn ?? null);
    if (!joiner) return null;
    return {
      zone,
      joining: joiner.joining,
      rules: await repo.matchingRules(tx, data.workspaceId, data.accountId, joiner),
    };
  });
  if (!plan) return;
  for (const rule of plan.rules) {
    const dueAt = withinDaysInZone(startOfDateInZone(plan.joining, plan.zone), rule.dueDays, plan.zone);
    try {
      await ctx.tenant((tx) =>
        createEnrolments(ctx, tx, {
          workspaceId: data.workspaceId,
          courseId: rule.courseId,
          accountIds: [data.accountId],
          dueAts: new Map([[data.accountId, dueAt]]),
          source: 'AUTO',
          autoRuleId: rule.id,
        }),
      );
    } catch (err) {
      if (!(err instanceof AppError) || err.status !== 409) throw err;
      const reason = String(err.params?.reason ?? err.code);
      log.warn?.({ jobId, courseId: rule.courseId, reason }, 'lms.auto-assign: not enrolled');
      await ctx.tenant((_tx) =>
        ctx.audit('course.auto_assign_failed', rule.courseId, {
          after: { accountId: data.accountId, ruleId: rule.id, reason },
        }),
      );
    }
  }
}

/**
 * `member.moved` (core event, a job written in the transaction of the administrator's edit): moved
 * into a department that a course marks higher-risk (SOR/2020-130 s.12(4): "assigned to a
 * higher-risk role"), a member who has completed that course starts a new cycle of it, due the
 * course's "new cycle due" days later (the NEW_CYCLE notice tells them). Answers how many started.
 * Harmless twice: a started cycle is not completed, so a second run finds nothing to start.
 */
export async function onMemberMoved(event: CoreEvents['member.moved'], job: JobRun): Promise<number> {
  const departmentId = event.to.departmentId;
  if (!departmentId || departmentId === event.from.departmentId) return 0;
  const ctx = job.ctx(event.workspaceId);
  return ctx.tenant(async (tx) => {
    const ids = await repo.higherRiskEnrolments(tx, event.workspaceId, event.accountId, departmentId);
    for (const id of ids) await startNewCycle(ctx, tx, id, 'REASSIGNED');
    return ids.length;
  });
}

/** The workspaces a per-zone pass works on: those in `timeZone` (all active ones without it), learning on. */
async function passWorkspaces(job: JobRun, action: string, timeZone: string | undefined): Promise<string[]> {
  return job.ctx(null).platform({ action, audit: false }, async (tx) => {
    const ids = timeZone ? await activeWorkspacesInZone(tx, timeZone) : await repo.activeWorkspaceIds(tx);
    const on: string[] = [];
    for (const id of ids) if (await repo.lmsOn(tx, id)) on.push(id);
    return on;
  });
}

/**
 * The daily pass: every ACTIVE enrolment whose completion expired starts its next cycle (EXPIRED).
 * Idempotent: a started cycle has no expiry, so a second run finds nothing. A workspace that has
 * switched learning off is left alone (its expiries wait for it to be switched on).
 */
export async function runRecurrencePass(
  data: Queues['lms.recurrence-pass'],
  job: JobRun,
): Promise<{ started: number }> {
  const { id: jobId, log } = job;
  let started = 0;
  for (const workspaceId of await passWorkspaces(job, 'lms.recurrence-pass', data.timeZone)) {
    const ctx = job.ctx(workspaceId);
    for (;;) {
      const n = await ctx.tenant(async (tx) => {
        const ids = await repo.expiredEnrolments(tx, workspaceId, BATCH);
        for (const id of ids) await startNewCycle(ctx, tx, id, 'EXPIRED');
        return ids.length;
      });
      started += n;
      if (n < BATCH) break;
    }
  }
  if (started > 0) log.info?.({ jobId, started }, 'lms.recurrence-pass: new cycles started');
  return { started };
}

/**
 * A course published `versionId`: in every workspace whose settings say retrain on update, the
 * enrolments completed on an older version start a new cycle (UPDATED) on the new one.
 */
export async function runCourseUpdated(data: Queues['lms.course-updated'], job: JobRun): Promise<{ started: number }> {
  const { id: jobId, log } = job;
  const targets = await job
    .ctx(null)
    .platform({ action: 'lms.course-updated', audit: false }, (tx) =>
      repo.workspacesToRetrain(tx, data.courseId, data.versionId),
    );
  let started = 0;
  for (const workspaceId of targets) {
    const ctx = job.ctx(workspaceId);
    for (;;) {
      const n = await ctx.tenant(async (tx) => {
        if (!(await repo.lmsOn(tx, workspaceId))) return 0;
        const ids = await repo.completedOnOlderVersion(tx, workspaceId, data.courseId, data.versionId, BATCH);
        for (const id of ids) await startNewCycle(ctx, tx, id, 'UPDATED');
        return ids.length;
      });
      started += n;
      if (n < BATCH) break;
    }
  }
  if (started > 0) log.info?.({ jobId, started, courseId: data.courseId }, 'lms.course-updated: new cycles started');
  return { started };
}
