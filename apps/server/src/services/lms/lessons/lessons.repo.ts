import { and, asc, count, eq, gt, gte, inArray, lt, lte, sql } from 'drizzle-orm';
import type { Tx } from '../../../core/db/database.ts';
import { type Owner, ownerIs } from '../../../core/db/owner.ts';
import { AppError } from '../../../core/errors.ts';
import {
  courseItems,
  courses,
  courseTexts,
  courseVersions,
  lessonBlocks,
  lessonMediaUploads,
} from '../../../db/schema.ts';

/**
 * SQL of lessons, blocks and their media. `owner` is the authoring scope: a workspace id, or null
 * for the operator's catalogue (whose transactions bypass row-level security, so every query
 * filters by owner itself).
 */
export type { Owner } from '../../../core/db/owner.ts';

/** Maps the freeze trigger's refusal to 409 `VERSION_FROZEN` (the service checks first; this is the backstop). */
export async function guarded<T>(run: () => Promise<T>): Promise<T> {
  try {
    return await run();
  } catch (err) {
    const message =
      (err as { message?: string; cause?: { message?: string } }).cause?.message ?? (err as Error).message;
    if (typeof message === 'string' && message.includes('VERSION_FROZEN')) {
      throw new AppError(
        409,
        'CONFLICT',
        'This version is published and can no longer be changed. Reload to edit the new draft.',
        {
          params: { reason: 'VERSION_FROZEN' },
        },
      );
    }
    throw err;
  }
}

/** A lesson (a LESSON item) with its version and course, as the authoring scope sees it. */
export async function findLesson(tx: Tx, owner: Owner, itemId: string) {
  const [row] = await tx
    .select({
      id: courseItems.id,
      stableId: courseItems.stableId,
      kind: courseItems.kind,
      position: courseItems.position,
      minReadingSeconds: courseItems.minReadingSeconds,
      versionId: courseItems.courseVersionId,
      workspaceId: courseItems.workspaceId,
      versionStatus: courseVersions.status,
      primaryLanguage: courseVersions.primaryLanguage,
      languages: courseVersions.languages,
      courseId: courseVersions.courseId,
      draftVersionId: courses.draftVersionId,
    })
    .from(courseItems)
    .innerJoin(courseVersions, eq(courseVersions.id, courseItems.courseVersionId))
    .innerJoin(courses, eq(courses.id, courseVersions.courseId))
    .where(and(eq(courseItems.id, itemId), eq(courseItems.kind, 'LESSON'), ownerIs(courseItems, owner)));
  return row ?? null;
}
export type LessonRow = NonNullable<Awaited<ReturnType<typeof findLesson>>>;

/** A block with its lesson's facts. */
export async function findBlock(tx: Tx, owner: Owner, blockId: string) {
  const [row] = await tx
    .select({ id: lessonBlocks.id, itemId: lessonBlocks.itemId })
    .from(lessonBlocks)
    .where(and(eq(lessonBlocks.id, blockId), ownerIs(lessonBlocks, owner)));
  if (!row) return null;
  const lesson = await findLesson(tx, owner, row.itemId);
  if (!lesson) return null;
  const [block] = await tx.select().from(lessonBlocks).where(eq(lessonBlocks.id, blockId));
  return block ? { block, lesson } : null;
}

/** The id of the block of lesson `itemId` with stable id `stableId` (a block followed into a new draft). */
export async function findBlockByStableId(tx: Tx, itemId: string, stableId: string): Promise<string | null> {
  const [row] = await tx
    .select({ id: lessonBlocks.id })
    .from(lessonBlocks)
    .where(and(eq(lessonBlocks.itemId, itemId), eq(lessonBlocks.stableId, stableId)));
  return row?.id ?? null;
}

/** The next free position at the end of a version's items. */
export async function nextItemPosition(tx: Tx, versionId: string): Promise<number> {
  const [row] = await tx
    .select({ next: sql<number>`coalesce(max(${courseItems.position}) + 1, 0)::int` })
    .from(courseItems)
    .where(eq(courseItems.courseVersionId, versionId));
  return Number(row?.next ?? 0);
}

