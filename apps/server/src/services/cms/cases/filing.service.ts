import { randomUUID } from 'node:crypto';
import type { TAnswers, TComplaintForm, TDraft, TReceipt, TWorkflowDefinition, TWorkflowFiler } from '@app/contract';
import type { Ctx } from '../../../core/context.ts';
import { wipe } from '../../../core/crypto.ts';
import type { Tx } from '../../../core/db/database.ts';
import { dateInZone } from '../../../core/deadlines.ts';
import { AppError } from '../../../core/errors.ts';
import { actorOf, holds, refuse } from '../../../core/policy.ts';
import { attributesOf, checkAnswers, fileIdsIn, invalid } from './answers.ts';
import { definitionOf, loadCase, type OpenCase, trailWriter, withCase } from './case-core.ts';
import * as repo from './cases.repo.ts';
import { matchConflicts } from './conflicts.ts';
import { listFiles } from './files.ts';
import { readItems, writeItem } from './items.ts';
import { callerOfCtx, newDataKey, newKeyring, sessionKeypair, wrapMissing } from './keys.ts';
import { enqueueCaseNotices } from './notices.ts';
import { findStep, instantiateSteps } from './steps.ts';

/*
 * Filing a complaint (issue 26): a draft under the latest published version of a workflow, saved
 * as often as the complainant likes (sealed; nobody but her — and the member writing it down for
 * her — can read it), then submitted once: checked against the frozen definition, sealed, handed to
 * the committee that handles her unit (members not conflicted get access and a wrapped key), its
 * clocks started, a receipt with what happens next. An `Idempotency-Key` makes a retried
 * submission answer the same receipt.
 */

const kindOf = (def: TWorkflowDefinition) =>
  def.jurisdiction === 'CA_SOR_2020_130' ? 'DESIGNATED_RECIPIENT' : 'INTERNAL_COMMITTEE';

async function handlerFor(
  tx: Tx,
  workspaceId: string,
  def: TWorkflowDefinition,
  branchId: string | null,
): Promise<{ id: string; name: string } | null> {
  if (def.handler.kind === 'COMMITTEE') return repo.committee(tx, workspaceId, def.handler.committeeId);
  return repo.committeeForUnit(tx, workspaceId, branchId, kindOf(def));
}

function formOf(
  v: { id: string; workflowId: string; number: number; name: string },
  def: TWorkflowDefinition,
  handler: { name: string } | null,
  presiding: { name: string; email: string | null } | null,
): TComplaintForm {
  return {
    workflowId: v.workflowId,
    versionId: v.id,
    versionNumber: v.number,
    name: v.name,
    jurisdiction: def.jurisdiction,
    definition: def,
    handlerName: handler?.name ?? null,
    contact: def.contact ?? (presiding ? { name: presiding.name, email: presiding.email, phone: null } : null),
  };
}

const mayFile = (ctx: Ctx) => {
  if (!holds(actorOf(ctx), 'complaints.file')) {
    const r = refuse.forbidden('DEFAULT');
    throw new AppError(r.status, r.code, 'You may not file complaints in this workspace.', {
      params: { reason: 'FORBIDDEN_FILE_COMPLAINT' },
    });
  }
};

/** The forms the caller may file under: each workflow's latest version that reaches their business unit. */
export async function forms(ctx: Ctx): Promise<{ forms: TComplaintForm[] }> {
  const c = callerOfCtx(ctx);
  mayFile(ctx);
  return ctx.tenant(async (tx) => {
    const [me] = await repo.people(tx, c.workspaceId, [c.accountId]);
    const out: TComplaintForm[] = [];
    for (const v of await repo.latestVersions(tx, c.workspaceId)) {
      const { def } = await definitionOf(tx, c.workspaceId, v.id);
      if (def.branchId && def.branchId !== me?.branchId) continue;
      const handler = await handlerFor(tx, c.workspaceId, def, me?.branchId ?? null);
      const members = handler ? await repo.committeeMembers(tx, c.workspaceId, handler.id) : [];
      const po = members.find((m) => m.role === 'PRESIDING_OFFICER' || m.role === 'DESIGNATED_RECIPIENT') ?? null;
      out.push(formOf(v, def, handler, po));
    }
    return { forms: out };
  });
}

/**
 * Starts a draft. The caller must have unlocked their key (423 `CASE_KEY_LOCKED`): the draft is
 * sealed from the first save. `onBehalfOf`: a member of the committee that handles the complainant
 * writes it down for her (POSH s.9(1)); she is the complainant, the case records who wrote it.
 */
