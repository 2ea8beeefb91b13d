import { z } from 'zod';
import { ZLanguage, ZPagedResult, ZUuid } from '../common.ts';
import { ZCourseItemKind, ZCourseLanguage, ZCourseVersionStatus } from './courses.ts';
import { ZLearnerBlock } from './lessons.ts';

/**
 * Learning, part 1: quizzes, questions and their answer keys, the learner's view of a course
 * (preview-as-learner) and preview grading (docs/learning-design.md §1.5, §2, §4).
 *
 * Answer keys travel only in `AuthorQuestion` (author routes). Every learner-facing shape here
 * (`LearnerQuestion`, `LearnerCourse`, `PreviewGradeResult`) has no key field: the response
 * serialiser strips anything not listed.
 */

export const QUESTION_TYPES = [
  'MULTIPLE_CHOICE',
  'MULTIPLE_RESPONSE',
  'SINGLE_SELECT',
  'MULTI_SELECT',
  'FILL_IN_BLANK',
  'INPUT_BOX',
  'MATCHING',
  'CHECKBOX_WITH_TEXT',
] as const;
export const ZQuestionType = z.enum(QUESTION_TYPES);
export type TQuestionType = z.infer<typeof ZQuestionType>;

/** How many options each type takes (MATCHING: per side). */
export const QUESTION_OPTION_LIMITS: Record<TQuestionType, { min: number; max: number }> = {
  MULTIPLE_CHOICE: { min: 2, max: 10 },
  MULTIPLE_RESPONSE: { min: 2, max: 10 },
  SINGLE_SELECT: { min: 2, max: 30 },
  MULTI_SELECT: { min: 2, max: 30 },
  FILL_IN_BLANK: { min: 0, max: 0 },
  INPUT_BOX: { min: 0, max: 0 },
  MATCHING: { min: 2, max: 10 },
  CHECKBOX_WITH_TEXT: { min: 1, max: 1 },
};

const ZPassMark = z.number().int().min(0).max(100);
const ZAttemptLimit = z.number().int().min(1).max(20);
const ZTitle = z.string().trim().min(1).max(200);

// Quizzes (course items of kind QUIZ)

export const ZCreateQuizRequest = z.object({
  courseId: ZUuid,
  title: ZTitle,
  /** The language the title is written in (one of the course's). */
  language: ZLanguage,
  /** Percentage of points needed to pass. */
  passMark: ZPassMark,
  /** Attempts per learner; left out or null = unlimited. */
  attemptLimit: ZAttemptLimit.nullable().optional(),
  shuffleQuestions: z.boolean().default(false),
});
export type TCreateQuizRequest = z.infer<typeof ZCreateQuizRequest>;

export const ZUpdateQuizRequest = z.object({
  language: ZLanguage,
  title: ZTitle.optional(),
  passMark: ZPassMark.optional(),
  /** null = unlimited. */
  attemptLimit: ZAttemptLimit.nullable().optional(),
  shuffleQuestions: z.boolean().optional(),
});
export type TUpdateQuizRequest = z.infer<typeof ZUpdateQuizRequest>;

export const ZQuizIdParams = z.object({ id: ZUuid });
export const ZDeletedResult = z.object({ id: ZUuid });

// Questions, for authors

/** Per-language accepted answers (FILL_IN_BLANK blanks, INPUT_BOX). */
const ZAnswers = z.array(z.string().trim().min(1).max(200)).max(20);
export const ZLanguageAnswers = z.partialRecord(ZLanguage, ZAnswers);

/**
 * An answer key (docs/learning-design.md §1.5). Option references are option ids, or in an add/edit
 * request the temporary `id` the request gives a new option.
 */
export const ZAnswerKey = z.union([
  z.object({ correct: z.array(z.string().min(1).max(64)).min(1).max(30) }).strict(),
  z.object({ blanks: z.record(z.string().regex(/^[1-9][0-9]?$/), ZLanguageAnswers) }).strict(),
  z.object({ accepted: ZLanguageAnswers }).strict(),
  z
    .object({
      pairs: z
        .array(z.tuple([z.string().min(1).max(64), z.string().min(1).max(64)]))
        .min(1)
        .max(10),
    })
    .strict(),
  z.object({ mustBeChecked: z.literal(true) }).strict(),
]);
export type TAnswerKey = z.infer<typeof ZAnswerKey>;

export const ZQuestionOptionInput = z.object({
  /** An existing option's id (kept), or a temporary reference for a new option (replaced by a new id). */
  id: z.string().min(1).max(64).optional(),
  /** MATCHING only. */
  side: z.enum(['LEFT', 'RIGHT']).nullable().optional(),
  label: z.string().trim().max(500),
});

export const ZQuestionInput = z.object({
  type: ZQuestionType,
  points: z.number().int().min(1).max(100).default(1),
  /** The language prompt, explanation and labels are written in. */
  language: ZLanguage,
  /** FILL_IN_BLANK prompts hold `[[1]]`, `[[2]]`, … where the blanks are. */
  prompt: z.string().trim().max(2000),
  explanation: z.string().trim().max(2000).default(''),
  /** The full list of options in order (options left out are deleted). */
  options: z.array(ZQuestionOptionInput).max(30).default([]),
  key: ZAnswerKey,
});
export type TQuestionInput = z.infer<typeof ZQuestionInput>;

export const ZAddQuestionRequest = ZQuestionInput.extend({ quizId: ZUuid });
export type TAddQuestionRequest = z.infer<typeof ZAddQuestionRequest>;
export const ZEditQuestionRequest = ZQuestionInput;

