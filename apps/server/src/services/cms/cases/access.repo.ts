import { sql } from 'drizzle-orm';
import { queryRows, type Tx } from '../../../core/db/database.ts';
import type { DataKeyScope } from './keys.repo.ts';

/*
 * SQL of a case's members over time (issue 26): conflicts cleared, and the job path of member
 * lifecycle. A job acts for no account, so row-level security shows it no case row: it goes through
 * the `app_case_job_*` functions of the migration (SECURITY DEFINER, owned by compliance_case_clock,
 * refused to a signed-in account), which answer ids, roles and statuses only.
 */

/** Marks a conflict cleared (the committee's act; RLS: committee only). Answers whether it was open. */
export async function clearConflict(
  tx: Tx,
  workspaceId: string,
  caseId: string,
  conflictId: string,
  clearedBy: string,
): Promise<boolean> {
  const rows = await queryRows<{ id: string }>(
    tx,
    sql`update case_conflicts set cleared_at = app_now(), cleared_by = ${clearedBy}
         where workspace_id = ${workspaceId} and case_id = ${caseId} and id = ${conflictId} and cleared_at is null
        returning id`,
  );
  return rows.length > 0;
}

/** Sets a committee member's role on their live access row (their role on the committee changed). */
export async function setMemberRole(
  tx: Tx,
  workspaceId: string,
  caseId: string,
  accountId: string,
  memberRole: string,
): Promise<void> {
  await tx.execute(
    sql`update case_access set member_role = ${memberRole}
         where workspace_id = ${workspaceId} and case_id = ${caseId} and account_id = ${accountId}
           and relation = 'COMMITTEE' and revoked_at is null and member_role is distinct from ${memberRole}`,
  );
}

/** The workspace's host (the links of mail sent from a job). */
export async function workspaceHost(tx: Tx, workspaceId: string): Promise<string> {
  const [r] = await queryRows<{ host: string }>(tx, sql`select host from workspaces where id = ${workspaceId}`);
  return r?.host ?? '';
}

/** Active members of the workspace with a mail address and their role (to find who holds a permission). */
export function activePeople(
  tx: Tx,
  workspaceId: string,
): Promise<
  Array<{ accountId: string; role: string; email: string; firstName: string | null; language: string | null }>
> {
  return queryRows(
    tx,
    sql`select a.id as "accountId", m.role, a.email, a.first_name as "firstName", a.language
          from memberships m join accounts a on a.id = m.account_id
         where m.workspace_id = ${workspaceId} and m.active and m.deleted_at is null and a.email is not null
         order by a.id`,
  );
}

/** A committee's name (for the content-free notice that it needs a member). */
export async function committeeName(tx: Tx, workspaceId: string, committeeId: string): Promise<string | null> {
  const [r] = await queryRows<{ name: string }>(
    tx,
    sql`select name from committees where workspace_id = ${workspaceId} and id = ${committeeId}`,
  );
  return r?.name ?? null;
}

// --- the job path (no account: through the app_case_job_* functions) ------------------------------

export type JobCase = { caseId: string; jurisdiction: 'IN_POSH' | 'CA_SOR_2020_130'; committeeId: string | null };

/** Locks a case's row for a job's change and answers its committee and status as they are now. */
export async function jobLockCase(tx: Tx, caseId: string): Promise<(JobCase & { status: string }) | null> {
  const [r] = await queryRows<JobCase & { status: string }>(
    tx,
    sql`select case_id as "caseId", jurisdiction, committee_id as "committeeId", status from app_case_job_lock(${caseId}::uuid)`,
  );
  return r ?? null;
}

/** Open cases a person is related to (access, complainant, party), or that a committee handles. */
export function jobCases(tx: Tx, by: { accountId?: string; committeeId?: string }): Promise<JobCase[]> {
  return queryRows<JobCase>(
    tx,
    sql`select case_id as "caseId", jurisdiction, committee_id as "committeeId"
          from app_case_job_cases(${by.accountId ?? null}::uuid, ${by.committeeId ?? null}::uuid)`,
  );
}

export type JobPerson = {
  accountId: string | null;
  kind: 'COMPLAINANT' | 'COMMITTEE' | 'PARTICIPANT' | 'PARTY' | 'CONFLICT' | 'SCOPE';
  role: string | null;
  live: boolean;
};

/** A case's access rows, parties, conflicts and data-key scopes (ids and codes). */
export function jobPeople(tx: Tx, caseId: string): Promise<JobPerson[]> {
  return queryRows<JobPerson>(
    tx,
    sql`select account_id as "accountId", kind, role, live from app_case_job_people(${caseId}::uuid)`,
  );
}

export async function jobRevoke(
  tx: Tx,
  caseId: string,
  accountId: string,
  relations: Array<'COMMITTEE' | 'PARTICIPANT'>,
): Promise<boolean> {
  const [r] = await queryRows<{ done: boolean }>(
    tx,
    sql`select app_case_job_revoke(${caseId}::uuid, ${accountId}::uuid, ${`{${relations.join(',')}}`}::text[]) as done`,
  );
  return r?.done ?? false;
}

export async function jobGrant(tx: Tx, caseId: string, accountId: string, memberRole: string): Promise<boolean> {
  const [r] = await queryRows<{ done: boolean }>(
    tx,
    sql`select app_case_job_grant(${caseId}::uuid, ${accountId}::uuid, ${memberRole}) as done`,
  );
  return r?.done ?? false;
}

export async function jobNewKey(
  tx: Tx,
  caseId: string,
  scope: DataKeyScope,
  participantAccountId: string | null,
): Promise<{ id: string; version: number }> {
  const [r] = await queryRows<{ id: string; version: number }>(
    tx,
    sql`select id, version from app_case_job_new_key(${caseId}::uuid, ${scope}, ${participantAccountId}::uuid)`,
  );
  return r!;
}

export async function jobWrap(
  tx: Tx,
  w: { caseId: string; dataKeyId: string; accountId: string; wrapped: Buffer; escrow: boolean },
): Promise<boolean> {
  const [r] = await queryRows<{ done: boolean }>(
    tx,
    sql`select app_case_job_wrap(${w.caseId}::uuid, ${w.dataKeyId}::uuid, ${w.accountId}::uuid,
                                 decode(${w.wrapped.toString('hex')}, 'hex'), ${w.escrow}) as done`,
  );
  return r?.done ?? false;
}

export async function jobConflict(
  tx: Tx,
  caseId: string,
  accountId: string,
  reason: 'PARTY' | 'MANAGER_OF_PARTY',
): Promise<string | null> {
  const [r] = await queryRows<{ id: string | null }>(
    tx,
    sql`select app_case_job_conflict(${caseId}::uuid, ${accountId}::uuid, ${reason}) as id`,
  );
  return r?.id ?? null;
}
