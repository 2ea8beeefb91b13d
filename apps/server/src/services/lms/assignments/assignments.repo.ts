import type { TLearnerStatus } from '@app/contract';
import { type SQL, sql } from 'drizzle-orm';
import type { Tx } from '../../../core/db/database.ts';
import { queryRows } from '../../../core/db/database.ts';
import { courseTitle } from '../credits/credits.repo.ts';

/** SQL of assigning courses and following learners (issue 14, the administrators' side). */

const uuidArray = (ids: string[]) => `{${ids.join(',')}}`;
const like = (text: string) => `%${text.toLowerCase().replace(/[\\%_]/g, (c) => `\\${c}`)}%`;
const personName = sql`nullif(trim(a.first_name || ' ' || coalesce(a.last_name, '')), '')`;

/** Whose members a query may read: the workspace, and one business unit of it (null: every one). */
export type Scope = { workspaceId: string; unit: string | null };

const inUnit = (s: Scope) => (s.unit ? sql`and m.branch_id = ${s.unit}` : sql``);
const live = sql`m.active and m.deleted_at is null`;

export async function workspaceTimeZone(tx: Tx, workspaceId: string): Promise<string> {
  const [row] = await queryRows<{ zone: string }>(
    tx,
    sql`select time_zone as zone from workspaces where id = ${workspaceId}`,
  );
  return row?.zone ?? 'Asia/Kolkata';
}

export type AssignCourse = {
  id: string;
  workspaceId: string | null;
  status: 'ACTIVE' | 'ARCHIVED';
  publishedVersionId: string | null;
  title: string;
  /** A catalogue course made available to the workspace now (or the workspace's own). */
  usable: boolean;
  balance: number | null;
};

/** The course as the transaction may see it (row-level security: own, or available catalogue). */
export async function findCourse(tx: Tx, workspaceId: string, courseId: string): Promise<AssignCourse | undefined> {
  const [row] = await queryRows<AssignCourse>(
    tx,
    sql`select c.id, c.workspace_id as "workspaceId", c.status, c.published_version_id as "publishedVersionId",
               ${courseTitle(sql`c`)} as title,
               (c.workspace_id = ${workspaceId} or coalesce(wc.enabled, false)) as usable,
               wc.balance
          from courses c
          left join workspace_courses wc on wc.course_id = c.id and wc.workspace_id = ${workspaceId}
         where c.id = ${courseId} and (c.workspace_id = ${workspaceId} or wc.course_id is not null)`,
  );
  return row;
}

/** Which of `accountIds` are live members within the scope. */
export async function membersInScope(tx: Tx, s: Scope, accountIds: string[]): Promise<string[]> {
  const rows = await queryRows<{ id: string }>(
    tx,
    sql`select m.account_id as id from memberships m
         where m.workspace_id = ${s.workspaceId} and ${live} ${inUnit(s)}
           and m.account_id = any(${uuidArray(accountIds)}::uuid[])`,
  );
  return rows.map((r) => r.id);
}

export type Filter = {
  branchId?: string | undefined;
  departmentId?: string | undefined;
  startJoiningDate?: string | undefined;
  endJoiningDate?: string | undefined;
  userIds?: string[] | undefined;
};

/** The live members in scope matching the filter, and how many of them are enrolled already (a workshop's audience: no course, none). */
export async function matchFilter(
  tx: Tx,
  s: Scope,
  courseId: string | null,
  f: Filter,
): Promise<{ ids: string[]; enrolled: number }> {
  const rows = await queryRows<{ id: string; enrolled: boolean }>(
    tx,
    sql`select m.account_id as id,
               ${
                 courseId
                   ? sql`exists (select 1 from enrolments e where e.workspace_id = m.workspace_id and e.course_id = ${courseId}
                          and e.account_id = m.account_id and e.status = 'ACTIVE')`
                   : sql`false`
               } as enrolled
          from memberships m
         where m.workspace_id = ${s.workspaceId} and ${live} ${inUnit(s)}
           ${f.branchId ? sql`and m.branch_id = ${f.branchId}` : sql``}
           ${f.departmentId ? sql`and m.department_id = ${f.departmentId}` : sql``}
           ${f.startJoiningDate ? sql`and m.date_of_joining >= ${f.startJoiningDate}::date` : sql``}
           ${f.endJoiningDate ? sql`and m.date_of_joining <= ${f.endJoiningDate}::date` : sql``}
           ${f.userIds?.length ? sql`and m.account_id = any(${uuidArray(f.userIds)}::uuid[])` : sql``}
         order by m.account_id`,
  );
  return { ids: rows.map((r) => r.id), enrolled: rows.filter((r) => r.enrolled).length };
}

