import type { TAuthorQuestion } from '@app/contract';
import { describe, expect, it } from 'vitest';
import { blanksOf, emptyDraft, moved, toDraft, toInput } from './question-draft.ts';

const id = (n: number) => `00000000-0000-4000-8000-${String(n).padStart(12, '0')}`;
const question = (over: Partial<TAuthorQuestion>): TAuthorQuestion => ({
  id: id(1),
  stableId: id(1),
  quizId: id(2),
  type: 'MULTIPLE_CHOICE',
  position: 0,
  points: 1,
  language: 'hi',
  prompt: 'P',
  explanation: '',
  options: [],
  key: { correct: [] },
  complete: true,
  reference: null,
  ...over,
});

describe('question drafts', () => {
  it('starts each type with the options it needs', () => {
    expect(emptyDraft('MULTIPLE_CHOICE').options).toHaveLength(2);
    expect(emptyDraft('MATCHING').options.map((o) => o.side)).toEqual(['LEFT', 'LEFT', 'RIGHT', 'RIGHT']);
    expect(emptyDraft('CHECKBOX_WITH_TEXT').options).toHaveLength(1);
    expect(emptyDraft('INPUT_BOX').options).toEqual([]);
    expect(emptyDraft('FILL_IN_BLANK').prompt).toBe('[[1]]');
  });

  it('builds the key of each type, keeping other languages’ typed answers', () => {
    const input = toDraft(
      question({ type: 'INPUT_BOX', key: { accepted: { en: ['Local Committee'], hi: ['पुराना'] } } }),
    );
    expect(input.accepted).toBe('पुराना');
    expect(toInput({ ...input, accepted: ' स्थानीय समिति \n\nLC ' }, 'hi').key).toEqual({
      accepted: { en: ['Local Committee'], hi: ['स्थानीय समिति', 'LC'] },
    });
    const blanks = toDraft(
      question({
        type: 'FILL_IN_BLANK',
        prompt: '[[1]] and [[2]]',
        key: { blanks: { '1': { en: ['90'], hi: ['९०'] } } },
      }),
    );
    expect(toInput({ ...blanks, blanks: { '1': '90', '2': 'दस' } }, 'hi').key).toEqual({
      blanks: { '1': { en: ['90'], hi: ['90'] }, '2': { hi: ['दस'] } },
    });
    const m = emptyDraft('MATCHING');
    const [l1, l2, r1, r2] = m.options;
    expect(toInput({ ...m, pairs: { [l1!.ref]: r2!.ref, [l2!.ref]: r1!.ref } }, 'en').key).toEqual({
      pairs: [
        [l1!.ref, r2!.ref],
        [l2!.ref, r1!.ref],
      ],
    });
    const mc = emptyDraft('MULTIPLE_CHOICE');
    expect(toInput({ ...mc, correct: [mc.options[1]!.ref, 'gone'] }, 'en').key).toEqual({
      correct: [mc.options[1]!.ref],
    });
    expect(toInput(emptyDraft('CHECKBOX_WITH_TEXT'), 'en').key).toEqual({ mustBeChecked: true });
  });

  it('reads blanks and moves questions', () => {
    expect(blanksOf('a [[2]] b [[1]] [[2]]')).toEqual(['2', '1']);
    expect(moved(['a', 'b', 'c'], 0, 1)).toEqual(['b', 'a', 'c']);
    expect(moved(['a', 'b', 'c'], 0, -1)).toEqual(['a', 'b', 'c']);
  });
});
