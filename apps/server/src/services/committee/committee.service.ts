import {
  type TCommittee,
  type TCommitteeInput,
  type TCommitteeKind,
  type TCommitteeMember,
  type TCommitteeRegister,
  type TMyCommitteeCard,
  ZCommitteeAction,
  ZCommitteeInput,
} from '@app/contract';
import type { z } from 'zod';
import { type Ctx, principalOf } from '../../core/context.ts';
import { sha256Hex } from '../../core/crypto.ts';
import type { Tx } from '../../core/db/database.ts';
import { dateInZone } from '../../core/deadlines.ts';
import { addCalendarDays, calendarDaysBetween } from '../../core/due-rules.ts';
import { AppError } from '../../core/errors.ts';
import { emit } from '../../core/events.ts';
import { type Actor, actorOf, allowedActions, authorize, can, reaches, seesWholeWorkspace } from '../../core/policy.ts';
import { newFileKey, safeFileName } from '../../core/storage.ts';
import { workspaceCountry, workspaceTimeZone } from '../../core/time-zone.repo.ts';
import type { CommitteeSnapshot } from './audit-actions.ts';
import { type CommitteeRecord, committeeCardPolicy, committeePolicy } from './committee.policy.ts';
import * as repo from './committee.repo.ts';
import { type ComposedMember, checkDate, compositionViolations, inForce, lastDay } from './composition.ts';

/**
 * The Internal Committee register (POSH s.4) and Canada's designated recipients (SOR/2020-130 s.14),
 * issue 24. A committee's composition is kept as member rows with terms (history: the composition
 * on any date is the rows in force then, see committee.repo.ts); a change that alters who sits on
 * it, in which role, with which gender or term, ends the old row and starts a new one. Who may do
 * what: committee.policy.ts.
 */

type Input = z.infer<typeof ZCommitteeInput>;
type Country = 'IN' | 'CA';

/** The kind a workspace of `country` keeps: an Internal Committee in India, designated recipients in Canada. */
export const kindFor = (country: Country): TCommitteeKind =>
  country === 'CA' ? 'DESIGNATED_RECIPIENT' : 'INTERNAL_COMMITTEE';

/** Days left before a term's end that mark it ENDING. */
const ENDING_DAYS = 60;
/** How long after its end an expired term is still listed in today's composition. */
const EXPIRED_SHOWN_DAYS = 90;

const countryOf = async (tx: Tx, workspaceId: string): Promise<Country> =>
  (await workspaceCountry(tx, workspaceId)) === 'CA' ? 'CA' : 'IN';

async function todayIn(ctx: Ctx, tx: Tx, workspaceId: string): Promise<{ today: string; zone: string }> {
  const zone = await workspaceTimeZone(tx, workspaceId);
  return { today: dateInZone(ctx.clock.now(), zone), zone };
}

const notFound = () =>
  new AppError(404, 'NOT_FOUND', 'The committee was not found.', { params: { reason: 'COMMITTEE_NOT_FOUND' } });

/** The member actor of a workspace request (403 on the platform host). */
function member(ctx: Ctx): Actor {
  if (ctx.workspaceId === null)
    throw new AppError(403, 'FORBIDDEN', 'Sign in to a workspace.', { params: { reason: 'FORBIDDEN' } });
  return actorOf(ctx);
}

const recordOf = (
  c: Pick<repo.CommitteeRow, 'workspaceId' | 'workspaceWide'>,
  branchIds: readonly string[],
): CommitteeRecord => ({
  workspaceId: c.workspaceId,
  workspaceWide: c.workspaceWide,
  branchIds,
});

function termState(m: repo.MemberRow, date: string): TCommitteeMember['termState'] {
  if (m.termStart > date) return 'NOT_STARTED';
  if (m.leftOn && m.leftOn < m.termEnd && m.leftOn < date) return 'LEFT';
  if (m.termEnd < date) return 'EXPIRED';
  return calendarDaysBetween(date, m.termEnd) <= ENDING_DAYS ? 'ENDING' : 'IN_TERM';
}

function toMember(m: repo.MemberRow, date: string): TCommitteeMember {
  const recipient = m.role === 'DESIGNATED_RECIPIENT';
  return {
    id: m.id,
    role: m.role as TCommitteeMember['role'],
    accountId: m.accountId,
    name: m.name,
    designation: m.designation,
    organisation: m.organisation,
    email: m.email,
    phone: m.phone,
    gender: m.gender as TCommitteeMember['gender'],
    senior: m.senior,
    termStart: m.termStart,
    termEnd: m.termEnd,
    leftOn: m.leftOn,
    termState: termState(m, date),
    training:
      recipient || m.trainingCompletedOn || m.trainingCourseId
        ? {
            completedOn: m.trainingCompletedOn,
            note: m.trainingNote,
            courseId: m.trainingCourseId,
            courseTitle: m.courseTitle,
            completedHereOn: m.trainingCourseId ? m.completedHereOn : null,
          }
        : null,
  };
}

