import { sql } from 'drizzle-orm';
import { queryRows, type Tx } from '../../../core/db/database.ts';
import { DEFAULT_ASSIGNMENT_SETTINGS } from '../enrolments/settings.repo.ts';

/** SQL of auto-assign rules, recurrence settings and cycles (docs/learning-design.md §7). */

export type RuleRow = {
  id: string;
  courseId: string;
  branchId: string | null;
  departmentId: string | null;
  startJoiningDate: string | Date | null;
  endJoiningDate: string | Date | null;
  dueDays: number;
  enabled: boolean;
  updatedAt: Date | string;
};

const ruleColumns = sql`id, course_id as "courseId", branch_id as "branchId", department_id as "departmentId",
  start_joining_date::text as "startJoiningDate", end_joining_date::text as "endJoiningDate", due_days as "dueDays",
  enabled, updated_at as "updatedAt"`;

export async function findRule(tx: Tx, workspaceId: string, courseId: string): Promise<RuleRow | undefined> {
  const [row] = await queryRows<RuleRow>(
    tx,
    sql`select ${ruleColumns} from course_auto_assign_rules where workspace_id = ${workspaceId} and course_id = ${courseId}`,
  );
  return row;
}

export async function upsertRule(
  tx: Tx,
  v: {
    workspaceId: string;
    courseId: string;
    branchId: string | null;
    departmentId: string | null;
    startJoiningDate: string | null;
    endJoiningDate: string | null;
    dueDays: number;
    enabled: boolean;
    actor: string;
  },
): Promise<RuleRow> {
  const [row] = await queryRows<RuleRow>(
    tx,
    sql`insert into course_auto_assign_rules
          (workspace_id, course_id, branch_id, department_id, start_joining_date, end_joining_date, due_days, enabled,
           created_by, updated_by)
        values (${v.workspaceId}, ${v.courseId}, ${v.branchId}, ${v.departmentId}, ${v.startJoiningDate}::date,
                ${v.endJoiningDate}::date, ${v.dueDays}, ${v.enabled}, ${v.actor}, ${v.actor})
        on conflict (workspace_id, course_id) do update set
          branch_id = excluded.branch_id, department_id = excluded.department_id,
          start_joining_date = excluded.start_joining_date, end_joining_date = excluded.end_joining_date,
          due_days = excluded.due_days, enabled = excluded.enabled, updated_by = excluded.updated_by,
          updated_at = app_now()
        returning ${ruleColumns}`,
  );
  return row!;
}

export async function deleteRule(tx: Tx, workspaceId: string, courseId: string): Promise<RuleRow | undefined> {
  const [row] = await queryRows<RuleRow>(
    tx,
    sql`delete from course_auto_assign_rules where workspace_id = ${workspaceId} and course_id = ${courseId}
        returning ${ruleColumns}`,
  );
  return row;
}

export async function branchExists(tx: Tx, workspaceId: string, branchId: string): Promise<boolean> {
  const rows = await queryRows(
    tx,
    sql`select 1 from branches where workspace_id = ${workspaceId} and id = ${branchId}`,
  );
  return rows.length > 0;
}

export async function departmentBranch(tx: Tx, workspaceId: string, departmentId: string): Promise<string | undefined> {
  const [row] = await queryRows<{ branchId: string }>(
    tx,
    sql`select branch_id as "branchId" from departments where workspace_id = ${workspaceId} and id = ${departmentId}`,
  );
  return row?.branchId;
}

/** Whether the workspace uses learning and has an enabled rule: only then is a new joiner's job worth writing. */
export async function autoAssignActive(tx: Tx, workspaceId: string): Promise<boolean> {
  const rows = await queryRows(
    tx,
    sql`select 1 from course_auto_assign_rules r join workspaces w on w.id = r.workspace_id
        where r.workspace_id = ${workspaceId} and r.enabled and w.access_lms limit 1`,
  );
  return rows.length > 0;
}

/** Every active workspace's id (a pass fired without a zone). */
export async function activeWorkspaceIds(tx: Tx): Promise<string[]> {
  const rows = await queryRows<{ id: string }>(tx, sql`select id from workspaces where active order by id`);
  return rows.map((r) => r.id);
}

