import type { TJurisdictionInput, TJurisdictionSort } from '@app/contract';
import { sql } from 'drizzle-orm';
import type { Tx } from '../../../core/db/database.ts';
import { queryRows } from '../../../core/db/database.ts';

/** SQL of jurisdictions (platform-owned; every role reads them, only the platform role writes). */

export type JurisdictionRow = {
  id: string;
  code: string;
  name: string;
  country: string;
  parentId: string | null;
  holidayCalendar: string | null;
  courseCount: number;
  childCount: number;
  createdAt: Date;
};

const cols = sql`j.id, j.code, j.name, j.country, j.parent_id as "parentId", j.holiday_calendar as "holidayCalendar", j.created_at as "createdAt",
  (select count(*)::int from course_jurisdictions cj where cj.jurisdiction_id = j.id) as "courseCount",
  (select count(*)::int from jurisdictions k where k.parent_id = j.id) as "childCount"`;

const ORDER: Record<TJurisdictionSort, ReturnType<typeof sql>> = {
  NAME: sql`lower(j.name), j.id`,
  CODE: sql`j.code, j.id`,
  ADDED: sql`j.created_at desc, j.id desc`,
};

/** One page of jurisdictions in `sortBy` order, with the total. */
export async function listJurisdictions(
  tx: Tx,
  page: { pageNo: number; pageSize: number; sortBy: TJurisdictionSort },
): Promise<{ rows: JurisdictionRow[]; total: number }> {
  const rows = await queryRows<JurisdictionRow & { total: number }>(
    tx,
    sql`select ${cols}, count(*) over ()::int as total from jurisdictions j
        order by ${ORDER[page.sortBy]} limit ${page.pageSize} offset ${page.pageNo * page.pageSize}`,
  );
  let total = rows[0]?.total;
  if (total === undefined) {
    const [n] = await queryRows<{ n: number }>(tx, sql`select count(*)::int as n from jurisdictions`);
    total = n?.n ?? 0;
  }
  return { rows, total };
}

export async function findJurisdiction(tx: Tx, id: string, lock = false): Promise<JurisdictionRow | undefined> {
  const [row] = await queryRows<JurisdictionRow>(
    tx,
    sql`select ${cols} from jurisdictions j where j.id = ${id} ${lock ? sql`for update` : sql``}`,
  );
  return row;
}

/** Another jurisdiction with this code or (case-insensitively) this name. */
export async function findClash(
  tx: Tx,
  input: { code: string; name: string },
  exceptId: string | null,
): Promise<{ field: 'code' | 'name' } | undefined> {
  const [row] = await queryRows<{ code: string }>(
    tx,
    sql`select j.code from jurisdictions j
        where (j.code = ${input.code} or lower(j.name) = lower(${input.name}))
          ${exceptId ? sql`and j.id <> ${exceptId}` : sql``}
        limit 1`,
  );
  if (!row) return undefined;
  return { field: row.code === input.code ? 'code' : 'name' };
}

export async function insertJurisdiction(tx: Tx, input: TJurisdictionInput, actor: string): Promise<string> {
  const [row] = await queryRows<{ id: string }>(
    tx,
    sql`insert into jurisdictions (code, name, country, parent_id, holiday_calendar, created_by)
        values (${input.code}, ${input.name}, ${input.country}, ${input.parentId ?? null},
                ${input.holidayCalendar ?? null}, ${actor}) returning id`,
  );
  return row!.id;
}

export async function updateJurisdiction(tx: Tx, id: string, input: TJurisdictionInput): Promise<void> {
  await tx.execute(
    sql`update jurisdictions set code = ${input.code}, name = ${input.name}, country = ${input.country},
        parent_id = ${input.parentId ?? null},
        ${input.holidayCalendar === undefined ? sql`` : sql`holiday_calendar = ${input.holidayCalendar},`}
        updated_at = app_now() where id = ${id}`,
  );
}

export async function deleteJurisdiction(tx: Tx, id: string): Promise<void> {
  await tx.execute(sql`delete from jurisdictions where id = ${id}`);
}

/** Whether `ancestorId` is `id` or one of its descendants (a parent may not make a cycle). */
export async function wouldCycle(tx: Tx, id: string, parentId: string): Promise<boolean> {
  const [row] = await queryRows<{ hit: boolean }>(
    tx,
    sql`with recursive up(id, parent_id) as (
          select j.id, j.parent_id from jurisdictions j where j.id = ${parentId}
          union select j.id, j.parent_id from jurisdictions j join up on j.id = up.parent_id)
        select exists (select 1 from up where up.id = ${id}) as hit`,
  );
  return Boolean(row?.hit);
}

export type HolidayCalendarRow = {
  code: string;
  name: string;
  country: string;
  parentCode: string | null;
  holidayCount: number;
  completeYears: number[];
};

/** Every holiday calendar, with how many holidays it holds and the years whose list is complete. */
export async function listHolidayCalendars(tx: Tx): Promise<HolidayCalendarRow[]> {
  const rows = await queryRows<HolidayCalendarRow>(
    tx,
    sql`select c.code, c.name, c.country, c.parent_code as "parentCode", c.complete_years as "completeYears",
          (select count(*)::int from holidays h where h.calendar_code = c.code) as "holidayCount"
        from holiday_calendars c order by c.country, c.parent_code nulls first, c.code`,
  );
  return rows.map((r) => ({ ...r, completeYears: (r.completeYears ?? []).map(Number) }));
}

/** One holiday calendar's country, if the calendar exists. */
export async function holidayCalendarCountry(tx: Tx, code: string): Promise<string | undefined> {
  const [row] = await queryRows<{ country: string }>(
    tx,
    sql`select country from holiday_calendars where code = ${code}`,
  );
  return row?.country;
}
