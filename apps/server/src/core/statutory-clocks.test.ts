import { sql } from 'drizzle-orm';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { type AUnit, type AWorkspace, aBusinessUnit, aWorkspace } from '../testing/factories.ts';
import { openTestDatabase } from '../testing/test-app.ts';
import { withTenant } from './db/tenant.ts';
import type { Due, DueRule } from './due-rules.ts';
import { dueInWorkspace } from './holiday-calendars.repo.ts';
import { CANADA_CLC_CLOCKS as CA, INDIA_POSH_CLOCKS as IN } from './statutory-clocks.ts';

// Golden tests: one per statutory clock of ../shared/LEGAL.md, each with a fixed anchor and the date
// it must give, read through a workspace's own transaction from the holiday calendars in the
// database (the shipped ones, loaded into every database). Dates checked by hand against a calendar.

let database: Awaited<ReturnType<typeof openTestDatabase>>;
let india: AWorkspace; // Asia/Kolkata, national calendar (IN)
let bengaluru: AUnit; // IN-KA
let mumbai: AUnit; // IN-MH
let canada: AWorkspace; // America/Toronto, federal calendar (CA-FED)

beforeAll(async () => {
  database = await openTestDatabase();
  india = await aWorkspace(database.db);
  bengaluru = await aBusinessUnit(india, { name: 'Bengaluru', holidayCalendar: 'IN-KA' });
  mumbai = await aBusinessUnit(india, { name: 'Mumbai', holidayCalendar: 'IN-MH' });
  canada = await aWorkspace(database.db, { country: 'CA', timeZone: 'America/Toronto' });
});
afterAll(() => database.dispose());

/** The deadline as the workspace's own transaction computes it. */
function due(ws: AWorkspace, rule: DueRule, anchor: Date | string, unit?: AUnit): Promise<Due> {
  return withTenant(database.db, { workspaceId: ws.id }, (tx) =>
    dueInWorkspace(tx, rule, anchor, { workspaceId: ws.id, unitId: unit?.id ?? null }),
  );
}

/** The end of a local day in Kolkata (UTC+5:30, no DST). */
const kolkataEnd = (date: string) => `${date}T18:29:59.999Z`;

describe('India: POSH Act 2013 and Rules 2013', () => {
  it('s.9(1): 3 months from 30 November is 28 February (month end), a Sunday: 1 March; the anchor is the local date', async () => {
    // 20:00 UTC on 29 November is 01:30 on 30 November in Kolkata.
    const d = await due(india, IN.complaint, new Date('2026-11-29T20:00:00Z'));
    expect(d).toMatchObject({
      reference: 's.9(1)',
      calendar: 'IN',
      anchorDate: '2026-11-30',
      nominalDate: '2027-02-28',
      date: '2027-03-01',
      movedFrom: { date: '2027-02-28', because: 'Sunday' },
      holidaysComplete: true,
    });
    expect(d.dueAt.toISOString()).toBe(kolkataEnd('2027-03-01'));
  });

  it('Rule 7(2): 7 working days from Friday 23 January skip Sundays and Republic Day: Monday 2 February', async () => {
    const d = await due(india, IN.copyToRespondent, '2026-01-23', bengaluru);
    expect(d).toMatchObject({ reference: 'Rule 7(2)', calendar: 'IN-KA', date: '2026-02-02', movedFrom: null });
    expect(d.dueAt.toISOString()).toBe(kolkataEnd('2026-02-02'));
  });

  it("Rule 7(2): a unit's state holidays count too (Mumbai: Gudhi Padwa, Ramzan-Id, Ram Navami)", async () => {
    expect((await due(india, IN.copyToRespondent, '2026-03-16', mumbai)).date).toBe('2026-03-27');
    expect((await due(india, IN.copyToRespondent, '2026-03-16')).date).toBe('2026-03-24'); // national calendar only
  });

  it('Rule 7(3): 10 working days from Thursday 1 October skip Gandhi Jayanti and Sundays: 14 October', async () => {
    const d = await due(india, IN.respondentReply, '2026-10-01');
    expect(d).toMatchObject({ reference: 'Rule 7(3)', date: '2026-10-14' });
  });

  it('s.11(4): 90 days from 17 May is Independence Day (Saturday), then a Sunday: Monday 17 August', async () => {
    const d = await due(india, IN.inquiry, '2026-05-17');
    expect(d).toMatchObject({
      reference: 's.11(4)',
      nominalDate: '2026-08-15',
      date: '2026-08-17',
      movedFrom: { date: '2026-08-15', because: 'Independence Day' },
    });
  });

  it('s.13(1): 10 days from 15 December is Christmas, a holiday in Karnataka (Saturday is a working day): 26 December', async () => {
    const d = await due(india, IN.report, '2026-12-15', bengaluru);
    expect(d).toMatchObject({ reference: 's.13(1)', date: '2026-12-26', movedFrom: { because: 'Christmas' } });
    expect((await due(india, IN.report, '2026-12-15')).date).toBe('2026-12-25'); // not a national holiday
  });

  it("s.13(4): 60 calendar days from 2 December is Sunday 31 January: 1 February; a state's 2027 list is not complete yet", async () => {
    const d = await due(india, IN.employerAction, '2026-12-02');
    expect(d).toMatchObject({
      reference: 's.13(4)',
      nominalDate: '2027-01-31',
      date: '2027-02-01',
      holidaysComplete: true,
    });
    expect(await due(india, IN.employerAction, '2026-12-02', bengaluru)).toMatchObject({
      date: '2027-02-01',
      holidaysComplete: false,
    });
  });

  it('s.18(2): 90 days from 28 October is Republic Day 2027: 27 January', async () => {
    const d = await due(india, IN.appeal, '2026-10-28');
    expect(d).toMatchObject({
      reference: 's.18(2)',
      date: '2027-01-27',
      movedFrom: { date: '2027-01-26', because: 'Republic Day' },
    });
  });
});

