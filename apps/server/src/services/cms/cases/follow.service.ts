import type { TAnswers, TCaseView, TWorkflowDefinition } from '@app/contract';
import type { Ctx } from '../../../core/context.ts';
import { dateInZone } from '../../../core/deadlines.ts';
import { AppError } from '../../../core/errors.ts';
import { actorOf, allowedActions } from '../../../core/policy.ts';
import { checkAnswers, fileIdsIn, invalid } from './answers.ts';
import { type OpenCase, withCase } from './case-core.ts';
import { casePolicy } from './cases.policy.ts';
import * as repo from './cases.repo.ts';
import * as follow from './follow.repo.ts';
import { meetingIcs } from './ics.ts';
import { type Item, type ItemBodies, readItem, readItems, writeItem } from './items.ts';
import { caseLink, enqueueCaseNotices } from './notices.ts';
import { findStep, stepsOf } from './steps.ts';
import { buildView, latestSteps, locationText, mayAsk, relationOf } from './view.ts';

/*
 * Following a case (issue 26): the view of every relation, and what a party writes — messages both
 * ways, the complainant's additions, her withdrawal where the law provides one (Canada s.18: at any
 * time; the POSH Act provides none), a party's request for a step the law starts on request, a
 * party's answers to a form the committee sent, and a meeting's calendar file. Each runs in one
 * tenant transaction through `withCase` (policy, keys, trail); each notice is content-free and keyed
 * by the item it announces, in the same transaction.
 */

/** `GET /case/{id}`: the case as the caller may see it (trail `case.read`). */
export function getCase(ctx: Ctx, caseId: string): Promise<TCaseView> {
  return withCase(ctx, caseId, 'read', (c) => buildView(c, ctx.clock.now()), { keys: true });
}

/** The view after a change: the row read again, the actions the policy allows now. */
async function fresh(ctx: Ctx, c: OpenCase): Promise<TCaseView> {
  const row = (await repo.findCase(c.tx, c.row.workspaceId, c.row.id))!;
  const facts = { ...c.facts, status: row.status };
  const actions = allowedActions(actorOf(ctx), casePolicy, facts);
  return buildView({ ...c, row, facts, actions }, ctx.clock.now());
}

type Audience = repo.Audience;

/**
 * Attaches the caller's uploads to the item that uses them: each must be the caller's own, not
 * attached yet, and of the item's audience (else the item's readers could not open it). 422
 * `FILE_NOT_ATTACHABLE` otherwise, and nothing is written (the transaction rolls back).
 */
async function attach(
  c: OpenCase,
  fileIds: string[],
  itemId: string,
  audience: Audience,
  participant: string | null,
): Promise<void> {
  if (fileIds.length === 0) return;
  const rows = new Map((await repo.files(c.tx, c.row.workspaceId, c.row.id)).map((f) => [f.id, f]));
  for (const id of new Set(fileIds)) {
    const f = rows.get(id);
    if (
      !f ||
      f.itemId !== null ||
      f.uploadedBy !== c.caller.accountId ||
      f.audience !== audience ||
      (f.participantAccountId ?? null) !== participant
    ) {
      throw new AppError(422, 'FILE_NOT_ATTACHABLE', 'Upload the file again: it cannot be attached here.', {
        params: { reason: 'FILE_NOT_ATTACHABLE', fileId: id },
      });
    }
  }
  const n = await repo.attachFiles(c.tx, c.row.workspaceId, c.row.id, [...new Set(fileIds)], itemId);
  if (n !== new Set(fileIds).size) {
    throw new AppError(422, 'FILE_NOT_ATTACHABLE', 'Upload the file again: it cannot be attached here.', {
      params: { reason: 'FILE_NOT_ATTACHABLE' },
    });
  }
}