const composed = (m: repo.MemberRow): ComposedMember => ({
  role: m.role as ComposedMember['role'],
  external: m.accountId === null,
  gender: m.gender as ComposedMember['gender'],
  senior: m.senior,
  termStart: m.termStart,
  termEnd: m.termEnd,
  leftOn: m.leftOn,
  name: m.name,
});

const CONTRACT_ACTIONS = new Set<string>(ZCommitteeAction.options);

/**
 * A committee as of `asOf`: the members in force that day (and, looking at today, those whose term
 * is still to begin), its status and the rules broken, and what the caller may do with it.
 */
function present(
  actor: Actor,
  c: repo.CommitteeRow,
  units: repo.UnitLink[],
  currentBranchIds: string[],
  rows: repo.MemberRow[],
  asOf: string,
  today: string,
): TCommittee {
  const current = rows.filter((m) => inForce(m, asOf));
  // Today's view also lists the members to come, and those whose term ran out lately (shown EXPIRED
  // for EXPIRED_SHOWN_DAYS, so that the register says why the committee is short).
  const shown =
    asOf === today
      ? rows.filter(
          (m) =>
            inForce(m, asOf) ||
            m.termStart > asOf ||
            (m.leftOn === null && m.termEnd < asOf && calendarDaysBetween(m.termEnd, asOf) <= EXPIRED_SHOWN_DAYS),
        )
      : current;
  const dissolved = c.dissolvedOn !== null && c.dissolvedOn < asOf;
  const violations = dissolved ? [] : compositionViolations(c.kind as TCommitteeKind, current.map(composed), asOf);
  const status = dissolved
    ? 'DISSOLVED'
    : current.length === 0
      ? 'EXPIRED'
      : violations.length > 0
        ? 'UNLAWFUL'
        : 'LAWFUL';
  const ends = current.map((m) => lastDay(m)).sort();
  const actions = allowedActions(actor, committeePolicy, recordOf(c, currentBranchIds)).filter(
    (a) => CONTRACT_ACTIONS.has(a) && !(c.dissolvedOn !== null && a !== 'history'),
  ) as TCommittee['actions'];
  return {
    id: c.id,
    kind: c.kind as TCommitteeKind,
    name: c.name,
    workspaceWide: c.workspaceWide,
    units: units.map((u) => ({ id: u.branchId, name: u.branchName })),
    orderDate: c.orderDate,
    order:
      c.orderStorageKey && c.orderFileName
        ? { fileName: c.orderFileName, sizeBytes: c.orderSizeBytes ?? 0, sha256: c.orderSha256 ?? '' }
        : null,
    howToRaise: c.howToRaise,
    asOf,
    members: shown.map((m) => toMember(m, asOf)),
    status,
    violations,
    nextTermEnd: ends[0] ?? null,
    dissolvedOn: c.dissolvedOn,
    actions,
  };
}

const byCommittee = <T extends { committeeId: string }>(rows: T[], id: string) =>
  rows.filter((r) => r.committeeId === id);

/** The coarse check before a large body is read (an upload): the caller keeps registers here at all. */
export function assertKeepsRegisters(ctx: Ctx): void {
  const actor = member(ctx);
  authorize(actor, committeePolicy, 'viewRegister', {
    workspaceId: actor.workspaceId,
    workspaceWide: false,
    branchIds: [],
  });
}

// Reads

