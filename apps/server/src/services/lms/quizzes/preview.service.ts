import type {
  TLanguage,
  TLearnerCourse,
  TLearnerQuestion,
  TPreviewGradeRequest,
  TPreviewGradeResult,
} from '@app/contract';
import type { Ctx } from '../../../core/context.ts';
import type { Tx } from '../../../core/db/database.ts';
import { AppError, errors } from '../../../core/errors.ts';
import { isOperator, type LmsScope, withAuthoring } from '../authoring-scope.ts';
import * as courses from '../courses/courses.repo.ts';
import { authorizeCourse, loadCourse } from '../courses/courses.service.ts';
import { toLearnerBlocks } from '../lessons/learner-view.ts';
import * as lessonsRepo from '../lessons/lessons.repo.ts';
import { grade, score } from './grade.ts';
import { shuffled, toLearnerQuestion } from './learner-view.ts';
import * as repo from './quizzes.repo.ts';

/**
 * Preview-as-learner (docs/learning-design.md §2, §3): an author sees a course version exactly as a
 * learner will (learner shapes only, no key), and has quiz answers graded without anything recorded.
 */

const lang = (l: string) => l as TLanguage;

/** The version an author previews: the draft of an own (or, for the operator, catalogue) course, else the published one. */
function previewVersionId(scope: LmsScope, course: courses.CourseRow): string | null {
  const own = isOperator(scope) || (course.workspaceId !== null && course.workspaceId === scope.owner);
  return (own ? course.draftVersionId : null) ?? course.publishedVersionId;
}

function shownLanguage(version: courses.VersionRow, language: string | undefined): string {
  return language && version.languages.includes(language) ? language : version.primaryLanguage;
}

/** A course version in the learner's shape (shared with issue 14's player). */
export async function learnerCourse(
  tx: Tx,
  course: courses.CourseRow,
  version: courses.VersionRow,
  requested: string | undefined,
): Promise<TLearnerCourse> {
  const language = shownLanguage(version, requested);
  // One after another: the statements share the request's one connection.
  const items = await courses.listItems(tx, version.id);
  const blocks = await repo.versionBlocks(tx, version.id);
  const questions = await repo.versionQuestions(tx, version.id);
  const blockTexts = await lessonsRepo.textsOf(
    tx,
    version.id,
    blocks.map((b) => b.id),
  );
  const options = await repo.optionsOf(
    tx,
    questions.map((q) => q.id),
  );
  const texts = await courses.textsWithFallback(
    tx,
    version.id,
    [version.id, ...items.map((i) => i.id), ...questions.map((q) => q.id)],
    language,
    version.primaryLanguage,
  );
  const courseText = texts.get(version.id);
  return {
    id: course.id,
    title: String(courseText?.body.title ?? ''),
    description: String(courseText?.body.description ?? ''),
    language: lang(courseText?.language ?? language),
    fallback: courseText ? courseText.fallback : true,
    primaryLanguage: lang(version.primaryLanguage),
    languages: version.languages.map((l) => ({
      language: lang(l),
      languagePriority: l === version.primaryLanguage ? ('PRIMARY' as const) : ('SECONDARY' as const),
    })),
    version: { id: version.id, number: version.number, status: version.status },
    items: items.map((i) => {
      const t = texts.get(i.id);
      const qs: TLearnerQuestion[] = questions
        .filter((q) => q.itemId === i.id)
        .map((q) =>
          toLearnerQuestion(
            q,
            options.filter((o) => o.questionId === q.id),
            texts.get(q.id),
            language,
          ),
        );
      return {
        id: i.id,
        stableId: i.stableId,
        kind: i.kind,
        title: String(t?.body.title ?? ''),
        language: lang(t?.language ?? language),
        fallback: t ? t.fallback : true,
        blocks: toLearnerBlocks(
          blocks.filter((b) => b.itemId === i.id),
          blockTexts,
          lang(language),
          lang(version.primaryLanguage),
        ),
        questions: i.shuffleQuestions ? shuffled(qs) : qs,
        passMark: i.passMark,
        attemptLimit: i.attemptLimit,
        scormPackageId: i.scormPackageId,
      };
    }),
  };
}

export function previewCourse(ctx: Ctx, courseId: string, language: TLanguage | undefined): Promise<TLearnerCourse> {
  return withAuthoring(ctx, 'course.preview', async (tx, scope) => {
    const course = await loadCourse(tx, scope, courseId);
    authorizeCourse(scope, 'preview', course);
    const versionId = previewVersionId(scope, course);
    const version = versionId ? await courses.findVersionAnyOwner(tx, versionId) : undefined;
    if (!version) throw errors.notFound('COURSE');
    return learnerCourse(tx, course, version, language);
  });
}

/** Grades a quiz of a previewed version; nothing is recorded. */
export function previewGrade(ctx: Ctx, quizId: string, body: TPreviewGradeRequest): Promise<TPreviewGradeResult> {
  return withAuthoring(ctx, 'quiz.preview_grade', async (tx, scope) => {
    const item = await courses.findItemAnyOwner(tx, quizId);
    if (item?.kind !== 'QUIZ') throw errors.notFound('COURSE_ITEM');
    const version = await courses.findVersionAnyOwner(tx, item.courseVersionId);
    if (!version) throw errors.notFound('COURSE_ITEM');
    const course = await loadCourse(tx, scope, version.courseId);
    authorizeCourse(scope, 'preview', course);
    if (version.id !== previewVersionId(scope, course) && version.id !== course.publishedVersionId)
      throw errors.notFound('COURSE_ITEM');
    // A catalogue quiz's keys are the operator's: a workspace previews its questions, and its
    // learners' attempts are graded (migration 0031, `app_grading_keys`), but a preview is not.
    if (!isOperator(scope) && course.workspaceId === null)
      throw new AppError(
        403,
        'CATALOGUE_QUIZ_NOT_GRADED',
        'A catalogue quiz is graded only in a learner’s own attempt: its answers stay with the catalogue.',
      );
    const language = shownLanguage(version, body.language);
    const questions = await repo.listQuestions(tx, item.id);
    const ids = questions.map((q) => q.id);
    const [keys, texts] = await Promise.all([
      repo.keysOf(tx, ids),
      courses.textsWithFallback(tx, version.id, ids, language, version.primaryLanguage),
    ]);
    const perQuestion = questions.map((q) => {
      const key = keys.get(q.id);
      const answer = body.answers.find((a) => a.questionId === q.id);
      return {
        questionId: q.id,
        answeredCorrectly: key ? grade(q, key, answer, lang(language)) : false,
        points: q.points,
        explanation: String(texts.get(q.id)?.body.explanation ?? ''),
      };
    });
    const passMark = item.passMark ?? 0;
    return {
      ...score(
        perQuestion.map((p) => ({ correct: p.answeredCorrectly, points: p.points })),
        passMark,
      ),
      passMark,
      perQuestion,
    };
  });
}
