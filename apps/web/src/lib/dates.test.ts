import { describe, expect, it } from 'vitest';
import { dayIn, formatDate, formatDateTime } from './dates.ts';

describe('the one date format per language (issue 21 item 5)', () => {
  const evening = '2026-11-28T20:00:00Z'; // 01:30 on 29 November in Kolkata

  it('shows an instant as its day in the workspace’s zone, the same in every page', () => {
    expect(formatDate(evening, 'en', 'Asia/Kolkata')).toBe('29 Nov 2026');
    expect(formatDate(evening, 'en', 'America/Toronto')).toBe('28 Nov 2026');
    expect(formatDate(evening, 'hi', 'Asia/Kolkata')).toBe('29 नव॰ 2026');
  });

  it('shows a plain date as that day in any zone, English day-first (no "Dec 15, 2026", no "15/12/2026")', () => {
    expect(formatDate('2026-12-15', 'en')).toBe('15 Dec 2026');
    expect(formatDate('2026-12-15', 'en', 'America/Toronto')).toBe('15 Dec 2026');
    expect(formatDate('2026-12-15', 'en', 'Pacific/Kiritimati')).toBe('15 Dec 2026');
  });

  it('shows a time in the workspace’s zone, and falls back to the browser’s for an unknown zone', () => {
    expect(formatDateTime(evening, 'en', 'Asia/Kolkata')).toMatch(/^29 Nov 2026, 1:30\s?am$/i);
    expect(formatDate(evening, 'en', 'Not/AZone')).toMatch(/Nov 2026$/);
  });

  it('gives the workspace’s calendar day', () => {
    expect(dayIn('Asia/Kolkata', new Date(evening))).toBe('2026-11-29');
    expect(dayIn('America/Toronto', new Date(evening))).toBe('2026-11-28');
  });
});
