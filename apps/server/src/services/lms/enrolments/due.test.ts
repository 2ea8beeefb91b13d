import { describe, expect, it } from 'vitest';
import { daysOverdue, dueSoonUntil } from './due.ts';

// Learning's due-soon window and days overdue count local days (core/due-rules.ts), not 24-hour
// periods: a course due "on 20 March" is one day overdue on the morning of 21 March.

const KOLKATA = 'Asia/Kolkata';
const TORONTO = 'America/Toronto';
/** The end of 20 March in Kolkata: how a due date is stored. */
const DUE_20_MARCH = new Date('2026-03-20T18:29:59.999Z');

describe('days overdue', () => {
  it('is 1 on the morning after the due day (9.5 hours after it ended), 0 on the due day', () => {
    expect(daysOverdue(DUE_20_MARCH, new Date('2026-03-21T03:30:00Z'), KOLKATA)).toBe(1); // 09:00 on 21 March
    expect(daysOverdue(DUE_20_MARCH, new Date('2026-03-20T12:00:00Z'), KOLKATA)).toBe(0);
    expect(daysOverdue(DUE_20_MARCH, new Date('2026-03-01T12:00:00Z'), KOLKATA)).toBe(0); // not due yet
    expect(daysOverdue(DUE_20_MARCH, new Date('2026-03-27T20:00:00Z'), KOLKATA)).toBe(8); // 01:30 on 28 March
  });

  it('counts dates across a DST change (Toronto, 8 March)', () => {
    const due = new Date('2026-03-06T04:59:59.999Z'); // end of 5 March, EST
    expect(daysOverdue(due, new Date('2026-03-12T13:00:00Z'), TORONTO)).toBe(7); // 09:00 EDT on 12 March
  });
});

describe('due soon', () => {
  it('covers today and the next 7 local days, to the end of the 7th', () => {
    // 09:00 on 14 March in Kolkata: due on 21 March (7 days on) is due soon, 22 March is not.
    const until = dueSoonUntil(new Date('2026-03-14T03:30:00Z'), KOLKATA);
    expect(until.toISOString()).toBe('2026-03-21T18:29:59.999Z');
    expect(new Date('2026-03-21T18:29:59.999Z').getTime()).toBeLessThanOrEqual(until.getTime());
    expect(new Date('2026-03-22T18:29:59.999Z').getTime()).toBeGreaterThan(until.getTime());
  });

  it('is a week of local days even when the clocks change inside it', () => {
    // 22:00 EST on 2 March in Toronto: the window ends at midnight EDT after 9 March.
    expect(dueSoonUntil(new Date('2026-03-03T03:00:00Z'), TORONTO).toISOString()).toBe('2026-03-10T03:59:59.999Z');
  });
});
