import type { TApplicabilityRule, TObligationDueRule, TObligationRecurrence } from '@app/contract';
import { type SQL, sql } from 'drizzle-orm';
import { queryRows, type Tx } from '../../../core/db/database.ts';

/**
 * SQL of the register engine (issue 24): the facts a sync reads, the answers' upsert, the
 * occurrences' set-based insert, cancellation and re-application, and the closes by other modules'
 * records (committees, designated recipients, training completions, workshops), read here in our
 * own SQL. Every statement runs in the workspace's tenant transaction and names its workspace.
 */

/** A Postgres array literal of text values (null: NULL), for `…::uuid[]`, `…::date[]` and the like. */
export function pgArray(values: ReadonlyArray<string | null>): string {
  return `{${values.map((v) => (v === null ? 'NULL' : `"${v.replaceAll('\\', '\\\\').replaceAll('"', '\\"')}"`)).join(',')}}`;
}

/** Serialises the syncs of one workspace (two at once would compute the same rows twice). */
export async function lockWorkspaceSync(tx: Tx, workspaceId: string): Promise<void> {
  await tx.execute(sql`select pg_advisory_xact_lock(hashtext('compliance.sync'), hashtext(${workspaceId}))`);
}

export type WorkspaceFacts = { id: string; name: string; country: string; timeZone: string; headcount: number };

/** The workspace's name, country, zone and active members. */
export async function workspaceFacts(tx: Tx, workspaceId: string): Promise<WorkspaceFacts | undefined> {
  const [row] = await queryRows<WorkspaceFacts>(
    tx,
    sql`select w.id, w.company_name as name, w.country, w.time_zone as "timeZone",
               (select count(*)::int from memberships m
                 where m.workspace_id = w.id and m.active and m.deleted_at is null) as headcount
          from workspaces w where w.id = ${workspaceId}`,
  );
  return row;
}

export type UnitFacts = { id: string; name: string; calendar: string | null; headcount: number };

/** Every business unit with its own holiday calendar (null: the country's) and its active members. */
export async function unitFacts(tx: Tx, workspaceId: string): Promise<UnitFacts[]> {
  return queryRows<UnitFacts>(
    tx,
    sql`select b.id, b.name, b.holiday_calendar as calendar, count(m.id)::int as headcount
          from branches b
          left join memberships m on m.workspace_id = b.workspace_id and m.branch_id = b.id
                                 and m.active and m.deleted_at is null
         where b.workspace_id = ${workspaceId}
         group by b.id, b.name, b.holiday_calendar
         order by b.name, b.id`,
  );
}

export type CatalogueObligation = {
  id: string;
  key: string;
  kind: string;
  scope: 'WORKSPACE' | 'UNIT';
  status: 'ACTIVE' | 'RETIRED';
  version: number;
  recurrence: TObligationRecurrence | null;
  dueRule: TObligationDueRule;
  applicability: TApplicabilityRule;
  evidenceSource: string;
  /** The obligation's own jurisdiction's code and holiday calendar (when it names one). */
  jurisdictionCodes: string[];
};

/** The catalogue's obligations of a country (retired ones too: their answers' occurrences are cancelled). */
export async function countryObligations(tx: Tx, country: string): Promise<CatalogueObligation[]> {
  return queryRows<CatalogueObligation>(
    tx,
    sql`select o.id, o.key, o.kind, o.scope, o.status, o.version, o.recurrence, o.due_rule as "dueRule",
               o.applicability, o.evidence_source as "evidenceSource",
               case when j.id is null then '{}'::text[]
                    else array_remove(array[j.code, j.holiday_calendar], null) end as "jurisdictionCodes"
          from obligations o left join jurisdictions j on j.id = o.jurisdiction_id
         where o.country = ${country}
         order by o.key`,
  );
}

export type ExistingAnswer = {
  id: string;
  obligationId: string;
  branchId: string | null;
  applies: boolean;
  reason: { code: string; params: Record<string, string | number> };
  appliesFrom: string | null;
  notApplicable: boolean;
  obligationVersion: number;
};

