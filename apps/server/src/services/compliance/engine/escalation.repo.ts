import { sql } from 'drizzle-orm';
import { queryRows, type Tx } from '../../../core/db/database.ts';

/**
 * SQL of the register's escalations (issue 24): overdue occurrences past the thresholds of the
 * shared escalation settings (type COMPLIANCE: the unit's row, else the workspace's default, as
 * learning reads COURSE), and the people each level reaches.
 */

export type DueEscalation = { id: string; level: 1 | 2 };

/**
 * The occurrences owed an escalation on `today` (the workspace's date): overdue (OPEN or RETURNED,
 * due before today) for an answer that still applies, at least the first (second) threshold's days
 * after the due day by the setting that applies (enabled), and not yet escalated at that level.
 * A missed day still escalates at the next pass.
 */
export async function dueEscalations(tx: Tx, workspaceId: string, today: string): Promise<DueEscalation[]> {
  return queryRows<DueEscalation>(
    tx,
    sql`select b.id, l.level::int as level from (
          select o.id, o.due_date, o.escalation_1_at, o.escalation_2_at, esc.enabled,
                 esc.first_threshold_days as first_days, esc.second_threshold_days as second_days
            from obligation_occurrences o
            join obligation_answers a on a.id = o.answer_id
            join obligations ob on ob.id = o.obligation_id
            join lateral (
              select s.enabled, s.first_threshold_days, s.second_threshold_days from escalation_settings s
               where s.workspace_id = o.workspace_id and s.escalation_type = 'COMPLIANCE'
                 and (s.branch_id is null or s.branch_id = o.branch_id)
               order by s.branch_id nulls last limit 1) esc on true
           where o.workspace_id = ${workspaceId} and o.status in ('OPEN','RETURNED') and o.due_date < ${today}::date
             and a.applies and not a.not_applicable and ob.status = 'ACTIVE'
             and (o.escalation_1_at is null or o.escalation_2_at is null)
        ) b
        cross join (values (1), (2)) as l(level)
         where b.enabled
           and ((l.level = 1 and b.escalation_1_at is null and ${today}::date - b.due_date >= b.first_days)
             or (l.level = 2 and b.escalation_2_at is null and ${today}::date - b.due_date >= b.second_days))
         order by b.id, l.level`,
  );
}

export type EscalatedOccurrence = {
  id: string;
  branchId: string | null;
  unitName: string | null;
  dueDate: string;
  dueAt: Date | string;
  title: Record<string, string>;
  section: string;
  ownerId: string | null;
  reviewerId: string | null;
  targetId: string | null;
  host: string;
  timeZone: string;
};

/**
 * Marks the occurrence escalated at `level` (once: only while not yet, and while still overdue
 * and open) and answers what the mail needs; undefined when there is nothing to send.
 */
export async function markEscalated(
  tx: Tx,
  v: { workspaceId: string; occurrenceId: string; level: 1 | 2; today: string },
): Promise<EscalatedOccurrence | undefined> {
  const column = v.level === 1 ? sql`escalation_1_at` : sql`escalation_2_at`;
  const [row] = await queryRows<EscalatedOccurrence>(
    tx,
    sql`with marked as (
          update obligation_occurrences o set ${column} = app_now(), updated_at = app_now()
           where o.workspace_id = ${v.workspaceId} and o.id = ${v.occurrenceId} and o.${column} is null
             and o.status in ('OPEN','RETURNED') and o.due_date < ${v.today}::date
          returning o.id, o.answer_id, o.obligation_id, o.branch_id, o.due_date, o.due_at, o.workspace_id
        )
        select m.id, m.branch_id as "branchId", b.name as "unitName", to_char(m.due_date, 'YYYY-MM-DD') as "dueDate",
               m.due_at as "dueAt", ob.title, ob.section, a.owner_id as "ownerId", a.reviewer_id as "reviewerId",
               (select s.target_id from escalation_settings s
                 where s.workspace_id = m.workspace_id and s.escalation_type = 'COMPLIANCE'
                   and (s.branch_id is null or s.branch_id = m.branch_id)
                 order by s.branch_id nulls last limit 1) as "targetId",
               w.host, w.time_zone as "timeZone"
          from marked m
          join obligation_answers a on a.id = m.answer_id
          join obligations ob on ob.id = m.obligation_id
          join workspaces w on w.id = m.workspace_id
          left join branches b on b.workspace_id = m.workspace_id and b.id = m.branch_id`,
  );
  return row;
}

export type Recipient = { accountId: string; email: string | null; firstName: string | null; language: string | null };

/** Those of `accountIds` who are active members of the workspace, as recipients. */
export async function activeRecipients(tx: Tx, workspaceId: string, accountIds: string[]): Promise<Recipient[]> {
  if (accountIds.length === 0) return [];
  return queryRows<Recipient>(
    tx,
    sql`select distinct a.id as "accountId", a.email, a.first_name as "firstName", a.language
          from memberships m join accounts a on a.id = m.account_id
         where m.workspace_id = ${workspaceId} and m.active and m.deleted_at is null
           and m.account_id = any(${`{${accountIds.join(',')}}`}::uuid[])
         order by a.id`,
  );
}

/** The active members of the workspace whose role is one of `roles`, as recipients. */
export async function membersInRoles(tx: Tx, workspaceId: string, roles: string[]): Promise<Recipient[]> {
  if (roles.length === 0) return [];
  return queryRows<Recipient>(
    tx,
    sql`select distinct a.id as "accountId", a.email, a.first_name as "firstName", a.language
          from memberships m join accounts a on a.id = m.account_id
         where m.workspace_id = ${workspaceId} and m.active and m.deleted_at is null
           and m.role = any(${`{${roles.join(',')}}`}::text[])
         order by a.id`,
  );
}

/** The active workspaces with their zone (a daily pass fired without a zone takes every one). */
export async function activeWorkspaces(tx: Tx): Promise<Array<{ id: string; timeZone: string }>> {
  return queryRows<{ id: string; timeZone: string }>(
    tx,
    sql`select id, time_zone as "timeZone" from workspaces where active order by id`,
  );
}

/** The workspace's time zone (undefined: no such workspace). */
export async function zoneOf(tx: Tx, workspaceId: string): Promise<string | undefined> {
  const [row] = await queryRows<{ timeZone: string }>(
    tx,
    sql`select time_zone as "timeZone" from workspaces where id = ${workspaceId}`,
  );
  return row?.timeZone;
}
