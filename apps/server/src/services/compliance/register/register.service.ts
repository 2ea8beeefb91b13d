import {
  LIMITS,
  type TAnswerUpdate,
  type TEvidenceFields,
  type TObligationDueRule,
  type TOccurrence,
  type TOccurrenceDetails,
  type TOccurrenceListQuery,
  type TRecordEventInput,
  type TRegisterObligation,
  type TRegisterObligationQuery,
  type TReviewInput,
  toPagedResult,
  ZEvidenceFields,
  ZObligationDueRule,
} from '@app/contract';
import { administeredUnits } from '../../../core/admin-scope.ts';
import type { Ctx } from '../../../core/context.ts';
import { sha256Hex } from '../../../core/crypto.ts';
import type { Tx } from '../../../core/db/database.ts';
import { dateInZone } from '../../../core/deadlines.ts';
import { AppError } from '../../../core/errors.ts';
import { dueInWorkspace } from '../../../core/holiday-calendars.repo.ts';
import { mailLanguage, renderMail } from '../../../core/messages/index.ts';
import { workspaceBrand } from '../../../core/messages/messages.repo.ts';
import { type Actor, actorOf, allowedActions, authorize, holds, reaches } from '../../../core/policy.ts';
import type { StoredFile } from '../../../core/storage.ts';
import { deleteStoredFile, newFileKey } from '../../../core/storage.ts';
import { workspaceTimeZone } from '../../../core/time-zone.repo.ts';
import type { Upload } from '../../../core/uploads.ts';
import { evidenceFileName, evidenceTypeOf } from './evidence-file.ts';
import { answerPolicy, type OccurrenceRecord, occurrencePolicy } from './register.policy.ts';
import * as repo from './register.repo.ts';
import { mailDate, type RegisterMailKind, registerMail } from './register-mail.ts';
import { SYNC_WORKSPACE_QUEUE } from './sync-queue.ts';

/**
 * A workspace's compliance register (issue 24, DESIGN §4): the obligations that apply to it per
 * unit, with the reason; the workspace's answer (not applicable with a justification, owner,
 * reviewer, courses whose completions are evidence); the occurrences the engine generates, their
 * insert-only evidence revisions and reviews; events of event-based obligations. Who may do what:
 * ./register.policy.ts.
 */

/** Which answers the caller sees (see `repo.Reach`). */
export function reachOf(actor: Actor): repo.Reach {
  const manager = holds(actor, 'compliance.manage');
  return { accountId: actor.accountId, manager, units: manager ? administeredUnits(actor) : [] };
}

const person = (id: string | null, name: string | null) => (id ? { id, name: name ?? '' } : null);
const iso = (d: Date | string) => new Date(d).toISOString();

function presentAnswer(actor: Actor, r: repo.AnswerRow): TRegisterObligation {
  return {
    answerId: r.answerId,
    obligation: {
      id: r.obligationId,
      key: r.key,
      law: r.law,
      section: r.section,
      title: r.title,
      description: r.description,
      evidence: r.evidence,
      kind: r.kind as TRegisterObligation['obligation']['kind'],
      category: r.category,
      evidenceSource: r.evidenceSource as TRegisterObligation['obligation']['evidenceSource'],
      retired: r.retired,
    },
    unit: r.branchId ? { id: r.branchId, name: r.branchName ?? '' } : null,
    applies: r.applies,
    reason: r.reason,
    notApplicable: r.notApplicable,
    justification: r.justification,
    owner: person(r.ownerId, r.ownerName),
    reviewer: person(r.reviewerId, r.reviewerName),
    evidenceCourses: r.evidenceCourses,
    nextDue: r.nextDue,
    overdueCount: r.overdueCount,
    actions: allowedActions(actor, answerPolicy, r).filter((a) => a !== 'view'),
  };
}

const occurrenceRecord = (r: repo.OccurrenceRow): OccurrenceRecord => r;

