import { randomUUID } from 'node:crypto';
import type {
  TAddQuestionRequest,
  TAnswerKey,
  TAuthorQuestion,
  TCourseItem,
  TCreateQuizRequest,
  TLanguage,
  TPagedResult,
  TQuestionInput,
  TQuestionListRequest,
  TUpdateQuizRequest,
} from '@app/contract';
import { toPagedResult } from '@app/contract';
import type { Ctx } from '../../../core/context.ts';
import type { Tx } from '../../../core/db/database.ts';
import { errors } from '../../../core/errors.ts';
import { type LmsScope, withAuthoring } from '../authoring-scope.ts';
import * as courses from '../courses/courses.repo.ts';
import {
  authorizeCourse,
  details,
  draftItem,
  loadCourse,
  openDraft,
  requireListedLanguage,
} from '../courses/courses.service.ts';
import * as repo from './quizzes.repo.ts';
import { keyInvalid, keyProblems, type Problem, questionComplete } from './rules.ts';

/** Quizzes and their questions, for authors (docs/learning-design.md §1.5, §2). */

const lang = (l: string) => l as TLanguage;

async function itemDetails(tx: Tx, scope: LmsScope, courseId: string, itemId: string, language: string) {
  const d = await details(tx, scope, courseId, { language: lang(language), version: 'draft' });
  const item = d.items.find((i) => i.id === itemId);
  if (!item) throw errors.notFound('COURSE_ITEM');
  return item;
}

/** The draft's copy of quiz `quizId` (followed by stable id from the published version), for a write. */
async function draftQuiz(ctx: Ctx, tx: Tx, scope: LmsScope, quizId: string) {
  const found = await draftItem(ctx, tx, scope, quizId);
  if (found.item.kind !== 'QUIZ') throw errors.notFound('COURSE_ITEM');
  return found;
}

// Quizzes

export function createQuiz(ctx: Ctx, body: TCreateQuizRequest): Promise<TCourseItem> {
  return withAuthoring(ctx, 'quiz.create', async (tx, scope) => {
    const { course, draft } = await openDraft(ctx, tx, scope, body.courseId);
    requireListedLanguage(draft, body.language);
    const item = await courses.insertItem(tx, {
      versionId: draft.id,
      owner: scope.owner,
      kind: 'QUIZ',
      passMark: body.passMark,
      attemptLimit: body.attemptLimit ?? null,
      shuffleQuestions: body.shuffleQuestions,
    });
    await courses.upsertText(tx, {
      versionId: draft.id,
      entityId: item.id,
      language: body.language,
      owner: scope.owner,
      kind: 'ITEM',
      body: { title: body.title },
      complete: true,
    });
    await courses.touchCourse(tx, course.id, scope.accountId);
    await ctx.audit('quiz.created', item.id, {
      courseId: course.id,
      after: { title: body.title, passMark: body.passMark, attemptLimit: body.attemptLimit ?? null },
    });
    return itemDetails(tx, scope, course.id, item.id, body.language);
  });
}

export function updateQuiz(ctx: Ctx, quizId: string, body: TUpdateQuizRequest): Promise<TCourseItem> {
  return withAuthoring(ctx, 'quiz.update', async (tx, scope) => {
    const { course, draft, item } = await draftQuiz(ctx, tx, scope, quizId);
    requireListedLanguage(draft, body.language);
    const before = {
      passMark: item.passMark,
      attemptLimit: item.attemptLimit,
      shuffleQuestions: item.shuffleQuestions,
    };
    const after = {
      passMark: body.passMark ?? item.passMark ?? 0,
      attemptLimit: body.attemptLimit === undefined ? item.attemptLimit : body.attemptLimit,
      shuffleQuestions: body.shuffleQuestions ?? item.shuffleQuestions,
    };
    await repo.updateQuizItem(tx, item.id, after);
    if (body.title !== undefined)
      await courses.upsertText(tx, {
        versionId: draft.id,
        entityId: item.id,
        language: body.language,
        owner: scope.owner,
        kind: 'ITEM',
        body: { title: body.title },
        complete: true,
      });
    await courses.touchCourse(tx, course.id, scope.accountId);
    await ctx.audit('quiz.updated', item.id, {
      language: body.language,
      before,
      after: { ...after, title: body.title },
    });
    return itemDetails(tx, scope, course.id, item.id, body.language);
  });
}

export function deleteQuiz(ctx: Ctx, quizId: string): Promise<{ id: string }> {
  return withAuthoring(ctx, 'quiz.delete', async (tx, scope) => {
    const { course, draft, item } = await draftQuiz(ctx, tx, scope, quizId);
    await courses.deleteItem(tx, item.id, draft.id);
    await courses.touchCourse(tx, course.id, scope.accountId);
    await ctx.audit('quiz.deleted', item.id, { courseId: course.id });
    return { id: item.id };
  });
}

