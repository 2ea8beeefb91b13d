import { z } from 'zod';
import { LANGUAGES, ZLanguage, ZPagedResult, ZUuid } from '../common.ts';

/** Learning, part 1: courses, versions and languages (docs/learning-design.md §1–§2). */

export const ZCourseItemKind = z.enum(['LESSON', 'QUIZ', 'SCORM']);
export type TCourseItemKind = z.infer<typeof ZCourseItemKind>;
export const ZCourseVersionStatus = z.enum(['DRAFT', 'PUBLISHED', 'SUPERSEDED']);
export const ZCourseStatus = z.enum(['ACTIVE', 'ARCHIVED']);
export const ZLanguagePriority = z.enum(['PRIMARY', 'SECONDARY']);

/** What the caller may do with a course (the web shows a button only when its action is listed). */
export const ZCourseAction = z.enum(['view', 'edit', 'publish', 'delete', 'clone', 'preview', 'requestCredits']);
export type TCourseAction = z.infer<typeof ZCourseAction>;

const ZTitle = z.string().trim().min(1).max(200);
const ZDescription = z.string().trim().max(2000);

export const ZCreateCourseRequest = z.object({
  title: ZTitle,
  description: ZDescription.optional(),
  primaryLanguage: ZLanguage,
  /** The languages the course is written in; the primary is added when missing. */
  languages: z.array(ZLanguage).max(LANGUAGES.length).default([]),
  jurisdictionIds: z.array(ZUuid).max(20).default([]),
});
export type TCreateCourseRequest = z.infer<typeof ZCreateCourseRequest>;

export const ZUpdateCourseRequest = z.object({
  /** The language the title and description are written in. */
  language: ZLanguage,
  title: ZTitle.optional(),
  description: ZDescription.optional(),
  jurisdictionIds: z.array(ZUuid).max(20).optional(),
});
export type TUpdateCourseRequest = z.infer<typeof ZUpdateCourseRequest>;

export const ZCloneCourseRequest = z.object({ courseId: ZUuid, title: ZTitle.optional() });
export const ZSetCourseLanguagesRequest = z.object({
  courseId: ZUuid,
  languages: z.array(ZLanguage).min(1).max(LANGUAGES.length),
});
export const ZReorderCourseRequest = z.object({ itemIds: z.array(ZUuid).min(1).max(500) });
export const ZDeleteCourseQuery = z.object({ draftOnly: z.enum(['true', 'false']).optional() });
export const ZDeleteCourseResult = z.object({ outcome: z.enum(['DELETED', 'ARCHIVED', 'DRAFT_DISCARDED']) });

export const ZCourseIdParams = z.object({ id: ZUuid });
export const ZCourseLanguageParams = z.object({ id: ZUuid, lang: ZLanguage });

export const ZCourseDetailsQuery = z.object({
  language: ZLanguage.optional(),
  /** `draft` (authors) or `published`; default: the draft for an author when there is one, else the published version. */
  version: z.enum(['draft', 'published']).optional(),
});
export type TCourseDetailsQuery = z.infer<typeof ZCourseDetailsQuery>;

export const ZCourseLanguage = z.object({ language: ZLanguage, languagePriority: ZLanguagePriority });

export const ZCourseItem = z.object({
  id: ZUuid,
  stableId: ZUuid,
  kind: ZCourseItemKind,
  position: z.number().int(),
  title: z.string(),
  /** The language the title is shown in. */
  language: ZLanguage,
  /** True when the title is the primary language's, the requested one being missing. */
  fallback: z.boolean(),
  passMark: z.number().int().nullable(),
  attemptLimit: z.number().int().nullable(),
  shuffleQuestions: z.boolean(),
  questionCount: z.number().int().nullable(),
  blockCount: z.number().int().nullable(),
  scormPackageId: ZUuid.nullable(),
  scormStatus: z.enum(['PROCESSING', 'READY', 'FAILED']).nullable(),
  /** LESSON: the author's minimum reading time in seconds (null: estimated from its length). */
  minReadingSeconds: z.number().int().nullable(),
});
export type TCourseItem = z.infer<typeof ZCourseItem>;

export const ZJurisdictionRef = z.object({ id: ZUuid, code: z.string(), name: z.string() });

