import { randomUUID } from 'node:crypto';
import type { TCaseWorkDone } from '@app/contract';
import { z } from 'zod';
import type { Ctx } from '../../../core/context.ts';
import { sha256Hex } from '../../../core/crypto.ts';
import { AppError } from '../../../core/errors.ts';
import type { NewJob } from '../../../core/jobs.ts';
import type { MailAttachment } from '../../../core/mail.ts';
import { messagesFor, renderMail } from '../../../core/messages/index.ts';
import { workspaceBrand } from '../../../core/messages/messages.repo.ts';
import type { AnswerProblem } from './answers.ts';
import { type OpenCase, withCase } from './case-core.ts';
import {
  bumpRevision,
  caseStep,
  checkRevision,
  invalidMeeting,
  isConciliation,
  liveAccess,
  membersIn,
  requireActive,
  requireNoMoney,
} from './case-work.ts';
import type * as casesRepo from './cases.repo.ts';
import { meetingIcs } from './ics.ts';
import { type Item, readItem, writeItem } from './items.ts';
import {
  type MeetingFieldDef,
  meetingFieldProblems,
  type Outsider,
  outsidersIn,
  RECORD_FIELDS,
} from './meeting-fields.ts';
import * as repo from './meetings.repo.ts';
import { caseLink, enqueueCaseNotices } from './notices.ts';

/*
 * The committee's meetings in a MEETING step (issue 26): scheduled with the step's fields from the
 * frozen definition, guests invited (parties get a notice in their own thread with the title, time
 * and place only; everyone a content-free mail with a calendar file), rescheduled or cancelled (the
 * calendar's SEQUENCE moves on), and recorded as held with minutes, outcome and who was present —
 * a hearing only with its quorum present (POSH Rule 7(7)).
 *
 * Guests: people with access to the case (members, the complainant, participants) by account;
 * people without an account (the committee's external member, say) by name and email in the GUESTS
 * field, invited by mail only (their address is the one thing of the case a mail job carries: it
 * is where the invitation goes).
 */

type Input = {
  stepId: string;
  fields: Record<string, unknown>;
  guestAccountIds: string[];
  revision?: number | undefined;
};

const guestProblems = (ids: readonly string[], access: readonly casesRepo.AccessRow[]): AnswerProblem[] =>
  ids.flatMap((id, i) =>
    access.some((a) => a.accountId === id)
      ? []
      : [
          {
            path: `guestAccountIds.${i}`,
            code: 'GUEST_NOT_ON_CASE',
            message: 'Only people with access to this case can be invited by account.',
          },
        ],
  );

const text = (v: unknown) => (typeof v === 'string' ? v : '');

/** Schedules a meeting of a MEETING step that is under way. */
export function scheduleMeeting(ctx: Ctx, caseId: string, input: Input): Promise<TCaseWorkDone> {
  return withCase(
    ctx,
    caseId,
    'scheduleMeeting',
    async (c) => {
      checkRevision(c, input.revision);
      const { row, step } = await caseStep(c, input.stepId);
      if (step.type !== 'MEETING')
        throw new AppError(422, 'NOT_A_MEETING_STEP', 'This step is not a meeting.', {
          params: { reason: 'NOT_A_MEETING_STEP' },
        });
      requireActive(row);
      const access = await liveAccess(c);
      const guests = [...new Set(input.guestAccountIds)];
      const problems = [
        ...meetingFieldProblems(
          step.meetingFields,
          input.fields,
          (f) => f.mandatory && !RECORD_FIELDS.has(f.key),
          guests.length > 0,
        ),
        ...guestProblems(guests, access),
      ];
      if (problems.length > 0) throw invalidMeeting(problems);
      const { startsAt, endsAt } = timesOf(input.fields);

      const meetingId = randomUUID();
      const itemId = await writeItem(c, {
        kind: 'MEETING',
        audience: 'COMMITTEE',
        stepId: row.id,
        body: { meetingId, stepKey: step.key, fields: input.fields },
      });
      await repo.insertMeeting(c.tx, {
        id: meetingId,
        workspaceId: c.row.workspaceId,
        caseId: c.row.id,
        stepId: row.id,
        itemId,
        startsAt,
        endsAt,
        guestAccountIds: guests,
        createdBy: c.caller.accountId,
      });
      const m = { id: meetingId, startsAt, endsAt, sequence: 0, stepId: row.id };
      await tellGuests(ctx, c, access, m, guests, input.fields, step.meetingFields, 'SCHEDULED');
      const revision = await bumpRevision(c);
      await c.trail('case.meeting_scheduled', { type: 'case_meeting', id: meetingId });
      return { id: meetingId, revision, decided: null };
    },
    { lock: true, keys: true, trailAction: null },
  );
}

