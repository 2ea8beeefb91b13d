import type { TApplicabilityRule, TObligationDueRule, TObligationRecurrence } from '@app/contract';
import { addCalendarDays, addCalendarMonths, computeDue, type WorkingCalendar } from '../../../core/due-rules.ts';

/**
 * The register engine's pure part (issue 24): whether an obligation applies to a unit (or the
 * workspace) and why, the periods of its occurrences and their due dates. No clock and no
 * database: the sync (./sync.ts) gives today's date, the facts and the calendars.
 */

/** How far ahead occurrences are generated. */
export const HORIZON_MONTHS = 24;

/** The place an answer is about: a unit, or the workspace (scope WORKSPACE). */
export type Place = {
  /** The unit's name, or the workspace's for a workspace-wide answer. */
  name: string;
  /** Active members of the unit (of the workspace for a workspace-wide answer). */
  headcount: number;
  /** The jurisdiction the place is in: its holiday calendar's code (e.g. IN-KA), else its country's (IN, CA-FED). */
  calendarCode: string;
};

export type Reason = { code: string; params: Record<string, string | number> };

/**
 * Whether a place is in one of `codes`: its calendar's code is one of them, or lies under one
 * (`IN-KA` is under `IN`, `CA-FED` under `CA`).
 */
export function inJurisdiction(calendarCode: string, codes: readonly string[]): boolean {
  return codes.some((c) => calendarCode === c || calendarCode.startsWith(`${c}-`));
}

/**
 * Whether an obligation of `country` with rule `rule` (and, when it names one, the jurisdiction
 * `jurisdictionCodes` of the obligation itself) applies to `place`, and the reason as a code with
 * parameters the web translates ("Mumbai has 14 workers → s.4"). Jurisdiction is checked first,
 * then the headcount range; an answer that applies says its most specific reason.
 */
export function applicability(
  rule: TApplicabilityRule,
  country: string,
  ownJurisdictionCodes: readonly string[],
  place: Place,
): { applies: boolean; reason: Reason } {
  const codes = [...rule.jurisdictionCodes, ...ownJurisdictionCodes];
  if (codes.length > 0 && !inJurisdiction(place.calendarCode, codes))
    return { applies: false, reason: { code: 'JURISDICTION_OTHER', params: { jurisdiction: place.calendarCode } } };
  const { minHeadcount: min, maxHeadcount: max } = rule;
  if (min !== null && place.headcount < min)
    return {
      applies: false,
      reason: { code: 'HEADCOUNT_BELOW', params: { unit: place.name, headcount: place.headcount, min } },
    };
  if (max !== null && place.headcount > max)
    return {
      applies: false,
      reason: { code: 'HEADCOUNT_ABOVE', params: { unit: place.name, headcount: place.headcount, max } },
    };
  if (min !== null)
    return {
      applies: true,
      reason: { code: 'HEADCOUNT_AT_LEAST', params: { unit: place.name, headcount: place.headcount, min } },
    };
  if (codes.length > 0)
    return { applies: true, reason: { code: 'JURISDICTION', params: { jurisdiction: place.calendarCode } } };
  return { applies: true, reason: { code: 'COUNTRY', params: { country } } };
}

/**
 * `applies_from` after a sync: today when the obligation starts applying, the day it began while
 * it keeps applying, none when it does not apply.
 */
export function appliesFromAfter(
  applies: boolean,
  before: { applies: boolean; appliesFrom: string | null } | undefined,
  today: string,
): string | null {
  if (!applies) return null;
  if (before?.applies && before.appliesFrom) return before.appliesFrom;
  return today;
}

export type Period = { start: string; end: string };

/** The first day of the period grid a recurrence is aligned to, for a grid reaching `date`. */
function gridStart(recurrence: TObligationRecurrence, appliesFrom: string): string {
  const year = Number(appliesFrom.slice(0, 4));
  switch (recurrence.alignTo) {
    case 'CALENDAR_YEAR':
      return `${year}-01-01`;
    case 'FINANCIAL_YEAR_IN':
      return Number(appliesFrom.slice(5, 7)) >= 4 ? `${year}-04-01` : `${year - 1}-04-01`;
    case 'APPLIES_FROM':
      return appliesFrom;
  }
}

/**
 * The periods of a PERIODIC obligation from the one containing `today` to the last one starting
 * within `HORIZON_MONTHS` of today. Periods are `every` months (or years) long on a grid anchored
 * at the alignment (1 January, 1 April, or the day it began to apply); each period's start is
 * computed from the anchor (never from the previous period), so month ends do not drift.
 */
