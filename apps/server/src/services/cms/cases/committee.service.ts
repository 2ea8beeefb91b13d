import {
  type TCaseChanged,
  type TCaseCounts,
  type TCasePartyAdded,
  type TCaseSummary,
  type TCmsText,
  type TCommitteeCases,
  type TWorkflowDefinition,
  toPagedResult,
} from '@app/contract';
import type { Ctx } from '../../../core/context.ts';
import { dateInZone } from '../../../core/deadlines.ts';
import { calendarDaysBetween } from '../../../core/due-rules.ts';
import { AppError } from '../../../core/errors.ts';
import { dueInWorkspace } from '../../../core/holiday-calendars.repo.ts';
import { INDIA_POSH_CLOCKS } from '../../../core/statutory-clocks.ts';
import { chainEntries } from '../../../core/trail.repo.ts';
import { verifyTrail } from '../../../core/trail.ts';
import { recheckConflicts } from './access.ts';
import { definitionOf, type OpenCase, withCase } from './case-core.ts';
import * as repo from './cases.repo.ts';
import * as committeeRepo from './committee.repo.ts';
import { matchConflicts } from './conflicts.ts';
import { writeItem } from './items.ts';
import { enqueueCaseNotices } from './notices.ts';
import { completeStep, findStep, startOnRequest, stepsOf } from './steps.ts';

/*
 * The committee's side of a case (issue 26): its list, the counts administrators outside it see,
 * running the steps (start one the law starts on request, complete one, with the reason a missed
 * deadline needs), its private sub-status, closing with an outcome and the appeal window, naming a
 * party (and the conflicts that follow), and the trail. Everything written is a sealed item
 * (items.ts); notices carry no contents (notices.ts).
 *
 * Decisions (docs/decisions.md, "Issue 26 — the committee"):
 * - A late step needs a written reason when its workflow says so (`reasonIfLate`, Canada s.35(1)(f))
 *   and, under either law, whenever the deadline missed is a statutory one: the committee must be
 *   able to show why a clock of the Act or the Regulations was not met (POSH s.9(1) asks the same
 *   for a late complaint). A reason given for a step that is not late is not kept.
 * - `start` starts only a step the law starts on request (POSH s.10(1), s.12; Canada s.24, s.25(1))
 *   whose request the committee received outside the platform (in writing, or in person), once its
 *   prerequisites are met; every other step starts by itself when its prerequisites are met.
 * - The complainant is told (content-free NEWS) when a completed step moves the case to another
 *   stage — the stage is what she follows — and when the case closes; the participants when it closes.
 * - Closing skips every open step but the POSH appeal window (s.18(2)), kept open until `appeal_until`
 *   (90 days from the recommendations, `reportOn`, by the deadline engine); the clock marks it done.
 */

const changed = () =>
  new AppError(409, 'CONFLICT', 'This case was changed in another window: reload it to see the latest.', {
    params: { reason: 'CASE_CHANGED' },
  });

const stepNotFound = () =>
  new AppError(404, 'NOT_FOUND', 'This step was not found in the case.', { params: { reason: 'CASE_STEP_NOT_FOUND' } });

/**
 * Locks the case for the change, once the policy has allowed it (a lock needs the committee's
 * UPDATE right, so locking while loading would answer 404 to a complainant instead of 403), and
 * takes the locked row as the case: a change made meanwhile (a closing) is seen here.
 */
async function lock(c: OpenCase): Promise<void> {
  const row = await repo.findCase(c.tx, c.row.workspaceId, c.row.id, true);
  if (!row) throw new AppError(404, 'NOT_FOUND', 'The case was not found.', { params: { reason: 'CASE_NOT_FOUND' } });
  if (row.status !== 'OPEN')
    throw new AppError(409, 'CONFLICT', 'The case is closed.', { params: { reason: 'CASE_NOT_OPEN' } });
  c.row = row;
}

function checkRevision(c: OpenCase, revision: number | undefined): void {
  if (revision !== undefined && revision !== c.row.revision) throw changed();
}

// --- the list and the counts ------------------------------------------------------------------------

/**
 * `GET /committee-cases`: the cases of the caller's committees that they have access to (RLS and
 * their own COMMITTEE access row), by next deadline — the overdue first — with counts by stage.
 * Metadata only: no key is needed.
 */
