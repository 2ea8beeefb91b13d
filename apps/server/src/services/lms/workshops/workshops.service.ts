import { createHmac, timingSafeEqual } from 'node:crypto';
import {
  type TMyWorkshop,
  type TMyWorkshops,
  type TWorkshop,
  type TWorkshopAttendanceResult,
  type TWorkshopCheckInRequest,
  type TWorkshopCreateRequest,
  type TWorkshopDetails,
  type TWorkshopListRequest,
  type TWorkshopPage,
  type TWorkshopSessionCode,
  type TWorkshopsHeld,
  type TWorkshopsHeldQuery,
  type TWorkshopUpdateRequest,
  toPagedResult,
  WORKSHOP_CHECK_IN_EARLY_MINUTES,
  WORKSHOP_CHECK_IN_LATE_MINUTES,
  WORKSHOPS_PAGE_SIZE,
} from '@app/contract';
import type { Ctx } from '../../../core/context.ts';
import type { Tx } from '../../../core/db/database.ts';
import { dateInZone, instantInZone, startOfDateInZone, timeInZone } from '../../../core/deadlines.ts';
import { AppError, errors } from '../../../core/errors.ts';
import { emit } from '../../../core/events.ts';
import type { NewJob } from '../../../core/jobs.ts';
import { languageOr, renderMail } from '../../../core/messages/index.ts';
import { workspaceBrand } from '../../../core/messages/messages.repo.ts';
import { type Actor, actorOf, allowedActions, authorize, can, holds, limitedToUnit } from '../../../core/policy.ts';
import { type RateRule, rateCheck, rateLimited } from '../../../core/rate-limit.ts';
import { workspaceTimeZone } from '../../../core/time-zone.repo.ts';
import * as assignRepo from '../assignments/assignments.repo.ts';
import { type Assigner, assigner, checkUnitFilter, requireInScope } from '../assignments/assignments.service.ts';
import { insertCertificate } from '../certificates/certificates.repo.ts';
import { createEnrolments } from '../enrolments/enrolments.service.ts';
import { readAssignmentSettings } from '../enrolments/settings.repo.ts';
import * as learningRepo from '../learning/learning.repo.ts';
import { calendarFile, mailDateTime, type WorkshopMailKind, workshopMail } from './workshop-mail.ts';
import { myWorkshopPolicy, type WorkshopFacts, workshopListPolicy, workshopPolicy } from './workshops.policy.ts';
import * as repo from './workshops.repo.ts';

/**
 * Workshops (issue 21, item 13; docs/decisions.md "Workshops with attendance"). Scheduling and
 * managing take `courses.assign` with the course assignment's scope (`assigner`): a business unit
 * admin schedules for its own unit's people and manages its unit's workshops only. The audience is
 * the assignment's filter (the same checks and the same query). Every invitee and the trainer get a
 * mail with the calendar file, enqueued in the transaction that schedules, changes or cancels the
 * workshop. Attendance: the trainer (or a manager) marks it from the list, or the attendee enters
 * the session code during the session window; each marking is audited, and where the workshop
 * belongs to a course it completes the attendee's enrolment and issues the certificate.
 */

/** Wrong session codes one attendee may enter per workshop in a quarter of an hour. */
const CHECK_IN_FAILURES: RateRule = { max: 5, windowSeconds: 15 * 60 };
/** The member's list keeps workshops that ended up to this many days ago. */
const MY_PAST_DAYS = 7;

const iso = (d: Date | string) => new Date(d).toISOString();
const minutes = (n: number) => n * 60_000;
const endOf = (w: { startsAt: Date | string; durationMinutes: number }) =>
  new Date(new Date(w.startsAt).getTime() + minutes(w.durationMinutes));