type RecordInput = {
  fields: Record<string, unknown>;
  status: 'SCHEDULED' | 'HELD' | 'CANCELLED';
  presentAccountIds: string[];
  guestAccountIds?: string[] | undefined;
  noMonetarySettlement?: boolean | undefined;
  revision?: number | undefined;
};

/**
 * Changes a scheduled meeting: SCHEDULED reschedules (the fields given replace the scheduled ones;
 * new invitations, SEQUENCE + 1), CANCELLED cancels (a cancellation to every guest), HELD records
 * the minutes (MINUTES_OF_MEETING required), the outcome and who was present: with the step's
 * quorum present, the presiding officer among them (POSH Rule 7(7)); 422 `MEETING_QUORUM_NOT_PRESENT`
 * otherwise. A held or cancelled meeting is final (409 `MEETING_NOT_SCHEDULED`).
 */
export function recordMeeting(ctx: Ctx, caseId: string, meetingId: string, input: RecordInput): Promise<TCaseWorkDone> {
  return withCase(
    ctx,
    caseId,
    'recordMeeting',
    async (c) => {
      checkRevision(c, input.revision);
      const m = await repo.meeting(c.tx, c.row.workspaceId, c.row.id, meetingId, true);
      if (!m)
        throw new AppError(404, 'NOT_FOUND', 'This meeting was not found.', {
          params: { reason: 'CASE_MEETING_NOT_FOUND' },
        });
      if (m.status !== 'SCHEDULED')
        throw new AppError(409, 'MEETING_NOT_SCHEDULED', 'This meeting was already held or cancelled.', {
          params: { reason: 'MEETING_NOT_SCHEDULED', status: m.status },
        });
      const { row, step } = await caseStep(c, m.stepId);
      const scheduled = (await readItem(c, m.itemId)) as Item<'MEETING'>;
      const access = await liveAccess(c);

      if (input.status === 'SCHEDULED') {
        const fields = { ...scheduled.body.fields, ...input.fields };
        const guests = [...new Set(input.guestAccountIds ?? m.guestAccountIds)];
        const problems = [
          ...meetingFieldProblems(
            step.meetingFields,
            fields,
            (f) => f.mandatory && !RECORD_FIELDS.has(f.key),
            guests.length > 0,
          ),
          ...guestProblems(guests, access),
        ];
        if (problems.length > 0) throw invalidMeeting(problems);
        const { startsAt, endsAt } = timesOf(fields);
        const itemId = await writeItem(c, {
          kind: 'MEETING',
          audience: 'COMMITTEE',
          stepId: row.id,
          body: { meetingId, stepKey: step.key, fields },
        });
        const sequence = await repo.updateMeeting(c.tx, c.row.workspaceId, meetingId, {
          startsAt,
          endsAt,
          itemId,
          guestAccountIds: guests,
          bumpSequence: true,
        });
        // Those no longer invited are told it is cancelled for them.
        const dropped = m.guestAccountIds.filter((g) => !guests.includes(g));
        const moved = { id: meetingId, startsAt, endsAt, sequence, stepId: row.id };
        await tellGuests(ctx, c, access, moved, guests, fields, step.meetingFields, 'SCHEDULED');
        if (dropped.length > 0)
          await tellGuests(ctx, c, access, moved, dropped, scheduled.body.fields, step.meetingFields, 'CANCELLED', []);
        const revision = await bumpRevision(c);
        await c.trail('case.meeting_rescheduled', { type: 'case_meeting', id: meetingId });
        return { id: meetingId, revision, decided: null };
      }

      if (input.status === 'CANCELLED') {
        const sequence = await repo.updateMeeting(c.tx, c.row.workspaceId, meetingId, {
          status: 'CANCELLED',
          bumpSequence: true,
        });
        await writeItem(c, {
          kind: 'MINUTES',
          audience: 'COMMITTEE',
          stepId: row.id,
          body: { meetingId, fields: {}, present: [], status: 'CANCELLED' },
        });
        const cancelled = { id: meetingId, startsAt: iso(m.startsAt), endsAt: iso(m.endsAt), sequence, stepId: row.id };
        await tellGuests(
          ctx,
          c,
          access,
          cancelled,
          m.guestAccountIds,
          scheduled.body.fields,
          step.meetingFields,
          'CANCELLED',
        );
        const revision = await bumpRevision(c);
        await c.trail('case.meeting_cancelled', { type: 'case_meeting', id: meetingId });
        return { id: meetingId, revision, decided: null };
      }

      // HELD: the minutes, the outcome, who was present.
      const problems = meetingFieldProblems(step.meetingFields, input.fields, (f) => f.key === 'MINUTES_OF_MEETING');
      const members = membersIn(access);
      const present = [...new Set(input.presentAccountIds)];
      present.forEach((id, i) => {
        if (!members.some((a) => a.accountId === id))
          problems.push({
            path: `presentAccountIds.${i}`,
            code: 'NOT_A_MEMBER_ON_CASE',
            message: 'Only committee members with access to this case are counted present.',
          });
      });
      if (problems.length > 0) throw invalidMeeting(problems);
      const quorum = step.settings.quorum ?? null;
      if (quorum !== null) {
        const presiding = members.filter(
          (a) => a.memberRole === 'PRESIDING_OFFICER' || a.memberRole === 'DESIGNATED_RECIPIENT',
        );
        const poPresent = presiding.some((p) => present.includes(p.accountId));
        if (present.length < quorum || !poPresent)
          throw new AppError(
            422,
            'MEETING_QUORUM_NOT_PRESENT',
            `A hearing needs ${quorum} members present, the presiding officer among them (POSH Rule 7(7)).`,
            {
              params: {
                reason: 'MEETING_QUORUM_NOT_PRESENT',
                present: present.length,
                required: quorum,
                presidingOfficerPresent: poPresent ? 1 : 0,
              },
            },
          );
      }
      if (isConciliation(step)) requireNoMoney(input.noMonetarySettlement);
      await repo.updateMeeting(c.tx, c.row.workspaceId, meetingId, { status: 'HELD' });
      await writeItem(c, {
        kind: 'MINUTES',
        audience: 'COMMITTEE',
        stepId: row.id,
        body: {
          meetingId,
          fields: isConciliation(step) ? { ...input.fields, NO_MONETARY_SETTLEMENT: true } : input.fields,
          present,
          status: 'HELD',
        },
      });
      const revision = await bumpRevision(c);
      await c.trail('case.meeting_held', { type: 'case_meeting', id: meetingId });
      return { id: meetingId, revision, decided: null };
    },
    { lock: true, keys: true, trailAction: null },
  );
}