export async function findBranch(tx: Tx, workspaceId: string, branchId: string): Promise<boolean> {
  const rows = await queryRows(
    tx,
    sql`select 1 from branches where workspace_id = ${workspaceId} and id = ${branchId}`,
  );
  return rows.length > 0;
}

export async function findDepartment(
  tx: Tx,
  workspaceId: string,
  departmentId: string,
): Promise<{ branchId: string } | undefined> {
  const [row] = await queryRows<{ branchId: string }>(
    tx,
    sql`select branch_id as "branchId" from departments where workspace_id = ${workspaceId} and id = ${departmentId}`,
  );
  return row;
}

/** Live members in scope by e-mail (lower-cased) or employee id, for a file's rows. */
export async function membersByIdentity(
  tx: Tx,
  workspaceId: string,
  emails: string[],
  employeeIds: string[],
): Promise<Array<{ accountId: string; email: string | null; employeeId: string | null; branchId: string | null }>> {
  return queryRows(
    tx,
    sql`select m.account_id as "accountId", lower(a.email) as email, m.employee_id as "employeeId", m.branch_id as "branchId"
          from memberships m join accounts a on a.id = m.account_id
         where m.workspace_id = ${workspaceId} and ${live}
           and (lower(a.email) = any(${`{${emails.map((e) => JSON.stringify(e)).join(',')}}`}::text[])
                or m.employee_id = any(${`{${employeeIds.map((e) => JSON.stringify(e)).join(',')}}`}::text[]))`,
  );
}

/**
 * The learner's status in SQL, the same rule as the contract's `learnerStatus`: at `now`, with the
 * due-soon window ending at `soonUntil` (enrolments/due.ts `dueSoonUntil`).
 */
export const statusOf = ({ now, soonUntil }: StatusClock) => sql`case
  when e.completed_at is not null or e.valid_until > ${now.toISOString()}::timestamptz then 'COMPLETED'
  when e.due_at is not null and e.due_at < ${now.toISOString()}::timestamptz then 'OVERDUE'
  when e.due_at is not null and e.due_at <= ${soonUntil.toISOString()}::timestamptz then 'DUE_SOON'
  when e.started_at is not null then 'IN_PROGRESS'
  else 'NOT_STARTED' end`;

export type MemberRow = {
  enrolmentId: string;
  userId: string;
  name: string | null;
  email: string | null;
  employeeId: string | null;
  branchName: string | null;
  departmentName: string | null;
  status: TLearnerStatus;
  progressPercent: number;
  attemptsUsed: number;
  bestScore: number | null;
  selfReported: boolean;
  dueAt: Date | null;
  assignedAt: Date;
  startedAt: Date | null;
  completedAt: Date | null;
  validUntil: Date | null;
  cycle: number;
  source: 'MANUAL' | 'FILTER' | 'FILE' | 'AUTO';
  total: number;
};

/** The moment a status is computed at, and the end of its due-soon window. */
export type StatusClock = { now: Date; soonUntil: Date };

export type MemberQuery = StatusClock & {
  courseId: string;
  search?: string | undefined;
  status?: TLearnerStatus | undefined;
  branchId?: string | undefined;
};

const membersFrom = (s: Scope, q: MemberQuery) => sql`from enrolments e
  join memberships m on m.workspace_id = e.workspace_id and m.account_id = e.account_id
  join accounts a on a.id = e.account_id
  left join branches b on b.workspace_id = m.workspace_id and b.id = m.branch_id
  left join departments d on d.workspace_id = m.workspace_id and d.id = m.department_id
 where e.workspace_id = ${s.workspaceId} and e.course_id = ${q.courseId} and e.status = 'ACTIVE' ${inUnit(s)}
   ${q.branchId ? sql`and m.branch_id = ${q.branchId}` : sql``}`;

