import type { TAnswerKey, TQuestionType, TQuizAnswer } from '@app/contract';
import { describe, expect, it } from 'vitest';
import { grade, normalizeTyped, score } from './grade.ts';
import { shuffled, toLearnerQuestion } from './learner-view.ts';
import { keyProblems, questionComplete } from './rules.ts';

const Q = '00000000-0000-4000-8000-000000000000';
const a = '00000000-0000-4000-8000-00000000000a';
const b = '00000000-0000-4000-8000-00000000000b';
const c = '00000000-0000-4000-8000-00000000000c';
const r1 = '00000000-0000-4000-8000-0000000000r1'.replace('r1', 'f1');
const r2 = '00000000-0000-4000-8000-0000000000f2';

type Case = [string, TQuestionType, TAnswerKey, Omit<TQuizAnswer, 'questionId'> | undefined, 'en' | 'hi', boolean];
const cases: Case[] = [
  ['MC right', 'MULTIPLE_CHOICE', { correct: [a] }, { selected: [a] }, 'en', true],
  ['MC wrong', 'MULTIPLE_CHOICE', { correct: [a] }, { selected: [b] }, 'en', false],
  ['MC two chosen', 'MULTIPLE_CHOICE', { correct: [a] }, { selected: [a, b] }, 'en', false],
  ['MC nothing', 'MULTIPLE_CHOICE', { correct: [a] }, {}, 'en', false],
  ['no answer', 'SINGLE_SELECT', { correct: [a] }, undefined, 'en', false],
  ['MR exact set, any order', 'MULTIPLE_RESPONSE', { correct: [a, b] }, { selected: [b, a] }, 'en', true],
  ['MR subset', 'MULTIPLE_RESPONSE', { correct: [a, b] }, { selected: [a] }, 'en', false],
  ['MR superset', 'MULTI_SELECT', { correct: [a, b] }, { selected: [a, b, c] }, 'en', false],
  ['MR duplicates do not count twice', 'MULTI_SELECT', { correct: [a, b] }, { selected: [a, a] }, 'en', false],
  [
    'input: case, spaces, trim',
    'INPUT_BOX',
    { accepted: { en: ['Local Committee'] } },
    { text: '  local   COMMITTEE ' },
    'en',
    true,
  ],
  [
    'input: no spaces at all',
    'INPUT_BOX',
    { accepted: { en: ['Local Committee'] } },
    { text: 'localcommittee' },
    'en',
    true,
  ],
  ['input: wrong', 'INPUT_BOX', { accepted: { en: ['Local Committee'] } }, { text: 'Internal Committee' }, 'en', false],
  ['input: empty never right', 'INPUT_BOX', { accepted: { en: ['Local Committee'] } }, { text: '   ' }, 'en', false],
  [
    'input: Hindi answers in Hindi',
    'INPUT_BOX',
    { accepted: { en: ['LC'], hi: ['स्थानीय समिति'] } },
    { text: 'स्थानीय  समिति' },
    'hi',
    true,
  ],
  [
    'input: English answer not accepted in Hindi when Hindi has its own',
    'INPUT_BOX',
    { accepted: { en: ['LC'], hi: ['स्थानीय समिति'] } },
    { text: 'LC' },
    'hi',
    false,
  ],
  ['input: NFC (decomposed é)', 'INPUT_BOX', { accepted: { en: ['café'] } }, { text: 'cafe\u0301' }, 'en', true],
  [
    'input: language without answers falls back to all',
    'INPUT_BOX',
    { accepted: { en: ['ninety'] } },
    { text: 'Ninety' },
    'hi',
    true,
  ],
  [
    'blanks: all right',
    'FILL_IN_BLANK',
    { blanks: { '1': { en: ['90', 'ninety'] }, '2': { en: ['10'] } } },
    { filled: { '1': ' 90 ', '2': '10' } },
    'en',
    true,
  ],
  [
    'blanks: one wrong',
    'FILL_IN_BLANK',
    { blanks: { '1': { en: ['90'] }, '2': { en: ['10'] } } },
    { filled: { '1': '90', '2': '11' } },
    'en',
    false,
  ],
  [
    'blanks: one missing',
    'FILL_IN_BLANK',
    { blanks: { '1': { en: ['90'] }, '2': { en: ['10'] } } },
    { filled: { '1': '90' } },
    'en',
    false,
  ],
  [
    'blanks: Devanagari digits when listed',
    'FILL_IN_BLANK',
    { blanks: { '1': { en: ['90'], hi: ['90', '९०'] } } },
    { filled: { '1': '९०' } },
    'hi',
    true,
  ],
  [
    'matching: all pairs',
    'MATCHING',
    {
      pairs: [
        [a, r1],
        [b, r2],
      ],
    },
    {
      matches: [
        [b, r2],
        [a, r1],
      ],
    },
    'en',
    true,
  ],
  [
    'matching: swapped',
    'MATCHING',
    {
      pairs: [
        [a, r1],
        [b, r2],
      ],
    },
    {
      matches: [
        [a, r2],
        [b, r1],
      ],
    },
    'en',
    false,
  ],
  [
    'matching: one missing',
    'MATCHING',
    {
      pairs: [
        [a, r1],
        [b, r2],
      ],
    },
    { matches: [[a, r1]] },
    'en',
    false,
  ],
  [
    'matching: a left twice',
    'MATCHING',
    {
      pairs: [
        [a, r1],
        [b, r2],
      ],
    },
    {
      matches: [
        [a, r1],
        [a, r1],
        [b, r2],
      ],
    },
    'en',
    false,
  ],
  ['checkbox: checked', 'CHECKBOX_WITH_TEXT', { mustBeChecked: true }, { checked: true }, 'en', true],
  ['checkbox: unchecked', 'CHECKBOX_WITH_TEXT', { mustBeChecked: true }, { checked: false }, 'en', false],
  ['checkbox: missing', 'CHECKBOX_WITH_TEXT', { mustBeChecked: true }, {}, 'en', false],
  ['key of another shape is never right', 'MULTIPLE_CHOICE', { mustBeChecked: true }, { selected: [a] }, 'en', false],
];

