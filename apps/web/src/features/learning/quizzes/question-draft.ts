import type { TAnswerKey, TAuthorQuestion, TLanguage, TQuestionInput, TQuestionType } from '@app/contract';

/**
 * The quiz editor's working copy of one question, in one language (pure, tested). Options are
 * named by `ref`: an existing option's id, or a temporary reference the server replaces.
 */
export type TDraftOption = { ref: string; side: 'LEFT' | 'RIGHT' | null; label: string };
export type TDraft = {
  id: string | null;
  type: TQuestionType;
  points: number;
  prompt: string;
  explanation: string;
  options: TDraftOption[];
  /** Choice types: refs of the right options. */
  correct: string[];
  /** MATCHING: left ref → right ref. */
  pairs: Record<string, string>;
  /** FILL_IN_BLANK: blank number → accepted answers in this language, one per line. */
  blanks: Record<string, string>;
  /** INPUT_BOX: accepted answers in this language, one per line. */
  accepted: string;
  /** The key as stored (other languages' typed answers are kept from it). */
  stored: TAnswerKey | null;
};

let counter = 0;
export const newRef = () => `new-${Date.now().toString(36)}-${++counter}`;

const CHOICE: TQuestionType[] = ['MULTIPLE_CHOICE', 'MULTIPLE_RESPONSE', 'SINGLE_SELECT', 'MULTI_SELECT'];
export const isChoice = (type: TQuestionType) => CHOICE.includes(type);
export const isSingle = (type: TQuestionType) => type === 'MULTIPLE_CHOICE' || type === 'SINGLE_SELECT';

/** The `[[n]]` blanks of a prompt, in order. */
export function blanksOf(prompt: string): string[] {
  const out: string[] = [];
  for (const m of prompt.matchAll(/\[\[([1-9][0-9]?)\]\]/g)) if (!out.includes(m[1]!)) out.push(m[1]!);
  return out;
}

const lines = (s: string) =>
  s
    .split('\n')
    .map((l) => l.trim())
    .filter(Boolean);

/** A new question of `type` with the options its type needs. */
export function emptyDraft(type: TQuestionType): TDraft {
  const option = (side: TDraftOption['side'] = null): TDraftOption => ({ ref: newRef(), side, label: '' });
  const options =
    type === 'MATCHING'
      ? [option('LEFT'), option('LEFT'), option('RIGHT'), option('RIGHT')]
      : type === 'CHECKBOX_WITH_TEXT'
        ? [option()]
        : isChoice(type)
          ? [option(), option()]
          : [];
  return {
    id: null,
    type,
    points: 1,
    prompt: type === 'FILL_IN_BLANK' ? '[[1]]' : '',
    explanation: '',
    options,
    correct: [],
    pairs: {},
    blanks: {},
    accepted: '',
    stored: null,
  };
}

/** The editor's copy of a question as the server answered it, in its language. */
export function toDraft(q: TAuthorQuestion): TDraft {
  const key = q.key as Record<string, unknown>;
  const inLang = (answers: unknown) =>
    ((answers as Record<string, string[]> | undefined)?.[q.language] ?? []).join('\n');
  return {
    id: q.id,
    type: q.type,
    points: q.points,
    prompt: q.prompt,
    explanation: q.explanation,
    options: q.options.map((o) => ({ ref: o.id, side: o.side, label: o.label })),
    correct: 'correct' in key ? [...(key.correct as string[])] : [],
    pairs: 'pairs' in key ? Object.fromEntries(key.pairs as [string, string][]) : {},
    blanks:
      'blanks' in key
        ? Object.fromEntries(Object.entries(key.blanks as Record<string, unknown>).map(([n, a]) => [n, inLang(a)]))
        : {},
    accepted: 'accepted' in key ? inLang(key.accepted) : '',
    stored: q.key,
  };
}

/** The add/edit request for `draft`, written in `language`. */
export function toInput(draft: TDraft, language: TLanguage): TQuestionInput {
  const stored = (draft.stored ?? {}) as Record<string, unknown>;
  let key: TAnswerKey;
  if (isChoice(draft.type)) key = { correct: draft.correct.filter((r) => draft.options.some((o) => o.ref === r)) };
  else if (draft.type === 'MATCHING')
    key = {
      pairs: draft.options
        .filter((o) => o.side === 'LEFT')
        .map((o) => [o.ref, draft.pairs[o.ref] ?? ''] as [string, string]),
    };
  else if (draft.type === 'CHECKBOX_WITH_TEXT') key = { mustBeChecked: true };
  else if (draft.type === 'INPUT_BOX')
    key = { accepted: { ...((stored.accepted as object) ?? {}), [language]: lines(draft.accepted) } };
  else {
    const old = (stored.blanks ?? {}) as Record<string, Record<string, string[]>>;
    key = {
      blanks: Object.fromEntries(
        blanksOf(draft.prompt).map((n) => [n, { ...(old[n] ?? {}), [language]: lines(draft.blanks[n] ?? '') }]),
      ),
    };
  }
  return {
    type: draft.type,
    points: draft.points,
    language,
    prompt: draft.prompt,
    explanation: draft.explanation,
    options: draft.options.map((o) => ({ id: o.ref, side: o.side, label: o.label })),
    key,
  };
}

/** Moves item `index` of `list` by `delta` (−1 up, +1 down); the same list when it cannot move. */
export function moved<T>(list: readonly T[], index: number, delta: -1 | 1): T[] {
  const to = index + delta;
  if (to < 0 || to >= list.length) return [...list];
  const out = [...list];
  [out[index], out[to]] = [out[to]!, out[index]!];
  return out;
}
