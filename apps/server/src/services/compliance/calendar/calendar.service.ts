import type { TCalendar, TCalendarFeed, TCalendarFeedState, TCalendarQuery, TWorkspaceRole } from '@app/contract';
import { scopeOf } from '../../../core/admin-scope.ts';
import type { Ctx } from '../../../core/context.ts';
import { hashToken, newToken } from '../../../core/crypto.ts';
import { dateInZone } from '../../../core/deadlines.ts';
import { addCalendarDays, calendarDaysBetween } from '../../../core/due-rules.ts';
import { AppError } from '../../../core/errors.ts';
import { permissionsFor, workspaceOverrides } from '../../../core/permissions.ts';
import { type Actor, actorOf, authorize } from '../../../core/policy.ts';
import { workspaceTimeZone } from '../../../core/time-zone.repo.ts';
import * as repo from '../register/register.repo.ts';
import { presentOccurrence, reachOf } from '../register/register.service.ts';
import { calendarPolicy } from './calendar.policy.ts';
import { icsCalendar } from './ics.ts';

/**
 * The register's calendar (issue 24): the caller's occurrences between two dates for the month and
 * list views, and a personal ICS feed behind a token (only its SHA-256 is stored; the token is shown
 * once). The feed carries titles and due dates only: no notes, file names or people.
 */

/** The longest range the calendar answers at once (a year and a month: the list view's widest). */
const MAX_RANGE_DAYS = 400;
/** What the feed covers: from 90 days back to two years ahead. */
const FEED_PAST_DAYS = 90;
const FEED_AHEAD_DAYS = 731;
const FEED_MAX_EVENTS = 2000;

export function calendar(ctx: Ctx, q: TCalendarQuery): Promise<TCalendar> {
  const actor = actorOf(ctx);
  authorize(actor, calendarPolicy, 'view', { accountId: actor.accountId });
  if (q.from > q.to)
    throw new AppError(400, 'BAD_REQUEST', 'The range ends before it starts.', {
      params: { reason: 'DATES_REVERSED' },
      details: [{ path: 'querystring.to', message: 'is before from', code: 'DATES_REVERSED' }],
    });
  if (calendarDaysBetween(q.from, q.to) > MAX_RANGE_DAYS)
    throw new AppError(400, 'BAD_REQUEST', `Ask for at most ${MAX_RANGE_DAYS} days at once.`, {
      params: { reason: 'RANGE_TOO_LONG', days: MAX_RANGE_DAYS },
      details: [{ path: 'querystring.to', message: 'too far from from', code: 'RANGE_TOO_LONG' }],
    });
  return ctx.tenant(async (tx, t) => {
    const rows = await repo.occurrencesBetween(
      tx,
      t.workspaceId,
      reachOf(actor),
      { from: q.from, to: q.to, mine: q.mine === 'true' },
      FEED_MAX_EVENTS,
    );
    return { occurrences: rows.map((r) => presentOccurrence(actor, r)) };
  });
}

export function feedState(ctx: Ctx): Promise<TCalendarFeedState> {
  const actor = actorOf(ctx);
  authorize(actor, calendarPolicy, 'manageFeed', { accountId: actor.accountId });
  return ctx.tenant(async (tx, t) => {
    const live = await repo.liveFeed(tx, t.workspaceId, actor.accountId);
    return { active: Boolean(live), createdAt: live ? new Date(live.createdAt).toISOString() : null };
  });
}

const feedUrl = (ctx: Ctx, token: string) => `${ctx.origin}/lms/api/compliance/calendar/feed/${token}.ics`;

/** A new feed address for the caller; the previous one stops working. The token is in the answer only. */
export function createFeed(ctx: Ctx): Promise<TCalendarFeed> {
  const actor = actorOf(ctx);
  authorize(actor, calendarPolicy, 'manageFeed', { accountId: actor.accountId });
  const token = newToken();
  return ctx.tenant(async (tx, t) => {
    const replaced = await repo.revokeFeed(tx, t.workspaceId, actor.accountId);
    const row = await repo.insertFeed(tx, t.workspaceId, actor.accountId, hashToken(token));
    await ctx.audit('compliance_calendar_feed.created', actor.accountId, { replacedPrevious: replaced });
    return { url: feedUrl(ctx, token), createdAt: new Date(row.createdAt).toISOString() };
  });
}

export function revokeFeed(ctx: Ctx): Promise<TCalendarFeedState> {
  const actor = actorOf(ctx);
  authorize(actor, calendarPolicy, 'manageFeed', { accountId: actor.accountId });
  return ctx.tenant(async (tx, t) => {
    if (await repo.revokeFeed(tx, t.workspaceId, actor.accountId))
      await ctx.audit('compliance_calendar_feed.revoked', actor.accountId, null);
    return { active: false, createdAt: null };
  });
}

const feedNotFound = () =>
  new AppError(404, 'NOT_FOUND', 'This calendar address does not work (any more).', {
    params: { reason: 'CALENDAR_FEED_NOT_FOUND' },
  });

/**
 * `GET …/calendar/feed/{token}.ics` (no session: the token is the credential, on its workspace's
 * host only): the token owner's occurrences as the register shows them to that person now (an
 * owner's or reviewer's; all those a register manager reaches), if still an active member.
 */
export function feed(ctx: Ctx, token: string): Promise<string> {
  return ctx.tenant(async (tx, t) => {
    const owner = await repo.feedOwner(tx, t.workspaceId, hashToken(token));
    if (!owner) throw feedNotFound();
    const role = owner.role as TWorkspaceRole;
    const permissions = permissionsFor(role, await workspaceOverrides(tx, t.workspaceId));
    const actor: Actor = {
      kind: 'member',
      workspaceId: t.workspaceId,
      accountId: owner.accountId,
      role,
      permissions,
      scope: scopeOf(role, owner.branchId, permissions),
    };
    authorize(actor, calendarPolicy, 'view', { accountId: owner.accountId });
    const today = dateInZone(ctx.clock.now(), await workspaceTimeZone(tx, t.workspaceId));
    const rows = await repo.occurrencesBetween(
      tx,
      t.workspaceId,
      reachOf(actor),
      { from: addCalendarDays(today, -FEED_PAST_DAYS), to: addCalendarDays(today, FEED_AHEAD_DAYS), mine: false },
      FEED_MAX_EVENTS,
    );
    const host = new URL(ctx.origin).host;
    return icsCalendar(
      'Compliance register',
      rows.map((r) => ({ uid: `${r.id}@${host}`, title: r.title, date: r.dueDate })),
      ctx.clock.now(),
    );
  });
}