/** `GET /api/committee/register`: the committees the caller sees, and every unit in its reach with its flag. */
export function register(ctx: Ctx): Promise<TCommitteeRegister> {
  const actor = member(ctx);
  authorize(actor, committeePolicy, 'viewRegister', {
    workspaceId: actor.workspaceId,
    workspaceWide: false,
    branchIds: [],
  });
  return ctx.tenant(async (tx, t) => {
    const country = await countryOf(tx, t.workspaceId);
    const kind = kindFor(country);
    const { today, zone } = await todayIn(ctx, tx, t.workspaceId);
    const all = await repo.listCommittees(tx, t.workspaceId);
    const ids = all.map((c) => c.id);
    const open = await repo.unitsOf(tx, ids, null);
    const servedToday = await repo.unitsOf(tx, ids, today);
    const visible = all.filter((c) =>
      can(
        actor,
        committeePolicy,
        'view',
        recordOf(
          c,
          byCommittee(open, c.id).map((u) => u.branchId),
        ),
      ),
    );
    const members = await repo.membersOf(
      tx,
      visible.map((c) => c.id),
      zone,
    );
    const committees = visible.map((c) => {
      const own = byCommittee(open, c.id);
      return present(
        actor,
        c,
        own,
        own.map((u) => u.branchId),
        byCommittee(members, c.id),
        today,
        today,
      );
    });
    const byId = new Map(committees.map((c) => [c.id, c]));
    const serving = (c: repo.CommitteeRow) => c.kind === kind && (c.dissolvedOn === null || c.dissolvedOn >= today);
    const wide = all.find((c) => serving(c) && c.workspaceWide);
    const units = (await repo.unitHeadcounts(tx, t.workspaceId))
      .filter((u) => seesWholeWorkspace(actor) || reaches(actor, u.id))
      .map((u): TCommitteeRegister['units'][number] => {
        const link = servedToday.find((l) => l.branchId === u.id && serving(all.find((c) => c.id === l.committeeId)!));
        const c = (link && all.find((x) => x.id === link.committeeId)) ?? wide ?? null;
        const shown = c ? byId.get(c.id) : undefined;
        const committee = c ? { id: c.id, name: c.name, status: shown?.status ?? 'LAWFUL' } : null;
        if (country === 'CA')
          return {
            ...u,
            committee,
            flag: committee ? 'COVERED' : 'NEEDS_DESIGNATED_RECIPIENT',
            section: 's.14',
          };
        if (committee) return { ...u, committee, flag: 'COVERED', section: 's.4(1)' };
        return u.headcount >= 10
          ? { ...u, committee, flag: 'NEEDS_COMMITTEE', section: 's.4(1)' }
          : { ...u, committee, flag: 'LOCAL_COMMITTEE', section: 's.6(1)' };
      });
    return {
      country,
      committees,
      units,
      canCreate: can(actor, committeePolicy, 'viewRegister', {
        workspaceId: actor.workspaceId,
        workspaceWide: false,
        branchIds: [],
      }),
    };
  });
}

/** `GET /api/committee/details/{id}?asOf=`: the composition on a date (default today), units served that day. */
export function details(ctx: Ctx, id: string, asOf?: string): Promise<TCommittee> {
  const actor = member(ctx);
  return ctx.tenant(async (tx, t) => {
    const c = await repo.findCommittee(tx, t.workspaceId, id);
    if (!c) throw notFound();
    const open = await repo.unitsOf(tx, [c.id], null);
    authorize(
      actor,
      committeePolicy,
      asOf ? 'history' : 'view',
      recordOf(
        c,
        open.map((u) => u.branchId),
      ),
    );
    const { today, zone } = await todayIn(ctx, tx, t.workspaceId);
    const date = asOf ?? today;
    const units = date === today ? open : await repo.unitsOf(tx, [c.id], date);
    const rows = await repo.membersOf(tx, [c.id], zone);
    return present(
      actor,
      c,
      units,
      open.map((u) => u.branchId),
      rows,
      date,
      today,
    );
  });
}

// Changes

const snapshotOf = (
  c: Pick<repo.CommitteeRow, 'kind' | 'name' | 'workspaceWide' | 'orderDate'>,
  branchIds: string[],
  rows: repo.MemberRow[],
): CommitteeSnapshot => ({
  kind: c.kind,
  name: c.name,
  workspaceWide: c.workspaceWide,
  branchIds: [...branchIds].sort(),
  orderDate: c.orderDate,
  members: rows.map((m) => ({
    id: m.id,
    role: m.role,
    accountId: m.accountId,
    externalName: m.externalName,
    gender: m.gender,
    senior: m.senior,
    termStart: m.termStart,
    termEnd: m.termEnd,
    leftOn: m.leftOn,
  })),
});

const bad = (reason: string, message: string, details: { path: string; message: string; code?: string }[] = []) =>
  new AppError(400, 'BAD_REQUEST', message, { params: { reason }, ...(details.length ? { details } : {}) });

/** The member values of an input row. */
function valuesOf(m: Input['members'][number]): repo.MemberValues {
  return {
    role: m.role,
    accountId: m.accountId,
    externalName: m.external?.name ?? null,
    externalOrganisation: m.external?.organisation ?? null,
    externalEmail: m.external?.email ?? null,
    externalPhone: m.external?.phone ?? null,
    gender: m.gender,
    senior: m.senior,
    termStart: m.termStart,
    termEnd: m.termEnd,
    leftOn: m.leftOn ?? null,
    trainingCompletedOn: m.trainingCompletedOn ?? null,
    trainingNote: m.trainingNote ?? null,
    trainingCourseId: m.trainingCourseId ?? null,
  };
}