export function presentOccurrence(actor: Actor, r: repo.OccurrenceRow): TOccurrence {
  return {
    id: r.id,
    answerId: r.answerId,
    obligationKey: r.obligationKey,
    title: r.title,
    section: r.section,
    unit: r.branchId ? { id: r.branchId, name: r.branchName ?? '' } : null,
    periodStart: r.periodStart,
    periodEnd: r.periodEnd,
    dueDate: r.dueDate,
    status: r.status as TOccurrence['status'],
    overdue: r.overdue,
    daysOverdue: r.overdue ? r.daysLate : 0,
    owner: person(r.ownerId, r.ownerName),
    reviewer: person(r.reviewerId, r.reviewerName),
    source: r.sourceKind && r.sourceId ? { kind: r.sourceKind as TEvidenceSourceKind, id: r.sourceId } : null,
    actions: allowedActions(actor, occurrencePolicy, occurrenceRecord(r)).filter((a) => a !== 'view'),
  };
}
type TEvidenceSourceKind = NonNullable<TOccurrence['source']>['kind'];

const answerMissing = () =>
  new AppError(404, 'NOT_FOUND', 'The obligation was not found.', { params: { reason: 'OBLIGATION_NOT_FOUND' } });
const occurrenceMissing = () =>
  new AppError(404, 'NOT_FOUND', 'The occurrence was not found.', { params: { reason: 'OCCURRENCE_NOT_FOUND' } });

const bad = (reason: string, message: string, path: string) =>
  new AppError(400, 'BAD_REQUEST', message, { params: { reason }, details: [{ path, message, code: reason }] });

// ---------------------------------------------------------------------------------------------
// Obligations and answers
// ---------------------------------------------------------------------------------------------

/** `GET register/obligations`: the answers the caller sees, with the reason each applies, titles in its language. */
export function listObligations(ctx: Ctx, q: TRegisterObligationQuery): Promise<TRegisterObligation[]> {
  const actor = actorOf(ctx);
  return ctx.tenant(async (tx, t) => {
    const rows = await repo.listAnswers(tx, t.workspaceId, reachOf(actor), q);
    return rows.map((r) => presentAnswer(actor, r));
  });
}

const fieldsOf = (
  r: Pick<repo.AnswerRow, 'notApplicable' | 'justification' | 'ownerId' | 'reviewerId' | 'evidenceCourseIds'>,
) => ({
  notApplicable: r.notApplicable,
  justification: r.justification,
  ownerId: r.ownerId,
  reviewerId: r.reviewerId,
  evidenceCourses: [...r.evidenceCourseIds].sort(),
});

/**
 * `POST register/answer/{answerId}`: not applicable (with a justification of 10+ characters) or
 * applicable again, the owner and reviewer (active members the caller reaches, not the same
 * person), the courses whose completions are evidence (TRAINING obligations; courses the workspace
 * may use). Audited; a change of applicability asks the engine to recompute the workspace's
 * occurrences (a job in the same transaction).
 */
