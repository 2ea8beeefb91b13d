import { sql } from 'drizzle-orm';
import type { Tx } from '../../core/db/database.ts';
import { queryRows } from '../../core/db/database.ts';

/**
 * SQL of the workspace's escalation settings (the spec's "Escalation setting", typed COURSE, POLICY
 * or CASE) and of who they reach. The modules whose overdue work escalates (learning now; policies,
 * the register and cases later) read the setting that applies in their own statements.
 */

/** Whether the account is an active member of the workspace (who an escalation may be sent to). */
export async function activeMember(tx: Tx, workspaceId: string, accountId: string): Promise<boolean> {
  const [row] = await queryRows<{ n: number }>(
    tx,
    sql`select count(*)::int as n from memberships m
         where m.workspace_id = ${workspaceId} and m.account_id = ${accountId} and m.active`,
  );
  return (row?.n ?? 0) > 0;
}

/** Whose course it is (null: the catalogue's), or undefined when there is no such course. */
export async function courseOwner(tx: Tx, courseId: string): Promise<{ workspaceId: string | null } | undefined> {
  const [row] = await queryRows<{ workspaceId: string | null }>(
    tx,
    sql`select c.workspace_id as "workspaceId" from courses c where c.id = ${courseId}`,
  );
  return row;
}

export type EscalationRow = {
  id: string;
  workspaceId: string;
  branchId: string | null;
  branchName: string | null;
  escalationType: string;
  firstThresholdDays: number;
  secondThresholdDays: number;
  targetId: string | null;
  targetName: string | null;
  targetEmail: string | null;
  enabled: boolean;
  createdAt: Date;
  updatedAt: Date;
};

const escalationSelect = sql`select s.id, s.workspace_id as "workspaceId", s.branch_id as "branchId", b.name as "branchName",
       s.escalation_type as "escalationType", s.first_threshold_days as "firstThresholdDays",
       s.second_threshold_days as "secondThresholdDays", s.target_id as "targetId",
       nullif(trim(coalesce(a.first_name, '') || ' ' || coalesce(a.last_name, '')), '') as "targetName",
       a.email as "targetEmail", s.enabled, s.created_at as "createdAt", s.updated_at as "updatedAt"
  from escalation_settings s
  left join branches b on b.workspace_id = s.workspace_id and b.id = s.branch_id
  left join accounts a on a.id = s.target_id`;

export async function listEscalations(tx: Tx, workspaceId: string, type?: string): Promise<EscalationRow[]> {
  return queryRows<EscalationRow>(
    tx,
    sql`${escalationSelect} where s.workspace_id = ${workspaceId} ${type ? sql`and s.escalation_type = ${type}` : sql``}
        order by s.escalation_type, s.branch_id nulls first, b.name`,
  );
}

export async function findEscalation(tx: Tx, workspaceId: string, id: string): Promise<EscalationRow | undefined> {
  const [row] = await queryRows<EscalationRow>(
    tx,
    sql`${escalationSelect} where s.workspace_id = ${workspaceId} and s.id = ${id}`,
  );
  return row;
}

export async function findEscalationFor(
  tx: Tx,
  workspaceId: string,
  type: string,
  branchId: string | null,
): Promise<EscalationRow | undefined> {
  const [row] = await queryRows<EscalationRow>(
    tx,
    sql`${escalationSelect} where s.workspace_id = ${workspaceId} and s.escalation_type = ${type}
        and s.branch_id is not distinct from ${branchId}::uuid`,
  );
  return row;
}

/** Creates or replaces the row of (workspace, type, unit); answers its id. */
export async function upsertEscalation(
  tx: Tx,
  v: {
    workspaceId: string;
    branchId: string | null;
    type: string;
    first: number;
    second: number;
    targetId: string;
    enabled: boolean;
  },
): Promise<string> {
  const [row] = await queryRows<{ id: string }>(
    tx,
    sql`insert into escalation_settings (workspace_id, branch_id, escalation_type, first_threshold_days,
                                         second_threshold_days, target_id, enabled)
        values (${v.workspaceId}, ${v.branchId}, ${v.type}, ${v.first}, ${v.second}, ${v.targetId}, ${v.enabled})
        on conflict on constraint escalation_settings_key do update
          set first_threshold_days = excluded.first_threshold_days, second_threshold_days = excluded.second_threshold_days,
              target_id = excluded.target_id, enabled = excluded.enabled, updated_at = app_now()
        returning id`,
  );
  return row!.id;
}

export async function deleteEscalation(tx: Tx, workspaceId: string, id: string): Promise<void> {
  await tx.execute(sql`delete from escalation_settings where workspace_id = ${workspaceId} and id = ${id}`);
}