/** When the session code is accepted: from 15 minutes before the start to 15 minutes after the end. */
function window(w: { startsAt: Date | string; durationMinutes: number }) {
  return {
    from: new Date(new Date(w.startsAt).getTime() - minutes(WORKSHOP_CHECK_IN_EARLY_MINUTES)),
    until: new Date(endOf(w).getTime() + minutes(WORKSHOP_CHECK_IN_LATE_MINUTES)),
  };
}

function phaseOf(w: { startsAt: Date | string; durationMinutes: number }, now: Date): WorkshopFacts['phase'] {
  const { from, until } = window(w);
  if (now < from) return 'BEFORE';
  return now <= until ? 'OPEN' : 'ENDED';
}

/** The caller's managing scope: the assignment's (null: it does not hold `courses.assign`). */
function managerScope(ctx: Ctx, actor: Actor): Assigner | null {
  return can(actor, workshopListPolicy, 'manage', null) ? assigner(ctx) : null;
}

/** The caller managing workshops (`workshopListPolicy.manage`), with the assignment's scope. */
function managers(ctx: Ctx): { actor: Actor; scope: Assigner } {
  if (ctx.workspaceId === null) throw errors.forbidden('MANAGE_WORKSHOPS');
  const actor = actorOf(ctx);
  authorize(actor, workshopListPolicy, 'manage', null);
  return { actor, scope: assigner(ctx) };
}

/** The caller taking part in workshops (`workshopListPolicy.attend`). */
function member(ctx: Ctx): Actor {
  if (ctx.workspaceId === null) throw errors.forbidden();
  const actor = actorOf(ctx);
  authorize(actor, workshopListPolicy, 'attend', null);
  return actor;
}

function factsOf(w: repo.WorkshopRow, scope: Assigner | null, now: Date): WorkshopFacts {
  const reach = scope === null ? 'NONE' : scope.unit === null || scope.unit === w.branchId ? 'MANAGES' : 'OUTSIDE';
  return { trainerId: w.trainerId, status: w.status, reach, phase: phaseOf(w, now) };
}

function present(w: repo.WorkshopRow, zone: string, actor: Actor, facts: WorkshopFacts): TWorkshop {
  const starts = new Date(w.startsAt);
  return {
    id: w.id,
    title: w.title,
    description: w.description,
    status: w.status,
    startsAt: starts.toISOString(),
    endsAt: endOf(w).toISOString(),
    date: dateInZone(starts, zone),
    time: timeInZone(starts, zone),
    timeZone: zone,
    durationMinutes: w.durationMinutes,
    location: w.location,
    onlineUrl: w.onlineUrl,
    trainer: { id: w.trainerId, name: w.trainerName },
    capacity: w.capacity,
    course: w.courseId ? { id: w.courseId, title: w.courseTitle ?? '' } : null,
    branchId: w.branchId,
    audience: w.audience,
    invited: w.invited,
    attended: w.attended,
    actions: allowedActions(actor, workshopPolicy, facts),
  };
}

/** The start: a local date and time in the workspace's zone, a calendar date, and still to come. */
function startOf(ctx: Ctx, date: string, time: string, zone: string): Date {
  let at: Date;
  try {
    at = instantInZone(date, time, zone);
  } catch {
    at = new Date(Number.NaN);
  }
  if (Number.isNaN(at.getTime()) || dateInZone(startOfDateInZone(date, zone), zone) !== date)
    throw errors.badRequest('VALIDATION_FAILED', 'The date is not a calendar date.', [
      { path: 'date', message: 'Use the form YYYY-MM-DD', code: 'INVALID_DATE' },
    ]);
  if (at.getTime() <= ctx.clock.now().getTime())
    throw errors.badRequest('WORKSHOP_IN_PAST', 'The workshop would start in the past. Choose a later time.', [
      { path: 'date', message: 'is in the past', code: 'WORKSHOP_IN_PAST' },
    ]);
  return at;
}

function requirePlace(location: string | null, onlineUrl: string | null) {
  if (!location && !onlineUrl)
    throw errors.badRequest('WORKSHOP_NO_PLACE', 'Give a place, an online link, or both.', [
      { path: 'location', message: 'a place or an online link is needed', code: 'WORKSHOP_NO_PLACE' },
    ]);
}

