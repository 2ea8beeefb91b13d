import { QUESTION_OPTION_LIMITS, type TAnswerKey, type TQuestionType } from '@app/contract';
import { AppError } from '../../../core/errors.ts';

/** The option and key rules of each question type (docs/learning-design.md §1.5). Pure. */

export type RuleOption = { id: string; side: 'LEFT' | 'RIGHT' | null };
export type Problem = { path: string; message: string; code: string };

/** The blank numbers of a FILL_IN_BLANK prompt (`[[1]]`, `[[2]]`), in order of first appearance. */
export function blanksOf(prompt: string): string[] {
  const out: string[] = [];
  for (const m of prompt.matchAll(/\[\[([1-9][0-9]?)\]\]/g)) if (!out.includes(m[1]!)) out.push(m[1]!);
  return out;
}

const CHOICE = new Set<TQuestionType>(['MULTIPLE_CHOICE', 'MULTIPLE_RESPONSE', 'SINGLE_SELECT', 'MULTI_SELECT']);
const SINGLE = new Set<TQuestionType>(['MULTIPLE_CHOICE', 'SINGLE_SELECT']);

/**
 * What is wrong with a question's options and key (empty when nothing). `prompt` is the prompt in
 * `language`; FILL_IN_BLANK's blanks are checked against it, and FILL_IN_BLANK / INPUT_BOX need
 * accepted answers in `language`.
 */
export function keyProblems(
  type: TQuestionType,
  options: readonly RuleOption[],
  key: TAnswerKey,
  prompt: string,
  language: string,
): Problem[] {
  const p: Problem[] = [];
  const bad = (path: string, message: string, code: string) => p.push({ path, message, code });
  const limits = QUESTION_OPTION_LIMITS[type];
  const ids = new Set(options.map((o) => o.id));
  if (type === 'MATCHING') {
    const left = options.filter((o) => o.side === 'LEFT');
    const right = options.filter((o) => o.side === 'RIGHT');
    if (left.length + right.length !== options.length)
      bad('options', 'Every matching option is on the LEFT or the RIGHT', 'SIDE_REQUIRED');
    if (left.length < limits.min || left.length > limits.max || left.length !== right.length)
      bad('options', `Matching needs ${limits.min}–${limits.max} left options and as many right ones`, 'OPTION_COUNT');
    if (!('pairs' in key)) return [...p, { path: 'key', message: 'Matching keys are pairs', code: 'KEY_SHAPE' }];
    const l = new Set(left.map((o) => o.id));
    const r = new Set(right.map((o) => o.id));
    const usedL = new Set(key.pairs.map(([a]) => a));
    const usedR = new Set(key.pairs.map(([, b]) => b));
    if (!key.pairs.every(([a, b]) => l.has(a) && r.has(b)))
      bad('key.pairs', 'Each pair joins a left option to a right option of this question', 'UNKNOWN_OPTION');
    if (usedL.size !== key.pairs.length || usedR.size !== key.pairs.length || usedL.size !== l.size)
      bad('key.pairs', 'Every left option is paired exactly once, each with a different right option', 'PAIRS');
    return p;
  }
  if (options.some((o) => o.side !== null)) bad('options', 'Only matching options have a side', 'SIDE_NOT_ALLOWED');
  if (options.length < limits.min || options.length > limits.max)
    bad(
      'options',
      limits.max === 0 ? 'This type has no options' : `This type needs ${limits.min}–${limits.max} options`,
      'OPTION_COUNT',
    );
  if (CHOICE.has(type)) {
    if (!('correct' in key))
      return [...p, { path: 'key', message: 'Choice keys list the right options', code: 'KEY_SHAPE' }];
    if (!key.correct.every((id) => ids.has(id)) || new Set(key.correct).size !== key.correct.length)
      bad('key.correct', 'The right answers are options of this question, each once', 'UNKNOWN_OPTION');
    if (SINGLE.has(type) && key.correct.length !== 1)
      bad('key.correct', 'Exactly one option is right', 'CORRECT_COUNT');
    return p;
  }
  if (type === 'CHECKBOX_WITH_TEXT') {
    if (!('mustBeChecked' in key)) bad('key', 'The statement must be checked', 'KEY_SHAPE');
    return p;
  }
  if (type === 'INPUT_BOX') {
    if (!('accepted' in key))
      return [...p, { path: 'key', message: 'Typed answers list what is accepted', code: 'KEY_SHAPE' }];
    if (!(key.accepted as Record<string, string[] | undefined>)[language]?.length)
      bad(`key.accepted.${language}`, 'List at least one accepted answer in this language', 'NO_ACCEPTED_ANSWER');
    return p;
  }
  // FILL_IN_BLANK
  if (!('blanks' in key)) return [...p, { path: 'key', message: 'Blanks list what is accepted', code: 'KEY_SHAPE' }];
  const marks = blanksOf(prompt);
  if (marks.length === 0) bad('prompt', 'Mark each blank in the prompt as [[1]], [[2]], …', 'NO_BLANKS');
  const keyed = Object.keys(key.blanks);
  if (keyed.length !== marks.length || !marks.every((m) => keyed.includes(m)))
    bad('key.blanks', 'Give accepted answers for exactly the blanks of the prompt', 'BLANKS_MISMATCH');
  for (const m of marks)
    if (!(key.blanks[m] as Record<string, string[] | undefined> | undefined)?.[language]?.length)
      bad(`key.blanks.${m}.${language}`, 'List at least one accepted answer in this language', 'NO_ACCEPTED_ANSWER');
  return p;
}

export function keyInvalid(problems: Problem[], status: 400 | 409 = 400): AppError {
  return new AppError(
    status,
    status === 400 ? 'BAD_REQUEST' : 'CONFLICT',
    status === 400
      ? 'The question’s options or answer key do not fit its type. Check the marked fields.'
      : 'Deleting this option would leave the question with too few options or a broken answer key.',
    { params: { reason: 'QUESTION_KEY_INVALID', count: problems.length }, details: problems },
  );
}

/**
 * Whether a question's text in `language` is complete: a prompt, every option labelled, and for
 * FILL_IN_BLANK / INPUT_BOX accepted answers in that language for every blank.
 */
export function questionComplete(
  type: TQuestionType,
  body: { prompt?: unknown; options?: unknown },
  optionIds: readonly string[],
  key: TAnswerKey | null,
  language: string,
): boolean {
  const prompt = typeof body.prompt === 'string' ? body.prompt.trim() : '';
  if (!prompt) return false;
  const labels = (body.options ?? {}) as Record<string, unknown>;
  if (!optionIds.every((id) => typeof labels[id] === 'string' && (labels[id] as string).trim().length > 0))
    return false;
  if (type === 'INPUT_BOX')
    return !!key && 'accepted' in key && !!(key.accepted as Record<string, string[] | undefined>)[language]?.length;
  if (type === 'FILL_IN_BLANK') {
    if (!key || !('blanks' in key)) return false;
    const marks = blanksOf(prompt);
    return (
      marks.length > 0 &&
      marks.every((m) => !!(key.blanks[m] as Record<string, string[] | undefined> | undefined)?.[language]?.length)
    );
  }
  return true;
}