export const ZQuestionListRequest = z.object({
  quizId: ZUuid,
  language: ZLanguage,
  pageNo: z.number().int().min(0).default(0),
  pageSize: z.number().int().min(1).max(100).default(100),
});
export type TQuestionListRequest = z.infer<typeof ZQuestionListRequest>;

export const ZOrderQuestionsRequest = z.object({ quizId: ZUuid, questionIds: z.array(ZUuid).min(1).max(200) });
export const ZOrderQuestionsResult = z.object({ questionIds: z.array(ZUuid) });

export const ZAuthorOption = z.object({
  id: ZUuid,
  side: z.enum(['LEFT', 'RIGHT']).nullable(),
  position: z.number().int(),
  /** In the requested language ('' when not translated yet). */
  label: z.string(),
});

/** The primary language's words, beside a question being translated. */
export const ZQuestionReference = z.object({
  language: ZLanguage,
  prompt: z.string(),
  explanation: z.string(),
  options: z.record(z.string(), z.string()),
});

export const ZAuthorQuestion = z.object({
  id: ZUuid,
  stableId: ZUuid,
  quizId: ZUuid,
  type: ZQuestionType,
  position: z.number().int(),
  points: z.number().int(),
  language: ZLanguage,
  prompt: z.string(),
  explanation: z.string(),
  options: z.array(ZAuthorOption),
  key: ZAnswerKey,
  /** Every word (and, for FILL_IN_BLANK / INPUT_BOX, the accepted answers) exists in `language`. */
  complete: z.boolean(),
  /** The primary's words when `language` is another one (null in the primary). */
  reference: ZQuestionReference.nullable(),
});
export type TAuthorQuestion = z.infer<typeof ZAuthorQuestion>;
export const ZAuthorQuestionPage = ZPagedResult(ZAuthorQuestion);

// The learner's shapes (no key fields)

export const ZLearnerOption = z.object({ id: ZUuid, label: z.string() });

/**
 * A question as a learner sees it: options by position (right-hand matching options shuffled),
 * never which are right.
 */
export const ZLearnerQuestion = z.object({
  id: ZUuid,
  stableId: ZUuid,
  type: ZQuestionType,
  points: z.number().int(),
  prompt: z.string(),
  language: ZLanguage,
  fallback: z.boolean(),
  /** Choice types and CHECKBOX_WITH_TEXT (its statement). */
  options: z.array(ZLearnerOption),
  /** MATCHING: the left column, by position. */
  left: z.array(ZLearnerOption),
  /** MATCHING: the right column, shuffled. */
  right: z.array(ZLearnerOption),
  /** FILL_IN_BLANK: the blank numbers in the prompt, in order. */
  blanks: z.array(z.string()),
});
export type TLearnerQuestion = z.infer<typeof ZLearnerQuestion>;

/** A learner's answer to one question. */
export const ZQuizAnswer = z.object({
  questionId: ZUuid,
  /** Choice types: the chosen option ids. */
  selected: z.array(ZUuid).max(30).optional(),
  /** INPUT_BOX. */
  text: z.string().max(500).optional(),
  /** FILL_IN_BLANK: blank number → text. */
  filled: z.record(z.string().max(3), z.string().max(500)).optional(),
  /** MATCHING: [left option id, right option id]. */
  matches: z
    .array(z.tuple([ZUuid, ZUuid]))
    .max(10)
    .optional(),
  /** CHECKBOX_WITH_TEXT. */
  checked: z.boolean().optional(),
});
export type TQuizAnswer = z.infer<typeof ZQuizAnswer>;

export const ZPreviewGradeRequest = z.object({ language: ZLanguage, answers: z.array(ZQuizAnswer).max(200) });
export type TPreviewGradeRequest = z.infer<typeof ZPreviewGradeRequest>;
export const ZPreviewGradeResult = z.object({
  /** Percentage of points earned (0–100, rounded down). */
  score: z.number().int(),
  passed: z.boolean(),
  passMark: z.number().int(),
  perQuestion: z.array(
    z.object({
      questionId: ZUuid,
      /** Whether the learner’s answer was right (named so that no learner answer carries a `correct` field). */
      answeredCorrectly: z.boolean(),
      points: z.number().int(),
      explanation: z.string(),
    }),
  ),
});
export type TPreviewGradeResult = z.infer<typeof ZPreviewGradeResult>;

/** A lesson block as a learner sees it (bodies: TEXT/NOTIFY `{html}`, BUTTON `{label, url}`). */

export const ZLearnerItem = z.object({
  id: ZUuid,
  stableId: ZUuid,
  kind: ZCourseItemKind,
  title: z.string(),
  language: ZLanguage,
  fallback: z.boolean(),
  blocks: z.array(ZLearnerBlock),
  questions: z.array(ZLearnerQuestion),
  passMark: z.number().int().nullable(),
  attemptLimit: z.number().int().nullable(),
  scormPackageId: ZUuid.nullable(),
});
export type TLearnerItem = z.infer<typeof ZLearnerItem>;

/** A course version as a learner sees it (preview-as-learner; issue 14's player). */
export const ZLearnerCourse = z.object({
  id: ZUuid,
  title: z.string(),
  description: z.string(),
  language: ZLanguage,
  fallback: z.boolean(),
  primaryLanguage: ZLanguage,
  languages: z.array(ZCourseLanguage),
  version: z.object({ id: ZUuid, number: z.number().int(), status: ZCourseVersionStatus }),
  items: z.array(ZLearnerItem),
});
export type TLearnerCourse = z.infer<typeof ZLearnerCourse>;

export const ZPreviewQuery = z.object({ language: ZLanguage.optional() });
