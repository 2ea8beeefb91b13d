import { describe, expect, it } from 'vitest';
import { decide } from '../../../core/policy.ts';
import { actorAs } from '../../../testing/actors.ts';
import { overviewPolicy } from './overview.policy.ts';

describe('workspace overview policy', () => {
  it('administrators see it; an employee, and a unit admin without a unit, do not', () => {
    for (const role of ['WORKSPACE_ADMIN', 'EMPLOYER', 'BRANCH_ADMIN'] as const) {
      expect(decide(actorAs(role), overviewPolicy, 'view', null), role).toBeNull();
    }
    expect(decide(actorAs('EMPLOYEE'), overviewPolicy, 'view', null)).toMatchObject({ status: 403 });
    expect(decide(actorAs('BRANCH_ADMIN', null), overviewPolicy, 'view', null)).toMatchObject({ status: 403 });
  });

  it('an employee the matrix gave an administration permission sees its own unit', () => {
    const base = actorAs('EMPLOYEE');
    const given = {
      ...base,
      permissions: new Set([...base.permissions, 'invites.manage' as const]),
      branchIds: ['hq'],
    };
    expect(decide(given, overviewPolicy, 'view', null)).toBeNull();
  });
});