const memberColumns = (at: StatusClock) => sql`e.id as "enrolmentId", e.account_id as "userId", ${personName} as name,
  a.email, m.employee_id as "employeeId", b.name as "branchName", d.name as "departmentName",
  ${statusOf(at)} as status, e.progress_percent as "progressPercent",
  (select coalesce(sum(p.attempts_used), 0)::int from enrolment_item_progress p
    where p.enrolment_id = e.id and p.cycle = e.cycle) as "attemptsUsed",
  coalesce(e.score, (select max(p.best_score)::int from enrolment_item_progress p
    where p.enrolment_id = e.id and p.cycle = e.cycle)) as "bestScore",
  exists (select 1 from enrolment_item_progress p
    where p.enrolment_id = e.id and p.cycle = e.cycle and p.self_reported) as "selfReported",
  e.due_at as "dueAt", e.assigned_at as "assignedAt", e.started_at as "startedAt", e.completed_at as "completedAt",
  e.valid_until as "validUntil", e.cycle, e.source`;

function memberWhere(q: MemberQuery): SQL {
  return sql`${q.search ? sql`and m.search_text ilike ${like(q.search)}` : sql``}
    ${q.status ? sql`and ${statusOf(q)} = ${q.status}` : sql``}`;
}

/** A page of the course's learners in scope (by name), with the total. */
export async function membersPage(
  tx: Tx,
  s: Scope,
  q: MemberQuery & { pageNo: number; pageSize: number },
): Promise<MemberRow[]> {
  return queryRows<MemberRow>(
    tx,
    sql`select ${memberColumns(q)}, count(*) over ()::int as total
        ${membersFrom(s, q)} ${memberWhere(q)}
        order by lower(a.first_name), lower(a.last_name), e.id
        limit ${q.pageSize} offset ${q.pageNo * q.pageSize}`,
  );
}

/** A batch of the course's learners in scope after `afterId` (the export reads them in batches). */
export async function membersAfter(
  tx: Tx,
  s: Scope,
  q: MemberQuery,
  afterId: string | null,
  limit: number,
): Promise<MemberRow[]> {
  return queryRows<MemberRow>(
    tx,
    sql`select ${memberColumns(q)}, 0 as total
        ${membersFrom(s, q)} ${afterId ? sql`and e.id > ${afterId}` : sql``}
        order by e.id limit ${limit}`,
  );
}

/** How many learners in scope the course has (what an export of them writes). */
export async function countMembers(tx: Tx, s: Scope, q: MemberQuery): Promise<number> {
  const [row] = await queryRows<{ n: number }>(tx, sql`select count(*)::int as n ${membersFrom(s, q)}`);
  return row?.n ?? 0;
}

/** How many learners in scope are in each status. */
export async function statusCounts(tx: Tx, s: Scope, q: MemberQuery): Promise<Record<string, number>> {
  const rows = await queryRows<{ status: string; n: number }>(
    tx,
    sql`select ${statusOf(q)} as status, count(*)::int as n ${membersFrom(s, q)} group by 1`,
  );
  return Object.fromEntries(rows.map((r) => [r.status, r.n]));
}

export type PersonRow = {
  userId: string;
  name: string | null;
  email: string | null;
  employeeId: string | null;
  branchName: string | null;
  departmentName: string | null;
  total: number;
};

/** Live members in scope who are not enrolled in the course (the assign picker). */
export async function assignablePage(
  tx: Tx,
  s: Scope,
  q: {
    courseId: string;
    search?: string | undefined;
    branchId?: string | undefined;
    departmentId?: string | undefined;
    pageNo: number;
    pageSize: number;
  },
): Promise<PersonRow[]> {
  return queryRows<PersonRow>(
    tx,
    sql`select m.account_id as "userId", ${personName} as name, a.email, m.employee_id as "employeeId",
               b.name as "branchName", d.name as "departmentName", count(*) over ()::int as total
          from memberships m
          join accounts a on a.id = m.account_id
          left join branches b on b.workspace_id = m.workspace_id and b.id = m.branch_id
          left join departments d on d.workspace_id = m.workspace_id and d.id = m.department_id
         where m.workspace_id = ${s.workspaceId} and ${live} ${inUnit(s)}
           ${q.branchId ? sql`and m.branch_id = ${q.branchId}` : sql``}
           ${q.departmentId ? sql`and m.department_id = ${q.departmentId}` : sql``}
           ${q.search ? sql`and m.search_text ilike ${like(q.search)}` : sql``}
           and not exists (select 1 from enrolments e where e.workspace_id = m.workspace_id and e.course_id = ${q.courseId}
                              and e.account_id = m.account_id and e.status = 'ACTIVE')
         order by lower(a.first_name), lower(a.last_name), m.account_id
         limit ${q.pageSize} offset ${q.pageNo * q.pageSize}`,
  );
}