/** Whether a change alters who sits, in which role, with which gender or term (history: a new row). */
const changesSeat = (old: repo.MemberRow, v: repo.MemberValues): boolean =>
  old.role !== v.role ||
  old.accountId !== v.accountId ||
  (old.externalName ?? null) !== v.externalName ||
  old.gender !== v.gender ||
  old.termStart !== v.termStart ||
  old.termEnd !== v.termEnd;

/** Whether a correction (contact, seniority, training, the day they leave) changes the row. */
const changesDetails = (old: repo.MemberRow, v: repo.MemberValues): boolean =>
  (old.organisation ?? null) !== v.externalOrganisation ||
  (old.externalEmail ?? null) !== v.externalEmail ||
  (old.externalPhone ?? null) !== v.externalPhone ||
  old.senior !== v.senior ||
  old.leftOn !== v.leftOn ||
  old.trainingCompletedOn !== v.trainingCompletedOn ||
  (old.trainingNote ?? null) !== v.trainingNote ||
  old.trainingCourseId !== v.trainingCourseId;

/**
 * Checks an input against the workspace (country, units, members' accounts, courses) and the law
 * (composition.ts), throwing before anything is written.
 */
async function check(
  tx: Tx,
  workspaceId: string,
  body: Input,
  existing: Map<string, repo.MemberRow>,
  committeeId: string | null,
  today: string,
): Promise<void> {
  const country = await countryOf(tx, workspaceId);
  if (body.kind !== kindFor(country))
    throw new AppError(
      422,
      'COMMITTEE_KIND_NOT_FOR_COUNTRY',
      `A workspace in ${country === 'CA' ? 'Canada names designated recipients (s.14)' : 'India constitutes an Internal Committee (s.4)'}.`,
      {
        params: { kind: body.kind, country, expected: kindFor(country) },
        details: [{ path: 'body.kind', message: `use ${kindFor(country)}`, code: 'COMMITTEE_KIND_NOT_FOR_COUNTRY' }],
      },
    );
  if (!body.workspaceWide && body.branchIds.length === 0)
    throw bad(
      'COMMITTEE_SERVES_NOTHING',
      'Choose the business units the committee serves, or make it serve the whole workspace.',
      [{ path: 'body.branchIds', message: 'choose at least one unit', code: 'COMMITTEE_SERVES_NOTHING' }],
    );
  const units = await repo.unitsAmong(tx, workspaceId, body.branchIds);
  const unknownUnits = body.branchIds.map((b, i) => ({ b, i })).filter((x) => !units.has(x.b));
  if (unknownUnits.length > 0)
    throw bad(
      'COMMITTEE_UNIT_UNKNOWN',
      'A business unit was not found in this workspace.',
      unknownUnits.map((x) => ({
        path: `body.branchIds.${x.i}`,
        message: 'not a unit of this workspace',
        code: 'UNIT_UNKNOWN',
      })),
    );
  if (body.workspaceWide) {
    const other = await repo.otherWorkspaceWide(tx, workspaceId, body.kind, committeeId);
    if (other)
      throw new AppError(
        409,
        'CONFLICT',
        `"${other.name}" already serves the whole workspace; dissolve it or narrow it to its units first.`,
        {
          params: { reason: 'COMMITTEE_WORKSPACE_WIDE_EXISTS', name: other.name },
        },
      );
  }
  const problems: { path: string; message: string; code: string }[] = [];
  body.members.forEach((m, i) => {
    if (m.id !== undefined && !existing.has(m.id))
      problems.push({
        path: `body.members.${i}.id`,
        message: 'not a member of this committee',
        code: 'COMMITTEE_MEMBER_UNKNOWN',
      });
    if (m.leftOn && m.leftOn < m.termStart)
      problems.push({
        path: `body.members.${i}.leftOn`,
        message: 'leaves before the term starts',
        code: 'COMMITTEE_MEMBER_LEFT_BEFORE_START',
      });
  });
  const accountIds = [...new Set(body.members.flatMap((m) => (m.accountId ? [m.accountId] : [])))];
  const active = await repo.activeMembersAmong(tx, workspaceId, accountIds);
  body.members.forEach((m, i) => {
    if (m.accountId && !active.has(m.accountId))
      problems.push({
        path: `body.members.${i}.accountId`,
        message: 'not an active member of this workspace',
        code: 'COMMITTEE_MEMBER_NOT_ACTIVE',
      });
  });
  // The same employee twice at once (two seats on one committee).
  body.members.forEach((m, i) => {
    const twin = body.members.findIndex(
      (o, j) =>
        j < i &&
        o.accountId !== null &&
        o.accountId === m.accountId &&
        o.termStart <= m.termEnd &&
        m.termStart <= o.termEnd,
    );
    if (twin >= 0)
      problems.push({
        path: `body.members.${i}.accountId`,
        message: 'already on the committee for that period',
        code: 'COMMITTEE_MEMBER_TWICE',
      });
  });
  const courseIds = [...new Set(body.members.flatMap((m) => (m.trainingCourseId ? [m.trainingCourseId] : [])))];
  const courses = await repo.coursesAmong(tx, workspaceId, courseIds);
  body.members.forEach((m, i) => {
    if (m.trainingCourseId && !courses.has(m.trainingCourseId))
      problems.push({
        path: `body.members.${i}.trainingCourseId`,
        message: 'no such course here',
        code: 'COURSE_UNKNOWN',
      });
  });
  if (problems.length > 0) {
    const notActive = problems.every((p) => p.code === 'COMMITTEE_MEMBER_NOT_ACTIVE');
    throw new AppError(
      notActive ? 422 : 400,
      notActive ? 'COMMITTEE_MEMBER_NOT_ACTIVE' : 'BAD_REQUEST',
      notActive
        ? 'Every employee on the committee must be an active member of this workspace.'
        : 'Some members cannot be saved as given.',
      {
        params: { reason: notActive ? 'COMMITTEE_MEMBER_NOT_ACTIVE' : 'COMMITTEE_MEMBERS_INVALID' },
        details: problems,
      },
    );
  }
  // The law: the composition in force on the change's date (or the first day one is in term).
  const names = new Map<string, string>();
  for (const m of existing.values()) if (m.accountId) names.set(m.accountId, m.name);
  const people: ComposedMember[] = body.members.map((m, i) => ({
    role: m.role,
    external: m.accountId === null,
    gender: m.gender,
    senior: m.senior,
    termStart: m.termStart,
    termEnd: m.termEnd,
    leftOn: m.leftOn ?? null,
    name: m.external?.name ?? names.get(m.accountId ?? '') ?? `#${i + 1}`,
  }));
  const date = checkDate(people, today, body.effectiveDate);
  const violations = compositionViolations(body.kind, people, date);
  if (violations.length > 0)
    throw new AppError(
      422,
      'COMMITTEE_COMPOSITION_UNLAWFUL',
      `The committee as composed breaks ${violations.length} rule${violations.length > 1 ? 's' : ''} of the law (${violations.map((v) => v.section).join(', ')}).`,
      {
        params: { count: violations.length, date },
        details: violations.map((v) => ({
          path: 'body.members',
          message: `${v.rule} (${v.section})`,
          code: v.rule,
          params: { section: v.section, ...v.params },
        })),
      },
    );
}

