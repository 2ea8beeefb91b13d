import { auditAction as spec } from '../../../core/audit.ts';

/**
 * Issue 24: the register engine's audit actions. The engine runs as jobs (no actor; trace id
 * `job:<id>`): it records what it decided about a workspace — an answer that started or stopped
 * applying, occurrences another module's record closed, an escalation sent — never the routine
 * generation of occurrences ahead (the rows themselves carry their creation time).
 */
type Applicability = { applies: boolean; reason: { code: string; params: Record<string, string | number> } };

export const ENGINE_AUDIT_ACTIONS = {
  'obligation_answer.applicability_changed': spec<{
    before: Applicability | null;
    after: Applicability & { obligationKey: string; branchId: string | null; cancelled: number };
  }>()('write', 'obligation_answer'),
  'obligation_occurrence.closed_by_source': spec<{
    after: { status: 'CLOSED_BY_SOURCE'; sourceKind: string; sourceId: string };
  }>()('write', 'obligation_occurrence'),
  'obligation_occurrence.escalated': spec<{ after: { level: 1 | 2; recipients: number; daysOverdue: number } }>()(
    'write',
    'obligation_occurrence',
  ),
} as const;
