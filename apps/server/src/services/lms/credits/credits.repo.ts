import type { TCreditRequestStatus } from '@app/contract';
import { type SQL, sql } from 'drizzle-orm';
import type { Tx } from '../../../core/db/database.ts';
import { queryRows } from '../../../core/db/database.ts';
import { ownerIs } from '../../../core/db/owner.ts';

/**
 * SQL of course availability, credit requests and the credit ledger (docs/learning-design.md §1.8).
 * The application role reads `workspace_courses` only; the operator writes it on the platform path;
 * the ledger's trigger keeps `balance` (never below 0: a CHECK).
 */

/** The title of course `c` in its published version's primary language (else its draft's). */
export const courseTitle = (c: SQL) => sql`coalesce((
  select t.body ->> 'title' from course_versions v
    join course_texts t on t.course_version_id = v.id and t.entity_id = v.id and t.language = v.primary_language
   where v.id = coalesce(${c}.published_version_id, ${c}.draft_version_id)), '')`;

const personName = (account: SQL) => sql`(select nullif(trim(a.first_name || ' ' || coalesce(a.last_name, '')), '')
  from accounts a where a.id = ${account})`;

// Courses and workspaces (operator)

export type CatalogueCourse = { id: string; published: boolean; status: string; title: string };

/** A catalogue course (workspace_id null), for the operator. */
export async function findCatalogueCourse(tx: Tx, courseId: string): Promise<CatalogueCourse | undefined> {
  const [row] = await queryRows<CatalogueCourse>(
    tx,
    sql`select c.id, c.published_version_id is not null as published, c.status, ${courseTitle(sql`c`)} as title
        from courses c where c.id = ${courseId} and ${ownerIs('c', null)}`,
  );
  return row;
}

export async function findWorkspaceName(tx: Tx, workspaceId: string): Promise<string | undefined> {
  const [row] = await queryRows<{ name: string }>(
    tx,
    sql`select company_name as name from workspaces where id = ${workspaceId}`,
  );
  return row?.name;
}

// Availability

export type Availability = { enabled: boolean; balance: number };

/** The workspace's row for the course (null: never made available), locked when asked. */
export async function findAvailability(
  tx: Tx,
  workspaceId: string,
  courseId: string,
  lock = false,
): Promise<Availability | undefined> {
  const [row] = await queryRows<Availability>(
    tx,
    sql`select enabled, balance from workspace_courses where workspace_id = ${workspaceId} and course_id = ${courseId}
        ${lock ? sql`for update` : sql``}`,
  );
  return row;
}

/** Makes the course available (or not) to the workspace (platform role). */
export async function upsertAvailability(
  tx: Tx,
  v: { workspaceId: string; courseId: string; enabled: boolean; actor: string },
): Promise<void> {
  await tx.execute(
    sql`insert into workspace_courses (workspace_id, course_id, enabled, made_available_by)
        values (${v.workspaceId}, ${v.courseId}, ${v.enabled}, ${v.actor})
        on conflict (workspace_id, course_id) do update
          set enabled = excluded.enabled, made_available_by = excluded.made_available_by, updated_at = app_now()`,
  );
}

export type AvailabilityRow = {
  workspaceId: string;
  workspaceName: string;
  courseId: string;
  courseTitle: string;
  enabled: boolean;
  balance: number;
  updatedAt: Date | null;
  total: number;
};

/**
 * The operator's availability list. For one course: every active workspace, with its row if any (a
 * workspace without one reads as not available). For one workspace: the catalogue's published
 * courses, likewise.
 */
