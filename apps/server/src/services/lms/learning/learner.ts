import {
  isOfferedLanguage,
  type TEnrolmentProgress,
  type TItemState,
  type TLanguage,
  type TLearnerStatus,
  ZCountry,
} from '@app/contract';
import type { Ctx } from '../../../core/context.ts';
import type { Tx } from '../../../core/db/database.ts';
import { errors } from '../../../core/errors.ts';
import { emit } from '../../../core/events.ts';
import { type Actor, actorOf, authorize } from '../../../core/policy.ts';
import { insertCertificate } from '../certificates/certificates.repo.ts';
import { dueSoonUntil } from '../enrolments/due.ts';
import { readAssignmentSettings } from '../enrolments/settings.repo.ts';
import { learnerPolicy } from './learning.policy.ts';
import * as repo from './learning.repo.ts';

/**
 * What every part of the learner's side shares (issue 14; docs/learning-design.md §7): the caller as
 * a learner (`learnerPolicy`: their own ACTIVE enrolments, current cycle — someone else's enrolment
 * id is 404, like one that does not exist), the language shown, an item's state, and what follows
 * an item's completion (progress %, score, expiry, certificate, in one transaction).
 */

/** The learner: its workspace, account and actor. */
export type Me = { workspaceId: string; accountId: string; actor: Actor };

/** A stored time as ISO text (null stays null). */
export const iso = (d: Date | string | null) => (d === null ? null : new Date(d).toISOString());

/** Runs `fn` as the signed-in member holding `learning.view` (the operator has no enrolments). */
export function asLearner<T>(ctx: Ctx, fn: (tx: Tx, me: Me) => Promise<T>): Promise<T> {
  if (ctx.workspaceId === null) throw errors.forbidden();
  const actor = actorOf(ctx);
  authorize(actor, learnerPolicy, 'list', null);
  return ctx.tenant((tx, t) => fn(tx, { workspaceId: t.workspaceId, accountId: actor.accountId, actor }));
}

/** 404 for an item the enrolment's version does not have. */
export const itemNotFound = () => errors.notFound('COURSE_ITEM');

/** Enrolment `enrolmentId`, once `learnerPolicy` found it the caller's own and active (else 404). */
export async function mine(tx: Tx, me: Me, enrolmentId: string, lock = false): Promise<repo.MyEnrolment> {
  const e = await repo.findMine(tx, enrolmentId, lock);
  authorize(me.actor, learnerPolicy, 'learn', e ?? null);
  return e!;
}

/**
 * The account's language where the workspace's country offers it, else null (an account that chose
 * French reads an Indian workspace's courses as if it had chosen none: docs/decisions.md, item 12).
 */
export function offeredOwn(language: string | null, country: string): string | null {
  return language && isOfferedLanguage(language, ZCountry.catch('IN').parse(country)) ? language : null;
}

/** The language shown: the one asked for when the version has it, else the account's (if offered), else the primary. */
export function shownLanguage(e: repo.MyEnrolment, asked: string | undefined): TLanguage {
  for (const l of [asked, offeredOwn(e.accountLanguage, e.workspaceCountry)])
    if (l && e.languages.includes(l)) return l as TLanguage;
  return e.primaryLanguage as TLanguage;
}

/** Attempts allowed on a quiz item (null: unlimited). */
export const allowedOf = (i: { attemptLimit: number | null; extraAttempts: number }) =>
  i.attemptLimit === null ? null : i.attemptLimit + i.extraAttempts;

/** An item's state as the learner sees it. */
export const itemState = (i: { status: string | null; open: boolean }): TItemState =>
  i.status === 'COMPLETED' ? 'COMPLETED' : !i.open ? 'LOCKED' : i.status === 'IN_PROGRESS' ? 'IN_PROGRESS' : 'OPEN';

/** 409: the items before this one are not done. */
export function lockedConflict() {
  return errors.conflict('ITEM_LOCKED', 'Finish the lessons and quizzes before this one first.');
}

/** The enrolment's status for the learner (not started … overdue, completed), at `now`. */
export function learnerStatusOf(e: repo.MyEnrolment, now: Date): TLearnerStatus {
  if (e.completedAt || (e.validUntil && new Date(e.validUntil).getTime() > now.getTime())) return 'COMPLETED';
  if (e.dueAt) {
    const due = new Date(e.dueAt).getTime();
    if (due < now.getTime()) return 'OVERDUE';
    if (due <= dueSoonUntil(now, e.timeZone).getTime()) return 'DUE_SOON';
  }
  return e.startedAt ? 'IN_PROGRESS' : 'NOT_STARTED';
}

/** The item of the enrolment's version (404 otherwise), refused while locked. */
export async function openItem(tx: Tx, e: repo.MyEnrolment, itemId: string, kind: 'LESSON' | 'QUIZ' | 'SCORM') {
  const item = await repo.findItemOf(tx, { id: e.id, versionId: e.versionId, cycle: e.cycle }, itemId);
  if (!item || item.kind !== kind) throw itemNotFound();
  if (!item.open) throw lockedConflict();
  return item;
}

// Completion

/**
 * After an item of `e` completed: progress %, and when it was the last, the enrolment's completion
 * (score = mean of the quizzes' best scores, expiry from the course's recurrence, the certificate),
 * in the caller's transaction.
 */
export async function afterItem(
  ctx: Ctx,
  tx: Tx,
  e: repo.MyEnrolment,
  itemId: string,
  language: TLanguage,
): Promise<TEnrolmentProgress> {
  const p = await repo.progressOf(tx, { id: e.id, versionId: e.versionId, cycle: e.cycle });
  const percent = p.total === 0 ? 100 : Math.floor((p.done * 100) / p.total);
  let completed = e.completedAt !== null;
  let score = e.score;
  let certificate = e.certificate;
  if (p.done === p.total && !completed) {
    const settings = await readAssignmentSettings(tx, e.workspaceId, e.courseId);
    const done = await repo.completeEnrolment(tx, e.id, {
      score: p.quizMean,
      recurrenceMonths: settings.recurrenceMonths,
    });
    if (done) {
      completed = true;
      score = p.quizMean;
      await insertCertificate(tx, {
        workspaceId: e.workspaceId,
        enrolmentId: e.id,
        cycle: e.cycle,
        accountId: e.accountId,
        courseId: e.courseId,
        learnerName: e.learnerName,
        courseTitle: await repo.versionTitle(tx, e.versionId, language),
        language,
        score,
        completedAt: new Date(done.completedAt),
        expiresAt: done.expiresAt ? new Date(done.expiresAt) : null,
      });
      certificate = true;
      await ctx.audit('enrolment.completed', e.id, {
        after: { courseId: e.courseId, cycle: e.cycle, score, expiresAt: iso(done.expiresAt) },
      });
      // The register closes training occurrences with it (issue 24).
      await emit(ctx, tx, 'training.completed', {
        workspaceId: e.workspaceId,
        accountId: e.accountId,
        courseId: e.courseId,
        enrolmentId: e.id,
      });
    }
  } else if (!completed) {
    await repo.setProgress(tx, e.id, percent);
  }
  return {
    enrolmentId: e.id,
    itemId,
    itemState: 'COMPLETED',
    progressPercent: completed ? 100 : percent,
    courseCompleted: completed,
    score,
    certificateAvailable: certificate,
  };
}