/**
 * `POST /api/committee/create` and `POST /api/committee/update/{id}`: saves the whole composition
 * (checked first: nothing is written on a refusal), moves the units asked for from any other
 * committee of the kind, audits the change and emits `committee.changed`, all in one transaction.
 */
export function save(ctx: Ctx, id: string | null, body: TCommitteeInput): Promise<TCommittee> {
  const actor = member(ctx);
  const input = ZCommitteeInput.parse(body);
  return ctx.tenant(async (tx, t) => {
    const wanted = recordOf({ workspaceId: t.workspaceId, workspaceWide: input.workspaceWide }, input.branchIds);
    let before: repo.CommitteeRow | null = null;
    let beforeUnits: repo.UnitLink[] = [];
    if (id) {
      before = (await repo.findCommittee(tx, t.workspaceId, id, true)) ?? null;
      if (!before) throw notFound();
      beforeUnits = await repo.unitsOf(tx, [id], null);
      authorize(
        actor,
        committeePolicy,
        'update',
        recordOf(
          before,
          beforeUnits.map((u) => u.branchId),
        ),
      );
      // The committee as it will be must stay within the caller's reach too.
      authorize(actor, committeePolicy, 'update', wanted);
      if (before.dissolvedOn !== null)
        throw new AppError(409, 'CONFLICT', 'This committee was dissolved; constitute a new one.', {
          params: { reason: 'COMMITTEE_DISSOLVED' },
        });
      if (before.kind !== input.kind)
        throw bad('COMMITTEE_KIND_CHANGED', 'A committee keeps its kind.', [
          { path: 'body.kind', message: `this committee is ${before.kind}`, code: 'COMMITTEE_KIND_CHANGED' },
        ]);
    } else {
      authorize(actor, committeePolicy, 'create', wanted);
    }
    await repo.lockRegister(tx, t.workspaceId);
    const { today, zone } = await todayIn(ctx, tx, t.workspaceId);
    const oldRows = id ? await repo.membersOf(tx, [id], zone) : [];
    const existing = new Map(oldRows.map((m) => [m.id, m]));
    await check(tx, t.workspaceId, input, existing, id, today);

    const day = input.effectiveDate ?? today;
    const dayBefore = addCalendarDays(day, -1);
    let committeeId: string;
    if (before && id) {
      committeeId = id;
      await repo.updateCommittee(tx, id, input);
    } else {
      committeeId = await repo.insertCommittee(tx, {
        workspaceId: t.workspaceId,
        ...input,
        createdBy: actor.accountId,
      });
    }
    // Members: a seat changed ends the old row (history) and starts a new one; a correction edits in place.
    const kept = new Set<string>();
    for (const m of input.members) {
      const v = valuesOf(m);
      const old = m.id ? existing.get(m.id) : undefined;
      if (!old) {
        await repo.insertMember(tx, t.workspaceId, committeeId, v);
        continue;
      }
      kept.add(old.id);
      if (changesSeat(old, v)) {
        await repo.endMember(tx, old.id, dayBefore);
        const start = old.termStart <= dayBefore && v.termStart < day ? day : v.termStart;
        if (start <= v.termEnd && (v.leftOn === null || v.leftOn >= start))
          await repo.insertMember(tx, t.workspaceId, committeeId, { ...v, termStart: start });
      } else if (changesDetails(old, v)) {
        await repo.correctMember(tx, old.id, v);
      }
    }
    // Members left out: their seat ends the day before the change (those already gone stay as they were).
    for (const old of oldRows)
      if (!kept.has(old.id) && lastDay(old) >= day) await repo.endMember(tx, old.id, dayBefore);

    // Units: those dropped end the day before; those added move here from any other committee of the kind.
    const want = new Set(input.branchIds);
    for (const u of beforeUnits) if (!want.has(u.branchId)) await repo.endUnitLink(tx, u.id, dayBefore);
    const had = new Set(beforeUnits.map((u) => u.branchId));
    const added = input.branchIds.filter((b) => !had.has(b));
    const movedFrom: Record<string, string> = {};
    for (const link of await repo.openUnitLinks(tx, t.workspaceId, input.kind, added, day)) {
      if (link.committeeId !== committeeId) movedFrom[link.branchId] = link.committeeId;
      await repo.endUnitLink(tx, link.id, dayBefore);
    }
    for (const b of added)
      await repo.insertUnitLink(tx, {
        workspaceId: t.workspaceId,
        committeeId,
        branchId: b,
        kind: input.kind,
        fromDate: day,
      });

    const after = (await repo.findCommittee(tx, t.workspaceId, committeeId))!;
    const afterUnits = await repo.unitsOf(tx, [committeeId], null);
    const afterRows = await repo.membersOf(tx, [committeeId], zone);
    const afterSnap = snapshotOf(
      after,
      afterUnits.map((u) => u.branchId),
      afterRows,
    );
    if (before) {
      await ctx.audit('committee.updated', committeeId, {
        before: snapshotOf(
          before,
          beforeUnits.map((u) => u.branchId),
          oldRows,
        ),
        after: afterSnap,
        effectiveDate: day,
        unitsMovedFrom: movedFrom,
      });
    } else {
      await ctx.audit('committee.created', committeeId, {
        after: afterSnap,
        effectiveDate: day,
        unitsMovedFrom: movedFrom,
      });
    }
    const touched = [...new Set([...beforeUnits.map((u) => u.branchId), ...input.branchIds])];
    await emit(ctx, tx, 'committee.changed', {
      workspaceId: t.workspaceId,
      committeeId,
      branchIds: touched.slice(0, 500),
    });
    // The committees that lost a unit changed too.
    const losers = new Map<string, string[]>();
    for (const [branch, from] of Object.entries(movedFrom)) losers.set(from, [...(losers.get(from) ?? []), branch]);
    for (const [from, branches] of losers)
      await emit(ctx, tx, 'committee.changed', {
        workspaceId: t.workspaceId,
        committeeId: from,
        branchIds: branches.slice(0, 500),
      });
    return present(
      actor,
      after,
      afterUnits,
      afterUnits.map((u) => u.branchId),
      afterRows,
      today,
      today,
    );
  });
}

