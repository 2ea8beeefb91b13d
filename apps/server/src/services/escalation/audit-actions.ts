import { auditAction as spec } from '../../core/audit.ts';

/** A settings row as recorded (its fields as the contract names them). */
type Fields = Record<string, unknown>;

/** The escalation settings module's audit actions (listed in ./module.ts; `ctx.audit` accepts exactly these). */
export const ESCALATION_AUDIT_ACTIONS = {
  'escalation_setting.saved': spec<{ before: Fields | null; after: Fields }>()('write', 'escalation_setting'),
  'escalation_setting.deleted': spec<{ before: Fields }>()('write', 'escalation_setting'),
} as const;

type EscalationAuditActions = typeof ESCALATION_AUDIT_ACTIONS;
declare module '../../core/audit.ts' {
  interface AuditCatalogue extends EscalationAuditActions {}
}
