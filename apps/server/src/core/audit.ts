import { auditLog } from '../db/schema.ts';
import type { Tx } from './db/database.ts';

/** One entry of the append-only audit trail. */
export type AuditEntry = {
  workspaceId: string | null;
  action: string;
  actorAccountId?: string | null;
  targetType?: string | null;
  targetId?: string | null;
  ip?: string | null;
  traceId?: string | null;
  details?: Record<string, unknown> | null;
};

/** Rows per INSERT: 8 parameters each stays far below PostgreSQL's 65,535. */
const CHUNK = 1000;

/**
 * Writes audit entries inside the caller's transaction, so that they land with the change or not
 * at all: one entry, or many in one statement per thousand (a delete of 10,000 users is not 10,000
 * round trips).
 */
export async function audit(tx: Tx, entries: AuditEntry | AuditEntry[]): Promise<void> {
  const rows = (Array.isArray(entries) ? entries : [entries]).map((entry) => ({
    workspaceId: entry.workspaceId,
    action: entry.action,
    actorAccountId: entry.actorAccountId ?? null,
    targetType: entry.targetType ?? null,
    targetId: entry.targetId ?? null,
    ip: entry.ip ?? null,
    traceId: entry.traceId ?? null,
    details: entry.details ?? null,
  }));
  for (let i = 0; i < rows.length; i += CHUNK) await tx.insert(auditLog).values(rows.slice(i, i + CHUNK));
}