// Questions: reading (authors only, with keys)

/** Questions as authors see them, in `language` (with the primary's words as reference). */
export async function authorQuestions(
  tx: Tx,
  version: courses.VersionRow,
  rows: repo.QuestionRow[],
  language: string,
): Promise<TAuthorQuestion[]> {
  const ids = rows.map((r) => r.id);
  const [options, keys, texts] = await Promise.all([
    repo.optionsOf(tx, ids),
    repo.keysOf(tx, ids),
    repo.questionTexts(tx, version.id, ids),
  ]);
  const textOf = (id: string, l: string) => texts.find((t) => t.entityId === id && t.language === l);
  return rows.map((q) => {
    const t = textOf(q.id, language);
    const body = t?.body ?? {};
    const labels = (body.options ?? {}) as Record<string, string>;
    const ref = language === version.primaryLanguage ? undefined : textOf(q.id, version.primaryLanguage);
    return {
      id: q.id,
      stableId: q.stableId,
      quizId: q.itemId,
      type: q.type,
      position: q.position,
      points: q.points,
      language: lang(language),
      prompt: String(body.prompt ?? ''),
      explanation: String(body.explanation ?? ''),
      options: options
        .filter((o) => o.questionId === q.id)
        .map((o) => ({ id: o.id, side: o.side, position: o.position, label: String(labels[o.id] ?? '') })),
      key: keys.get(q.id) ?? { correct: [] as string[] },
      complete: t?.complete ?? false,
      reference: ref
        ? {
            language: lang(version.primaryLanguage),
            prompt: String(ref.body.prompt ?? ''),
            explanation: String(ref.body.explanation ?? ''),
            options: (ref.body.options ?? {}) as Record<string, string>,
          }
        : null,
    } as TAuthorQuestion;
  });
}

/** A quiz any version of which the author may edit (keys are for authors only), with its version. */
async function authoredQuiz(tx: Tx, scope: LmsScope, quizId: string) {
  const item = await courses.findItemAnyOwner(tx, quizId);
  if (item?.kind !== 'QUIZ') throw errors.notFound('COURSE_ITEM');
  const version = await courses.findVersionAnyOwner(tx, item.courseVersionId);
  if (!version) throw errors.notFound('COURSE_ITEM');
  const course = await loadCourse(tx, scope, version.courseId);
  authorizeCourse(scope, 'edit', course);
  return { item, version, course };
}

export function listQuestions(ctx: Ctx, body: TQuestionListRequest): Promise<TPagedResult<TAuthorQuestion>> {
  return withAuthoring(ctx, 'quiz_question.list', async (tx, scope) => {
    const { item, version } = await authoredQuiz(tx, scope, body.quizId);
    const rows = await repo.listQuestions(tx, item.id, body);
    const content = await authorQuestions(tx, version, rows, body.language);
    return toPagedResult(content, rows[0]?.total ?? 0, body);
  });
}

// Questions: writing (always the draft)

/** Maps option ids of a question of the published version to its copy in the draft (same side and position). */
async function followOptions(tx: Tx, from: repo.QuestionRow, to: repo.QuestionRow): Promise<Map<string, string>> {
  if (from.id === to.id) return new Map();
  const [a, b] = await Promise.all([repo.optionsOf(tx, [from.id]), repo.optionsOf(tx, [to.id])]);
  const at = (o: repo.OptionRow) => `${o.side ?? ''}:${o.position}`;
  const target = new Map(b.map((o) => [at(o), o.id]));
  return new Map(a.flatMap((o) => (target.has(at(o)) ? [[o.id, target.get(at(o))!] as const] : [])));
}

/** The draft's copy of question `questionId`, opening the draft when needed. */
async function draftQuestion(ctx: Ctx, tx: Tx, scope: LmsScope, questionId: string) {
  const original = await repo.findQuestion(tx, scope.owner, questionId);
  if (!original) throw errors.notFound('QUIZ_QUESTION');
  const found = await draftQuiz(ctx, tx, scope, original.itemId);
  const question =
    original.courseVersionId === found.draft.id
      ? original
      : await repo.findQuestionByStableId(tx, found.draft.id, original.stableId);
  if (!question) throw errors.notFound('QUIZ_QUESTION');
  return { ...found, question, optionMap: await followOptions(tx, original, question) };
}

function mapKey(key: TAnswerKey, map: (ref: string) => string): TAnswerKey {
  if ('correct' in key) return { correct: key.correct.map(map) };
  if ('pairs' in key) return { pairs: key.pairs.map(([l, r]) => [map(l), map(r)] as [string, string]) };
  return key;
}

