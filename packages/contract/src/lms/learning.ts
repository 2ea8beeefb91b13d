import { z } from 'zod';
import { ZLanguage, ZPagedResult, ZUuid } from '../common.ts';
import { ZCourseItemKind, ZCourseLanguage } from './courses.ts';
import { LEARNER_STATUSES, ZLearnerStatus } from './enrolments.ts';
import { ZLearnerBlock } from './lessons.ts';
import { ZAnswerKey, ZLearnerQuestion, ZQuizAnswer } from './quizzes.ts';

/**
 * The learner's side of learning (issue 14; docs/learning-design.md §7): the caller's own
 * enrolments only (ACTIVE, current cycle). Timestamps are ISO strings; `timeZone` is the zone the
 * learner's dates are shown in (the account's, else the workspace's).
 */

export const MY_COURSES_PAGE_SIZE = 20;
/** The largest SCORM runtime state (`cmi`, as JSON) a commit may store. */
export const SCORM_CMI_MAX_BYTES = 64 * 1024;

export const ZLearnerStats = z.object({
  timeZone: z.string(),
  total: z.number().int(),
  counts: z.record(ZLearnerStatus, z.number().int()),
});
export type TLearnerStats = z.infer<typeof ZLearnerStats>;
export const emptyLearnerCounts = () =>
  Object.fromEntries(LEARNER_STATUSES.map((s) => [s, 0])) as TLearnerStats['counts'];

export const ZMyCoursesRequest = z.object({
  status: ZLearnerStatus.optional(),
  pageNo: z.number().int().min(0).max(10_000).default(0),
  language: ZLanguage.optional(),
});
export type TMyCoursesRequest = z.infer<typeof ZMyCoursesRequest>;

export const ZMyCourse = z.object({
  enrolmentId: ZUuid,
  courseId: ZUuid,
  title: z.string(),
  language: ZLanguage,
  /** The title is in the course's primary language, the one asked for being missing. */
  fallback: z.boolean(),
  status: ZLearnerStatus,
  assignedAt: z.string(),
  dueAt: z.string().nullable(),
  startedAt: z.string().nullable(),
  completedAt: z.string().nullable(),
  expiresAt: z.string().nullable(),
  progressPercent: z.number().int(),
  score: z.number().int().nullable(),
  certificateAvailable: z.boolean(),
});
export type TMyCourse = z.infer<typeof ZMyCourse>;
export const ZMyCoursePage = ZPagedResult(ZMyCourse).extend({ timeZone: z.string() });
export type TMyCoursePage = z.infer<typeof ZMyCoursePage>;

export const ZEnrolmentParams = z.object({ enrolmentId: ZUuid });
export const ZLanguageQuery = z.object({ language: ZLanguage.optional() });
export const ZItemParams = z.object({ itemId: ZUuid });
export const ZItemContentQuery = z.object({ enrolmentId: ZUuid, language: ZLanguage.optional() });

/** An item's state for the learner: LOCKED until every item before it is completed. */
export const ITEM_STATES = ['LOCKED', 'OPEN', 'IN_PROGRESS', 'COMPLETED'] as const;
export const ZItemState = z.enum(ITEM_STATES);
export type TItemState = z.infer<typeof ZItemState>;

export const ZOutlineItem = z.object({
  id: ZUuid,
  kind: ZCourseItemKind,
  title: z.string(),
  language: ZLanguage,
  fallback: z.boolean(),
  position: z.number().int(),
  state: ZItemState,
  passMark: z.number().int().nullable(),
  attemptsUsed: z.number().int(),
  /** null: no limit. */
  attemptsAllowed: z.number().int().nullable(),
  bestScore: z.number().int().nullable(),
  passed: z.boolean().nullable(),
  scormPackageId: ZUuid.nullable(),
});
export type TOutlineItem = z.infer<typeof ZOutlineItem>;

export const ZEnrolmentMetadata = z.object({
  enrolmentId: ZUuid,
  courseId: ZUuid,
  title: z.string(),
  description: z.string(),
  language: ZLanguage,
  fallback: z.boolean(),
  primaryLanguage: ZLanguage,
  languages: z.array(ZCourseLanguage),
  status: ZLearnerStatus,
  timeZone: z.string(),
  dueAt: z.string().nullable(),
  completedAt: z.string().nullable(),
  progressPercent: z.number().int(),
  score: z.number().int().nullable(),
  certificateAvailable: z.boolean(),
  /** The item to open: the first not completed (null when all are). */
  resumeItemId: ZUuid.nullable(),
  items: z.array(ZOutlineItem),
});
export type TEnrolmentMetadata = z.infer<typeof ZEnrolmentMetadata>;

export const ZVideoState = z.object({
  blockId: ZUuid,
  durationSeconds: z.number().int(),
  positionSeconds: z.number().int(),
  watchedSeconds: z.number().int(),
  /** Share of the video's seconds actually played (0–1). */
  watchedShare: z.number(),
  watched: z.boolean(),
});
export type TVideoState = z.infer<typeof ZVideoState>;

