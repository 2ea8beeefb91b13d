import type { Readable } from 'node:stream';
import { pipeline, Transform } from 'node:stream';
import {
  MEDIA_MAX_BYTES,
  MEDIA_TYPES,
  type TAuthorBlock,
  type TBlockListRequest,
  type TBlockSettings,
  type TBlockType,
  type TCourseItem,
  type TCreateBlockRequest,
  type TLanguage,
  type TUpdateBlockRequest,
  type TUploadTicket,
  toPagedResult,
} from '@app/contract';
import type { Ctx } from '../../../core/context.ts';
import type { Tx } from '../../../core/db/database.ts';
import { AppError, errors } from '../../../core/errors.ts';
import { newFileKey } from '../../../core/storage.ts';
import { type LmsScope, scopeAuthors, withAuthoring, withLearning } from '../authoring-scope.ts';
import { draftItem, frozen, loadForWrite, openDraft, requireListedLanguage } from '../courses/courses.service.ts';
import {
  isBlockTextComplete,
  MEDIA_OF_TYPE,
  mergeBlockText,
  publicBlockText,
  type StoredBlockText,
} from './block-text.ts';
import * as repo from './lessons.repo.ts';
import {
  checkMedia,
  EXTENSION_OF,
  fileTooLarge,
  fileTypeNotAllowed,
  type MediaKind,
  storedBytes,
  videoLengthUnknown,
  videoSecondsOf,
} from './media-checks.ts';

/** How long an upload ticket (and its presigned URL) stays valid. */
const UPLOAD_TTL_SECONDS = 3600;
/** How long a file URL handed to the browser works (docs/learning-design.md §2: 10 min). */
const FILE_URL_TTL_SECONDS = 600;

const lessonNotFound = () => errors.notFound('COURSE_ITEM');
const blockNotFound = () => errors.notFound('LESSON_BLOCK');
const uploadNotFound = () => errors.notFound('UPLOAD');

function assertDraft(lesson: repo.LessonRow) {
  if (lesson.versionStatus !== 'DRAFT') throw frozen(lesson.draftVersionId);
}
function assertLanguage(lesson: { languages: string[] }, language: string) {
  requireListedLanguage(lesson as Parameters<typeof requireListedLanguage>[0], language);
}

/** The draft's copy of lesson `itemId` (a lesson of the published version is followed into a new draft). */
async function draftLesson(ctx: Ctx, tx: Tx, scope: LmsScope, itemId: string): Promise<repo.LessonRow> {
  const { item } = await draftItem(ctx, tx, scope, itemId);
  const lesson = item.kind === 'LESSON' ? await repo.findLesson(tx, scope.owner, item.id) : null;
  if (!lesson) throw lessonNotFound();
  return lesson;
}

/** The draft's copy of block `blockId`, followed like its lesson. */
async function draftBlock(ctx: Ctx, tx: Tx, scope: LmsScope, blockId: string) {
  const found = await repo.findBlock(tx, scope.owner, blockId);
  if (!found) throw blockNotFound();
  const lesson = await draftLesson(ctx, tx, scope, found.lesson.id);
  if (lesson.id === found.lesson.id) return found;
  const twin = await repo.findBlockByStableId(tx, lesson.id, found.block.stableId);
  const followed = twin ? await repo.findBlock(tx, scope.owner, twin) : null;
  if (!followed) throw blockNotFound();
  return followed;
}

/** The lesson as an item of the course outline. */
async function itemOf(tx: Tx, auth: LmsScope, itemId: string, language: TLanguage): Promise<TCourseItem> {
  const lesson = await repo.findLesson(tx, auth.owner, itemId);
  if (!lesson) throw lessonNotFound();
  const texts = await repo.textsOf(tx, lesson.versionId, [lesson.id]);
  const own = texts.find((t) => t.language === language && t.complete);
  const primary = texts.find((t) => t.language === lesson.primaryLanguage);
  const shown = own ?? primary;
  return {
    id: lesson.id,
    stableId: lesson.stableId,
    kind: 'LESSON',
    position: lesson.position,
    title: String((shown?.body as { title?: string } | undefined)?.title ?? ''),
    language: (own ? language : lesson.primaryLanguage) as TLanguage,
    fallback: !own,
    passMark: null,
    attemptLimit: null,
    shuffleQuestions: false,
    questionCount: null,
    blockCount: await repo.countBlocks(tx, lesson.id),
    scormPackageId: null,
    scormStatus: null,
    minReadingSeconds: lesson.minReadingSeconds,
  };
}

