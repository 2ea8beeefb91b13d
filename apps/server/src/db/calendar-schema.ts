import { sql } from 'drizzle-orm';
import { type AnyPgColumn, check, date, pgTable, primaryKey, smallint, text, timestamp } from 'drizzle-orm/pg-core';

/**
 * Holiday calendars (issue 22 §5, DESIGN §10): the operator's data, not a workspace's. Every
 * workspace reads them (to count working days and move a deadline off a holiday); only the platform
 * path writes them. Row-level security with a read-all policy, writes revoked from the application
 * role (migration `deadline_calendars`). See docs/deadlines.md.
 */

const createdAt = () => timestamp('created_at', { withTimezone: true }).notNull().defaultNow();
const updatedAt = () => timestamp('updated_at', { withTimezone: true }).notNull().defaultNow();

/** One jurisdiction's working week and holidays: `IN`, `IN-KA`, `IN-MH`, `CA-FED`. */
export const holidayCalendars = pgTable(
  'holiday_calendars',
  {
    /** The jurisdiction's code, as in `jurisdictions.code`: upper case letters, digits and dashes. */
    code: text('code').primaryKey(),
    name: text('name').notNull(),
    /** ISO 3166-1 alpha-2. */
    country: text('country').notNull(),
    /** A state's calendar names its country's: the parent's holidays are holidays here too. */
    parentCode: text('parent_code').references((): AnyPgColumn => holidayCalendars.code),
    /** The days that are not working days every week, ISO numbers (1 Monday … 7 Sunday). */
    weekendDays: smallint('weekend_days').array().notNull(),
    /**
     * The years whose holidays are all entered (the year's list was published and loaded). A
     * deadline reaching another year is computed with the holidays known and says so.
     */
    completeYears: smallint('complete_years').array().notNull().default(sql`'{}'::smallint[]`),
    createdAt: createdAt(),
    updatedAt: updatedAt(),
  },
  (t) => [
    check('holiday_calendars_code', sql`${t.code} ~ '^[A-Z0-9][A-Z0-9-]{0,31}$'`),
    check('holiday_calendars_country', sql`${t.country} ~ '^[A-Z]{2}$'`),
    check('holiday_calendars_name', sql`length(${t.name}) between 1 and 120`),
    check(
      'holiday_calendars_weekend_days',
      sql`${t.weekendDays} <@ '{1,2,3,4,5,6,7}'::smallint[] and cardinality(${t.weekendDays}) < 7`,
    ),
  ],
);

/**
 * A holiday of a calendar. `basis`: LAW when the law fixes the date or the rule that gives it (26
 * January; Victoria Day, the Monday before 25 May), PUBLISHED when it was taken from the
 * government's published list for that year (festivals that follow the lunar calendar).
 */
export const holidays = pgTable(
  'holidays',
  {
    calendarCode: text('calendar_code')
      .notNull()
      .references(() => holidayCalendars.code, { onDelete: 'cascade' }),
    date: date('date', { mode: 'string' }).notNull(),
    name: text('name').notNull(),
    basis: text('basis').notNull(),
    createdAt: createdAt(),
    updatedAt: updatedAt(),
  },
  (t) => [
    primaryKey({ columns: [t.calendarCode, t.date] }),
    check('holidays_basis', sql`${t.basis} in ('LAW','PUBLISHED')`),
    check('holidays_name', sql`length(${t.name}) between 1 and 200`),
  ],
);
