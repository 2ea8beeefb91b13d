/**
 * Issue 24: the register engine's queue payloads, joined to core's `Queues` (declaration merging).
 * `compliance.sync-workspace` `{ workspaceId }`: recompute a workspace's answers and generate its
 * occurrences ahead; the catalogue enqueues it when an obligation is created, changed or retired.
 * (Declared here by the catalogue part so that its enqueue type-checks; the engine part defines the queue.)
 */
export type ComplianceQueues = {
  'compliance.sync-workspace': { workspaceId: string };
};

declare module '../../../core/jobs.ts' {
  interface Queues extends ComplianceQueues {}
}
