import type { TLanguage } from '@app/contract';
import { LESSON_HTML_TAGS } from '../../services/lms/lessons/sanitize.ts';

/**
 * The demo courses' content format (docs/learning-design.md §1.4, §1.5, §5). The structure (order,
 * kinds, types, correct answers) is language-neutral; every word is a `Texts`, one string per
 * language, which the seed writes as `course_texts` rows. Answer keys hold their own per-language
 * accepted answers (FILL_IN_BLANK, INPUT_BOX), never a text row. Option `ref`s ('a', 'b', …) are
 * local names the seed maps to the real option ids when it writes `quiz_answer_keys`.
 */

/** One of the seven product languages. */
export type Lang = TLanguage;

/** Words in each language the course lists; English (the demo courses' primary) is always there. */
export type Texts = Partial<Record<Lang, string>> & { en: string };

/** HTML tags a TEXT or NOTIFY block may use: the sanitiser's own list. */
export const ALLOWED_HTML_TAGS = LESSON_HTML_TAGS;

export type DemoBlock =
  | { type: 'TEXT'; html: Texts }
  | { type: 'NOTIFY'; tone: 'INFO' | 'WARNING' | 'LEGAL'; html: Texts }
  /** `url` is https only. */
  | { type: 'BUTTON'; label: Texts; url: string };

export type QuestionType =
  | 'MULTIPLE_CHOICE'
  | 'MULTIPLE_RESPONSE'
  | 'SINGLE_SELECT'
  | 'MULTI_SELECT'
  | 'FILL_IN_BLANK'
  | 'INPUT_BOX'
  | 'MATCHING'
  | 'CHECKBOX_WITH_TEXT';

export type DemoOption = {
  /** Local reference, unique within the question. */
  ref: string;
  /** MATCHING only: which column the option is in. */
  side?: 'LEFT' | 'RIGHT';
  label: Texts;
};

/** Per-language accepted answers (trimmed, case- and space-insensitive, NFC when graded). */
export type LangAnswers = Partial<Record<Lang, string[]>>;

export type DemoKey =
  /** MULTIPLE_CHOICE / SINGLE_SELECT (exactly one ref), MULTIPLE_RESPONSE / MULTI_SELECT (≥ 1). */
  | { correct: string[] }
  /** FILL_IN_BLANK: blank number (the `[[n]]` in the prompt) → answers per language. */
  | { blanks: Record<string, LangAnswers> }
  /** INPUT_BOX. */
  | { accepted: LangAnswers }
  /** MATCHING: [LEFT ref, RIGHT ref], one pair per LEFT option. */
  | { pairs: [string, string][] }
  /** CHECKBOX_WITH_TEXT. */
  | { mustBeChecked: true };

export type DemoQuestion = {
  type: QuestionType;
  points: number;
  /** FILL_IN_BLANK prompts hold `[[1]]`, `[[2]]` markers. */
  prompt: Texts;
  /** Shown after answering. */
  explanation: Texts;
  options: DemoOption[];
  key: DemoKey;
};

export type DemoItem =
  | { kind: 'LESSON'; title: Texts; blocks: DemoBlock[] }
  | {
      kind: 'QUIZ';
      title: Texts;
      /** Percentage of points. */
      passMark: number;
      /** Per learner and quiz; null = unlimited. */
      attemptLimit: number | null;
      shuffleQuestions: boolean;
      questions: DemoQuestion[];
    };

export type DemoCourse = {
  /** Stable key the seed uses to find the course again (idempotent seeding). */
  key: string;
  primaryLanguage: 'en';
  /** Every language listed here has every text of the course (content.once.test.ts). */
  languages: Lang[];
  /** Jurisdiction codes: 'IN', 'IN-KA', 'CA', 'CA-FED'. */
  jurisdictionCodes: string[];
  title: Texts;
  description: Texts;
  items: DemoItem[];
};
