/** The committee module's audit actions (issue 24), filled in by its work package. */
export const COMMITTEE_AUDIT_ACTIONS = {} as const;

type CommitteeAuditActions = typeof COMMITTEE_AUDIT_ACTIONS;
declare module '../../core/audit.ts' {
  interface AuditCatalogue extends CommitteeAuditActions {}
}