export async function insertLesson(
  tx: Tx,
  values: { versionId: string; workspaceId: Owner; position: number; minReadingSeconds: number | null },
) {
  const id = crypto.randomUUID();
  await tx.insert(courseItems).values({
    id,
    stableId: id,
    courseVersionId: values.versionId,
    workspaceId: values.workspaceId,
    kind: 'LESSON',
    position: values.position,
    minReadingSeconds: values.minReadingSeconds,
  });
  return id;
}

/** Sets a lesson's minimum reading time (null: estimated from its words). */
export async function setMinReading(tx: Tx, itemId: string, seconds: number | null) {
  await tx
    .update(courseItems)
    .set({ minReadingSeconds: seconds, updatedAt: sql`app_now()` })
    .where(and(eq(courseItems.id, itemId), eq(courseItems.kind, 'LESSON')));
}

/** Removes a lesson, its blocks (cascade) and their texts, closing the gap in the items' order. */
export async function deleteLesson(tx: Tx, lesson: LessonRow) {
  const blockIds = (
    await tx.select({ id: lessonBlocks.id }).from(lessonBlocks).where(eq(lessonBlocks.itemId, lesson.id))
  ).map((b) => b.id);
  await tx
    .delete(courseTexts)
    .where(
      and(eq(courseTexts.courseVersionId, lesson.versionId), inArray(courseTexts.entityId, [lesson.id, ...blockIds])),
    );
  await tx.delete(courseItems).where(eq(courseItems.id, lesson.id));
  await tx
    .update(courseItems)
    .set({ position: sql`${courseItems.position} - 1` })
    .where(and(eq(courseItems.courseVersionId, lesson.versionId), gt(courseItems.position, lesson.position)));
}

/** Writes (inserts or replaces) the text of an entity in one language. */
export async function upsertText(
  tx: Tx,
  values: {
    versionId: string;
    entityId: string;
    language: string;
    workspaceId: Owner;
    kind: 'ITEM' | 'BLOCK' | 'COURSE';
    body: Record<string, unknown>;
    complete: boolean;
  },
) {
  await tx
    .insert(courseTexts)
    .values({
      courseVersionId: values.versionId,
      entityId: values.entityId,
      language: values.language,
      workspaceId: values.workspaceId,
      entityKind: values.kind,
      body: values.body,
      complete: values.complete,
    })
    .onConflictDoUpdate({
      target: [courseTexts.courseVersionId, courseTexts.entityId, courseTexts.language],
      set: { body: values.body, complete: values.complete, updatedAt: sql`app_now()` },
    });
}

/** The texts of entities, every language. */
export async function textsOf(tx: Tx, versionId: string, entityIds: string[]) {
  if (entityIds.length === 0) return [];
  return tx
    .select({
      entityId: courseTexts.entityId,
      language: courseTexts.language,
      body: courseTexts.body,
      complete: courseTexts.complete,
    })
    .from(courseTexts)
    .where(and(eq(courseTexts.courseVersionId, versionId), inArray(courseTexts.entityId, entityIds)));
}

/** How many blocks a lesson has. */
export async function countBlocks(tx: Tx, itemId: string): Promise<number> {
  const [row] = await tx.select({ n: count() }).from(lessonBlocks).where(eq(lessonBlocks.itemId, itemId));
  return Number(row?.n ?? 0);
}

/** One page of a lesson's blocks, in order. */
export async function pageBlocks(tx: Tx, itemId: string, window: { offset: number; limit: number }) {
  return tx
    .select()
    .from(lessonBlocks)
    .where(eq(lessonBlocks.itemId, itemId))
    .orderBy(asc(lessonBlocks.position), asc(lessonBlocks.id))
    .limit(window.limit)
    .offset(window.offset);
}

