import { randomInt } from 'node:crypto';
import type { TLanguage, TLearnerBlock, TLearnerQuestion } from '@app/contract';
import { blanksOf } from './rules.ts';

/**
 * The only way questions (and, until the lessons module has its own, blocks) reach a learner
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

const str = (v: unknown): string | undefined => (typeof v === 'string' ? v : undefined);

/** A lesson block for a learner: only the fields its type shows (bodies as the lessons module writes them). */
export function toLearnerBlock(
  b: { id: string; type: TLearnerBlock['type']; settings: Record<string, unknown> },
  text: Text,
  language: string,
): TLearnerBlock {
  const body = text?.body ?? {};
  const tone = str(b.settings.tone) ?? str(b.settings.notifyTone);
  const alignment = str(b.settings.alignment);
  return {
    id: b.id,
    type: b.type,
    language: (text?.language ?? language) as TLanguage,
    fallback: text ? text.fallback : true,
    ...(b.type === 'TEXT' || b.type === 'NOTIFY' ? { html: str(body.html) ?? '' } : {}),
    ...(b.type === 'NOTIFY' && (tone === 'INFO' || tone === 'WARNING' || tone === 'LEGAL') ? { tone } : {}),
    ...(b.type === 'BUTTON' ? { label: str(body.label) ?? '', url: str(body.url) ?? '' } : {}),
    ...(b.type === 'IMAGE' ? { label: str(body.alt) ?? '', caption: str(body.caption) ?? '' } : {}),
    ...(b.type === 'VIDEO' ? { label: str(body.title) ?? '' } : {}),
    ...(b.type === 'RESOURCE' || b.type === 'TEXT_AREA' ? { label: str(body.label) ?? str(body.prompt) ?? '' } : {}),
    ...(alignment === 'left' || alignment === 'center' || alignment === 'right' ? { alignment } : {}),
  };
}
