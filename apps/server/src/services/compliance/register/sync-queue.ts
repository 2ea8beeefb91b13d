/**
 * The engine's queue the register asks to recompute a workspace (issue 24, agreed between the parts
 * in ../engine/engine.module-parts.ts): `compliance.sync-workspace` `{ workspaceId }`. The engine
 * owns its payload schema and handler; this names it for the register's enqueue.
 */
export const SYNC_WORKSPACE_QUEUE = 'compliance.sync-workspace' as const;

declare module '../../../core/jobs.ts' {
  interface Queues {
    'compliance.sync-workspace': { workspaceId: string };
  }
}