export async function committeeCases(
  ctx: Ctx,
  q: { status: committeeRepo.ListStatus; pageNo: number; pageSize: number },
): Promise<TCommitteeCases> {
  const me = ctx.member();
  const now = ctx.clock.now();
  return ctx.tenant(async (tx) => {
    const zone = await repo.timeZoneOf(tx, me.workspaceId);
    const today = dateInZone(now, zone);
    const counts = await committeeRepo.committeeCounts(tx, q.status);
    const total = counts.reduce((n, r) => n + r.count, 0);
    // The committees of the caller's cases (usually one): the page is read along their index.
    const committees = [...new Set(counts.map((c) => c.committeeId).filter((id): id is string => id !== null))];
    const rows =
      total === 0
        ? []
        : await committeeRepo.committeeCases(tx, me.workspaceId, me.accountId, committees, q.status, {
            limit: q.pageSize,
            offset: q.pageNo * q.pageSize,
          });
    const defs = new Map<string, { def: TWorkflowDefinition; name: string }>();
    const defOf = async (versionId: string) => {
      let d = defs.get(versionId);
      if (!d) {
        d = await definitionOf(tx, me.workspaceId, versionId);
        defs.set(versionId, d);
      }
      return d;
    };
    const content: TCaseSummary[] = [];
    for (const r of rows) {
      const { def, name } = await defOf(r.versionId);
      const stage = def.stages.find((s) => s.key === r.stageKey) ?? null;
      const next = r.nextStepKey ? findStep(def, r.nextStepKey) : null;
      const dueDate = r.nextDueDate ?? (r.nextDueAt ? dateInZone(new Date(r.nextDueAt), zone) : null);
      content.push({
        id: r.id,
        reference: r.reference,
        status: r.status,
        relation: 'COMMITTEE',
        workflowName: name,
        jurisdiction: r.jurisdiction,
        stageKey: r.stageKey,
        stageTitle: stage?.title ?? null,
        filedAt: r.filedAt ? new Date(r.filedAt).toISOString() : null,
        updatedAt: new Date(r.updatedAt).toISOString(),
        next:
          next && r.status === 'OPEN'
            ? { stepKey: next.step.key, title: next.step.title, dueDate, reference: r.nextReference }
            : null,
        daysLeft: dueDate && r.status === 'OPEN' ? calendarDaysBetween(today, dueDate) : null,
        overdue: r.overdue,
      });
    }
    const byStage = new Map<string, TCommitteeCases['byStage'][number]>();
    for (const c of counts) {
      const key = c.stageKey ?? '';
      const entry = byStage.get(key);
      if (entry) {
        entry.count += c.count;
        continue;
      }
      const { def } = await defOf(c.versionId);
      const stage = def.stages.find((s) => s.key === c.stageKey) ?? null;
      byStage.set(key, { stageKey: c.stageKey, stageTitle: stage?.title ?? null, count: c.count });
    }
    return {
      page: toPagedResult(content, total, q),
      byStage: [...byStage.values()],
      overdue: counts.reduce((n, r) => n + r.overdue, 0),
    };
  });
}

/** `GET /case-counts`: grouped counts and statuses of the workspace's cases (`app_case_counts`), never a case. */
export async function caseCounts(ctx: Ctx): Promise<TCaseCounts> {
  return ctx.tenant(async (tx, { workspaceId }) => {
    // The stages' titles from the workspace's published workflows (by key): texts of the process, not of any case.
    const titles = new Map<string, TCaseCounts['rows'][number]['stageTitle']>();
    for (const v of await repo.latestVersions(tx, workspaceId)) {
      const { def } = await definitionOf(tx, workspaceId, v.id);
      for (const stage of def.stages) if (!titles.has(stage.key)) titles.set(stage.key, stage.title);
    }
    const rows = (await committeeRepo.caseCounts(tx)).map((r) => ({
      status: r.status as TCaseCounts['rows'][number]['status'],
      stageKey: r.stageKey,
      stageTitle: r.stageKey ? (titles.get(r.stageKey) ?? null) : null,
      jurisdiction: r.jurisdiction as TCaseCounts['rows'][number]['jurisdiction'],
      overdue: r.overdue,
      count: r.count,
    }));
    return { rows, total: rows.reduce((n, r) => n + r.count, 0) };
  });
}

// --- steps -----------------------------------------------------------------------------------------------

async function stepOf(c: OpenCase, stepId: string): Promise<repo.StepRow> {
  const row = (await repo.steps(c.tx, c.row.workspaceId, c.row.id)).find((s) => s.id === stepId);
  if (!row) throw stepNotFound();
  return row;
}

