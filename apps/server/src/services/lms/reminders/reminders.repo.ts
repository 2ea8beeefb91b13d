import { sql } from 'drizzle-orm';
import type { Tx } from '../../../core/db/database.ts';
import { queryRows } from '../../../core/db/database.ts';
import { DEFAULT_ASSIGNMENT_SETTINGS } from '../enrolments/settings.repo.ts';
import type { CourseNoticeKind } from '../queues.ts';

/** SQL of course reminders and escalation (issue 14; docs/learning-design.md §7). */

const uuidArray = (ids: string[]) => `{${ids.join(',')}}`;

// The daily pass

/** The active workspaces (of `zone`, or all) with their zones (the platform path: every workspace). */
export function activeWorkspaces(tx: Tx, zone?: string) {
  return queryRows<{ id: string; timeZone: string }>(
    tx,
    sql`select id, time_zone as "timeZone" from workspaces where active
        ${zone ? sql`and time_zone = ${zone}` : sql``} order by id`,
  );
}

// The notice handler

export type NoticeEnrolment = {
  id: string;
  workspaceId: string;
  courseId: string;
  courseVersionId: string;
  accountId: string;
  status: string;
  cycle: number;
  dueAt: Date | null;
  completedAt: Date | null;
  expiresAt: Date | null;
  branchId: string | null;
  departmentId: string | null;
  memberActive: boolean;
  email: string | null;
  firstName: string | null;
  lastName: string | null;
  language: string | null;
  timeZone: string;
  host: string;
  remindersEnabled: boolean;
};

/** The enrolment a notice is about, with its learner and workspace (row-level security: this workspace's). */
export async function findNoticeEnrolment(tx: Tx, enrolmentId: string): Promise<NoticeEnrolment | undefined> {
  const [row] = await queryRows<NoticeEnrolment>(
    tx,
    sql`select e.id, e.workspace_id as "workspaceId", e.course_id as "courseId", e.course_version_id as "courseVersionId",
               e.account_id as "accountId", e.status, e.cycle, e.due_at as "dueAt", e.completed_at as "completedAt",
               e.expires_at as "expiresAt", m.branch_id as "branchId", m.department_id as "departmentId",
               coalesce(m.active, false) as "memberActive", a.email, a.first_name as "firstName",
               a.last_name as "lastName", a.language, w.time_zone as "timeZone", w.host,
               coalesce(s.reminders_enabled, true) as "remindersEnabled"
          from enrolments e
          join workspaces w on w.id = e.workspace_id
          left join memberships m on m.workspace_id = e.workspace_id and m.account_id = e.account_id
          left join accounts a on a.id = e.account_id
          left join course_assignment_settings s on s.workspace_id = e.workspace_id and s.course_id = e.course_id
         where e.id = ${enrolmentId}`,
  );
  if (!row) return undefined;
  return {
    ...row,
    dueAt: row.dueAt ? new Date(row.dueAt) : null,
    completedAt: row.completedAt ? new Date(row.completedAt) : null,
    expiresAt: row.expiresAt ? new Date(row.expiresAt) : null,
  };
}

/** The course's title in each language of the enrolment's version, and the primary one's under `''`. */
export async function courseTitles(tx: Tx, versionId: string): Promise<Map<string, string>> {
  const rows = await queryRows<{ language: string; title: string; primary: boolean }>(
    tx,
    sql`select t.language, t.body ->> 'title' as title, t.language = v.primary_language as primary
          from course_versions v
          join course_texts t on t.course_version_id = v.id and t.entity_id = v.id
         where v.id = ${versionId}`,
  );
  const map = new Map<string, string>();
  for (const r of rows) {
    if (!r.title) continue;
    map.set(r.language, r.title);
    if (r.primary) map.set('', r.title);
  }
  return map;
}

export type Recipient = {
  accountId: string;
  email: string | null;
  firstName: string | null;
  language: string | null;
};

/** The active managers of a department (first escalation). */
export async function departmentManagers(tx: Tx, workspaceId: string, departmentId: string): Promise<Recipient[]> {
  return queryRows<Recipient>(
    tx,
    sql`select distinct a.id as "accountId", a.email, a.first_name as "firstName", a.language
          from department_managers dm
          join memberships m on m.workspace_id = dm.workspace_id and m.account_id = dm.account_id and m.active
          join accounts a on a.id = dm.account_id
         where dm.workspace_id = ${workspaceId} and dm.department_id = ${departmentId}
         order by a.id`,
  );
}

/** An active member of the workspace, as a recipient (undefined: not one). */
export async function activeMember(tx: Tx, workspaceId: string, accountId: string): Promise<Recipient | undefined> {
  const [row] = await queryRows<Recipient>(
    tx,
    sql`select a.id as "accountId", a.email, a.first_name as "firstName", a.language
          from memberships m join accounts a on a.id = m.account_id
         where m.workspace_id = ${workspaceId} and m.account_id = ${accountId} and m.active`,
  );
  return row;
}