export async function createDraft(
  ctx: Ctx,
  input: { workflowId: string; onBehalfOf: string | null; filerKind: TWorkflowFiler },
): Promise<TDraft> {
  const c = callerOfCtx(ctx);
  if (!input.onBehalfOf || input.onBehalfOf === c.accountId) mayFile(ctx);
  const caseId = randomUUID();
  await ctx.tenant(async (tx) => {
    // The caller's key must be open (everything they write is sealed to them).
    wipe((await sessionKeypair(tx, c)).privateKey);
    const v = (await repo.latestVersions(tx, c.workspaceId)).find((x) => x.workflowId === input.workflowId);
    if (!v)
      throw new AppError(404, 'NOT_FOUND', 'This complaint form is not published.', {
        params: { reason: 'WORKFLOW_NOT_FOUND' },
      });
    const { def } = await definitionOf(tx, c.workspaceId, v.id);
    if (!def.filers.includes(input.filerKind)) {
      throw new AppError(422, 'FILER_NOT_ALLOWED', 'This form does not take complaints from this kind of filer.', {
        params: { filer: input.filerKind },
      });
    }
    const complainantId = input.onBehalfOf ?? c.accountId;
    const [complainant] = await repo.people(tx, c.workspaceId, [complainantId]);
    if (!complainant)
      throw new AppError(404, 'NOT_FOUND', 'This person is not a member of the workspace.', {
        params: { reason: 'USER_NOT_FOUND' },
      });
    if (def.branchId && def.branchId !== complainant.branchId) {
      throw new AppError(404, 'NOT_FOUND', 'This complaint form is not for your business unit.', {
        params: { reason: 'WORKFLOW_NOT_FOUND' },
      });
    }
    let memberRole: string | null = null;
    const assisted = complainantId !== c.accountId;
    if (assisted) {
      // Only a member of the committee that would handle her complaint writes it down for her.
      const handler = await handlerFor(tx, c.workspaceId, def, complainant.branchId);
      const me = handler
        ? (await repo.committeeMembers(tx, c.workspaceId, handler.id)).find((m) => m.accountId === c.accountId)
        : null;
      if (!me) {
        throw new AppError(
          403,
          'FORBIDDEN',
          'Only a member of the committee that handles this person’s complaints may write one down for them.',
          {
            params: { reason: 'FORBIDDEN_ASSISTED_FILING' },
          },
        );
      }
      memberRole = me.role;
    }
    await repo.insertDraft(tx, {
      id: caseId,
      workspaceId: c.workspaceId,
      workflowId: v.workflowId,
      versionId: v.id,
      versionNumber: v.number,
      definitionSha256: v.sha256,
      jurisdiction: def.jurisdiction,
      branchId: complainant.branchId,
      complainantAccountId: complainantId,
      assistedByAccountId: assisted ? c.accountId : null,
      filerKind: input.filerKind,
    });
    await repo.grantAccess(tx, {
      workspaceId: c.workspaceId,
      caseId,
      accountId: complainantId,
      relation: 'COMPLAINANT',
    });
    if (assisted) {
      await repo.grantAccess(tx, {
        workspaceId: c.workspaceId,
        caseId,
        accountId: c.accountId,
        relation: 'COMMITTEE',
        memberRole,
      });
    }
    const ring = newKeyring(c.workspaceId, caseId);
    try {
      await newDataKey(tx, ring, 'CASE');
      await wrapMissing(tx, ctx.config, ring);
    } finally {
      ring.wipe();
    }
    await trailWriter(ctx, tx, c.workspaceId, caseId, c.accountId)('case.draft_started');
  });
  return getDraft(ctx, caseId);
}

async function draftOf(c: OpenCase): Promise<TDraft> {
  const [answers] = await readItems(c, ['ANSWERS']);
  const v = await definitionOf(c.tx, c.row.workspaceId, c.row.versionId);
  const handler = await handlerFor(c.tx, c.row.workspaceId, v.def, c.row.branchId);
  return {
    id: c.row.id,
    workflowId: c.row.workflowId,
    versionNumber: c.row.versionNumber,
    form: formOf(
      { id: c.row.versionId, workflowId: c.row.workflowId, number: v.number, name: v.name },
      v.def,
      handler,
      null,
    ),
    answers: (answers?.body as { answers: TAnswers } | undefined)?.answers ?? {},
    files: (await listFiles(c)).map(({ itemId: _i, ...f }) => f),
    assisted: c.row.assistedByAccountId !== null,
    revision: c.row.revision,
    updatedAt: new Date(c.row.updatedAt).toISOString(),
  };
}

export function getDraft(ctx: Ctx, caseId: string): Promise<TDraft> {
  return withCase(ctx, caseId, 'editDraft', draftOf, { keys: true, trailAction: 'case.draft_read' });
}

const stale = () =>
  new AppError(409, 'CONFLICT', 'This draft was changed in another window: reload it to see the latest answers.', {
    params: { reason: 'CASE_CHANGED' },
  });

