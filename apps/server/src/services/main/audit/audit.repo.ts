import { and, count, desc, eq, gte, ilike, inArray, lt, or, type SQL, sql } from 'drizzle-orm';
import { alias } from 'drizzle-orm/pg-core';
import { queryRows, type Tx } from '../../../core/db/database.ts';
import { containsPattern, type PageOrder, type PageRequest, paginate } from '../../../core/paginate.ts';
import { accounts, auditLog, branches, departments, invitations } from '../../../db/schema.ts';

/** Filters of an audit query, already resolved to instants (`to` is exclusive). */
export type AuditQuery = {
  person?: string | undefined;
  action?: string | undefined;
  from?: Date | undefined;
  to?: Date | undefined;
};

/** Target types whose id is an account's (the person an entry was done to). */
const PERSON_TARGETS = ['user', 'account'];

/** `text` as a uuid when it is one (target ids are text: `bulk`, `ROLE:permission`), else null. */
const asUuid = (text: SQL | typeof auditLog.targetId) =>
  sql`CASE WHEN ${text} ~* '^[0-9a-f]{8}-[0-9a-f]{4}-[0-9a-f]{4}-[0-9a-f]{4}-[0-9a-f]{12}$' THEN (${text})::uuid END`;

function whereOf(workspaceId: string, q: AuditQuery): SQL {
  const parts: SQL[] = [eq(auditLog.workspaceId, workspaceId)];
  if (q.action) parts.push(eq(auditLog.action, q.action));
  if (q.from) parts.push(gte(auditLog.occurredAt, q.from));
  if (q.to) parts.push(lt(auditLog.occurredAt, q.to));
  if (q.person) {
    const p = containsPattern(q.person);
    // Row-level security shows the accounts of this workspace's members only.
    const people = sql`(SELECT ${accounts.id} FROM ${accounts} WHERE ${or(
      ilike(sql`${accounts.firstName} || ' ' || ${accounts.lastName}`, p),
      ilike(accounts.email, p),
      ilike(accounts.username, p),
    )})`;
    parts.push(
      or(
        sql`${auditLog.actorAccountId} IN ${people}`,
        and(inArray(auditLog.targetType, PERSON_TARGETS), sql`${asUuid(auditLog.targetId)} IN ${people}`),
      )!,
    );
  }
  return and(...parts)!;
}

/** Newest first; the id breaks ties so that pages never overlap. */
const ORDER: PageOrder = { orderBy: [desc(auditLog.occurredAt), desc(auditLog.id)], tiebreaker: auditLog.id };

const actor = alias(accounts, 'actor');
const subject = alias(accounts, 'subject');

/** The columns of an entry, with the names of whoever and whatever it names (when still visible). */
function entries(tx: Tx) {
  const targetUuid = asUuid(auditLog.targetId);
  return tx
    .select({
      id: auditLog.id,
      occurredAt: auditLog.occurredAt,
      /** The instant to full precision (microseconds), for an export's cursor. */
      at: sql<string>`${auditLog.occurredAt}::text`,
      action: auditLog.action,
      actorAccountId: auditLog.actorAccountId,
      actorFirst: actor.firstName,
      actorLast: actor.lastName,
      actorEmail: actor.email,
      actorUsername: actor.username,
      targetType: auditLog.targetType,
      targetId: auditLog.targetId,
      subjectId: subject.id,
      subjectFirst: subject.firstName,
      subjectLast: subject.lastName,
      subjectEmail: subject.email,
      subjectUsername: subject.username,
      branchName: branches.name,
      departmentName: departments.name,
      inviteFirst: invitations.firstName,
      inviteLast: invitations.lastName,
      inviteEmail: invitations.email,
      ip: auditLog.ip,
      details: auditLog.details,
    })
    .from(auditLog)
    .leftJoin(actor, eq(actor.id, auditLog.actorAccountId))
    .leftJoin(subject, and(inArray(auditLog.targetType, PERSON_TARGETS), sql`${subject.id} = ${targetUuid}`))
    .leftJoin(branches, and(eq(auditLog.targetType, 'branch'), sql`${branches.id} = ${targetUuid}`))
    .leftJoin(departments, and(eq(auditLog.targetType, 'department'), sql`${departments.id} = ${targetUuid}`))
    .leftJoin(invitations, and(eq(auditLog.targetType, 'invitation'), sql`${invitations.id} = ${targetUuid}`));
}

export type AuditRow = Awaited<ReturnType<ReturnType<typeof entries>['execute']>>[number];

/** One page of the workspace's audit log (newest first) and how many entries match. */
export function listEntries(tx: Tx, workspaceId: string, q: AuditQuery, page: PageRequest) {
  const where = whereOf(workspaceId, q);
  return paginate({
    rows: entries(tx).where(where).$dynamic(),
    count: tx.select({ n: count() }).from(auditLog).where(where),
    page,
    order: ORDER,
  });
}

/** How many entries match (the export records it). */
export async function countEntries(tx: Tx, workspaceId: string, q: AuditQuery): Promise<number> {
  const [row] = await tx.select({ n: count() }).from(auditLog).where(whereOf(workspaceId, q));
  return Number(row?.n ?? 0);
}

/** Where an export's batch continues: after this entry (newest first). */
export type AuditCursor = { at: string; id: string };

/** The next `limit` matching entries after `cursor` (newest first): an export reads the log in batches. */
export function entriesAfter(
  tx: Tx,
  workspaceId: string,
  q: AuditQuery,
  cursor: AuditCursor | null,
  limit: number,
): Promise<AuditRow[]> {
  const where = whereOf(workspaceId, q);
  const after = cursor
    ? sql`(${auditLog.occurredAt}, ${auditLog.id}) < (${cursor.at}::timestamptz, ${cursor.id}::uuid)`
    : undefined;
  return entries(tx)
    .where(after ? and(where, after) : where)
    .orderBy(desc(auditLog.occurredAt), desc(auditLog.id))
    .limit(limit);
}

/**
 * The names of the records these ids are — people, business units, departments and courses — as
 * the reader's transaction may see them (row-level security: the workspace's own, and the catalogue
 * courses it may read), in one query for a page of entries. An id nobody may see is left out.
 */
export async function namesOf(tx: Tx, ids: string[]): Promise<Map<string, string>> {
  if (ids.length === 0) return new Map();
  const list = `{${ids.join(',')}}`;
  const rows = await queryRows<{ id: string; name: string }>(
    tx,
    sql`select a.id::text as id,
               coalesce(nullif(trim(coalesce(a.first_name, '') || ' ' || coalesce(a.last_name, '')), ''), a.username, a.email) as name
          from accounts a where a.id = any(${list}::uuid[])
        union all
        select b.id::text, b.name from branches b where b.id = any(${list}::uuid[])
        union all
        select d.id::text, d.name from departments d where d.id = any(${list}::uuid[])
        union all
        select c.id::text, (select t.body ->> 'title' from course_versions v
                              join course_texts t on t.course_version_id = v.id and t.entity_id = v.id
                                                 and t.language = v.primary_language
                             where v.id = coalesce(c.published_version_id, c.draft_version_id))
          from courses c where c.id = any(${list}::uuid[])`,
  );
  return new Map(rows.filter((r) => r.name).map((r) => [r.id, r.name]));
}
