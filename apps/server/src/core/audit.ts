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

/** Writes an audit entry inside the caller's transaction, so that it lands with the change or not at all. */
export async function audit(tx: Tx, entry: AuditEntry): Promise<void> {
  await tx.insert(auditLog).values({
    workspaceId: entry.workspaceId,
    action: entry.action,
    actorAccountId: entry.actorAccountId ?? null,
    targetType: entry.targetType ?? null,
    targetId: entry.targetId ?? null,
    ip: entry.ip ?? null,
    traceId: entry.traceId ?? null,
    details: entry.details ?? null,
  });
}