export async function lmsOn(tx: Tx, workspaceId: string): Promise<boolean> {
  const [row] = await queryRows<{ on: boolean }>(
    tx,
    sql`select access_lms as "on" from workspaces where id = ${workspaceId} and active`,
  );
  return row?.on ?? false;
}

/** An active member's place: business unit, department, and joining date (else the day they joined, in `zone`). */
export async function findJoiner(
  tx: Tx,
  workspaceId: string,
  accountId: string,
  zone: string,
  joinedOn: string | null,
): Promise<{ branchId: string | null; departmentId: string | null; joining: string } | undefined> {
  const [row] = await queryRows<{ branchId: string | null; departmentId: string | null; joining: string }>(
    tx,
    sql`select branch_id as "branchId", department_id as "departmentId",
               coalesce(date_of_joining, ${joinedOn}::date, (created_at at time zone ${zone})::date)::text as joining
          from memberships where workspace_id = ${workspaceId} and account_id = ${accountId} and active`,
  );
  return row;
}

/** The enabled rules a joiner matches, of courses they are not enrolled on. */
export async function matchingRules(
  tx: Tx,
  workspaceId: string,
  accountId: string,
  m: { branchId: string | null; departmentId: string | null; joining: string },
): Promise<Array<{ id: string; courseId: string; dueDays: number }>> {
  return queryRows(
    tx,
    sql`select r.id, r.course_id as "courseId", r.due_days as "dueDays"
          from course_auto_assign_rules r
         where r.workspace_id = ${workspaceId} and r.enabled
           and (r.branch_id is null or r.branch_id = ${m.branchId}::uuid)
           and (r.department_id is null or r.department_id = ${m.departmentId}::uuid)
           and (r.start_joining_date is null or r.start_joining_date <= ${m.joining}::date)
           and (r.end_joining_date is null or r.end_joining_date >= ${m.joining}::date)
           and not exists (select 1 from enrolments e where e.workspace_id = r.workspace_id and e.course_id = r.course_id
                             and e.account_id = ${accountId} and e.status <> 'REMOVED')
         order by r.created_at, r.id`,
  );
}

/** The current active members a rule matches who are not enrolled on its course, with their joining dates. */
export async function matchingMembers(
  tx: Tx,
  workspaceId: string,
  rule: {
    courseId: string;
    branchId: string | null;
    departmentId: string | null;
    startJoiningDate: string | null;
    endJoiningDate: string | null;
  },
  zone: string,
): Promise<Array<{ accountId: string; joining: string }>> {
  return queryRows(
    tx,
    sql`select m.account_id as "accountId", j.joining::text as joining
          from memberships m
          cross join lateral (select coalesce(m.date_of_joining, (m.created_at at time zone ${zone})::date) as joining) j
         where m.workspace_id = ${workspaceId} and m.active
           and (${rule.branchId}::uuid is null or m.branch_id = ${rule.branchId}::uuid)
           and (${rule.departmentId}::uuid is null or m.department_id = ${rule.departmentId}::uuid)
           and (${rule.startJoiningDate}::date is null or j.joining >= ${rule.startJoiningDate}::date)
           and (${rule.endJoiningDate}::date is null or j.joining <= ${rule.endJoiningDate}::date)
           and not exists (select 1 from enrolments e where e.workspace_id = m.workspace_id and e.course_id = ${rule.courseId}
                             and e.account_id = m.account_id and e.status <> 'REMOVED')
         order by m.account_id`,
  );
}

// Recurrence

export async function upsertRecurrence(
  tx: Tx,
  v: {
    workspaceId: string;
    courseId: string;
    recurrenceMonths: number | null;
    recurrenceDueDays: number;
    expiryNoticeDays: number;
    retrainOnUpdate: boolean;
    actor: string;
  },
): Promise<void> {
  // Only the recurrence columns: the reminder columns of the same row are the reminders module's.
  await tx.execute(sql`insert into course_assignment_settings
      (workspace_id, course_id, recurrence_months, recurrence_due_days, expiry_notice_days, retrain_on_update, updated_by)
      values (${v.workspaceId}, ${v.courseId}, ${v.recurrenceMonths}, ${v.recurrenceDueDays}, ${v.expiryNoticeDays},
              ${v.retrainOnUpdate}, ${v.actor})
      on conflict (workspace_id, course_id) do update set
        recurrence_months = excluded.recurrence_months, recurrence_due_days = excluded.recurrence_due_days,
        expiry_notice_days = excluded.expiry_notice_days, retrain_on_update = excluded.retrain_on_update,
        updated_by = excluded.updated_by, updated_at = app_now()`);
}

