import {
  DUE_SOON_DAYS,
  emptyLearnerCounts,
  isOfferedLanguage,
  LEARNER_STATUSES,
  MAX_MIN_READING_SECONDS,
  MY_COURSES_PAGE_SIZE,
  READING_WORDS_PER_MINUTE,
  SCORM_CMI_MAX_BYTES,
  type TAnswerKey,
  type TCompleteItemRequest,
  type TEnrolmentMetadata,
  type TEnrolmentProgress,
  type TItemState,
  type TLanguage,
  type TLearnerBlock,
  type TLearnerStats,
  type TLearnerStatus,
  type TMyCoursePage,
  type TMyCoursesRequest,
  type TMyLesson,
  type TMyQuiz,
  type TQuestionReview,
  type TQuizSubmitRequest,
  type TQuizSubmitResult,
  type TScormCommitRequest,
  type TVideoProgressRequest,
  type TVideoState,
  toPagedResult,
  VIDEO_WATCHED_SHARE,
  ZCountry,
  ZScormCommitMessage,
} from '@app/contract';
import type { Ctx } from '../../../core/context.ts';
import type { Tx } from '../../../core/db/database.ts';
import { errors } from '../../../core/errors.ts';
import { type Actor, actorOf, authorize } from '../../../core/policy.ts';
import { insertCertificate } from '../certificates/certificates.repo.ts';
import * as courses from '../courses/courses.repo.ts';
import { readAssignmentSettings } from '../enrolments/settings.repo.ts';
import { toLearnerBlocks } from '../lessons/learner-view.ts';
import * as lessonsRepo from '../lessons/lessons.repo.ts';
import { storedBytes, videoSecondsOf } from '../lessons/media-checks.ts';
import { isPgError } from '../operator.ts';
import { grade, score as scoreOf } from '../quizzes/grade.ts';
import { shuffled, toLearnerQuestion } from '../quizzes/learner-view.ts';
import * as quizRepo from '../quizzes/quizzes.repo.ts';
import { learnerPolicy } from './learning.policy.ts';
import * as repo from './learning.repo.ts';
import { scormOutcome } from './scorm-rules.ts';

/**
 * The learner takes their courses (issue 14; docs/learning-design.md §7). Every call works on the
 * caller's own ACTIVE enrolments, current cycle: someone else's enrolment id is 404, like one that
 * does not exist. Items unlock in order; an item's completion and the course's are written in one
 * transaction (progress %, score, expiry, certificate).
 */

type Me = { workspaceId: string; accountId: string; actor: Actor };

const iso = (d: Date | string | null) => (d === null ? null : new Date(d).toISOString());

/** Runs `fn` as the signed-in member holding `learning.view` (the operator has no enrolments). */
function asLearner<T>(ctx: Ctx, fn: (tx: Tx, me: Me) => Promise<T>): Promise<T> {
  if (ctx.workspaceId === null) throw errors.forbidden();
  const actor = actorOf(ctx);
  authorize(actor, learnerPolicy, 'list', null);
  return ctx.tenant((tx, t) => fn(tx, { workspaceId: t.workspaceId, accountId: actor.accountId, actor }));
}

const itemNotFound = () => errors.notFound('COURSE_ITEM');

async function mine(tx: Tx, me: Me, enrolmentId: string, lock = false): Promise<repo.MyEnrolment> {
  const e = await repo.findMine(tx, enrolmentId, lock);
  authorize(me.actor, learnerPolicy, 'learn', e ?? null);
  return e!;
}

/**
 * The account's language where the workspace's country offers it, else null (an account that chose
 * French reads an Indian workspace's courses as if it had chosen none: docs/decisions.md, item 12).
 */
function offeredOwn(language: string | null, country: string): string | null {
  return language && isOfferedLanguage(language, ZCountry.catch('IN').parse(country)) ? language : null;
}

/** The language shown: the one asked for when the version has it, else the account's (if offered), else the primary. */
function shownLanguage(e: repo.MyEnrolment, asked: string | undefined): TLanguage {
  for (const l of [asked, offeredOwn(e.accountLanguage, e.workspaceCountry)])
    if (l && e.languages.includes(l)) return l as TLanguage;
  return e.primaryLanguage as TLanguage;
}