export async function existingAnswers(tx: Tx, workspaceId: string): Promise<ExistingAnswer[]> {
  return queryRows<ExistingAnswer>(
    tx,
    sql`select id, obligation_id as "obligationId", branch_id as "branchId", applies, reason,
               to_char(applies_from, 'YYYY-MM-DD') as "appliesFrom", not_applicable as "notApplicable",
               obligation_version as "obligationVersion"
          from obligation_answers where workspace_id = ${workspaceId}`,
  );
}

export type AnswerUpsert = {
  obligationId: string;
  branchId: string | null;
  applies: boolean;
  reason: { code: string; params: Record<string, string | number> };
  appliesFrom: string | null;
  version: number;
};

/**
 * Inserts new answers and updates the applicability of existing ones (only where it changed), in
 * one statement; a new answer takes the obligation's version. Answers the workspace's own fields
 * (not applicable, owner, reviewer, courses) are never touched here.
 */
export async function upsertAnswers(tx: Tx, workspaceId: string, rows: AnswerUpsert[]): Promise<number> {
  if (rows.length === 0) return 0;
  const changed = await queryRows<{ id: string }>(
    tx,
    sql`insert into obligation_answers as a (workspace_id, obligation_id, branch_id, applies, reason, applies_from, obligation_version)
        select ${workspaceId}, r."obligationId", r."branchId", r.applies, r.reason, r."appliesFrom", r.version
          from jsonb_to_recordset(${JSON.stringify(rows)}::jsonb)
            as r("obligationId" uuid, "branchId" uuid, applies boolean, reason jsonb, "appliesFrom" date, version int)
        on conflict on constraint obligation_answers_key do update
          set applies = excluded.applies, reason = excluded.reason, applies_from = excluded.applies_from, updated_at = app_now()
          where (a.applies, a.reason, a.applies_from) is distinct from (excluded.applies, excluded.reason, excluded.applies_from)
        returning a.id`,
  );
  return changed.length;
}

export type LiveAnswer = {
  id: string;
  obligationId: string;
  branchId: string | null;
  appliesFrom: string;
  obligationVersion: number;
  /** The latest occurrence (by period start) of a CONTINUOUS answer, to reopen one that lapsed. */
  lastStatus: string | null;
  lastSource: string | null;
};

/** The answers that generate: the obligation applies, is not marked not applicable, and is active. */
export async function liveAnswers(tx: Tx, workspaceId: string): Promise<LiveAnswer[]> {
  return queryRows<LiveAnswer>(
    tx,
    sql`select a.id, a.obligation_id as "obligationId", a.branch_id as "branchId",
               to_char(a.applies_from, 'YYYY-MM-DD') as "appliesFrom", a.obligation_version as "obligationVersion",
               last.status as "lastStatus", last.source_kind as "lastSource"
          from obligation_answers a
          join obligations ob on ob.id = a.obligation_id
          left join lateral (
            select o.status, o.source_kind from obligation_occurrences o
             where ob.kind = 'CONTINUOUS' and o.answer_id = a.id
             order by o.period_start desc limit 1) last on true
         where a.workspace_id = ${workspaceId} and a.applies and not a.not_applicable
           and a.applies_from is not null and ob.status = 'ACTIVE' and ob.kind <> 'EVENT'`,
  );
}

export type OccurrenceRow = {
  answerId: string;
  obligationId: string;
  branchId: string | null;
  periodStart: string;
  periodEnd: string;
  dueDate: string;
  dueAt: string;
};

/** The occurrences a workspace has, as `answer:period_start` keys (the sync inserts only the others). */
export async function occurrenceKeys(tx: Tx, workspaceId: string): Promise<Set<string>> {
  const rows = await queryRows<{ k: string }>(
    tx,
    sql`select answer_id::text || ':' || to_char(period_start, 'YYYY-MM-DD') as k
          from obligation_occurrences where workspace_id = ${workspaceId}`,
  );
  return new Set(rows.map((r) => r.k));
}

/** Statements of at most this many occurrences (parameters stay small, memory flat). */
export const INSERT_CHUNK = 5000;

