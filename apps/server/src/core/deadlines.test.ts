import { describe, expect, it } from 'vitest';
import {
  addDaysInZone,
  dateInZone,
  defaultTimeZone,
  endOfDayInZone,
  isTimeZone,
  startOfDateInZone,
  startOfDayInZone,
  withinDaysInZone,
} from './deadlines.ts';

// Deadlines in the workspace's zone (core/deadlines.ts): calendar days where the workspace is.

const TORONTO = 'America/Toronto';
const KOLKATA = 'Asia/Kolkata';
const HOUR = 3_600_000;

describe('deadlines in a time zone', () => {
  it('a day in Toronto across the March change is 23 hours: same local time, one hour less', () => {
    // Saturday 7 March 2026, 09:00 EST (UTC-5); the clocks go forward on Sunday 8 March at 02:00.
    const from = new Date('2026-03-07T14:00:00Z');
    const next = addDaysInZone(from, 1, TORONTO);
    expect(next.toISOString()).toBe('2026-03-08T13:00:00.000Z'); // 09:00 EDT (UTC-4)
    expect(next.getTime() - from.getTime()).toBe(23 * HOUR);
  });

  it('a day in Toronto across the November change is 25 hours', () => {
    // Saturday 31 October 2026, 09:00 EDT; the clocks go back on Sunday 1 November at 02:00.
    const from = new Date('2026-10-31T13:00:00Z');
    const week = addDaysInZone(from, 7, TORONTO);
    expect(week.toISOString()).toBe('2026-11-07T14:00:00.000Z'); // 09:00 EST
    expect(week.getTime() - from.getTime()).toBe(7 * 24 * HOUR + HOUR);
  });

  it('Kolkata has no change: 90 days are 90 × 24 hours', () => {
    const from = new Date('2026-03-01T00:00:00Z');
    expect(addDaysInZone(from, 90, KOLKATA).getTime() - from.getTime()).toBe(90 * 24 * HOUR);
  });

  it("a day ends at Kolkata's midnight, not UTC's", () => {
    // 20:00 UTC on 1 March is 01:30 on 2 March in Kolkata: already the next day there.
    const at = new Date('2026-03-01T20:00:00Z');
    expect(dateInZone(at, KOLKATA)).toBe('2026-03-02');
    expect(dateInZone(at, 'UTC')).toBe('2026-03-01');
    expect(startOfDayInZone(at, KOLKATA).toISOString()).toBe('2026-03-01T18:30:00.000Z');
    expect(endOfDayInZone(at, KOLKATA).toISOString()).toBe('2026-03-02T18:29:59.999Z');
    expect(endOfDayInZone(at, 'UTC').toISOString()).toBe('2026-03-01T23:59:59.999Z');
  });

  it('"within 90 days" ends at the local midnight of the 90th day; "before 1 March" at its start', () => {
    const from = new Date('2026-01-10T12:00:00Z');
    expect(withinDaysInZone(from, 90, TORONTO).toISOString()).toBe('2026-04-11T03:59:59.999Z'); // EDT by then
    expect(startOfDateInZone('2027-03-01', KOLKATA).toISOString()).toBe('2027-02-28T18:30:00.000Z');
    expect(startOfDateInZone('2027-03-01', TORONTO).toISOString()).toBe('2027-03-01T05:00:00.000Z');
    expect(() => startOfDateInZone('1 March', TORONTO)).toThrow();
  });

  it('knows IANA zones and the default of each country', () => {
    expect(defaultTimeZone('IN')).toBe(KOLKATA);
    expect(defaultTimeZone('CA')).toBe(TORONTO);
    for (const zone of [KOLKATA, TORONTO, 'America/Vancouver', 'UTC', 'Asia/Calcutta'])
      expect(isTimeZone(zone)).toBe(true);
    for (const zone of ['Mars/Olympus', '+05:30', 'IST', 'EST', '', 'Asia/Kolkata; drop table']) {
      expect(isTimeZone(zone)).toBe(false);
    }
  });
});
