import type { TAnswerKey, TQuestionType } from '@app/contract';
import { sql } from 'drizzle-orm';
import type { Tx } from '../../../core/db/database.ts';
import { queryRows } from '../../../core/db/database.ts';
import { type Owner, ownerIs } from '../../../core/db/owner.ts';
import { toUuidArray } from '../courses/courses.repo.ts';

/**
 * SQL of quizzes, questions, options and answer keys (docs/learning-design.md §1.5). Keys are read
 * here only by authoring and grading; learners get questions through `learner-view.ts`.
 */

export async function updateQuizItem(
  tx: Tx,
  itemId: string,
  q: { passMark: number; attemptLimit: number | null; shuffleQuestions: boolean },
): Promise<void> {
  await tx.execute(sql`update course_items set pass_mark = ${q.passMark}, attempt_limit = ${q.attemptLimit},
      shuffle_questions = ${q.shuffleQuestions}, updated_at = app_now() where id = ${itemId} and kind = 'QUIZ'`);
}

export type QuestionRow = {
  id: string;
  stableId: string;
  itemId: string;
  courseVersionId: string;
  workspaceId: string | null;
  type: TQuestionType;
  position: number;
  points: number;
};

const questionCols = sql`q.id, q.stable_id as "stableId", q.item_id as "itemId", q.course_version_id as "courseVersionId",
  q.workspace_id as "workspaceId", q.type, q.position, q.points`;

/** The questions of a quiz in order; `page` limits them (with the total). */
export async function listQuestions(
  tx: Tx,
  itemId: string,
  page?: { pageNo: number; pageSize: number },
): Promise<(QuestionRow & { total: number })[]> {
  return queryRows(
    tx,
    sql`select ${questionCols}, count(*) over ()::int as total from quiz_questions q where q.item_id = ${itemId}
        order by q.position ${page ? sql`limit ${page.pageSize} offset ${page.pageNo * page.pageSize}` : sql``}`,
  );
}

/** The questions of every quiz of a version, in quiz then question order. */
export async function versionQuestions(tx: Tx, versionId: string): Promise<QuestionRow[]> {
  return queryRows(
    tx,
    sql`select ${questionCols} from quiz_questions q where q.course_version_id = ${versionId} order by q.item_id, q.position`,
  );
}

/**
 * A question of `owner`'s (a workspace's, or the catalogue's for null): on the operator's platform
 * path nothing else keeps a workspace's question out of reach (row-level security is bypassed).
 */
export async function findQuestion(tx: Tx, owner: Owner, id: string): Promise<QuestionRow | undefined> {
  const [row] = await queryRows<QuestionRow>(
    tx,
    sql`select ${questionCols} from quiz_questions q where q.id = ${id} and ${ownerIs('q', owner)}`,
  );
  return row;
}

export async function findQuestionByStableId(
  tx: Tx,
  versionId: string,
  stableId: string,
): Promise<QuestionRow | undefined> {
  const [row] = await queryRows<QuestionRow>(
    tx,
    sql`select ${questionCols} from quiz_questions q where q.course_version_id = ${versionId} and q.stable_id = ${stableId}`,
  );
  return row;
}

/** Inserts a question at the end of the quiz; `stable_id` is its own id. */
export async function insertQuestion(
  tx: Tx,
  q: { itemId: string; versionId: string; owner: string | null; type: TQuestionType; points: number },
): Promise<QuestionRow> {
  const [row] = await queryRows<QuestionRow>(
    tx,
    sql`with n as (select gen_random_uuid() as id)
        insert into quiz_questions as q (id, stable_id, item_id, course_version_id, workspace_id, type, position, points)
        select n.id, n.id, ${q.itemId}, ${q.versionId}, ${q.owner}, ${q.type},
               coalesce((select max(position) + 1 from quiz_questions where item_id = ${q.itemId}), 0), ${q.points}
          from n
        returning ${questionCols}`,
  );
  return row!;
}

export async function updateQuestion(tx: Tx, id: string, q: { type: TQuestionType; points: number }) {
  await tx.execute(
    sql`update quiz_questions set type = ${q.type}, points = ${q.points}, updated_at = app_now() where id = ${id}`,
  );
}

/** Deletes a question (its options and key cascade) and its texts, and closes the gap in the order. */
export async function deleteQuestion(tx: Tx, q: QuestionRow) {
  await tx.execute(
    sql`delete from course_texts where course_version_id = ${q.courseVersionId} and entity_id = ${q.id}`,
  );
  await tx.execute(sql`delete from quiz_questions where id = ${q.id}`);
  await tx.execute(sql`update quiz_questions c set position = r.rn - 1
      from (select id, row_number() over (order by position) as rn from quiz_questions where item_id = ${q.itemId}) r
      where c.id = r.id and c.position <> r.rn - 1`);
}

