import { sql } from 'drizzle-orm';
import { queryRows, type Tx } from '../../../core/db/database.ts';

/*
 * The case keys' tables (docs/cases-security.md §3): data keys (ids and scopes only), their wraps
 * per person, and the sessions' unlocked private keys. Bytes travel as hex (`decode`/`encode`), the
 * same on both engines. Row-level security shows a caller their own wraps and unlocks only.
 */

export type DataKeyScope = 'CASE' | 'COMMITTEE' | 'PARTICIPANT';
export type DataKeyRow = {
  id: string;
  scope: DataKeyScope;
  participantAccountId: string | null;
  version: number;
  retired: boolean;
};

export async function insertDataKey(
  tx: Tx,
  k: {
    id: string;
    workspaceId: string;
    caseId: string;
    scope: DataKeyScope;
    participantAccountId: string | null;
    version: number;
  },
): Promise<void> {
  await tx.execute(
    sql`insert into case_data_keys (id, workspace_id, case_id, scope, participant_account_id, version)
        values (${k.id}, ${k.workspaceId}, ${k.caseId}, ${k.scope}, ${k.participantAccountId}, ${k.version})`,
  );
}

/** The case's data keys (every version), as far as the caller's relationship shows them. */
export function dataKeys(tx: Tx, workspaceId: string, caseId: string): Promise<DataKeyRow[]> {
  return queryRows<DataKeyRow>(
    tx,
    sql`select id, scope, participant_account_id as "participantAccountId", version, retired_at is not null as retired
          from case_data_keys where workspace_id = ${workspaceId} and case_id = ${caseId}
         order by scope, participant_account_id nulls first, version`,
  );
}

/** Retires the live keys of a scope (a new version takes over for what is written next). */
export async function retireDataKeys(
  tx: Tx,
  workspaceId: string,
  caseId: string,
  scope: DataKeyScope,
  participantAccountId: string | null,
): Promise<void> {
  await tx.execute(
    sql`update case_data_keys set retired_at = app_now()
         where workspace_id = ${workspaceId} and case_id = ${caseId} and scope = ${scope}
           and participant_account_id is not distinct from ${participantAccountId} and retired_at is null`,
  );
}

export type WrapRow = { dataKeyId: string; wrapped: string; escrow: boolean };

/** The caller's own wraps of a case's keys. */
export function myWraps(tx: Tx, workspaceId: string, caseId: string, accountId: string): Promise<WrapRow[]> {
  return queryRows<WrapRow>(
    tx,
    sql`select data_key_id as "dataKeyId", encode(wrapped, 'hex') as wrapped, escrow
          from case_key_wraps where workspace_id = ${workspaceId} and case_id = ${caseId} and account_id = ${accountId}`,
  );
}

/** Every wrap of the caller's still held in escrow, across the workspace's cases (delivered at unlock). */
export function myEscrowWraps(
  tx: Tx,
  workspaceId: string,
  accountId: string,
): Promise<Array<WrapRow & { caseId: string }>> {
  return queryRows(
    tx,
    sql`select case_id as "caseId", data_key_id as "dataKeyId", encode(wrapped, 'hex') as wrapped, escrow
          from case_key_wraps where workspace_id = ${workspaceId} and account_id = ${accountId} and escrow`,
  );
}

/**
 * Adds a wrap. Plain INSERT (no ON CONFLICT, which would need the caller to see others' wraps):
 * callers add only the wraps `app_case_missing_wraps` names.
 */
export async function insertWrap(
  tx: Tx,
  w: { workspaceId: string; caseId: string; dataKeyId: string; accountId: string; wrapped: Buffer; escrow: boolean },
): Promise<void> {
  await tx.execute(
    sql`insert into case_key_wraps (workspace_id, case_id, data_key_id, account_id, wrapped, escrow)
        values (${w.workspaceId}, ${w.caseId}, ${w.dataKeyId}, ${w.accountId}, decode(${w.wrapped.toString('hex')}, 'hex'), ${w.escrow})`,
  );
}