/** Resolves the request's option references (existing ids kept, others new ids) and checks the type's rules. */
function resolve(input: TQuestionInput, existing: readonly repo.OptionRow[], follow: Map<string, string>) {
  const existingIds = new Set(existing.map((o) => o.id));
  const refs = new Map<string, string>();
  const problems: Problem[] = [];
  const options = input.options.map((o, i) => {
    const given = o.id === undefined ? undefined : (follow.get(o.id) ?? o.id);
    if (given !== undefined && refs.has(given))
      problems.push({ path: `options.${i}.id`, message: 'Each option is listed once', code: 'DUPLICATE_OPTION' });
    const known = given !== undefined && existingIds.has(given);
    const id = known ? given : randomUUID();
    if (given !== undefined) refs.set(given, id);
    return { id, side: o.side ?? null, label: o.label, isNew: !known };
  });
  const key = mapKey(input.key, (r) => refs.get(follow.get(r) ?? r) ?? r);
  problems.push(...keyProblems(input.type, options, key, input.prompt, input.language));
  if (problems.length > 0) throw keyInvalid(problems);
  return { options, key };
}

/**
 * Writes the question's text in the request's language, then re-checks every language's text:
 * labels of deleted options are dropped and `complete` computed again (options and per-language
 * answers are shared by all languages).
 */
async function writeTexts(
  tx: Tx,
  scope: LmsScope,
  versionId: string,
  question: { id: string; type: TQuestionInput['type'] },
  optionIds: string[],
  key: TAnswerKey,
  written?: { language: string; prompt: string; explanation: string; labels: Record<string, string> },
) {
  const rows = await repo.questionTexts(tx, versionId, [question.id]);
  const bodies = new Map(rows.map((r) => [r.language, r.body]));
  if (written)
    bodies.set(written.language, { prompt: written.prompt, explanation: written.explanation, options: written.labels });
  for (const [language, body] of bodies) {
    const labels = (body.options ?? {}) as Record<string, string>;
    const kept = Object.fromEntries(optionIds.filter((id) => id in labels).map((id) => [id, labels[id]!]));
    const next = { ...body, options: kept };
    await courses.upsertText(tx, {
      versionId,
      entityId: question.id,
      language,
      owner: scope.owner,
      kind: 'QUESTION',
      body: next,
      complete: questionComplete(question.type, next, optionIds, key, language),
    });
  }
}

async function oneAuthorQuestion(tx: Tx, version: courses.VersionRow, questionId: string, language: string) {
  const row = await repo.findQuestion(tx, version.workspaceId, questionId);
  if (!row) throw errors.notFound('QUIZ_QUESTION');
  return (await authorQuestions(tx, version, [row], language))[0]!;
}

async function saveQuestion(
  tx: Tx,
  scope: LmsScope,
  draft: courses.VersionRow,
  question: repo.QuestionRow,
  input: TQuestionInput,
  resolved: ReturnType<typeof resolve>,
) {
  await repo.setOptions(tx, { questionId: question.id, versionId: draft.id, owner: scope.owner }, resolved.options);
  await repo.upsertKey(tx, { questionId: question.id, versionId: draft.id, owner: scope.owner, key: resolved.key });
  await writeTexts(
    tx,
    scope,
    draft.id,
    { id: question.id, type: input.type },
    resolved.options.map((o) => o.id),
    resolved.key,
    {
      language: input.language,
      prompt: input.prompt,
      explanation: input.explanation,
      labels: Object.fromEntries(resolved.options.map((o) => [o.id, o.label])),
    },
  );
}

export function addQuestion(ctx: Ctx, body: TAddQuestionRequest): Promise<TAuthorQuestion> {
  return withAuthoring(ctx, 'quiz_question.add', async (tx, scope) => {
    const { course, draft, item } = await draftQuiz(ctx, tx, scope, body.quizId);
    requireListedLanguage(draft, body.language);
    const resolved = resolve(body, [], new Map());
    const question = await repo.insertQuestion(tx, {
      itemId: item.id,
      versionId: draft.id,
      owner: scope.owner,
      type: body.type,
      points: body.points,
    });
    await saveQuestion(tx, scope, draft, question, body, resolved);
    await courses.touchCourse(tx, course.id, scope.accountId);
    await ctx.audit('quiz_question.created', question.id, {
      quizId: item.id,
      language: body.language,
      after: { type: body.type, points: body.points, prompt: body.prompt, options: resolved.options.length },
    });
    return oneAuthorQuestion(tx, draft, question.id, body.language);
  });
}