/**
 * `POST /api/committee/{id}/dissolve`: its last day is `dissolvedOn`; the members' seats and the
 * units' rows end then (the composition on earlier dates stays as it was).
 */
export function dissolve(ctx: Ctx, id: string, dissolvedOn: string): Promise<TCommittee> {
  const actor = member(ctx);
  return ctx.tenant(async (tx, t) => {
    const c = await repo.findCommittee(tx, t.workspaceId, id, true);
    if (!c) throw notFound();
    const units = await repo.unitsOf(tx, [id], null);
    const branchIds = units.map((u) => u.branchId);
    authorize(actor, committeePolicy, 'dissolve', recordOf(c, branchIds));
    await repo.lockRegister(tx, t.workspaceId);
    if (c.dissolvedOn !== null)
      throw new AppError(409, 'CONFLICT', 'This committee was dissolved already.', {
        params: { reason: 'COMMITTEE_DISSOLVED' },
      });
    const { today, zone } = await todayIn(ctx, tx, t.workspaceId);
    for (const m of await repo.membersOf(tx, [id], zone))
      if (lastDay(m) > dissolvedOn) await repo.endMember(tx, m.id, dissolvedOn);
    await repo.dissolve(tx, id, dissolvedOn);
    await ctx.audit('committee.dissolved', id, { dissolvedOn, branchIds });
    await emit(ctx, tx, 'committee.changed', { workspaceId: t.workspaceId, committeeId: id, branchIds });
    const after = (await repo.findCommittee(tx, t.workspaceId, id))!;
    return present(
      actor,
      after,
      await repo.unitsOf(tx, [id], dissolvedOn < today ? dissolvedOn : today),
      [],
      await repo.membersOf(tx, [id], zone),
      today,
      today,
    );
  });
}

