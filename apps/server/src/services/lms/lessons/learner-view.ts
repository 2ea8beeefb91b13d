import { type TBlockSettings, type TBlockType, type TLanguage, type TLearnerBlock, ZLearnerBlock } from '@app/contract';
import type { Tx } from '../../../core/db/database.ts';
import { publicBlockText, type StoredBlockText } from './block-text.ts';
import * as repo from './lessons.repo.ts';

type BlockRow = { id: string; stableId: string; type: string; position: number; settings: unknown };
type TextRow = { entityId: string; language: string; body: unknown; complete: boolean };

/**
 * A lesson's blocks as a learner (or an author previewing) sees them, in `language`: per block, the
 * text in that language when it is complete, else the primary language's, marked `fallback`
 * (docs/learning-design.md §1.4). No completeness, no other language, no storage key; every block
 * is parsed through `ZLearnerBlock`, so nothing else can slip into the answer.
 */
export function toLearnerBlocks(
  rows: BlockRow[],
  texts: TextRow[],
  language: TLanguage,
  primaryLanguage: TLanguage,
): TLearnerBlock[] {
  return rows.map((row) => {
    const own = texts.find((t) => t.entityId === row.id && t.language === language && t.complete);
    const primary = texts.find((t) => t.entityId === row.id && t.language === primaryLanguage);
    const shown = own ?? primary ?? null;
    const shownLanguage = own ? language : primaryLanguage;
    const body = (shown?.body ?? null) as StoredBlockText | null;
    const base = `/lms/api/lesson-content/file/${row.id}?language=${shownLanguage}`;
    return ZLearnerBlock.parse({
      id: row.id,
      stableId: row.stableId,
      type: row.type as TBlockType,
      position: row.position,
      settings: (row.settings ?? {}) as TBlockSettings,
      language: shownLanguage,
      fallback: !own && language !== primaryLanguage,
      body: publicBlockText(body),
      fileUrl: body?.fileKey ? base : null,
      captionsUrl: body?.captionsKey ? `${base}&captions=true` : null,
    });
  });
}

/**
 * Every block of a lesson for a learner (preview, issue 14's player), in one transaction the caller
 * opened with the right scope (the lesson must be visible to it).
 */
export async function learnerLesson(
  tx: Tx,
  owner: repo.Owner,
  lessonId: string,
  language: TLanguage,
): Promise<TLearnerBlock[] | null> {
  const lesson = await repo.findLesson(tx, owner, lessonId);
  if (!lesson) return null;
  const rows = await repo.pageBlocks(tx, lesson.id, { offset: 0, limit: 1000 });
  const texts = await repo.textsOf(
    tx,
    lesson.versionId,
    rows.map((r) => r.id),
  );
  const lang = lesson.languages.includes(language) ? language : (lesson.primaryLanguage as TLanguage);
  return toLearnerBlocks(rows, texts, lang, lesson.primaryLanguage as TLanguage);
}