async function requireTrainer(tx: Tx, s: Assigner, trainerId: string) {
  await requireInScope(tx, s, [trainerId]);
}

// Mail

async function enqueueMails(
  ctx: Ctx,
  tx: Tx,
  w: repo.WorkshopRow,
  kind: WorkshopMailKind,
  zone: string,
  only?: string[],
): Promise<number> {
  const all = await repo.recipients(tx, w.id);
  const to = all.filter((r) => r.email && (!only || only.includes(r.accountId)));
  if (!to.length) return 0;
  const brand = await workspaceBrand(tx, ctx.origin, w.workspaceId);
  const trainer = all.find((r) => r.accountId === w.trainerId);
  const cancelled = kind === 'CANCELLED';
  const host = new URL(ctx.origin).host;
  const ics = calendarOf(w, trainer?.email ?? null, cancelled, host);
  const place = [w.location, w.onlineUrl].filter(Boolean).join(' · ');
  const jobs: NewJob[] = to.map((r) => {
    const lang = languageOr(r.language);
    const mail = workshopMail(kind, lang, {
      company: brand.name,
      firstName: r.firstName ?? '',
      title: w.title,
      when: mailDateTime(new Date(w.startsAt), lang, zone),
      durationMinutes: w.durationMinutes,
      place,
      trainer: w.trainerName,
      link: `${ctx.origin}/learning`,
    });
    return {
      queue: 'mail.send',
      key: `workshop:${w.id}:${kind}:${w.sequence}:${r.accountId}`,
      data: {
        workspaceId: w.workspaceId,
        to: r.email!,
        ...renderMail(brand, mail, lang),
        attachments: [
          {
            filename: cancelled ? 'workshop-cancelled.ics' : 'workshop.ics',
            contentType: `text/calendar; charset=utf-8; method=${cancelled ? 'CANCEL' : 'REQUEST'}`,
            content: ics,
          },
        ],
      },
    };
  });
  await ctx.jobs.enqueueAll(tx, jobs);
  return jobs.length;
}

// Managing

export function create(ctx: Ctx, body: TWorkshopCreateRequest): Promise<TWorkshop> {
  const { actor, scope: s } = managers(ctx);
  const location = body.location || null;
  const onlineUrl = body.onlineUrl || null;
  requirePlace(location, onlineUrl);
  const audience = body.audience;
  if (audience.startJoiningDate && audience.endJoiningDate && audience.startJoiningDate > audience.endJoiningDate)
    throw errors.badRequest('JOINING_DATES_REVERSED', 'The joining date range ends before it starts.', [
      { path: 'audience.endJoiningDate', message: 'is before startJoiningDate', code: 'JOINING_DATES_REVERSED' },
    ]);
  return ctx.tenant(async (tx) => {
    const zone = await workspaceTimeZone(tx, s.workspaceId);
    const startsAt = startOf(ctx, body.date, body.time, zone);
    await requireTrainer(tx, s, body.trainerId);
    let courseId: string | null = null;
    if (body.courseId) {
      const course = await assignRepo.findCourse(tx, s.workspaceId, body.courseId);
      if (!course?.usable || course.status !== 'ACTIVE') throw errors.notFound('COURSE');
      if (!course.publishedVersionId)
        throw errors.conflict('COURSE_NOT_PUBLISHED', 'This course is not published yet: publish it first.');
      courseId = course.id;
    }
    await checkUnitFilter(tx, s, audience.branchId, audience.departmentId);
    if (audience.userIds?.length) await requireInScope(tx, s, audience.userIds);
    const match = await assignRepo.matchFilter(tx, s, null, audience);
    if (match.ids.length === 0)
      throw errors.conflict('WORKSHOP_NO_AUDIENCE', 'Nobody matches this audience: choose whom to invite.');
    if (match.ids.length > body.capacity)
      throw errors.conflict(
        'WORKSHOP_OVER_CAPACITY',
        `This audience is ${match.ids.length} people, more than the ${body.capacity} places: raise the capacity or narrow the audience.`,
        { invited: match.ids.length, capacity: body.capacity },
      );
    const department = audience.departmentId
      ? await assignRepo.findDepartment(tx, s.workspaceId, audience.departmentId)
      : undefined;
    const id = await repo.insertWorkshop(tx, {
      workspaceId: s.workspaceId,
      branchId: s.unit ?? audience.branchId ?? department?.branchId ?? null,
      title: body.title,
      description: body.description || null,
      startsAt,
      durationMinutes: body.durationMinutes,
      location,
      onlineUrl,
      trainerId: body.trainerId,
      capacity: body.capacity,
      courseId,
      audience,
      actor: s.accountId,
    });
    await repo.insertInvitations(tx, s.workspaceId, id, match.ids);
    const w = (await repo.findWorkshop(tx, id))!;
    await enqueueMails(ctx, tx, w, 'INVITED', zone);
    await ctx.audit('workshop.created', id, {
      after: {
        title: w.title,
        startsAt: iso(w.startsAt),
        durationMinutes: w.durationMinutes,
        location,
        onlineUrl,
        trainerId: w.trainerId,
        capacity: w.capacity,
        courseId,
        audience,
        invited: match.ids.length,
      },
    });
    return present(w, zone, actor, factsOf(w, s, ctx.clock.now()));
  });
}