export type EffectiveEscalation = {
  id: string;
  enabled: boolean;
  firstThresholdDays: number;
  secondThresholdDays: number;
  targetId: string | null;
};

/** The escalation setting that applies to a learner of `branchId`: the unit's own row, else the workspace's default. */
export async function effectiveEscalation(
  tx: Tx,
  workspaceId: string,
  branchId: string | null,
  type = 'COURSE',
): Promise<EffectiveEscalation | undefined> {
  const [row] = await queryRows<EffectiveEscalation>(
    tx,
    sql`select id, enabled, first_threshold_days as "firstThresholdDays", second_threshold_days as "secondThresholdDays",
               target_id as "targetId"
          from escalation_settings
         where workspace_id = ${workspaceId} and escalation_type = ${type}
           and (branch_id is null or branch_id = ${branchId})
         order by branch_id nulls last limit 1`,
  );
  return row;
}

/** Whether the enrolment's cycle already had a notice of `kind` (any day). */
export async function hadNotice(tx: Tx, enrolmentId: string, cycle: number, kind: CourseNoticeKind): Promise<boolean> {
  const [row] = await queryRows<{ n: number }>(
    tx,
    sql`select count(*)::int as n from course_reminders where enrolment_id = ${enrolmentId} and cycle = ${cycle} and kind = ${kind}`,
  );
  return (row?.n ?? 0) > 0;
}

/** Writes the reminder log's row; false when (enrolment, cycle, kind, day) is there already (nothing to send). */
export async function insertReminder(
  tx: Tx,
  v: {
    workspaceId: string;
    enrolmentId: string;
    cycle: number;
    kind: CourseNoticeKind;
    day: string;
    recipients: number;
    sentBy: string | null;
  },
): Promise<boolean> {
  const rows = await queryRows<{ id: string }>(
    tx,
    sql`insert into course_reminders (workspace_id, enrolment_id, cycle, kind, day, recipients, sent_by)
        values (${v.workspaceId}, ${v.enrolmentId}, ${v.cycle}, ${v.kind}, ${v.day}::date, ${v.recipients}, ${v.sentBy})
        on conflict (enrolment_id, cycle, kind, day) do nothing
        returning id`,
  );
  return rows.length > 0;
}

export async function markReminded(tx: Tx, enrolmentId: string): Promise<void> {
  await tx.execute(sql`update enrolments set last_reminded_at = app_now() where id = ${enrolmentId}`);
}

// Send now

export type OpenEnrolment = { id: string; accountId: string; cycle: number; remindedToday: boolean };

/**
 * The course's active, unfinished enrolments of active members (all, or those of `accountIds`),
 * and whether each already had a MANUAL reminder on `day`.
 */
export async function openEnrolments(
  tx: Tx,
  workspaceId: string,
  courseId: string,
  day: string,
  accountIds?: string[],
): Promise<OpenEnrolment[]> {
  return queryRows<OpenEnrolment>(
    tx,
    sql`select e.id, e.account_id as "accountId", e.cycle,
               exists (select 1 from course_reminders r where r.enrolment_id = e.id and r.cycle = e.cycle
                        and r.kind = 'MANUAL' and r.day = ${day}::date) as "remindedToday"
          from enrolments e
          join memberships m on m.workspace_id = e.workspace_id and m.account_id = e.account_id and m.active
         where e.workspace_id = ${workspaceId} and e.course_id = ${courseId} and e.status = 'ACTIVE'
           and e.completed_at is null
           ${accountIds ? sql`and e.account_id = any(${uuidArray(accountIds)}::uuid[])` : sql``}
         order by e.id`,
  );
}

// Settings

export type ReminderSettingsRow = {
  remindersEnabled: boolean;
  remindBeforeDays: number;
  remindAfterEveryDays: number;
  expiryNoticeDays: number;
};

/** Upserts the reminder columns of the course's settings row (the other columns keep their values or defaults). */
export async function upsertReminderSettings(
  tx: Tx,
  v: { workspaceId: string; courseId: string; actor: string } & Partial<ReminderSettingsRow>,
): Promise<void> {
  const d = DEFAULT_ASSIGNMENT_SETTINGS;
  const sets = [
    v.remindersEnabled !== undefined ? sql`reminders_enabled = excluded.reminders_enabled` : null,
    v.remindBeforeDays !== undefined ? sql`remind_before_days = excluded.remind_before_days` : null,
    v.remindAfterEveryDays !== undefined ? sql`remind_after_every_days = excluded.remind_after_every_days` : null,
    v.expiryNoticeDays !== undefined ? sql`expiry_notice_days = excluded.expiry_notice_days` : null,
  ].filter((s) => s !== null);
  await tx.execute(
    sql`insert into course_assignment_settings (workspace_id, course_id, reminders_enabled, remind_before_days,
                                                remind_after_every_days, expiry_notice_days, updated_by)
        values (${v.workspaceId}, ${v.courseId}, ${v.remindersEnabled ?? d.remindersEnabled},
                ${v.remindBeforeDays ?? d.remindBeforeDays}, ${v.remindAfterEveryDays ?? d.remindAfterEveryDays},
                ${v.expiryNoticeDays ?? d.expiryNoticeDays}, ${v.actor})
        on conflict (workspace_id, course_id) do update
          set ${sql.join(sets, sql`, `)}, updated_by = excluded.updated_by, updated_at = app_now()`,
  );
}