/** Sets the quiz's question order to `ids` (checked by the caller to be exactly its questions). */
export async function reorderQuestions(tx: Tx, itemId: string, ids: string[]) {
  await tx.execute(sql`update quiz_questions set position = array_position(${toUuidArray(ids)}, id) - 1, updated_at = app_now()
      where item_id = ${itemId}`);
}

// Options

export type OptionRow = { id: string; questionId: string; position: number; side: 'LEFT' | 'RIGHT' | null };

export async function optionsOf(tx: Tx, questionIds: string[]): Promise<OptionRow[]> {
  if (questionIds.length === 0) return [];
  return queryRows(
    tx,
    sql`select id, question_id as "questionId", position, side from quiz_options
         where question_id = any(${toUuidArray(questionIds)}) order by question_id, side nulls first, position`,
  );
}

/** An option of `owner`'s question (see `findQuestion`). */
export async function findOption(tx: Tx, owner: Owner, id: string): Promise<OptionRow | undefined> {
  const [row] = await queryRows<OptionRow>(
    tx,
    sql`select o.id, o.question_id as "questionId", o.position, o.side from quiz_options o
         where o.id = ${id} and ${ownerIs('o', owner)}`,
  );
  return row;
}

/**
 * Sets a question's options to `options` (in order; positions counted per side): keeps the listed
 * existing ones, inserts the new ones with the ids given, deletes the rest.
 */
export async function setOptions(
  tx: Tx,
  q: { questionId: string; versionId: string; owner: string | null },
  options: { id: string; side: 'LEFT' | 'RIGHT' | null; isNew: boolean }[],
) {
  const keep = options.map((o) => o.id);
  await tx.execute(sql`delete from quiz_options where question_id = ${q.questionId}
      and not (id = any(${toUuidArray(keep)}))`);
  const counters = new Map<string, number>();
  for (const o of options) {
    const side = o.side ?? '';
    const position = counters.get(side) ?? 0;
    counters.set(side, position + 1);
    if (o.isNew)
      await tx.execute(sql`insert into quiz_options (id, question_id, course_version_id, workspace_id, position, side)
          values (${o.id}, ${q.questionId}, ${q.versionId}, ${q.owner}, ${position}, ${o.side})`);
    else
      await tx.execute(
        sql`update quiz_options set position = ${position}, side = ${o.side} where id = ${o.id} and question_id = ${q.questionId}`,
      );
  }
}

// Keys

export async function keysOf(tx: Tx, questionIds: string[]): Promise<Map<string, TAnswerKey>> {
  if (questionIds.length === 0) return new Map();
  const rows = await queryRows<{ questionId: string; key: TAnswerKey }>(
    tx,
    sql`select question_id as "questionId", key from quiz_answer_keys where question_id = any(${toUuidArray(questionIds)})`,
  );
  return new Map(rows.map((r) => [r.questionId, r.key]));
}

export async function upsertKey(
  tx: Tx,
  k: { questionId: string; versionId: string; owner: string | null; key: TAnswerKey },
): Promise<void> {
  await tx.execute(sql`insert into quiz_answer_keys (question_id, course_version_id, workspace_id, key)
      values (${k.questionId}, ${k.versionId}, ${k.owner}, ${JSON.stringify(k.key)}::jsonb)
      on conflict (question_id) do update set key = excluded.key`);
}

// Texts of questions, every language

export async function questionTexts(
  tx: Tx,
  versionId: string,
  questionIds: string[],
): Promise<{ entityId: string; language: string; body: Record<string, unknown>; complete: boolean }[]> {
  if (questionIds.length === 0) return [];
  return queryRows(
    tx,
    sql`select entity_id as "entityId", language, body, complete from course_texts
         where course_version_id = ${versionId} and entity_id = any(${toUuidArray(questionIds)})`,
  );
}

// Lesson blocks, for the learner's view of a version (read only)

export type BlockRow = {
  id: string;
  itemId: string;
  stableId: string;
  type: 'TEXT' | 'IMAGE' | 'VIDEO' | 'RESOURCE' | 'TEXT_AREA' | 'BUTTON' | 'NOTIFY';
  position: number;
  settings: Record<string, unknown>;
};

export async function versionBlocks(tx: Tx, versionId: string): Promise<BlockRow[]> {
  return queryRows(
    tx,
    sql`select id, item_id as "itemId", stable_id as "stableId", type, position, settings from lesson_blocks
         where course_version_id = ${versionId} order by item_id, position`,
  );
}
