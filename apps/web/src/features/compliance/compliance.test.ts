import type { TRegisterObligation } from '@app/contract';
import { describe, expect, it } from 'vitest';
import { addDays, addMonths, monthBounds, monthWeeks, moveFocus } from './calendar-grid.ts';
import { evidenceFileProblem, formatBytes, groupByUnit } from './compliance.logic.ts';

const answer = (unit: { id: string; name: string } | null, key: string) =>
  ({ answerId: key, unit, obligation: { key } }) as unknown as TRegisterObligation;

describe('the register’s grouping', () => {
  it('puts the workspace first, then the business units by name, each with its answers in order', () => {
    const groups = groupByUnit(
      [
        answer({ id: 'b', name: 'Pune' }, '1'),
        answer(null, '2'),
        answer({ id: 'a', name: 'Mumbai' }, '3'),
        answer({ id: 'b', name: 'Pune' }, '4'),
      ],
      'Whole workspace',
    );
    expect(groups.map((g) => [g.name, g.rows.map((r) => r.answerId)])).toEqual([
      ['Whole workspace', ['2']],
      ['Mumbai', ['3']],
      ['Pune', ['1', '4']],
    ]);
  });
});

describe('an evidence file checked before it is sent', () => {
  it('refuses an empty file, one over 20 MB and a type the server does not take', () => {
    expect(evidenceFileProblem({ name: 'order.pdf', size: 0 })).toBe('empty');
    expect(evidenceFileProblem({ name: 'order.pdf', size: 20 * 1024 * 1024 + 1 })).toBe('tooLarge');
    expect(evidenceFileProblem({ name: 'run.exe', size: 10 })).toBe('type');
    expect(evidenceFileProblem({ name: 'noextension', size: 10 })).toBe('type');
  });
  it('accepts a PDF, an image and an office document whatever the case of the extension', () => {
    expect(evidenceFileProblem({ name: 'Order.PDF', size: 1000 })).toBeNull();
    expect(evidenceFileProblem({ name: 'poster.jpeg', size: 1000 })).toBeNull();
    expect(evidenceFileProblem({ name: 'minutes.doc', size: 1000 })).toBe('type');
    expect(evidenceFileProblem({ name: 'minutes.docx', size: 20 * 1024 * 1024 })).toBeNull();
  });
  it('writes sizes as people read them', () => {
    expect(formatBytes(512, 'en')).toBe('512 B');
    expect(formatBytes(1536, 'en')).toBe('1.5 KB');
    expect(formatBytes(20 * 1024 * 1024, 'en')).toBe('20 MB');
  });
});

describe('the calendar’s month grid', () => {
  it('shows whole weeks from Monday to Sunday around the month', () => {
    // November 2026 starts on a Sunday and ends on a Monday.
    const weeks = monthWeeks('2026-11-15');
    expect(weeks[0]).toEqual([
      '2026-10-26',
      '2026-10-27',
      '2026-10-28',
      '2026-10-29',
      '2026-10-30',
      '2026-10-31',
      '2026-11-01',
    ]);
    expect(weeks.at(-1)?.[0]).toBe('2026-11-30');
    expect(weeks.at(-1)?.[6]).toBe('2026-12-06');
    expect(weeks.every((w) => w.length === 7)).toBe(true);
    expect(weeks).toHaveLength(6);
  });
  it('counts months and days across year ends and leap days', () => {
    expect(monthBounds('2028-02-10')).toEqual({ first: '2028-02-01', last: '2028-02-29' });
    expect(addMonths('2026-12-31', 1)).toBe('2027-01-01');
    expect(addMonths('2026-01-15', -1)).toBe('2025-12-01');
    expect(addDays('2026-12-31', 1)).toBe('2027-01-01');
  });
  it('moves the focused day with the arrow, Home/End and Page keys', () => {
    expect(moveFocus('2026-11-18', 'ArrowRight')).toBe('2026-11-19');
    expect(moveFocus('2026-11-18', 'ArrowLeft')).toBe('2026-11-17');
    expect(moveFocus('2026-11-18', 'ArrowDown')).toBe('2026-11-25');
    expect(moveFocus('2026-11-18', 'ArrowUp')).toBe('2026-11-11');
    expect(moveFocus('2026-11-18', 'Home')).toBe('2026-11-16'); // Monday
    expect(moveFocus('2026-11-18', 'End')).toBe('2026-11-22'); // Sunday
    expect(moveFocus('2026-01-31', 'PageDown')).toBe('2026-02-28');
    expect(moveFocus('2026-03-31', 'PageUp')).toBe('2026-02-28');
    expect(moveFocus('2026-11-18', 'Enter')).toBeNull();
  });
});