export const ZTranslationStatus = z.object({ language: ZLanguage, missing: z.number().int(), total: z.number().int() });
export const ZMissingText = z.object({
  kind: z.enum(['COURSE', 'ITEM', 'BLOCK', 'QUESTION']),
  id: ZUuid,
  /** The LESSON or QUIZ the block or question belongs to. */
  itemId: ZUuid.nullable(),
});

export const ZCourseDetails = z.object({
  id: ZUuid,
  /** 'CATALOGUE' for the operator's catalogue, 'OWN' for the caller's workspace's own course. */
  owner: z.enum(['CATALOGUE', 'OWN']),
  status: ZCourseStatus,
  title: z.string(),
  description: z.string(),
  language: ZLanguage,
  fallback: z.boolean(),
  coverUrl: z.string().nullable(),
  version: z.object({
    id: ZUuid,
    number: z.number().int(),
    status: ZCourseVersionStatus,
    publishedAt: z.string().nullable(),
  }),
  publishedVersion: z.object({ id: ZUuid, number: z.number().int() }).nullable(),
  draftVersionId: ZUuid.nullable(),
  languages: z.array(ZCourseLanguage),
  items: z.array(ZCourseItem),
  /** Per listed language: how many entities lack a complete text (authors only; empty for learners). */
  translations: z.array(ZTranslationStatus),
  /** The entities lacking a complete text in the requested language (authors only). */
  missing: z.array(ZMissingText),
  jurisdictions: z.array(ZJurisdictionRef),
  updatedAt: z.string(),
  actions: z.array(ZCourseAction),
});
export type TCourseDetails = z.infer<typeof ZCourseDetails>;

export const ZCourseListRequest = z.object({
  pageNo: z.number().int().min(0).default(0),
  pageSize: z.number().int().min(1).max(100).default(20),
  search: z.string().trim().max(100).optional(),
  owner: z.enum(['OWN', 'CATALOGUE']).optional(),
  status: z.enum(['DRAFT', 'PUBLISHED', 'ARCHIVED']).optional(),
  jurisdictionId: ZUuid.optional(),
  /** The language titles are shown in (else each course's primary). */
  language: ZLanguage.optional(),
});
export type TCourseListRequest = z.infer<typeof ZCourseListRequest>;

export const ZCourseSummary = z.object({
  id: ZUuid,
  owner: z.enum(['CATALOGUE', 'OWN']),
  status: ZCourseStatus,
  title: z.string(),
  language: ZLanguage,
  fallback: z.boolean(),
  /** The published version's number, null before the first publish. */
  publishedVersion: z.number().int().nullable(),
  /** The draft's number, when there is a draft (authors only). */
  draftVersion: z.number().int().nullable(),
  languages: z.array(ZLanguage),
  primaryLanguage: ZLanguage,
  itemCount: z.number().int(),
  /** Catalogue courses seen by a workspace: its credit balance. */
  credits: z.object({ balance: z.number().int() }).nullable(),
  updatedAt: z.string(),
  actions: z.array(ZCourseAction),
});
export type TCourseSummary = z.infer<typeof ZCourseSummary>;
export const ZCoursePage = ZPagedResult(ZCourseSummary);
export type TCoursePage = z.infer<typeof ZCoursePage>;

export const ZSupportedLanguage = z.object({
  language: ZLanguage,
  name: z.string(),
  nativeName: z.string(),
  /** Operator variant: how many catalogue courses list this language. */
  courseCount: z.number().int().optional(),
});
export const ZSupportedLanguages = z.array(ZSupportedLanguage);

export const ZReorderResult = z.object({ items: z.array(ZCourseItem) });

/** The seven languages, named in English and in their own script. */
export const LANGUAGE_NAMES = {
  en: { name: 'English', nativeName: 'English' },
  hi: { name: 'Hindi', nativeName: 'हिन्दी' },
  kn: { name: 'Kannada', nativeName: 'ಕನ್ನಡ' },
  te: { name: 'Telugu', nativeName: 'తెలుగు' },
  ta: { name: 'Tamil', nativeName: 'தமிழ்' },
  mr: { name: 'Marathi', nativeName: 'मराठी' },
  fr: { name: 'French', nativeName: 'Français' },
} as const;