export async function createLesson(
  ctx: Ctx,
  input: { courseId: string; title: string; language: TLanguage; minReadingSeconds?: number | null },
) {
  return withAuthoring(ctx, 'lesson.create', async (tx, auth) => {
    const { draft } = await openDraft(ctx, tx, auth, input.courseId);
    const versionId = draft.id;
    requireListedLanguage(draft, input.language);
    const id = await repo.guarded(async () => {
      const itemId = await repo.insertLesson(tx, {
        versionId,
        workspaceId: auth.owner,
        position: await repo.nextItemPosition(tx, versionId),
        minReadingSeconds: input.minReadingSeconds ?? null,
      });
      await repo.upsertText(tx, {
        versionId,
        entityId: itemId,
        language: input.language,
        workspaceId: auth.owner,
        kind: 'ITEM',
        body: { title: input.title },
        complete: input.title.trim().length > 0,
      });
      return itemId;
    });
    await ctx.audit('lesson.created', id, {
      after: {
        courseId: input.courseId,
        title: input.title,
        language: input.language,
        minReadingSeconds: input.minReadingSeconds ?? null,
      },
    });
    return itemOf(tx, auth, id, input.language);
  });
}

export async function updateLesson(
  ctx: Ctx,
  itemId: string,
  input: { title: string; language: TLanguage; minReadingSeconds?: number | null },
) {
  return withAuthoring(ctx, 'lesson.update', async (tx, auth) => {
    const lesson = await draftLesson(ctx, tx, auth, itemId);
    assertLanguage(lesson, input.language);
    await repo.guarded(() =>
      repo.upsertText(tx, {
        versionId: lesson.versionId,
        entityId: lesson.id,
        language: input.language,
        workspaceId: auth.owner,
        kind: 'ITEM',
        body: { title: input.title },
        complete: input.title.trim().length > 0,
      }),
    );
    if (input.minReadingSeconds !== undefined) await repo.setMinReading(tx, lesson.id, input.minReadingSeconds);
    await ctx.audit('lesson.updated', lesson.id, {
      before: { minReadingSeconds: lesson.minReadingSeconds },
      after: {
        title: input.title,
        language: input.language,
        minReadingSeconds: input.minReadingSeconds === undefined ? lesson.minReadingSeconds : input.minReadingSeconds,
      },
    });
    return itemOf(tx, auth, lesson.id, input.language);
  });
}

export async function deleteLesson(ctx: Ctx, itemId: string) {
  return withAuthoring(ctx, 'lesson.delete', async (tx, auth) => {
    const lesson = await draftLesson(ctx, tx, auth, itemId);
    await repo.guarded(() => repo.deleteLesson(tx, lesson));
    await ctx.audit('lesson.deleted', lesson.id, { before: { courseId: lesson.courseId, position: lesson.position } });
    return { id: lesson.id };
  });
}

/** The file URLs of a block's text: through the lesson-content file route (which checks access). */
function fileUrls(blockId: string, language: string, text: StoredBlockText | null) {
  const base = `/lms/api/lesson-content/file/${blockId}?language=${language}`;
  return {
    fileUrl: text?.fileKey ? base : null,
    captionsUrl: text?.captionsKey ? `${base}&captions=true` : null,
  };
}

type BlockRow = { id: string; stableId: string; itemId: string; type: string; position: number; settings: unknown };

