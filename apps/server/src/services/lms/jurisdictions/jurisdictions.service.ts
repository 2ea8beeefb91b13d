import {
  JURISDICTION_PAGE_SIZE,
  type THolidayCalendarSummary,
  type TJurisdiction,
  type TJurisdictionInput,
  type TJurisdictionListQuery,
  type TPagedResult,
  toPagedResult,
} from '@app/contract';
import type { Ctx } from '../../../core/context.ts';
import type { Tx } from '../../../core/db/database.ts';
import { errors } from '../../../core/errors.ts';
import { allowedActions, authorize, type Caller, callerOf, can, type OperatorActor } from '../../../core/policy.ts';
import { isPgError } from '../operator.ts';
import { jurisdictionListPolicy, jurisdictionPolicy } from './jurisdictions.policy.ts';
import * as repo from './jurisdictions.repo.ts';

/** Jurisdictions (docs/learning-design.md §2, WP5): the operator keeps the list, workspaces read it. */

function toJurisdiction(r: repo.JurisdictionRow, caller: Caller): TJurisdiction {
  return {
    id: r.id,
    code: r.code,
    name: r.name,
    country: r.country,
    parentId: r.parentId,
    holidayCalendar: r.holidayCalendar,
    courseCount: r.courseCount,
    createdAt: new Date(r.createdAt).toISOString(),
    actions: allowedActions(caller, jurisdictionPolicy, r),
  };
}

async function page(tx: Tx, q: TJurisdictionListQuery, caller: Caller): Promise<TPagedResult<TJurisdiction>> {
  const paging = { pageNo: q.pageNo, pageSize: JURISDICTION_PAGE_SIZE };
  const { rows, total } = await repo.listJurisdictions(tx, { ...paging, sortBy: q.sortBy });
  return toPagedResult(
    rows.map((r) => toJurisdiction(r, caller)),
    total,
    paging,
  );
}

/** The operator, who keeps the list (else 403 `FORBIDDEN_MANAGE_CATALOGUE`). */
function asKeeper(ctx: Ctx): OperatorActor {
  const caller = callerOf(ctx);
  authorize(caller, jurisdictionListPolicy, 'manage', null);
  return caller as OperatorActor;
}

/** The operator's list (`admin/jurisdiction/all`). */
export function listForOperator(ctx: Ctx, q: TJurisdictionListQuery): Promise<TPagedResult<TJurisdiction>> {
  const operator = asKeeper(ctx);
  return ctx.platform({ action: 'lms.jurisdiction.list', audit: false }, (tx) => page(tx, q, operator));
}

/** A workspace member's read-only list (`learning.view`). */
export function listForWorkspace(ctx: Ctx, q: TJurisdictionListQuery): Promise<TPagedResult<TJurisdiction>> {
  if (ctx.workspaceId === null) throw errors.forbidden('MANAGE_CATALOGUE');
  const caller = callerOf(ctx);
  authorize(caller, jurisdictionListPolicy, 'read', null);
  return ctx.tenant((tx) => page(tx, q, caller));
}

const exists = (field: 'code' | 'name', input: TJurisdictionInput) =>
  errors.conflict(
    'JURISDICTION_EXISTS',
    field === 'code'
      ? `A jurisdiction with the code "${input.code}" already exists.`
      : `A jurisdiction named "${input.name}" already exists.`,
    { field, name: field === 'code' ? input.code : input.name },
  );

async function checkInput(tx: Tx, input: TJurisdictionInput, id: string | null): Promise<void> {
  const clash = await repo.findClash(tx, input, id);
  if (clash) throw exists(clash.field, input);
  if (input.holidayCalendar) {
    const country = await repo.holidayCalendarCountry(tx, input.holidayCalendar);
    if (!country)
      throw errors.badRequest('HOLIDAY_CALENDAR_UNKNOWN', `There is no holiday calendar "${input.holidayCalendar}".`, [
        { path: 'holidayCalendar', message: 'Unknown holiday calendar', code: 'HOLIDAY_CALENDAR_UNKNOWN' },
      ]);
    if (country !== input.country)
      throw errors.badRequest(
        'HOLIDAY_CALENDAR_COUNTRY',
        `The holiday calendar "${input.holidayCalendar}" is ${country}'s; the jurisdiction is in ${input.country}.`,
        [{ path: 'holidayCalendar', message: 'Another country’s calendar', code: 'HOLIDAY_CALENDAR_COUNTRY' }],
        { calendar: input.holidayCalendar, country },
      );
  }
  if (input.parentId) {
    if (input.parentId === id || !(await repo.findJurisdiction(tx, input.parentId)))
      throw errors.notFound('JURISDICTION', { field: 'parentId' });
    if (id && (await repo.wouldCycle(tx, id, input.parentId)))
      throw errors.badRequest('JURISDICTION_CYCLE', 'A jurisdiction cannot be placed under one of its own parts.', [
        { path: 'parentId', message: 'Would make a cycle', code: 'JURISDICTION_CYCLE' },
      ]);
  }
}

