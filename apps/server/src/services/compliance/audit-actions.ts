import { CATALOGUE_AUDIT_ACTIONS } from './catalogue/audit-actions.ts';
import { ENGINE_AUDIT_ACTIONS } from './engine/audit-actions.ts';
import { REGISTER_AUDIT_ACTIONS } from './register/audit-actions.ts';

/** The compliance register's audit actions (each part lists its own; `ctx.audit` accepts exactly these). */
export const COMPLIANCE_AUDIT_ACTIONS = {
  ...CATALOGUE_AUDIT_ACTIONS,
  ...ENGINE_AUDIT_ACTIONS,
  ...REGISTER_AUDIT_ACTIONS,
} as const;

type ComplianceAuditActions = typeof COMPLIANCE_AUDIT_ACTIONS;
declare module '../../core/audit.ts' {
  interface AuditCatalogue extends ComplianceAuditActions {}
}
