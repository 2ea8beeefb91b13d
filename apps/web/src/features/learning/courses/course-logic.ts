import type { TCourseDetails, TCourseItem, TCourseItemKind, TCourseSummary, TLanguage } from '@app/contract';

/**
 * The pure parts of the course screens: the version badge, the "shown in <language>" tag, moving
 * an item in the outline, and where a missing text or a refused item is edited.
 */

/** The words of a version badge: `{ key, number }` → "Draft v2", "Published v1", "Archived". */
export type TVersionBadge = { key: 'draft' | 'published' | 'archived'; number: number | null };

/**
 * A list row's badge: archived beats everything; a draft (shown to authors) beats the published
 * version it will replace; else the published number. A course never published has a draft v1.
 */
export function summaryBadge(course: Pick<TCourseSummary, 'status' | 'draftVersion' | 'publishedVersion'>) {
  if (course.status === 'ARCHIVED') return { key: 'archived', number: null } satisfies TVersionBadge;
  if (course.draftVersion !== null) return { key: 'draft', number: course.draftVersion } satisfies TVersionBadge;
  return { key: 'published', number: course.publishedVersion ?? 1 } satisfies TVersionBadge;
}

/** The editor's badge: the version shown (a draft, or the published / superseded one). */
export function detailsBadge(course: Pick<TCourseDetails, 'status' | 'version'>): TVersionBadge {
  if (course.status === 'ARCHIVED') return { key: 'archived', number: course.version.number };
  return { key: course.version.status === 'DRAFT' ? 'draft' : 'published', number: course.version.number };
}

/**
 * The language to name in a "shown in …" tag: the text's language when it is a fallback (the
 * requested language lacks it), else null (no tag).
 */
export function fallbackLanguage(text: { fallback: boolean; language: TLanguage }): TLanguage | null {
  return text.fallback ? text.language : null;
}

/** `ids` with the one at `from` moved to `to` (both clamped); the same array when nothing moves. */
export function moveItem<T>(ids: readonly T[], from: number, to: number): T[] {
  const last = ids.length - 1;
  const f = Math.max(0, Math.min(last, from));
  const d = Math.max(0, Math.min(last, to));
  if (f === d || ids.length < 2) return [...ids];
  const next = [...ids];
  const [moved] = next.splice(f, 1);
  next.splice(d, 0, moved as T);
  return next;
}

/** Whether two orders differ (then the new one is sent). */
export function orderChanged(a: readonly string[], b: readonly string[]): boolean {
  return a.length !== b.length || a.some((id, i) => id !== b[i]);
}

const KIND_PATH: Record<TCourseItemKind, string> = { LESSON: 'lessons', QUIZ: 'quizzes', SCORM: 'scorm' };

/**
 * The sub-editor of an item: `<base>/courses/<id>/edit/lessons|quizzes/<itemId>`; a SCORM item's
 * package page (WP4: `/courses/scorm/<packageId>`) when its package is known.
 */
export function itemPath(
  base: string,
  courseId: string,
  item: { kind: TCourseItemKind; id: string; scormPackageId?: string | null },
): string {
  if (item.kind === 'SCORM' && item.scormPackageId) return `${base}/courses/scorm/${item.scormPackageId}`;
  return `${base}/courses/${courseId}/edit/${KIND_PATH[item.kind]}/${item.id}`;
}

/** WP4's import page, adding the package to this course's draft. */
export const scormImportPath = (base: string, courseId: string) => `${base}/courses/import-scorm?courseId=${courseId}`;

/** One entity lacking a text, or one item a publish refused, as the page lists it. */
export type TMissingEntry = {
  kind: 'COURSE' | 'ITEM' | 'BLOCK' | 'QUESTION';
  id: string;
  /** The lesson or quiz to open (null: the course's own settings). */
  item: Pick<TCourseItem, 'id' | 'kind' | 'title' | 'scormPackageId'> | null;
  /** Why a publish refused an item that has its texts (a quiz without questions, a package not ready). */
  problem?: 'QUIZ_WITHOUT_QUESTIONS' | 'SCORM_NOT_READY';
};

/** Where each missing text is edited: the course itself, or the item (a block's lesson, a question's quiz). */
export function missingEntries(
  missing: readonly { kind: TMissingEntry['kind']; id: string; itemId: string | null }[],
  items: readonly TCourseItem[],
): TMissingEntry[] {
  const byId = new Map(items.map((i) => [i.id, i]));
  return missing.map((m) => {
    const itemId = m.kind === 'ITEM' ? m.id : m.itemId;
    return { kind: m.kind, id: m.id, item: itemId ? (byId.get(itemId) ?? null) : null };
  });
}

const MISSING_KINDS = new Set(['COURSE', 'ITEM', 'BLOCK', 'QUESTION']);

/**
 * The entities a refused publish names in its `details` (`path` = `KIND:id`), joined with the
 * details' own `missing` list (which knows each block's and question's item).
 */
export function refusedEntries(
  details: readonly { path?: string; code?: string }[] | undefined,
  course: Pick<TCourseDetails, 'items' | 'missing'>,
): TMissingEntry[] {
  const known = new Map(course.missing.map((m) => [m.id, m.itemId]));
  const byId = new Map(course.items.map((i) => [i.id, i]));
  const out: TMissingEntry[] = [];
  for (const d of details ?? []) {
    const [kind, id] = (d.path ?? '').split(':');
    if (!kind || !id || !MISSING_KINDS.has(kind)) continue;
    const k = kind as TMissingEntry['kind'];
    const itemId = k === 'ITEM' ? id : (known.get(id) ?? null);
    const entry: TMissingEntry = { kind: k, id, item: itemId ? (byId.get(itemId) ?? null) : null };
    if (d.code === 'QUIZ_WITHOUT_QUESTIONS' || d.code === 'SCORM_NOT_READY') entry.problem = d.code;
    out.push(entry);
  }
  return out;
}
