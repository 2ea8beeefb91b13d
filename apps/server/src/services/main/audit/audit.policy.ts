import { type Actor, definePolicy, holds, limitedToUnit, refuse } from '../../../core/policy.ts';

/**
 * Reading the audit log. It is the whole workspace's record (every unit, every administrator), so
 * it takes `audit.view` *and* a role that sees the whole workspace: WORKSPACE_ADMIN and EMPLOYER
 * (the employer answers for the workspace and its administrators). A BRANCH_ADMIN or an EMPLOYEE is
 * refused even if a workspace's matrix gave its role `audit.view`: the entries name people and
 * units beyond its own.
 */
export const auditLogPolicy = definePolicy<null, 'view' | 'export'>('audit_log', {
  view: (actor) => wholeWorkspaceReader(actor) || refuse.forbidden('DEFAULT'),
  export: (actor) => wholeWorkspaceReader(actor) || refuse.forbidden('DEFAULT'),
});

function wholeWorkspaceReader(actor: Actor): boolean {
  return (
    holds(actor, 'audit.view') &&
    (actor.role === 'WORKSPACE_ADMIN' || actor.role === 'EMPLOYER') &&
    !limitedToUnit(actor)
  );
}