/** Inserts a block at `position` (0-based, clamped to the end), moving the later ones down. */
export async function insertBlock(
  tx: Tx,
  lesson: LessonRow,
  values: { type: string; position: number | undefined; settings: Record<string, unknown> },
) {
  const total = await countBlocks(tx, lesson.id);
  const position = Math.min(values.position ?? total, total);
  await tx
    .update(lessonBlocks)
    .set({ position: sql`${lessonBlocks.position} + 1` })
    .where(and(eq(lessonBlocks.itemId, lesson.id), gte(lessonBlocks.position, position)));
  const id = crypto.randomUUID();
  await tx.insert(lessonBlocks).values({
    id,
    stableId: id,
    itemId: lesson.id,
    courseVersionId: lesson.versionId,
    workspaceId: lesson.workspaceId,
    type: values.type,
    position,
    settings: values.settings,
  });
  return id;
}

/** Moves a block to `to` (0-based, clamped) within its lesson, shifting those in between. */
export async function moveBlock(tx: Tx, block: { id: string; itemId: string; position: number }, to: number) {
  const total = await countBlocks(tx, block.itemId);
  const target = Math.min(to, total - 1);
  if (target === block.position) return;
  if (target < block.position) {
    await tx
      .update(lessonBlocks)
      .set({ position: sql`${lessonBlocks.position} + 1` })
      .where(
        and(
          eq(lessonBlocks.itemId, block.itemId),
          gte(lessonBlocks.position, target),
          lt(lessonBlocks.position, block.position),
        ),
      );
  } else {
    await tx
      .update(lessonBlocks)
      .set({ position: sql`${lessonBlocks.position} - 1` })
      .where(
        and(
          eq(lessonBlocks.itemId, block.itemId),
          gt(lessonBlocks.position, block.position),
          lte(lessonBlocks.position, target),
        ),
      );
  }
  await tx
    .update(lessonBlocks)
    .set({ position: target, updatedAt: sql`app_now()` })
    .where(eq(lessonBlocks.id, block.id));
}

export async function updateBlockSettings(tx: Tx, blockId: string, settings: Record<string, unknown>) {
  await tx.update(lessonBlocks).set({ settings, updatedAt: sql`app_now()` }).where(eq(lessonBlocks.id, blockId));
}

/** Removes a block and its texts, closing the gap. */
export async function deleteBlock(
  tx: Tx,
  block: { id: string; itemId: string; position: number; courseVersionId: string },
) {
  await tx
    .delete(courseTexts)
    .where(and(eq(courseTexts.courseVersionId, block.courseVersionId), eq(courseTexts.entityId, block.id)));
  await tx.delete(lessonBlocks).where(eq(lessonBlocks.id, block.id));
  await tx
    .update(lessonBlocks)
    .set({ position: sql`${lessonBlocks.position} - 1` })
    .where(and(eq(lessonBlocks.itemId, block.itemId), gt(lessonBlocks.position, block.position)));
}

export async function insertUpload(tx: Tx, values: typeof lessonMediaUploads.$inferInsert) {
  const [row] = await tx.insert(lessonMediaUploads).values(values).returning();
  return row!;
}

/** An upload not yet confirmed, in the authoring scope. */
export async function findUpload(tx: Tx, owner: Owner, uploadId: string) {
  const [row] = await tx
    .select()
    .from(lessonMediaUploads)
    .where(and(eq(lessonMediaUploads.id, uploadId), ownerIs(lessonMediaUploads, owner)));
  return row ?? null;
}

export async function markUploadConfirmed(tx: Tx, uploadId: string) {
  await tx.update(lessonMediaUploads).set({ confirmedAt: sql`app_now()` }).where(eq(lessonMediaUploads.id, uploadId));
}

export async function setCover(tx: Tx, courseId: string, key: string) {
  await tx.update(courses).set({ coverKey: key, updatedAt: sql`app_now()` }).where(eq(courses.id, courseId));
}
