import { type SQL, sql } from 'drizzle-orm';
import { queryRows, type Tx } from '../../../core/db/database.ts';

/**
 * SQL of a workspace's register (issue 24): its answers to the catalogue's obligations, their
 * occurrences, insert-only evidence revisions and reviews, and the calendar feed tokens. Every
 * statement runs in the request's tenant transaction (row-level security on) and names the
 * workspace as well. Reading the catalogue (obligations, categories), members, units and courses
 * is allowed here: the schema is shared, the code is not.
 */

const uuidArray = (ids: readonly string[]) => `{${ids.join(',')}}`;

/**
 * Which answers (and their occurrences) the caller sees: a register manager those of the units
 * it reaches (`units` null: the whole workspace, workspace-scope answers included), and everyone
 * the answers they own or review.
 */
export type Reach = { accountId: string; manager: boolean; units: readonly string[] | null };

function reachClause(r: Reach): SQL {
  const mine = sql`(a.owner_id = ${r.accountId} or a.reviewer_id = ${r.accountId})`;
  if (!r.manager) return mine;
  if (r.units === null) return sql`true`;
  if (r.units.length === 0) return mine;
  return sql`(a.branch_id = any(${uuidArray(r.units)}::uuid[]) or ${mine})`;
}

/** The reader's language for translated catalogue texts (English when none or not translated). */
const lang = (accountId: string) => sql`(select coalesce(x.language, 'en') from accounts x where x.id = ${accountId})`;
const translated = (column: SQL, accountId: string) =>
  sql`coalesce(${column} ->> ${lang(accountId)}, ${column} ->> 'en')`;
const personName = (alias: string) =>
  sql.raw(
    `case when ${alias}.id is null then null else coalesce(nullif(trim(${alias}.first_name || ' ' || ${alias}.last_name), ''), ${alias}.email, '') end`,
  );

/** The facts the policy decides by, with each answer and occurrence. */
export type AnswerFacts = {
  answerId: string;
  branchId: string | null;
  ownerId: string | null;
  reviewerId: string | null;
  kind: string;
  applies: boolean;
  notApplicable: boolean;
  retired: boolean;
};

// ---------------------------------------------------------------------------------------------
// Answers
// ---------------------------------------------------------------------------------------------

export type AnswerRow = AnswerFacts & {
  obligationId: string;
  key: string;
  law: string;
  section: string;
  title: string;
  description: string;
  evidence: string;
  category: string;
  evidenceSource: string;
  dueRule: unknown;
  branchName: string | null;
  reason: { code: string; params: Record<string, string | number> };
  justification: string | null;
  ownerName: string | null;
  reviewerName: string | null;
  evidenceCourseIds: string[];
  evidenceCourses: Array<{ id: string; title: string }>;
  nextDue: string | null;
  overdueCount: number;
};

const answerSelect = (reader: string) => sql`
  select a.id as "answerId", a.branch_id as "branchId", a.owner_id as "ownerId", a.reviewer_id as "reviewerId",
         o.kind, a.applies, a.not_applicable as "notApplicable", o.status = 'RETIRED' as retired,
         o.id as "obligationId", o.key, o.law, o.section,
         ${translated(sql`o.title`, reader)} as title,
         ${translated(sql`o.description`, reader)} as description,
         ${translated(sql`o.evidence`, reader)} as evidence,
         ${translated(sql`c.name`, reader)} as category,
         o.evidence_source as "evidenceSource", o.due_rule as "dueRule",
         b.name as "branchName", a.reason, a.justification,
         ${personName('ow')} as "ownerName", ${personName('rv')} as "reviewerName",
         a.evidence_courses::text[] as "evidenceCourseIds",
         (select coalesce(json_agg(json_build_object('id', cr.id, 'title', coalesce(ct.body ->> 'title', '')) order by cr.id), '[]'::json)
            from courses cr
            left join course_versions v on v.id = cr.published_version_id
            left join course_texts ct on ct.course_version_id = v.id and ct.entity_id = v.id and ct.language = v.primary_language
           where cr.id = any(a.evidence_courses)) as "evidenceCourses",
         (select min(oc.due_date)::text from obligation_occurrences oc
           where oc.answer_id = a.id and oc.status in ('OPEN','SUBMITTED','RETURNED')) as "nextDue",
         (select count(*)::int from obligation_occurrences oc
           where oc.answer_id = a.id and oc.status in ('OPEN','SUBMITTED','RETURNED') and oc.due_at < app_now()) as "overdueCount"
    from obligation_answers a
    join obligations o on o.id = a.obligation_id
    join compliance_categories c on c.id = o.category_id
    left join branches b on b.id = a.branch_id
    left join accounts ow on ow.id = a.owner_id
    left join accounts rv on rv.id = a.reviewer_id`;

