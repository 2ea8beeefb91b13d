import { describe, expect, it } from 'vitest';
import { allowedActions, decide, grantableRoles, withOverrides } from '../../../core/policy.ts';
import { actorAs } from '../../../testing/actors.ts';
import { type UserRecord, usersPolicy } from './users.policy.ts';

const user = (over: Partial<UserRecord> = {}): UserRecord => ({
  userId: 'u1',
  role: 'EMPLOYEE',
  branchId: 'hq',
  active: true,
  ...over,
});

describe('users policy', () => {
  it('a workspace admin may do everything to others, and not demote, deactivate or delete itself', () => {
    const admin = actorAs('WORKSPACE_ADMIN');
    expect(allowedActions(admin, usersPolicy, user({ role: 'WORKSPACE_ADMIN' }))).toEqual([
      'view',
      'edit',
      'move',
      'changeRole',
      'deactivate',
      'delete',
      'setPicture',
    ]);
    expect(allowedActions(admin, usersPolicy, user({ active: false }))).toContain('reactivate');
    expect(allowedActions(admin, usersPolicy, user({ userId: 'me', role: 'WORKSPACE_ADMIN' }))).toEqual([
      'view',
      'edit',
      'move',
      'setPicture',
    ]);
    expect(decide(admin, usersPolicy, 'changeRole', user({ userId: 'me' }))).toMatchObject({ status: 409 });
  });

  it('an employer manages everyone but workspace admins', () => {
    const employer = actorAs('EMPLOYER');
    expect(allowedActions(employer, usersPolicy, user({ role: 'BRANCH_ADMIN', branchId: 'other' }))).toContain(
      'delete',
    );
    expect(allowedActions(employer, usersPolicy, user({ role: 'WORKSPACE_ADMIN' }))).toEqual([]);
    expect(decide(employer, usersPolicy, 'edit', user({ role: 'WORKSPACE_ADMIN' }))).toMatchObject({
      status: 403,
      code: 'FORBIDDEN',
    });
  });

  it('a business unit admin manages its own unit’s employees, never moves them, and sees nobody else', () => {
    const branchAdmin = actorAs('BRANCH_ADMIN', 'mumbai');
    expect(allowedActions(branchAdmin, usersPolicy, user({ branchId: 'mumbai' }))).toEqual([
      'view',
      'edit',
      'changeRole',
      'deactivate',
      'delete',
      'resetPassword',
      'setPicture',
    ]);
    expect(allowedActions(branchAdmin, usersPolicy, user({ branchId: 'mumbai', role: 'BRANCH_ADMIN' }))).toEqual([]);
    expect(decide(branchAdmin, usersPolicy, 'view', user({ branchId: 'hq' }))).toMatchObject({ status: 404 });
    expect(decide(branchAdmin, usersPolicy, 'delete', user({ branchId: 'mumbai', role: 'EMPLOYER' }))).toMatchObject({
      status: 403,
      reason: 'a business unit admin deletes employees only',
    });
  });

  it('an employee manages nobody, but sets its own picture', () => {
    const employee = actorAs('EMPLOYEE');
    expect(allowedActions(employee, usersPolicy, user())).toEqual([]);
    expect(allowedActions(employee, usersPolicy, user({ userId: 'me' }))).toEqual(['setPicture']);
  });

  it('the grantable roles follow the grant rule and the workspace’s matrix', () => {
    const roles = ['EMPLOYEE', 'BRANCH_ADMIN', 'EMPLOYER', 'WORKSPACE_ADMIN'] as const;
    expect(grantableRoles(withOverrides(actorAs('WORKSPACE_ADMIN'), []), roles)).toEqual(roles);
    expect(grantableRoles(withOverrides(actorAs('EMPLOYER'), []), roles)).toEqual([
      'EMPLOYEE',
      'BRANCH_ADMIN',
      'EMPLOYER',
    ]);
    expect(grantableRoles(withOverrides(actorAs('BRANCH_ADMIN', 'mumbai'), []), roles)).toEqual(['EMPLOYEE']);
    // A workspace whose employees hold `settings.manage`, which a branch admin lacks: it may give no role.
    const more = [{ role: 'EMPLOYEE', permission: 'settings.manage', granted: true }];
    expect(grantableRoles(withOverrides(actorAs('BRANCH_ADMIN', 'mumbai'), more), roles)).toEqual([]);
  });
});