// The written order constituting the committee (s.4(1); displayed to employees, s.19(b))

/** Whether the bytes are a PDF: its signature at the very start (what `file-type` checks) and an end marker. */
export function isPdf(data: Buffer): boolean {
  return data.subarray(0, 5).toString('latin1') === '%PDF-' && data.subarray(-1024).includes(Buffer.from('%%EOF'));
}

/**
 * `POST /api/committee/{id}/order`: keeps the PDF privately (its SHA-256 recorded), with the order's
 * date; the one it replaces is deleted once the database points at the new one.
 */
export async function uploadOrder(
  ctx: Ctx,
  id: string,
  upload: { data: Buffer; fileName: string; orderDate: string },
): Promise<TCommittee> {
  const actor = member(ctx);
  const sha256 = sha256Hex(upload.data);
  const fileName = safeFileName(
    upload.fileName.toLowerCase().endsWith('.pdf') ? upload.fileName : `${upload.fileName}.pdf`,
  );
  let stored: string | null = null;
  let replaced: string | null = null;
  try {
    const result = await ctx.tenant(async (tx, t) => {
      const c = await repo.findCommittee(tx, t.workspaceId, id, true);
      if (!c) throw notFound();
      const units = await repo.unitsOf(tx, [id], null);
      authorize(
        actor,
        committeePolicy,
        'uploadOrder',
        recordOf(
          c,
          units.map((u) => u.branchId),
        ),
      );
      if (c.dissolvedOn !== null)
        throw new AppError(409, 'CONFLICT', 'This committee was dissolved.', {
          params: { reason: 'COMMITTEE_DISSOLVED' },
        });
      if (!isPdf(upload.data))
        throw new AppError(415, 'NOT_A_PDF', 'The order must be a PDF file.', { params: { reason: 'NOT_A_PDF' } });
      stored = newFileKey(t.workspaceId, 'committee-orders', fileName, ctx.clock.now());
      await ctx.storage.put(stored, upload.data, { contentType: 'application/pdf' });
      await repo.setOrder(tx, id, {
        orderDate: upload.orderDate,
        key: stored,
        fileName,
        sizeBytes: upload.data.length,
        sha256,
      });
      replaced = c.orderStorageKey;
      await ctx.audit('committee.order_uploaded', id, {
        orderDate: upload.orderDate,
        fileName,
        sizeBytes: upload.data.length,
        sha256,
        replaced: c.orderStorageKey ? { fileName: c.orderFileName, sha256: c.orderSha256 } : null,
      });
      await emit(ctx, tx, 'committee.changed', {
        workspaceId: t.workspaceId,
        committeeId: id,
        branchIds: units.map((u) => u.branchId),
      });
      const { today, zone } = await todayIn(ctx, tx, t.workspaceId);
      const after = (await repo.findCommittee(tx, t.workspaceId, id))!;
      return present(
        actor,
        after,
        units,
        units.map((u) => u.branchId),
        await repo.membersOf(tx, [id], zone),
        today,
        today,
      );
    });
    if (replaced && replaced !== stored) await ctx.storage.delete(replaced).catch(() => undefined);
    return result;
  } catch (err) {
    if (stored) await ctx.storage.delete(stored).catch(() => undefined);
    throw err;
  }
}