const where = (c: OpenCase) => ({ workspaceId: c.row.workspaceId, caseId: c.row.id, branchId: c.row.branchId });

/** Tells the complainant (content-free) that her case moved to another stage. */
async function stageNews(ctx: Ctx, c: OpenCase, before: string | null): Promise<void> {
  const after = (await repo.findCase(c.tx, c.row.workspaceId, c.row.id))?.stageKey ?? null;
  if (after === before || !c.row.reference) return;
  await enqueueCaseNotices(c.tx, ctx, {
    workspaceId: c.row.workspaceId,
    caseId: c.row.id,
    reference: c.row.reference,
    kind: 'NEWS',
    recipients: [c.row.complainantAccountId],
    committee: new Set(),
    key: `stage:${c.row.id}:${after ?? 'none'}`,
  });
}

async function revisionOf(c: OpenCase): Promise<number> {
  return (await repo.findCase(c.tx, c.row.workspaceId, c.row.id))?.revision ?? c.row.revision;
}

/**
 * `POST /case/:id/step/:stepId/start`: starts a step the law starts only on request, the request
 * having reached the committee outside the platform; 409 `STEP_NOT_ON_REQUEST` for any other step
 * (they start by themselves), `STEP_PREREQUISITES_NOT_MET` before the steps it waits for are done.
 */
export function startStep(
  ctx: Ctx,
  caseId: string,
  stepId: string,
  input: { revision?: number | undefined },
): Promise<TCaseChanged> {
  return withCase(
    ctx,
    caseId,
    'runSteps',
    async (c) => {
      await lock(c);
      checkRevision(c, input.revision);
      const row = await stepOf(c, stepId);
      if (row.status !== 'ON_REQUEST')
        throw new AppError(
          409,
          'CONFLICT',
          'This step starts by itself when the steps before it are done; only a step the law starts on request is started here.',
          { params: { reason: 'STEP_NOT_ON_REQUEST' } },
        );
      const found = findStep(c.def, row.stepKey);
      const rows = await repo.steps(c.tx, c.row.workspaceId, c.row.id);
      const unmet = (found?.step.requires ?? []).some((req) => {
        const dep = rows.filter((r) => r.stepKey === req.stepKey).sort((a, b) => b.occurrence - a.occurrence)[0];
        if (!dep) return false;
        return req.condition === 'STARTED' ? dep.startedAt === null : dep.status !== 'DONE' && dep.status !== 'SKIPPED';
      });
      if (unmet)
        throw new AppError(409, 'CONFLICT', 'The steps this one waits for are not done yet.', {
          params: { reason: 'STEP_PREREQUISITES_NOT_MET' },
        });
      const before = c.row.stageKey;
      await startOnRequest(c.tx, where(c), c.def, row);
      await c.trail('case.step_started', { type: 'case_step', id: row.id });
      await stageNews(ctx, c, before);
      return { revision: await revisionOf(c) };
    },
    { trailAction: null },
  );
}

/** Whether completing `row` now needs a written reason (see the decisions above). */
export function lateReasonNeeded(def: TWorkflowDefinition, row: repo.StepRow, now: Date): boolean {
  if (!row.dueAt || now.getTime() <= new Date(row.dueAt).getTime()) return false;
  const step = findStep(def, row.stepKey)?.step;
  if (!step) return true;
  return step.settings.reasonIfLate === true || (step.statutory !== null && step.statutory.maxOffset !== null);
}

/**
 * `POST /case/:id/step/:stepId/complete`: completes an ACTIVE step (409 `STEP_NOT_ACTIVE`). After its
 * due date, 422 `LATE_REASON_REQUIRED` without a reason where one is needed; the reason is kept
 * sealed in the committee's space (a LATE_REASON item) and named on the step.
 */