/**
 * Ends the enrolments of `accountIds` in the course (status REMOVED; progress, attempts and
 * certificates stay). Answers the removed ones with whether a credit was spent and the learner had
 * started.
 */
export async function removeEnrolments(
  tx: Tx,
  v: { workspaceId: string; courseId: string; accountIds: string[]; actor: string },
): Promise<Array<{ id: string; accountId: string; creditSpent: boolean; started: boolean }>> {
  return queryRows(
    tx,
    sql`update enrolments e set status = 'REMOVED', removed_at = app_now(), removed_by = ${v.actor}, updated_at = app_now()
         where e.workspace_id = ${v.workspaceId} and e.course_id = ${v.courseId} and e.status = 'ACTIVE'
           and e.account_id = any(${uuidArray(v.accountIds)}::uuid[])
        returning e.id, e.account_id as "accountId", e.credit_spent as "creditSpent",
                  (e.started_at is not null or e.completed_at is not null or e.cycle > 1
                   or exists (select 1 from enrolment_item_progress p where p.enrolment_id = e.id)) as started`,
  );
}

/** One REFUND row per enrolment (at most once each: the ledger's unique (enrolment, reason)). */
export async function insertRefunds(
  tx: Tx,
  v: { workspaceId: string; courseId: string; enrolmentIds: string[]; actor: string },
): Promise<number> {
  const rows = await queryRows(
    tx,
    sql`insert into credit_ledger (workspace_id, course_id, delta, reason, enrolment_id, created_by, note)
        select ${v.workspaceId}, ${v.courseId}, 1, 'REFUND', e, ${v.actor}, 'Unassigned before starting'
          from unnest(${uuidArray(v.enrolmentIds)}::uuid[]) as e
        on conflict (enrolment_id, reason) do nothing
        returning id`,
  );
  return rows.length;
}

export async function balanceOf(tx: Tx, workspaceId: string, courseId: string): Promise<number | null> {
  const [row] = await queryRows<{ balance: number }>(
    tx,
    sql`select balance from workspace_courses where workspace_id = ${workspaceId} and course_id = ${courseId}`,
  );
  return row?.balance ?? null;
}

export type ExceededRow = {
  enrolmentId: string;
  userId: string;
  name: string | null;
  email: string | null;
  itemId: string;
  quizTitle: string | null;
  attemptsUsed: number;
  attemptsAllowed: number;
  bestScore: number | null;
  total: number;
};

const itemTitle = (item: SQL) => sql`(select t.body ->> 'title' from course_texts t
  join course_versions v on v.id = t.course_version_id
  where t.course_version_id = ${item}.course_version_id and t.entity_id = ${item}.id
  order by (t.language = v.primary_language) desc limit 1)`;

/** Learners in scope who used every attempt of a quiz of their current cycle without passing it. */
export async function exceededPage(
  tx: Tx,
  s: Scope,
  q: { courseId: string; pageNo: number; pageSize: number },
): Promise<ExceededRow[]> {
  return queryRows<ExceededRow>(
    tx,
    sql`select e.id as "enrolmentId", e.account_id as "userId", ${personName} as name, a.email,
               i.id as "itemId", ${itemTitle(sql`i`)} as "quizTitle", p.attempts_used as "attemptsUsed",
               (i.attempt_limit + p.extra_attempts)::int as "attemptsAllowed", p.best_score as "bestScore",
               count(*) over ()::int as total
          from enrolments e
          join memberships m on m.workspace_id = e.workspace_id and m.account_id = e.account_id
          join accounts a on a.id = e.account_id
          join enrolment_item_progress p on p.enrolment_id = e.id and p.cycle = e.cycle
          join course_items i on i.id = p.item_id
         where e.workspace_id = ${s.workspaceId} and e.course_id = ${q.courseId} and e.status = 'ACTIVE' ${inUnit(s)}
           and i.kind = 'QUIZ' and i.attempt_limit is not null
           and p.attempts_used >= i.attempt_limit + p.extra_attempts and coalesce(p.passed, false) = false
         order by lower(a.first_name), lower(a.last_name), e.id, i.position
         limit ${q.pageSize} offset ${q.pageNo * q.pageSize}`,
  );
}

export type EnrolmentRow = {
  id: string;
  accountId: string;
  cycle: number;
  versionId: string;
  name: string | null;
  branchId: string | null;
};