/** Blocks in the author's shape, with their texts in `language` and the primary's beside. */
async function authorBlocks(
  tx: Tx,
  lesson: repo.LessonRow,
  rows: BlockRow[],
  language: TLanguage,
): Promise<TAuthorBlock[]> {
  const texts = await repo.textsOf(
    tx,
    lesson.versionId,
    rows.map((r) => r.id),
  );
  const textOf = (id: string, lang: string) =>
    (texts.find((t) => t.entityId === id && t.language === lang) ?? null) as {
      body: StoredBlockText;
      complete: boolean;
    } | null;
  return rows.map((row) => {
    const own = textOf(row.id, language);
    const primary = language === lesson.primaryLanguage ? null : textOf(row.id, lesson.primaryLanguage);
    return {
      id: row.id,
      stableId: row.stableId,
      lessonId: row.itemId,
      type: row.type as TBlockType,
      position: row.position,
      settings: (row.settings ?? {}) as TBlockSettings,
      language,
      body: publicBlockText(own?.body ?? null),
      complete: own?.complete ?? false,
      primaryLanguage: lesson.primaryLanguage as TLanguage,
      primary: language === lesson.primaryLanguage ? null : publicBlockText(primary?.body ?? null),
      ...fileUrls(row.id, language, own?.body ?? null),
    };
  });
}

export async function listBlocks(ctx: Ctx, input: TBlockListRequest) {
  return withAuthoring(ctx, 'lesson-content.list', async (tx, auth) => {
    const lesson = await repo.findLesson(tx, auth.owner, input.lessonId);
    if (!lesson) throw lessonNotFound();
    assertLanguage(lesson, input.language);
    const window = { offset: input.pageNo * input.pageSize, limit: input.pageSize };
    const [rows, total] = await Promise.all([repo.pageBlocks(tx, lesson.id, window), repo.countBlocks(tx, lesson.id)]);
    const content = await authorBlocks(tx, lesson, rows, input.language);
    return toPagedResult(content, total, { pageNo: input.pageNo, pageSize: input.pageSize });
  });
}

async function oneBlock(tx: Tx, auth: LmsScope, blockId: string, language: TLanguage) {
  const found = await repo.findBlock(tx, auth.owner, blockId);
  if (!found) throw blockNotFound();
  const [block] = await authorBlocks(tx, found.lesson, [found.block], language);
  return block!;
}

/** Settings a type keeps (alignment for images and buttons, tone for call-outs, `required` for text areas). */
function settingsFor(type: TBlockType, settings: TBlockSettings): TBlockSettings {
  const out: TBlockSettings = {};
  if ((type === 'IMAGE' || type === 'BUTTON') && settings.alignment) out.alignment = settings.alignment;
  if (type === 'NOTIFY') out.tone = settings.tone ?? 'INFO';
  if (type === 'TEXT_AREA' && settings.required !== undefined) out.required = settings.required;
  return out;
}

export async function createBlock(ctx: Ctx, input: TCreateBlockRequest) {
  return withAuthoring(ctx, 'lesson-content.create', async (tx, auth) => {
    const lesson = await draftLesson(ctx, tx, auth, input.lessonId);
    assertLanguage(lesson, input.language);
    const text = mergeBlockText(input.type, null, input.body);
    const id = await repo.guarded(async () => {
      const blockId = await repo.insertBlock(tx, lesson, {
        type: input.type,
        position: input.position,
        settings: settingsFor(input.type, input.settings),
      });
      await repo.upsertText(tx, {
        versionId: lesson.versionId,
        entityId: blockId,
        language: input.language,
        workspaceId: auth.owner,
        kind: 'BLOCK',
        body: text,
        complete: isBlockTextComplete(input.type, text),
      });
      return blockId;
    });
    await ctx.audit('lesson_block.created', id, {
      after: { lessonId: lesson.id, type: input.type, language: input.language },
    });
    return oneBlock(tx, auth, id, input.language);
  });
}