export function update(ctx: Ctx, id: string, body: TWorkshopUpdateRequest): Promise<TWorkshop> {
  const { actor, scope: s } = managers(ctx);
  return ctx.tenant(async (tx) => {
    const before = await repo.findWorkshop(tx, id, true);
    if (!before) throw errors.notFound('WORKSHOP');
    authorize(actor, workshopPolicy, 'edit', factsOf(before, s, ctx.clock.now()));
    const zone = await workspaceTimeZone(tx, s.workspaceId);
    const starts = new Date(before.startsAt);
    const date = body.date ?? dateInZone(starts, zone);
    const time = body.time ?? timeInZone(starts, zone);
    const moved = date !== dateInZone(starts, zone) || time !== timeInZone(starts, zone);
    const startsAt = moved ? startOf(ctx, date, time, zone) : starts;
    const location = body.location === undefined ? before.location : body.location || null;
    const onlineUrl = body.onlineUrl === undefined ? before.onlineUrl : body.onlineUrl || null;
    requirePlace(location, onlineUrl);
    const trainerId = body.trainerId ?? before.trainerId;
    if (trainerId !== before.trainerId) await requireTrainer(tx, s, trainerId);
    const capacity = body.capacity ?? before.capacity;
    if (capacity < before.invited)
      throw errors.conflict(
        'WORKSHOP_OVER_CAPACITY',
        `${before.invited} people are invited: the capacity cannot be less.`,
        { invited: before.invited, capacity },
      );
    const durationMinutes = body.durationMinutes ?? before.durationMinutes;
    const changedTimeOrPlace =
      moved ||
      durationMinutes !== before.durationMinutes ||
      location !== before.location ||
      onlineUrl !== before.onlineUrl;
    const next = {
      title: body.title ?? before.title,
      description: body.description === undefined ? before.description : body.description || null,
      startsAt,
      durationMinutes,
      location,
      onlineUrl,
      trainerId,
      capacity,
    };
    await repo.updateWorkshop(tx, id, { ...next, bumpSequence: changedTimeOrPlace, actor: s.accountId });
    const w = (await repo.findWorkshop(tx, id))!;
    // A new date, time or place: everyone's calendar is updated; a new trainer gets the invitation.
    if (changedTimeOrPlace) await enqueueMails(ctx, tx, w, 'UPDATED', zone);
    else if (trainerId !== before.trainerId) await enqueueMails(ctx, tx, w, 'INVITED', zone, [trainerId]);
    const changed = (Object.keys(next) as Array<keyof typeof next>).filter(
      (k) =>
        String(next[k] instanceof Date ? iso(next[k] as Date) : next[k]) !==
        String(k === 'startsAt' ? iso(before.startsAt) : before[k]),
    );
    await ctx.audit('workshop.updated', id, {
      before: Object.fromEntries(changed.map((k) => [k, k === 'startsAt' ? iso(before.startsAt) : before[k]])),
      after: Object.fromEntries(changed.map((k) => [k, k === 'startsAt' ? iso(startsAt) : next[k]])),
      mailed: changedTimeOrPlace,
    });
    return present(w, zone, actor, factsOf(w, s, ctx.clock.now()));
  });
}