/** Inserts the occurrences not there yet (the unique key decides), set-based; answers how many were new. */
export async function insertOccurrences(tx: Tx, workspaceId: string, rows: OccurrenceRow[]): Promise<number> {
  let inserted = 0;
  for (let i = 0; i < rows.length; i += INSERT_CHUNK) {
    const part = rows.slice(i, i + INSERT_CHUNK);
    const [row] = await queryRows<{ n: number }>(
      tx,
      sql`with ins as (
            insert into obligation_occurrences (workspace_id, obligation_id, answer_id, branch_id, period_start, period_end, due_date, due_at)
            select ${workspaceId}, r.o, r.a, r.b, r.ps, r.pe, r.dd, r.da
              from unnest(${pgArray(part.map((p) => p.obligationId))}::uuid[], ${pgArray(part.map((p) => p.answerId))}::uuid[],
                          ${pgArray(part.map((p) => p.branchId))}::uuid[], ${pgArray(part.map((p) => p.periodStart))}::date[],
                          ${pgArray(part.map((p) => p.periodEnd))}::date[], ${pgArray(part.map((p) => p.dueDate))}::date[],
                          ${pgArray(part.map((p) => p.dueAt))}::timestamptz[]) as r(o, a, b, ps, pe, dd, da)
            on conflict do nothing
            returning 1)
          select count(*)::int as n from ins`,
    );
    inserted += row?.n ?? 0;
  }
  return inserted;
}

/**
 * An edited obligation re-applied to an answer: its open occurrences (OPEN, RETURNED) whose
 * period has not started take the new period end and due date; those the new schedule no longer
 * has are cancelled; then the answer records the version. Completed occurrences are never touched.
 */
export async function reapplyVersion(
  tx: Tx,
  v: { workspaceId: string; answerId: string; version: number; today: string; rows: OccurrenceRow[] },
): Promise<{ updated: number; cancelled: number }> {
  const starts = pgArray(v.rows.map((r) => r.periodStart));
  const [row] = await queryRows<{ updated: number; cancelled: number }>(
    tx,
    sql`with planned as (
          select * from unnest(${starts}::date[], ${pgArray(v.rows.map((r) => r.periodEnd))}::date[],
                               ${pgArray(v.rows.map((r) => r.dueDate))}::date[],
                               ${pgArray(v.rows.map((r) => r.dueAt))}::timestamptz[]) as p(ps, pe, dd, da)
        ), upd as (
          update obligation_occurrences o set period_end = p.pe, due_date = p.dd, due_at = p.da, updated_at = app_now()
            from planned p
           where o.workspace_id = ${v.workspaceId} and o.answer_id = ${v.answerId} and o.period_start = p.ps
             and o.status in ('OPEN','RETURNED') and o.period_start > ${v.today}::date
             and (o.period_end, o.due_date, o.due_at) is distinct from (p.pe, p.dd, p.da)
          returning o.id
        ), can as (
          update obligation_occurrences o set status = 'CANCELLED', updated_at = app_now()
           where o.workspace_id = ${v.workspaceId} and o.answer_id = ${v.answerId}
             and o.status in ('OPEN','RETURNED') and o.period_start > ${v.today}::date
             and not (o.period_start = any(${starts}::date[]))
          returning o.id
        ), ver as (
          update obligation_answers set obligation_version = ${v.version}, updated_at = app_now()
           where workspace_id = ${v.workspaceId} and id = ${v.answerId}
          returning id
        )
        select (select count(*)::int from upd) as updated, (select count(*)::int from can) as cancelled,
               (select count(*)::int from ver) as v`,
  );
  return { updated: row?.updated ?? 0, cancelled: row?.cancelled ?? 0 };
}

/** Answers whose version is behind their obligation's but that generate nothing (they only record the version). */
export async function recordVersions(tx: Tx, workspaceId: string): Promise<void> {
  await tx.execute(
    sql`update obligation_answers a set obligation_version = ob.version, updated_at = app_now()
          from obligations ob
         where a.workspace_id = ${workspaceId} and ob.id = a.obligation_id and a.obligation_version <> ob.version
           and not (a.applies and not a.not_applicable and a.applies_from is not null and ob.status = 'ACTIVE' and ob.kind <> 'EVENT')`,
  );
}

/**
 * Cancels the occurrences of answers that stopped applying, were marked not applicable, or whose
 * obligation was retired: only OPEN or RETURNED ones whose period has not started. SUBMITTED,
 * APPROVED and CLOSED_BY_SOURCE ones are never touched.
 */
