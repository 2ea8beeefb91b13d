import type {
  TAnswerKey,
  TEnrolmentProgress,
  TLanguage,
  TMyQuiz,
  TQuestionReview,
  TQuizSubmitRequest,
  TQuizSubmitResult,
} from '@app/contract';
import type { Ctx } from '../../../core/context.ts';
import type { Tx } from '../../../core/db/database.ts';
import { errors } from '../../../core/errors.ts';
import * as courses from '../courses/courses.repo.ts';
import { isPgError } from '../operator.ts';
import { grade, score as scoreOf } from '../quizzes/grade.ts';
import { shuffled, toLearnerQuestion } from '../quizzes/learner-view.ts';
import * as quizRepo from '../quizzes/quizzes.repo.ts';
import { afterItem, allowedOf, asLearner, iso, itemState, mine, openItem, shownLanguage } from './learner.ts';
import * as repo from './learning.repo.ts';

/** Taking a quiz: the questions in the learner's language, a submission graded and recorded, a replay (see learner.ts). */

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