export async function listAnswers(
  tx: Tx,
  workspaceId: string,
  reach: Reach,
  f: { branchId?: string | undefined; applies: 'true' | 'false' | 'ALL'; search?: string | undefined },
): Promise<AnswerRow[]> {
  const applies =
    f.applies === 'true'
      ? sql`and a.applies and not a.not_applicable`
      : f.applies === 'false'
        ? sql`and not (a.applies and not a.not_applicable)`
        : sql``;
  const pattern = f.search ? `%${f.search.replace(/[\\%_]/g, (c) => `\\${c}`)}%` : null;
  const search = pattern
    ? sql`and (o.key ilike ${pattern} or o.law ilike ${pattern} or o.section ilike ${pattern}
               or ${translated(sql`o.title`, reach.accountId)} ilike ${pattern})`
    : sql``;
  return queryRows<AnswerRow>(
    tx,
    sql`${answerSelect(reach.accountId)}
         where a.workspace_id = ${workspaceId} and ${reachClause(reach)}
           ${f.branchId ? sql`and a.branch_id = ${f.branchId}` : sql``} ${applies} ${search}
         order by c.key, o.key, b.name nulls first, a.id
         limit 2000`,
  );
}

/** One answer as the caller reads it (`lock`: for update), or undefined. */
export async function findAnswer(
  tx: Tx,
  workspaceId: string,
  answerId: string,
  reader: string,
  lock = false,
): Promise<AnswerRow | undefined> {
  const [row] = await queryRows<AnswerRow>(
    tx,
    sql`${answerSelect(reader)} where a.workspace_id = ${workspaceId} and a.id = ${answerId}
        ${lock ? sql`for update of a` : sql``}`,
  );
  return row;
}

export async function updateAnswer(
  tx: Tx,
  workspaceId: string,
  answerId: string,
  v: {
    notApplicable: boolean;
    justification: string | null;
    ownerId: string | null;
    reviewerId: string | null;
    evidenceCourses: string[];
  },
): Promise<void> {
  await tx.execute(
    sql`update obligation_answers
           set not_applicable = ${v.notApplicable}, justification = ${v.justification},
               owner_id = ${v.ownerId}, reviewer_id = ${v.reviewerId},
               evidence_courses = ${uuidArray(v.evidenceCourses)}::uuid[], updated_at = app_now()
         where workspace_id = ${workspaceId} and id = ${answerId}`,
  );
}

/** An active member of the workspace and its business unit, or undefined. */
export async function activeMember(
  tx: Tx,
  workspaceId: string,
  accountId: string,
): Promise<{ accountId: string; branchId: string | null } | undefined> {
  const [row] = await queryRows<{ accountId: string; branchId: string | null }>(
    tx,
    sql`select m.account_id as "accountId", m.branch_id as "branchId" from memberships m
         where m.workspace_id = ${workspaceId} and m.account_id = ${accountId} and m.active and m.deleted_at is null
         limit 1`,
  );
  return row;
}