describe('grade', () => {
  it.each(cases)('%s', (_name, type, key, answer, language, expected) => {
    expect(grade({ type }, key, answer ? { questionId: Q, ...answer } : undefined, language)).toBe(expected);
  });

  it('normalises typed answers: NFC, case, white space', () => {
    expect(normalizeTyped(' A\u00a0b\tC ')).toBe('abc');
    expect(normalizeTyped('e\u0301')).toBe('é');
  });

  it('scores a percentage of points, rounded down, against the pass mark', () => {
    expect(
      score(
        [
          { correct: true, points: 2 },
          { correct: false, points: 1 },
        ],
        66,
      ),
    ).toEqual({ score: 66, passed: true });
    expect(
      score(
        [
          { correct: true, points: 2 },
          { correct: false, points: 1 },
        ],
        70,
      ),
    ).toEqual({ score: 66, passed: false });
    expect(score([], 0)).toEqual({ score: 0, passed: false });
  });
});

describe('question rules', () => {
  const opts = (n: number, side: 'LEFT' | 'RIGHT' | null = null) =>
    Array.from({ length: n }, (_, i) => ({ id: `${side ?? 'o'}${i}`, side }));
  const codes = (...args: Parameters<typeof keyProblems>) => keyProblems(...args).map((p) => p.code);

  it('checks option counts and keys per type', () => {
    expect(codes('MULTIPLE_CHOICE', opts(2), { correct: ['o0'] }, 'p', 'en')).toEqual([]);
    expect(codes('MULTIPLE_CHOICE', opts(1), { correct: ['o0'] }, 'p', 'en')).toEqual(['OPTION_COUNT']);
    expect(codes('MULTIPLE_CHOICE', opts(11), { correct: ['o0'] }, 'p', 'en')).toEqual(['OPTION_COUNT']);
    expect(codes('SINGLE_SELECT', opts(30), { correct: ['o0'] }, 'p', 'en')).toEqual([]);
    expect(codes('MULTIPLE_CHOICE', opts(3), { correct: ['o0', 'o1'] }, 'p', 'en')).toEqual(['CORRECT_COUNT']);
    expect(codes('MULTIPLE_RESPONSE', opts(3), { correct: ['o0', 'o1'] }, 'p', 'en')).toEqual([]);
    expect(codes('MULTI_SELECT', opts(3), { correct: ['zz'] }, 'p', 'en')).toEqual(['UNKNOWN_OPTION']);
    expect(codes('MULTIPLE_CHOICE', opts(2), { mustBeChecked: true }, 'p', 'en')).toEqual(['KEY_SHAPE']);
    expect(codes('CHECKBOX_WITH_TEXT', opts(1), { mustBeChecked: true }, 'p', 'en')).toEqual([]);
    expect(codes('CHECKBOX_WITH_TEXT', opts(2), { mustBeChecked: true }, 'p', 'en')).toEqual(['OPTION_COUNT']);
    expect(codes('INPUT_BOX', [], { accepted: { en: ['x'] } }, 'p', 'en')).toEqual([]);
    expect(codes('INPUT_BOX', [], { accepted: { hi: ['x'] } }, 'p', 'en')).toEqual(['NO_ACCEPTED_ANSWER']);
    expect(codes('INPUT_BOX', opts(2), { accepted: { en: ['x'] } }, 'p', 'en')).toEqual(['OPTION_COUNT']);
    expect(codes('FILL_IN_BLANK', [], { blanks: { '1': { en: ['x'] } } }, 'a [[1]] b', 'en')).toEqual([]);
    expect(codes('FILL_IN_BLANK', [], { blanks: { '1': { en: ['x'] } } }, 'no blank', 'en')).toEqual([
      'NO_BLANKS',
      'BLANKS_MISMATCH',
    ]);
    expect(codes('FILL_IN_BLANK', [], { blanks: { '1': { en: ['x'] } } }, '[[1]] [[2]]', 'en')).toContain(
      'BLANKS_MISMATCH',
    );
    const match = [...opts(2, 'LEFT'), ...opts(2, 'RIGHT')];
    expect(
      codes(
        'MATCHING',
        match,
        {
          pairs: [
            ['LEFT0', 'RIGHT1'],
            ['LEFT1', 'RIGHT0'],
          ],
        },
        'p',
        'en',
      ),
    ).toEqual([]);
    expect(
      codes(
        'MATCHING',
        match,
        {
          pairs: [
            ['LEFT0', 'RIGHT1'],
            ['LEFT1', 'RIGHT1'],
          ],
        },
        'p',
        'en',
      ),
    ).toEqual(['PAIRS']);
    expect(codes('MATCHING', match, { pairs: [['LEFT0', 'RIGHT1']] }, 'p', 'en')).toEqual(['PAIRS']);
    expect(
      codes(
        'MATCHING',
        [...match, { id: 'x', side: 'LEFT' }],
        {
          pairs: [
            ['LEFT0', 'RIGHT1'],
            ['LEFT1', 'RIGHT0'],
          ],
        },
        'p',
        'en',
      ),
    ).toContain('OPTION_COUNT');
    expect(codes('MULTIPLE_CHOICE', opts(2, 'LEFT'), { correct: ['LEFT0'] }, 'p', 'en')).toContain('SIDE_NOT_ALLOWED');
  });

  it('computes completeness: prompt, every label, answers in the language', () => {
    expect(
      questionComplete('MULTIPLE_CHOICE', { prompt: 'p', options: { a: 'x', b: 'y' } }, ['a', 'b'], null, 'en'),
    ).toBe(true);
    expect(questionComplete('MULTIPLE_CHOICE', { prompt: 'p', options: { a: 'x' } }, ['a', 'b'], null, 'en')).toBe(
      false,
    );
    expect(questionComplete('MULTIPLE_CHOICE', { prompt: ' ', options: {} }, [], null, 'en')).toBe(false);
    expect(questionComplete('INPUT_BOX', { prompt: 'p' }, [], { accepted: { en: ['x'] } }, 'hi')).toBe(false);
    expect(questionComplete('INPUT_BOX', { prompt: 'p' }, [], { accepted: { hi: ['x'] } }, 'hi')).toBe(true);
    expect(questionComplete('FILL_IN_BLANK', { prompt: '[[1]]' }, [], { blanks: { '1': { hi: ['x'] } } }, 'hi')).toBe(
      true,
    );
    expect(questionComplete('FILL_IN_BLANK', { prompt: '[[1]]' }, [], { blanks: { '1': { en: ['x'] } } }, 'hi')).toBe(
      false,
    );
  });
});