export const ZMyLesson = z.object({
  itemId: ZUuid,
  state: ZItemState,
  blocks: z.array(ZLearnerBlock),
  videos: z.array(ZVideoState),
  /** The least time in seconds between opening the lesson and completing it (the author's, else from its length). */
  minReadingSeconds: z.number().int(),
  /** Seconds still to wait before the lesson can be completed (0: it can be). */
  readingSecondsLeft: z.number().int(),
});
export type TMyLesson = z.infer<typeof ZMyLesson>;

const ZSeconds = z.number().min(0).max(86_400);
export const ZVideoProgressRequest = z.object({
  enrolmentId: ZUuid,
  blockId: ZUuid,
  /** The length the player sees, in seconds. Not used: the server reads the video's length from its file. */
  duration: z.number().min(1).max(86_400),
  /** The language of the video being played (its file's length counts); default: the one the lesson shows. */
  language: ZLanguage.optional(),
  /** Where playback is now (saved for resuming). */
  position: ZSeconds,
  /** The segment [from, to) played since the previous heartbeat. */
  from: ZSeconds,
  to: ZSeconds,
});
export type TVideoProgressRequest = z.infer<typeof ZVideoProgressRequest>;

export const ZCompleteItemRequest = z.object({
  enrolmentId: ZUuid,
  itemId: ZUuid,
  language: ZLanguage.optional(),
});
export type TCompleteItemRequest = z.infer<typeof ZCompleteItemRequest>;

/** The enrolment after an item's completion (or a quiz attempt, a SCORM commit). */
export const ZEnrolmentProgress = z.object({
  enrolmentId: ZUuid,
  itemId: ZUuid,
  itemState: ZItemState,
  progressPercent: z.number().int(),
  courseCompleted: z.boolean(),
  score: z.number().int().nullable(),
  certificateAvailable: z.boolean(),
});
export type TEnrolmentProgress = z.infer<typeof ZEnrolmentProgress>;

export const ZAttemptSummary = z.object({
  attemptNo: z.number().int(),
  score: z.number().int(),
  passed: z.boolean(),
  submittedAt: z.string(),
});

/**
 * A question's review after an attempt: whether the learner's own answer was right, always; the
 * explanation and the right answer only after a pass (docs/decisions.md, issue 21 item 23: a failed
 * attempt, the last one too, never shows them, since an administrator can still grant another).
 */
export const ZQuestionReview = z.object({
  questionId: ZUuid,
  answeredCorrectly: z.boolean(),
  points: z.number().int(),
  /** Empty until the quiz is passed. */
  explanation: z.string(),
  /** The right answer (option ids, accepted words, pairs); null until the quiz is passed. */
  rightAnswer: ZAnswerKey.nullable(),
});
export type TQuestionReview = z.infer<typeof ZQuestionReview>;

export const ZMyQuiz = z.object({
  itemId: ZUuid,
  state: ZItemState,
  passMark: z.number().int(),
  questions: z.array(ZLearnerQuestion),
  attemptsUsed: z.number().int(),
  /** null: no limit. */
  attemptsAllowed: z.number().int().nullable(),
  attemptsLeft: z.number().int().nullable(),
  passed: z.boolean(),
  bestScore: z.number().int().nullable(),
  attempts: z.array(ZAttemptSummary),
  /** The last attempt's review (null before the first attempt); right answers only after a pass. */
  review: z.array(ZQuestionReview).nullable(),
  /** The learner's own answers of the last attempt (null before the first), shown with its review. */
  answers: z.array(ZQuizAnswer).nullable(),
});
export type TMyQuiz = z.infer<typeof ZMyQuiz>;

export const ZQuizSubmitRequest = z.object({
  enrolmentId: ZUuid,
  answers: z.array(ZQuizAnswer).max(200),
  language: ZLanguage.optional(),
});
export type TQuizSubmitRequest = z.infer<typeof ZQuizSubmitRequest>;
/** The submission's key (required: a request without it is refused with 400 IDEMPOTENCY_KEY_REQUIRED). */
export const ZIdempotencyHeaders = z.object({ 'idempotency-key': z.string().min(8).max(100).optional() });

export const ZQuizSubmitResult = z.object({
  attemptNo: z.number().int(),
  score: z.number().int(),
  passed: z.boolean(),
  passMark: z.number().int(),
  attemptsUsed: z.number().int(),
  attemptsAllowed: z.number().int().nullable(),
  attemptsLeft: z.number().int().nullable(),
  /** Per question, right or wrong; the right answers and explanations only when this attempt passed. */
  review: z.array(ZQuestionReview).nullable(),
  progress: ZEnrolmentProgress,
});
export type TQuizSubmitResult = z.infer<typeof ZQuizSubmitResult>;

export const ZScormCommitRequest = z.object({
  enrolmentId: ZUuid,
  standard: z.enum(['SCORM_12', 'SCORM_2004']),
  cmi: z.record(z.string(), z.unknown()),
  language: ZLanguage.optional(),
});
export type TScormCommitRequest = z.infer<typeof ZScormCommitRequest>;