/** "There is news on your case": to the committee (a party wrote) or to one party (a member wrote to them). */
async function notify(
  ctx: Ctx,
  c: OpenCase,
  to: { committee: true } | { accountId: string },
  key: string,
): Promise<void> {
  const members = 'committee' in to ? await follow.committeeOf(c.tx, c.row.id) : [];
  const recipients = ('committee' in to ? members : [to.accountId]).filter((id) => id !== c.caller.accountId);
  if (recipients.length === 0) return;
  await enqueueCaseNotices(c.tx, ctx, {
    workspaceId: c.row.workspaceId,
    caseId: c.row.id,
    reference: c.row.reference ?? '',
    kind: 'NEWS',
    recipients,
    committee: new Set(members),
    key,
  });
}

const notFound = (reason: string, message: string) => new AppError(404, 'NOT_FOUND', message, { params: { reason } });
const conflict = (reason: string, message: string, params: Record<string, string> = {}) =>
  new AppError(409, 'CONFLICT', message, { params: { reason, ...params } });

/**
 * `POST /case/{id}/message`. The complainant writes in her thread, a participant in theirs; a
 * member chooses: the complainant, a participant (who has access), or COMMITTEE (the committee's
 * private space: allowed on a closed case too, as a note). The other side is told there is news.
 */
export function message(
  ctx: Ctx,
  caseId: string,
  input: { body: string; to: 'COMPLAINANT' | 'COMMITTEE' | string | null; fileIds: string[] },
): Promise<TCaseView> {
  const action = input.to === 'COMMITTEE' ? 'note' : 'message';
  return withCase(
    ctx,
    caseId,
    action,
    async (c) => {
      const me = c.caller.accountId;
      const { relation } = relationOf(c);
      let audience: Audience;
      let participant: string | null = null;
      if (relation === 'COMMITTEE') {
        if (input.to === null) {
          throw new AppError(422, 'VALIDATION_FAILED', 'Choose whom the message is for.', {
            details: [{ path: 'to', message: 'Choose whom the message is for.', code: 'MESSAGE_TO_REQUIRED' }],
          });
        }
        if (input.to === 'COMPLAINANT' || input.to === 'COMMITTEE') audience = input.to;
        else {
          const live = (await repo.accessOf(c.tx, c.row.workspaceId, c.row.id)).some(
            (a) => a.accountId === input.to && a.relation === 'PARTICIPANT' && a.revokedAt === null,
          );
          if (!live) throw notFound('CASE_PARTICIPANT_NOT_FOUND', 'This person has no access to the case.');
          audience = 'PARTICIPANT';
          participant = input.to;
        }
      } else if (relation === 'COMPLAINANT') {
        if (input.to !== null && input.to !== 'COMPLAINANT')
          throw refuseWith('FORBIDDEN_CASE', 'You write to the committee in your thread.');
        audience = 'COMPLAINANT';
      } else {
        if (input.to !== null && input.to !== me)
          throw refuseWith('FORBIDDEN_CASE', 'You write to the committee in your thread.');
        audience = 'PARTICIPANT';
        participant = me;
      }
      const itemId = await writeItem(c, {
        kind: 'MESSAGE',
        audience,
        participantAccountId: participant,
        body: { text: input.body },
      });
      await attach(c, input.fileIds, itemId, audience, participant);
      await c.trail(audience === 'COMMITTEE' ? 'case.note' : 'case.message', { type: 'case_item', id: itemId });
      if (relation !== 'COMMITTEE') await notify(ctx, c, { committee: true }, `message:${itemId}`);
      else if (audience === 'COMPLAINANT')
        await notify(ctx, c, { accountId: c.row.complainantAccountId }, `message:${itemId}`);
      else if (audience === 'PARTICIPANT') await notify(ctx, c, { accountId: participant! }, `message:${itemId}`);
      return fresh(ctx, c);
    },
    { keys: true, trailAction: null },
  );
}

function refuseWith(reason: string, message: string): AppError {
  return new AppError(403, 'FORBIDDEN', message, { params: { reason } });
}