export async function updateBlock(ctx: Ctx, blockId: string, input: TUpdateBlockRequest) {
  return withAuthoring(ctx, 'lesson-content.update', async (tx, auth) => {
    const { block, lesson } = await draftBlock(ctx, tx, auth, blockId);
    const language = (input.language ?? lesson.primaryLanguage) as TLanguage;
    assertLanguage(lesson, language);
    const type = block.type as TBlockType;
    await repo.guarded(async () => {
      if (input.settings) await repo.updateBlockSettings(tx, block.id, settingsFor(type, input.settings));
      if (input.position !== undefined) await repo.moveBlock(tx, block, input.position);
      if (input.body) {
        const [existing] = (await repo.textsOf(tx, lesson.versionId, [block.id])).filter(
          (t) => t.language === language,
        );
        const text = mergeBlockText(type, (existing?.body as StoredBlockText | undefined) ?? null, input.body);
        await repo.upsertText(tx, {
          versionId: lesson.versionId,
          entityId: block.id,
          language,
          workspaceId: auth.owner,
          kind: 'BLOCK',
          body: text,
          complete: isBlockTextComplete(type, text),
        });
      }
    });
    await ctx.audit('lesson_block.updated', block.id, {
      after: {
        language,
        ...(input.position !== undefined ? { position: input.position } : {}),
        ...(input.settings ? { settings: input.settings } : {}),
        ...(input.body ? { fields: Object.keys(input.body) } : {}),
      },
    });
    return oneBlock(tx, auth, block.id, language);
  });
}

export async function deleteBlock(ctx: Ctx, blockId: string) {
  return withAuthoring(ctx, 'lesson-content.delete', async (tx, auth) => {
    const found = await draftBlock(ctx, tx, auth, blockId);
    await repo.guarded(() => repo.deleteBlock(tx, found.block));
    await ctx.audit('lesson_block.deleted', found.block.id, {
      before: { lessonId: found.lesson.id, type: found.block.type },
    });
    return { id: found.block.id, lessonId: found.lesson.id };
  });
}

/** Refuses a declared type or size the kind does not take (checked again on the bytes at confirm). */
function checkDeclared(kind: MediaKind, contentType: string, size: number) {
  if (!MEDIA_TYPES[kind].includes(contentType)) throw fileTypeNotAllowed(kind);
  if (size > MEDIA_MAX_BYTES[kind]) throw fileTooLarge(kind);
}

/** A storage key whose name ends with the extension of the declared type (the local upload stores it with that type). */
function uploadKey(owner: repo.Owner, fileName: string, contentType: string, now: Date) {
  const ext = EXTENSION_OF[contentType] ?? 'bin';
  const base = fileName.replace(/\.[A-Za-z0-9]{1,5}$/, '');
  return newFileKey(owner ?? 'catalogue', 'lms', `${base}.${ext}`, now);
}

/** The type a stored upload was declared with, from its key's extension. */
function declaredTypeOf(key: string): string {
  const ext = key.split('.').pop() ?? '';
  return Object.entries(EXTENSION_OF).find(([, e]) => e === ext)?.[0] ?? 'application/octet-stream';
}

async function ticket(ctx: Ctx, key: string, id: string, kind: MediaKind, contentType: string): Promise<TUploadTicket> {
  const uploadUrl = await ctx.storage.uploadUrl(key, { contentType, ttlSeconds: UPLOAD_TTL_SECONDS });
  return { uploadId: id, uploadUrl, maxBytes: MEDIA_MAX_BYTES[kind], contentType };
}

export async function generateBlockUpload(
  ctx: Ctx,
  input: {
    blockId: string;
    language: TLanguage;
    kind: 'IMAGE' | 'VIDEO' | 'CAPTIONS' | 'RESOURCE';
    fileName: string;
    contentType: string;
    size: number;
  },
) {
  const now = ctx.clock.now();
  const row = await withAuthoring(ctx, 'lesson-content.upload', async (tx, auth) => {
    const found = await draftBlock(ctx, tx, auth, input.blockId);
    assertLanguage(found.lesson, input.language);
    const kinds = MEDIA_OF_TYPE[found.block.type as TBlockType] ?? [];
    if (!kinds.includes(input.kind)) throw fileTypeNotAllowed(input.kind);
    checkDeclared(input.kind, input.contentType, input.size);
    return repo.insertUpload(tx, {
      workspaceId: auth.owner,
      courseId: found.lesson.courseId,
      courseVersionId: found.lesson.versionId,
      blockId: found.block.id,
      language: input.language,
      kind: input.kind,
      key: uploadKey(auth.owner, input.fileName, input.contentType, now),
      fileName: input.fileName.slice(0, 255),
      maxBytes: MEDIA_MAX_BYTES[input.kind],
      createdBy: auth.accountId,
      expiresAt: new Date(now.getTime() + UPLOAD_TTL_SECONDS * 1000),
    });
  });
  return ticket(ctx, row.key, row.id, input.kind, input.contentType);
}