const iso = (d: string | Date) => new Date(d).toISOString();

function timesOf(fields: Record<string, unknown>): { startsAt: string; endsAt: string } {
  return { startsAt: iso(text(fields.MEETING_START_TIME)), endsAt: iso(text(fields.MEETING_END_TIME)) };
}

/** The neutral summary a calendar and a mail may carry: never the agenda. */
export const meetingSummary = (reference: string) => `Meeting — case ${reference}`;

/** The calendar file of a meeting for one guest, as a mail attachment. */
export function icsAttachment(
  ctx: Pick<Ctx, 'origin' | 'clock'>,
  c: { caseId: string; reference: string },
  m: { id: string; startsAt: string; endsAt: string; sequence: number },
  location: string | null,
  link: string | null,
  method: 'REQUEST' | 'CANCEL',
): MailAttachment {
  const host = new URL(ctx.origin).hostname;
  return {
    filename: method === 'CANCEL' ? 'cancelled.ics' : 'invite.ics',
    contentType: `text/calendar; charset=utf-8; method=${method}`,
    content: meetingIcs(
      {
        meetingId: m.id,
        domain: host,
        sequence: m.sequence,
        startsAt: m.startsAt,
        endsAt: m.endsAt,
        summary: meetingSummary(c.reference),
        location,
        link,
        cancelled: method === 'CANCEL',
      },
      { method, now: ctx.clock.now() },
    ),
  };
}