export async function cancelStopped(tx: Tx, workspaceId: string, today: string): Promise<string[]> {
  // The answers first (a few rows by the workspace's key), then their occurrences by answer: the
  // planner never scans every open occurrence of every workspace for them.
  const stopped = await queryRows<{ id: string }>(
    tx,
    sql`select a.id from obligation_answers a join obligations ob on ob.id = a.obligation_id
         where a.workspace_id = ${workspaceId} and (not a.applies or a.not_applicable or ob.status = 'RETIRED')`,
  );
  if (stopped.length === 0) return [];
  const rows = await queryRows<{ id: string }>(
    tx,
    sql`update obligation_occurrences o set status = 'CANCELLED', updated_at = app_now()
         where o.workspace_id = ${workspaceId} and o.answer_id = any(${pgArray(stopped.map((a) => a.id))}::uuid[])
           and o.status in ('OPEN','RETURNED') and o.period_start > ${today}::date
        returning o.id`,
  );
  return rows.map((r) => r.id);
}

// ---------------------------------------------------------------------------------------------
// Evidence from other modules
// ---------------------------------------------------------------------------------------------

type CommitteeKind = 'INTERNAL_COMMITTEE' | 'DESIGNATED_RECIPIENT';

/**
 * The units served today by a committee of `kind` whose composition is lawful today, with that
 * committee: a unit's own committee (committee_units in force), else the workspace-wide one. An
 * Internal Committee is lawful (POSH s.4(2), s.4(3)) with one presiding officer, a woman employed
 * at a senior level; at least two members from among employees; at least one external member; at
 * least half its members women; no member's term over 3 years. A designated recipient's record
 * needs one recipient in term (SOR/2020-130 s.14). Members count on `today` (term started, not
 * ended, not left, not deleted); a dissolved committee serves nobody.
 */
function servedUnits(workspaceId: string, kind: CommitteeKind, today: string): SQL {
  return sql`
    with live as (
      select c.id, c.workspace_wide from committees c
       where c.workspace_id = ${workspaceId} and c.kind = ${kind}
         and (c.dissolved_on is null or c.dissolved_on > ${today}::date)
    ), comp as (
      select m.committee_id,
             count(*) as n,
             count(*) filter (where m.gender = 'WOMAN') as women,
             count(*) filter (where m.role = 'PRESIDING_OFFICER') as po,
             count(*) filter (where m.role = 'PRESIDING_OFFICER' and m.gender = 'WOMAN' and m.senior and m.account_id is not null) as po_ok,
             count(*) filter (where m.role = 'MEMBER' and m.account_id is not null) as employees,
             count(*) filter (where m.role = 'EXTERNAL_MEMBER') as externals,
             count(*) filter (where m.role = 'DESIGNATED_RECIPIENT') as recipients,
             bool_and(m.term_end <= (m.term_start + interval '3 years')::date) as terms_ok
        from committee_members m join live on live.id = m.committee_id
       where m.deleted_at is null and m.term_start <= ${today}::date
         and ${today}::date <= least(m.term_end, coalesce(m.left_on, m.term_end))
       group by m.committee_id
    ), lawful as (
      select committee_id from comp
       where case when ${kind} = 'INTERNAL_COMMITTEE'
                  then po = 1 and po_ok = 1 and employees >= 2 and externals >= 1 and women * 2 >= n and terms_ok
                  else recipients >= 1 end
    ), own as (
      select cu.branch_id, cu.committee_id from committee_units cu join live on live.id = cu.committee_id
       where cu.workspace_id = ${workspaceId} and cu.kind = ${kind}
         and cu.from_date <= ${today}::date and (cu.to_date is null or cu.to_date >= ${today}::date)
    ), wide as (
      select id from live where workspace_wide order by id limit 1
    ), served as (
      select b.id as branch_id, coalesce(o.committee_id, (select id from wide)) as committee_id
        from branches b left join own o on o.branch_id = b.id
       where b.workspace_id = ${workspaceId}
    )
    select s.branch_id, s.committee_id from served s join lawful l on l.committee_id = s.committee_id`;
}