export function cancel(ctx: Ctx, id: string): Promise<TWorkshop> {
  const { actor, scope: s } = managers(ctx);
  return ctx.tenant(async (tx) => {
    const before = await repo.findWorkshop(tx, id, true);
    if (!before) throw errors.notFound('WORKSHOP');
    authorize(actor, workshopPolicy, 'cancel', factsOf(before, s, ctx.clock.now()));
    await repo.cancelWorkshop(tx, id, s.accountId);
    const w = (await repo.findWorkshop(tx, id))!;
    const zone = await workspaceTimeZone(tx, s.workspaceId);
    const mailed = await enqueueMails(ctx, tx, w, 'CANCELLED', zone);
    await ctx.audit('workshop.cancelled', id, {
      before: { status: 'SCHEDULED' },
      after: { status: 'CANCELLED', mailed },
    });
    return present(w, zone, actor, factsOf(w, s, ctx.clock.now()));
  });
}

/** The workshops the caller manages or trains (a member who does neither gets an empty page). */
export function list(ctx: Ctx, body: TWorkshopListRequest): Promise<TWorkshopPage> {
  const actor = member(ctx);
  const scope = managerScope(ctx, actor);
  return ctx.tenant(async (tx) => {
    const zone = await workspaceTimeZone(tx, actor.workspaceId);
    const now = ctx.clock.now();
    const page = { pageNo: body.pageNo, pageSize: WORKSHOPS_PAGE_SIZE };
    const rows = await repo.workshopsPage(tx, {
      manages: scope !== null,
      unit: scope?.unit ?? null,
      accountId: actor.accountId,
      when: body.when,
      now,
      ...page,
    });
    return toPagedResult(
      rows.map(({ total: _, ...w }) => present(w, zone, actor, factsOf(w, scope, now))),
      rows[0]?.total ?? 0,
      page,
    );
  });
}

export function details(ctx: Ctx, id: string): Promise<TWorkshopDetails> {
  const actor = member(ctx);
  const scope = managerScope(ctx, actor);
  return ctx.tenant(async (tx) => {
    const w = await repo.findWorkshop(tx, id);
    if (!w) throw errors.notFound('WORKSHOP');
    const facts = factsOf(w, scope, ctx.clock.now());
    authorize(actor, workshopPolicy, 'view', facts);
    const zone = await workspaceTimeZone(tx, actor.workspaceId);
    const people = await repo.attendees(tx, id);
    return {
      ...present(w, zone, actor, facts),
      attendees: people.map((p) => ({ ...p, attendedAt: p.attendedAt ? iso(p.attendedAt) : null })),
    };
  });
}

// Attendance

/**
 * Attendance of a workshop that belongs to a course completes the attendee's enrolment there (the
 * attendee is enrolled first when they were not: a catalogue course spends a credit, as any
 * assignment does), with the certificate, as finishing the course's items would. Answers whether
 * it completed it now.
 */
