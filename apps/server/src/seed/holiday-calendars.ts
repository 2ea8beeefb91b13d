import { and, eq, gte, lte, sql } from 'drizzle-orm';
import type { Db, Tx } from '../core/db/database.ts';
import { withPlatform } from '../core/db/tenant.ts';
import { holidayCalendars, holidays } from '../db/schema.ts';

/**
 * The holiday calendars shipped with the release (issue 22 §5, docs/deadlines.md): India's national
 * days, the states of the demo workspaces (Karnataka: Acme's Bengaluru HQ; Maharashtra: Acme's
 * Mumbai unit) and Canada's federal general holidays, for 2026 and 2027. They are the operator's
 * data from then on: the loader adds a calendar that is missing and a year of a calendar that has
 * no holiday in it yet, and never changes or re-adds what is there (a year the operator has touched
 * is theirs).
 *
 * `basis` says where each date comes from:
 * - LAW: the law fixes the date or the rule that gives it. India's three national days; Canada's
 *   general holidays of the Canada Labour Code s.166 (Good Friday from Easter; Victoria Day the
 *   Monday before 25 May; Labour Day the first Monday of September; Thanksgiving the second Monday
 *   of October), and a state's day fixed by the state every year (Maharashtra Day, Kannada
 *   Rajyotsava).
 * - PUBLISHED: taken from the government's published list for that year (festivals that follow
 *   the lunar calendar; a federal holiday observed on the Monday after a weekend). The 2026 state
 *   lists are those the states notified in December 2025 (Karnataka DPAR: 20 general holidays;
 *   Maharashtra GAD: 24 public holidays and Bhaubeej) as reported; verify against the Gazette before
 *   relying on them for a customer. The 2027 state lists are not published yet (they are notified in
 *   December): 2027 holds the state's fixed days only and is not marked complete.
 */

type Basis = 'LAW' | 'PUBLISHED';
type ShippedCalendar = {
  code: string;
  name: string;
  country: string;
  parentCode: string | null;
  weekendDays: number[];
  /** Years whose holiday list below is complete. */
  completeYears: number[];
  holidays: Array<[date: string, name: string, basis: Basis]>;
};

const SATURDAY = 6;
const SUNDAY = 7;