/** The ids among `ids` of courses the workspace may use (its own, or the catalogue's made available to it). */
export async function usableCourses(tx: Tx, workspaceId: string, ids: readonly string[]): Promise<string[]> {
  if (!ids.length) return [];
  const rows = await queryRows<{ id: string }>(
    tx,
    sql`select c.id from courses c
         where c.id = any(${uuidArray(ids)}::uuid[]) and c.status = 'ACTIVE'
           and (c.workspace_id = ${workspaceId}
                or exists (select 1 from workspace_courses wc where wc.workspace_id = ${workspaceId} and wc.course_id = c.id))`,
  );
  return rows.map((r) => r.id);
}

// ---------------------------------------------------------------------------------------------
// Occurrences
// ---------------------------------------------------------------------------------------------

export type OccurrenceRow = AnswerFacts & {
  id: string;
  obligationId: string;
  obligationKey: string;
  title: string;
  section: string;
  branchName: string | null;
  periodStart: string;
  periodEnd: string;
  dueDate: string;
  status: string;
  overdue: boolean;
  daysLate: number;
  ownerName: string | null;
  reviewerName: string | null;
  sourceKind: string | null;
  sourceId: string | null;
  lastSubmitter: string | null;
  lastRevision: number | null;
};

const occurrenceSelect = (reader: string, extra: SQL = sql``) => sql`
  select oc.id, oc.answer_id as "answerId", oc.obligation_id as "obligationId", o.key as "obligationKey",
         ${translated(sql`o.title`, reader)} as title, o.section,
         oc.branch_id as "branchId", b.name as "branchName",
         oc.period_start::text as "periodStart", oc.period_end::text as "periodEnd", oc.due_date::text as "dueDate",
         oc.status, (oc.status in ('OPEN','SUBMITTED','RETURNED') and oc.due_at < app_now()) as overdue,
         greatest(0, (app_now() at time zone w.time_zone)::date - oc.due_date)::int as "daysLate",
         a.owner_id as "ownerId", ${personName('ow')} as "ownerName",
         a.reviewer_id as "reviewerId", ${personName('rv')} as "reviewerName",
         oc.source_kind as "sourceKind", oc.source_id as "sourceId",
         o.kind, a.applies, a.not_applicable as "notApplicable", o.status = 'RETIRED' as retired,
         le.created_by as "lastSubmitter", le.revision as "lastRevision" ${extra}
    from obligation_occurrences oc
    join obligation_answers a on a.id = oc.answer_id
    join obligations o on o.id = oc.obligation_id
    join workspaces w on w.id = oc.workspace_id
    left join branches b on b.id = oc.branch_id
    left join accounts ow on ow.id = a.owner_id
    left join accounts rv on rv.id = a.reviewer_id
    left join lateral (select e.created_by, e.revision from occurrence_evidence e
                        where e.occurrence_id = oc.id order by e.revision desc limit 1) le on true`;

export type OccurrenceFilter = {
  status: 'DUE' | 'OVERDUE' | 'AWAITING_REVIEW' | 'DONE' | 'ALL';
  branchId?: string | undefined;
  obligationId?: string | undefined;
  mine: boolean;
  from?: string | undefined;
  to?: string | undefined;
};

const STATUS_FILTERS: Record<OccurrenceFilter['status'], SQL> = {
  DUE: sql`oc.status in ('OPEN','RETURNED') and oc.due_at >= app_now()`,
  OVERDUE: sql`oc.status in ('OPEN','SUBMITTED','RETURNED') and oc.due_at < app_now()`,
  AWAITING_REVIEW: sql`oc.status = 'SUBMITTED'`,
  DONE: sql`oc.status in ('APPROVED','CLOSED_BY_SOURCE')`,
  ALL: sql`true`,
};

/**
 * One page of the occurrences the caller sees, by due date, with the number of all of them: one
 * statement (the window count rides along), walking `obligation_occurrences_due` (workspace, due date, id).
 */