/** `POST /case/{id}/addition`: the complainant adds information and evidence; the committee is told. */
export function addition(ctx: Ctx, caseId: string, input: { text: string; fileIds: string[] }): Promise<TCaseView> {
  return withCase(
    ctx,
    caseId,
    'addInformation',
    async (c) => {
      const itemId = await writeItem(c, { kind: 'ADDITION', audience: 'COMPLAINANT', body: { text: input.text } });
      await attach(c, input.fileIds, itemId, 'COMPLAINANT', null);
      await c.trail('case.addition', { type: 'case_item', id: itemId });
      await notify(ctx, c, { committee: true }, `addition:${itemId}`);
      return fresh(ctx, c);
    },
    { keys: true, trailAction: null },
  );
}

/**
 * `POST /case/{id}/withdraw`: where the law provides it (Canada s.18: the principal party may end
 * the process at any time; the policy refuses POSH with 409 `WITHDRAWAL_NOT_PROVIDED`). The reason
 * is sealed in her thread; the case is WITHDRAWN and closed, its open steps skipped; the committee
 * is told (it then reviews the workplace assessment where s.32(a) requires it).
 */
export function withdraw(ctx: Ctx, caseId: string, input: { reason: string }): Promise<TCaseView> {
  return withCase(
    ctx,
    caseId,
    'withdraw',
    async (c) => {
      const itemId = await writeItem(c, {
        kind: 'WITHDRAWAL',
        audience: 'COMPLAINANT',
        body: { reason: input.reason },
      });
      const revision = await follow.withdraw(c.tx, c.row.id);
      if (revision === null) throw conflict('CASE_NOT_OPEN', 'The case is closed.');
      await notify(ctx, c, { committee: true }, `withdrawn:${c.row.id}`);
      await c.trail('case.withdrawn', { type: 'case_item', id: itemId });
      return fresh(ctx, c);
    },
    { keys: true, trailAction: 'case.withdraw' },
  );
}

/** The stage after a change of step statuses: the first stage with an open step (as `steps.settle` sets it). */
function stageAfter(def: TWorkflowDefinition, byKey: Map<string, repo.StepRow>): string | null {
  for (const { stage, step } of stepsOf(def)) {
    const r = byKey.get(step.key);
    if (r && (r.status === 'ACTIVE' || (r.status === 'WAITING' && step.mandatory))) return stage.key;
  }
  return def.stages.at(-1)?.key ?? null;
}

/**
 * `POST /case/{id}/request`: a party asks for a step the law starts only on request — POSH s.10(1)
 * conciliation (the complainant only; never a monetary settlement), s.12 interim relief (in
 * writing: the text is required), Canada s.24 conciliation (both parties: the step starts once the
 * complainant and the respondent have each asked; each request is recorded in the asker's thread),
 * s.25(1) investigation. The step starts now (or when its prerequisites are met); the committee is
 * told. 409 when the step is not on request, not this party's to ask for, or already started or asked.
 */
