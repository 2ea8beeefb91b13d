import {
  emptyLearnerCounts,
  LEARNER_STATUSES,
  MY_COURSES_PAGE_SIZE,
  type TEnrolmentMetadata,
  type TLanguage,
  type TLearnerStats,
  type TLearnerStatus,
  type TMyCoursePage,
  type TMyCoursesRequest,
  toPagedResult,
} from '@app/contract';
import type { Ctx } from '../../../core/context.ts';
import * as courses from '../courses/courses.repo.ts';
import { dueSoonUntil } from '../enrolments/due.ts';
import { allowedOf, asLearner, iso, itemState, learnerStatusOf, mine, offeredOwn, shownLanguage } from './learner.ts';
import * as repo from './learning.repo.ts';

/**
 * The learner takes their courses (issue 14; docs/learning-design.md §7). Every call works on the
 * caller's own ACTIVE enrolments, current cycle: someone else's enrolment id is 404, like one that
 * does not exist. Items unlock in order; an item's completion and the course's are written in one
 * transaction (progress %, score, expiry, certificate).
 */

// Home and list

export function stats(ctx: Ctx): Promise<TLearnerStats> {
  return asLearner(ctx, async (tx, me) => {
    const { zone } = await repo.prefsOf(tx, me.accountId, me.workspaceId);
    const rows = await repo.countByStatus(tx, me.accountId, dueSoonUntil(ctx.clock.now(), zone));
    const counts = emptyLearnerCounts();
    for (const r of rows) counts[r.status as TLearnerStatus] = r.n;
    return {
      timeZone: zone,
      total: LEARNER_STATUSES.reduce((s, k) => s + counts[k], 0),
      counts,
    };
  });
}

export function myCourses(ctx: Ctx, body: TMyCoursesRequest): Promise<TMyCoursePage> {
  return asLearner(ctx, async (tx, me) => {
    const page = { pageNo: body.pageNo, pageSize: MY_COURSES_PAGE_SIZE };
    const prefs = await repo.prefsOf(tx, me.accountId, me.workspaceId);
    const language = body.language ?? offeredOwn(prefs.language, prefs.country) ?? 'en';
    const rows = await repo.listMine(tx, {
      accountId: me.accountId,
      status: body.status,
      language,
      soonUntil: dueSoonUntil(ctx.clock.now(), prefs.zone),
      ...page,
    });
    const timeZone = prefs.zone;
    return {
      ...toPagedResult(
        rows.map((r) => ({
          enrolmentId: r.enrolmentId,
          courseId: r.courseId,
          title: r.title,
          language: r.language as TLanguage,
          fallback: r.language !== language,
          status: r.status as TLearnerStatus,
          assignedAt: iso(r.assignedAt)!,
          dueAt: iso(r.dueAt),
          startedAt: iso(r.startedAt),
          completedAt: iso(r.completedAt),
          expiresAt: iso(r.expiresAt),
          progressPercent: r.progressPercent,
          score: r.score,
          certificateAvailable: r.certificate,
        })),
        rows[0]?.total ?? 0,
        page,
      ),
      timeZone,
    };
  });
}

// The outline

export function metadata(ctx: Ctx, enrolmentId: string, asked: TLanguage | undefined): Promise<TEnrolmentMetadata> {
  return asLearner(ctx, async (tx, me) => {
    const e = await mine(tx, me, enrolmentId);
    const language = shownLanguage(e, asked);
    const items = await repo.outline(tx, { id: e.id, versionId: e.versionId, cycle: e.cycle });
    const texts = await courses.textsWithFallback(
      tx,
      e.versionId,
      [e.versionId, ...items.map((i) => i.id)],
      language,
      e.primaryLanguage,
    );
    let open = true;
    const outline = items.map((i) => {
      const state = itemState({ status: i.status, open });
      if (i.status !== 'COMPLETED') open = false;
      const t = texts.get(i.id);
      return {
        id: i.id,
        kind: i.kind,
        title: String(t?.body.title ?? ''),
        language: (t?.language ?? language) as TLanguage,
        fallback: t ? t.fallback : true,
        position: i.position,
        state,
        passMark: i.passMark,
        attemptsUsed: i.attemptsUsed,
        attemptsAllowed: allowedOf(i),
        bestScore: i.bestScore,
        passed: i.passed,
        scormPackageId: i.scormPackageId,
      };
    });
    const courseText = texts.get(e.versionId);
    const now = ctx.clock.now();
    return {
      enrolmentId: e.id,
      courseId: e.courseId,
      title: String(courseText?.body.title ?? ''),
      description: String(courseText?.body.description ?? ''),
      language: (courseText?.language ?? language) as TLanguage,
      fallback: courseText ? courseText.fallback : true,
      primaryLanguage: e.primaryLanguage as TLanguage,
      languages: e.languages.map((l) => ({
        language: l as TLanguage,
        languagePriority: l === e.primaryLanguage ? ('PRIMARY' as const) : ('SECONDARY' as const),
      })),
      status: learnerStatusOf(e, now),
      timeZone: e.timeZone,
      dueAt: iso(e.dueAt),
      completedAt: iso(e.completedAt),
      progressPercent: e.progressPercent,
      score: e.score,
      certificateAvailable: e.certificate,
      resumeItemId: outline.find((i) => i.state !== 'COMPLETED')?.id ?? null,
      items: outline,
    };
  });
}