describe('learner view', () => {
  it('keeps options by position, shuffles the right column, and carries no key', () => {
    const options = [
      { id: b, side: null, position: 1 },
      { id: a, side: null, position: 0 },
    ];
    const q = toLearnerQuestion(
      { id: Q, stableId: Q, type: 'MULTIPLE_CHOICE', points: 1 },
      options,
      {
        body: { prompt: 'P', options: { [a]: 'A', [b]: 'B' }, explanation: 'secret' },
        language: 'en',
        fallback: false,
      },
      'en',
    );
    expect(q.options).toEqual([
      { id: a, label: 'A' },
      { id: b, label: 'B' },
    ]);
    expect(JSON.stringify(q)).not.toMatch(/explanation|correct|secret/);
    const rights = Array.from({ length: 6 }, (_, i) => ({ id: `r${i}`, side: 'RIGHT' as const, position: i }));
    const reversed = () => 0; // always swap with the first: a deterministic, non-identity permutation
    const m = toLearnerQuestion({ id: Q, stableId: Q, type: 'MATCHING', points: 1 }, rights, undefined, 'hi', reversed);
    expect(m.right.map((o) => o.id)).not.toEqual(rights.map((o) => o.id));
    expect(m.right.map((o) => o.id).sort()).toEqual(rights.map((o) => o.id));
    expect(m.fallback).toBe(true);
    expect(shuffled([1, 2, 3]).sort()).toEqual([1, 2, 3]);
  });
});