export function updateAnswer(ctx: Ctx, answerId: string, body: TAnswerUpdate): Promise<TRegisterObligation> {
  const actor = actorOf(ctx);
  return ctx.tenant(async (tx, t) => {
    const row = await repo.findAnswer(tx, t.workspaceId, answerId, actor.accountId, true);
    if (!row) throw answerMissing();
    authorize(actor, answerPolicy, 'view', row);
    const before = fieldsOf(row);
    const after = { ...before };

    const touchesApplicability = body.notApplicable !== undefined || body.justification !== undefined;
    if (touchesApplicability) {
      authorize(actor, answerPolicy, 'setApplicability', row);
      const notApplicable = body.notApplicable ?? row.notApplicable;
      if (notApplicable) {
        const justification = (body.justification ?? row.justification ?? '').trim();
        if (justification.length < 10)
          throw bad(
            'JUSTIFICATION_REQUIRED',
            'Say why this obligation does not apply (at least 10 characters).',
            'body.justification',
          );
        after.justification = justification;
      } else after.justification = null;
      after.notApplicable = notApplicable;
    }

    const touchesAssignment =
      body.ownerId !== undefined || body.reviewerId !== undefined || body.evidenceCourses !== undefined;
    if (touchesAssignment) {
      authorize(actor, answerPolicy, 'assign', row);
      for (const field of ['ownerId', 'reviewerId'] as const) {
        const id = body[field];
        if (id === undefined) continue;
        if (id !== null && id !== before[field]) await requireAssignable(tx, actor, t.workspaceId, id, field);
        after[field] = id;
      }
      if (after.ownerId !== null && after.ownerId === after.reviewerId)
        throw bad('OWNER_IS_REVIEWER', 'The reviewer must be someone other than the owner.', 'body.reviewerId');
      if (body.evidenceCourses !== undefined) {
        const wanted = [...new Set(body.evidenceCourses)].sort();
        if (wanted.length && row.evidenceSource !== 'TRAINING')
          throw bad(
            'COURSES_NOT_EXPECTED',
            'Only a training obligation takes courses as evidence.',
            'body.evidenceCourses',
          );
        const usable = new Set(await repo.usableCourses(tx, t.workspaceId, wanted));
        const missing = wanted.filter((id) => !usable.has(id));
        if (missing.length)
          throw bad('COURSE_NOT_AVAILABLE', 'A course is not one this workspace can use.', 'body.evidenceCourses');
        after.evidenceCourses = wanted;
      }
    }

    if (JSON.stringify(after) !== JSON.stringify(before)) {
      await repo.updateAnswer(tx, t.workspaceId, answerId, after);
      await ctx.audit('compliance_answer.updated', answerId, { before, after });
      if (after.notApplicable !== before.notApplicable) {
        await ctx.jobs.enqueue(
          tx,
          SYNC_WORKSPACE_QUEUE,
          { workspaceId: t.workspaceId },
          { key: `register-answer:${answerId}:${ctx.traceId}` },
        );
      }
    }
    const fresh = await repo.findAnswer(tx, t.workspaceId, answerId, actor.accountId);
    return presentAnswer(actor, fresh!);
  });
}

/** An owner or reviewer must be an active member the caller reaches (its unit; anyone for the whole workspace). */
async function requireAssignable(tx: Tx, actor: Actor, workspaceId: string, accountId: string, field: string) {
  const member = await repo.activeMember(tx, workspaceId, accountId);
  if (!member) throw bad('NOT_A_MEMBER', 'Choose an active member of this workspace.', `body.${field}`);
  if (!reaches(actor, member.branchId))
    throw new AppError(403, 'FORBIDDEN', 'You can only assign people of the business units you administer.', {
      params: { reason: 'FORBIDDEN_ASSIGN_OUTSIDE_SCOPE' },
      details: [{ path: `body.${field}`, message: 'outside your business units', code: 'OUTSIDE_SCOPE' }],
    });
}

// ---------------------------------------------------------------------------------------------
// Occurrences
// ---------------------------------------------------------------------------------------------

/** `GET register/occurrences`: a page of 60 of the occurrences the caller sees, by due date. */
export function listOccurrences(ctx: Ctx, q: TOccurrenceListQuery) {
  const actor = actorOf(ctx);
  if (q.from && q.to && q.from > q.to)
    throw bad('DATES_REVERSED', 'The range ends before it starts.', 'querystring.to');
  const size = LIMITS.compliancePageSize;
  return ctx.tenant(async (tx, t) => {
    const { rows, total } = await repo.listOccurrences(
      tx,
      t.workspaceId,
      reachOf(actor),
      { ...q, mine: q.mine === 'true' },
      { offset: q.pageNo * size, limit: size },
    );
    return toPagedResult(
      rows.map((r) => presentOccurrence(actor, r)),
      total,
      { pageNo: q.pageNo, pageSize: size },
    );
  });
}