/** The learner's active enrolment in the course, if the learner is in scope. */
export async function findEnrolment(
  tx: Tx,
  s: Scope,
  courseId: string,
  accountId: string,
  lock = false,
): Promise<EnrolmentRow | undefined> {
  const [row] = await queryRows<EnrolmentRow>(
    tx,
    sql`select e.id, e.account_id as "accountId", e.cycle, e.course_version_id as "versionId", ${personName} as name,
               m.branch_id as "branchId"
          from enrolments e
          join memberships m on m.workspace_id = e.workspace_id and m.account_id = e.account_id
          join accounts a on a.id = e.account_id
         where e.workspace_id = ${s.workspaceId} and e.course_id = ${courseId} and e.account_id = ${accountId}
           and e.status = 'ACTIVE' ${inUnit(s)}
        ${lock ? sql`for update of e` : sql``}`,
  );
  return row;
}

export type QuizRow = {
  itemId: string;
  title: string | null;
  attemptLimit: number | null;
  extraAttempts: number;
  attemptsUsed: number;
  passed: boolean | null;
  bestScore: number | null;
};

/** The quizzes of the enrolment's version, with the learner's progress in the current cycle. */
export async function quizzesOf(tx: Tx, e: EnrolmentRow): Promise<QuizRow[]> {
  return queryRows<QuizRow>(
    tx,
    sql`select i.id as "itemId", ${itemTitle(sql`i`)} as title, i.attempt_limit as "attemptLimit",
               coalesce(p.extra_attempts, 0)::int as "extraAttempts", coalesce(p.attempts_used, 0)::int as "attemptsUsed",
               p.passed, p.best_score as "bestScore"
          from course_items i
          left join enrolment_item_progress p on p.enrolment_id = ${e.id} and p.cycle = ${e.cycle} and p.item_id = i.id
         where i.course_version_id = ${e.versionId} and i.kind = 'QUIZ'
         order by i.position`,
  );
}

/** The learner's attempts in the current cycle (numbers, scores, dates: never answers or the key). */
export async function attemptsOf(
  tx: Tx,
  e: EnrolmentRow,
): Promise<Array<{ itemId: string; attemptNo: number; score: number; passed: boolean; submittedAt: Date }>> {
  return queryRows(
    tx,
    sql`select item_id as "itemId", attempt_no as "attemptNo", score, passed, submitted_at as "submittedAt"
          from quiz_attempts where enrolment_id = ${e.id} and cycle = ${e.cycle}
         order by item_id, attempt_no`,
  );
}

/** Adds `count` extra attempts on the item (current cycle) unless that would pass `max`; null: refused or no row. */
export async function addExtraAttempts(
  tx: Tx,
  e: EnrolmentRow,
  itemId: string,
  count: number,
  max: number,
): Promise<{ extraAttempts: number; found: boolean } | null> {
  const [row] = await queryRows<{ extraAttempts: number; before: number }>(
    tx,
    sql`select extra_attempts as before from enrolment_item_progress
         where enrolment_id = ${e.id} and cycle = ${e.cycle} and item_id = ${itemId} for update`,
  );
  if (!row) return { extraAttempts: 0, found: false };
  if (row.before + count > max) return null;
  const [after] = await queryRows<{ extraAttempts: number }>(
    tx,
    sql`update enrolment_item_progress set extra_attempts = extra_attempts + ${count}, updated_at = app_now()
         where enrolment_id = ${e.id} and cycle = ${e.cycle} and item_id = ${itemId}
        returning extra_attempts as "extraAttempts"`,
  );
  return { extraAttempts: after!.extraAttempts, found: true };
}

export type BriefRow = { id: string; title: string; catalogue: boolean; balance: number | null };

/** Every course the workspace can assign: its own published ones and the catalogue made available. */
export async function assignableCourses(tx: Tx, workspaceId: string): Promise<BriefRow[]> {
  return queryRows<BriefRow>(
    tx,
    sql`select c.id, ${courseTitle(sql`c`)} as title, c.workspace_id is null as catalogue,
               case when c.workspace_id is null then wc.balance end as balance
          from courses c
          left join workspace_courses wc on wc.course_id = c.id and wc.workspace_id = ${workspaceId}
         where c.status = 'ACTIVE' and c.published_version_id is not null
           and (c.workspace_id = ${workspaceId} or coalesce(wc.enabled, false))
         order by lower(${courseTitle(sql`c`)}), c.id`,
  );
}