/** Whether the business unit is the workspace's. */
export async function branchExists(tx: Tx, workspaceId: string, branchId: string): Promise<boolean> {
  const [row] = await queryRows<{ n: number }>(
    tx,
    sql`select count(*)::int as n from branches where workspace_id = ${workspaceId} and id = ${branchId}`,
  );
  return (row?.n ?? 0) > 0;
}

export type RecipientPerson = { accountId: string; name: string | null; email: string | null };

/** One (business unit, department) of the workspace with who its escalations would reach. */
export type EscalationReachRow = {
  branchId: string;
  branchName: string;
  /** The applying setting's own unit (null: the workspace's default); settingId null: no setting. */
  settingId: string | null;
  settingBranchId: string | null;
  enabled: boolean | null;
  firstThresholdDays: number | null;
  secondThresholdDays: number | null;
  target: RecipientPerson | null;
  targetActive: boolean;
  /** Null: the unit's active members in no department. */
  departmentId: string | null;
  departmentName: string | null;
  members: number;
  learners: number;
  managers: RecipientPerson[];
};

/**
 * Who the escalations of `type` would reach, for every business unit and each of its departments
 * (and a unit's members in no department), in one statement: the setting that applies to the unit
 * (its own, else the workspace's default, as the daily pass picks it), its person while an active
 * member, each department's active managers, and how many active members (and, with `courseId`,
 * unfinished learners of that course) each holds.
 */
export async function escalationReach(
  tx: Tx,
  workspaceId: string,
  type: string,
  courseId: string | null,
): Promise<EscalationReachRow[]> {
  const person = (a: string) =>
    sql.raw(`json_build_object('accountId', ${a}.id,
       'name', nullif(trim(coalesce(${a}.first_name, '') || ' ' || coalesce(${a}.last_name, '')), ''),
       'email', ${a}.email)`);
  return queryRows<EscalationReachRow>(
    tx,
    sql`with units as (
          select b.id as branch_id, b.name as branch_name, b.headquarter,
                 s.id as setting_id, s.branch_id as setting_branch_id, s.enabled,
                 s.first_threshold_days, s.second_threshold_days, s.target_id
            from branches b
            left join lateral (
              select x.* from escalation_settings x
               where x.workspace_id = b.workspace_id and x.escalation_type = ${type}
                 and (x.branch_id is null or x.branch_id = b.id)
               order by x.branch_id nulls last limit 1) s on true
           where b.workspace_id = ${workspaceId}
        ), places as (
          select d.branch_id, d.id as department_id, d.name as department_name
            from departments d where d.workspace_id = ${workspaceId}
          union all
          select b.id, null, null from branches b where b.workspace_id = ${workspaceId}
        ), counts as (
          select m.branch_id, m.department_id, count(distinct m.account_id)::int as members,
                 count(distinct e.account_id)::int as learners
            from memberships m
            left join enrolments e on ${courseId ? sql`e.course_id = ${courseId}::uuid` : sql`false`}
                 and e.workspace_id = m.workspace_id and e.account_id = m.account_id
                 and e.status = 'ACTIVE' and e.completed_at is null
           where m.workspace_id = ${workspaceId} and m.active
           group by m.branch_id, m.department_id
        ), managers as (
          select dm.department_id, json_agg(${person('a')} order by a.first_name, a.last_name, a.id) as managers
            from department_managers dm
            join accounts a on a.id = dm.account_id
           where dm.workspace_id = ${workspaceId}
             and exists (select 1 from memberships m where m.workspace_id = dm.workspace_id
                            and m.account_id = dm.account_id and m.active)
           group by dm.department_id
        )
        select u.branch_id as "branchId", u.branch_name as "branchName", u.setting_id as "settingId",
               u.setting_branch_id as "settingBranchId", u.enabled,
               u.first_threshold_days as "firstThresholdDays", u.second_threshold_days as "secondThresholdDays",
               case when t.id is null then null else ${person('t')} end as target,
               exists (select 1 from memberships tm where tm.workspace_id = ${workspaceId}
                          and tm.account_id = u.target_id and tm.active) as "targetActive",
               p.department_id as "departmentId", p.department_name as "departmentName",
               coalesce(c.members, 0) as members, coalesce(c.learners, 0) as learners,
               coalesce(mg.managers, '[]'::json) as managers
          from units u
          join places p on p.branch_id = u.branch_id
          left join counts c on c.branch_id = u.branch_id and c.department_id is not distinct from p.department_id
          left join managers mg on mg.department_id = p.department_id
          left join accounts t on t.id = u.target_id
         order by u.headquarter desc, u.branch_name, u.branch_id, p.department_id is null, p.department_name, p.department_id`,
  );
}
