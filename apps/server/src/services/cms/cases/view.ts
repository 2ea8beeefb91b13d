import type { TCaseEntry, TCaseMeeting, TCaseStep, TCaseView, TCmsText, TNextStep } from '@app/contract';
import { calendarDaysBetweenInZone } from '../../../core/due-rules.ts';
import type { OpenCase } from './case-core.ts';
import * as repo from './cases.repo.ts';
import { closeOutcomes } from './committee.service.ts';
import { listFiles } from './files.ts';
import * as follow from './follow.repo.ts';
import { type Item, type ItemBodies, readItems } from './items.ts';
import { stepWorkContext, stepWorkOf } from './step-work.ts';
import { type DefStep, findStep, stepsOf } from './steps.ts';

/*
 * A case as the caller may see it (`GET /case/{id}`), built in the request's transaction from what
 * row-level security lets the caller read and the keys they hold:
 *
 * - the committee: everything, and its part (people, parties, conflicts, quorum, sub-status, trail head);
 * - the complainant: what she filed, every step with its dates, her thread, the meetings she is
 *   invited to, the forms sent to her, the requests the law lets her make;
 * - a participant (respondent, witness, employer): only what was shared with them (the SHARE item is
 *   their copy of the complaint, POSH Rule 7(2)), their thread, their meetings and forms, and of the
 *   steps only those that concern them (decision: the steps whose actions name their role — a form
 *   or an upload for them, a notice to them —, the steps they may ask for, and the steps of meetings
 *   they are invited to). No answers, no files but their own audience's, no committee part.
 *
 * Authors are shown as the caller may know them: a party sees "you" or "the committee", never which
 * member wrote; members see names.
 */

export type Relation = TCaseView['relation'];
type ParticipantRole = NonNullable<TCaseView['participantRole']>;

/** The caller's relation to the case: the committee first (a member sees the whole case). */
export function relationOf(c: Pick<OpenCase, 'facts'>): {
  relation: Relation;
  participantRole: ParticipantRole | null;
} {
  const rs = c.facts.relations;
  const member = rs.find((r) => r.relation === 'COMMITTEE');
  if (member) return { relation: 'COMMITTEE', participantRole: null };
  if (rs.some((r) => r.relation === 'COMPLAINANT')) return { relation: 'COMPLAINANT', participantRole: null };
  const p = rs.find((r) => r.relation === 'PARTICIPANT');
  return { relation: 'PARTICIPANT', participantRole: p?.participantRole ?? null };
}

/** Whether a party with this relation may ask for a step (its `settings.start`). */
export function mayAsk(step: DefStep, relation: Relation, role: ParticipantRole | null): boolean {
  const start = step.settings.start;
  if (start.kind !== 'ON_REQUEST') return false;
  if (relation === 'COMPLAINANT') return start.by === 'COMPLAINANT' || start.by === 'BOTH_PARTIES';
  if (relation === 'PARTICIPANT' && role === 'RESPONDENT')
    return start.by === 'RESPONDENT' || start.by === 'BOTH_PARTIES';
  return false;
}

/** Whether a step concerns a participant of this role (see the header). */
function concerns(step: DefStep, role: ParticipantRole | null): boolean {
  if (!role) return false;
  return step.actions.some((a) => {
    const s = a.settings;
    switch (s.type) {
      case 'FORM':
        return s.recipient === role;
      case 'UPLOAD_RESOURCE':
        return s.uploader === role;
      case 'NOTIFY':
        return s.recipients.includes(role);
      case 'INFORM_RESPONDENT':
        return role === 'RESPONDENT';
      case 'INFORM_EMPLOYER':
        return role === 'EMPLOYER';
      default:
        return false;
    }
  });
}

const fallback = (key: string): TCmsText => ({ en: key });

/** The latest occurrence of each step key. */
export function latestSteps(rows: repo.StepRow[]): Map<string, repo.StepRow> {
  const out = new Map<string, repo.StepRow>();
  for (const r of rows) {
    const cur = out.get(r.stepKey);
    if (!cur || r.occurrence > cur.occurrence) out.set(r.stepKey, r);
  }
  return out;
}

