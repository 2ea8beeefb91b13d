/** Issue 24: the engine part's audit actions (`auditAction<Change>()('write', 'target')` from core/audit.ts). */
export const ENGINE_AUDIT_ACTIONS = {} as const;
