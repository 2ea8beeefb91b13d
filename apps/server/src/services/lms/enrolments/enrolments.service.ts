import type { TEnrolmentSource } from '@app/contract';
import type { Ctx } from '../../../core/context.ts';
import type { Tx } from '../../../core/db/database.ts';
import { errors } from '../../../core/errors.ts';
import { spendCredits } from '../credits/credits.service.ts';
import { enqueueAssigned } from '../reminders/reminders.service.ts';
import * as repo from './enrolments.repo.ts';

/**
 * Enrolment creation, for issue 14's assign routes (docs/learning-design.md §1.8). Runs in the
 * caller's transaction (`tx`, from `ctx.tenant` for the workspace; a platform transaction is
 * accepted for the operator's tools): enrols the learners on the course's published version and,
 * for a catalogue course, spends one credit each in the same transaction — all or nothing, 409
 * `NO_CREDITS` when the balance is short. Workspace-owned courses spend nothing. Learners already
 * enrolled are skipped (and spend nothing).
 */
export async function createEnrolments(
  ctx: Pick<Ctx, 'principal' | 'audit' | 'jobs' | 'clock'>,
  tx: Tx,
  v: {
    workspaceId: string;
    courseId: string;
    accountIds: string[];
    platform?: boolean;
    /** The due date of every new enrolment (null: none) … */
    dueAt?: Date | null;
    /** … or one per learner (auto-assign: N days after each one's joining). */
    dueAts?: Map<string, Date | null>;
    source?: TEnrolmentSource;
    autoRuleId?: string | null;
  },
): Promise<{ enrolled: Array<{ id: string; accountId: string }>; skipped: string[]; balance: number | null }> {
  const accountIds = [...new Set(v.accountIds)];
  const course = await repo.findCourse(tx, v.courseId);
  if (!course || (course.workspaceId !== null && course.workspaceId !== v.workspaceId)) throw errors.notFound('COURSE');
  if (course.status !== 'ACTIVE')
    throw errors.conflict('COURSE_ARCHIVED', 'This course is archived: nobody can be enrolled any more.');
  if (!course.publishedVersionId)
    throw errors.conflict('COURSE_NOT_PUBLISHED', 'This course is not published yet: publish it first.');
  if (accountIds.length === 0) return { enrolled: [], skipped: [], balance: null };
  if ((await repo.countMembers(tx, v.workspaceId, accountIds)) !== accountIds.length) throw errors.notFound('USER');
  const catalogue = course.workspaceId === null;
  const actor = ctx.principal?.accountId ?? null;
  const platform = v.platform ?? false;
  // The lock first: concurrent enrolments of one course queue here, before anything is written.
  let balance: number | null = null;
  if (catalogue) {
    const locked = await spendCredits(tx, {
      workspaceId: v.workspaceId,
      courseId: course.id,
      courseTitle: course.title,
      enrolmentIds: [],
      actor,
      platform,
    });
    balance = locked.balance;
  }
  const enrolled = await repo.insertEnrolments(tx, {
    workspaceId: v.workspaceId,
    courseId: course.id,
    versionId: course.publishedVersionId,
    accountIds,
    actor,
    dueAt: v.dueAt ?? null,
    dueAts: v.dueAts,
    source: v.source ?? 'MANUAL',
    autoRuleId: v.autoRuleId ?? null,
  });
  const taken = new Set(enrolled.map((e) => e.accountId));
  const skipped = accountIds.filter((a) => !taken.has(a));
  if (catalogue && enrolled.length > 0) {
    const spent = await spendCredits(tx, {
      workspaceId: v.workspaceId,
      courseId: course.id,
      courseTitle: course.title,
      enrolmentIds: enrolled.map((e) => e.id),
      actor,
      platform,
    });
    balance = spent.balance;
    await repo.markCreditSpent(
      tx,
      enrolled.map((e) => e.id),
    );
    await ctx.audit(
      'credits.spent',
      course.id,
      { after: { spent: enrolled.length, balance } },
      { workspaceId: v.workspaceId },
    );
  }
  // Issue 14: the "you have been assigned" notice (reminders module), in this transaction.
  await enqueueAssigned(ctx, tx, v.workspaceId, enrolled, actor);
  if (enrolled.length > 0)
    await ctx.audit.many(
      'enrolment.created',
      enrolled.map((e) => ({ targetId: e.id, change: { after: { courseId: course.id, accountId: e.accountId } } })),
      { workspaceId: v.workspaceId },
    );
  return { enrolled, skipped, balance };
}
