import { describe, expect, it } from 'vitest';
import { allowedActions, decide } from '../../../core/policy.ts';
import { actorAs } from '../../../testing/actors.ts';
import { businessUnitsPolicy } from './business-units.policy.ts';
import { departmentsPolicy } from './departments.policy.ts';

describe('business units policy', () => {
  it('administrators of units change any unit but delete no headquarters', () => {
    for (const role of ['WORKSPACE_ADMIN', 'EMPLOYER'] as const) {
      const a = actorAs(role);
      expect(allowedActions(a, businessUnitsPolicy, { branchId: 'x', headquarter: false })).toEqual([
        'edit',
        'recolour',
        'delete',
        'setLogo',
      ]);
      expect(allowedActions(a, businessUnitsPolicy, { branchId: 'x', headquarter: true })).toEqual([
        'edit',
        'recolour',
        'setLogo',
      ]);
    }
  });

  it('a business unit admin and an employee change no unit (no branches.manage by default)', () => {
    expect(allowedActions(actorAs('BRANCH_ADMIN', 'x'), businessUnitsPolicy, { branchId: 'x' })).toEqual([]);
    expect(allowedActions(actorAs('EMPLOYEE', 'x'), businessUnitsPolicy, { branchId: 'x' })).toEqual([]);
    expect(decide(actorAs('EMPLOYEE', 'x'), businessUnitsPolicy, 'edit', { branchId: 'x' })).toMatchObject({
      status: 403,
    });
  });
});

describe('departments policy', () => {
  it('a whole-workspace administrator creates everywhere and manages every department', () => {
    const admin = actorAs('WORKSPACE_ADMIN');
    expect(allowedActions(admin, departmentsPolicy, { departmentId: null, branchId: null })).toEqual(['create']);
    expect(allowedActions(admin, departmentsPolicy, { departmentId: 'd', branchId: 'x' })).toEqual([
      'edit',
      'delete',
      'manageManagers',
    ]);
  });

  it('a business unit admin manages its own unit’s departments only, and creates in no other unit', () => {
    const branchAdmin = actorAs('BRANCH_ADMIN', 'mumbai');
    expect(allowedActions(branchAdmin, departmentsPolicy, { departmentId: null, branchId: 'mumbai' })).toEqual([
      'create',
    ]);
    expect(allowedActions(branchAdmin, departmentsPolicy, { departmentId: null, branchId: null })).toEqual([]);
    expect(allowedActions(branchAdmin, departmentsPolicy, { departmentId: 'd', branchId: 'mumbai' })).toHaveLength(3);
    expect(decide(branchAdmin, departmentsPolicy, 'edit', { departmentId: 'd', branchId: 'hq' })).toMatchObject({
      status: 404,
    });
  });

  it('an employee manages no department', () => {
    expect(allowedActions(actorAs('EMPLOYEE'), departmentsPolicy, { departmentId: 'd', branchId: 'hq' })).toEqual([]);
  });
});
