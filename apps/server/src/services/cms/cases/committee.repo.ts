import { sql } from 'drizzle-orm';
import { queryRows, type Tx } from '../../../core/db/database.ts';

/*
 * SQL of the committee's side of complaint cases (committee.service.ts) and of the case clock
 * (clocks.ts). Lists read metadata only (no sealed column); row-level security keeps them to the
 * cases the caller has a live relationship to, and the join on the caller's own COMMITTEE access
 * row keeps them to the cases they sit on the committee of (index `case_access_account`, then the
 * case by its key). The clock reads and writes only through the SECURITY DEFINER functions of the
 * migration (`app_case_clock_*`), as a transaction that acts for no account.
 */

export type ListStatus = 'OPEN' | 'CLOSED' | 'ALL';

const statusFilter = (s: ListStatus) =>
  s === 'OPEN'
    ? sql`c.status = 'OPEN'`
    : s === 'CLOSED'
      ? sql`c.status in ('CLOSED', 'WITHDRAWN', 'TRANSFERRED')`
      : sql`c.status <> 'DRAFT'`;

export type CommitteeCaseRow = {
  id: string;
  reference: string | null;
  status: 'DRAFT' | 'OPEN' | 'CLOSED' | 'WITHDRAWN' | 'TRANSFERRED';
  jurisdiction: 'IN_POSH' | 'CA_SOR_2020_130';
  versionId: string;
  stageKey: string | null;
  filedAt: string | null;
  updatedAt: string;
  nextDueAt: string | null;
  nextStepKey: string | null;
  nextDueDate: string | null;
  nextReference: string | null;
  overdue: boolean;
};

/**
 * One page of the caller's committee cases: by next deadline (the overdue ones come first, being
 * the earliest), cases without a deadline last. Read along `cases_committee_due` (the committees
 * the caller sits on, the status, the next deadline), each case kept only when the caller has a
 * live COMMITTEE access row to it: a page of 20 stops after about 20 cases, however many the
 * workspace holds. The next step's row is looked up for the page's rows only.
 */
export function committeeCases(
  tx: Tx,
  workspaceId: string,
  accountId: string,
  committeeIds: string[],
  status: ListStatus,
  page: { limit: number; offset: number },
): Promise<CommitteeCaseRow[]> {
  if (committeeIds.length === 0) return Promise.resolve([]);
  return queryRows<CommitteeCaseRow>(
    tx,
    sql`select p.*, s.due_date::text as "nextDueDate", s.reference as "nextReference" from (
          select c.id, c.reference, c.status, c.jurisdiction, c.version_id as "versionId", c.stage_key as "stageKey",
                 c.filed_at as "filedAt", c.updated_at as "updatedAt", c.next_due_at as "nextDueAt",
                 c.next_step_key as "nextStepKey", coalesce(c.status = 'OPEN' and c.next_due_at < app_now(), false) as overdue
            from cases c
           where c.workspace_id = ${workspaceId}
             and ${
               // One committee (the usual case): an equality, so that the index gives the deadline order.
               committeeIds.length === 1
                 ? sql`c.committee_id = ${committeeIds[0]}`
                 : sql`c.committee_id = any(${`{${committeeIds.join(',')}}`}::uuid[])`
             }
             and ${statusFilter(status)}
             -- A scalar subquery (LIMIT 1), not EXISTS: kept as a per-row check, so that the cases are
             -- read in deadline order along the index and the page stops early (an EXISTS would be
             -- made a join driven by every access row of the caller).
             and coalesce((select true from case_access a
                            where a.workspace_id = c.workspace_id and a.account_id = ${accountId} and a.case_id = c.id
                              and a.relation = 'COMMITTEE' and a.revoked_at is null limit 1), false)
           order by c.next_due_at asc nulls last, c.id
           limit ${page.limit} offset ${page.offset}) p
        left join lateral (
          select st.due_date, st.reference from case_steps st
           where st.workspace_id = ${workspaceId} and st.case_id = p.id and st.step_key = p."nextStepKey"
             and st.status = 'ACTIVE'
           order by st.occurrence desc limit 1) s on true
        order by p."nextDueAt" asc nulls last, p.id`,
  );
}