export async function listOccurrences(
  tx: Tx,
  workspaceId: string,
  reach: Reach,
  f: OccurrenceFilter,
  page: { offset: number; limit: number },
): Promise<{ rows: OccurrenceRow[]; total: number }> {
  // The page is picked on the occurrences and answers alone (the index walk, the filters and the
  // count); names, titles and the latest revision are joined for its 60 rows only.
  const rows = await queryRows<OccurrenceRow & { total: number }>(
    tx,
    sql`with page as (
          select oc.id, count(*) over () as total
            from obligation_occurrences oc join obligation_answers a on a.id = oc.answer_id
           where oc.workspace_id = ${workspaceId} and ${reachClause(reach)} and ${STATUS_FILTERS[f.status]}
             ${f.branchId ? sql`and oc.branch_id = ${f.branchId}` : sql``}
             ${f.obligationId ? sql`and oc.obligation_id = ${f.obligationId}` : sql``}
             ${f.mine ? sql`and (a.owner_id = ${reach.accountId} or a.reviewer_id = ${reach.accountId})` : sql``}
             ${f.from ? sql`and oc.due_date >= ${f.from}::date` : sql``}
             ${f.to ? sql`and oc.due_date <= ${f.to}::date` : sql``}
           order by oc.due_date, oc.id
           limit ${page.limit} offset ${page.offset})
        ${occurrenceSelect(reach.accountId, sql`, pg.total::int as total`)}
          join page pg on pg.id = oc.id
         order by oc.due_date, oc.id`,
  );
  return { rows, total: rows[0]?.total ?? 0 };
}

/** The occurrences due between two dates (the calendar and its feed), cancelled ones left out. */
export async function occurrencesBetween(
  tx: Tx,
  workspaceId: string,
  reach: Reach,
  f: { from: string; to: string; mine: boolean },
  limit: number,
): Promise<OccurrenceRow[]> {
  return queryRows<OccurrenceRow>(
    tx,
    sql`${occurrenceSelect(reach.accountId)}
         where oc.workspace_id = ${workspaceId} and ${reachClause(reach)} and oc.status <> 'CANCELLED'
           and oc.due_date between ${f.from}::date and ${f.to}::date
           ${f.mine ? sql`and (a.owner_id = ${reach.accountId} or a.reviewer_id = ${reach.accountId})` : sql``}
         order by oc.due_date, oc.id
         limit ${limit}`,
  );
}

/** One occurrence (`lock`: for update), or undefined. */
export async function findOccurrence(
  tx: Tx,
  workspaceId: string,
  id: string,
  reader: string,
  lock = false,
): Promise<OccurrenceRow | undefined> {
  const [row] = await queryRows<OccurrenceRow>(
    tx,
    sql`${occurrenceSelect(reader)} where oc.workspace_id = ${workspaceId} and oc.id = ${id}
        ${lock ? sql`for update of oc` : sql``}`,
  );
  return row;
}

/** The texts of an occurrence's details: the obligation's description and the evidence it expects. */
export async function obligationTexts(
  tx: Tx,
  obligationId: string,
  reader: string,
): Promise<{ description: string; evidence: string }> {
  const [row] = await queryRows<{ description: string; evidence: string }>(
    tx,
    sql`select ${translated(sql`o.description`, reader)} as description, ${translated(sql`o.evidence`, reader)} as evidence
          from obligations o where o.id = ${obligationId}`,
  );
  return row ?? { description: '', evidence: '' };
}

export type EvidenceRow = {
  revision: number;
  kind: 'FILE' | 'LINK';
  storageKey: string | null;
  fileName: string | null;
  contentType: string | null;
  sizeBytes: number | null;
  sha256: string | null;
  sourceKind: string | null;
  sourceId: string | null;
  coversFrom: string | null;
  coversTo: string | null;
  note: string | null;
  byId: string | null;
  byName: string | null;
  at: Date;
};