/**
 * Gives the course's current completions their expiry (completed_at + `months`, counted in the
 * workspace's zone), or clears it (`months` null). Answers how many changed.
 */
export async function setCompletionExpiry(
  tx: Tx,
  workspaceId: string,
  courseId: string,
  months: number | null,
  zone: string,
): Promise<number> {
  const rows = await queryRows(
    tx,
    months === null
      ? sql`update enrolments set expires_at = null, updated_at = app_now()
             where workspace_id = ${workspaceId} and course_id = ${courseId} and status = 'ACTIVE'
               and expires_at is not null
            returning id`
      : sql`update enrolments
               set expires_at = ((completed_at at time zone ${zone}) + make_interval(months => ${months}::int)) at time zone ${zone},
                   updated_at = app_now()
             where workspace_id = ${workspaceId} and course_id = ${courseId} and status = 'ACTIVE'
               and completed_at is not null
               and expires_at is distinct from ((completed_at at time zone ${zone}) + make_interval(months => ${months}::int)) at time zone ${zone}
            returning id`,
  );
  return rows.length;
}

/** ACTIVE enrolments of the workspace whose next cycle is to open (their completion expires soon or has), oldest first (a batch, locked). */
export async function expiredEnrolments(tx: Tx, workspaceId: string, limit: number): Promise<string[]> {
  // Ahead of expiry: a completion opens its next cycle `recurrence_due_days` (the time a new cycle
  // is given) before it expires, so that the new cycle is due on the expiry day (issue 21 item 6).
  const rows = await queryRows<{ id: string }>(
    tx,
    sql`select e.id from enrolments e
          left join course_assignment_settings s on s.workspace_id = e.workspace_id and s.course_id = e.course_id
         where e.workspace_id = ${workspaceId} and e.status = 'ACTIVE' and e.expires_at is not null
           and e.expires_at <= app_now() + make_interval(days => coalesce(s.recurrence_due_days, ${DEFAULT_ASSIGNMENT_SETTINGS.recurrenceDueDays})::int)
         order by e.expires_at, e.id limit ${limit}
         for update of e skip locked`,
  );
  return rows.map((r) => r.id);
}

/** The workspaces that retrain on update of `courseId` and have completions of an older version. */
export async function workspacesToRetrain(tx: Tx, courseId: string, versionId: string): Promise<string[]> {
  const rows = await queryRows<{ workspaceId: string }>(
    tx,
    sql`select s.workspace_id as "workspaceId" from course_assignment_settings s
         where s.course_id = ${courseId} and s.retrain_on_update
           and exists (select 1 from enrolments e where e.workspace_id = s.workspace_id and e.course_id = s.course_id
                         and e.status = 'ACTIVE' and e.completed_at is not null and e.course_version_id <> ${versionId})
         order by s.workspace_id`,
  );
  return rows.map((r) => r.workspaceId);
}

/** The workspace's ACTIVE enrolments of `courseId` completed on a version other than `versionId` (a batch, locked). */
export async function completedOnOlderVersion(
  tx: Tx,
  workspaceId: string,
  courseId: string,
  versionId: string,
  limit: number,
): Promise<string[]> {
  const rows = await queryRows<{ id: string }>(
    tx,
    sql`select id from enrolments
         where workspace_id = ${workspaceId} and course_id = ${courseId} and status = 'ACTIVE'
           and completed_at is not null and course_version_id <> ${versionId}
         order by id limit ${limit}
         for update skip locked`,
  );
  return rows.map((r) => r.id);
}

/** The course's ACTIVE enrolments of `accountIds`, with whether the current cycle is completed. */
export async function enrolmentsOf(
  tx: Tx,
  workspaceId: string,
  courseId: string,
  accountIds: string[],
): Promise<Array<{ id: string; accountId: string; completed: boolean }>> {
  return queryRows(
    tx,
    sql`select id, account_id as "accountId", completed_at is not null as completed from enrolments
         where workspace_id = ${workspaceId} and course_id = ${courseId} and status = 'ACTIVE'
           and account_id = any(${`{${accountIds.join(',')}}`}::uuid[])`,
  );
}