export function periodsOf(recurrence: TObligationRecurrence, appliesFrom: string, today: string): Period[] {
  const step = recurrence.every * (recurrence.unit === 'YEAR' ? 12 : 1);
  const anchor = gridStart(recurrence, appliesFrom <= today ? appliesFrom : today);
  const horizon = addCalendarMonths(today, HORIZON_MONTHS);
  const startOf = (k: number) => addCalendarMonths(anchor, k * step);
  // The period containing today (the grid may start after today only for APPLIES_FROM in the future).
  let k = 0;
  while (startOf(k + 1) <= today) k++;
  const periods: Period[] = [];
  for (; startOf(k) <= horizon; k++) {
    periods.push({ start: startOf(k), end: addCalendarDays(startOf(k + 1), -1) });
  }
  return periods;
}

/** The day a due rule runs from, for a period. */
export function dueAnchor(rule: TObligationDueRule, period: Period, appliesFrom: string): string {
  switch (rule.anchor) {
    case 'PERIOD_END':
      return period.end;
    case 'NEXT_PERIOD_START':
      return addCalendarDays(period.end, 1);
    case 'APPLIES_FROM':
      return appliesFrom > period.start ? appliesFrom : period.start;
    default:
      return period.start;
  }
}

export type Planned = { periodStart: string; periodEnd: string; dueDate: string; dueAt: Date };

/**
 * Due dates already computed for a loaded calendar (the object a sync loaded, so a holiday entered
 * later is read with the next load): units on one calendar share the catalogue's rules, and a run
 * that shares its calendars across workspaces (the bench, a daily pass) computes each date once.
 */
const dueCache = new WeakMap<WorkingCalendar, Map<string, { date: string; dueAt: Date }>>();

function cachedDue(
  rule: Parameters<typeof computeDue>[0],
  anchor: string,
  where: { zone: string; calendar: WorkingCalendar },
): { date: string; dueAt: Date } {
  let byKey = dueCache.get(where.calendar);
  if (!byKey) {
    byKey = new Map();
    dueCache.set(where.calendar, byKey);
  }
  const key = `${where.zone}|${rule.offset}|${rule.unit}|${rule.onHoliday}|${anchor}`;
  let hit = byKey.get(key);
  if (!hit) {
    const due = computeDue(rule, anchor, where);
    hit = { date: due.date, dueAt: due.dueAt };
    byKey.set(key, hit);
  }
  return hit;
}

export type PlanInput = {
  key: string;
  kind: string;
  recurrence: TObligationRecurrence | null;
  dueRule: TObligationDueRule;
  /** The day the obligation began to apply (ONE_TIME, CONTINUOUS: the occurrence's start). */
  appliesFrom: string;
  today: string;
  zone: string;
  calendar: WorkingCalendar;
};

/**
 * The occurrences an applying answer should have: PERIODIC one per period (the current one and
 * those starting within 24 months), ONE_TIME and CONTINUOUS a single one from the day it began to
 * apply (its period ends on its due date), EVENT none (people record events). Due dates by the
 * due-rule engine in the workspace's zone on the unit's calendar; `dueAt` the due day's last instant.
 */
export function plan(p: PlanInput): Planned[] {
  const rule = {
    key: p.key,
    anchor: p.dueRule.anchor,
    offset: p.dueRule.offset,
    unit: p.dueRule.unit,
    onHoliday: p.dueRule.onHoliday,
    reference: p.dueRule.reference,
  };
  const where = { zone: p.zone, calendar: p.calendar };
  if (p.kind === 'PERIODIC' && p.recurrence) {
    return periodsOf(p.recurrence, p.appliesFrom, p.today).map((period) => {
      const due = cachedDue(rule, dueAnchor(p.dueRule, period, p.appliesFrom), where);
      return { periodStart: period.start, periodEnd: period.end, dueDate: due.date, dueAt: due.dueAt };
    });
  }
  if (p.kind === 'ONE_TIME' || p.kind === 'CONTINUOUS') return [single(p, p.appliesFrom)];
  return [];
}

/** A single occurrence (ONE_TIME, CONTINUOUS) starting on `start`: due by the rule from that day. */
export function single(p: Omit<PlanInput, 'today' | 'appliesFrom' | 'recurrence' | 'kind'>, start: string): Planned {
  const rule = {
    key: p.key,
    anchor: p.dueRule.anchor,
    offset: p.dueRule.offset,
    unit: p.dueRule.unit,
    onHoliday: p.dueRule.onHoliday,
    reference: p.dueRule.reference,
  };
  const due = cachedDue(rule, start, { zone: p.zone, calendar: p.calendar });
  return {
    periodStart: start,
    periodEnd: due.date > start ? due.date : start,
    dueDate: due.date,
    dueAt: due.dueAt,
  };
}