export const SHIPPED_CALENDARS: ShippedCalendar[] = [
  {
    code: 'IN',
    name: 'India',
    country: 'IN',
    parentCode: null,
    // Sunday only: the Act and Rules do not define "working day"; Sunday is the weekly day off that
    // workplaces across India share (docs/decisions.md, issue 22 — deadlines).
    weekendDays: [SUNDAY],
    completeYears: [2026, 2027],
    holidays: [
      ['2026-01-26', 'Republic Day', 'LAW'],
      ['2026-08-15', 'Independence Day', 'LAW'],
      ['2026-10-02', 'Gandhi Jayanti', 'LAW'],
      ['2027-01-26', 'Republic Day', 'LAW'],
      ['2027-08-15', 'Independence Day', 'LAW'],
      ['2027-10-02', 'Gandhi Jayanti', 'LAW'],
    ],
  },
  {
    code: 'IN-KA',
    name: 'Karnataka',
    country: 'IN',
    parentCode: 'IN',
    weekendDays: [SUNDAY],
    completeYears: [2026],
    holidays: [
      ['2026-01-14', 'Makara Sankranti', 'PUBLISHED'],
      ['2026-03-19', 'Ugadi', 'PUBLISHED'],
      ['2026-03-21', 'Khutub-E-Ramzan', 'PUBLISHED'],
      ['2026-03-31', 'Mahaveera Jayanti', 'PUBLISHED'],
      ['2026-04-03', 'Good Friday', 'PUBLISHED'],
      ['2026-04-14', 'Dr. B.R. Ambedkar Jayanti', 'PUBLISHED'],
      ['2026-04-20', 'Basava Jayanti and Akshaya Tritiya', 'PUBLISHED'],
      ['2026-05-01', 'May Day', 'PUBLISHED'],
      ['2026-05-28', 'Bakrid', 'PUBLISHED'],
      ['2026-06-26', 'Last day of Muharram', 'PUBLISHED'],
      ['2026-08-26', 'Eid-Milad', 'PUBLISHED'],
      ['2026-09-14', 'Varasiddhi Vinayaka Vrata', 'PUBLISHED'],
      ['2026-10-20', 'Mahanavami and Ayudha Puja', 'PUBLISHED'],
      ['2026-10-21', 'Vijayadashami', 'PUBLISHED'],
      ['2026-11-01', 'Kannada Rajyotsava', 'LAW'],
      ['2026-11-10', 'Balipadyami, Deepavali', 'PUBLISHED'],
      ['2026-11-27', 'Kanakadasa Jayanti', 'PUBLISHED'],
      ['2026-12-25', 'Christmas', 'PUBLISHED'],
      ['2027-11-01', 'Kannada Rajyotsava', 'LAW'],
    ],
  },
  {
    code: 'IN-MH',
    name: 'Maharashtra',
    country: 'IN',
    parentCode: 'IN',
    weekendDays: [SUNDAY],
    completeYears: [2026],
    // Parsi New Year (Shahenshahi) is left out: the reports of the 2026 list disagree on its date.
    holidays: [
      ['2026-02-15', 'Mahashivratri', 'PUBLISHED'],
      ['2026-02-19', 'Chhatrapati Shivaji Maharaj Jayanti', 'PUBLISHED'],
      ['2026-03-03', 'Holi (second day)', 'PUBLISHED'],
      ['2026-03-19', 'Gudhi Padwa', 'PUBLISHED'],
      ['2026-03-21', 'Ramzan-Id (Id-ul-Fitr)', 'PUBLISHED'],
      ['2026-03-26', 'Ram Navami', 'PUBLISHED'],
      ['2026-03-31', 'Mahavir Janmakalyanak', 'PUBLISHED'],
      ['2026-04-03', 'Good Friday', 'PUBLISHED'],
      ['2026-04-14', 'Dr. Babasaheb Ambedkar Jayanti', 'PUBLISHED'],
      ['2026-05-01', 'Maharashtra Day, Buddha Pournima', 'LAW'],
      ['2026-05-28', 'Bakri Id (Id-uz-Zuha)', 'PUBLISHED'],
      ['2026-06-26', 'Moharram', 'PUBLISHED'],
      ['2026-08-26', 'Id-e-Milad', 'PUBLISHED'],
      ['2026-09-14', 'Ganesh Chaturthi', 'PUBLISHED'],
      ['2026-10-21', 'Dasara', 'PUBLISHED'],
      ['2026-11-08', 'Diwali (Laxmi Pujan)', 'PUBLISHED'],
      ['2026-11-10', 'Diwali (Bali Pratipada)', 'PUBLISHED'],
      ['2026-11-11', 'Bhaubeej', 'PUBLISHED'],
      ['2026-11-24', 'Guru Nanak Jayanti', 'PUBLISHED'],
      ['2026-12-25', 'Christmas', 'PUBLISHED'],
      ['2027-05-01', 'Maharashtra Day', 'LAW'],
    ],
  },
  {
    code: 'CA-FED',
    name: 'Canada (federal)',
    country: 'CA',
    parentCode: null,
    weekendDays: [SATURDAY, SUNDAY],
    completeYears: [2026, 2027],
    holidays: [
      ['2026-01-01', "New Year's Day", 'LAW'],
      ['2026-04-03', 'Good Friday', 'LAW'],
      ['2026-05-18', 'Victoria Day', 'LAW'],
      ['2026-07-01', 'Canada Day', 'LAW'],
      ['2026-09-07', 'Labour Day', 'LAW'],
      ['2026-09-30', 'National Day for Truth and Reconciliation', 'LAW'],
      ['2026-10-12', 'Thanksgiving Day', 'LAW'],
      ['2026-11-11', 'Remembrance Day', 'LAW'],
      ['2026-12-25', 'Christmas Day', 'LAW'],
      ['2026-12-26', 'Boxing Day', 'LAW'],
      ['2026-12-28', 'Boxing Day (observed)', 'PUBLISHED'],
      ['2027-01-01', "New Year's Day", 'LAW'],
      ['2027-03-26', 'Good Friday', 'LAW'],
      ['2027-05-24', 'Victoria Day', 'LAW'],
      ['2027-07-01', 'Canada Day', 'LAW'],
      ['2027-09-06', 'Labour Day', 'LAW'],
      ['2027-09-30', 'National Day for Truth and Reconciliation', 'LAW'],
      ['2027-10-11', 'Thanksgiving Day', 'LAW'],
      ['2027-11-11', 'Remembrance Day', 'LAW'],
      ['2027-12-25', 'Christmas Day', 'LAW'],
      ['2027-12-26', 'Boxing Day', 'LAW'],
      ['2027-12-27', 'Christmas Day (observed)', 'PUBLISHED'],
      ['2027-12-28', 'Boxing Day (observed)', 'PUBLISHED'],
    ],
  },
];

