import { z } from 'zod';
import { ZLanguage, ZPagedResult, ZUuid } from '../common.ts';

/** Learning, part 1: lessons, their content blocks and media (docs/learning-design.md §1.4, §1.7, §2). */

export const BLOCK_TYPES = ['TEXT', 'IMAGE', 'VIDEO', 'RESOURCE', 'TEXT_AREA', 'BUTTON', 'NOTIFY'] as const;
export const ZBlockType = z.enum(BLOCK_TYPES);
export type TBlockType = z.infer<typeof ZBlockType>;

export const ZMediaKind = z.enum(['IMAGE', 'VIDEO', 'CAPTIONS', 'RESOURCE', 'COVER']);
export type TMediaKind = z.infer<typeof ZMediaKind>;

/** Largest upload of each kind, in bytes (checked again on the bytes received). */
export const MEDIA_MAX_BYTES: Record<TMediaKind, number> = {
  IMAGE: 10 * 1024 * 1024,
  COVER: 10 * 1024 * 1024,
  VIDEO: 500 * 1024 * 1024,
  CAPTIONS: 1024 * 1024,
  RESOURCE: 50 * 1024 * 1024,
};

/** The types a browser may declare for each kind (the server checks the content matches). */
export const MEDIA_TYPES: Record<TMediaKind, readonly string[]> = {
  IMAGE: ['image/png', 'image/jpeg', 'image/webp'],
  COVER: ['image/png', 'image/jpeg', 'image/webp'],
  VIDEO: ['video/mp4', 'video/webm'],
  CAPTIONS: ['text/vtt'],
  RESOURCE: [
    'application/pdf',
    'application/vnd.openxmlformats-officedocument.wordprocessingml.document',
    'application/vnd.openxmlformats-officedocument.spreadsheetml.sheet',
    'application/vnd.openxmlformats-officedocument.presentationml.presentation',
    'image/png',
    'image/jpeg',
  ],
};

/** Language-neutral settings of a block. */
export const ZBlockSettings = z
  .object({
    alignment: z.enum(['LEFT', 'CENTER', 'RIGHT']).optional(),
    tone: z.enum(['INFO', 'WARNING', 'LEGAL']).optional(),
    required: z.boolean().optional(),
  })
  .strict();
export type TBlockSettings = z.infer<typeof ZBlockSettings>;

const ZHtml = z.string().max(400_000);
const ZShort = z.string().trim().max(300);
const ZHttpsUrl = z
  .string()
  .trim()
  .max(2000)
  .refine((v) => v === '' || (URL.canParse(v) && new URL(v).protocol === 'https:'), 'must be an https:// address');

/**
 * The words of a block in one language, as an author writes them. Files are never named here: they
 * are attached by `confirm-upload` (so no block can point at a file it was not given).
 */
export const ZBlockTextInput = z
  .object({
    html: ZHtml.optional(),
    alt: ZShort.optional(),
    caption: ZShort.optional(),
    title: ZShort.optional(),
    label: ZShort.optional(),
    url: ZHttpsUrl.optional(),
    prompt: z.string().trim().max(2000).optional(),
  })
  .strict();
export type TBlockTextInput = z.infer<typeof ZBlockTextInput>;

/** A block's text as stored and answered: the words plus the attached files' names and sizes. */
export const ZBlockText = ZBlockTextInput.extend({
  fileName: z.string().optional(),
  size: z.number().int().optional(),
  contentType: z.string().optional(),
  /** A video's captions (WebVTT) are attached in this language. */
  hasCaptions: z.boolean().optional(),
  /** A file is attached in this language. */
  hasFile: z.boolean().optional(),
});
export type TBlockText = z.infer<typeof ZBlockText>;

/** The longest minimum reading time an author may set on a lesson (one hour). */
export const MAX_MIN_READING_SECONDS = 3600;
/** Words a minute the default minimum reading time of a lesson assumes (its words ÷ this, in minutes). */
export const READING_WORDS_PER_MINUTE = 200;
/**
 * A lesson's minimum reading time in seconds: the learner cannot complete it sooner after opening
 * it. null: estimated from the lesson's words (READING_WORDS_PER_MINUTE); 0: none.
 */
export const ZMinReadingSeconds = z.number().int().min(0).max(MAX_MIN_READING_SECONDS).nullable();

