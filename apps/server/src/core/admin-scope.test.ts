import { describe, expect, it } from 'vitest';
import { administeredUnits, inScope, listedUnits, scopeOf } from './admin-scope.ts';
import { DEFAULT_PERMISSIONS, type Permission } from './permissions.ts';

const held = (...p: Permission[]) => new Set<Permission>([...DEFAULT_PERMISSIONS.EMPLOYEE, ...p]);

describe('scope kinds', () => {
  it('a workspace admin and an employer reach the whole workspace', () => {
    expect(scopeOf('WORKSPACE_ADMIN', 'b1', DEFAULT_PERMISSIONS.WORKSPACE_ADMIN)).toEqual({ kind: 'workspace' });
    expect(scopeOf('EMPLOYER', null, DEFAULT_PERMISSIONS.EMPLOYER)).toEqual({ kind: 'workspace' });
  });

  it('a business unit admin reaches its own unit, and none without one', () => {
    expect(scopeOf('BRANCH_ADMIN', 'b1', DEFAULT_PERMISSIONS.BRANCH_ADMIN)).toEqual({
      kind: 'units',
      branchIds: ['b1'],
    });
    expect(scopeOf('BRANCH_ADMIN', null, DEFAULT_PERMISSIONS.BRANCH_ADMIN)).toEqual({ kind: 'units', branchIds: [] });
  });

  it('an employee given an administration permission — learning’s too — administers its own unit', () => {
    expect(scopeOf('EMPLOYEE', 'b1', held('users.manage'))).toEqual({ kind: 'units', branchIds: ['b1'] });
    expect(scopeOf('EMPLOYEE', 'b1', held('courses.assign'))).toEqual({ kind: 'units', branchIds: ['b1'] });
    expect(scopeOf('EMPLOYEE', 'b1', held('courses.manage'))).toEqual({ kind: 'units', branchIds: ['b1'] });
  });

  it('a plain employee acts on itself: it administers no unit, yet reads every unit’s name', () => {
    const self = { scope: scopeOf('EMPLOYEE', 'b1', held()) };
    expect(self.scope).toEqual({ kind: 'self' });
    expect(inScope(self, 'b1')).toBe(false);
    expect(administeredUnits(self)).toEqual([]);
    expect(listedUnits(self)).toBeNull();
  });

  it('the whole workspace reaches every unit; a unit admin its own', () => {
    expect(inScope({ scope: { kind: 'workspace' } }, 'b2')).toBe(true);
    expect(inScope({ scope: { kind: 'units', branchIds: ['b1'] } }, 'b2')).toBe(false);
    expect(inScope({ scope: { kind: 'units', branchIds: ['b1'] } }, 'b1')).toBe(true);
    expect(administeredUnits({ scope: { kind: 'workspace' } })).toBeNull();
  });
});
