import type { TCourseItem } from '@app/contract';
import { describe, expect, it } from 'vitest';
import {
  detailsBadge,
  fallbackLanguage,
  itemPath,
  missingEntries,
  moveItem,
  orderChanged,
  refusedEntries,
  summaryBadge,
} from './course-logic.ts';

const item = (id: string, kind: TCourseItem['kind'], title = id): TCourseItem => ({
  id,
  stableId: id,
  kind,
  position: 0,
  title,
  language: 'en',
  fallback: false,
  passMark: null,
  attemptLimit: null,
  shuffleQuestions: false,
  questionCount: null,
  blockCount: null,
  scormPackageId: null,
  scormStatus: null,
  minReadingSeconds: null,
});

describe('version badge', () => {
  it('a list row: archived first, then the draft, then the published number', () => {
    expect(summaryBadge({ status: 'ARCHIVED', draftVersion: 3, publishedVersion: 2 })).toEqual({
      key: 'archived',
      number: null,
    });
    expect(summaryBadge({ status: 'ACTIVE', draftVersion: 2, publishedVersion: 1 })).toEqual({
      key: 'draft',
      number: 2,
    });
    expect(summaryBadge({ status: 'ACTIVE', draftVersion: null, publishedVersion: 4 })).toEqual({
      key: 'published',
      number: 4,
    });
  });

  it('the editor: the version shown, a superseded one counting as published', () => {
    const v = (status: 'DRAFT' | 'PUBLISHED' | 'SUPERSEDED', number: number) => ({
      id: 'x',
      number,
      status,
      publishedAt: null,
    });
    expect(detailsBadge({ status: 'ACTIVE', version: v('DRAFT', 2) })).toEqual({ key: 'draft', number: 2 });
    expect(detailsBadge({ status: 'ACTIVE', version: v('PUBLISHED', 1) })).toEqual({ key: 'published', number: 1 });
    expect(detailsBadge({ status: 'ACTIVE', version: v('SUPERSEDED', 1) })).toEqual({ key: 'published', number: 1 });
    expect(detailsBadge({ status: 'ARCHIVED', version: v('PUBLISHED', 3) }).key).toBe('archived');
  });
});

describe('fallback tag', () => {
  it('names the language a text is shown in only when it is a fallback', () => {
    expect(fallbackLanguage({ fallback: true, language: 'en' })).toBe('en');
    expect(fallbackLanguage({ fallback: false, language: 'hi' })).toBeNull();
  });
});

describe('reorder', () => {
  it('moves one item down, up, to the ends, and clamps out-of-range targets', () => {
    const ids = ['a', 'b', 'c', 'd'];
    expect(moveItem(ids, 0, 1)).toEqual(['b', 'a', 'c', 'd']);
    expect(moveItem(ids, 3, 2)).toEqual(['a', 'b', 'd', 'c']);
    expect(moveItem(ids, 1, 3)).toEqual(['a', 'c', 'd', 'b']);
    expect(moveItem(ids, 2, 0)).toEqual(['c', 'a', 'b', 'd']);
    expect(moveItem(ids, 0, -1)).toEqual(ids);
    expect(moveItem(ids, 3, 9)).toEqual(ids);
    expect(ids).toEqual(['a', 'b', 'c', 'd']);
  });

  it('sends an order only when it changed', () => {
    expect(orderChanged(['a', 'b'], moveItem(['a', 'b'], 0, 0))).toBe(false);
    expect(orderChanged(['a', 'b'], moveItem(['a', 'b'], 0, 1))).toBe(true);
  });
});

describe('where a missing text is written', () => {
  const items = [item('L1', 'LESSON', 'Intro'), item('Q1', 'QUIZ', 'Check'), item('S1', 'SCORM')];

  it('links items, blocks and questions to their item, the course to nothing', () => {
    const entries = missingEntries(
      [
        { kind: 'COURSE', id: 'C', itemId: null },
        { kind: 'ITEM', id: 'Q1', itemId: null },
        { kind: 'BLOCK', id: 'B1', itemId: 'L1' },
        { kind: 'QUESTION', id: 'X1', itemId: 'gone' },
      ],
      items,
    );
    expect(entries.map((e) => e.item?.id ?? null)).toEqual([null, 'Q1', 'L1', null]);
    expect(itemPath('', 'c1', items[0]!)).toBe('/courses/c1/edit/lessons/L1');
    expect(itemPath('/platform', 'c1', items[1]!)).toBe('/platform/courses/c1/edit/quizzes/Q1');
    expect(itemPath('', 'c1', items[2]!)).toBe('/courses/c1/edit/scorm/S1');
    expect(itemPath('', 'c1', { ...items[2]!, scormPackageId: 'P1' })).toBe('/courses/scorm/P1');
    expect(itemPath('/platform', 'c1', { ...items[2]!, scormPackageId: 'P1' })).toBe('/platform/courses/scorm/P1');
  });

  it('reads a refused publish’s details (KIND:id), finding blocks through the missing list', () => {
    const entries = refusedEntries(
      [{ path: 'COURSE:C' }, { path: 'BLOCK:B1' }, { path: 'ITEM:Q1' }, { path: 'body.title' }, {}],
      { items, missing: [{ kind: 'BLOCK', id: 'B1', itemId: 'L1' }] },
    );
    expect(entries.map((e) => [e.kind, e.item?.title ?? null])).toEqual([
      ['COURSE', null],
      ['BLOCK', 'Intro'],
      ['ITEM', 'Check'],
    ]);
    expect(entries.every((e) => e.problem === undefined)).toBe(true);
  });

  it('marks the items a publish refused for another reason than a missing text', () => {
    const entries = refusedEntries([{ path: 'ITEM:Q1', code: 'QUIZ_WITHOUT_QUESTIONS' }], { items, missing: [] });
    expect(entries).toEqual([{ kind: 'ITEM', id: 'Q1', item: items[1], problem: 'QUIZ_WITHOUT_QUESTIONS' }]);
  });
});
