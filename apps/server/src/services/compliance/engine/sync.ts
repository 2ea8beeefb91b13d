import type { TCountry } from '@app/contract';
import type { Tx } from '../../../core/db/database.ts';
import { dateInZone } from '../../../core/deadlines.ts';
import type { WorkingCalendar } from '../../../core/due-rules.ts';
import { COUNTRY_CALENDARS, loadCalendar } from '../../../core/holiday-calendars.repo.ts';
import type { JobCtx } from '../../../core/job-context.ts';
import type { AnswerUpsert, CatalogueObligation, OccurrenceRow } from './engine.repo.ts';
import * as repo from './engine.repo.ts';
import { applicability, appliesFromAfter, type Place, plan, type Reason, single } from './schedule.ts';

/**
 * The register engine's sync of one workspace (issue 24; queue `compliance.sync-workspace`), in
 * one tenant transaction of that workspace, serialised per workspace by an advisory lock:
 * 1. answers: one per obligation of the workspace's country (scope WORKSPACE), or per business
 *    unit (scope UNIT), with `applies`, its reason and `applies_from` from today's facts;
 * 2. occurrences 24 months ahead for the answers that apply and are not marked not applicable
 *    (set-based insert; the unique key makes a second run insert nothing); an edited obligation's
 *    new schedule re-applied to the open occurrences whose period has not started;
 * 3. cancellation of the OPEN/RETURNED occurrences not yet started of answers that stopped
 *    applying, were marked not applicable, or whose obligation was retired;
 * 4. closes by other modules' records (committee, designated recipient, training, workshop);
 *    a CONTINUOUS occurrence closed by a committee that has since lapsed opens a new occurrence.
 */

export type SyncCounts = {
  answers: number;
  changed: number;
  inserted: number;
  cancelled: number;
  rescheduled: number;
  closed: number;
};

/** Calendars loaded once per code for a sync (the same code serves many units). */
type Calendars = Map<string, WorkingCalendar>;

async function calendarOf(tx: Tx, cache: Calendars, code: string): Promise<WorkingCalendar> {
  let c = cache.get(code);
  if (!c) {
    c = await loadCalendar(tx, code);
    cache.set(code, c);
  }
  return c;
}

/** Whether two reasons say the same (a reason read back from jsonb has its keys in another order). */
function sameReason(a: Reason, b: Reason): boolean {
  const ka = Object.keys(a.params ?? {});
  return (
    a.code === b.code && ka.length === Object.keys(b.params).length && ka.every((k) => a.params[k] === b.params[k])
  );
}

/** A CONTINUOUS occurrence closed by one of these reopens (as a new occurrence) once the record lapses. */
const LAPSING = ['COMMITTEE', 'DESIGNATED_RECIPIENT'] as const;

