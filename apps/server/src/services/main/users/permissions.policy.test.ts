import { describe, expect, it } from 'vitest';
import { decide } from '../../../core/policy.ts';
import { actorAs } from '../../../testing/actors.ts';
import { permissionMatrixPolicy } from './permissions.policy.ts';

describe('permission matrix policy', () => {
  const admin = actorAs('WORKSPACE_ADMIN');
  const employer = {
    ...actorAs('EMPLOYER'),
    permissions: new Set([...actorAs('EMPLOYER').permissions, 'permissions.manage' as const]),
  };

  it('a workspace admin sets any cell', () => {
    expect(
      decide(admin, permissionMatrixPolicy, 'set', { role: 'EMPLOYER', permission: 'settings.manage', granted: true }),
    ).toBeNull();
    expect(
      decide(admin, permissionMatrixPolicy, 'set', {
        role: 'WORKSPACE_ADMIN',
        permission: 'reports.view',
        granted: false,
      }),
    ).toBeNull();
  });

  it('anyone else gives only what it holds, never touches WORKSPACE_ADMIN, never raises its own role', () => {
    const set = (
      role: 'EMPLOYEE' | 'EMPLOYER' | 'WORKSPACE_ADMIN',
      permission: 'settings.manage' | 'reports.view',
      granted = true,
    ) => decide(employer, permissionMatrixPolicy, 'set', { role, permission, granted })?.code ?? null;
    expect(set('EMPLOYEE', 'reports.view')).toBeNull();
    expect(set('EMPLOYEE', 'settings.manage')).toBe('PERMISSION_NOT_HELD');
    expect(set('WORKSPACE_ADMIN', 'reports.view', false)).toBe('ADMIN_ROLE_ONLY_BY_ADMIN');
    expect(set('EMPLOYER', 'reports.view')).toBeNull(); // a default of its own role: not a raise
    expect(
      decide(employer, permissionMatrixPolicy, 'set', {
        role: 'EMPLOYER',
        permission: 'permissions.manage',
        granted: true,
      }),
    ).toMatchObject({ code: 'OWN_ROLE_PERMISSIONS' });
    expect(
      decide(actorAs('EMPLOYEE'), permissionMatrixPolicy, 'set', {
        role: 'EMPLOYEE',
        permission: 'reports.view',
        granted: true,
      }),
    ).toMatchObject({ status: 403, code: 'FORBIDDEN' });
  });
});