export async function listEvidence(tx: Tx, workspaceId: string, occurrenceId: string): Promise<EvidenceRow[]> {
  return queryRows<EvidenceRow>(
    tx,
    sql`select e.revision, e.kind, e.storage_key as "storageKey", e.file_name as "fileName",
               e.content_type as "contentType", e.size_bytes as "sizeBytes", e.sha256,
               e.source_kind as "sourceKind", e.source_id as "sourceId",
               e.covers_from::text as "coversFrom", e.covers_to::text as "coversTo", e.note,
               e.created_by as "byId", ${personName('p')} as "byName", e.created_at as at
          from occurrence_evidence e left join accounts p on p.id = e.created_by
         where e.workspace_id = ${workspaceId} and e.occurrence_id = ${occurrenceId}
         order by e.revision desc`,
  );
}

export type ReviewRow = {
  evidenceRevision: number;
  decision: 'APPROVED' | 'RETURNED';
  note: string | null;
  byId: string;
  byName: string | null;
  at: Date;
};

export async function listReviews(tx: Tx, workspaceId: string, occurrenceId: string): Promise<ReviewRow[]> {
  return queryRows<ReviewRow>(
    tx,
    sql`select r.evidence_revision as "evidenceRevision", r.decision, r.note, r.reviewer_id as "byId",
               ${personName('p')} as "byName", r.created_at as at
          from occurrence_reviews r left join accounts p on p.id = r.reviewer_id
         where r.workspace_id = ${workspaceId} and r.occurrence_id = ${occurrenceId}
         order by r.created_at desc, r.evidence_revision desc`,
  );
}

/** A new FILE revision (the next number: the occurrence is locked by the caller); returns its number. */
export async function insertFileEvidence(
  tx: Tx,
  v: {
    workspaceId: string;
    occurrenceId: string;
    storageKey: string;
    fileName: string;
    contentType: string;
    sizeBytes: number;
    sha256: string;
    coversFrom: string | null;
    coversTo: string | null;
    note: string | null;
    by: string;
  },
): Promise<number> {
  const [row] = await queryRows<{ revision: number }>(
    tx,
    sql`insert into occurrence_evidence
          (workspace_id, occurrence_id, revision, kind, storage_key, file_name, content_type, size_bytes, sha256,
           covers_from, covers_to, note, created_by)
        select ${v.workspaceId}, ${v.occurrenceId},
               coalesce((select max(revision) from occurrence_evidence where occurrence_id = ${v.occurrenceId}), 0) + 1,
               'FILE', ${v.storageKey}, ${v.fileName}, ${v.contentType}, ${v.sizeBytes}, ${v.sha256},
               ${v.coversFrom}::date, ${v.coversTo}::date, ${v.note}, ${v.by}
        returning revision`,
  );
  return row!.revision;
}

/** One revision's file, or undefined. */
export async function findEvidence(
  tx: Tx,
  workspaceId: string,
  occurrenceId: string,
  revision: number,
): Promise<EvidenceRow | undefined> {
  const rows = await listEvidence(tx, workspaceId, occurrenceId);
  return rows.find((r) => r.revision === revision);
}

export async function setOccurrenceStatus(
  tx: Tx,
  workspaceId: string,
  id: string,
  status: string,
  closedBy: string | null,
): Promise<void> {
  const closed = status === 'APPROVED';
  await tx.execute(
    sql`update obligation_occurrences
           set status = ${status}, updated_at = app_now(),
               closed_at = ${closed ? sql`app_now()` : sql`null`}, closed_by = ${closed ? closedBy : null}
         where workspace_id = ${workspaceId} and id = ${id}`,
  );
}

export async function insertReview(
  tx: Tx,
  v: { workspaceId: string; occurrenceId: string; revision: number; decision: string; note: string | null; by: string },
): Promise<void> {
  await tx.execute(
    sql`insert into occurrence_reviews (workspace_id, occurrence_id, evidence_revision, decision, note, reviewer_id)
        values (${v.workspaceId}, ${v.occurrenceId}, ${v.revision}, ${v.decision}, ${v.note}, ${v.by})`,
  );
}

