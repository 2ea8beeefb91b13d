import { describe, expect, it } from 'vitest';
import { addYearsDays, daysBetween, fileSize } from './days.ts';

describe('committee dates', () => {
  it('counts calendar days across months and a leap day', () => {
    expect(daysBetween('2026-11-29', '2026-11-29')).toBe(0);
    expect(daysBetween('2026-11-29', '2027-01-28')).toBe(60);
    expect(daysBetween('2028-02-28', '2028-03-01')).toBe(2);
    expect(daysBetween('2026-12-01', '2026-11-29')).toBe(-2);
  });

  it('ends a 3-year term the day before its third anniversary', () => {
    expect(addYearsDays('2026-11-29', 3, -1)).toBe('2029-11-28');
    expect(addYearsDays('2028-03-01', 3, -1)).toBe('2031-02-28');
  });

  it('writes file sizes for people', () => {
    expect(fileSize(500, 'en')).toBe('500 B');
    expect(fileSize(180 * 1024, 'en')).toBe('180 KB');
    expect(fileSize(2.4 * 1024 * 1024, 'en')).toBe('2.4 MB');
  });
});
