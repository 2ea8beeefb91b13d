import { describe, expect, it } from 'vitest';
import { allowedActions, decide } from '../../../core/policy.ts';
import { actorAs } from '../../../testing/actors.ts';
import { learnerPolicy } from './learning.policy.ts';

describe('learnerPolicy', () => {
  const me = actorAs('EMPLOYEE', 'hq', 'me');

  it('a learner works on their own active enrolment', () => {
    expect(allowedActions(me, learnerPolicy, { accountId: 'me', status: 'ACTIVE' })).toEqual(['list', 'learn']);
  });

  it('someone else’s enrolment, a removed one and none at all read alike: 404', () => {
    for (const e of [{ accountId: 'other', status: 'ACTIVE' }, { accountId: 'me', status: 'REMOVED' }, null])
      expect(decide(me, learnerPolicy, 'learn', e)).toMatchObject({ status: 404, code: 'NOT_FOUND' });
  });

  it('an administrator is no learner of another’s enrolment either', () => {
    const admin = actorAs('WORKSPACE_ADMIN', 'hq', 'admin');
    expect(decide(admin, learnerPolicy, 'learn', { accountId: 'me', status: 'ACTIVE' })).toMatchObject({ status: 404 });
  });
});