export type OrderFile = { stream: NodeJS.ReadableStream; fileName: string; size: number };

async function readOrder(ctx: Ctx, c: repo.CommitteeRow): Promise<OrderFile> {
  if (!c.orderStorageKey)
    throw new AppError(404, 'NOT_FOUND', 'No order was uploaded for this committee.', {
      params: { reason: 'COMMITTEE_ORDER_NOT_FOUND' },
    });
  const file = await ctx.storage.get(c.orderStorageKey);
  if (!file)
    throw new AppError(404, 'NOT_FOUND', 'The order file is missing.', {
      params: { reason: 'COMMITTEE_ORDER_NOT_FOUND' },
    });
  return { stream: file.stream, fileName: c.orderFileName ?? 'order.pdf', size: file.size };
}

/** `GET /api/committee/{id}/order`: the order, for whoever may read the committee in the register. */
export async function managerOrder(ctx: Ctx, id: string): Promise<OrderFile> {
  const actor = member(ctx);
  const c = await ctx.tenant(async (tx, t) => {
    const found = await repo.findCommittee(tx, t.workspaceId, id);
    if (!found) throw notFound();
    const units = await repo.unitsOf(tx, [id], null);
    authorize(
      actor,
      committeePolicy,
      'readOrder',
      recordOf(
        found,
        units.map((u) => u.branchId),
      ),
    );
    return found;
  });
  return readOrder(ctx, c);
}

// The employee's card

/** The committee serving the caller's unit today (its own, else the workspace-wide one). */
async function myCommittee(ctx: Ctx, tx: Tx, workspaceId: string) {
  const country = await countryOf(tx, workspaceId);
  const { today, zone } = await todayIn(ctx, tx, workspaceId);
  const me = principalOf(ctx);
  const unit = (await repo.memberUnit(tx, workspaceId, me.accountId)) ?? me.branchId;
  const id = await repo.servingCommittee(tx, workspaceId, kindFor(country), unit, today);
  const c = id ? await repo.findCommittee(tx, workspaceId, id) : undefined;
  return { country, today, zone, unit, c };
}

/** `GET /api/committee/my`: the caller's committee (or designated recipients) with the members in term today. */
export function myCard(ctx: Ctx): Promise<TMyCommitteeCard> {
  const actor = member(ctx);
  authorize(actor, committeeCardPolicy, 'view', { workspaceId: actor.workspaceId, servesCaller: false });
  return ctx.tenant(async (tx, t) => {
    const { country, today, zone, unit, c } = await myCommittee(ctx, tx, t.workspaceId);
    if (!c) {
      const headcount = (await repo.unitHeadcounts(tx, t.workspaceId)).find((u) => u.id === unit)?.headcount ?? 0;
      return { country, committee: null, localCommittee: country === 'IN' && unit !== null && headcount < 10 };
    }
    const rows = (await repo.membersOf(tx, [c.id], zone)).filter((m) => inForce(m, today));
    return {
      country,
      committee: {
        id: c.id,
        kind: c.kind as TCommitteeKind,
        name: c.name,
        members: rows.map((m) => ({
          role: m.role as TCommitteeMember['role'],
          name: m.name,
          email: m.email,
          phone: m.phone,
        })),
        howToRaise: c.howToRaise,
        orderAvailable: c.orderStorageKey !== null,
        orderDate: c.orderDate,
      },
      localCommittee: false,
    };
  });
}

/** `GET /api/committee/my/order`: the order of the committee serving the caller's unit (s.19(b)). */
export async function myOrder(ctx: Ctx): Promise<OrderFile> {
  const actor = member(ctx);
  const c = await ctx.tenant(async (tx, t) => {
    const { c: found } = await myCommittee(ctx, tx, t.workspaceId);
    authorize(actor, committeeCardPolicy, 'readOrder', {
      workspaceId: t.workspaceId,
      servesCaller: Boolean(found?.orderStorageKey),
    });
    return found!;
  });
  return readOrder(ctx, c);
}
