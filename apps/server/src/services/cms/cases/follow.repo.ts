import { sql } from 'drizzle-orm';
import { queryRows, type Tx } from '../../../core/db/database.ts';

/*
 * SQL of following a case (the view, messages, a party's own acts). Row-level security shows the
 * caller only what their relationship allows; the three `app_case_*` functions (migration `cases`,
 * "follow") do the few things a party may do beyond it, for their own case only.
 */

export type MeetingRow = {
  id: string;
  stepId: string;
  itemId: string;
  startsAt: string;
  endsAt: string;
  status: 'SCHEDULED' | 'HELD' | 'CANCELLED';
  guestAccountIds: string[];
  sequence: number;
  updatedAt: string;
};

const MEETING_COLUMNS = sql`id, step_id as "stepId", item_id as "itemId", starts_at as "startsAt", ends_at as "endsAt",
  status, guest_account_ids as "guestAccountIds", sequence, updated_at as "updatedAt"`;

/** The meetings of a case the caller may read (RLS: the committee, and the guests of each). */
export function meetings(tx: Tx, workspaceId: string, caseId: string): Promise<MeetingRow[]> {
  return queryRows<MeetingRow>(
    tx,
    sql`select ${MEETING_COLUMNS} from case_meetings where workspace_id = ${workspaceId} and case_id = ${caseId}
        order by starts_at, id`,
  );
}

export async function meeting(
  tx: Tx,
  workspaceId: string,
  caseId: string,
  meetingId: string,
): Promise<MeetingRow | null> {
  const [r] = await queryRows<MeetingRow>(
    tx,
    sql`select ${MEETING_COLUMNS} from case_meetings where workspace_id = ${workspaceId} and case_id = ${caseId}
          and id = ${meetingId}`,
  );
  return r ?? null;
}

/** The head of the case's trail (its committee reads it: RLS on trail_entries; the head is the workspace's). */
export async function trailHead(
  tx: Tx,
  workspaceId: string,
  caseId: string,
): Promise<{ seq: number; hash: string } | null> {
  const [r] = await queryRows<{ seq: string | number; hash: string }>(
    tx,
    sql`select seq, encode(head_hash, 'hex') as hash from trail_heads where workspace_id = ${workspaceId} and chain_id = ${caseId}`,
  );
  return r ? { seq: Number(r.seq), hash: r.hash } : null;
}

/** The committee members with live access to a case (ids only), for a party's notice. */
export async function committeeOf(tx: Tx, caseId: string): Promise<string[]> {
  const rows = await queryRows<{ accountId: string }>(
    tx,
    sql`select account_id as "accountId" from app_case_committee_of(${caseId}::uuid)`,
  );
  return rows.map((r) => r.accountId);
}

/** The complainant withdraws (her own open case): answers the new revision, null when refused. */
export async function withdraw(tx: Tx, caseId: string): Promise<number | null> {
  const [r] = await queryRows<{ revision: number | null }>(
    tx,
    sql`select app_case_withdraw(${caseId}::uuid) as revision`,
  );
  return r?.revision ?? null;
}

/** A party's request for an ON_REQUEST step (see the function in the migration). */
export async function requestStep(
  tx: Tx,
  r: { caseId: string; stepId: string; both: boolean; ready: boolean; stageKey: string | null },
): Promise<'ACTIVE' | 'WAITING' | 'PENDING' | 'STARTED' | null> {
  const [row] = await queryRows<{ outcome: 'ACTIVE' | 'WAITING' | 'PENDING' | 'STARTED' | null }>(
    tx,
    sql`select app_case_request_step(${r.caseId}::uuid, ${r.stepId}::uuid, ${r.both}, ${r.ready}, ${r.stageKey}) as outcome`,
  );
  return row?.outcome ?? null;
}
