import { describe, expect, it } from 'vitest';
import {
  addCalendarMonths,
  calendarDaysBetween,
  calendarDaysBetweenInZone,
  computeDue,
  type DueRule,
  endOfDateInZone,
  type WorkingCalendar,
} from './due-rules.ts';

// The due-rule engine without a database (core/due-rules.ts): the rules of the arithmetic. The
// statutory clocks on the shipped calendars are in statutory-clocks.test.ts.

const KOLKATA = 'Asia/Kolkata';
const TORONTO = 'America/Toronto';

/** A small calendar: Saturday and Sunday off, and two holidays. */
const calendar: WorkingCalendar = {
  code: 'TEST',
  weekendDays: [6, 7],
  holidays: new Map([
    ['2026-12-25', 'Christmas Day'],
    ['2026-12-28', 'Boxing Day (observed)'],
  ]),
  completeYears: [2026],
};

const rule = (r: Partial<DueRule>): DueRule => ({
  key: 'TEST',
  anchor: 'test',
  offset: 1,
  unit: 'CALENDAR_DAY',
  onHoliday: 'NONE',
  reference: null,
  ...r,
});

describe('month and year arithmetic', () => {
  it('31 January + 1 month is the last day of February (28, or 29 in a leap year)', () => {
    expect(addCalendarMonths('2026-01-31', 1)).toBe('2026-02-28');
    expect(addCalendarMonths('2028-01-31', 1)).toBe('2028-02-29');
    expect(addCalendarMonths('2026-03-31', 1)).toBe('2026-04-30');
    expect(addCalendarMonths('2026-11-30', 3)).toBe('2027-02-28');
    expect(addCalendarMonths('2026-12-15', -12)).toBe('2025-12-15');
  });

  it('29 February + 1 year is 28 February', () => {
    const d = computeDue(rule({ unit: 'YEAR', offset: 1 }), '2028-02-29', { zone: KOLKATA });
    expect(d.date).toBe('2029-02-28');
  });

  it('refuses a date that does not exist', () => {
    expect(() => computeDue(rule({}), '2026-02-30', { zone: KOLKATA })).toThrow('not a calendar date');
  });
});

describe('working days', () => {
  it('are counted from the day after the anchor, skipping weekends and holidays', () => {
    // Wednesday 23 December: Thu 24 (1), Fri 25 holiday, Mon 28 holiday, Tue 29 (2), Wed 30 (3).
    const d = computeDue(rule({ unit: 'WORKING_DAY', offset: 3 }), '2026-12-23', { zone: KOLKATA, calendar });
    expect(d).toMatchObject({ date: '2026-12-30', movedFrom: null, calendar: 'TEST', holidaysComplete: true });
  });

  it('an anchor on a holiday starts counting on the next working day', () => {
    expect(computeDue(rule({ unit: 'WORKING_DAY', offset: 1 }), '2026-12-25', { zone: KOLKATA, calendar }).date).toBe(
      '2026-12-29',
    );
  });

  it('need a calendar, and count forward only', () => {
    expect(() => computeDue(rule({ unit: 'WORKING_DAY' }), '2026-12-23', { zone: KOLKATA })).toThrow('calendar');
    expect(() =>
      computeDue(rule({ unit: 'WORKING_DAY', offset: -1 }), '2026-12-23', { zone: KOLKATA, calendar }),
    ).toThrow('forward');
  });

  it('say when a year they reach has no complete holiday list', () => {
    const d = computeDue(rule({ unit: 'WORKING_DAY', offset: 5 }), '2026-12-30', { zone: KOLKATA, calendar });
    expect(d).toMatchObject({ date: '2027-01-06', holidaysComplete: false });
  });
});

describe('the holiday rule', () => {
  it('NEXT_WORKING_DAY moves a date on a holiday and a weekend to the next working day, and says why', () => {
    const d = computeDue(rule({ offset: 2, onHoliday: 'NEXT_WORKING_DAY' }), '2026-12-23', { zone: KOLKATA, calendar });
    expect(d).toMatchObject({
      nominalDate: '2026-12-25',
      date: '2026-12-29',
      movedFrom: { date: '2026-12-25', because: 'Christmas Day' },
    });
    const sat = computeDue(rule({ offset: 3, onHoliday: 'NEXT_WORKING_DAY' }), '2026-12-02', {
      zone: KOLKATA,
      calendar,
    });
    expect(sat).toMatchObject({ date: '2026-12-07', movedFrom: { because: 'Saturday' } });
  });

  it('NONE leaves the date where it falls, and needs no calendar', () => {
    const d = computeDue(rule({ offset: 2 }), '2026-12-23', { zone: KOLKATA });
    expect(d).toMatchObject({ date: '2026-12-25', movedFrom: null, calendar: null, holidaysComplete: true });
  });
});

describe('zones', () => {
  it('the anchor instant is read as a date where the workspace is', () => {
    // 02:00 UTC on 8 March is 21:00 on 7 March in Toronto, 07:30 on 8 March in Kolkata.
    const at = new Date('2026-03-08T02:00:00Z');
    expect(computeDue(rule({ offset: 0 }), at, { zone: TORONTO }).date).toBe('2026-03-07');
    expect(computeDue(rule({ offset: 0 }), at, { zone: KOLKATA }).date).toBe('2026-03-08');
  });

  it('a due date ends at the local midnight: 23 hours after its start when the clocks go forward', () => {
    expect(endOfDateInZone('2026-03-08', TORONTO).toISOString()).toBe('2026-03-09T03:59:59.999Z');
    expect(endOfDateInZone('2026-03-07', TORONTO).toISOString()).toBe('2026-03-08T04:59:59.999Z');
    expect(endOfDateInZone('2026-11-01', TORONTO).toISOString()).toBe('2026-11-02T04:59:59.999Z');
  });

  it('calendar days between two instants are counted by local dates, not 24-hour periods', () => {
    // Due at the end of 20 March in Kolkata; 09:00 on 21 March there is one day later.
    const due = new Date('2026-03-20T18:29:59.999Z');
    expect(calendarDaysBetweenInZone(due, new Date('2026-03-21T03:30:00Z'), KOLKATA)).toBe(1);
    expect(calendarDaysBetweenInZone(due, new Date('2026-03-20T10:00:00Z'), KOLKATA)).toBe(0);
    expect(calendarDaysBetween('2026-03-01', '2026-03-31')).toBe(30);
    // Across the March change in Toronto, a week is still 7 days.
    expect(calendarDaysBetweenInZone(new Date('2026-03-05T17:00:00Z'), new Date('2026-03-12T16:00:00Z'), TORONTO)).toBe(
      7,
    );
  });
});
