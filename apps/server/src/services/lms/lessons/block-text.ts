import type { TBlockText, TBlockTextInput, TBlockType } from '@app/contract';
import { lessonHtmlHasText, sanitizeLessonHtml } from './sanitize.ts';

/** A block's text as stored in `course_texts.body`: the answer's fields plus the storage keys, which are never answered. */
/** `durationSeconds`: a video's length, read by the server from the file when it was uploaded. */
export type StoredBlockText = TBlockText & { fileKey?: string; captionsKey?: string; durationSeconds?: number };

/** The words each type keeps (other fields sent are dropped). */
const WORDS: Record<TBlockType, ReadonlyArray<keyof TBlockTextInput>> = {
  TEXT: ['html'],
  NOTIFY: ['html'],
  IMAGE: ['alt', 'caption'],
  VIDEO: ['title'],
  RESOURCE: ['label'],
  TEXT_AREA: ['prompt'],
  BUTTON: ['label', 'url'],
};

/** The fields that must be filled for a text to be complete (docs/learning-design.md §1.4). */
const REQUIRED: Record<TBlockType, ReadonlyArray<keyof StoredBlockText>> = {
  TEXT: ['html'],
  NOTIFY: ['html'],
  IMAGE: ['fileKey', 'alt'],
  VIDEO: ['fileKey', 'title'],
  RESOURCE: ['fileKey', 'label'],
  TEXT_AREA: ['prompt'],
  BUTTON: ['label', 'url'],
};

/**
 * The new stored text of a block: `input`'s words for this type (rich text sanitised) over the
 * `existing` text, whose attached files are kept (files are attached only by confirming an upload).
 */
export function mergeBlockText(
  type: TBlockType,
  existing: StoredBlockText | null,
  input: TBlockTextInput,
): StoredBlockText {
  const out: StoredBlockText = { ...(existing ?? {}) };
  for (const field of WORDS[type]) {
    const value = input[field];
    if (value === undefined) continue;
    out[field] = field === 'html' ? sanitizeLessonHtml(value) : value;
  }
  return out;
}

/** Whether every required field of the type is filled. */
export function isBlockTextComplete(type: TBlockType, text: StoredBlockText | null): boolean {
  if (!text) return false;
  return REQUIRED[type].every((field) => {
    const value = text[field];
    if (field === 'html') return typeof value === 'string' && lessonHtmlHasText(value);
    return typeof value === 'string' ? value.trim().length > 0 : value !== undefined && value !== null;
  });
}

/** A stored text as answered: storage keys replaced by whether a file is there. */
export function publicBlockText(text: StoredBlockText | null): TBlockText {
  if (!text) return {};
  const { fileKey, captionsKey, durationSeconds: _length, ...rest } = text;
  return { ...rest, hasFile: Boolean(fileKey), hasCaptions: Boolean(captionsKey) };
}

/** Which media kinds a block type takes. */
export const MEDIA_OF_TYPE: Partial<Record<TBlockType, ReadonlyArray<'IMAGE' | 'VIDEO' | 'CAPTIONS' | 'RESOURCE'>>> = {
  IMAGE: ['IMAGE'],
  VIDEO: ['VIDEO', 'CAPTIONS'],
  RESOURCE: ['RESOURCE'],
};