/**
 * Tells guests of a meeting (scheduled, moved or cancelled): a MEETING_NOTICE in each party's own
 * thread (the complainant's, a participant's: title, time, place, status only), and a content-free
 * mail with the calendar file to everyone invited, members and outsiders included.
 */
async function tellGuests(
  ctx: Ctx,
  c: OpenCase,
  access: readonly casesRepo.AccessRow[],
  m: { id: string; startsAt: string; endsAt: string; sequence: number; stepId: string },
  guests: readonly string[],
  fields: Record<string, unknown>,
  defs: readonly MeetingFieldDef[],
  status: 'SCHEDULED' | 'CANCELLED',
  outsiders: readonly Outsider[] = outsidersIn(defs, fields),
): Promise<void> {
  const location = text(fields.MEETING_LOCATION).trim() || null;
  const notice = {
    meetingId: m.id,
    title: text(fields.MEETING_TITLE),
    startsAt: m.startsAt,
    endsAt: m.endsAt,
    location: location ?? '',
    status,
  };
  for (const g of guests) {
    const rel = access.filter((a) => a.accountId === g);
    if (rel.some((a) => a.relation === 'COMMITTEE')) continue;
    if (rel.some((a) => a.relation === 'COMPLAINANT')) {
      await writeItem(c, { kind: 'MEETING_NOTICE', audience: 'COMPLAINANT', stepId: m.stepId, body: notice });
    } else if (rel.some((a) => a.relation === 'PARTICIPANT') && c.ring!.holds('PARTICIPANT', g)) {
      await writeItem(c, {
        kind: 'MEETING_NOTICE',
        audience: 'PARTICIPANT',
        participantAccountId: g,
        stepId: m.stepId,
        body: notice,
      });
    }
  }
  const committee = new Set(membersIn(access).map((a) => a.accountId));
  const method = status === 'CANCELLED' ? 'CANCEL' : 'REQUEST';
  const ref = { caseId: c.row.id, reference: c.row.reference ?? '' };
  await enqueueCaseNotices(c.tx, ctx, {
    workspaceId: c.row.workspaceId,
    caseId: c.row.id,
    reference: ref.reference,
    kind: 'MEETING',
    recipients: [...guests],
    committee,
    key: `meeting:${m.id}:${m.sequence}`,
    attachment: (accountId) =>
      icsAttachment(ctx, ref, m, location, caseLink(ctx.origin, c.row.id, committee.has(accountId)), method),
  });
  if (outsiders.length > 0) await inviteOutsiders(ctx, c, m, location, outsiders, method);
}

/** Mails people without an account (named in the GUESTS field) the content-free invitation with the calendar file. */
async function inviteOutsiders(
  ctx: Ctx,
  c: OpenCase,
  m: { id: string; startsAt: string; endsAt: string; sequence: number },
  location: string | null,
  outsiders: readonly Outsider[],
  method: 'REQUEST' | 'CANCEL',
): Promise<void> {
  const brand = await workspaceBrand(c.tx, ctx.origin, c.row.workspaceId);
  const reference = c.row.reference ?? '';
  const jobs: NewJob[] = [];
  const seen = new Set<string>();
  for (const o of outsiders) {
    const email = z.email().parse(o.email.trim()).toLowerCase();
    if (seen.has(email)) continue;
    seen.add(email);
    const mail = messagesFor(brand, null).caseNews({
      company: brand.name,
      firstName: o.name.split(' ')[0] ?? '',
      reference,
      kind: 'MEETING',
      link: ctx.origin,
    });
    const hash = sha256Hex(email).slice(0, 16);
    jobs.push({
      queue: 'mail.send',
      key: `case-notice:meeting:${m.id}:${m.sequence}:${hash}`,
      data: {
        workspaceId: c.row.workspaceId,
        to: email,
        ...renderMail(brand, mail, null),
        attachments: [icsAttachment(ctx, { caseId: c.row.id, reference }, m, location, null, method)],
      },
    });
  }
  await ctx.jobs.enqueueAll(c.tx, jobs);
}
