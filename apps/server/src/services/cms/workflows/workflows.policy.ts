import {
  type Actor,
  definePolicy,
  holds,
  type Refusal,
  reaches,
  refuse,
  seesWholeWorkspace,
} from '../../../core/policy.ts';

/** What a rule about a workflow knows: whose it is and the business unit it belongs to (null: the whole workspace). */
export type WorkflowRecord = { workspaceId: string; branchId: string | null };

const notFound = (): Refusal => ({
  status: 404,
  code: 'NOT_FOUND',
  message: 'The workflow was not found.',
  params: { reason: 'WORKFLOW_NOT_FOUND' },
});
const manageRefused = (): Refusal =>
  refuse.with('FORBIDDEN', 'You do not have permission to manage complaint workflows.', {
    reason: 'FORBIDDEN_MANAGE_WORKFLOWS',
  });

/**
 * Whether the workflow lies within the actor's reach: its own workspace, and the unit it belongs to
 * (a unit administrator's units), or the whole workspace for a workspace-wide workflow.
 */
const inReach = (actor: Actor, r: WorkflowRecord): boolean =>
  actor.workspaceId === r.workspaceId && (r.branchId === null ? seesWholeWorkspace(actor) : reaches(actor, r.branchId));

/** Manages it: `workflows.manage` within reach. Out of reach it reads as missing; in reach without the permission, 403. */
const manages = (actor: Actor, r: WorkflowRecord): Decision =>
  inReach(actor, r) ? holds(actor, 'workflows.manage') || manageRefused() : notFound();
type Decision = boolean | Refusal;

/**
 * Complaint workflows (issue 25): `workflows.manage` (WORKSPACE_ADMIN and EMPLOYER by default; a unit
 * admin only when the workspace's matrix grants it), within the caller's reach — a workflow of a
 * business unit needs that unit, a workspace-wide one the whole workspace. Another workspace's, or
 * one out of reach, reads as missing (404). `list` is the list's gate (the record: the caller's own
 * workspace, branch null for the whole-workspace managers; unit managers list their units' only).
 */
export const workflowPolicy = definePolicy<WorkflowRecord, 'list' | 'view' | 'create' | 'edit' | 'publish' | 'version'>(
  'workflow',
  {
    list: (actor, r) =>
      (actor.workspaceId === r.workspaceId &&
        holds(actor, 'workflows.manage') &&
        (seesWholeWorkspace(actor) || (actor.scope.kind === 'units' && actor.scope.branchIds.length > 0))) ||
      manageRefused(),
    view: manages,
    create: (actor, r) =>
      !holds(actor, 'workflows.manage') || actor.workspaceId !== r.workspaceId
        ? manageRefused()
        : inReach(actor, r) ||
          refuse.with('FORBIDDEN', 'You may create workflows only for your own business units.', {
            reason: 'FORBIDDEN_WORKFLOW_UNIT',
          }),
    edit: manages,
    publish: manages,
    version: manages,
  },
);
