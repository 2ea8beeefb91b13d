import { describe, expect, it } from 'vitest';
import { adminScope } from '../../../core/admin-scope.ts';
import { permissionsFor } from '../../../core/permissions.ts';
import { type Actor, allowedActions, can, decide } from '../../../core/policy.ts';
import { actorAs } from '../../../testing/actors.ts';
import { workflowPolicy } from './workflows.policy.ts';

// Who may manage complaint workflows (pure: the rules over an actor and a record).

/** A business-unit admin of `unit`; `granted`: the workspace's matrix gave its role workflows.manage. */
const unitAdmin = (unit: string, granted = true): Actor =>
  adminScope({
    workspaceId: 'w',
    accountId: 'u',
    role: 'BRANCH_ADMIN',
    branchId: unit,
    permissions: permissionsFor(
      'BRANCH_ADMIN',
      granted ? [{ role: 'BRANCH_ADMIN', permission: 'workflows.manage', granted: true }] : [],
    ),
  })!;
const workflow = (branchId: string | null, workspaceId = 'w') => ({ workspaceId, branchId });
const ALL = ['list', 'view', 'create', 'edit', 'publish', 'version'];

describe('workflowPolicy', () => {
  it('the whole workspace’s roles manage every workflow, workspace-wide ones too', () => {
    for (const role of ['WORKSPACE_ADMIN', 'EMPLOYER'] as const) {
      expect(allowedActions(actorAs(role), workflowPolicy, workflow(null))).toEqual(ALL);
      expect(allowedActions(actorAs(role), workflowPolicy, workflow('a'))).toEqual(ALL);
    }
  });

  it('a unit admin given the permission manages its unit’s workflows only; others read as missing', () => {
    const admin = unitAdmin('a');
    expect(allowedActions(admin, workflowPolicy, workflow('a'))).toEqual(ALL);
    expect(decide(admin, workflowPolicy, 'view', workflow('b'))?.status).toBe(404);
    expect(decide(admin, workflowPolicy, 'edit', workflow(null))?.status).toBe(404);
    expect(decide(admin, workflowPolicy, 'create', workflow(null))).toMatchObject({
      status: 403,
      params: { reason: 'FORBIDDEN_WORKFLOW_UNIT' },
    });
    expect(can(admin, workflowPolicy, 'create', workflow('b'))).toBe(false);
  });

  it('without workflows.manage nobody manages them: a unit admin by default, an employee', () => {
    for (const actor of [unitAdmin('a', false), actorAs('EMPLOYEE', 'a')]) {
      expect(allowedActions(actor, workflowPolicy, workflow('a'))).toEqual([]);
    }
    expect(decide(unitAdmin('a', false), workflowPolicy, 'edit', workflow('a'))).toMatchObject({
      status: 403,
      params: { reason: 'FORBIDDEN_MANAGE_WORKFLOWS' },
    });
  });

  it('another workspace’s workflow reads as missing', () => {
    expect(decide(actorAs('WORKSPACE_ADMIN'), workflowPolicy, 'view', workflow(null, 'other'))?.status).toBe(404);
    expect(can(actorAs('WORKSPACE_ADMIN'), workflowPolicy, 'list', workflow(null, 'other'))).toBe(false);
  });
});