async function completeCourse(ctx: Ctx, tx: Tx, w: repo.WorkshopRow, accountId: string): Promise<boolean> {
  if (!w.courseId) return false;
  let e = await repo.activeEnrolment(tx, w.courseId, accountId);
  if (!e) {
    await createEnrolments(ctx, tx, {
      workspaceId: w.workspaceId,
      courseId: w.courseId,
      accountIds: [accountId],
      source: 'MANUAL',
    });
    e = await repo.activeEnrolment(tx, w.courseId, accountId);
  }
  if (!e || e.completedAt) return false;
  const settings = await readAssignmentSettings(tx, w.workspaceId, w.courseId);
  const done = await learningRepo.completeEnrolment(tx, e.id, {
    score: null,
    recurrenceMonths: settings.recurrenceMonths,
  });
  if (!done) return false;
  await insertCertificate(tx, {
    workspaceId: w.workspaceId,
    enrolmentId: e.id,
    cycle: e.cycle,
    accountId,
    courseId: w.courseId,
    learnerName: e.learnerName,
    courseTitle: await learningRepo.versionTitle(tx, e.versionId, e.language),
    language: e.language as never,
    score: null,
    completedAt: new Date(done.completedAt),
    expiresAt: done.expiresAt ? new Date(done.expiresAt) : null,
  });
  await ctx.audit('enrolment.completed', e.id, {
    after: {
      courseId: w.courseId,
      cycle: e.cycle,
      score: null,
      expiresAt: done.expiresAt ? iso(done.expiresAt) : null,
      workshopId: w.id,
    },
  });
  await emit(ctx, tx, 'training.completed', {
    workspaceId: w.workspaceId,
    accountId,
    courseId: w.courseId,
    enrolmentId: e.id,
  });
  return true;
}

async function mark(
  ctx: Ctx,
  tx: Tx,
  w: repo.WorkshopRow,
  accountId: string,
  method: 'TRAINER' | 'CODE',
  by: string,
): Promise<{ attendedAt: Date; courseCompleted: boolean }> {
  if ((await repo.attendedCount(tx, w.id)) >= w.capacity)
    throw errors.conflict('WORKSHOP_FULL', 'Every place of this workshop is taken.', { capacity: w.capacity });
  const attendedAt = (await repo.setAttendance(tx, { workshopId: w.id, accountId, attended: true, method, by }))!;
  const courseCompleted = await completeCourse(ctx, tx, w, accountId);
  await ctx.audit('workshop.attendance_marked', w.id, { accountId, method, courseCompleted });
  return { attendedAt, courseCompleted };
}

/** The trainer (or a manager) marks or unmarks one invitee's attendance. */
export function setAttendance(
  ctx: Ctx,
  id: string,
  userId: string,
  attended: boolean,
): Promise<TWorkshopAttendanceResult> {
  const actor = member(ctx);
  const scope = managerScope(ctx, actor);
  return ctx.tenant(async (tx) => {
    const w = await repo.findWorkshop(tx, id, true);
    if (!w) throw errors.notFound('WORKSHOP');
    authorize(actor, workshopPolicy, 'markAttendance', factsOf(w, scope, ctx.clock.now()));
    const invitation = await repo.findInvitation(tx, id, userId, true);
    if (!invitation) throw errors.notFound('USER');
    let attendedAt: Date | null = invitation.attendedAt;
    let courseCompleted = false;
    if (attended && !invitation.attendedAt) {
      ({ attendedAt, courseCompleted } = await mark(ctx, tx, w, userId, 'TRAINER', actor.accountId));
    } else if (!attended && invitation.attendedAt) {
      attendedAt = await repo.setAttendance(tx, {
        workshopId: id,
        accountId: userId,
        attended: false,
        method: 'TRAINER',
        by: actor.accountId,
      });
      await ctx.audit('workshop.attendance_unmarked', id, { accountId: userId });
    }
    return {
      userId,
      attendedAt: attendedAt ? iso(attendedAt) : null,
      courseCompleted,
      attended: await repo.attendedCount(tx, id),
    };
  });
}