export function completeCaseStep(
  ctx: Ctx,
  caseId: string,
  stepId: string,
  input: { lateReason: string | null; revision?: number | undefined },
): Promise<TCaseChanged> {
  const now = ctx.clock.now();
  return withCase(
    ctx,
    caseId,
    'runSteps',
    async (c) => {
      await lock(c);
      checkRevision(c, input.revision);
      const row = await stepOf(c, stepId);
      if (row.status !== 'ACTIVE')
        throw new AppError(409, 'CONFLICT', 'This step is not open: it is done already, or has not started.', {
          params: { reason: 'STEP_NOT_ACTIVE' },
        });
      const late = row.dueAt !== null && now.getTime() > new Date(row.dueAt).getTime();
      const reason = input.lateReason?.trim() || null;
      if (late && !reason && lateReasonNeeded(c.def, row, now))
        throw new AppError(
          422,
          'LATE_REASON_REQUIRED',
          'This step is past its due date: write down why it was not done in time.',
          {
            params: { reason: 'LATE_REASON_REQUIRED', dueDate: row.dueDate ?? '' },
            details: [{ path: 'lateReason', message: 'Write the reason for the delay', code: 'LATE_REASON_REQUIRED' }],
          },
        );
      const lateItem =
        late && reason
          ? await writeItem(c, {
              kind: 'LATE_REASON',
              audience: 'COMMITTEE',
              stepId: row.id,
              body: { stepKey: row.stepKey, occurrence: row.occurrence, reason },
            })
          : null;
      const before = c.row.stageKey;
      await completeStep(c.tx, where(c), c.def, row, c.caller.accountId, lateItem, now);
      await c.trail(late ? 'case.step_completed_late' : 'case.step_completed', { type: 'case_step', id: row.id });
      await stageNews(ctx, c, before);
      return { revision: await revisionOf(c) };
    },
    { keys: true, trailAction: null },
  );
}

// --- the committee's private space ------------------------------------------------------------------------

/** `POST /case/:id/sub-status`: the committee's private label (a SUB_STATUS item; the latest counts; '' clears it). */
export function setSubStatus(ctx: Ctx, caseId: string, input: { label: string }): Promise<TCaseChanged> {
  return withCase(
    ctx,
    caseId,
    'note',
    async (c) => {
      const id = await writeItem(c, { kind: 'SUB_STATUS', audience: 'COMMITTEE', body: { label: input.label } });
      await c.trail('case.sub_status', { type: 'case_item', id });
      const revision = await repo.updateCase(c.tx, c.row.workspaceId, c.row.id, {});
      return { revision: revision ?? c.row.revision };
    },
    { keys: true, trailAction: null },
  );
}

// --- closing ------------------------------------------------------------------------------------------------

/** The outcomes a definition offers, with a label (the button's, or the option's), for the case view. */
export function closeOutcomes(def: TWorkflowDefinition): Array<{ key: string; label: TCmsText }> {
  const out = new Map<string, TCmsText>();
  for (const { step } of stepsOf(def)) {
    for (const a of step.actions) {
      if (a.settings.type === 'BUTTON' && !out.has(a.settings.outcome)) out.set(a.settings.outcome, a.settings.label);
      if (a.settings.type === 'VOTE') for (const o of a.settings.options) if (!out.has(o.key)) out.set(o.key, o.label);
    }
  }
  return [...out].map(([key, label]) => ({ key, label }));
}

/** The outcomes a definition offers: each BUTTON action's outcome and each VOTE's option keys. */
export function outcomesOf(def: TWorkflowDefinition): string[] {
  const out = new Set<string>();
  for (const { step } of stepsOf(def)) {
    for (const a of step.actions) {
      if (a.settings.type === 'BUTTON') out.add(a.settings.outcome);
      if (a.settings.type === 'VOTE') for (const o of a.settings.options) out.add(o.key);
    }
  }
  return [...out];
}

/**
 * `POST /case/:id/close`: closes the case with an outcome its workflow offers (422
 * `OUTCOME_NOT_OFFERED`), the report (a file of the case, 422 `REPORT_FILE_NOT_FOUND`), the
 * employer's action and its date. The complainant reads how it closed (a CLOSURE item); open steps
 * are skipped but the POSH appeal window, tracked until `appeal_until` (s.18(2)); the complainant and
 * the participants are told (content-free).
 */