/** Replaces the caller's escrow wrap with one to their own public key. */
export async function deliverWrap(tx: Tx, dataKeyId: string, accountId: string, wrapped: Buffer): Promise<void> {
  await tx.execute(
    sql`update case_key_wraps set wrapped = decode(${wrapped.toString('hex')}, 'hex'), escrow = false
         where data_key_id = ${dataKeyId} and account_id = ${accountId} and escrow`,
  );
}

/**
 * Deletes a person's wraps of a case (their access ended): the committee's act, through
 * `app_case_drop_wraps` — the wraps' SELECT policy shows each person only their own, so a plain
 * DELETE of another's wrap would match no row.
 */
export async function deleteWraps(tx: Tx, _workspaceId: string, caseId: string, accountId: string): Promise<number> {
  const [r] = await queryRows<{ n: number }>(tx, sql`select app_case_drop_wraps(${caseId}, ${accountId}) as n`);
  return r?.n ?? 0;
}

/** Deletes the caller's own wraps everywhere in the workspace (their keypair was replaced). */
export async function deleteMyWraps(tx: Tx, workspaceId: string, accountId: string): Promise<void> {
  await tx.execute(sql`delete from case_key_wraps where workspace_id = ${workspaceId} and account_id = ${accountId}`);
}

/**
 * Wraps missing for people with live access (ids only), through `app_case_missing_wraps`: a member
 * assigned after a key was made gets it from the next member who opens the case.
 */
export function missingWraps(tx: Tx, caseId: string): Promise<Array<{ accountId: string; dataKeyId: string }>> {
  return queryRows(
    tx,
    sql`select account_id as "accountId", data_key_id as "dataKeyId" from app_case_missing_wraps(${caseId})`,
  );
}

// --- the sessions' unlocked keys ------------------------------------------------------------------

export async function upsertUnlock(
  tx: Tx,
  u: { sessionId: string; workspaceId: string; accountId: string; sealed: Buffer },
): Promise<void> {
  await tx.execute(
    sql`insert into case_unlocks (session_id, workspace_id, account_id, sealed_private_key)
        values (${u.sessionId}, ${u.workspaceId}, ${u.accountId}, decode(${u.sealed.toString('hex')}, 'hex'))
        on conflict (session_id, workspace_id) do update set sealed_private_key = excluded.sealed_private_key,
          account_id = excluded.account_id, created_at = app_now()`,
  );
}

export async function findUnlock(tx: Tx, sessionId: string, workspaceId: string): Promise<string | null> {
  const [r] = await queryRows<{ sealed: string }>(
    tx,
    sql`select encode(sealed_private_key, 'hex') as sealed from case_unlocks
         where session_id = ${sessionId} and workspace_id = ${workspaceId}`,
  );
  return r?.sealed ?? null;
}

export async function deleteUnlock(tx: Tx, sessionId: string, workspaceId: string): Promise<void> {
  await tx.execute(sql`delete from case_unlocks where session_id = ${sessionId} and workspace_id = ${workspaceId}`);
}

/** The account's password hash (to check that the secret setting up a PASSWORD keystore is their password). */
export async function passwordHashOf(tx: Tx, accountId: string): Promise<string | null> {
  const [r] = await queryRows<{ passwordHash: string | null }>(
    tx,
    sql`select password_hash as "passwordHash" from accounts where id = ${accountId}`,
  );
  return r?.passwordHash ?? null;
}

/** Public keys of people in the workspace (null for one without a keypair yet). */
export function publicKeys(
  tx: Tx,
  workspaceId: string,
  accountIds: string[],
): Promise<Array<{ accountId: string; publicKey: string }>> {
  if (accountIds.length === 0) return Promise.resolve([]);
  return queryRows(
    tx,
    sql`select account_id as "accountId", encode(public_key, 'hex') as "publicKey" from member_keys
         where workspace_id = ${workspaceId} and account_id = any(${`{${accountIds.join(',')}}`}::uuid[])`,
  );
}