/** The session code of round `round`: six digits from the workspace secret and the workshop; stored nowhere. */
function sessionCode(secret: string, workshopId: string, round: number): string {
  const mac = createHmac('sha256', secret).update(`workshop-session-code:${workshopId}:${round}`).digest();
  return String(mac.readUInt32BE(0) % 1_000_000).padStart(6, '0');
}

/** The code the trainer shows at the session (audited as a read). */
export function showCode(ctx: Ctx, id: string): Promise<TWorkshopSessionCode> {
  const actor = member(ctx);
  const scope = managerScope(ctx, actor);
  return ctx.tenant(async (tx) => {
    const w = await repo.findWorkshop(tx, id);
    if (!w) throw errors.notFound('WORKSHOP');
    authorize(actor, workshopPolicy, 'showCode', factsOf(w, scope, ctx.clock.now()));
    await ctx.audit('workshop.code_shown', id, { round: w.codeRound });
    const { from, until } = window(w);
    return {
      code: sessionCode(ctx.config.authSecret, w.id, w.codeRound),
      validFrom: from.toISOString(),
      validUntil: until.toISOString(),
    };
  });
}

/**
 * The attendee enters the session code: accepted only during the session window, for their own
 * invitation; wrong codes are counted (5 per 15 minutes per person and workshop, then 429).
 */
export async function checkIn(ctx: Ctx, id: string, body: TWorkshopCheckInRequest): Promise<TMyWorkshop> {
  const actor = member(ctx);
  const key = `workshop-check-in:${id}:${actor.accountId}`;
  const outcome = await ctx.tenant(async (tx) => {
    const w = await repo.myWorkshop(tx, id, actor.accountId, true);
    if (!w) throw errors.notFound('WORKSHOP');
    const now = ctx.clock.now();
    authorize(actor, myWorkshopPolicy, 'checkIn', {
      status: w.status,
      phase: phaseOf(w, now),
      attended: w.attendedAt !== null,
    });
    const wait = await rateCheck(tx, key, CHECK_IN_FAILURES, false);
    if (wait > 0) return { kind: 'WAIT', wait } as const;
    const expected = Buffer.from(sessionCode(ctx.config.authSecret, w.id, w.codeRound));
    const given = Buffer.from(body.code);
    if (given.length !== expected.length || !timingSafeEqual(given, expected)) {
      // Counted, and the refusal audited, in this transaction (which commits: the answer is a 400 after it).
      await rateCheck(tx, key, CHECK_IN_FAILURES, true);
      await ctx.audit('workshop.check_in_refused', id, { reason: 'WRONG_CODE' });
      return { kind: 'WRONG' } as const;
    }
    await mark(ctx, tx, w, actor.accountId, 'CODE', actor.accountId);
    const zone = await workspaceTimeZone(tx, actor.workspaceId);
    return {
      kind: 'OK',
      workshop: presentMine((await repo.myWorkshop(tx, id, actor.accountId))!, zone, actor, now),
    } as const;
  });
  if (outcome.kind === 'WAIT') throw rateLimited(outcome.wait);
  if (outcome.kind === 'WRONG')
    throw new AppError(
      400,
      'WORKSHOP_CODE_WRONG',
      'That is not this session’s code. Check the code shown at the session.',
      {
        details: [{ path: 'code', message: 'is not the session code', code: 'WORKSHOP_CODE_WRONG' }],
      },
    );
  return outcome.workshop;
}

// The member's own

function presentMine(w: repo.MyWorkshopRow, zone: string, actor: Actor, now: Date): TMyWorkshop {
  const facts = { status: w.status, phase: phaseOf(w, now), attended: w.attendedAt !== null };
  return {
    id: w.id,
    title: w.title,
    description: w.description,
    status: w.status,
    startsAt: iso(w.startsAt),
    endsAt: endOf(w).toISOString(),
    timeZone: zone,
    durationMinutes: w.durationMinutes,
    location: w.location,
    onlineUrl: w.onlineUrl,
    trainerName: w.trainerName,
    course: w.courseId ? { id: w.courseId, title: w.courseTitle ?? '' } : null,
    attendedAt: w.attendedAt ? iso(w.attendedAt) : null,
    checkInOpen: facts.status === 'SCHEDULED' && facts.phase === 'OPEN',
    actions: allowedActions(actor, myWorkshopPolicy, facts),
  };
}

