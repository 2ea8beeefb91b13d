/** Issue 24: the catalogue part's audit actions (`auditAction<Change>()('write', 'target')` from core/audit.ts). */
export const CATALOGUE_AUDIT_ACTIONS = {} as const;