/** The units served today by a lawful committee of `kind` (a CONTINUOUS occurrence closed by one reopens when its unit is not). */
export async function unitsServed(
  tx: Tx,
  workspaceId: string,
  kind: CommitteeKind,
  today: string,
): Promise<Set<string>> {
  const rows = await queryRows<{ branch_id: string }>(tx, servedUnits(workspaceId, kind, today));
  return new Set(rows.map((r) => r.branch_id));
}

/** The workspace-wide occurrences a committee closes: every unit served (and at least one unit). */
export async function allUnitsServed(
  tx: Tx,
  workspaceId: string,
  kind: CommitteeKind,
  today: string,
): Promise<boolean> {
  const [row] = await queryRows<{ ok: boolean }>(
    tx,
    sql`with s as (${servedUnits(workspaceId, kind, today)})
        select (select count(*) from s) > 0
           and (select count(*) from s) = (select count(*) from branches where workspace_id = ${workspaceId}) as ok`,
  );
  return row?.ok ?? false;
}

/** Closes the given occurrences by a source record (status CLOSED_BY_SOURCE, source set) and links the record as an evidence revision. */
function closeAndLink(targets: SQL, sourceKind: string, today: string): SQL {
  return sql`
    , closed as (
      update obligation_occurrences o
         set status = 'CLOSED_BY_SOURCE', source_kind = ${sourceKind}, source_id = t.source_id,
             closed_at = app_now(), closed_by = null, updated_at = app_now()
        from (${targets}) t
       where o.id = t.id and o.status in ('OPEN','RETURNED','SUBMITTED')
      returning o.id, o.workspace_id, o.source_id, o.period_start, o.period_end
    ), linked as (
      insert into occurrence_evidence (workspace_id, occurrence_id, revision, kind, source_kind, source_id, covers_from, covers_to)
      select c.workspace_id, c.id,
             coalesce((select max(e.revision) from occurrence_evidence e where e.occurrence_id = c.id), 0) + 1,
             'LINK', ${sourceKind}, c.source_id, c.period_start, least(c.period_end, ${today}::date)
        from closed c
      returning occurrence_id
    )
    select c.id, c.source_id as "sourceId" from closed c join linked l on l.occurrence_id = c.id`;
}

export type Closed = { id: string; sourceId: string };

/**
 * Closes the open occurrences (OPEN, RETURNED, SUBMITTED; started; a PERIODIC one's period not yet
 * over) of obligations whose evidence is a committee record of `kind` (COMMITTEE: an Internal
 * Committee; DESIGNATED_RECIPIENT), for the units a lawful one serves today; a workspace-wide
 * occurrence when every unit is served.
 */
export async function closeByCommittee(
  tx: Tx,
  workspaceId: string,
  source: 'COMMITTEE' | 'DESIGNATED_RECIPIENT',
  today: string,
): Promise<Closed[]> {
  const kind: CommitteeKind = source === 'COMMITTEE' ? 'INTERNAL_COMMITTEE' : 'DESIGNATED_RECIPIENT';
  const targets = sql`
    select o.id, s.committee_id::text as source_id
      from obligation_occurrences o
      join obligations ob on ob.id = o.obligation_id
      join served s on s.branch_id = o.branch_id
     where o.workspace_id = ${workspaceId} and ob.evidence_source = ${source}
       and o.status in ('OPEN','RETURNED','SUBMITTED') and o.period_start <= ${today}::date
       and (ob.kind <> 'PERIODIC' or o.period_end >= ${today}::date)
    union all
    select o.id, (select min(s.committee_id::text) from served s) as source_id
      from obligation_occurrences o
      join obligations ob on ob.id = o.obligation_id
     where o.workspace_id = ${workspaceId} and ob.evidence_source = ${source} and o.branch_id is null
       and o.status in ('OPEN','RETURNED','SUBMITTED') and o.period_start <= ${today}::date
       and (ob.kind <> 'PERIODIC' or o.period_end >= ${today}::date)
       and (select count(*) from served) > 0
       and (select count(*) from served) = (select count(*) from branches b where b.workspace_id = ${workspaceId})`;
  return queryRows<Closed>(
    tx,
    sql`with served as (${servedUnits(workspaceId, kind, today)}) ${closeAndLink(targets, source, today)}`,
  );
}

