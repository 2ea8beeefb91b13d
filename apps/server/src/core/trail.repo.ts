import { sql } from 'drizzle-orm';
import { queryRows, type Tx } from './db/database.ts';

/** An entry as stored, with its time as ISO-8601 (UTC, milliseconds) and hashes in hex. */
export type TrailRow = {
  seq: number;
  occurredAt: string;
  actorAccountId: string | null;
  action: string;
  targetType: string | null;
  targetId: string | null;
  traceId: string | null;
  prevHash: string;
  rowHash: string;
};

/** The same text on both engines: the instant in UTC with milliseconds. */
const iso = (column: ReturnType<typeof sql.raw>) =>
  sql`to_char(${column} at time zone 'UTC', 'YYYY-MM-DD"T"HH24:MI:SS.MS"Z"')`;

/**
 * Creates the chain's head if it is new and locks it for the rest of the transaction: a second
 * append to the same chain waits here until the first commits. Answers the head and the time the
 * entry takes (the clock's, to the millisecond).
 */
export async function lockHead(
  tx: Tx,
  workspaceId: string,
  chainId: string,
): Promise<{ seq: number; headHash: string; now: string }> {
  await tx.execute(
    sql`insert into trail_heads (workspace_id, chain_id, seq, head_hash)
        values (${workspaceId}, ${chainId}, 0, decode(repeat('00', 32), 'hex'))
        on conflict do nothing`,
  );
  const [head] = await queryRows<{ seq: number; headHash: string; now: string }>(
    tx,
    sql`select seq::int as seq, encode(head_hash, 'hex') as "headHash",
               ${iso(sql.raw(`date_trunc('milliseconds', app_now())`))} as now
          from trail_heads where workspace_id = ${workspaceId} and chain_id = ${chainId} for update`,
  );
  if (!head) throw new Error('The trail head could not be locked');
  return head;
}

/** Inserts one entry and moves the chain's head to it. */
export async function insertEntry(tx: Tx, workspaceId: string, chainId: string, row: TrailRow): Promise<void> {
  await tx.execute(
    sql`insert into trail_entries (workspace_id, chain_id, seq, occurred_at, actor_account_id, action, target_type,
                                   target_id, trace_id, prev_hash, row_hash)
        values (${workspaceId}, ${chainId}, ${row.seq}, ${row.occurredAt}::timestamptz, ${row.actorAccountId},
                ${row.action}, ${row.targetType}, ${row.targetId}, ${row.traceId},
                decode(${row.prevHash}, 'hex'), decode(${row.rowHash}, 'hex'))`,
  );
  await tx.execute(
    sql`update trail_heads set seq = ${row.seq}, head_hash = decode(${row.rowHash}, 'hex')
         where workspace_id = ${workspaceId} and chain_id = ${chainId}`,
  );
}

/** Every entry of a chain, in order. */
export function chainEntries(tx: Tx, workspaceId: string, chainId: string): Promise<TrailRow[]> {
  return queryRows<TrailRow>(
    tx,
    sql`select seq::int as seq, ${iso(sql.raw('occurred_at'))} as "occurredAt",
               actor_account_id as "actorAccountId", action, target_type as "targetType",
               target_id as "targetId", trace_id as "traceId",
               encode(prev_hash, 'hex') as "prevHash", encode(row_hash, 'hex') as "rowHash"
          from trail_entries where workspace_id = ${workspaceId} and chain_id = ${chainId}
         order by seq`,
  );
}

/** The chain's head, if it has one. */
export async function findHead(
  tx: Tx,
  workspaceId: string,
  chainId: string,
): Promise<{ seq: number; headHash: string } | undefined> {
  const [head] = await queryRows<{ seq: number; headHash: string }>(
    tx,
    sql`select seq::int as seq, encode(head_hash, 'hex') as "headHash"
          from trail_heads where workspace_id = ${workspaceId} and chain_id = ${chainId}`,
  );
  return head;
}