// The daily pass

export type PassRow = {
  id: string;
  cycle: number;
  beforeDue: boolean;
  afterDue: boolean;
  escalation1: boolean;
  escalation2: boolean;
  expiry: boolean;
};

/**
 * One batch (after enrolment `after`, by id) of the workspace's active enrolments that are owed a
 * notice on `today` (a date in the workspace's zone `zone`):
 * - BEFORE_DUE: unfinished, due exactly `remind_before_days` (> 0) days from today, reminders on;
 * - AFTER_DUE: unfinished, today is a positive multiple of `remind_after_every_days` after the due day, reminders on;
 * - ESCALATION_1 / _2: unfinished, at least the first / second threshold days after the due day, by
 *   the escalation setting that applies (the unit's, else the default; enabled), not yet sent this cycle;
 * - EXPIRY_NOTICE: completed with an expiry exactly `expiry_notice_days` (> 0) days away, reminders on.
 * Only learners who are still active members.
 */
export async function passBatch(
  tx: Tx,
  v: { workspaceId: string; zone: string; today: string; after: string; limit: number },
): Promise<PassRow[]> {
  const d = DEFAULT_ASSIGNMENT_SETTINGS;
  return queryRows<PassRow>(
    tx,
    sql`with base as (
          select e.id, e.cycle, e.completed_at is null as open,
                 (e.due_at at time zone ${v.zone})::date as due_day,
                 (e.expires_at at time zone ${v.zone})::date as expiry_day,
                 coalesce(s.reminders_enabled, ${d.remindersEnabled}) as on_,
                 coalesce(s.remind_before_days, ${d.remindBeforeDays}) as before_days,
                 coalesce(s.remind_after_every_days, ${d.remindAfterEveryDays}) as every_days,
                 coalesce(s.expiry_notice_days, ${d.expiryNoticeDays}) as expiry_days,
                 esc.enabled as esc_on, esc.first_threshold_days as first_days, esc.second_threshold_days as second_days
            from enrolments e
            join memberships m on m.workspace_id = e.workspace_id and m.account_id = e.account_id and m.active
            left join course_assignment_settings s on s.workspace_id = e.workspace_id and s.course_id = e.course_id
            left join lateral (
              select x.enabled, x.first_threshold_days, x.second_threshold_days from escalation_settings x
               where x.workspace_id = e.workspace_id and x.escalation_type = 'COURSE'
                 and (x.branch_id is null or x.branch_id = m.branch_id)
               order by x.branch_id nulls last limit 1) esc on true
           where e.workspace_id = ${v.workspaceId} and e.status = 'ACTIVE' and e.id > ${v.after}::uuid
             and (e.due_at is not null or e.expires_at is not null)
        ), flags as (
          select b.id, b.cycle,
                 coalesce(b.open and b.on_ and b.before_days > 0 and b.due_day - b.before_days = ${v.today}::date, false) as "beforeDue",
                 coalesce(b.open and b.on_ and b.due_day < ${v.today}::date
                          and (${v.today}::date - b.due_day) % b.every_days = 0, false) as "afterDue",
                 coalesce(b.open and b.esc_on and ${v.today}::date - b.due_day >= b.first_days
                          and not exists (select 1 from course_reminders r where r.enrolment_id = b.id and r.cycle = b.cycle
                                            and r.kind = 'ESCALATION_1'), false) as escalation1,
                 coalesce(b.open and b.esc_on and ${v.today}::date - b.due_day >= b.second_days
                          and not exists (select 1 from course_reminders r where r.enrolment_id = b.id and r.cycle = b.cycle
                                            and r.kind = 'ESCALATION_2'), false) as escalation2,
                 coalesce(not b.open and b.on_ and b.expiry_days > 0
                          and b.expiry_day - b.expiry_days = ${v.today}::date, false) as expiry
            from base b
        )
        select * from flags
         where "beforeDue" or "afterDue" or escalation1 or escalation2 or expiry
         order by id limit ${v.limit}`,
  );
}

/** The last enrolment id of the workspace's batch scan: the pass pages through ids after it. */
export const FIRST_ID = '00000000-0000-0000-0000-000000000000';