/**
 * Counts of the caller's committee cases of `status`: per version and stage, and how many are
 * overdue (`app_committee_case_counts`: the caller's own access rows joined to their cases at once).
 */
export function committeeCounts(
  tx: Tx,
  status: ListStatus,
): Promise<
  Array<{ committeeId: string | null; versionId: string; stageKey: string | null; count: number; overdue: number }>
> {
  return queryRows(
    tx,
    sql`select committee_id as "committeeId", version_id as "versionId", stage_key as "stageKey", n::int as count, overdue::int as overdue
          from app_committee_case_counts(${status})`,
  );
}

/** Counts and statuses of the workspace's cases for administrators outside the committee (`app_case_counts`). */
export function caseCounts(
  tx: Tx,
): Promise<Array<{ status: string; stageKey: string | null; jurisdiction: string; overdue: boolean; count: number }>> {
  return queryRows(
    tx,
    sql`select status, stage_key as "stageKey", jurisdiction, coalesce(overdue, false) as overdue, n::int as count
          from app_case_counts() order by status, stage_key nulls first, jurisdiction, overdue`,
  );
}

/** Marks every open step of a case SKIPPED (a case closed), but those of `keep`. */
export async function skipOpenSteps(tx: Tx, workspaceId: string, caseId: string, keep: string[]): Promise<void> {
  await tx.execute(
    sql`update case_steps set status = 'SKIPPED'
         where workspace_id = ${workspaceId} and case_id = ${caseId} and status in ('WAITING', 'ON_REQUEST', 'ACTIVE')
           and not (id = any(${`{${keep.join(',')}}`}::uuid[]))`,
  );
}

/** Keeps a step open (ACTIVE) with a deadline: the appeal window after a closing. */
export async function keepStepOpen(
  tx: Tx,
  workspaceId: string,
  stepId: string,
  due: { dueAt: Date; dueDate: string; reference: string | null },
): Promise<void> {
  await tx.execute(
    sql`update case_steps set status = 'ACTIVE', started_at = coalesce(started_at, app_now()),
               due_at = ${due.dueAt.toISOString()}::timestamptz, due_date = ${due.dueDate}::date,
               reference = coalesce(${due.reference}, reference), reminders_sent = '{}', escalation_level = 0
         where workspace_id = ${workspaceId} and id = ${stepId}`,
  );
}

/** Whether an account is an active member of the workspace. */
export async function isActiveMember(tx: Tx, workspaceId: string, accountId: string): Promise<boolean> {
  const [r] = await queryRows<{ ok: boolean }>(
    tx,
    sql`select exists (select 1 from memberships where workspace_id = ${workspaceId} and account_id = ${accountId}
                         and active and deleted_at is null) as ok`,
  );
  return r?.ok ?? false;
}

/** Names of accounts of the workspace (the trail's actors, for the committee). */
export function names(tx: Tx, workspaceId: string, accountIds: string[]): Promise<Array<{ id: string; name: string }>> {
  if (accountIds.length === 0) return Promise.resolve([]);
  return queryRows(
    tx,
    sql`select a.id, trim(coalesce(a.first_name, '') || ' ' || coalesce(a.last_name, '')) as name
          from accounts a join memberships m on m.account_id = a.id and m.workspace_id = ${workspaceId}
         where a.id = any(${`{${accountIds.join(',')}}`}::uuid[])`,
  );
}

// --- the case clock (clocks.ts): through the app_case_clock_* functions only ----------------------

/** Whether the workspace has an active step with a deadline (a transaction acting for no one). */
export async function hasRunningClock(tx: Tx): Promise<boolean> {
  const [r] = await queryRows<{ yes: boolean }>(tx, sql`select app_case_clock_running() as yes`);
  return r?.yes === true;
}