/** Two operators saving the same code at once: the unique index answers; say it like the check does. */
async function uniquely<T>(input: TJurisdictionInput, fn: () => Promise<T>): Promise<T> {
  try {
    return await fn();
  } catch (err) {
    if (isPgError(err, '23505')) throw exists('code', input);
    throw err;
  }
}

export function createJurisdiction(ctx: Ctx, input: TJurisdictionInput): Promise<TJurisdiction> {
  const operator = asKeeper(ctx);
  return uniquely(input, () =>
    ctx.platform({ action: 'lms.jurisdiction.create', audit: false }, async (tx) => {
      await checkInput(tx, input, null);
      const id = await repo.insertJurisdiction(tx, input, operator.accountId);
      await ctx.audit('jurisdiction.created', id, { after: input }, { workspaceId: null });
      return toJurisdiction((await repo.findJurisdiction(tx, id))!, operator);
    }),
  );
}

export function updateJurisdiction(ctx: Ctx, id: string, input: TJurisdictionInput): Promise<TJurisdiction> {
  const operator = asKeeper(ctx);
  return uniquely(input, () =>
    ctx.platform({ action: 'lms.jurisdiction.update', audit: false }, async (tx) => {
      const before = await repo.findJurisdiction(tx, id, true);
      if (!before) throw errors.notFound('JURISDICTION');
      authorize(operator, jurisdictionPolicy, 'edit', before);
      await checkInput(tx, input, id);
      await repo.updateJurisdiction(tx, id, input);
      await ctx.audit(
        'jurisdiction.updated',
        id,
        {
          before: {
            code: before.code,
            name: before.name,
            country: before.country,
            parentId: before.parentId,
            holidayCalendar: before.holidayCalendar,
          },
          after: input,
        },
        { workspaceId: null },
      );
      return toJurisdiction((await repo.findJurisdiction(tx, id))!, operator);
    }),
  );
}

/** Deletes a jurisdiction; refused (409 `JURISDICTION_IN_USE`) while a course or another jurisdiction names it. */
export async function deleteJurisdiction(ctx: Ctx, id: string): Promise<{ deleted: true }> {
  const operator = asKeeper(ctx);
  // A course tagged with it between the check and the delete: the foreign key answers; say it the same way.
  return removeJurisdiction(ctx, operator, id).catch((err: unknown) => {
    if (isPgError(err, '23503'))
      throw errors.conflict(
        'JURISDICTION_IN_USE',
        'A course was just tagged with this jurisdiction. Reload the list.',
        {
          count: 1,
          children: 0,
        },
      );
    throw err;
  });
}

function removeJurisdiction(ctx: Ctx, operator: OperatorActor, id: string): Promise<{ deleted: true }> {
  return ctx.platform({ action: 'lms.jurisdiction.delete', audit: false }, async (tx) => {
    const before = await repo.findJurisdiction(tx, id, true);
    if (!before) throw errors.notFound('JURISDICTION');
    // The policy's refusal, with the counts the web says it with.
    if (!can(operator, jurisdictionPolicy, 'delete', before))
      throw errors.conflict(
        'JURISDICTION_IN_USE',
        before.courseCount > 0
          ? `${before.courseCount} course(s) are tagged with this jurisdiction. Remove the tag from them first.`
          : 'Other jurisdictions are placed under this one. Move or delete them first.',
        { count: before.courseCount, children: before.childCount },
      );
    await repo.deleteJurisdiction(tx, id);
    await ctx.audit(
      'jurisdiction.deleted',
      id,
      { before: { code: before.code, name: before.name, country: before.country } },
      { workspaceId: null },
    );
    return { deleted: true as const };
  });
}

/** The holiday calendars the operator may give a jurisdiction (`admin/holiday-calendar/all`). */
export function listHolidayCalendars(ctx: Ctx): Promise<{ calendars: THolidayCalendarSummary[] }> {
  asKeeper(ctx);
  return ctx.platform({ action: 'lms.holiday-calendar.list', audit: false }, async (tx) => ({
    calendars: await repo.listHolidayCalendars(tx),
  }));
}
