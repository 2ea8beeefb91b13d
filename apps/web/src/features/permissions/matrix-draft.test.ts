import { isPermissionBuilt, type TPermissionMatrix } from '@app/contract';
import { describe, expect, it } from 'vitest';
import { pendingChanges, shownValue, withChoice } from './matrix-draft.ts';

const matrix: TPermissionMatrix = {
  roles: ['EMPLOYEE', 'WORKSPACE_ADMIN'],
  permissions: ['reports.view', 'permissions.manage'],
  cells: [
    { role: 'EMPLOYEE', permission: 'reports.view', granted: false, defaultGranted: false, locked: false },
    { role: 'EMPLOYEE', permission: 'permissions.manage', granted: false, defaultGranted: false, locked: false },
    { role: 'WORKSPACE_ADMIN', permission: 'reports.view', granted: true, defaultGranted: true, locked: false },
    { role: 'WORKSPACE_ADMIN', permission: 'permissions.manage', granted: true, defaultGranted: true, locked: true },
  ],
};

describe('the permission matrix draft', () => {
  it('counts a switched cell as a change until it is switched back', () => {
    let draft = withChoice(new Map(), 'EMPLOYEE', 'reports.view', true);
    expect(pendingChanges(matrix, draft)).toEqual([{ role: 'EMPLOYEE', permission: 'reports.view', granted: true }]);
    expect(shownValue(draft, 'EMPLOYEE', 'reports.view', false)).toBe(true);
    draft = withChoice(draft, 'EMPLOYEE', 'reports.view', false);
    expect(pendingChanges(matrix, draft)).toEqual([]);
  });

  it('drops a change once the server holds it, and never counts a locked cell', () => {
    const draft = withChoice(
      withChoice(new Map(), 'WORKSPACE_ADMIN', 'reports.view', true),
      'WORKSPACE_ADMIN',
      'permissions.manage',
      false,
    );
    expect(pendingChanges(matrix, draft)).toEqual([]);
  });

  it('hides the areas not built yet, and nothing that exists', () => {
    expect(isPermissionBuilt('courses.manage')).toBe(true);
    expect(isPermissionBuilt('learning.view')).toBe(true);
    expect(isPermissionBuilt('policies.manage')).toBe(false);
    expect(isPermissionBuilt('users.manage')).toBe(true);
    expect(isPermissionBuilt('audit.view')).toBe(true);
  });
});
