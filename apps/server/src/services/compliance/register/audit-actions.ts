/** Issue 24: the register part's audit actions (`auditAction<Change>()('write', 'target')` from core/audit.ts). */
export const REGISTER_AUDIT_ACTIONS = {} as const;