/** Saves a draft's answers (incomplete is fine; what is given is checked). */
export function saveDraft(ctx: Ctx, caseId: string, input: { answers: TAnswers; revision: number }): Promise<TDraft> {
  return withCase(
    ctx,
    caseId,
    'editDraft',
    async (c) => {
      if (c.row.revision !== input.revision) throw stale();
      const fileIds = new Set((await listFiles(c)).map((f) => f.id));
      const { kept, problems } = checkAnswers(c.def, input.answers, {
        final: false,
        fileIds,
        today: await todayOf(ctx, c),
      });
      if (problems.length) throw invalid(problems);
      await repo.deleteDraftItems(c.tx, c.row.workspaceId, c.row.id, 'ANSWERS');
      await writeItem(c, { kind: 'ANSWERS', audience: 'COMPLAINANT', body: { answers: kept } });
      await repo.updateCase(c.tx, c.row.workspaceId, c.row.id, {});
      const fresh = (await repo.findCase(c.tx, c.row.workspaceId, c.row.id))!;
      return draftOf({ ...c, row: fresh });
    },
    { lock: true, keys: true, trailAction: 'case.draft_saved' },
  );
}

/** Discards a draft (never filed): its rows go; its uploads are deleted from storage by the caller. */
export async function discardDraft(ctx: Ctx, caseId: string): Promise<{ deleted: true }> {
  const keys = await withCase(
    ctx,
    caseId,
    'editDraft',
    async (c) => {
      const files = await repo.files(c.tx, c.row.workspaceId, c.row.id);
      await repo.deleteDraft(c.tx, c.row.workspaceId, c.row.id);
      return files.map((f) => f.storageKey);
    },
    { lock: true, trailAction: null },
  );
  for (const key of keys) await ctx.storage.delete(key).catch(() => undefined);
  return { deleted: true };
}

async function todayOf(ctx: Ctx, c: OpenCase): Promise<string> {
  return dateInZone(ctx.clock.now(), await repo.timeZoneOf(c.tx, c.row.workspaceId));
}

/** The receipt of a filed case, as its complainant sees it. */
async function receiptOf(c: OpenCase): Promise<TReceipt> {
  const steps = await repo.steps(c.tx, c.row.workspaceId, c.row.id);
  const committee = c.row.committeeId ? await repo.committee(c.tx, c.row.workspaceId, c.row.committeeId) : null;
  const next = steps
    .filter((s) => s.status === 'ACTIVE')
    .map((s) => {
      const d = findStep(c.def, s.stepKey);
      return {
        stepKey: s.stepKey,
        title: d?.step.title ?? { en: s.stepKey },
        dueDate: s.dueDate,
        reference: s.reference,
      };
    });
  return {
    caseId: c.row.id,
    reference: c.row.reference!,
    filedAt: new Date(c.row.filedAt!).toISOString(),
    committeeName: committee?.name ?? null,
    next,
    assisted: c.row.assistedByAccountId !== null,
  };
}

/**
 * Submits a draft. With `idempotencyKey`, a second submission with the same key answers the first's
 * receipt. Refused, writing nothing: 422 `COMPLAINT_INVALID` (per question), 409 `NO_COMMITTEE`
 * (no committee handles complaints from her unit), 409 `CASE_CHANGED` (a stale revision).
 */