export async function syncWorkspace(
  ctx: JobCtx,
  workspaceId: string,
  opts: { calendars?: Calendars } = {},
): Promise<SyncCounts> {
  const counts: SyncCounts = { answers: 0, changed: 0, inserted: 0, cancelled: 0, rescheduled: 0, closed: 0 };
  const calendars: Calendars = opts.calendars ?? new Map();
  await ctx.tenant(async (tx) => {
    await repo.lockWorkspaceSync(tx, workspaceId);
    const ws = await repo.workspaceFacts(tx, workspaceId);
    if (!ws) return;
    const today = dateInZone(ctx.clock.now(), ws.timeZone);
    const countryCalendar = COUNTRY_CALENDARS[ws.country as TCountry] ?? COUNTRY_CALENDARS.IN;
    const units = await repo.unitFacts(tx, workspaceId);
    const obligations = await repo.countryObligations(tx, ws.country);
    const byId = new Map(obligations.map((o) => [o.id, o]));
    const before = new Map(
      (await repo.existingAnswers(tx, workspaceId)).map((a) => [`${a.obligationId}:${a.branchId ?? ''}`, a]),
    );

    // 1. Answers.
    const upserts: AnswerUpsert[] = [];
    const flips: Array<{ o: CatalogueObligation; u: AnswerUpsert; was: repo.ExistingAnswer | undefined }> = [];
    const places = (o: CatalogueObligation): Array<{ branchId: string | null; place: Place }> =>
      o.scope === 'WORKSPACE'
        ? [{ branchId: null, place: { name: ws.name, headcount: ws.headcount, calendarCode: countryCalendar } }]
        : units.map((u) => ({
            branchId: u.id,
            place: { name: u.name, headcount: u.headcount, calendarCode: u.calendar ?? countryCalendar },
          }));
    for (const o of obligations) {
      for (const { branchId, place } of places(o)) {
        const was = before.get(`${o.id}:${branchId ?? ''}`);
        // A retired obligation no workspace answered yet gets no answer.
        if (o.status === 'RETIRED' && !was) continue;
        const a = applicability(o.applicability, ws.country, o.jurisdictionCodes, place);
        const u: AnswerUpsert = {
          obligationId: o.id,
          branchId,
          applies: a.applies,
          reason: a.reason,
          appliesFrom: appliesFromAfter(a.applies, was, today),
          version: o.version,
        };
        // Only answers that are new or whose applicability changed are written.
        if (!was || was.applies !== u.applies || was.appliesFrom !== u.appliesFrom || !sameReason(was.reason, u.reason))
          upserts.push(u);
        if (!was || was.applies !== a.applies) flips.push({ o, u, was });
      }
    }
    counts.answers = before.size + upserts.filter((u) => !before.has(`${u.obligationId}:${u.branchId ?? ''}`)).length;
    counts.changed = await repo.upsertAnswers(tx, workspaceId, upserts);

    // 2. Occurrences ahead.
    const live = await repo.liveAnswers(tx, workspaceId);
    const servedNow = new Map<string, Set<string>>();
    const served = async (source: string) => {
      if (!servedNow.has(source)) {
        const kind = source === 'COMMITTEE' ? 'INTERNAL_COMMITTEE' : 'DESIGNATED_RECIPIENT';
        servedNow.set(source, await repo.unitsServed(tx, workspaceId, kind, today));
      }
      return servedNow.get(source)!;
    };
    const unitCalendar = new Map(units.map((u) => [u.id, u.calendar ?? countryCalendar]));
    const rows: OccurrenceRow[] = [];
    for (const a of live) {
      const o = byId.get(a.obligationId);
      if (!o) continue;
      const calendar = await calendarOf(tx, calendars, (a.branchId && unitCalendar.get(a.branchId)) || countryCalendar);
      const input = {
        key: o.key,
        kind: o.kind,
        recurrence: o.recurrence,
        dueRule: o.dueRule,
        appliesFrom: a.appliesFrom,
        today,
        zone: ws.timeZone,
        calendar,
      };
      const planned = plan(input);
      // A CONTINUOUS occurrence a committee record closed, whose unit that record no longer serves: a new one from today.
      if (
        o.kind === 'CONTINUOUS' &&
        a.lastStatus === 'CLOSED_BY_SOURCE' &&
        (LAPSING as readonly string[]).includes(a.lastSource ?? '') &&
        a.branchId !== null &&
        !(await served(a.lastSource!)).has(a.branchId)
      ) {
        planned.push(single(input, today));
      }
      const answerRows = planned.map((p) => ({
        answerId: a.id,
        obligationId: o.id,
        branchId: a.branchId,
        periodStart: p.periodStart,
        periodEnd: p.periodEnd,
        dueDate: p.dueDate,
        dueAt: p.dueAt.toISOString(),
      }));
      if (a.obligationVersion !== o.version) {
        const r = await repo.reapplyVersion(tx, {
          workspaceId,
          answerId: a.id,
          version: o.version,
          today,
          rows: answerRows,
        });
        counts.rescheduled += r.updated;
        counts.cancelled += r.cancelled;
      }
      for (const r of answerRows) rows.push(r);
    }
    // Only the rows not there yet go to the database (the unique key still guards a concurrent run).
    const have = rows.length > 0 ? await repo.occurrenceKeys(tx, workspaceId) : new Set<string>();
    counts.inserted = await repo.insertOccurrences(
      tx,
      workspaceId,
      rows.filter((r) => !have.has(`${r.answerId}:${r.periodStart}`)),
    );
    if ([...before.values()].some((a) => a.obligationVersion !== byId.get(a.obligationId)?.version))
      await repo.recordVersions(tx, workspaceId);

    // 3. Cancellation.
    const cancelled = await repo.cancelStopped(tx, workspaceId, today);
    counts.cancelled += cancelled.length;

    for (const f of flips) {
      if (!f.was) continue; // a new answer is not a change of applicability
      await ctx.audit('obligation_answer.applicability_changed', f.was.id, {
        before: { applies: f.was.applies, reason: f.was.reason },
        after: {
          applies: f.u.applies,
          reason: f.u.reason,
          obligationKey: f.o.key,
          branchId: f.u.branchId,
          cancelled: cancelled.length,
        },
      });
    }

    // 4. Closes by other modules' records (only the sources the catalogue's active obligations name).
    const sources = new Set(obligations.filter((o) => o.status === 'ACTIVE').map((o) => o.evidenceSource));
    const closed: Array<repo.Closed & { kind: string }> = [];
    for (const source of ['COMMITTEE', 'DESIGNATED_RECIPIENT'] as const) {
      if (!sources.has(source)) continue;
      for (const c of await repo.closeByCommittee(tx, workspaceId, source, today)) closed.push({ ...c, kind: source });
    }
    if (sources.has('TRAINING'))
      for (const c of await repo.closeByTraining(tx, workspaceId, ws.timeZone, today))
        closed.push({ ...c, kind: 'TRAINING' });
    if (sources.has('WORKSHOP'))
      for (const c of await repo.closeByWorkshop(tx, workspaceId, ws.timeZone, today))
        closed.push({ ...c, kind: 'WORKSHOP' });
    for (const c of closed) {
      await ctx.audit('obligation_occurrence.closed_by_source', c.id, {
        after: { status: 'CLOSED_BY_SOURCE', sourceKind: c.kind, sourceId: c.sourceId },
      });
    }
    counts.closed = closed.length;
  });
  return counts;
}