export const ZCreateLessonRequest = z.object({
  courseId: ZUuid,
  title: z.string().trim().min(1).max(200),
  language: ZLanguage,
  minReadingSeconds: ZMinReadingSeconds.optional(),
});
export const ZUpdateLessonRequest = z.object({
  title: z.string().trim().min(1).max(200),
  language: ZLanguage,
  /** Left out: unchanged. */
  minReadingSeconds: ZMinReadingSeconds.optional(),
});

export const ZBlockListRequest = z.object({
  lessonId: ZUuid,
  language: ZLanguage,
  pageNo: z.number().int().min(0).default(0),
  pageSize: z.number().int().min(1).max(100).default(100),
});
export type TBlockListRequest = z.infer<typeof ZBlockListRequest>;

export const ZCreateBlockRequest = z.object({
  lessonId: ZUuid,
  type: ZBlockType,
  /** Where to insert (0-based); at the end when missing. */
  position: z.number().int().min(0).optional(),
  settings: ZBlockSettings.default({}),
  language: ZLanguage,
  body: ZBlockTextInput.default({}),
});
export type TCreateBlockRequest = z.infer<typeof ZCreateBlockRequest>;

export const ZUpdateBlockRequest = z.object({
  /** Moves the block within its lesson (0-based). */
  position: z.number().int().min(0).optional(),
  settings: ZBlockSettings.optional(),
  language: ZLanguage.optional(),
  body: ZBlockTextInput.optional(),
});
export type TUpdateBlockRequest = z.infer<typeof ZUpdateBlockRequest>;

/** A block as its author sees it: the text in the requested language, and the primary's beside it. */
export const ZAuthorBlock = z.object({
  id: ZUuid,
  stableId: ZUuid,
  lessonId: ZUuid,
  type: ZBlockType,
  position: z.number().int(),
  settings: ZBlockSettings,
  language: ZLanguage,
  body: ZBlockText,
  /** Every required field of the type is filled in this language. */
  complete: z.boolean(),
  primaryLanguage: ZLanguage,
  /** The primary language's text, when another language is asked for (shown beside as reference). */
  primary: ZBlockText.nullable(),
  /** Where the attached file (and the captions) of this language is read, or null. */
  fileUrl: z.string().nullable(),
  captionsUrl: z.string().nullable(),
});
export type TAuthorBlock = z.infer<typeof ZAuthorBlock>;
export const ZAuthorBlockPage = ZPagedResult(ZAuthorBlock);

/** A block as a learner sees it: no completeness, no other language, the fallback marked. */
export const ZLearnerBlock = z.object({
  id: ZUuid,
  stableId: ZUuid,
  type: ZBlockType,
  position: z.number().int(),
  settings: ZBlockSettings,
  language: ZLanguage,
  fallback: z.boolean(),
  body: ZBlockText,
  fileUrl: z.string().nullable(),
  captionsUrl: z.string().nullable(),
});
export type TLearnerBlock = z.infer<typeof ZLearnerBlock>;

export const ZGenerateUploadRequest = z.object({
  blockId: ZUuid,
  language: ZLanguage,
  kind: z.enum(['IMAGE', 'VIDEO', 'CAPTIONS', 'RESOURCE']),
  fileName: z.string().trim().min(1).max(255),
  contentType: z.string().trim().min(1).max(200),
  size: z.number().int().min(1),
});
export const ZGenerateCoverUploadRequest = z.object({
  fileName: z.string().trim().min(1).max(255),
  contentType: z.string().trim().min(1).max(200),
  size: z.number().int().min(1),
});
export const ZUploadTicket = z.object({
  uploadId: ZUuid,
  /** A presigned PUT URL (S3), or null: PUT the bytes to `/lms/api/lesson-content/upload/{uploadId}`. */
  uploadUrl: z.string().nullable(),
  maxBytes: z.number().int(),
  contentType: z.string(),
});
export type TUploadTicket = z.infer<typeof ZUploadTicket>;

export const ZConfirmUploadQuery = z.object({ language: ZLanguage });
export const ZBlockFileQuery = z.object({
  language: ZLanguage,
  captions: z.enum(['true', 'false']).optional(),
  /** `json`: answer `{ url }` instead of redirecting (a page puts it in `<video src>`, which sends no bearer token). */
  format: z.enum(['redirect', 'json']).optional(),
});
export const ZSignedFileUrl = z.object({ url: z.string() });
export const ZCoverResult = z.object({ coverUrl: z.string().nullable() });
export const ZIdParams = z.object({ id: ZUuid });
/** A deleted block, and the lesson it was deleted from (the draft's copy when the write was followed there). */
export const ZDeletedBlock = z.object({ id: ZUuid, lessonId: ZUuid });