export async function submit(
  ctx: Ctx,
  caseId: string,
  input: { answers: TAnswers; revision: number },
  idempotencyKey: string | null,
): Promise<TReceipt> {
  const c0 = callerOfCtx(ctx);
  if (idempotencyKey) {
    const done = await ctx.tenant(async (tx) => {
      const id = await repo.findByIdempotencyKey(tx, c0.workspaceId, c0.accountId, idempotencyKey);
      if (!id) return null;
      const loaded = await loadCase(ctx, tx, id, 'read');
      return receiptOf({ ...loaded, tx, ring: null, trail: async () => {} });
    });
    if (done) return done;
  }
  const now = ctx.clock.now();
  const filed = await withCase(
    ctx,
    caseId,
    'editDraft',
    async (c) => {
      if (c.row.revision !== input.revision) throw stale();
      const ws = c.row.workspaceId;
      const zone = await repo.timeZoneOf(c.tx, ws);
      const fileIds = new Set((await listFiles(c)).map((f) => f.id));
      const { kept, problems } = checkAnswers(c.def, input.answers, {
        final: true,
        fileIds,
        today: dateInZone(now, zone),
      });
      if (problems.length) throw invalid(problems);
      const handler = await handlerFor(c.tx, ws, c.def, c.row.branchId);
      if (!handler) {
        throw new AppError(
          409,
          'CONFLICT',
          'No committee receives complaints from your business unit yet. Contact your employer or the Local Committee.',
          {
            params: { reason: 'NO_COMMITTEE' },
          },
        );
      }
      const members = await repo.committeeMembers(c.tx, ws, handler.id);
      // The respondent named by email, when they are a member of the workspace (conflicts, informing).
      const respondentEmail = typeof kept.RESPONDENT_EMAIL === 'string' ? kept.RESPONDENT_EMAIL : null;
      const respondent = respondentEmail ? await repo.accountByEmail(c.tx, ws, respondentEmail) : null;
      if (respondent && respondent !== c.row.complainantAccountId) {
        await repo.insertParty(c.tx, {
          workspaceId: ws,
          caseId,
          accountId: respondent,
          role: 'RESPONDENT',
          addedBy: c.caller.accountId,
        });
      }
      const conflicted = await matchConflicts(
        c.tx,
        c.row,
        members.map((m) => m.accountId),
      );
      for (const [accountId, reason] of conflicted) {
        await repo.insertConflict(c.tx, { workspaceId: ws, caseId, accountId, reason });
      }
      const assigned = members.filter((m) => !conflicted.has(m.accountId));
      for (const m of assigned) {
        await repo.grantAccess(c.tx, {
          workspaceId: ws,
          caseId,
          accountId: m.accountId,
          relation: 'COMMITTEE',
          memberRole: m.role,
        });
      }
      // The assisting member keeps access only if they are assigned (not conflicted).
      if (c.row.assistedByAccountId && conflicted.has(c.row.assistedByAccountId)) {
        await repo.revokeAccess(c.tx, ws, caseId, c.row.assistedByAccountId, 'COMMITTEE');
      }
      await newDataKey(c.tx, c.ring!, 'COMMITTEE');
      await repo.deleteDraftItems(c.tx, ws, caseId, 'ANSWERS');
      const answersId = await writeItem(c, { kind: 'ANSWERS', audience: 'COMPLAINANT', body: { answers: kept } });
      await repo.attachFiles(c.tx, ws, caseId, fileIdsIn(c.def, kept), answersId);
      await wrapMissing(c.tx, ctx.config, c.ring!);
      const incident =
        attributesOf(c.def).some((a) => a.key === 'INCIDENT_DATE') && typeof kept.INCIDENT_DATE === 'string'
          ? kept.INCIDENT_DATE
          : null;
      await instantiateSteps(
        c.tx,
        { workspaceId: ws, caseId, branchId: c.row.branchId, filedAt: now, incidentDate: incident },
        c.def,
      );
      const reference = await repo.nextReference(c.tx, ws, Number(dateInZone(now, zone).slice(0, 4)));
      // The last change while a draft: from here the case is the committee's (RLS follows the status).
      await repo.updateCase(c.tx, ws, caseId, {
        status: 'OPEN',
        reference,
        filedAt: 'now',
        committeeId: handler.id,
        incidentDate: incident,
        idempotencyKey,
      });
      await c.trail('case.filed');
      await enqueueCaseNotices(c.tx, ctx, {
        workspaceId: ws,
        caseId,
        reference,
        kind: 'FILED',
        recipients: assigned.map((m) => m.accountId).filter((id) => id !== c.caller.accountId),
        committee: new Set(assigned.map((m) => m.accountId)),
        key: `filed:${caseId}`,
      });
      return true;
    },
    { lock: true, keys: true, trailAction: null },
  ).catch(async (err) => {
    // Filed already (a second submission, or two at once: the second waited for the first). Once
    // filed, the complainant may no longer lock the case row (row-level security lets only the
    // committee change an open case), so it reads as missing to the locking load: look again.
    const reason = err instanceof AppError ? err.params?.reason : null;
    if (reason === 'CASE_NOT_DRAFT' || reason === 'CASE_NOT_FOUND') {
      const found = await ctx.tenant(async (tx) => ({
        row: await repo.findCase(tx, c0.workspaceId, caseId),
        byKey: idempotencyKey
          ? await repo.findByIdempotencyKey(tx, c0.workspaceId, c0.accountId, idempotencyKey)
          : null,
      }));
      if (found.byKey === caseId) return true;
      if (found.row && found.row.status !== 'DRAFT') {
        throw new AppError(409, 'CONFLICT', 'This complaint has been filed already.', {
          params: { reason: 'CASE_NOT_DRAFT' },
        });
      }
    }
    throw err;
  });
  if (!filed) throw new Error('unreachable');
  return ctx.tenant(async (tx) => {
    const loaded = await loadCase(ctx, tx, caseId, 'read');
    return receiptOf({ ...loaded, tx, ring: null, trail: async () => {} });
  });
}
