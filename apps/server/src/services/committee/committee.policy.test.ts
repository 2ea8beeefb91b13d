import { describe, expect, it } from 'vitest';
import { adminScope } from '../../core/admin-scope.ts';
import { permissionsFor } from '../../core/permissions.ts';
import { type Actor, allowedActions, can } from '../../core/policy.ts';
import { actorAs } from '../../testing/actors.ts';
import { committeeCardPolicy, committeePolicy } from './committee.policy.ts';

// Who may keep the committee register (pure: the rules over an actor and a record).

/** A business-unit admin of `unit` whose workspace gave its role compliance.manage. */
const unitKeeper = (unit: string): Actor =>
  adminScope({
    workspaceId: 'w',
    accountId: 'u',
    role: 'BRANCH_ADMIN',
    branchId: unit,
    permissions: permissionsFor('BRANCH_ADMIN', [
      { role: 'BRANCH_ADMIN', permission: 'compliance.manage', granted: true },
    ]),
  })!;
const committee = (branchIds: string[], workspaceWide = false) => ({ workspaceId: 'w', workspaceWide, branchIds });

describe('committeePolicy', () => {
  it('the whole workspace’s keepers manage every committee, workspace-wide ones too', () => {
    for (const role of ['WORKSPACE_ADMIN', 'EMPLOYER'] as const) {
      expect(allowedActions(actorAs(role), committeePolicy, committee(['a', 'b'], true))).toEqual([
        'viewRegister',
        'view',
        'create',
        'update',
        'uploadOrder',
        'dissolve',
        'history',
        'readOrder',
      ]);
    }
  });
  it('a unit keeper manages a committee whose units are all its own, sees one that touches its unit, never changes a workspace-wide one', () => {
    const keeper = unitKeeper('a');
    expect(can(keeper, committeePolicy, 'update', committee(['a']))).toBe(true);
    expect(can(keeper, committeePolicy, 'update', committee(['a', 'b']))).toBe(false);
    expect(can(keeper, committeePolicy, 'view', committee(['a', 'b']))).toBe(true);
    expect(can(keeper, committeePolicy, 'view', committee(['b']))).toBe(false);
    expect(can(keeper, committeePolicy, 'create', committee([], true))).toBe(false);
    expect(can(keeper, committeePolicy, 'view', committee([], true))).toBe(true);
    expect(can(keeper, committeePolicy, 'dissolve', committee(['a'], true))).toBe(false);
  });
  it('without compliance.manage nobody keeps it: a unit admin by default, an employee', () => {
    for (const actor of [actorAs('BRANCH_ADMIN', 'a'), actorAs('EMPLOYEE', 'a')]) {
      expect(allowedActions(actor, committeePolicy, committee(['a']))).toEqual([]);
    }
  });
  it('another workspace’s committee reads as missing', () => {
    expect(
      can(actorAs('WORKSPACE_ADMIN'), committeePolicy, 'view', { ...committee(['a']), workspaceId: 'other' }),
    ).toBe(false);
  });
});

describe('committeeCardPolicy', () => {
  it('every member sees the card; the order only when the committee serves them', () => {
    const employee = actorAs('EMPLOYEE', 'a');
    expect(can(employee, committeeCardPolicy, 'view', { workspaceId: 'w', servesCaller: false })).toBe(true);
    expect(can(employee, committeeCardPolicy, 'readOrder', { workspaceId: 'w', servesCaller: true })).toBe(true);
    expect(can(employee, committeeCardPolicy, 'readOrder', { workspaceId: 'w', servesCaller: false })).toBe(false);
    expect(can(employee, committeeCardPolicy, 'view', { workspaceId: 'x', servesCaller: true })).toBe(false);
  });
});