export function editQuestion(ctx: Ctx, questionId: string, body: TQuestionInput): Promise<TAuthorQuestion> {
  return withAuthoring(ctx, 'quiz_question.edit', async (tx, scope) => {
    const { course, draft, question, optionMap } = await draftQuestion(ctx, tx, scope, questionId);
    requireListedLanguage(draft, body.language);
    const existing = await repo.optionsOf(tx, [question.id]);
    const resolved = resolve(body, existing, optionMap);
    await repo.updateQuestion(tx, question.id, { type: body.type, points: body.points });
    await saveQuestion(tx, scope, draft, question, body, resolved);
    await courses.touchCourse(tx, course.id, scope.accountId);
    await ctx.audit('quiz_question.updated', question.id, {
      language: body.language,
      before: { type: question.type, points: question.points },
      after: { type: body.type, points: body.points, prompt: body.prompt, options: resolved.options.length },
    });
    return oneAuthorQuestion(tx, draft, question.id, body.language);
  });
}

export function deleteQuestion(ctx: Ctx, questionId: string): Promise<{ id: string }> {
  return withAuthoring(ctx, 'quiz_question.delete', async (tx, scope) => {
    const { course, question } = await draftQuestion(ctx, tx, scope, questionId);
    await repo.deleteQuestion(tx, question);
    await courses.touchCourse(tx, course.id, scope.accountId);
    await ctx.audit('quiz_question.deleted', question.id, { quizId: question.itemId, before: { type: question.type } });
    return { id: question.id };
  });
}

/** Deletes one option, unless the question would break its type's minimum or its key (409 QUESTION_KEY_INVALID). */
export function deleteOption(ctx: Ctx, optionId: string, language: TLanguage | undefined): Promise<TAuthorQuestion> {
  return withAuthoring(ctx, 'quiz_question.option.delete', async (tx, scope) => {
    const option = await repo.findOption(tx, scope.owner, optionId);
    if (!option) throw errors.notFound('QUIZ_OPTION');
    const { course, draft, question, optionMap } = await draftQuestion(ctx, tx, scope, option.questionId);
    const target = optionMap.get(option.id) ?? option.id;
    const existing = await repo.optionsOf(tx, [question.id]);
    if (!existing.some((o) => o.id === target)) throw errors.notFound('QUIZ_OPTION');
    const remaining = existing.filter((o) => o.id !== target);
    const key = (await repo.keysOf(tx, [question.id])).get(question.id) ?? { correct: [] };
    const primary = (await repo.questionTexts(tx, draft.id, [question.id])).find(
      (t) => t.language === draft.primaryLanguage,
    );
    const problems = keyProblems(
      question.type,
      remaining,
      key,
      String(primary?.body.prompt ?? ''),
      draft.primaryLanguage,
    ).filter((p) => p.code !== 'NO_ACCEPTED_ANSWER');
    const stillNamed = JSON.stringify(key).includes(target);
    if (stillNamed)
      problems.push({ path: 'key', message: 'The answer key names this option: change the key first', code: 'IN_KEY' });
    if (problems.length > 0) throw keyInvalid(problems, 409);
    await repo.setOptions(
      tx,
      { questionId: question.id, versionId: draft.id, owner: scope.owner },
      remaining.map((o) => ({ id: o.id, side: o.side, isNew: false })),
    );
    await writeTexts(
      tx,
      scope,
      draft.id,
      question,
      remaining.map((o) => o.id),
      key,
    );
    await courses.touchCourse(tx, course.id, scope.accountId);
    await ctx.audit('quiz_question.updated', question.id, { before: { optionDeleted: target } });
    const shown = language && draft.languages.includes(language) ? language : draft.primaryLanguage;
    return oneAuthorQuestion(tx, draft, question.id, shown);
  });
}

export function orderQuestions(ctx: Ctx, quizId: string, questionIds: string[]): Promise<{ questionIds: string[] }> {
  return withAuthoring(ctx, 'quiz_question.order', async (tx, scope) => {
    const { course, item } = await draftQuiz(ctx, tx, scope, quizId);
    const current = await repo.listQuestions(tx, item.id);
    const byStable = new Map(current.map((q) => [q.stableId, q.id]));
    const currentIds = new Set(current.map((q) => q.id));
    const ids: string[] = [];
    for (const id of questionIds) {
      if (currentIds.has(id)) ids.push(id);
      else {
        const q = await repo.findQuestion(tx, scope.owner, id);
        ids.push((q && byStable.get(q.stableId)) ?? id);
      }
    }
    if (ids.length !== currentIds.size || new Set(ids).size !== ids.length || !ids.every((id) => currentIds.has(id)))
      throw errors.badRequest(
        'REORDER_MISMATCH',
        'The order must list every question of the quiz exactly once. Reload and try again.',
      );
    await repo.reorderQuestions(tx, item.id, ids);
    await courses.touchCourse(tx, course.id, scope.accountId);
    await ctx.audit('quiz_question.reordered', item.id, { before: current.map((q) => q.id), after: ids });
    return { questionIds: ids };
  });
}