/** An EVENT obligation's occurrence for an event on `date`; null when one for that day exists already. */
export async function insertEventOccurrence(
  tx: Tx,
  v: {
    workspaceId: string;
    obligationId: string;
    answerId: string;
    branchId: string | null;
    date: string;
    dueDate: string;
    dueAt: Date;
  },
): Promise<string | null> {
  const [row] = await queryRows<{ id: string }>(
    tx,
    sql`insert into obligation_occurrences
          (workspace_id, obligation_id, answer_id, branch_id, period_start, period_end, due_date, due_at)
        values (${v.workspaceId}, ${v.obligationId}, ${v.answerId}, ${v.branchId}, ${v.date}::date, ${v.date}::date,
                ${v.dueDate}::date, ${v.dueAt.toISOString()}::timestamptz)
        on conflict on constraint obligation_occurrences_key do nothing
        returning id`,
  );
  return row?.id ?? null;
}

/** Who a register mail goes to: address, language and first name (null: no such active member, or no address). */
export async function recipient(
  tx: Tx,
  workspaceId: string,
  accountId: string,
): Promise<{ email: string; language: string | null; firstName: string } | null> {
  const [row] = await queryRows<{ email: string | null; language: string | null; firstName: string }>(
    tx,
    sql`select a.email, a.language, a.first_name as "firstName"
          from accounts a join memberships m on m.account_id = a.id and m.workspace_id = ${workspaceId}
         where a.id = ${accountId} and m.active and m.deleted_at is null
         limit 1`,
  );
  return row?.email ? { email: row.email, language: row.language, firstName: row.firstName } : null;
}

/** An obligation's title in `language` (English when not translated). */
export async function titleIn(tx: Tx, obligationId: string, language: string): Promise<string> {
  const [row] = await queryRows<{ title: string }>(
    tx,
    sql`select coalesce(o.title ->> ${language}, o.title ->> 'en') as title from obligations o where o.id = ${obligationId}`,
  );
  return row?.title ?? '';
}

// ---------------------------------------------------------------------------------------------
// Calendar feed tokens
// ---------------------------------------------------------------------------------------------

export async function liveFeed(
  tx: Tx,
  workspaceId: string,
  accountId: string,
): Promise<{ createdAt: Date } | undefined> {
  const [row] = await queryRows<{ createdAt: Date }>(
    tx,
    sql`select created_at as "createdAt" from calendar_feed_tokens
         where workspace_id = ${workspaceId} and account_id = ${accountId} and revoked_at is null`,
  );
  return row;
}

/** Revokes the caller's live token, if any; whether one was. */
export async function revokeFeed(tx: Tx, workspaceId: string, accountId: string): Promise<boolean> {
  const rows = await queryRows<{ id: string }>(
    tx,
    sql`update calendar_feed_tokens set revoked_at = app_now()
         where workspace_id = ${workspaceId} and account_id = ${accountId} and revoked_at is null
        returning id`,
  );
  return rows.length > 0;
}

export async function insertFeed(
  tx: Tx,
  workspaceId: string,
  accountId: string,
  tokenHash: string,
): Promise<{ createdAt: Date }> {
  const [row] = await queryRows<{ createdAt: Date }>(
    tx,
    sql`insert into calendar_feed_tokens (workspace_id, account_id, token_hash)
        values (${workspaceId}, ${accountId}, ${tokenHash}) returning created_at as "createdAt"`,
  );
  return row!;
}

/** The owner of a live token of this workspace, with its membership (role, unit) if still active. */
export async function feedOwner(
  tx: Tx,
  workspaceId: string,
  tokenHash: string,
): Promise<{ accountId: string; role: string; branchId: string | null } | undefined> {
  const [row] = await queryRows<{ accountId: string; role: string; branchId: string | null }>(
    tx,
    sql`select t.account_id as "accountId", m.role, m.branch_id as "branchId"
          from calendar_feed_tokens t
          join memberships m on m.workspace_id = t.workspace_id and m.account_id = t.account_id
                            and m.active and m.deleted_at is null
         where t.token_hash = ${tokenHash} and t.workspace_id = ${workspaceId} and t.revoked_at is null
         limit 1`,
  );
  return row;
}