describe('Canada: Canada Labour Code Part II and SOR/2020-130 (America/Toronto)', () => {
  it('s.20: 7 days from Sunday 1 March is the day the clocks go forward, a Sunday: Monday 9 March, ending at EDT midnight', async () => {
    // 03:30 UTC on 2 March is 22:30 EST on 1 March in Toronto.
    const d = await due(canada, CA.firstContact, new Date('2026-03-02T03:30:00Z'));
    expect(d).toMatchObject({
      reference: 's.20',
      calendar: 'CA-FED',
      anchorDate: '2026-03-01',
      nominalDate: '2026-03-08',
      date: '2026-03-09',
      movedFrom: { because: 'Sunday' },
    });
    expect(d.dueAt.toISOString()).toBe('2026-03-10T03:59:59.999Z');
  });

  it('s.20: across the November change the day ends at EST midnight', async () => {
    const d = await due(canada, CA.firstContact, '2026-10-27');
    expect(d.date).toBe('2026-11-03');
    expect(d.dueAt.toISOString()).toBe('2026-11-04T04:59:59.999Z');
  });

  it('s.23(1): 45 days from 17 May is Canada Day: 2 July', async () => {
    const d = await due(canada, CA.negotiatedResolution, '2026-05-17');
    expect(d).toMatchObject({ reference: 's.23(1)', date: '2026-07-02', movedFrom: { because: 'Canada Day' } });
  });

  it('s.33(1): one year from Remembrance Day 2026 is Remembrance Day 2027: 12 November', async () => {
    const d = await due(canada, CA.completion, '2026-11-11');
    expect(d).toMatchObject({ reference: 's.33(1)', nominalDate: '2027-11-11', date: '2027-11-12' });
    expect(d.dueAt.toISOString()).toBe('2027-11-13T04:59:59.999Z');
  });

  it('s.34: a month from 31 January is 28 February (month end), a Saturday: Monday 2 March', async () => {
    const d = await due(canada, CA.statusUpdate, '2026-01-31');
    expect(d).toMatchObject({
      reference: 's.34',
      nominalDate: '2026-02-28',
      date: '2026-03-02',
      movedFrom: { because: 'Saturday' },
    });
  });

  it('s.36: "on or before 1 March" — a Sunday in 2026 (Monday 2 March), a Monday in 2027', async () => {
    expect(await due(canada, CA.annualReport, '2026-01-01')).toMatchObject({
      reference: 's.36',
      nominalDate: '2026-03-01',
      date: '2026-03-02',
    });
    const d = await due(canada, CA.annualReport, '2027-01-01');
    expect(d).toMatchObject({ date: '2027-03-01', movedFrom: null });
    expect(d.dueAt.toISOString()).toBe('2027-03-02T04:59:59.999Z');
  });

  it('observed holidays: Boxing Day 2026 on a Saturday is observed on Monday 28 December', async () => {
    // s.20 from 21 December: 28 December is the observed Boxing Day, so 29 December.
    expect((await due(canada, CA.firstContact, '2026-12-21')).date).toBe('2026-12-29');
  });
});

describe('the calendars are the operator’s data', () => {
  it('a workspace reads them but cannot change them', async () => {
    const write = withTenant(database.db, { workspaceId: india.id }, (tx) =>
      tx.execute(
        sql`insert into holidays (calendar_code, date, name, basis) values ('IN', '2026-06-01', 'Made up', 'LAW')`,
      ),
    );
    await expect(write).rejects.toMatchObject({ cause: { message: expect.stringMatching(/permission denied/) } });
    const edit = withTenant(database.db, { workspaceId: india.id }, (tx) =>
      tx.execute(sql`update holiday_calendars set weekend_days = '{6,7}' where code = 'IN'`),
    );
    await expect(edit).rejects.toMatchObject({ cause: { message: expect.stringMatching(/permission denied/) } });
  });
});
