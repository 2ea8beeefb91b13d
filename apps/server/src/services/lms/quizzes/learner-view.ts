import { randomInt } from 'node:crypto';
import type { TLanguage, TLearnerQuestion } from '@app/contract';
import { blanksOf } from './rules.ts';

/**
 * The only way questions reach a learner (blocks: lessons/learner-view.ts)
 * (docs/learning-design.md §1.5, §4): options by position, right-hand matching options shuffled,
 * nothing of the answer key. The contract's `ZLearnerQuestion` has no key field either.
 */

type Text = { body: Record<string, unknown>; language: string; fallback: boolean } | undefined;

/** Fisher–Yates with a cryptographic source: the order gives no hint. */
export function shuffled<T>(items: readonly T[], rand: (n: number) => number = randomInt): T[] {
  const out = [...items];
  for (let i = out.length - 1; i > 0; i--) {
    const j = rand(i + 1);
    [out[i], out[j]] = [out[j]!, out[i]!];
  }
  return out;
}

export function toLearnerQuestion(
  q: { id: string; stableId: string; type: TLearnerQuestion['type']; points: number },
  options: readonly { id: string; side: 'LEFT' | 'RIGHT' | null; position: number }[],
  text: Text,
  language: string,
  rand?: (n: number) => number,
): TLearnerQuestion {
  const labels = (text?.body.options ?? {}) as Record<string, unknown>;
  const prompt = typeof text?.body.prompt === 'string' ? text.body.prompt : '';
  const opt = (o: { id: string }) => ({
    id: o.id,
    label: typeof labels[o.id] === 'string' ? String(labels[o.id]) : '',
  });
  const byPosition = [...options].sort((a, b) => a.position - b.position);
  const matching = q.type === 'MATCHING';
  return {
    id: q.id,
    stableId: q.stableId,
    type: q.type,
    points: q.points,
    prompt,
    language: (text?.language ?? language) as TLanguage,
    fallback: text ? text.fallback : true,
    options: matching ? [] : byPosition.map(opt),
    left: matching ? byPosition.filter((o) => o.side === 'LEFT').map(opt) : [],
    right: matching ? shuffled(byPosition.filter((o) => o.side === 'RIGHT').map(opt), rand) : [],
    blanks: q.type === 'FILL_IN_BLANK' ? blanksOf(prompt) : [],
  };
}