/**
 * Adds the shipped calendars that are missing, and each shipped year of a calendar that has no
 * holiday in that year yet (marking it complete when shipped complete). Leaves everything else
 * alone. Answers how many holidays it added.
 */
export async function loadShippedCalendars(tx: Tx): Promise<number> {
  let added = 0;
  for (const c of SHIPPED_CALENDARS) {
    await tx
      .insert(holidayCalendars)
      .values({
        code: c.code,
        name: c.name,
        country: c.country,
        parentCode: c.parentCode,
        weekendDays: c.weekendDays,
      })
      .onConflictDoNothing();
    const years = [...new Set(c.holidays.map(([date]) => Number(date.slice(0, 4))))];
    for (const year of years) {
      const [existing] = await tx
        .select({ date: holidays.date })
        .from(holidays)
        .where(
          and(
            eq(holidays.calendarCode, c.code),
            gte(holidays.date, `${year}-01-01`),
            lte(holidays.date, `${year}-12-31`),
          ),
        )
        .limit(1);
      if (existing) continue;
      const rows = c.holidays
        .filter(([date]) => date.startsWith(`${year}-`))
        .map(([date, name, basis]) => ({ calendarCode: c.code, date, name, basis }));
      await tx.insert(holidays).values(rows).onConflictDoNothing();
      added += rows.length;
      if (c.completeYears.includes(year))
        await tx
          .update(holidayCalendars)
          .set({
            completeYears: sql`(select array(select distinct y from unnest(${holidayCalendars.completeYears} || ${year}::smallint) y order by y))`,
            updatedAt: sql`now()`,
          })
          .where(eq(holidayCalendars.code, c.code));
    }
  }
  return added;
}

/** How many shipped (calendar, year) pairs are missing: nothing to load when 0. */
async function missingYears(tx: Tx): Promise<number> {
  const present = await tx
    .select({ code: holidays.calendarCode, year: sql<number>`extract(year from ${holidays.date})::int` })
    .from(holidays)
    .groupBy(holidays.calendarCode, sql`2`);
  const have = new Set(present.map((r) => `${r.code}/${r.year}`));
  let missing = 0;
  for (const c of SHIPPED_CALENDARS)
    for (const year of new Set(c.holidays.map(([date]) => date.slice(0, 4))))
      if (!have.has(`${c.code}/${year}`)) missing++;
  return missing;
}

/**
 * Loads the shipped calendars at start (main.ts) and into the tests' template database, on the
 * platform path (the tables are the operator's; the application role only reads them), audited as
 * `platform.holiday-calendars.load` when something was missing; a start with nothing to add only
 * reads (unaudited, like the demo seed's emptiness check).
 */
export async function loadShippedCalendarsAtStart(db: Db): Promise<number> {
  const missing = await withPlatform(db, { action: 'holiday-calendars.check', audit: false }, missingYears);
  if (missing === 0) return 0;
  return withPlatform(
    db,
    { action: 'holiday-calendars.load', details: { missingYears: missing } },
    loadShippedCalendars,
  );
}
