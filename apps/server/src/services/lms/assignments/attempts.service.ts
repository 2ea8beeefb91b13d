import {
  ATTEMPTS_GRANT_MAX,
  EXTRA_ATTEMPTS_MAX,
  MEMBERS_PAGE_SIZE,
  type TAttemptsExceeded,
  type TIncreaseAttemptsRequest,
  type TIncreaseAttemptsResult,
  type TPagedResult,
  type TUserAttempts,
  toPagedResult,
} from '@app/contract';
import type { Ctx } from '../../../core/context.ts';
import type { Tx } from '../../../core/db/database.ts';
import { errors } from '../../../core/errors.ts';
import { allowedActions, authorize } from '../../../core/policy.ts';
import { enrolmentPolicy } from './assignments.policy.ts';
import * as repo from './assignments.repo.ts';

import { type Assigner, assigner, courseFor } from './assignments.service.ts';
import { iso } from './members.service.ts';

/** Quiz attempts: who ran out, a learner's attempts, and granting more (enrolmentPolicy). */

// Attempts

export function attemptsExceeded(
  ctx: Ctx,
  body: { courseId: string; pageNo: number },
): Promise<TPagedResult<TAttemptsExceeded>> {
  const s = assigner(ctx);
  return ctx.tenant(async (tx) => {
    const course = await courseFor(tx, s, body.courseId, false);
    const page = { pageNo: body.pageNo, pageSize: MEMBERS_PAGE_SIZE };
    const rows = await repo.exceededPage(tx, s, { courseId: course.id, ...page });
    return toPagedResult(
      rows.map(({ total: _, ...r }) => ({
        ...r,
        name: r.name ?? r.email ?? '',
        quizTitle: r.quizTitle ?? '',
        actions: allowedActions(s.actor, enrolmentPolicy, { accountIds: [r.userId] }).filter(
          (a) => a === 'grantAttempts',
        ),
      })),
      rows[0]?.total ?? 0,
      page,
    );
  });
}

async function enrolmentFor(tx: Tx, s: Assigner, courseId: string, userId: string, lock = false) {
  const course = await courseFor(tx, s, courseId, false);
  const e = await repo.findEnrolment(tx, s, course.id, userId, lock);
  if (!e) throw errors.notFound('ENROLMENT');
  return e;
}

export function userAttempts(ctx: Ctx, q: { courseId: string; userId: string }): Promise<TUserAttempts> {
  const s = assigner(ctx);
  return ctx.tenant(async (tx) => {
    const e = await enrolmentFor(tx, s, q.courseId, q.userId);
    const quizzes = await repo.quizzesOf(tx, e);
    const attempts = await repo.attemptsOf(tx, e);
    return {
      userId: e.accountId,
      name: e.name ?? '',
      cycle: e.cycle,
      quizzes: quizzes.map((z) => ({
        itemId: z.itemId,
        title: z.title ?? '',
        attemptLimit: z.attemptLimit,
        extraAttempts: z.extraAttempts,
        attemptsUsed: z.attemptsUsed,
        passed: z.passed,
        bestScore: z.bestScore,
        attempts: attempts
          .filter((a) => a.itemId === z.itemId)
          .map((a) => ({ attemptNo: a.attemptNo, score: a.score, passed: a.passed, submittedAt: iso(a.submittedAt)! })),
      })),
    };
  });
}

/** Gives a learner `count` (1..10) more attempts on a quiz of the current cycle; at most 100 extra in all. */
export function increaseAttempts(ctx: Ctx, body: TIncreaseAttemptsRequest): Promise<TIncreaseAttemptsResult> {
  const s = assigner(ctx);
  if (body.count > ATTEMPTS_GRANT_MAX) throw errors.badRequest('VALIDATION_FAILED', 'Too many attempts at once.');
  return ctx.tenant(async (tx) => {
    const e = await enrolmentFor(tx, s, body.courseId, body.userId, true);
    authorize(ctx, enrolmentPolicy, 'grantAttempts', { accountIds: [e.accountId] });
    const quiz = (await repo.quizzesOf(tx, e)).find((z) => z.itemId === body.itemId);
    if (!quiz) throw errors.notFound('COURSE_ITEM');
    if (quiz.attemptLimit === null)
      throw errors.conflict('QUIZ_UNLIMITED', 'This quiz has no attempt limit: there is nothing to grant.');
    const r = await repo.addExtraAttempts(tx, e, body.itemId, body.count, EXTRA_ATTEMPTS_MAX);
    if (r === null)
      throw errors.conflict(
        'ATTEMPTS_LIMIT_REACHED',
        `This learner cannot be given more attempts on this quiz (at most ${EXTRA_ATTEMPTS_MAX} extra in all).`,
        { max: EXTRA_ATTEMPTS_MAX },
      );
    if (!r.found)
      throw errors.conflict('NO_ATTEMPTS_YET', 'This learner has not tried this quiz yet: no attempts are used up.');
    await ctx.audit('enrolment.attempts_granted', e.id, {
      before: { extraAttempts: r.extraAttempts - body.count },
      after: { extraAttempts: r.extraAttempts, itemId: body.itemId, count: body.count, accountId: e.accountId },
    });
    return { extraAttempts: r.extraAttempts, attemptsAllowed: quiz.attemptLimit + r.extraAttempts };
  });
}
