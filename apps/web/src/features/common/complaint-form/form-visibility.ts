import type { TAttributeCondition } from '@app/contract';

/*
 * Which fields of a complaint form are shown, from the answers given so far (issue 25's live
 * preview; issue 26's filing page reuses it). Pure: no React, no texts.
 */

/** A field as far as showing it goes: its key, and the answer it depends on. */
export type TConditionalField = { key: string; condition: TAttributeCondition | null };

/**
 * An answer of the form, by field key: a select's option key (SINGLE_SELECT), option keys
 * (MULTI_SELECT), `{ checked, text }` (CHECKBOX_WITH_TEXT), or anything else a field takes.
 */
export type TFormAnswers = Readonly<Record<string, unknown>>;

/** Whether `answer` meets a condition's `equals`: a ticked checkbox for `true`, else the option chosen (or among those chosen). */
export function answerMatches(answer: unknown, equals: TAttributeCondition['equals']): boolean {
  if (equals === true) {
    if (answer === true) return true;
    return typeof answer === 'object' && answer !== null && (answer as { checked?: unknown }).checked === true;
  }
  if (typeof answer === 'string') return answer === equals;
  if (Array.isArray(answer)) return answer.includes(equals);
  return false;
}

/**
 * The keys of the fields shown, `fields` in form order. A field with a condition is shown when the
 * field it names comes earlier, is itself shown, and its answer matches; a condition naming a later
 * or unknown field hides it (publishing refuses such a form: CONDITION_INVALID).
 */
export function visibleFieldKeys(fields: readonly TConditionalField[], answers: TFormAnswers): Set<string> {
  const shown = new Set<string>();
  for (const field of fields) {
    const c = field.condition;
    if (c === null || (shown.has(c.attributeKey) && answerMatches(answers[c.attributeKey], c.equals))) {
      shown.add(field.key);
    }
  }
  return shown;
}

/** The answers of the fields shown only: what a hidden field held is not sent (nor kept as an answer). */
export function answersOfVisible(fields: readonly TConditionalField[], answers: TFormAnswers): Record<string, unknown> {
  const shown = visibleFieldKeys(fields, answers);
  return Object.fromEntries(Object.entries(answers).filter(([key]) => shown.has(key)));
}
