import { describe, expect, it } from 'vitest';
import type { WorkingCalendar } from '../../../core/due-rules.ts';
import { applicability, appliesFromAfter, inJurisdiction, periodsOf, plan } from './schedule.ts';

const NONE = { minHeadcount: null, maxHeadcount: null, jurisdictionCodes: [] };
const calendar: WorkingCalendar = {
  code: 'IN',
  weekendDays: [7],
  holidays: new Map([['2031-01-26', 'Republic Day']]),
  completeYears: [2030, 2031, 2032],
};

describe('applicability and its reason', () => {
  const mumbai = { name: 'Mumbai', headcount: 14, calendarCode: 'IN-MH' };
  it('s.4: a unit of 10 or more workers, with its headcount in the reason', () => {
    expect(applicability({ ...NONE, minHeadcount: 10 }, 'IN', [], mumbai)).toEqual({
      applies: true,
      reason: { code: 'HEADCOUNT_AT_LEAST', params: { unit: 'Mumbai', headcount: 14, min: 10 } },
    });
    expect(applicability({ ...NONE, minHeadcount: 10 }, 'IN', [], { ...mumbai, headcount: 9 })).toEqual({
      applies: false,
      reason: { code: 'HEADCOUNT_BELOW', params: { unit: 'Mumbai', headcount: 9, min: 10 } },
    });
    expect(applicability({ ...NONE, maxHeadcount: 9 }, 'IN', [], mumbai).reason.code).toBe('HEADCOUNT_ABOVE');
  });
  it('the country when no other fact limits it; jurisdictions by calendar code, a state under its country', () => {
    expect(applicability(NONE, 'IN', [], mumbai).reason).toEqual({ code: 'COUNTRY', params: { country: 'IN' } });
    expect(applicability({ ...NONE, jurisdictionCodes: ['IN'] }, 'IN', [], mumbai).reason.code).toBe('JURISDICTION');
    expect(applicability(NONE, 'IN', ['IN-KA'], mumbai)).toEqual({
      applies: false,
      reason: { code: 'JURISDICTION_OTHER', params: { jurisdiction: 'IN-MH' } },
    });
    expect(inJurisdiction('CA-FED', ['CA'])).toBe(true);
    expect(inJurisdiction('CAX', ['CA'])).toBe(false);
  });
  it('applies_from: today when it starts applying, kept while it applies, none when it stops', () => {
    expect(appliesFromAfter(true, undefined, '2030-05-01')).toBe('2030-05-01');
    expect(appliesFromAfter(true, { applies: true, appliesFrom: '2029-01-01' }, '2030-05-01')).toBe('2029-01-01');
    expect(appliesFromAfter(true, { applies: false, appliesFrom: null }, '2030-05-01')).toBe('2030-05-01');
    expect(appliesFromAfter(false, { applies: true, appliesFrom: '2029-01-01' }, '2030-05-01')).toBeNull();
  });
});

describe('periods', () => {
  it('yearly on the Indian financial year: the current one and those starting within 24 months', () => {
    expect(periodsOf({ every: 1, unit: 'YEAR', alignTo: 'FINANCIAL_YEAR_IN' }, '2030-02-10', '2030-02-10')).toEqual([
      { start: '2029-04-01', end: '2030-03-31' },
      { start: '2030-04-01', end: '2031-03-31' },
      { start: '2031-04-01', end: '2032-03-31' },
    ]);
  });
  it('monthly on the calendar: 25 periods, month ends exact', () => {
    const p = periodsOf({ every: 1, unit: 'MONTH', alignTo: 'CALENDAR_YEAR' }, '2030-01-15', '2030-01-15');
    expect(p).toHaveLength(25);
    expect(p[1]).toEqual({ start: '2030-02-01', end: '2030-02-28' });
    expect(p.at(-1)).toEqual({ start: '2032-01-01', end: '2032-01-31' });
  });
  it('every 3 years from the day it began to apply, without drift from month ends', () => {
    const p = periodsOf({ every: 3, unit: 'YEAR', alignTo: 'APPLIES_FROM' }, '2028-01-31', '2030-06-01');
    expect(p).toEqual([
      { start: '2028-01-31', end: '2031-01-30' },
      { start: '2031-01-31', end: '2034-01-30' },
    ]);
  });
});

describe('plan', () => {
  const base = { key: 'K', zone: 'Asia/Kolkata', calendar, today: '2030-01-15', appliesFrom: '2030-01-15' };
  it('s.36-like: yearly on the calendar year, due 2 months after the next period starts (1 March)', () => {
    const rows = plan({
      ...base,
      kind: 'PERIODIC',
      recurrence: { every: 1, unit: 'YEAR', alignTo: 'CALENDAR_YEAR' },
      dueRule: { anchor: 'NEXT_PERIOD_START', offset: 2, unit: 'MONTH', onHoliday: 'NONE', reference: 's.36' },
    });
    expect(rows.map((r) => [r.periodStart, r.dueDate])).toEqual([
      ['2030-01-01', '2031-03-01'],
      ['2031-01-01', '2032-03-01'],
      ['2032-01-01', '2033-03-01'],
    ]);
    expect(rows[0]!.dueAt.toISOString()).toBe('2031-03-01T18:29:59.999Z');
  });
  it('a holiday moves the due date to the next working day on the unit calendar', () => {
    const [row] = plan({
      ...base,
      appliesFrom: '2031-01-16',
      today: '2031-01-16',
      kind: 'ONE_TIME',
      recurrence: null,
      dueRule: {
        anchor: 'APPLIES_FROM',
        offset: 10,
        unit: 'CALENDAR_DAY',
        onHoliday: 'NEXT_WORKING_DAY',
        reference: null,
      },
    });
    expect(row).toMatchObject({ periodStart: '2031-01-16', dueDate: '2031-01-27', periodEnd: '2031-01-27' });
  });
  it('CONTINUOUS: one occurrence from the day it began to apply; EVENT: none', () => {
    const due = {
      anchor: 'APPLIES_FROM',
      offset: 0,
      unit: 'CALENDAR_DAY',
      onHoliday: 'NONE',
      reference: 's.4',
    } as const;
    expect(plan({ ...base, kind: 'CONTINUOUS', recurrence: null, dueRule: due })).toHaveLength(1);
    expect(plan({ ...base, kind: 'EVENT', recurrence: null, dueRule: { ...due, anchor: 'EVENT' } })).toEqual([]);
  });
});