const allowedOf = (i: { attemptLimit: number | null; extraAttempts: number }) =>
  i.attemptLimit === null ? null : i.attemptLimit + i.extraAttempts;

const itemState = (i: { status: string | null; open: boolean }): TItemState =>
  i.status === 'COMPLETED' ? 'COMPLETED' : !i.open ? 'LOCKED' : i.status === 'IN_PROGRESS' ? 'IN_PROGRESS' : 'OPEN';

function lockedConflict() {
  return errors.conflict('ITEM_LOCKED', 'Finish the lessons and quizzes before this one first.');
}

// Home and list

export function stats(ctx: Ctx): Promise<TLearnerStats> {
  return asLearner(ctx, async (tx, me) => {
    const rows = await repo.countByStatus(tx, me.accountId, DUE_SOON_DAYS);
    const counts = emptyLearnerCounts();
    for (const r of rows) counts[r.status as TLearnerStatus] = r.n;
    return {
      timeZone: (await repo.prefsOf(tx, me.accountId, me.workspaceId)).zone,
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
      dueSoonDays: DUE_SOON_DAYS,
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

function learnerStatusOf(e: repo.MyEnrolment, now: Date): TLearnerStatus {
  if (e.completedAt || (e.validUntil && new Date(e.validUntil).getTime() > now.getTime())) return 'COMPLETED';
  if (e.dueAt) {
    const due = new Date(e.dueAt).getTime();
    if (due < now.getTime()) return 'OVERDUE';
    if (due - now.getTime() <= DUE_SOON_DAYS * 86_400_000) return 'DUE_SOON';
  }
  return e.startedAt ? 'IN_PROGRESS' : 'NOT_STARTED';
}

/** The item of the enrolment's version (404 otherwise), refused while locked. */
async function openItem(tx: Tx, e: repo.MyEnrolment, itemId: string, kind: 'LESSON' | 'QUIZ' | 'SCORM') {
  const item = await repo.findItemOf(tx, { id: e.id, versionId: e.versionId, cycle: e.cycle }, itemId);
  if (!item || item.kind !== kind) throw itemNotFound();
  if (!item.open) throw lockedConflict();
  return item;
}

// Lessons and videos

function videoState(v: repo.VideoRow): TVideoState {
  return {
    blockId: v.blockId,
    durationSeconds: v.durationSeconds,
    positionSeconds: v.positionSeconds,
    watchedSeconds: v.watchedSeconds,
    watchedShare: v.durationSeconds > 0 ? Math.min(1, v.watchedSeconds / v.durationSeconds) : 0,
    watched: v.completed,
  };
}

export function lesson(
  ctx: Ctx,
  itemId: string,
  enrolmentId: string,
  asked: TLanguage | undefined,
): Promise<TMyLesson> {
  return asLearner(ctx, async (tx, me) => {
    const e = await mine(tx, me, enrolmentId);
    const item = await openItem(tx, e, itemId, 'LESSON');
    // Reading is learning: the enrolment has started (an unassignment no longer refunds its credit).
    await repo.markStarted(tx, e.id);
    const blocks = await learnerBlocksOf(tx, e, item.id, shownLanguage(e, asked));
    const videos = await repo.videosOf(
      tx,
      e,
      blocks.filter((b) => b.type === 'VIDEO').map((b) => b.id),
    );
    // Opening the lesson starts its reading clock (kept from the first opening).
    const read = item.status === 'COMPLETED' ? null : await repo.openLesson(tx, e, item.id);
    const minimum = item.minReadingSeconds ?? readingEstimate(blocks);
    return {
      itemId: item.id,
      state: item.status === 'COMPLETED' ? 'COMPLETED' : 'IN_PROGRESS',
      blocks,
      videos: videos.map(videoState),
      minReadingSeconds: minimum,
      readingSecondsLeft: read === null ? 0 : Math.max(0, minimum - read),
    };
  });
}

/** Lengths read from files uploaded before lengths were stored (a file's key never changes its bytes). */
const probedLengths = new Map<string, number | null>();
const PROBED_LENGTHS_MAX = 2000;

/**
 * The length of a video uploaded before the server read lengths at upload: read from the stored
 * file once per server process (then remembered), never taken from the player.
 */
async function legacyVideoSeconds(ctx: Ctx, fileKey: string): Promise<number | null> {
  if (probedLengths.has(fileKey)) return probedLengths.get(fileKey) ?? null;
  const bytes = await storedBytes(ctx.storage, fileKey);
  const seconds = bytes ? await videoSecondsOf(bytes) : null;
  if (probedLengths.size >= PROBED_LENGTHS_MAX) probedLengths.delete(probedLengths.keys().next().value as string);
  probedLengths.set(fileKey, seconds);
  return seconds;
}

/**
 * A video heartbeat. The video's length is the server's (read from the file at upload, or from the
 * stored file for older uploads); the player's `duration` is ignored. Then ONE statement
 * (repo.heartbeat): the segment counts only up to what the clock allows since the previous
 * heartbeat, so skipping ahead counts nothing, and parallel heartbeats queue on the progress row.
 */
export function videoProgress(ctx: Ctx, body: TVideoProgressRequest): Promise<TVideoState> {
  return asLearner(ctx, async (tx, me) => {
    const e = await mine(tx, me, body.enrolmentId);
    const video = await repo.videoFileOf(tx, e, body.blockId, shownLanguage(e, body.language), e.primaryLanguage);
    if (!video) throw errors.notFound('LESSON_BLOCK');
    const duration = video.durationSeconds ?? (await legacyVideoSeconds(ctx, video.fileKey));
    if (!duration)
      throw errors.conflict(
        'VIDEO_LENGTH_UNKNOWN',
        'The length of this video cannot be read from its file: ask the course’s author to upload it again.',
      );
    const row = await repo.heartbeat(tx, {
      enrolmentId: body.enrolmentId,
      accountId: me.accountId,
      blockId: body.blockId,
      duration,
      position: Math.floor(body.position),
      from: Math.floor(body.from),
      to: Math.max(Math.floor(body.from), Math.floor(body.to)),
      share: VIDEO_WATCHED_SHARE,
    });
    if (!row) throw errors.notFound('LESSON_BLOCK');
    return videoState(row);
  });
}

// Completion

/**
 * After an item of `e` completed: progress %, and when it was the last, the enrolment's completion
 * (score = mean of the quizzes' best scores, expiry from the course's recurrence, the certificate),
 * in the caller's transaction.
 */
async function afterItem(
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

/** The words a block shows a learner (its text, titles and captions), for the reading estimate. */
function wordsOf(b: TLearnerBlock): number {
  const text = [b.body.html?.replace(/<[^>]*>/g, ' '), b.body.title, b.body.caption, b.body.label, b.body.prompt]
    .filter(Boolean)
    .join(' ');
  return text.split(/\s+/).filter((w) => /[\p{L}\p{N}]/u.test(w)).length;
}

/**
 * A lesson's default minimum reading time: its words at READING_WORDS_PER_MINUTE, in whole seconds
 * (at most MAX_MIN_READING_SECONDS). Authors set their own on the lesson (`minReadingSeconds`).
 */
export function readingEstimate(blocks: TLearnerBlock[]): number {
  const words = blocks.reduce((n, b) => n + wordsOf(b), 0);
  return Math.min(MAX_MIN_READING_SECONDS, Math.ceil((words * 60) / READING_WORDS_PER_MINUTE));
}

/** The lesson's blocks in `language`, as its learner reads them. */
async function learnerBlocksOf(tx: Tx, e: repo.MyEnrolment, itemId: string, language: TLanguage) {
  const rows = await lessonsRepo.pageBlocks(tx, itemId, { offset: 0, limit: 1000 });
  const texts = await lessonsRepo.textsOf(
    tx,
    e.versionId,
    rows.map((r) => r.id),
  );
  return toLearnerBlocks(rows, texts, language, e.primaryLanguage as TLanguage);
}

/**
 * A lesson is completed by the learner: refused while a video of it is under 90% played, and before
 * its minimum reading time has passed since the learner first opened it (the author's, else from
 * its length); the time read and the minimum are recorded with the completion.
 */
export function completeLesson(ctx: Ctx, body: TCompleteItemRequest): Promise<TEnrolmentProgress> {
  return asLearner(ctx, async (tx, me) => {
    // The enrolment locked: one completion of the course at a time.
    const e = await mine(tx, me, body.enrolmentId, true);
    const item = await repo.findItemOf(tx, { id: e.id, versionId: e.versionId, cycle: e.cycle }, body.itemId);
    if (!item) throw itemNotFound();
    if (item.kind !== 'LESSON')
      throw errors.conflict('NOT_A_LESSON', 'A quiz is completed by passing it, a SCORM lesson by finishing it.');
    if (!item.open) throw lockedConflict();
    const unwatched = await repo.unwatchedVideos(tx, e, item.id);
    if (unwatched > 0)
      throw errors.conflict(
        'VIDEO_NOT_WATCHED',
        `Watch at least ${Math.round(VIDEO_WATCHED_SHARE * 100)}% of every video of this lesson first (${unwatched} left).`,
        { count: unwatched, share: Math.round(VIDEO_WATCHED_SHARE * 100) },
      );
    const language = shownLanguage(e, body.language);
    const minimum = item.minReadingSeconds ?? readingEstimate(await learnerBlocksOf(tx, e, item.id, language));
    const read = item.status === 'COMPLETED' ? minimum : ((await repo.readingSecondsOf(tx, e, item.id)) ?? 0);
    if (read < minimum)
      throw errors.conflict(
        'READING_TIME_NOT_REACHED',
        `Take the time to read this lesson: it can be completed ${minimum - read} s from now.`,
        { seconds: minimum - read, minimum },
      );
    await repo.completeItem(tx, e, item.id, { reading: { seconds: read, minimum } });
    return afterItem(ctx, tx, e, item.id, language);
  });
}

// Quizzes

async function quizQuestions(tx: Tx, e: repo.MyEnrolment, itemId: string, language: TLanguage) {
  const questions = await quizRepo.listQuestions(tx, itemId);
  const ids = questions.map((q) => q.id);
  const options = await quizRepo.optionsOf(tx, ids);
  const texts = await courses.textsWithFallback(tx, e.versionId, ids, language, e.primaryLanguage);
  return { questions, options, texts };
}

/**
 * An attempt's review (docs/decisions.md, "Issue 21 item 23"): which of the learner's answers were
 * right or wrong, always; the right answers and the explanations only once the attempt passed. A
 * failed attempt — the last one too — never shows them, since an administrator can still grant
 * another attempt.
 */
function reviewOf(attempt: { passed: boolean; results: repo.StoredResults }): TQuestionReview[] {
  return attempt.results.perQuestion.map((p) => ({
    questionId: p.questionId,
    answeredCorrectly: p.answeredCorrectly,
    points: p.points,
    explanation: attempt.passed ? p.explanation : '',
    rightAnswer: attempt.passed ? ((p.rightAnswer ?? null) as TAnswerKey | null) : null,
  }));
}

export function quiz(ctx: Ctx, itemId: string, enrolmentId: string, asked: TLanguage | undefined): Promise<TMyQuiz> {
  return asLearner(ctx, async (tx, me) => {
    const e = await mine(tx, me, enrolmentId);
    const item = await openItem(tx, e, itemId, 'QUIZ');
    // Opening the quiz starts the enrolment, as reading a lesson does.
    await repo.markStarted(tx, e.id);
    const language = shownLanguage(e, asked);
    const { questions, options, texts } = await quizQuestions(tx, e, item.id, language);
    const learnerQuestions = questions.map((q) =>
      toLearnerQuestion(
        q,
        options.filter((o) => o.questionId === q.id),
        texts.get(q.id),
        language,
      ),
    );
    const attempts = await repo.attemptsOf(tx, e, item.id);
    const allowed = allowedOf(item);
    const passed = item.passed === true;
    const last = attempts.at(-1);
    return {
      itemId: item.id,
      state: itemState(item),
      passMark: item.passMark ?? 0,
      questions: item.shuffleQuestions ? shuffled(learnerQuestions) : learnerQuestions,
      attemptsUsed: item.attemptsUsed,
      attemptsAllowed: allowed,
      attemptsLeft: allowed === null ? null : Math.max(0, allowed - item.attemptsUsed),
      passed,
      bestScore: item.bestScore,
      attempts: attempts.map((a) => ({
        attemptNo: a.attemptNo,
        score: a.score,
        passed: a.passed,
        submittedAt: iso(a.submittedAt)!,
      })),
      review: last ? reviewOf(last) : null,
      answers: last ? last.answers : null,
    };
  });
}

async function replay(
  tx: Tx,
  e: repo.MyEnrolment,
  itemId: string,
  attempt: repo.AttemptRow,
): Promise<TQuizSubmitResult> {
  if (attempt.itemId !== itemId)
    throw errors.conflict('IDEMPOTENCY_KEY_REUSED', 'This submission key was already used for another quiz.');
  const item = await repo.findItemOf(tx, { id: e.id, versionId: e.versionId, cycle: e.cycle }, itemId);
  const allowed = attempt.results.attemptsAllowed;
  return {
    attemptNo: attempt.attemptNo,
    score: attempt.score,
    passed: attempt.passed,
    passMark: attempt.results.passMark,
    attemptsUsed: attempt.attemptNo,
    attemptsAllowed: allowed,
    attemptsLeft: allowed === null ? null : Math.max(0, allowed - attempt.attemptNo),
    review: reviewOf(attempt),
    progress: {
      enrolmentId: e.id,
      itemId,
      itemState: item ? itemState(item) : 'COMPLETED',
      progressPercent: e.progressPercent,
      courseCompleted: e.completedAt !== null,
      score: e.score,
      certificateAvailable: e.certificate,
    },
  };
}

/**
 * A quiz attempt, written once: a retried submission with the same key answers the first result;
 * attempts queue on the item's progress row, so two tabs get attempts n and n+1 (or 409
 * `NO_ATTEMPTS_LEFT`). A pass completes the item (and maybe the course) in the same transaction.
 */
export function submitQuiz(
  ctx: Ctx,
  itemId: string,
  key: string | undefined,
  body: TQuizSubmitRequest,
): Promise<TQuizSubmitResult> {
  if (!key)
    throw errors.badRequest('IDEMPOTENCY_KEY_REQUIRED', 'Send the submission with an Idempotency-Key header.', [
      { path: 'Idempotency-Key', message: 'Required (8 to 100 characters)', code: 'REQUIRED' },
    ]);
  return asLearner(ctx, async (tx, me) => {
    const e0 = await mine(tx, me, body.enrolmentId);
    const earlier = await repo.findAttemptByKey(tx, e0.id, key);
    if (earlier) return replay(tx, e0, itemId, earlier);
    const item = await openItem(tx, e0, itemId, 'QUIZ');
    const progress = await repo.lockProgress(tx, e0, item.id);
    // Another tab may have written this key while this one waited for the lock.
    const raced = await repo.findAttemptByKey(tx, e0.id, key);
    if (raced) return replay(tx, await mine(tx, me, body.enrolmentId), itemId, raced);
    if (progress.passed)
      throw errors.conflict('QUIZ_ALREADY_PASSED', 'You have already passed this quiz.', {
        score: progress.bestScore ?? 0,
      });
    const allowed = item.attemptLimit === null ? null : item.attemptLimit + progress.extraAttempts;
    if (allowed !== null && progress.attemptsUsed >= allowed)
      throw errors.conflict(
        'NO_ATTEMPTS_LEFT',
        'You have used every attempt at this quiz. Ask your administrator for another.',
        {
          allowed,
        },
      );
    const language = shownLanguage(e0, body.language);
    const questions = await quizRepo.listQuestions(tx, item.id);
    const ids = questions.map((q) => q.id);
    const keys = await repo.gradingKeys(tx, e0.id, item.id);
    const texts = await courses.textsWithFallback(tx, e0.versionId, ids, language, e0.primaryLanguage);
    const perQuestion = questions.map((q) => {
      const k = keys.get(q.id);
      return {
        questionId: q.id,
        answeredCorrectly: k
          ? grade(
              q,
              k,
              body.answers.find((a) => a.questionId === q.id),
              language,
            )
          : false,
        points: q.points,
        explanation: String(texts.get(q.id)?.body.explanation ?? ''),
        rightAnswer: k ?? null,
      };
    });
    const passMark = item.passMark ?? 0;
    const result = scoreOf(
      perQuestion.map((p) => ({ correct: p.answeredCorrectly, points: p.points })),
      passMark,
    );
    const attemptNo = progress.attemptsUsed + 1;
    const results: repo.StoredResults = { passMark, attemptsAllowed: allowed, perQuestion };
    try {
      await repo.insertAttempt(tx, {
        workspaceId: e0.workspaceId,
        enrolmentId: e0.id,
        cycle: e0.cycle,
        itemId: item.id,
        accountId: me.accountId,
        attemptNo,
        key,
        answers: body.answers,
        results,
        score: result.score,
        correctCount: perQuestion.filter((p) => p.answeredCorrectly).length,
        questionCount: perQuestion.length,
        passed: result.passed,
      });
    } catch (err) {
      if (isPgError(err, '23505'))
        throw errors.conflict(
          'ATTEMPT_ALREADY_SUBMITTED',
          'This attempt was submitted from another window. Reload the quiz.',
        );
      throw err;
    }
    await repo.recordAttempt(tx, e0, item.id, { attemptsUsed: attemptNo, score: result.score, passed: result.passed });
    let after: TEnrolmentProgress;
    if (result.passed) {
      const e = await mine(tx, me, body.enrolmentId, true);
      await repo.completeItem(tx, e, item.id);
      after = await afterItem(ctx, tx, e, item.id, language);
    } else {
      await repo.markStarted(tx, e0.id);
      after = {
        enrolmentId: e0.id,
        itemId: item.id,
        itemState: 'IN_PROGRESS',
        progressPercent: e0.progressPercent,
        courseCompleted: e0.completedAt !== null,
        score: e0.score,
        certificateAvailable: e0.certificate,
      };
    }
    return {
      attemptNo,
      score: result.score,
      passed: result.passed,
      passMark,
      attemptsUsed: attemptNo,
      attemptsAllowed: allowed,
      attemptsLeft: allowed === null ? null : Math.max(0, allowed - attemptNo),
      review: reviewOf({ passed: result.passed, results }),
      progress: after,
    };
  });
}

// SCORM

/**
 * A SCORM commit: the runtime state is stored, and SCORM's rules (`scormOutcome`: 1.2 lesson_status,
 * 2004 completion and success, the manifest's mastery score) decide whether it completes the item.
 * The result is recorded as self-reported: the package reports it from the learner's browser.
 */
export function scormCommit(ctx: Ctx, itemId: string, body: TScormCommitRequest): Promise<TEnrolmentProgress> {
  if (Buffer.byteLength(JSON.stringify(body.cmi)) > SCORM_CMI_MAX_BYTES)
    throw errors.badRequest('SCORM_STATE_TOO_LARGE', 'The SCORM lesson’s saved state is larger than 64 KB.', [
      { path: 'cmi', message: 'At most 64 KB', code: 'TOO_BIG' },
    ]);
  const parsed = ZScormCommitMessage.safeParse({ type: 'scorm.commit', standard: body.standard, cmi: body.cmi });
  const invalid = () =>
    errors.badRequest('SCORM_STATE_INVALID', 'The SCORM lesson’s state is not valid.', [
      { path: 'cmi', message: 'Not a SCORM runtime state', code: 'INVALID' },
    ]);
  if (!parsed.success) throw invalid();
  return asLearner(ctx, async (tx, me) => {
    const e = await mine(tx, me, body.enrolmentId, true);
    const item = await openItem(tx, e, itemId, 'SCORM');
    const rules = await repo.scormRulesOf(tx, item.id);
    if (rules.standard && rules.standard !== parsed.data.standard) throw invalid();
    const { done, passed, score } = scormOutcome(parsed.data, rules.masteryScore ?? undefined);
    if (!done || item.status === 'COMPLETED') {
      await repo.saveScormState(tx, e, item.id, body.cmi, score);
      await repo.markStarted(tx, e.id);
      if (!done)
        return {
          enrolmentId: e.id,
          itemId: item.id,
          itemState: 'IN_PROGRESS' as const,
          progressPercent: e.progressPercent,
          courseCompleted: e.completedAt !== null,
          score: e.score,
          certificateAvailable: e.certificate,
        };
    }
    await repo.completeItem(tx, e, item.id, { bestScore: score, passed, scormState: body.cmi });
    return afterItem(ctx, tx, e, item.id, shownLanguage(e, body.language));
  });
}