async function loadOccurrence(tx: Tx, actor: Actor, workspaceId: string, id: string, lock = false) {
  const row = await repo.findOccurrence(tx, workspaceId, id, actor.accountId, lock);
  if (!row) throw occurrenceMissing();
  authorize(actor, occurrencePolicy, 'view', row);
  return row;
}

async function details(
  tx: Tx,
  actor: Actor,
  workspaceId: string,
  row: repo.OccurrenceRow,
): Promise<TOccurrenceDetails> {
  const [texts, evidence, reviews] = [
    await repo.obligationTexts(tx, row.obligationId, actor.accountId),
    await repo.listEvidence(tx, workspaceId, row.id),
    await repo.listReviews(tx, workspaceId, row.id),
  ];
  return {
    ...presentOccurrence(actor, row),
    description: texts.description,
    evidenceExpected: texts.evidence,
    evidence: evidence.map((e) => ({
      revision: e.revision,
      kind: e.kind,
      fileName: e.fileName,
      sizeBytes: e.sizeBytes,
      sha256: e.sha256,
      source:
        e.sourceKind && e.sourceId
          ? { kind: e.sourceKind as TEvidenceSourceKind, id: e.sourceId, label: e.note ?? e.sourceKind }
          : null,
      coversFrom: e.coversFrom,
      coversTo: e.coversTo,
      note: e.note,
      by: person(e.byId, e.byName),
      at: iso(e.at),
    })),
    reviews: reviews.map((r) => ({
      evidenceRevision: r.evidenceRevision,
      decision: r.decision,
      note: r.note,
      by: { id: r.byId, name: r.byName ?? '' },
      at: iso(r.at),
    })),
  };
}

/** `GET register/occurrence/{id}`: the occurrence with its evidence revisions and reviews. */
export function occurrenceDetails(ctx: Ctx, id: string): Promise<TOccurrenceDetails> {
  const actor = actorOf(ctx);
  return ctx.tenant(async (tx, t) =>
    details(tx, actor, t.workspaceId, await loadOccurrence(tx, actor, t.workspaceId, id)),
  );
}

/** Parses the multipart fields of an evidence upload (400 with the fields named). */
export function evidenceFields(fields: Record<string, string>): TEvidenceFields {
  const clean = Object.fromEntries(Object.entries(fields).map(([k, v]) => [k, v === '' ? null : v]));
  const parsed = ZEvidenceFields.safeParse(clean);
  if (!parsed.success)
    throw new AppError(400, 'VALIDATION_FAILED', 'The fields of the evidence are not valid.', {
      details: parsed.error.issues.map((i) => ({ path: `body.${i.path.join('.')}`, message: i.message })),
    });
  const f = parsed.data;
  if (f.coversFrom && f.coversTo && f.coversFrom > f.coversTo)
    throw bad('DATES_REVERSED', 'The period covered ends before it starts.', 'body.coversTo');
  return f;
}

/**
 * `POST register/occurrence/{id}/evidence`: the caller may add evidence (checked before the file
 * is read), the file's type from its bytes, stored privately under a new key with its SHA-256, a
 * new insert-only revision, OPEN/RETURNED → SUBMITTED, and a mail to the reviewer (a job in the
 * same transaction). The stored file is removed if the database change fails.
 */