export function request(ctx: Ctx, caseId: string, input: { stepKey: string; text: string }): Promise<TCaseView> {
  return withCase(
    ctx,
    caseId,
    'request',
    async (c) => {
      const me = c.caller.accountId;
      const { relation, participantRole } = relationOf(c);
      const found = findStep(c.def, input.stepKey);
      const start = found?.step.settings.start;
      if (!found || start?.kind !== 'ON_REQUEST')
        throw conflict('STEP_NOT_ON_REQUEST', 'This step does not start on request.', { stepKey: input.stepKey });
      if (!mayAsk(found.step, relation, participantRole))
        throw conflict('REQUEST_NOT_YOURS', 'Only the other party may ask for this step.', { stepKey: input.stepKey });
      const rows = await repo.steps(c.tx, c.row.workspaceId, c.row.id);
      const byKey = latestSteps(rows);
      const row = byKey.get(input.stepKey);
      if (row?.status !== 'ON_REQUEST')
        throw conflict('STEP_ALREADY_STARTED', 'This step has already started.', { stepKey: input.stepKey });
      if (start.inWriting && input.text.length === 0) {
        throw new AppError(422, 'VALIDATION_FAILED', 'Write your request: the law asks for it in writing.', {
          details: [{ path: 'text', message: 'Write your request.', code: 'REQUEST_IN_WRITING' }],
        });
      }
      const asked = (await readItems(c, ['REQUEST'])).some(
        (i) => i.authorAccountId === me && (i.body as ItemBodies['REQUEST']).stepKey === input.stepKey,
      );
      if (asked)
        throw conflict('ALREADY_REQUESTED', 'You have already asked for this step.', { stepKey: input.stepKey });
      const audience: Audience = relation === 'COMPLAINANT' ? 'COMPLAINANT' : 'PARTICIPANT';
      const itemId = await writeItem(c, {
        kind: 'REQUEST',
        audience,
        participantAccountId: audience === 'PARTICIPANT' ? me : null,
        stepId: row.id,
        body: { stepKey: input.stepKey, text: input.text },
      });
      const ready = found.step.requires.every((req) => {
        const dep = byKey.get(req.stepKey);
        if (!dep) return true;
        return req.condition === 'STARTED' ? dep.startedAt !== null : dep.status === 'DONE' || dep.status === 'SKIPPED';
      });
      const after = new Map(byKey);
      after.set(row.stepKey, { ...row, status: ready ? 'ACTIVE' : 'WAITING' });
      const outcome = await follow.requestStep(c.tx, {
        caseId: c.row.id,
        stepId: row.id,
        both: start.by === 'BOTH_PARTIES',
        ready,
        stageKey: stageAfter(c.def, after),
      });
      if (outcome === null) throw conflict('CASE_NOT_OPEN', 'The case is closed.');
      if (outcome === 'STARTED')
        throw conflict('STEP_ALREADY_STARTED', 'This step has already started.', { stepKey: input.stepKey });
      await c.trail('case.request', { type: 'case_step', id: row.id });
      await notify(ctx, c, { committee: true }, `request:${itemId}`);
      return fresh(ctx, c);
    },
    { keys: true, trailAction: null },
  );
}

/** A FORM_REQUEST's fields as a one-component definition, to check answers with `checkAnswers`. */
function formDefinition(fields: ItemBodies['FORM_REQUEST']['fields']): TWorkflowDefinition {
  const attributes = (fields as Array<Record<string, unknown>>).map((f) => ({
    key: String(f.key),
    type: f.type,
    label: f.label,
    hint: {},
    mandatory: f.mandatory === true,
    options: Array.isArray(f.options) ? f.options : [],
    condition: null,
    settings: {},
    resourceSha256: null,
    statutoryReference: null,
  }));
  return { form: [{ key: 'FORM', title: { en: 'Form' }, attributes }] } as unknown as TWorkflowDefinition;
}

/**
 * `POST /case/{id}/form/{itemId}`: a party's answers to a form the committee sent them, checked
 * against its fields (422 `COMPLAINT_INVALID` per question); once (409 `FORM_ALREADY_ANSWERED`).
 */
export function answerForm(ctx: Ctx, caseId: string, itemId: string, input: { answers: TAnswers }): Promise<TCaseView> {
  return withCase(
    ctx,
    caseId,
    'answerForm',
    async (c) => {
      const me = c.caller.accountId;
      const { relation } = relationOf(c);
      const formNotFound = () => notFound('CASE_FORM_NOT_FOUND', 'This form was not found.');
      let req: Item;
      try {
        req = await readItem(c, itemId);
      } catch {
        throw formNotFound();
      }
      const addressed =
        req.kind === 'FORM_REQUEST' &&
        (req.audience === 'PARTICIPANT' ? req.participantAccountId === me : relation === 'COMPLAINANT');
      if (!addressed) throw formNotFound();
      const answered = (await readItems(c, ['FORM_ANSWER'])).some(
        (i) => (i.body as ItemBodies['FORM_ANSWER']).requestItemId === itemId,
      );
      if (answered) throw conflict('FORM_ALREADY_ANSWERED', 'This form has been answered already.');
      const def = formDefinition((req.body as ItemBodies['FORM_REQUEST']).fields);
      const participant = req.audience === 'PARTICIPANT' ? me : null;
      const mine = (await repo.files(c.tx, c.row.workspaceId, c.row.id)).filter(
        (f) =>
          f.itemId === null &&
          f.uploadedBy === me &&
          f.audience === req.audience &&
          (f.participantAccountId ?? null) === participant,
      );
      const zone = await repo.timeZoneOf(c.tx, c.row.workspaceId);
      const { kept, problems } = checkAnswers(def, input.answers, {
        final: true,
        fileIds: new Set(mine.map((f) => f.id)),
        today: dateInZone(ctx.clock.now(), zone),
      });
      if (problems.length) throw invalid(problems);
      const answerId = await writeItem(c, {
        kind: 'FORM_ANSWER',
        audience: req.audience,
        participantAccountId: participant,
        stepId: req.stepId,
        body: { requestItemId: itemId, answers: kept },
      });
      await attach(c, fileIdsIn(def, kept), answerId, req.audience, participant);
      await c.trail('case.form_answer', { type: 'case_item', id: answerId });
      await notify(ctx, c, { committee: true }, `form-answer:${answerId}`);
      return fresh(ctx, c);
    },
    { keys: true, trailAction: null },
  );
}

