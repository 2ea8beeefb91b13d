import { describe, expect, it } from 'vitest';
import { allowedActions, decide, withOverrides } from '../../../core/policy.ts';
import { actorAs } from '../../../testing/actors.ts';
import { type InvitationRecord, invitesPolicy } from './invites.policy.ts';

const invitation = (over: Partial<InvitationRecord> = {}): InvitationRecord => ({
  branchId: 'mumbai',
  role: 'EMPLOYEE',
  usedAt: null,
  revokedAt: null,
  ...over,
});

describe('invitations policy', () => {
  it('an open invitation may be resent and revoked by its unit’s administrators', () => {
    for (const a of [actorAs('WORKSPACE_ADMIN'), actorAs('EMPLOYER'), actorAs('BRANCH_ADMIN', 'mumbai')]) {
      expect(allowedActions(withOverrides(a, []), invitesPolicy, invitation())).toEqual(['resend', 'revoke']);
    }
    expect(allowedActions(withOverrides(actorAs('EMPLOYEE', 'mumbai'), []), invitesPolicy, invitation())).toEqual([]);
  });

  it('a used or revoked one, or one outside the scope, reads as missing', () => {
    const branchAdmin = withOverrides(actorAs('BRANCH_ADMIN', 'hq'), []);
    expect(decide(branchAdmin, invitesPolicy, 'revoke', invitation())).toMatchObject({
      status: 404,
      code: 'INVITE_NOT_FOUND',
    });
    const admin = withOverrides(actorAs('WORKSPACE_ADMIN'), []);
    expect(allowedActions(admin, invitesPolicy, invitation({ usedAt: new Date() }))).toEqual([]);
    expect(allowedActions(admin, invitesPolicy, invitation({ revokedAt: new Date() }))).toEqual([]);
  });

  it('a resend is held to the grant rule: a business unit admin resends no administrator’s invitation', () => {
    const branchAdmin = withOverrides(actorAs('BRANCH_ADMIN', 'mumbai'), []);
    expect(allowedActions(branchAdmin, invitesPolicy, invitation({ role: 'EMPLOYER' }))).toEqual(['revoke']);
    expect(decide(branchAdmin, invitesPolicy, 'resend', invitation({ role: 'EMPLOYER' }))).toMatchObject({
      status: 403,
      code: 'ROLE_OUTSIDE_SCOPE',
    });
    const employer = withOverrides(actorAs('EMPLOYER'), []);
    expect(decide(employer, invitesPolicy, 'resend', invitation({ role: 'WORKSPACE_ADMIN' }))).toMatchObject({
      code: 'ADMIN_ROLE_ONLY_BY_ADMIN',
    });
  });
});