export async function addEvidence(
  ctx: Ctx,
  id: string,
  read: () => Promise<{ upload: Upload; fields: Record<string, string> }>,
): Promise<TOccurrenceDetails> {
  const actor = actorOf(ctx);
  await ctx.tenant(async (tx, t) =>
    authorize(actor, occurrencePolicy, 'addEvidence', await loadOccurrence(tx, actor, t.workspaceId, id)),
  );
  const { upload, fields: raw } = await read();
  const fields = evidenceFields(raw);
  const type = await evidenceTypeOf(upload.data);
  const sha256 = sha256Hex(upload.data);
  const fileName = evidenceFileName(upload.filename, type);
  const workspaceId = actor.workspaceId;
  const key = newFileKey(workspaceId, 'compliance', fileName, ctx.clock.now());
  await ctx.storage.put(key, upload.data, { contentType: type.contentType });
  try {
    return await ctx.tenant(async (tx) => {
      const row = await loadOccurrence(tx, actor, workspaceId, id, true);
      authorize(actor, occurrencePolicy, 'addEvidence', row);
      const revision = await repo.insertFileEvidence(tx, {
        workspaceId,
        occurrenceId: id,
        storageKey: key,
        fileName,
        contentType: type.contentType,
        sizeBytes: upload.data.length,
        sha256,
        coversFrom: fields.coversFrom ?? null,
        coversTo: fields.coversTo ?? null,
        note: fields.note ?? null,
        by: actor.accountId,
      });
      await repo.setOccurrenceStatus(tx, workspaceId, id, 'SUBMITTED', null);
      await ctx.audit('compliance_evidence.added', id, {
        revision,
        sha256,
        sizeBytes: upload.data.length,
        contentType: type.contentType,
        coversFrom: fields.coversFrom ?? null,
        coversTo: fields.coversTo ?? null,
        statusBefore: row.status,
        statusAfter: 'SUBMITTED',
      });
      if (row.reviewerId && row.reviewerId !== actor.accountId)
        await enqueueMail(ctx, tx, workspaceId, 'SUBMITTED', row, row.reviewerId, revision);
      const fresh = await repo.findOccurrence(tx, workspaceId, id, actor.accountId);
      return details(tx, actor, workspaceId, fresh!);
    });
  } catch (err) {
    await deleteStoredFile(ctx, key);
    throw err;
  }
}

/** `GET register/occurrence/{id}/evidence/{revision}`: the file, for whoever may see the occurrence (audited as a read). */
export function downloadEvidence(
  ctx: Ctx,
  id: string,
  revision: number,
): Promise<{ file: StoredFile; fileName: string }> {
  const actor = actorOf(ctx);
  return ctx.tenant(async (tx, t) => {
    await loadOccurrence(tx, actor, t.workspaceId, id);
    const e = await repo.findEvidence(tx, t.workspaceId, id, revision);
    if (!e?.storageKey)
      throw new AppError(404, 'NOT_FOUND', 'The evidence file was not found.', {
        params: { reason: 'FILE_NOT_FOUND' },
      });
    const file = await ctx.storage.get(e.storageKey);
    if (!file)
      throw new AppError(404, 'NOT_FOUND', 'The evidence file was not found.', {
        params: { reason: 'FILE_NOT_FOUND' },
      });
    await ctx.audit('compliance_evidence.downloaded', id, { revision, sha256: e.sha256 });
    return { file: { ...file, contentType: e.contentType ?? file.contentType }, fileName: e.fileName ?? 'evidence' };
  });
}

/**
 * `POST register/occurrence/{id}/review`: the reviewer (or a register manager) approves the latest
 * revision (the occurrence is closed) or returns it with a note (the owner is told by mail, the
 * note is read in the register). Nobody reviews evidence they submitted.
 */
export function reviewOccurrence(ctx: Ctx, id: string, input: TReviewInput): Promise<TOccurrenceDetails> {
  const actor = actorOf(ctx);
  return ctx.tenant(async (tx, t) => {
    const row = await loadOccurrence(tx, actor, t.workspaceId, id, true);
    authorize(actor, occurrencePolicy, input.decision === 'APPROVED' ? 'approve' : 'return', row);
    const revision = row.lastRevision!;
    const status = input.decision === 'APPROVED' ? 'APPROVED' : 'RETURNED';
    await repo.insertReview(tx, {
      workspaceId: t.workspaceId,
      occurrenceId: id,
      revision,
      decision: input.decision,
      note: input.note?.trim() || null,
      by: actor.accountId,
    });
    await repo.setOccurrenceStatus(tx, t.workspaceId, id, status, actor.accountId);
    await ctx.audit('compliance_occurrence.reviewed', id, { revision, decision: input.decision, statusAfter: status });
    if (status === 'RETURNED' && row.ownerId && row.ownerId !== actor.accountId)
      await enqueueMail(ctx, tx, t.workspaceId, 'RETURNED', row, row.ownerId, revision);
    const fresh = await repo.findOccurrence(tx, t.workspaceId, id, actor.accountId);
    return details(tx, actor, t.workspaceId, fresh!);
  });
}