export async function generateCoverUpload(
  ctx: Ctx,
  courseId: string,
  input: { fileName: string; contentType: string; size: number },
) {
  const now = ctx.clock.now();
  checkDeclared('COVER', input.contentType, input.size);
  const row = await withAuthoring(ctx, 'course.cover-upload', async (tx, auth) => {
    const course = await loadForWrite(tx, auth, courseId, 'edit');
    const versionId = course.draftVersionId ?? course.publishedVersionId;
    if (!versionId) throw errors.notFound('COURSE');
    return repo.insertUpload(tx, {
      workspaceId: auth.owner,
      courseId,
      courseVersionId: versionId,
      kind: 'COVER',
      key: uploadKey(auth.owner, input.fileName, input.contentType, now),
      fileName: input.fileName.slice(0, 255),
      maxBytes: MEDIA_MAX_BYTES.COVER,
      createdBy: auth.accountId,
      expiresAt: new Date(now.getTime() + UPLOAD_TTL_SECONDS * 1000),
    });
  });
  return ticket(ctx, row.key, row.id, 'COVER', input.contentType);
}

/** An open upload of the caller's scope: not confirmed, not expired. */
async function openUpload(ctx: Ctx, uploadId: string) {
  const upload = await withAuthoring(ctx, 'lesson-content.upload', (tx, auth) =>
    repo.findUpload(tx, auth.owner, uploadId),
  );
  if (!upload || upload.confirmedAt || upload.expiresAt.getTime() < ctx.clock.now().getTime()) throw uploadNotFound();
  return upload;
}

/** Counts the bytes passing through and fails as soon as they exceed `max` (413). */
function bounded(max: number, kind: MediaKind): Transform {
  let seen = 0;
  return new Transform({
    transform(chunk: Buffer, _enc, done) {
      seen += chunk.length;
      if (seen > max) done(fileTooLarge(kind));
      else done(null, chunk);
    },
  });
}

/** The local-disk upload: the request body streamed to storage, bounded by the upload's limit. */
export async function receiveUpload(ctx: Ctx, uploadId: string, body: Readable) {
  if (ctx.storage.driver !== 'local') {
    throw errors.badRequest('USE_UPLOAD_URL', 'Upload the file to the address given when the upload was started.');
  }
  const upload = await openUpload(ctx, uploadId);
  // The error of either stream reaches `put` through the last one; the callback keeps it from going unhandled.
  const limited = pipeline(body, bounded(upload.maxBytes, upload.kind as MediaKind), () => {});
  await ctx.storage.put(upload.key, limited, { contentType: declaredTypeOf(upload.key) });
  return { uploadId, received: true };
}

/**
 * Checks an uploaded file by its content (size as stored, type by its bytes, matching the type it
 * was declared with) and attaches it: to the block's text in `language`, or as the course cover.
 */
