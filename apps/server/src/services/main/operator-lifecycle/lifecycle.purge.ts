import type { JobRun } from '../../../core/job-context.ts';
import type { Queues } from '../../../core/jobs.ts';
import { anonymiseOrphans } from '../users/users.repo.ts';
import * as repo from './lifecycle.repo.ts';

/**
 * The purge of a retired workspace after its grace period (issue 23; docs/decisions.md "Issue 23 —
 * host change and retirement"): its files, sessions, invitations, memberships, learning records and
 * every other row of its own go; the accounts that belong to no other workspace are anonymised; the
 * workspace row stays as a stub (id, name, `retired_at`, `purged_at`), and so does its audit trail.
 */

/** Tables the purge never empties: the stub itself and the audit trail (kept by law, see decisions). */
export const KEPT_TABLES: ReadonlySet<string> = new Set(['workspaces', 'audit_log']);

/**
 * THE RETENTION HOOK. Complaint (case) records are kept after a workspace's purge for their legal
 * retention period and while under legal hold (POSH Act / SOR/2020-130): the cases issue adds its
 * tables under one of these names (`cases`, `case_*`, `complaints`, `complaint_*`) and the purge
 * leaves them, and whatever they reference, alone; their own retention job removes them when the
 * period ends and no hold applies. No such table exists yet.
 */
export function retainedByLaw(table: string): boolean {
  // A session's unlocked case key (`case_unlocks`) is session state, not a record: it goes with the session.
  return table !== 'case_unlocks' && /^(cases?|case_[a-z0-9_]+|complaints?|complaint_[a-z0-9_]+)$/.test(table);
}

/**
 * The tables to empty of the workspace's rows, in an order that deletes a row before any row it
 * references (a child table before its parent). A table referenced by a retained one is kept too.
 */
export function purgeOrder(
  tables: readonly string[],
  /**
   * Foreign keys, child → parent; the third element says whether deleting a parent row cascades to
   * the child (absent: assumed). Only a cascading key makes a retained table keep its parent: under
   * any other, the key itself refuses to delete a parent row a retained row still names, so the
   * parent's other rows go (a workflow no kept case was filed under).
   */
  edges: ReadonlyArray<readonly [string, string, boolean?]>,
  /** Tables the platform path may not delete from (an append-only ledger): kept as they are. */
  undeletable: readonly string[] = [],
): string[] {
  const kept = new Set(tables.filter((t) => KEPT_TABLES.has(t) || retainedByLaw(t) || undeletable.includes(t)));
  // What a retained table references must stay for it to stay whole.
  let grew = true;
  while (grew) {
    grew = false;
    for (const [child, parent, cascade] of edges) {
      if (cascade === false) continue;
      if (retainedByLaw(child) && !kept.has(parent) && tables.includes(parent) && parent !== 'workspaces') {
        kept.add(parent);
        grew = true;
      }
    }
  }
  const todo = new Set(tables.filter((t) => !kept.has(t)));
  const order: string[] = [];
  while (todo.size > 0) {
    // A table no remaining table references goes next.
    const ready = [...todo].filter(
      (t) => !edges.some(([child, parent]) => parent === t && child !== t && todo.has(child)),
    );
    const next = ready.length > 0 ? ready : [...todo]; // a cycle: rely on cascades
    for (const t of next.sort()) {
      order.push(t);
      todo.delete(t);
    }
  }
  return order;
}

/** A foreign-key violation (23503), as PostgreSQL and PGlite report it (possibly wrapped by the query builder). */
function isForeignKeyViolation(err: unknown): boolean {
  for (let e = err as { code?: unknown; cause?: unknown } | undefined; e; e = e.cause as typeof e) {
    if (e.code === '23503') return true;
  }
  return false;
}

/** The daily pass: one purge job per retired workspace whose grace period is over. */
export async function runPurgePass(job: JobRun): Promise<number> {
  const ctx = job.ctx(null);
  return ctx.platform({ action: 'workspace.purge-pass', details: { jobId: job.id } }, async (tx) => {
    const due = await repo.dueForPurge(tx);
    if (due.length > 0) {
      await ctx.jobs.enqueueAll(
        tx,
        // One job per retirement (a workspace restored and retired again is a new one).
        due.map((w) => ({
          queue: 'main.workspace-purge' as const,
          data: { workspaceId: w.id },
          key: `workspace-purge:${w.id}:${w.retiredAt ? new Date(w.retiredAt).getTime() : 0}`,
        })),
      );
    }
    return due.length;
  });
}

export type PurgeOutcome = { purged: boolean; files: number; rows: number; accountsAnonymised: number };

/**
 * Purges one workspace. Harmless twice: a workspace already purged, restored, or not yet due is
 * left as it is. Files go first (their keys are read from the rows), then the rows in one
 * transaction; a failure retries the whole job, and a file already gone is no error.
 */
export async function purgeWorkspace(job: JobRun, data: Queues['main.workspace-purge']): Promise<PurgeOutcome> {
  const ctx = job.ctx(null);
  const none: PurgeOutcome = { purged: false, files: 0, rows: 0, accountsAnonymised: 0 };
  const keys = await ctx.platform(
    { action: 'workspace.purge-files', details: { workspaceId: data.workspaceId, jobId: job.id } },
    async (tx) => {
      const ws = await repo.lockWorkspace(tx, data.workspaceId);
      if (!ws || ws.purgedAt || !ws.retiredAt || !ws.purgeAfter || !(await repo.hasPassed(tx, ws.purgeAfter))) {
        return null;
      }
      return repo.storageKeysOf(tx, ws.id);
    },
  );
  if (keys === null) return none;
  for (const key of keys) await ctx.storage.delete(key);
  return ctx.platform(
    { action: 'workspace.purge', details: { workspaceId: data.workspaceId, jobId: job.id } },
    async (tx) => {
      const ws = await repo.lockWorkspace(tx, data.workspaceId);
      if (!ws || ws.purgedAt || !ws.retiredAt || !ws.purgeAfter || !(await repo.hasPassed(tx, ws.purgeAfter))) {
        return none;
      }
      const members = await repo.memberAccountIds(tx, ws.id);
      const sessionsEnded = await repo.endWorkspaceSessions(tx, ws.id);
      // The stub first (its pointer to the headquarters unit goes before the units do).
      await repo.markPurged(tx, ws.id);
      const { tables, undeletable, edges } = await repo.workspaceTables(tx);
      let rows = 0;
      const perTable: Record<string, number> = {};
      // Kept whole: a table whose rows a kept one still references (a course the credit ledger names).
      const referenced: string[] = [];
      for (const table of purgeOrder(tables, edges, undeletable)) {
        try {
          const n = await tx.transaction((sp) => repo.deleteWorkspaceRows(sp, table, ws.id));
          rows += n;
          if (n > 0) perTable[table] = n;
        } catch (err) {
          if (!isForeignKeyViolation(err)) throw err;
          referenced.push(table);
        }
      }
      const anonymised = await anonymiseOrphans(tx, members);
      await ctx.audit(
        'workspace.purged',
        ws.id,
        {
          files: keys.length,
          rows,
          tables: perTable,
          kept: [...undeletable, ...referenced].sort(),
          sessionsEnded,
          accountsAnonymised: anonymised.length,
        },
        { workspaceId: ws.id },
      );
      return { purged: true, files: keys.length, rows, accountsAnonymised: anonymised.length };
    },
  );
}