/**
 * Closes TRAINING occurrences: every active member in scope (the unit's, or the workspace's) has
 * completed one of the answer's evidence courses — within the period for a PERIODIC obligation, by
 * today otherwise — counting the enrolment's current cycle and its past ones. The link names the
 * latest such completion's enrolment. An empty scope closes nothing.
 */
export async function closeByTraining(tx: Tx, workspaceId: string, zone: string, today: string): Promise<Closed[]> {
  const targets = sql`
    select o.id, (
             select c.enrolment_id::text from completions c
              where c.course_id = any(a.evidence_courses)
                and (o.branch_id is null or c.branch_id = o.branch_id)
                and c.day <= least(o.period_end, ${today}::date)
                and (ob.kind <> 'PERIODIC' or c.day >= o.period_start)
              order by c.at desc limit 1) as source_id
      from obligation_occurrences o
      join obligation_answers a on a.id = o.answer_id
      join obligations ob on ob.id = o.obligation_id
     where o.workspace_id = ${workspaceId} and ob.evidence_source = 'TRAINING' and cardinality(a.evidence_courses) > 0
       and o.status in ('OPEN','RETURNED','SUBMITTED') and o.period_start <= ${today}::date
       and exists (select 1 from members m where o.branch_id is null or m.branch_id = o.branch_id)
       and not exists (
         select 1 from members m
          where (o.branch_id is null or m.branch_id = o.branch_id)
            and not exists (
              select 1 from completions c
               where c.account_id = m.account_id and c.course_id = any(a.evidence_courses)
                 and c.day <= least(o.period_end, ${today}::date)
                 and (ob.kind <> 'PERIODIC' or c.day >= o.period_start)))`;
  return queryRows<Closed>(
    tx,
    sql`with members as (
          select m.account_id, m.branch_id from memberships m
           where m.workspace_id = ${workspaceId} and m.active and m.deleted_at is null
        ), done as (
          select e.id as enrolment_id, e.account_id, e.course_id, e.completed_at as at
            from enrolments e
           where e.workspace_id = ${workspaceId} and e.status = 'ACTIVE' and e.completed_at is not null
          union all
          select e.id, e.account_id, e.course_id, c.completed_at
            from enrolment_cycles c join enrolments e on e.id = c.enrolment_id
           where c.workspace_id = ${workspaceId} and c.completed_at is not null
        ), completions as (
          select d.enrolment_id, d.account_id, d.course_id, d.at, (d.at at time zone ${zone})::date as day, m.branch_id
            from done d join members m on m.account_id = d.account_id
        ) ${closeAndLink(targets, 'TRAINING', today)}`,
  );
}

/**
 * Closes WORKSHOP occurrences: a workshop (not cancelled) held in scope — the unit's, or one open to
 * every unit — that someone attended, on a day within the period (by today for non-periodic ones).
 */
export async function closeByWorkshop(tx: Tx, workspaceId: string, zone: string, today: string): Promise<Closed[]> {
  const targets = sql`
    select o.id, (
             select w.id::text from held w
              where (o.branch_id is null or w.branch_id is null or w.branch_id = o.branch_id)
                and w.day <= least(o.period_end, ${today}::date)
                and (ob.kind <> 'PERIODIC' or w.day >= o.period_start)
              order by w.day desc, w.id limit 1) as source_id
      from obligation_occurrences o
      join obligations ob on ob.id = o.obligation_id
     where o.workspace_id = ${workspaceId} and ob.evidence_source = 'WORKSHOP'
       and o.status in ('OPEN','RETURNED','SUBMITTED') and o.period_start <= ${today}::date`;
  return queryRows<Closed>(
    tx,
    sql`with held as (
          select w.id, w.branch_id, (w.starts_at at time zone ${zone})::date as day
            from workshops w
           where w.workspace_id = ${workspaceId} and w.status = 'SCHEDULED' and w.starts_at <= app_now()
             and exists (select 1 from workshop_invitations i where i.workshop_id = w.id and i.attended_at is not null)
        ), t as (${targets})
        , targets as (select * from t where source_id is not null)
        ${closeAndLink(sql`select * from targets`, 'WORKSHOP', today)}`,
  );
}