export function closeCase(
  ctx: Ctx,
  caseId: string,
  input: {
    outcome: string;
    reportFileId: string | null;
    reportOn: string;
    employerAction: string;
    employerActionOn: string | null;
  },
): Promise<TCaseChanged> {
  const now = ctx.clock.now();
  return withCase(
    ctx,
    caseId,
    'close',
    async (c) => {
      await lock(c);
      const ws = c.row.workspaceId;
      if (!outcomesOf(c.def).includes(input.outcome))
        throw new AppError(422, 'OUTCOME_NOT_OFFERED', 'Choose an outcome this workflow offers.', {
          params: { reason: 'OUTCOME_NOT_OFFERED' },
          details: [{ path: 'outcome', message: 'Not an outcome of this workflow', code: 'OUTCOME_NOT_OFFERED' }],
        });
      const zone = await repo.timeZoneOf(c.tx, ws);
      if (input.reportOn > dateInZone(now, zone))
        throw new AppError(422, 'REPORT_DATE_IN_FUTURE', 'The report’s date cannot be in the future.', {
          params: { reason: 'REPORT_DATE_IN_FUTURE' },
          details: [{ path: 'reportOn', message: 'A date in the future', code: 'REPORT_DATE_IN_FUTURE' }],
        });
      if (input.reportFileId && !(await repo.file(c.tx, ws, c.row.id, input.reportFileId)))
        throw new AppError(422, 'REPORT_FILE_NOT_FOUND', 'Upload the report to this case first.', {
          params: { reason: 'REPORT_FILE_NOT_FOUND' },
          details: [{ path: 'reportFileId', message: 'Not a file of this case', code: 'REPORT_FILE_NOT_FOUND' }],
        });
      const closure = await writeItem(c, {
        kind: 'CLOSURE',
        audience: 'COMPLAINANT',
        body: {
          outcome: input.outcome,
          reportOn: input.reportOn,
          employerAction: input.employerAction,
          employerActionOn: input.employerActionOn,
        },
      });
      if (input.reportFileId) await repo.attachFiles(c.tx, ws, c.row.id, [input.reportFileId], closure);
      // POSH s.18(2): an appeal within 90 days of the recommendations, by the deadline engine.
      let appealUntil: string | null = null;
      const keep: string[] = [];
      if (c.row.jurisdiction === 'IN_POSH') {
        const due = await dueInWorkspace(c.tx, INDIA_POSH_CLOCKS.appeal, input.reportOn, {
          workspaceId: ws,
          unitId: c.row.branchId,
        });
        appealUntil = due.date;
        const appealKeys = stepsOf(c.def)
          .filter(({ step }) => step.statutory?.ruleKey === INDIA_POSH_CLOCKS.appeal.key)
          .map(({ step }) => step.key);
        const rows = await repo.steps(c.tx, ws, c.row.id);
        for (const key of appealKeys) {
          const latest = rows.filter((r) => r.stepKey === key).sort((a, b) => b.occurrence - a.occurrence)[0];
          if (!latest || latest.status === 'DONE' || latest.status === 'SKIPPED') continue;
          await committeeRepo.keepStepOpen(c.tx, ws, latest.id, {
            dueAt: due.dueAt,
            dueDate: due.date,
            reference: due.reference,
          });
          keep.push(latest.id);
        }
      }
      await committeeRepo.skipOpenSteps(c.tx, ws, c.row.id, keep);
      const revision = await repo.updateCase(c.tx, ws, c.row.id, {
        status: 'CLOSED',
        outcome: input.outcome,
        closedAt: 'now',
        reportOn: input.reportOn,
        employerActionOn: input.employerActionOn,
        appealUntil,
        nextDueAt: null,
        nextStepKey: null,
      });
      await c.trail('case.closed');
      const access = await repo.accessOf(c.tx, ws, c.row.id);
      const parties = access.filter(
        (a) => a.revokedAt === null && (a.relation === 'COMPLAINANT' || a.relation === 'PARTICIPANT'),
      );
      if (c.row.reference)
        await enqueueCaseNotices(c.tx, ctx, {
          workspaceId: ws,
          caseId: c.row.id,
          reference: c.row.reference,
          kind: 'NEWS',
          recipients: parties.map((p) => p.accountId),
          committee: new Set(),
          key: `closed:${c.row.id}`,
        });
      return { revision: revision ?? c.row.revision };
    },
    { keys: true, trailAction: null },
  );
}

// --- parties and conflicts ----------------------------------------------------------------------------------

/**
 * `POST /case/:id/party`: names a respondent or witness who is a member of the workspace (422
 * `PARTY_NOT_MEMBER`; the complainant: 422 `PARTY_IS_COMPLAINANT`), then matches the committee
 * against the parties again: a member who is a party or a party's manager is conflicted and loses
 * access at once (their keys deleted, new key versions wrapped to the others). A member cannot name
 * a party that conflicts themself (409 `PARTY_CONFLICTS_YOU`: another member names them).
 */