/** A meeting's place as text: a LOCATION field is a place or a link (a string, or an object naming either). */
export function locationText(v: unknown): string | null {
  if (typeof v === 'string') return v.trim() || null;
  if (v && typeof v === 'object' && !Array.isArray(v)) {
    const o = v as Record<string, unknown>;
    const parts = ['name', 'address', 'room', 'text', 'value', 'url', 'link']
      .map((k) => o[k])
      .filter((x): x is string => typeof x === 'string' && x.trim() !== '');
    return parts.length ? [...new Set(parts)].join(' — ') : null;
  }
  return null;
}

type Built = { view: TCaseView; items: Item[] };

/** Builds the view. `now` and the workspace's zone count the days left. */
export async function buildView(c: OpenCase, now: Date): Promise<TCaseView> {
  return (await build(c, now)).view;
}

/** The view and the items read for it (the services reuse them). */
export async function build(c: OpenCase, now: Date): Promise<Built> {
  const ws = c.row.workspaceId;
  const me = c.caller.accountId;
  const { relation, participantRole } = relationOf(c);
  const member = relation === 'COMMITTEE';
  const zone = await repo.timeZoneOf(c.tx, ws);
  const items = await readItems(c);
  const files = await listFiles(c);
  const stepRows = await repo.steps(c.tx, ws, c.row.id);
  const stepById = new Map(stepRows.map((s) => [s.id, s]));
  const meetingRows = await follow.meetings(c.tx, ws, c.row.id);

  // --- people, by what the caller may know -----------------------------------------------------
  const access = member ? await repo.accessOf(c.tx, ws, c.row.id) : [];
  const parties = member ? await repo.parties(c.tx, ws, c.row.id) : [];
  const conflicts = member ? await repo.conflicts(c.tx, ws, c.row.id) : [];
  const ids = new Set<string>();
  if (member) {
    for (const i of items) if (i.authorAccountId) ids.add(i.authorAccountId);
    for (const a of access) ids.add(a.accountId);
    for (const p of parties) ids.add(p.accountId);
    for (const x of conflicts) ids.add(x.accountId);
    for (const m of meetingRows) for (const g of m.guestAccountIds) ids.add(g);
    ids.add(c.row.complainantAccountId);
    if (c.row.assistedByAccountId) ids.add(c.row.assistedByAccountId);
  }
  const people = new Map((await repo.people(c.tx, ws, [...ids])).map((p) => [p.accountId, p]));
  const person = (id: string) => {
    const p = people.get(id);
    return { accountId: id, name: p?.name ?? '', email: p?.email ?? null };
  };

  // --- steps -------------------------------------------------------------------------------------
  const meetingStepIds = new Set(meetingRows.map((m) => m.stepId));
  const visibleStep = (r: repo.StepRow): boolean => {
    if (relation !== 'PARTICIPANT') return true;
    const d = findStep(c.def, r.stepKey)?.step;
    if (!d) return false;
    return concerns(d, participantRole) || mayAsk(d, relation, participantRole) || meetingStepIds.has(r.id);
  };
  // The committee's work on each step (meetings' fields, actions and what was done: meetings' part).
  const work = member ? await stepWorkContext(c) : null;
  // In the order of the definition (stages, then their steps), each step's occurrences in turn.
  const order = new Map(stepsOf(c.def).map(({ step }, i) => [step.key, i]));
  const ordered = [...stepRows].sort(
    (a, b) => (order.get(a.stepKey) ?? 1e9) - (order.get(b.stepKey) ?? 1e9) || a.occurrence - b.occurrence,
  );
  const steps: TCaseStep[] = ordered.filter(visibleStep).map((r) => {
    const d = findStep(c.def, r.stepKey)?.step;
    const open = r.status === 'ACTIVE' || r.status === 'WAITING';
    const w = work ? stepWorkOf(c.def, r.stepKey, items, work) : null;
    return {
      ...(w ? { work: w } : {}),
      id: r.id,
      stageKey: r.stageKey,
      stepKey: r.stepKey,
      occurrence: r.occurrence,
      type: d?.type ?? 'ACTION',
      title: d?.title ?? fallback(r.stepKey),
      status: r.status,
      startedAt: iso(r.startedAt),
      completedAt: iso(r.completedAt),
      dueAt: iso(r.dueAt),
      dueDate: r.dueDate,
      reference: r.reference,
      daysLeft: open && r.dueAt ? calendarDaysBetweenInZone(now, new Date(r.dueAt), zone) : null,
      late: r.completedAt !== null && r.dueAt !== null && new Date(r.completedAt) > new Date(r.dueAt),
    };
  });
  const next: TNextStep[] = steps
    .filter((s) => s.status === 'ACTIVE' && s.dueDate !== null)
    .sort((a, b) => (a.dueAt ?? '').localeCompare(b.dueAt ?? ''))
    .map((s) => ({ stepKey: s.stepKey, title: s.title, dueDate: s.dueDate, reference: s.reference }));

  // --- the complaint as filed (complainant and committee) -------------------------------------
  const answers = (items.find((i) => i.kind === 'ANSWERS')?.body as ItemBodies['ANSWERS'] | undefined)?.answers ?? null;
  const form: TCaseView['form'] =
    relation === 'PARTICIPANT' || !answers
      ? []
      : c.def.form
          .map((comp) => ({
            key: comp.key,
            title: comp.title,
            answers: comp.attributes
              .filter((a) => a.type !== 'RESOURCE' && answers[a.key] !== undefined)
              .map((a) => ({ key: a.key, label: a.label, type: a.type, value: answers[a.key] })),
          }))
          .filter((comp) => comp.answers.length > 0);

  // --- entries -------------------------------------------------------------------------------------
  const complainantId = c.row.complainantAccountId;
  const authorOf = (i: Item): TCaseEntry['author'] => {
    const a = i.authorAccountId;
    if (!a) return { kind: 'SYSTEM', name: null };
    if (a === me) return { kind: 'YOU', name: member ? person(a).name : null };
    if (!member) return { kind: 'COMMITTEE', name: null };
    if (a === complainantId) return { kind: 'COMPLAINANT', name: person(a).name };
    if (i.audience === 'PARTICIPANT' && a === i.participantAccountId)
      return { kind: 'PARTICIPANT', name: person(a).name };
    return { kind: 'COMMITTEE', name: person(a).name };
  };
  const hidden = new Set(['ANSWERS', 'MEETING', 'MINUTES', 'MEETING_NOTICE', 'SUB_STATUS']);
  const fileViews = files.map(({ itemId, ...f }) => ({ itemId, f }));
  const entries: TCaseEntry[] = items
    .filter((i) => !hidden.has(i.kind))
    .map((i) => ({
      id: i.id,
      kind: i.kind,
      audience: i.audience,
      participantAccountId: i.participantAccountId,
      stepKey: i.stepId ? (stepById.get(i.stepId)?.stepKey ?? null) : null,
      author: authorOf(i),
      body: i.body,
      files: fileViews.filter((x) => x.itemId === i.id).map((x) => x.f),
      createdAt: iso(i.createdAt)!,
    }));

  // --- meetings ------------------------------------------------------------------------------------
  const byMeeting = <K extends 'MEETING' | 'MINUTES' | 'MEETING_NOTICE'>(kind: K, meetingId: string) =>
    items.filter((i) => i.kind === kind && (i.body as ItemBodies[K]).meetingId === meetingId).at(-1) as
      | Item<K>
      | undefined;
  const meetings: TCaseMeeting[] = [];
  for (const m of meetingRows) {
    const stepKey = stepById.get(m.stepId)?.stepKey ?? '';
    if (member) {
      const scheduled = items.find((i) => i.id === m.itemId) as Item<'MEETING'> | undefined;
      const minutes = byMeeting('MINUTES', m.id);
      meetings.push({
        id: m.id,
        stepKey,
        status: m.status,
        startsAt: iso(m.startsAt)!,
        endsAt: iso(m.endsAt)!,
        fields: { ...(scheduled?.body.fields ?? {}), ...(minutes?.body.fields ?? {}) },
        guests: m.guestAccountIds.map((g) => {
          const p = person(g);
          return { accountId: g, name: p.name, email: p.email };
        }),
        present: minutes?.body.present ?? [],
      });
    } else {
      // A guest sees the notice written for them: the title, the place; the times from the row.
      const notice = byMeeting('MEETING_NOTICE', m.id);
      meetings.push({
        id: m.id,
        stepKey,
        status: m.status,
        startsAt: iso(m.startsAt)!,
        endsAt: iso(m.endsAt)!,
        fields: notice ? { MEETING_TITLE: notice.body.title, MEETING_LOCATION: notice.body.location } : {},
        guests: [],
        present: [],
      });
    }
  }

  // --- what the caller may ask for, and the forms waiting for them ------------------------------------
  const latest = latestSteps(stepRows);
  const asked = new Set(
    items
      .filter((i) => i.kind === 'REQUEST' && i.authorAccountId === me)
      .map((i) => (i.body as ItemBodies['REQUEST']).stepKey),
  );
  const requests: TCaseView['requests'] =
    member || !c.actions.includes('request')
      ? []
      : stepsOf(c.def)
          .filter(({ step }) => mayAsk(step, relation, participantRole))
          .filter(({ step }) => latest.get(step.key)?.status === 'ON_REQUEST' && !asked.has(step.key))
          .map(({ step }) => ({
            stepKey: step.key,
            title: step.title,
            reference: step.statutory?.reference ?? step.settings.dueRule?.reference ?? null,
          }));
  const answered = new Set(
    items.filter((i) => i.kind === 'FORM_ANSWER').map((i) => (i.body as ItemBodies['FORM_ANSWER']).requestItemId),
  );
  const forms: TCaseView['forms'] = member
    ? []
    : items
        .filter((i): i is Item<'FORM_REQUEST'> => i.kind === 'FORM_REQUEST' && !answered.has(i.id))
        .filter((i) => (i.audience === 'PARTICIPANT' ? i.participantAccountId === me : relation === 'COMPLAINANT'))
        .map((i) => ({
          itemId: i.id,
          title: { en: i.body.title.en ?? '', ...i.body.title } as TCmsText,
          fields: i.body.fields,
          dueDate: i.stepId ? (stepById.get(i.stepId)?.dueDate ?? null) : null,
        }));

  // --- the committee's part -------------------------------------------------------------------------
  let committee: TCaseView['committee'] = null;
  if (member) {
    const live = access.filter((a) => a.revokedAt === null);
    const subStatus = items.filter((i) => i.kind === 'SUB_STATUS').at(-1) as Item<'SUB_STATUS'> | undefined;
    committee = {
      complainant: person(complainantId),
      assistedBy: c.row.assistedByAccountId ? person(c.row.assistedByAccountId) : null,
      members: live
        .filter((a) => a.relation === 'COMMITTEE')
        .map((a) => ({ ...person(a.accountId), role: a.memberRole ?? 'MEMBER' })),
      parties: parties.map((p) => ({
        ...person(p.accountId),
        id: p.id,
        role: p.role,
        informed: live.some((a) => a.relation === 'PARTICIPANT' && a.accountId === p.accountId),
      })),
      conflicts: conflicts.map((x) => ({
        id: x.id,
        member: person(x.accountId),
        reason: x.reason,
        createdAt: iso(x.createdAt)!,
        cleared: x.clearedAt !== null,
      })),
      quorum: c.quorum,
      subStatus: subStatus?.body.label || null,
      trailHead: await follow.trailHead(c.tx, ws, c.row.id),
      outcomes: closeOutcomes(c.def),
    };
  }

  const stage = c.row.stageKey ? c.def.stages.find((s) => s.key === c.row.stageKey) : undefined;
  const committeeRow = c.row.committeeId ? await repo.committee(c.tx, ws, c.row.committeeId) : null;
  const view: TCaseView = {
    id: c.row.id,
    reference: c.row.reference ?? '',
    relation,
    participantRole,
    status: c.row.status,
    jurisdiction: c.row.jurisdiction,
    workflowName: c.workflowName,
    versionNumber: c.row.versionNumber,
    stageKey: c.row.stageKey,
    stageTitle: stage?.title ?? null,
    filedAt: iso(c.row.filedAt ?? c.row.createdAt)!,
    committeeName: committeeRow?.name ?? null,
    outcome: c.row.outcome,
    closedAt: iso(c.row.closedAt),
    appealUntil: c.row.appealUntil,
    form,
    // Row-level security gave each relation its audience's files only (a participant: their own share).
    files: files.map(({ itemId: _i, ...f }) => f),
    steps,
    next,
    entries,
    meetings,
    requests,
    forms,
    committee,
    actions: c.actions,
    revision: c.row.revision,
  };
  return { view, items };
}

function iso(v: string | Date | null | undefined): string | null {
  return v === null || v === undefined ? null : new Date(v).toISOString();
}
