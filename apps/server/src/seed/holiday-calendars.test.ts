import { sql } from 'drizzle-orm';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { queryRows } from '../core/db/database.ts';
import { withPlatform, withTenant } from '../core/db/tenant.ts';
import { addCalendarDays, isoWeekday } from '../core/due-rules.ts';
import { calendarCodeFor } from '../core/holiday-calendars.repo.ts';
import { ACME_HOST, GLOBEX_HOST, TEST_PLATFORM_HOST } from '../testing/constants.ts';
import { openTestDatabase } from '../testing/test-app.ts';
import { seedDemoData } from './demo.ts';
import { loadShippedCalendars, loadShippedCalendarsAtStart, SHIPPED_CALENDARS } from './holiday-calendars.ts';

// The shipped holiday calendars (seed/holiday-calendars.ts): in every database, loaded without
// touching the operator's edits, on the demo's units, and right by the rules of the law.

let database: Awaited<ReturnType<typeof openTestDatabase>>;
beforeAll(async () => {
  database = await openTestDatabase();
});
afterAll(() => database.dispose());

const platform = <T>(fn: Parameters<typeof withPlatform<T>>[2]) =>
  withPlatform(database.db, { action: 'test.calendars', audit: false }, fn);

const perYear = () =>
  platform((tx) =>
    queryRows<{ code: string; year: number; n: number }>(
      tx,
      sql`select calendar_code as code, extract(year from date)::int as year, count(*)::int as n
            from holidays group by 1, 2 order by 1, 2`,
    ),
  );

describe('the shipped calendars', () => {
  it('are in the database the server starts on, with their weekends and complete years', async () => {
    const calendars = await platform((tx) =>
      queryRows(
        tx,
        sql`select code, parent_code as parent, weekend_days as weekend, complete_years as complete from holiday_calendars order by code`,
      ),
    );
    expect(calendars).toEqual([
      { code: 'CA-FED', parent: null, weekend: [6, 7], complete: [2026, 2027] },
      { code: 'IN', parent: null, weekend: [7], complete: [2026, 2027] },
      { code: 'IN-KA', parent: 'IN', weekend: [7], complete: [2026] },
      { code: 'IN-MH', parent: 'IN', weekend: [7], complete: [2026] },
    ]);
    const shipped = SHIPPED_CALENDARS.flatMap((c) =>
      [...new Set(c.holidays.map(([d]) => Number(d.slice(0, 4))))].map((year) => ({
        code: c.code,
        year,
        n: c.holidays.filter(([d]) => d.startsWith(`${year}-`)).length,
      })),
    ).sort((a, b) => a.code.localeCompare(b.code) || a.year - b.year);
    expect(await perYear()).toEqual(shipped);
  });

  it('load again without change, and never put back a holiday the operator removed from a year', async () => {
    const before = await perYear();
    expect(await loadShippedCalendarsAtStart(database.db)).toBe(0);
    expect(await platform(loadShippedCalendars)).toBe(0);
    expect(await perYear()).toEqual(before);

    await platform((tx) => tx.execute(sql`delete from holidays where calendar_code = 'IN-KA' and date = '2026-12-25'`));
    expect(await loadShippedCalendarsAtStart(database.db)).toBe(0);
    const [christmas] = await platform((tx) =>
      queryRows(tx, sql`select 1 from holidays where calendar_code = 'IN-KA' and date = '2026-12-25'`),
    );
    expect(christmas).toBeUndefined();

    // A year with no holiday at all is loaded again (and marked complete again when shipped so).
    await platform((tx) =>
      tx.execute(
        sql`delete from holidays where calendar_code = 'CA-FED' and date between '2027-01-01' and '2027-12-31'`,
      ),
    );
    expect(await loadShippedCalendarsAtStart(database.db)).toBe(
      SHIPPED_CALENDARS.find((c) => c.code === 'CA-FED')!.holidays.filter(([d]) => d.startsWith('2027-')).length,
    );
  });

  it("Canada's general holidays follow the rules that give their dates", () => {
    const ca = new Map(SHIPPED_CALENDARS.find((c) => c.code === 'CA-FED')!.holidays.map(([d, name]) => [name, d]));
    const all = SHIPPED_CALENDARS.find((c) => c.code === 'CA-FED')!.holidays;
    const dates = (name: string) => all.filter(([, n]) => n === name).map(([d]) => d);
    for (const d of dates('Victoria Day')) {
      // The Monday before 25 May: a Monday between 18 and 24 May.
      expect(isoWeekday(d)).toBe(1);
      expect(Number(d.slice(8))).toBeGreaterThanOrEqual(18);
      expect(Number(d.slice(8))).toBeLessThanOrEqual(24);
    }
    for (const d of dates('Labour Day')) expect([isoWeekday(d), Number(d.slice(8)) <= 7]).toEqual([1, true]);
    for (const d of dates('Thanksgiving Day')) {
      expect(isoWeekday(d)).toBe(1);
      expect(Number(d.slice(8))).toBeGreaterThanOrEqual(8);
      expect(Number(d.slice(8))).toBeLessThanOrEqual(14);
    }
    for (const d of dates('Good Friday')) expect(addCalendarDays(d, 2)).toBe(easter(Number(d.slice(0, 4))));
    for (const name of ["New Year's Day", 'Canada Day', 'Remembrance Day', 'Christmas Day', 'Boxing Day'])
      expect(dates(name)).toHaveLength(2);
    expect(ca.get('National Day for Truth and Reconciliation')?.slice(5)).toBe('09-30');
  });
});

describe('the demo data', () => {
  it("puts Acme's Bengaluru unit on Karnataka's calendar and Mumbai on Maharashtra's; Globex on the federal one", async () => {
    await seedDemoData(database.db, TEST_PLATFORM_HOST);
    const units = await platform((tx) =>
      queryRows<{ workspaceId: string; id: string; name: string; host: string }>(
        tx,
        sql`select b.workspace_id as "workspaceId", b.id, b.name, w.host from branches b join workspaces w on w.id = b.workspace_id
             where w.host in (${ACME_HOST}, ${GLOBEX_HOST}) order by b.name`,
      ),
    );
    const codes = await Promise.all(
      units.map((u) =>
        withTenant(database.db, { workspaceId: u.workspaceId }, async (tx) => [
          u.name,
          await calendarCodeFor(tx, u.workspaceId, u.id),
        ]),
      ),
    );
    expect(codes).toEqual([
      ['Bengaluru HQ', 'IN-KA'],
      ['Mumbai', 'IN-MH'],
      ['Toronto', 'CA-FED'],
    ]);
  });
});

/** Easter Sunday of `year` (the Gregorian computus, Meeus/Jones/Butcher). */
function easter(year: number): string {
  const a = year % 19;
  const b = Math.floor(year / 100);
  const c = year % 100;
  const d = Math.floor(b / 4);
  const e = b % 4;
  const f = Math.floor((b + 8) / 25);
  const g = Math.floor((b - f + 1) / 3);
  const h = (19 * a + b - d - g + 15) % 30;
  const i = Math.floor(c / 4);
  const k = c % 4;
  const l = (32 + 2 * e + 2 * i - h - k) % 7;
  const m = Math.floor((a + 11 * h + 22 * l) / 451);
  const month = Math.floor((h + l - 7 * m + 114) / 31);
  const day = ((h + l - 7 * m + 114) % 31) + 1;
  return `${year}-${String(month).padStart(2, '0')}-${String(day).padStart(2, '0')}`;
}
