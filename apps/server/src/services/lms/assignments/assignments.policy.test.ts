import { describe, expect, it } from 'vitest';
import { allowedActions, decide } from '../../../core/policy.ts';
import { actorAs } from '../../../testing/actors.ts';
import { assignerUnit, assignmentPolicy, enrolmentPolicy } from './assignments.policy.ts';

describe('assignmentPolicy', () => {
  it('a workspace admin assigns across the workspace, a unit admin in its unit, an employee not at all', () => {
    expect(decide(actorAs('WORKSPACE_ADMIN'), assignmentPolicy, 'assign', null)).toBeNull();
    expect(assignerUnit(actorAs('WORKSPACE_ADMIN'))).toBeNull();
    expect(decide(actorAs('BRANCH_ADMIN', 'b1'), assignmentPolicy, 'assign', null)).toBeNull();
    expect(assignerUnit(actorAs('BRANCH_ADMIN', 'b1'))).toBe('b1');
    expect(decide(actorAs('BRANCH_ADMIN', null), assignmentPolicy, 'assign', null)).toMatchObject({ status: 403 });
    expect(decide(actorAs('EMPLOYEE'), assignmentPolicy, 'assign', null)).toMatchObject({ status: 403 });
  });
});

describe('enrolmentPolicy', () => {
  it('an author may act on another learner’s enrolment, and download a completed cycle’s certificate', () => {
    const admin = actorAs('WORKSPACE_ADMIN', 'hq', 'admin');
    expect(allowedActions(admin, enrolmentPolicy, { accountIds: ['x'], completed: true })).toEqual([
      'grantAttempts',
      'unassign',
      'retrain',
      'downloadCertificate',
    ]);
  });

  it('nobody acts on their own enrolment (the certificate stays theirs)', () => {
    const admin = actorAs('WORKSPACE_ADMIN', 'hq', 'admin');
    expect(allowedActions(admin, enrolmentPolicy, { accountIds: ['admin'], completed: true })).toEqual([
      'downloadCertificate',
    ]);
  });

  it('a unit admin grants attempts and unassigns, but neither retrains nor downloads certificates', () => {
    expect(
      allowedActions(actorAs('BRANCH_ADMIN', 'b1'), enrolmentPolicy, { accountIds: ['x'], completed: true }),
    ).toEqual(['grantAttempts', 'unassign']);
  });
});