export async function listAvailability(
  tx: Tx,
  q: { courseId?: string; workspaceId?: string; pageNo: number; pageSize: number },
): Promise<AvailabilityRow[]> {
  const where: SQL[] = [ownerIs('c', null), sql`c.published_version_id is not null`];
  if (q.courseId) where.push(sql`c.id = ${q.courseId}`);
  if (q.workspaceId) where.push(sql`w.id = ${q.workspaceId}`);
  return queryRows<AvailabilityRow>(
    tx,
    sql`select w.id as "workspaceId", w.company_name as "workspaceName", c.id as "courseId",
               ${courseTitle(sql`c`)} as "courseTitle", coalesce(wc.enabled, false) as enabled,
               coalesce(wc.balance, 0)::int as balance, wc.updated_at as "updatedAt", count(*) over ()::int as total
        from workspaces w cross join courses c
        left join workspace_courses wc on wc.workspace_id = w.id and wc.course_id = c.id
        where ${sql.join(where, sql` and `)} and (wc.workspace_id is not null or w.active)
        order by coalesce(wc.enabled, false) desc, lower(w.company_name), w.id, c.id
        limit ${q.pageSize} offset ${q.pageNo * q.pageSize}`,
  );
}

// Requests

export type RequestRow = {
  id: string;
  workspaceId: string;
  workspaceName: string;
  courseId: string;
  courseTitle: string;
  quantity: number;
  note: string | null;
  status: TCreditRequestStatus;
  requestedBy: string | null;
  createdAt: Date;
  decidedBy: string | null;
  decidedAt: Date | null;
  grantedQuantity: number | null;
  decisionNote: string | null;
};

const requestCols = sql`r.id, r.workspace_id as "workspaceId", coalesce(w.company_name, '') as "workspaceName",
  r.course_id as "courseId", ${courseTitle(sql`c`)} as "courseTitle", r.quantity, r.note, r.status,
  ${personName(sql`r.requested_by`)} as "requestedBy", r.created_at as "createdAt",
  ${personName(sql`r.decided_by`)} as "decidedBy", r.decided_at as "decidedAt",
  r.granted_quantity as "grantedQuantity", r.decision_note as "decisionNote"`;
const requestFrom = sql`credit_requests r left join workspaces w on w.id = r.workspace_id
  left join courses c on c.id = r.course_id`;

export async function insertRequest(
  tx: Tx,
  v: { workspaceId: string; courseId: string; quantity: number; note: string | null; actor: string },
): Promise<string> {
  const [row] = await queryRows<{ id: string }>(
    tx,
    sql`insert into credit_requests (workspace_id, course_id, quantity, note, requested_by)
        values (${v.workspaceId}, ${v.courseId}, ${v.quantity}, ${v.note}, ${v.actor}) returning id`,
  );
  return row!.id;
}

export async function findRequest(tx: Tx, id: string, lock = false): Promise<RequestRow | undefined> {
  if (lock) await tx.execute(sql`select 1 from credit_requests where id = ${id} for update`);
  const [row] = await queryRows<RequestRow>(tx, sql`select ${requestCols} from ${requestFrom} where r.id = ${id}`);
  return row;
}

/**
 * One page of requests. The operator's queue (`pendingFirst`) shows pending requests first, oldest
 * first (the order they were asked in), then decided ones, newest first.
 */
export async function listRequests(
  tx: Tx,
  q: {
    status?: TCreditRequestStatus;
    workspaceId?: string;
    courseId?: string;
    pendingFirst: boolean;
    pageNo: number;
    pageSize: number;
  },
): Promise<Array<RequestRow & { total: number }>> {
  const where: SQL[] = [sql`true`];
  if (q.status) where.push(sql`r.status = ${q.status}`);
  if (q.workspaceId) where.push(sql`r.workspace_id = ${q.workspaceId}`);
  if (q.courseId) where.push(sql`r.course_id = ${q.courseId}`);
  const order = q.pendingFirst
    ? sql`(r.status = 'PENDING') desc, case when r.status = 'PENDING' then extract(epoch from r.created_at) else -extract(epoch from r.created_at) end, r.id`
    : sql`r.created_at desc, r.id desc`;
  return queryRows(
    tx,
    sql`select ${requestCols}, count(*) over ()::int as total from ${requestFrom}
        where ${sql.join(where, sql` and `)} order by ${order}
        limit ${q.pageSize} offset ${q.pageNo * q.pageSize}`,
  );
}

