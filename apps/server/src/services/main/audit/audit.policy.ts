import { type Actor, definePolicy, holds, refuse, seesWholeWorkspace } from '../../../core/policy.ts';

/**
 * Reading the audit log. It is the whole workspace's record (every unit, every administrator), so
 * it takes `audit.view` *and* the whole workspace as scope (`seesWholeWorkspace`: WORKSPACE_ADMIN and
 * EMPLOYER, who answer for the workspace and its administrators). A unit administrator or a plain
 * member is refused even if a workspace's matrix gave its role `audit.view`: the entries name people
 * and units beyond its own.
 */
export const auditLogPolicy = definePolicy<null, 'view' | 'export'>('audit_log', {
  view: (actor) => wholeWorkspaceReader(actor) || refuse.forbidden('DEFAULT'),
  export: (actor) => wholeWorkspaceReader(actor) || refuse.forbidden('DEFAULT'),
});

function wholeWorkspaceReader(actor: Actor): boolean {
  return holds(actor, 'audit.view') && seesWholeWorkspace(actor);
}