export async function confirmUpload(ctx: Ctx, uploadId: string, language: TLanguage | null, expect: 'BLOCK' | 'COVER') {
  const upload = await openUpload(ctx, uploadId);
  if ((upload.kind === 'COVER') !== (expect === 'COVER')) throw uploadNotFound();
  const kind = upload.kind as MediaKind;
  const bytes = await storedBytes(ctx.storage, upload.key);
  if (!bytes) {
    throw new AppError(400, 'NO_FILE', 'The file has not arrived yet. Upload it, then confirm.', {
      params: { reason: 'UPLOAD_MISSING' },
    });
  }
  if (bytes.size > upload.maxBytes) throw fileTooLarge(kind);
  const checked = await checkMedia(kind, bytes);
  if (checked.contentType !== declaredTypeOf(upload.key))
    throw fileTypeNotAllowed(kind, checked.extension.toUpperCase());
  // A video's length is the server's, read from the file now: the player's word is never taken.
  const durationSeconds = kind === 'VIDEO' ? await videoSecondsOf(bytes) : null;
  if (kind === 'VIDEO' && durationSeconds === null) throw videoLengthUnknown();
  if (checked.replacement) await ctx.storage.put(upload.key, checked.replacement, { contentType: checked.contentType });
  const size = checked.replacement?.length ?? bytes.size;
  return withAuthoring(ctx, 'lesson-content.confirm', async (tx, auth) => {
    await repo.markUploadConfirmed(tx, upload.id);
    if (kind === 'COVER') {
      await loadForWrite(tx, auth, upload.courseId, 'edit');
      await repo.setCover(tx, upload.courseId, upload.key);
      await ctx.audit('course.cover_updated', upload.courseId, { after: { fileName: upload.fileName, size } });
      return { kind: 'COVER' as const, coverUrl: await ctx.storage.downloadUrl(upload.key, FILE_URL_TTL_SECONDS) };
    }
    const lang = (language ?? upload.language) as TLanguage;
    if (upload.language && lang !== upload.language) throw uploadNotFound();
    const found = upload.blockId ? await repo.findBlock(tx, auth.owner, upload.blockId) : null;
    if (!found) throw blockNotFound();
    assertDraft(found.lesson);
    const type = found.block.type as TBlockType;
    const [existing] = (await repo.textsOf(tx, found.lesson.versionId, [found.block.id])).filter(
      (t) => t.language === lang,
    );
    const text: StoredBlockText = { ...((existing?.body as StoredBlockText | undefined) ?? {}) };
    if (kind === 'CAPTIONS') text.captionsKey = upload.key;
    else
      Object.assign(text, {
        fileKey: upload.key,
        fileName: upload.fileName,
        size,
        contentType: checked.contentType,
        ...(durationSeconds ? { durationSeconds } : {}),
      });
    await repo.guarded(() =>
      repo.upsertText(tx, {
        versionId: found.lesson.versionId,
        entityId: found.block.id,
        language: lang,
        workspaceId: auth.owner,
        kind: 'BLOCK',
        body: text,
        complete: isBlockTextComplete(type, text),
      }),
    );
    await ctx.audit('lesson_block.file_uploaded', found.block.id, {
      after: { kind, language: lang, fileName: upload.fileName, size },
    });
    return { kind: 'BLOCK' as const, block: await oneBlock(tx, auth, found.block.id, lang) };
  });
}

/**
 * Where a block's file (or captions) in `language` is read: a short-lived signed URL (10 min). On
 * local disk that URL is this server's `/files/…`, which answers byte ranges; S3 does them itself.
 * Authors read any version; other members (`learning.view`) only published ones.
 */
export async function blockFileUrl(ctx: Ctx, blockId: string, language: TLanguage, captions: boolean): Promise<string> {
  const key = await withLearning(ctx, 'lesson-content.file', async (tx, auth) => {
    const authorMode = scopeAuthors(auth);
    const found = await repo.findBlock(tx, auth.owner, blockId);
    // Members read catalogue blocks visible to their workspace (RLS), and their own workspace's.
    const visible = found ?? (authorMode || auth.owner === null ? null : await repo.findBlock(tx, null, blockId));
    if (!visible) throw blockNotFound();
    if (!authorMode && visible.lesson.versionStatus === 'DRAFT') throw blockNotFound();
    const [text] = (await repo.textsOf(tx, visible.lesson.versionId, [blockId])).filter((t) => t.language === language);
    const body = (text?.body ?? null) as StoredBlockText | null;
    const k = captions ? body?.captionsKey : body?.fileKey;
    if (!k) throw errors.notFound('FILE');
    return k;
  });
  return ctx.storage.downloadUrl(key, FILE_URL_TTL_SECONDS);
}
