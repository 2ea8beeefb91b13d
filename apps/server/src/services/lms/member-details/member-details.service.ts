import type { TLearnerStatus, TUserCoursePolicyDetails, TUserCoursePolicyDetailsRequest } from '@app/contract';
import type { Ctx } from '../../../core/context.ts';
import { errors } from '../../../core/errors.ts';
import { workspaceTimeZone } from '../assignments/assignments.repo.ts';
import { assigner } from '../assignments/assignments.service.ts';
import { iso } from '../assignments/members.service.ts';
import { dueSoonUntil } from '../enrolments/due.ts';
import * as repo from './member-details.repo.ts';

/**
 * `POST /api/admin/user/course/policy/details`: a member's courses — assigned, status, progress,
 * best score, dates — for an administrator who assigns courses and reaches the member (the
 * assignment policy: `courses.assign`; a business unit admin, its own unit's members only; outside
 * the reach the member reads as missing, 404). Policies are not built yet (issue 28): the answer says
 * so with `policiesAvailable: false` rather than an empty list.
 */
export async function memberDetails(
  ctx: Ctx,
  body: TUserCoursePolicyDetailsRequest,
): Promise<TUserCoursePolicyDetails> {
  const s = assigner(ctx);
  return ctx.tenant(async (tx) => {
    if (!(await repo.memberInScope(tx, s, body.userId))) throw errors.notFound('USER');
    const zone = await workspaceTimeZone(tx, s.workspaceId);
    const now = ctx.clock.now();
    const rows = await repo.userCourses(tx, s.workspaceId, body.userId, { now, soonUntil: dueSoonUntil(now, zone) });
    return {
      userId: body.userId,
      courses: rows.map((r) => ({
        courseId: r.courseId,
        title: r.title,
        status: r.status as TLearnerStatus,
        progressPercent: r.progressPercent,
        bestScore: r.bestScore,
        assignedAt: iso(r.assignedAt)!,
        dueAt: iso(r.dueAt),
        completedAt: iso(r.completedAt),
      })),
      policiesAvailable: false,
    };
  });
}