const SUMMARY: Record<string, string> = {
  en: 'Meeting — case {ref}',
  hi: 'बैठक — मामला {ref}',
  kn: 'ಸಭೆ — ಪ್ರಕರಣ {ref}',
  te: 'సమావేశం — కేసు {ref}',
  ta: 'கூட்டம் — வழக்கு {ref}',
  mr: 'बैठक — प्रकरण {ref}',
  fr: 'Réunion — dossier {ref}',
};

/** The neutral summary of a case meeting in a language (the reference only). */
export function meetingSummary(reference: string, language: string | null): string {
  return (SUMMARY[language ?? 'en'] ?? SUMMARY.en!).replace('{ref}', reference);
}

/**
 * `GET /case/{id}/meeting/{meetingId}/ics`: a meeting the caller may read (the committee, or a
 * guest) as a calendar file: a neutral summary, the times, the place, a link. Trail `case.meeting_ics`.
 */
export function meetingCalendar(
  ctx: Ctx,
  caseId: string,
  meetingId: string,
): Promise<{ body: string; filename: string }> {
  return withCase(
    ctx,
    caseId,
    'read',
    async (c) => {
      const m = await follow.meeting(c.tx, c.row.workspaceId, c.row.id, meetingId);
      if (!m) throw notFound('CASE_MEETING_NOT_FOUND', 'This meeting was not found.');
      const { relation } = relationOf(c);
      const member = relation === 'COMMITTEE';
      let location: string | null = null;
      if (member) {
        const scheduled = (await readItems(c, ['MEETING'])).find((i) => i.id === m.itemId) as
          | Item<'MEETING'>
          | undefined;
        const stepKey = scheduled?.body.stepKey;
        const locKey =
          (stepKey ? findStep(c.def, stepKey)?.step.meetingFields.find((f) => f.type === 'LOCATION')?.key : null) ??
          'MEETING_LOCATION';
        location = locationText(scheduled?.body.fields[locKey]);
      } else {
        const notice = (await readItems(c, ['MEETING_NOTICE']))
          .filter((i) => (i.body as ItemBodies['MEETING_NOTICE']).meetingId === meetingId)
          .at(-1) as Item<'MEETING_NOTICE'> | undefined;
        location = locationText(notice?.body.location);
      }
      const [me] = await repo.people(c.tx, c.row.workspaceId, [c.caller.accountId]);
      const reference = c.row.reference ?? '';
      await c.trail('case.meeting_ics', { type: 'case_meeting', id: m.id });
      const body = meetingIcs(
        {
          meetingId: m.id,
          domain: new URL(ctx.origin).hostname,
          sequence: m.sequence,
          startsAt: m.startsAt,
          endsAt: m.endsAt,
          summary: meetingSummary(reference, me?.language ?? null),
          location,
          link: caseLink(ctx.origin, c.row.id, member),
          cancelled: m.status === 'CANCELLED',
        },
        { method: 'PUBLISH', now: ctx.clock.now() },
      );
      return { body, filename: `meeting-${reference || 'case'}.ics` };
    },
    { keys: true, trailAction: null },
  );
}