/**
 * `POST register/answer/{answerId}/event`: an event of an EVENT obligation happened on `date` (not
 * in the future): a new occurrence, due by the obligation's due rule from that day, computed with
 * the deadline engine on the unit's holiday calendar in the workspace's zone. One per day.
 */
export function recordEvent(ctx: Ctx, answerId: string, input: TRecordEventInput): Promise<TOccurrenceDetails> {
  const actor = actorOf(ctx);
  return ctx.tenant(async (tx, t) => {
    const answer = await repo.findAnswer(tx, t.workspaceId, answerId, actor.accountId, true);
    if (!answer) throw answerMissing();
    authorize(actor, answerPolicy, 'view', answer);
    authorize(actor, answerPolicy, 'recordEvent', answer);
    const zone = await workspaceTimeZone(tx, t.workspaceId);
    if (input.date > dateInZone(ctx.clock.now(), zone))
      throw bad('EVENT_IN_FUTURE', 'The event cannot be on a day still to come.', 'body.date');
    const rule = ZObligationDueRule.parse(answer.dueRule) as TObligationDueRule;
    const due = await dueInWorkspace(
      tx,
      {
        key: answer.key,
        anchor: 'the event',
        offset: rule.offset,
        unit: rule.unit,
        onHoliday: rule.onHoliday,
        reference: rule.reference,
      },
      input.date,
      { workspaceId: t.workspaceId, unitId: answer.branchId },
    );
    const id = await repo.insertEventOccurrence(tx, {
      workspaceId: t.workspaceId,
      obligationId: answer.obligationId,
      answerId,
      branchId: answer.branchId,
      date: input.date,
      dueDate: due.date,
      dueAt: due.dueAt,
    });
    if (!id)
      throw new AppError(409, 'CONFLICT', 'An event on that day is already recorded.', {
        params: { reason: 'EVENT_ALREADY_RECORDED' },
      });
    await ctx.audit('compliance_event.recorded', id, {
      answerId,
      date: input.date,
      dueDate: due.date,
      note: input.note?.trim() || null,
    });
    const row = await repo.findOccurrence(tx, t.workspaceId, id, actor.accountId);
    return details(tx, actor, t.workspaceId, row!);
  });
}

/** One register mail, as a `mail.send` job in the change's transaction: title and due date only. */
async function enqueueMail(
  ctx: Ctx,
  tx: Tx,
  workspaceId: string,
  kind: RegisterMailKind,
  row: repo.OccurrenceRow,
  to: string,
  revision: number,
): Promise<void> {
  const who = await repo.recipient(tx, workspaceId, to);
  if (!who) return;
  const brand = await workspaceBrand(tx, ctx.origin, workspaceId);
  const lang = mailLanguage(brand, who.language);
  const mail = registerMail(kind, lang, {
    firstName: who.firstName,
    title: await repo.titleIn(tx, row.obligationId, lang),
    due: mailDate(row.dueDate, lang),
    link: `${ctx.origin}/compliance`,
  });
  await ctx.jobs.enqueue(
    tx,
    'mail.send',
    { workspaceId, to: who.email, ...renderMail(brand, mail, who.language) },
    { key: `register-${kind.toLowerCase()}:${row.id}:${revision}` },
  );
}