export type CycleRow = {
  cycle: number;
  courseVersionId: string;
  versionNumber: number | null;
  assignedAt: Date | string;
  dueAt: Date | string | null;
  startedAt: Date | string | null;
  completedAt: Date | string | null;
  score: number | null;
  certificateId: string | null;
  endedReason: string | null;
  endedAt: Date | string | null;
};

export async function findEnrolment(
  tx: Tx,
  workspaceId: string,
  enrolmentId: string,
): Promise<{ id: string; courseId: string; accountId: string } | undefined> {
  const [row] = await queryRows<{ id: string; courseId: string; accountId: string }>(
    tx,
    sql`select id, course_id as "courseId", account_id as "accountId" from enrolments
         where workspace_id = ${workspaceId} and id = ${enrolmentId}`,
  );
  return row;
}

/** Every cycle of the enrolment: the finished ones from the history, then the current one. */
export async function listCycles(tx: Tx, enrolmentId: string): Promise<CycleRow[]> {
  return queryRows(
    tx,
    sql`select h.cycle, h.course_version_id as "courseVersionId", v.number as "versionNumber", h.assigned_at as "assignedAt",
               h.due_at as "dueAt", h.started_at as "startedAt", h.completed_at as "completedAt", h.score,
               h.certificate_id as "certificateId", h.ended_reason as "endedReason", h.ended_at as "endedAt"
          from enrolment_cycles h left join course_versions v on v.id = h.course_version_id
         where h.enrolment_id = ${enrolmentId}
        union all
        select e.cycle, e.course_version_id, v.number, e.assigned_at, e.due_at, e.started_at, e.completed_at, e.score,
               (select c.id from certificates c where c.enrolment_id = e.id and c.cycle = e.cycle), null, null
          from enrolments e left join course_versions v on v.id = e.course_version_id
         where e.id = ${enrolmentId} and e.status = 'ACTIVE'
        order by 1`,
  );
}

// Higher-risk departments

export async function higherRiskDepartments(tx: Tx, workspaceId: string, courseId: string): Promise<string[]> {
  const rows = await queryRows<{ id: string }>(
    tx,
    sql`select department_id as id from course_higher_risk_departments
         where workspace_id = ${workspaceId} and course_id = ${courseId} order by department_id`,
  );
  return rows.map((r) => r.id);
}

/** How many of `ids` are departments of the workspace. */
export async function countDepartments(tx: Tx, workspaceId: string, ids: string[]): Promise<number> {
  if (ids.length === 0) return 0;
  const [row] = await queryRows<{ n: number }>(
    tx,
    sql`select count(*)::int as n from departments
         where workspace_id = ${workspaceId} and id = any(${`{${ids.join(',')}}`}::uuid[])`,
  );
  return row?.n ?? 0;
}

export async function replaceHigherRisk(
  tx: Tx,
  workspaceId: string,
  courseId: string,
  ids: string[],
  actor: string,
): Promise<void> {
  await tx.execute(sql`delete from course_higher_risk_departments
                        where workspace_id = ${workspaceId} and course_id = ${courseId}
                          and not (department_id = any(${`{${ids.join(',')}}`}::uuid[]))`);
  if (ids.length === 0) return;
  await tx.execute(sql`insert into course_higher_risk_departments (workspace_id, course_id, department_id, created_by)
                       select ${workspaceId}, ${courseId}, d, ${actor}::uuid from unnest(${`{${ids.join(',')}}`}::uuid[]) d
                       on conflict do nothing`);
}

/**
 * The member's ACTIVE, completed enrolments in courses that mark `departmentId` higher-risk (locked):
 * moved into it, they take those courses again.
 */
export async function higherRiskEnrolments(
  tx: Tx,
  workspaceId: string,
  accountId: string,
  departmentId: string,
): Promise<string[]> {
  const rows = await queryRows<{ id: string }>(
    tx,
    sql`select e.id from enrolments e
          join course_higher_risk_departments h on h.workspace_id = e.workspace_id and h.course_id = e.course_id
         where e.workspace_id = ${workspaceId} and e.account_id = ${accountId} and e.status = 'ACTIVE'
           and e.completed_at is not null and h.department_id = ${departmentId}
         order by e.id for update of e`,
  );
  return rows.map((r) => r.id);
}
