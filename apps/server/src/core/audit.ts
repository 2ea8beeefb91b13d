import { auditLog } from '../db/schema.ts';
import type { Tx } from './db/database.ts';

/** One entry of the append-only audit trail, as stored. */
export type AuditEntry = {
  workspaceId: string | null;
  action: string;
  actorAccountId?: string | null;
  targetType?: string | null;
  targetId?: string | null;
  ip?: string | null;
  traceId?: string | null;
  details?: Record<string, unknown> | null;
};

/** What an entry records: a change (a command) or a read of something sensitive. */
export type AuditKind = 'write' | 'read';

/**
 * One action of a module's catalogue: its kind, the type of record it points at (null: none) and
 * the shape of its `change`.
 */
export type AuditActionSpec<K extends AuditKind = AuditKind, T extends string | null = string | null, C = unknown> = {
  kind: K;
  target: T;
  /** Never set: carries the type of `change` for `ctx.audit`. */
  readonly change?: C;
};

/**
 * `auditAction<Change>()(kind, target)`: an action whose `change` has the shape `Change` (null:
 * nothing to record). A module lists its actions with it in its definition (core/module.ts).
 */
export const auditAction =
  <C>() =>
  <const K extends AuditKind, const T extends string | null>(kind: K, target: T): AuditActionSpec<K, T, C> => ({
    kind,
    target,
  });

/** A module's actions, by name (`<record>.<verb>`). */
export type AuditActions = Record<string, AuditActionSpec>;

/**
 * Every action the platform audits, as a type: empty here, filled by each module's catalogue
 * (declaration merging, beside its definition):
 *
 * ```ts
 * declare module '../../core/audit.ts' { interface AuditCatalogue extends CasesAuditActions {} }
 * ```
 *
 * `ctx.audit(action, targetId, change)` accepts only these names, with their `change` shape.
 */
// biome-ignore lint/suspicious/noEmptyInterface: filled by the modules (declaration merging)
export interface AuditCatalogue {}

export type AuditAction = keyof AuditCatalogue & string;
/** The shape of an action's `change`. */
export type AuditChange<A extends AuditAction> =
  AuditCatalogue[A] extends AuditActionSpec<AuditKind, string | null, infer C> ? Exclude<C, undefined> : never;

/** The actions the running modules registered (core/module.ts `installModules`), for their target types. */
const registered = new Map<string, AuditActionSpec>();

/**
 * Adds a module's actions to the catalogue `ctx.audit` reads its target types from. Two modules may
 * not claim one action name with different specs.
 */
export function registerAuditActions(owner: string, actions: AuditActions): void {
  for (const [name, spec] of Object.entries(actions)) {
    const had = registered.get(name);
    if (had && (had.kind !== spec.kind || had.target !== spec.target)) {
      throw new Error(`audit action ${name} of ${owner} is registered already with another spec`);
    }
    registered.set(name, spec);
  }
}

/** The spec of a registered action (an action no module registered throws: it would land untyped). */
export function auditSpec(action: string): AuditActionSpec {
  const spec = registered.get(action);
  if (!spec) throw new Error(`audit action ${action} is in no registered module's catalogue`);
  return spec;
}

/** Who and where, when the request's own (the signed-in caller, the host's workspace) is not it. */
export type AuditAs = {
  /** The account acting, e.g. the one signing in; default: the signed-in caller. */
  actorAccountId?: string | null;
  /** Default: the request's workspace (null on the platform host). */
  workspaceId?: string | null;
};

/** `ctx.audit`: records one catalogued action in the transaction the request's handle opened. */
export type AuditFn = {
  <A extends AuditAction>(action: A, targetId: string | null, change: AuditChange<A>, as?: AuditAs): Promise<void>;
  /** One action on many targets, in one statement per thousand (a delete of 10,000 users). */
  many<A extends AuditAction>(
    action: A,
    entries: Array<{ targetId: string | null; change: AuditChange<A> }>,
    as?: AuditAs,
  ): Promise<void>;
};

/** What `auditFor` fills every entry with. */
export type AuditContext = {
  workspaceId: string | null;
  actorAccountId: string | null;
  traceId: string;
  ip: string;
};

/**
 * The `ctx.audit` of a request: entries from the catalogue, with actor, workspace, trace id and IP
 * filled from the request, written in the transaction `currentTx()` returns (the one the request's
 * tenant or platform handle opened; outside one it throws, so an entry cannot land on its own).
 */
export function auditFor(from: AuditContext, currentTx: () => Tx): AuditFn {
  const entry = (action: AuditAction, targetId: string | null, change: unknown, as?: AuditAs): AuditEntry => ({
    workspaceId: as?.workspaceId !== undefined ? as.workspaceId : from.workspaceId,
    action,
    actorAccountId: as?.actorAccountId !== undefined ? as.actorAccountId : from.actorAccountId,
    targetType: targetId === null ? null : auditSpec(action).target,
    targetId,
    ip: from.ip,
    traceId: from.traceId,
    details: (change as Record<string, unknown> | null) ?? null,
  });
  const fn = (async (action, targetId, change, as) =>
    writeAuditEntries(currentTx(), entry(action, targetId, change, as))) as AuditFn;
  fn.many = async (action, entries, as) =>
    writeAuditEntries(
      currentTx(),
      entries.map((e) => entry(action, e.targetId, e.change, as)),
    );
  return fn;
}

/** Rows per INSERT: 8 parameters each stays far below PostgreSQL's 65,535. */
const CHUNK = 1000;

/**
 * Writes audit entries inside the caller's transaction, so that they land with the change or not
 * at all: one entry, or many in one statement per thousand. The low-level writer, for core code
 * that runs outside a request (jobs, the platform path's own entry); services use `ctx.audit`.
 */
export async function writeAuditEntries(tx: Tx, entries: AuditEntry | AuditEntry[]): Promise<void> {
  const rows = (Array.isArray(entries) ? entries : [entries]).map((entry) => ({
    workspaceId: entry.workspaceId,
    action: entry.action,
    actorAccountId: entry.actorAccountId ?? null,
    targetType: entry.targetType ?? null,
    targetId: entry.targetId ?? null,
    ip: entry.ip ?? null,
    traceId: entry.traceId ?? null,
    details: entry.details ?? null,
  }));
  for (let i = 0; i < rows.length; i += CHUNK) await tx.insert(auditLog).values(rows.slice(i, i + CHUNK));
}
