import type { TCountry } from '@app/contract';
import { and, eq, inArray } from 'drizzle-orm';
import { branches, holidayCalendars, holidays, workspaces } from '../db/schema.ts';
import type { Tx } from './db/database.ts';
import { computeDue, type Due, type DueRule, type WorkingCalendar } from './due-rules.ts';

/**
 * Holiday calendars for the due-rule engine (core/due-rules.ts, docs/deadlines.md). The tables are
 * the operator's (no workspace_id): a tenant transaction reads them, only the platform path writes.
 */

/**
 * The calendar of a workspace in `country` when its unit names none: India's national calendar,
 * and for Canada the federal one (the Canada Labour Code Part II governs federally regulated
 * workplaces; a province's holidays do not apply to them).
 */
export const COUNTRY_CALENDARS: Record<TCountry, string> = { IN: 'IN', CA: 'CA-FED' };

/**
 * A calendar with its country's holidays (a state's calendar adds the national days of its parent),
 * its own weekend, and the years complete in it and every parent. Throws for an unknown code.
 */
export async function loadCalendar(tx: Tx, code: string): Promise<WorkingCalendar> {
  const chain: Array<typeof holidayCalendars.$inferSelect> = [];
  for (let next: string | null = code; next !== null && chain.length < 5; ) {
    const [row] = await tx.select().from(holidayCalendars).where(eq(holidayCalendars.code, next)).limit(1);
    if (!row) throw new Error(`holiday calendar ${next} not found`);
    chain.push(row);
    next = row.parentCode;
  }
  const rows = await tx
    .select({ date: holidays.date, name: holidays.name, calendarCode: holidays.calendarCode })
    .from(holidays)
    .where(
      inArray(
        holidays.calendarCode,
        chain.map((c) => c.code),
      ),
    )
    .orderBy(holidays.date);
  const names = new Map<string, string>();
  for (const r of rows) names.set(r.date, names.has(r.date) ? `${names.get(r.date)}, ${r.name}` : r.name);
  const own = chain[0]!;
  return {
    code: own.code,
    weekendDays: own.weekendDays,
    holidays: names,
    completeYears: own.completeYears.filter((y) => chain.every((c) => c.completeYears.includes(y))),
  };
}

/**
 * The calendar code of a workspace, or of one of its units: the unit's own calendar when it names
 * one (a state's, e.g. IN-KA), else the workspace's country's (`COUNTRY_CALENDARS`).
 */
export async function calendarCodeFor(tx: Tx, workspaceId: string, unitId?: string | null): Promise<string> {
  if (unitId) {
    const [unit] = await tx
      .select({ code: branches.holidayCalendar })
      .from(branches)
      .where(and(eq(branches.workspaceId, workspaceId), eq(branches.id, unitId)))
      .limit(1);
    if (unit?.code) return unit.code;
  }
  const [ws] = await tx
    .select({ country: workspaces.country })
    .from(workspaces)
    .where(eq(workspaces.id, workspaceId))
    .limit(1);
  if (!ws) throw new Error(`workspace ${workspaceId} not found`);
  return COUNTRY_CALENDARS[ws.country as TCountry] ?? COUNTRY_CALENDARS.IN;
}

/**
 * A deadline where the workspace (or its unit) is: the workspace's time zone and the calendar of
 * `calendarCodeFor`. The one entry point for a service that computes a statutory clock.
 */
export async function dueInWorkspace(
  tx: Tx,
  rule: DueRule,
  anchor: Date | string,
  where: { workspaceId: string; unitId?: string | null },
): Promise<Due> {
  const [ws] = await tx
    .select({ timeZone: workspaces.timeZone })
    .from(workspaces)
    .where(eq(workspaces.id, where.workspaceId))
    .limit(1);
  if (!ws) throw new Error(`workspace ${where.workspaceId} not found`);
  const calendar = await loadCalendar(tx, await calendarCodeFor(tx, where.workspaceId, where.unitId));
  return computeDue(rule, anchor, { zone: ws.timeZone, calendar });
}
