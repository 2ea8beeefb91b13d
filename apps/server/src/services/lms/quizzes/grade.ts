import type { TAnswerKey, TLanguage, TQuestionType, TQuizAnswer } from '@app/contract';

/**
 * Grading one answer against its key (docs/learning-design.md §1.5). Pure: shared by preview
 * grading and, later, issue 14's attempts.
 */

export type GradableQuestion = { type: TQuestionType };

/** Typed answers compared trimmed, NFC, case-insensitive and with all white space removed. */
export function normalizeTyped(s: string): string {
  return s.normalize('NFC').replace(/\s+/gu, '').toLocaleLowerCase('en');
}

const sameSet = (a: readonly string[], b: readonly string[]) => {
  const x = new Set(a);
  const y = new Set(b);
  return x.size === y.size && a.length === x.size && [...x].every((v) => y.has(v));
};

/** The accepted answers in `language`; when the key has none there, those of every language. */
function acceptedIn(answers: Partial<Record<TLanguage, string[]>>, language: TLanguage): Set<string> {
  const own = answers[language] ?? [];
  const list = own.length > 0 ? own : Object.values(answers).flat();
  return new Set(list.map((a) => normalizeTyped(a ?? '')).filter((a) => a.length > 0));
}

const typedMatches = (given: string | undefined, accepted: Set<string>) => {
  if (given === undefined) return false;
  const g = normalizeTyped(given);
  return g.length > 0 && accepted.has(g);
};

/** Whether `answer` is right for `question` under `key`, for a learner reading in `language`. */
export function grade(
  question: GradableQuestion,
  key: TAnswerKey,
  answer: TQuizAnswer | undefined,
  language: TLanguage,
): boolean {
  if (!answer) return false;
  switch (question.type) {
    case 'MULTIPLE_CHOICE':
    case 'SINGLE_SELECT':
    case 'MULTIPLE_RESPONSE':
    case 'MULTI_SELECT':
      return 'correct' in key && sameSet(answer.selected ?? [], key.correct);
    case 'FILL_IN_BLANK': {
      if (!('blanks' in key)) return false;
      const blanks = Object.entries(key.blanks);
      return (
        blanks.length > 0 &&
        blanks.every(([n, answers]) => typedMatches(answer.filled?.[n], acceptedIn(answers, language)))
      );
    }
    case 'INPUT_BOX':
      return 'accepted' in key && typedMatches(answer.text, acceptedIn(key.accepted, language));
    case 'MATCHING': {
      if (!('pairs' in key)) return false;
      const given = answer.matches ?? [];
      const want = new Map(key.pairs.map(([l, r]) => [l, r]));
      const seen = new Set<string>();
      for (const [l, r] of given) {
        if (seen.has(l) || want.get(l) !== r) return false;
        seen.add(l);
      }
      return seen.size === want.size;
    }
    case 'CHECKBOX_WITH_TEXT':
      return 'mustBeChecked' in key && answer.checked === true;
  }
}

/** A quiz's result: percentage of points (rounded down) and whether it reaches the pass mark. */
export function score(
  results: readonly { correct: boolean; points: number }[],
  passMark: number,
): { score: number; passed: boolean } {
  const total = results.reduce((s, r) => s + r.points, 0);
  const earned = results.reduce((s, r) => s + (r.correct ? r.points : 0), 0);
  const pct = total === 0 ? 0 : Math.floor((earned * 100) / total);
  return { score: pct, passed: total > 0 && pct >= passMark };
}
