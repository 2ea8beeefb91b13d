import { auditAction as spec } from '../../core/audit.ts';

/** A committee as the audit trail records it: its fields and its composition (member rows as saved). */
export type CommitteeSnapshot = {
  kind: string;
  name: string;
  workspaceWide: boolean;
  branchIds: string[];
  orderDate: string | null;
  members: Array<{
    id: string;
    role: string;
    accountId: string | null;
    externalName: string | null;
    gender: string;
    senior: boolean;
    termStart: string;
    termEnd: string;
    leftOn: string | null;
  }>;
};

/** The committee module's audit actions (listed in ./module.ts; `ctx.audit` accepts exactly these). */
export const COMMITTEE_AUDIT_ACTIONS = {
  'committee.created': spec<{
    after: CommitteeSnapshot;
    effectiveDate: string;
    unitsMovedFrom: Record<string, string>;
  }>()('write', 'committee'),
  'committee.updated': spec<{
    before: CommitteeSnapshot;
    after: CommitteeSnapshot;
    effectiveDate: string;
    unitsMovedFrom: Record<string, string>;
  }>()('write', 'committee'),
  'committee.order_uploaded': spec<{
    orderDate: string;
    fileName: string;
    sizeBytes: number;
    sha256: string;
    replaced: { fileName: string | null; sha256: string | null } | null;
  }>()('write', 'committee'),
  'committee.dissolved': spec<{ dissolvedOn: string; branchIds: string[] }>()('write', 'committee'),
} as const;

type CommitteeAuditActions = typeof COMMITTEE_AUDIT_ACTIONS;
declare module '../../core/audit.ts' {
  interface AuditCatalogue extends CommitteeAuditActions {}
}
