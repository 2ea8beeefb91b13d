/**
 * The engine's queue the register asks to recompute a workspace when an answer's applicability
 * changes (issue 24; its payload and handler: ../engine/queues.ts).
 */
export const SYNC_WORKSPACE_QUEUE = 'compliance.sync-workspace' as const;