export type ClockStep = {
  stepId: string;
  caseId: string;
  reference: string;
  branchId: string | null;
  versionId: string;
  caseStatus: 'OPEN' | 'CLOSED';
  stepKey: string;
  occurrence: number;
  dueAt: string;
  dueDate: string;
  remindersSent: number[];
  escalationLevel: number;
};

/** The workspace's active steps with a deadline within 90 days of `today` (or past), of open and closed cases. */
export function clockSteps(tx: Tx, today: string): Promise<ClockStep[]> {
  return queryRows<ClockStep>(
    tx,
    sql`select step_id as "stepId", case_id as "caseId", reference, branch_id as "branchId", version_id as "versionId",
               case_status as "caseStatus", step_key as "stepKey", occurrence, due_at as "dueAt", due_date::text as "dueDate",
               reminders_sent as "remindersSent", escalation_level as "escalationLevel"
          from app_case_clock_steps(${today}::date)`,
  );
}

/** Who has live access to a case: ids and relations. */
export function clockPeople(
  tx: Tx,
  caseId: string,
): Promise<Array<{ accountId: string; relation: string; participantRole: string | null }>> {
  return queryRows(
    tx,
    sql`select account_id as "accountId", relation, participant_role as "participantRole" from app_case_clock_people(${caseId})`,
  );
}

const yes = async (tx: Tx, q: ReturnType<typeof sql>) => (await queryRows<{ ok: boolean }>(tx, q))[0]?.ok === true;

/** Records the reminder `days` before a step's due date; true the first time. */
export const markReminder = (tx: Tx, stepId: string, days: number) =>
  yes(tx, sql`select app_case_clock_remind(${stepId}, ${days}) as ok`);

/** Records a step's escalation at `level`; true the first time. */
export const markEscalation = (tx: Tx, stepId: string, level: 1 | 2) =>
  yes(tx, sql`select app_case_clock_escalate(${stepId}, ${level}) as ok`);

/** Completes a repeating step's occurrence as the system and starts the next with `due`; true the first time. */
export const repeatStep = (tx: Tx, stepId: string, due: { dueAt: Date; dueDate: string; reference: string | null }) =>
  yes(
    tx,
    sql`select app_case_clock_repeat(${stepId}, ${due.dueAt.toISOString()}::timestamptz, ${due.dueDate}::date, ${due.reference}) as ok`,
  );

/** Marks the appeal windows of closed cases that ended before `today`; answers how many. */
export async function endAppealWindows(tx: Tx, today: string): Promise<number> {
  const [r] = await queryRows<{ n: number }>(tx, sql`select app_case_clock_appeal_ended(${today}::date) as n`);
  return r?.n ?? 0;
}

/** The workspace's CASE escalation setting for a business unit (its own, else the default); null: none. */
export async function caseEscalation(
  tx: Tx,
  workspaceId: string,
  branchId: string | null,
): Promise<{ enabled: boolean; firstDays: number; secondDays: number; targetId: string | null } | null> {
  const [r] = await queryRows<{ enabled: boolean; firstDays: number; secondDays: number; targetId: string | null }>(
    tx,
    sql`select enabled, first_threshold_days as "firstDays", second_threshold_days as "secondDays", target_id as "targetId"
          from escalation_settings
         where workspace_id = ${workspaceId} and escalation_type = 'CASE' and (branch_id is null or branch_id = ${branchId})
         order by branch_id nulls last limit 1`,
  );
  return r ?? null;
}

/** The workspace's host (for the links in notices sent by a job). */
export async function workspaceHost(tx: Tx, workspaceId: string): Promise<string> {
  const [r] = await queryRows<{ host: string }>(tx, sql`select host from workspaces where id = ${workspaceId}`);
  return r?.host ?? '';
}
