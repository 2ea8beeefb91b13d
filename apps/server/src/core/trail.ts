import { createHash } from 'node:crypto';
import type { Tx } from './db/database.ts';
import * as repo from './trail.repo.ts';

/**
 * The insert-only, hash-chained trail (issue 22 §6, docs/cases-security.md §5): one chain per
 * case (`chainId` is the case's id), ids only. `appendTrail` runs in the transaction that reads or
 * changes what it records, so the entry lands with it or not at all; `verifyTrail` recomputes the
 * chain and names the first entry that does not hold.
 */

/** What one entry records: who did what to which record, and the request's trace id. Ids only. */
export type TrailEntry = {
  chainId: string;
  actorAccountId: string | null;
  /** A catalogued code, e.g. `case.read`, `case.document.opened` (lower case, dots and underscores). */
  action: string;
  targetType?: string | null;
  targetId?: string | null;
  traceId?: string | null;
};

const ZERO_HASH = '00'.repeat(32);

/**
 * SHA-256 over the canonical encoding of an entry: a JSON array of a version tag and the fields in
 * a fixed order (ids lower case, the time in ISO-8601 UTC with milliseconds, the previous hash in
 * hex). `JSON.stringify` of an array of strings, numbers and nulls has one form, so the encoding is.
 */
export function trailHash(workspaceId: string, chainId: string, row: Omit<repo.TrailRow, 'rowHash'>): string {
  const lower = (v: string | null) => (v === null ? null : v.toLowerCase());
  const canonical = JSON.stringify([
    'trail.v1',
    workspaceId.toLowerCase(),
    chainId.toLowerCase(),
    row.seq,
    row.occurredAt,
    lower(row.actorAccountId),
    row.action,
    row.targetType,
    lower(row.targetId),
    row.traceId,
    row.prevHash,
  ]);
  return createHash('sha256').update(canonical, 'utf8').digest('hex');
}

/**
 * Appends an entry to its chain, after the chain's last one (two appends to one chain serialize
 * on the chain's head row). Answers its sequence number and hash.
 */
export async function appendTrail(
  tx: Tx,
  workspaceId: string,
  entry: TrailEntry,
): Promise<{ seq: number; hash: string }> {
  const head = await repo.lockHead(tx, workspaceId, entry.chainId);
  const row = {
    seq: head.seq + 1,
    occurredAt: head.now,
    actorAccountId: entry.actorAccountId,
    action: entry.action,
    targetType: entry.targetType ?? null,
    targetId: entry.targetId ?? null,
    traceId: entry.traceId ?? null,
    prevHash: head.seq === 0 ? ZERO_HASH : head.headHash,
  };
  const rowHash = trailHash(workspaceId, entry.chainId, row);
  await repo.insertEntry(tx, workspaceId, entry.chainId, { ...row, rowHash });
  return { seq: row.seq, hash: rowHash };
}

/** Why a chain does not verify, at the first entry (`seq`) where it fails. */
export type TrailProblem =
  /** The entry's fields do not give its stored hash: changed after it was written. */
  | 'EDITED'
  /** The entry does not point at the hash of the one before it: an entry was removed or moved. */
  | 'BROKEN_LINK'
  /** An entry is missing: a gap in the numbers, or the chain ends before its head. */
  | 'MISSING'
  /** The last entry is not the one the head recorded. */
  | 'HEAD_MISMATCH';

export type TrailVerdict =
  | { ok: true; length: number; head: string | null }
  | { ok: false; seq: number; problem: TrailProblem };

/** Recomputes every hash and link of a chain and compares its end with the head. */
export async function verifyTrail(tx: Tx, workspaceId: string, chainId: string): Promise<TrailVerdict> {
  const rows = await repo.chainEntries(tx, workspaceId, chainId);
  const head = await repo.findHead(tx, workspaceId, chainId);
  let prev = ZERO_HASH;
  for (const [i, r] of rows.entries()) {
    const expected = i + 1;
    if (r.seq !== expected) return { ok: false, seq: expected, problem: 'MISSING' };
    if (r.prevHash !== prev) return { ok: false, seq: r.seq, problem: 'BROKEN_LINK' };
    const { rowHash, ...fields } = r;
    if (trailHash(workspaceId, chainId, fields) !== rowHash) return { ok: false, seq: r.seq, problem: 'EDITED' };
    prev = rowHash;
  }
  const length = rows.length;
  const headSeq = head?.seq ?? 0;
  if (headSeq > length) return { ok: false, seq: length + 1, problem: 'MISSING' };
  if (headSeq !== length || (length > 0 && head?.headHash !== prev)) {
    return { ok: false, seq: length, problem: 'HEAD_MISMATCH' };
  }
  return { ok: true, length, head: length > 0 ? prev : null };
}