/** The workshops the member is invited to (upcoming, and those that ended in the last week). */
export function mine(ctx: Ctx): Promise<TMyWorkshops> {
  const actor = member(ctx);
  return ctx.tenant(async (tx) => {
    const now = ctx.clock.now();
    const zone = await workspaceTimeZone(tx, actor.workspaceId);
    const rows = await repo.myWorkshops(tx, actor.accountId, now, MY_PAST_DAYS);
    return { content: rows.map((w) => presentMine(w, zone, actor, now)) };
  });
}

/** The calendar file of a workshop, for an invitee, its trainer or a manager in scope. */
export function calendar(ctx: Ctx, id: string): Promise<{ filename: string; body: string }> {
  const actor = member(ctx);
  const scope = managerScope(ctx, actor);
  return ctx.tenant(async (tx) => {
    const w = await repo.findWorkshop(tx, id);
    if (!w) throw errors.notFound('WORKSHOP');
    const invited = await repo.findInvitation(tx, id, actor.accountId);
    if (!invited) authorize(actor, workshopPolicy, 'view', factsOf(w, scope, ctx.clock.now()));
    const trainer = (await repo.recipients(tx, id)).find((r) => r.accountId === w.trainerId);
    const body = calendarOf(w, trainer?.email ?? null, w.status === 'CANCELLED', new URL(ctx.origin).host);
    return { filename: 'workshop.ics', body };
  });
}

/** A workshop's calendar file (invitation, update or cancellation), as mailed and downloaded. */
function calendarOf(w: repo.WorkshopRow, trainerEmail: string | null, cancelled: boolean, host: string): string {
  return calendarFile({
    id: w.id,
    title: w.title,
    description: w.description,
    startsAt: new Date(w.startsAt),
    durationMinutes: w.durationMinutes,
    location: w.location,
    onlineUrl: w.onlineUrl,
    sequence: w.sequence,
    organizer: { name: w.trainerName, email: trainerEmail },
    cancelled,
    host,
  });
}

// The annual report

/**
 * Workshops held in a period (days in the workspace's zone, both included): not cancelled, started
 * in it and ended by now, with attendances. `reports.view`; a unit-limited reader: its unit's.
 */
export function held(ctx: Ctx, q: TWorkshopsHeldQuery): Promise<TWorkshopsHeld> {
  if (ctx.workspaceId === null) throw errors.forbidden();
  const actor = actorOf(ctx);
  if (!holds(actor, 'reports.view')) throw errors.forbidden();
  if (q.from > q.to)
    throw errors.badRequest('DATES_REVERSED', 'The period ends before it starts.', [
      { path: 'to', message: 'is before from', code: 'DATES_REVERSED' },
    ]);
  const unit = limitedToUnit(actor) ? (ctx.principal?.branchId ?? '00000000-0000-0000-0000-000000000000') : null;
  return ctx.tenant(async (tx) => {
    const zone = await workspaceTimeZone(tx, actor.workspaceId);
    const from = startOfDateInZone(q.from, zone);
    const next = new Date(startOfDateInZone(q.to, zone).getTime() + 36 * 3_600_000);
    const to = startOfDateInZone(dateInZone(next, zone), zone);
    const rows = await repo.workshopsHeld(tx, { from, to, now: ctx.clock.now(), unit });
    return {
      from: q.from,
      to: q.to,
      held: rows.length,
      attendees: rows.reduce((n, r) => n + r.attended, 0),
      workshops: rows.map((r) => ({ ...r, startsAt: iso(r.startsAt) })),
    };
  });
}