export async function closeRequest(
  tx: Tx,
  id: string,
  v: { status: 'GRANTED' | 'REJECTED'; actor: string; grantedQuantity: number | null; note: string | null },
): Promise<void> {
  await tx.execute(
    sql`update credit_requests set status = ${v.status}, decided_by = ${v.actor}, decided_at = app_now(),
          granted_quantity = ${v.grantedQuantity}, decision_note = ${v.note}
        where id = ${id} and status = 'PENDING'`,
  );
}

// The ledger

/** One GRANT row (platform role; the trigger adds it to the balance). */
export async function insertGrant(
  tx: Tx,
  v: { workspaceId: string; courseId: string; quantity: number; requestId: string; note: string | null; actor: string },
): Promise<void> {
  await tx.execute(
    sql`insert into credit_ledger (workspace_id, course_id, delta, reason, request_id, note, created_by)
        values (${v.workspaceId}, ${v.courseId}, ${v.quantity}, 'GRANT', ${v.requestId}, ${v.note}, ${v.actor})`,
  );
}

/**
 * Locks the workspace's availability row of the course and answers its balance (null: the course is
 * not available). Concurrent spenders queue here. The application role may not `SELECT … FOR UPDATE`
 * a table it cannot update, so a tenant transaction locks through `app_lock_course_credits`
 * (migration 0029), which locks its own workspace's row only; the platform role locks directly.
 */
export async function lockCredits(
  tx: Tx,
  workspaceId: string,
  courseId: string,
  platform: boolean,
): Promise<number | null> {
  if (platform) {
    const row = await findAvailability(tx, workspaceId, courseId, true);
    return row?.enabled ? row.balance : null;
  }
  const [row] = await queryRows<{ balance: number | null }>(
    tx,
    sql`select app_lock_course_credits(${workspaceId}, ${courseId}) as balance`,
  );
  return row?.balance ?? null;
}

/** One SPEND row per enrolment, in one statement; the trigger takes them off the balance. */
export async function insertSpends(
  tx: Tx,
  v: { workspaceId: string; courseId: string; enrolmentIds: string[]; actor: string | null },
): Promise<void> {
  await tx.execute(
    sql`insert into credit_ledger (workspace_id, course_id, delta, reason, enrolment_id, created_by)
        select ${v.workspaceId}, ${v.courseId}, -1, 'SPEND', e, ${v.actor}
          from unnest(${`{${v.enrolmentIds.join(',')}}`}::uuid[]) as e`,
  );
}

export type LedgerRow = {
  id: string;
  delta: number;
  reason: 'GRANT' | 'SPEND' | 'REFUND' | 'ADJUST';
  note: string | null;
  by: string | null;
  at: Date;
  enrolmentId: string | null;
  requestId: string | null;
  total: number;
};

export async function ledgerPage(
  tx: Tx,
  q: { workspaceId: string; courseId: string; pageNo: number; pageSize: number },
): Promise<LedgerRow[]> {
  return queryRows(
    tx,
    sql`select l.id, l.delta, l.reason, l.note, ${personName(sql`l.created_by`)} as by, l.created_at as at,
               l.enrolment_id as "enrolmentId", l.request_id as "requestId", count(*) over ()::int as total
        from credit_ledger l where l.workspace_id = ${q.workspaceId} and l.course_id = ${q.courseId}
        order by l.created_at desc, l.id desc limit ${q.pageSize} offset ${q.pageNo * q.pageSize}`,
  );
}

/** A course's title as the caller's transaction may read it ('' when it may not). */
export async function titleOf(tx: Tx, courseId: string): Promise<string | undefined> {
  const [row] = await queryRows<{ title: string }>(
    tx,
    sql`select ${courseTitle(sql`c`)} as title from courses c where c.id = ${courseId}`,
  );
  return row?.title;
}