export function addParty(
  ctx: Ctx,
  caseId: string,
  input: { accountId: string; role: 'RESPONDENT' | 'WITNESS' },
): Promise<TCasePartyAdded> {
  return withCase(
    ctx,
    caseId,
    'addParty',
    async (c) => {
      await lock(c);
      const ws = c.row.workspaceId;
      if (input.accountId === c.row.complainantAccountId)
        throw new AppError(422, 'PARTY_IS_COMPLAINANT', 'The complainant cannot be named as a party.', {
          params: { reason: 'PARTY_IS_COMPLAINANT' },
          details: [{ path: 'accountId', message: 'The complainant', code: 'PARTY_IS_COMPLAINANT' }],
        });
      if (!(await committeeRepo.isActiveMember(c.tx, ws, input.accountId)))
        throw new AppError(422, 'PARTY_NOT_MEMBER', 'Choose a member of this workspace.', {
          params: { reason: 'PARTY_NOT_MEMBER' },
          details: [{ path: 'accountId', message: 'Not a member of this workspace', code: 'PARTY_NOT_MEMBER' }],
        });
      await repo.insertParty(c.tx, { workspaceId: ws, caseId: c.row.id, ...input, addedBy: c.caller.accountId });
      const party = (await repo.parties(c.tx, ws, c.row.id)).find(
        (p) => p.accountId === input.accountId && p.role === input.role,
      )!;
      const access = await repo.accessOf(c.tx, ws, c.row.id);
      const members = access.filter((a) => a.relation === 'COMMITTEE' && a.revokedAt === null).map((a) => a.accountId);
      const matched = await matchConflicts(c.tx, c.row, members);
      const known = await repo.conflicts(c.tx, ws, c.row.id);
      const open = new Set(known.filter((x) => x.clearedAt === null).map((x) => x.accountId));
      // A conflict the presiding officer (or the external member) cleared stands cleared.
      const cleared = new Set(known.filter((x) => x.clearedAt !== null).map((x) => x.accountId));
      for (const id of cleared) if (!open.has(id)) matched.delete(id);
      if (matched.has(c.caller.accountId))
        throw new AppError(
          409,
          'CONFLICT',
          'Naming this person makes you conflicted in this case: ask another member of the committee to name them.',
          { params: { reason: 'PARTY_CONFLICTS_YOU' } },
        );
      // The members this makes conflicted lose access and keys (new key versions for those who remain).
      const { conflicted } = await recheckConflicts(ctx, c, matched);
      await c.trail('case.party_added', { type: 'case_party', id: party.id });
      const revision = await repo.updateCase(c.tx, ws, c.row.id, {});
      return { revision: revision ?? c.row.revision, partyId: party.id, conflicted };
    },
    { keys: true, trailAction: null },
  );
}

// --- the trail ------------------------------------------------------------------------------------------------

/** `GET /case/:id/trail`: the case's trail (ids and codes), each actor by name (the committee knows its members). */
export function trail(ctx: Ctx, caseId: string) {
  return withCase(
    ctx,
    caseId,
    'trail',
    async (c) => {
      const rows = await chainEntries(c.tx, c.row.workspaceId, c.row.id);
      const ids = [...new Set(rows.map((r) => r.actorAccountId).filter((x): x is string => x !== null))];
      const names = new Map((await committeeRepo.names(c.tx, c.row.workspaceId, ids)).map((n) => [n.id, n.name]));
      const last = rows.at(-1);
      return {
        entries: rows.map((r) => ({
          seq: r.seq,
          at: r.occurredAt,
          actor: r.actorAccountId ? (names.get(r.actorAccountId) ?? null) : null,
          action: r.action,
          targetType: r.targetType,
          targetId: r.targetId,
        })),
        head: last ? { seq: last.seq, hash: last.rowHash } : null,
      };
    },
    { trailAction: 'case.trail_read' },
  );
}

/** `POST /case/:id/trail/verify`: recomputes the chain; intact, or the first entry that does not hold. */
export function verify(ctx: Ctx, caseId: string) {
  return withCase(
    ctx,
    caseId,
    'trail',
    async (c) => {
      const v = await verifyTrail(c.tx, c.row.workspaceId, c.row.id);
      const verdict = v.ok
        ? { intact: true, entries: v.length, firstBadSeq: null, problem: null }
        : {
            intact: false,
            entries: (await chainEntries(c.tx, c.row.workspaceId, c.row.id)).length,
            firstBadSeq: v.seq,
            problem: v.problem,
          };
      await c.trail('case.trail_verified');
      return verdict;
    },
    // Verified before this check is recorded: the entry lands after the verdict.
    { trailAction: null },
  );
}
