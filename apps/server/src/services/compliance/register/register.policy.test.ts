import { describe, expect, it } from 'vitest';
import type { Permission } from '../../../core/permissions.ts';
import { type Actor, allowedActions, decide } from '../../../core/policy.ts';
import { actorAs } from '../../../testing/actors.ts';
import { type AnswerRecord, answerPolicy, type OccurrenceRecord, occurrencePolicy } from './register.policy.ts';

const withPermission = (a: Actor, p: Permission): Actor => ({ ...a, permissions: new Set([...a.permissions, p]) });

const answer = (o: Partial<AnswerRecord> = {}): AnswerRecord => ({
  branchId: 'north',
  ownerId: 'owner',
  reviewerId: 'reviewer',
  kind: 'ONE_TIME',
  applies: true,
  notApplicable: false,
  retired: false,
  ...o,
});
const occurrence = (o: Partial<OccurrenceRecord> = {}): OccurrenceRecord => ({
  ...answer(),
  status: 'SUBMITTED',
  lastSubmitter: 'owner',
  ...o,
});

describe('the register policy', () => {
  const admin = actorAs('WORKSPACE_ADMIN', 'hq', 'admin');
  const northAdmin = withPermission(actorAs('BRANCH_ADMIN', 'north', 'na'), 'compliance.manage');
  const hqAdmin = withPermission(actorAs('BRANCH_ADMIN', 'hq', 'ha'), 'compliance.manage');
  const owner = actorAs('EMPLOYEE', 'north', 'owner');
  const reviewer = actorAs('EMPLOYEE', 'hq', 'reviewer');
  const stranger = actorAs('EMPLOYEE', 'north', 'someone');

  it('a register manager acts on the units it reaches; the whole workspace’s answers need the whole workspace', () => {
    expect(allowedActions(admin, answerPolicy, answer())).toEqual(['view', 'setApplicability', 'assign']);
    expect(allowedActions(northAdmin, answerPolicy, answer())).toEqual(['view', 'setApplicability', 'assign']);
    expect(decide(hqAdmin, answerPolicy, 'view', answer())).toMatchObject({ status: 404 });
    expect(decide(northAdmin, answerPolicy, 'view', answer({ branchId: null }))).toMatchObject({ status: 404 });
    expect(decide(northAdmin, answerPolicy, 'assign', answer({ branchId: null }))).toMatchObject({ status: 403 });
    expect(allowedActions(admin, answerPolicy, answer({ branchId: null }))).toContain('assign');
    // A business-unit admin without compliance.manage (the default matrix) manages nothing.
    expect(decide(actorAs('BRANCH_ADMIN', 'north', 'x'), answerPolicy, 'view', answer())).toMatchObject({
      status: 404,
    });
  });

  it('the owner and the reviewer act by relationship, without the permission', () => {
    expect(allowedActions(owner, answerPolicy, answer())).toEqual(['view']);
    expect(allowedActions(owner, answerPolicy, answer({ kind: 'EVENT' }))).toEqual(['view', 'recordEvent']);
    expect(allowedActions(owner, occurrencePolicy, occurrence({ status: 'OPEN' }))).toEqual(['view', 'addEvidence']);
    expect(allowedActions(reviewer, occurrencePolicy, occurrence())).toEqual(['view', 'approve', 'return']);
    expect(decide(stranger, occurrencePolicy, 'view', occurrence())).toMatchObject({ status: 404 });
  });

  it('nobody reviews evidence they submitted; only submitted evidence is reviewed; closed ones take none', () => {
    expect(decide(admin, occurrencePolicy, 'approve', occurrence({ lastSubmitter: 'admin' }))).toMatchObject({
      status: 403,
      params: { reason: 'FORBIDDEN_REVIEW_OWN_EVIDENCE' },
    });
    expect(decide(reviewer, occurrencePolicy, 'approve', occurrence({ status: 'OPEN' }))).toMatchObject({
      status: 409,
    });
    expect(decide(owner, occurrencePolicy, 'approve', occurrence())).toMatchObject({ status: 403 });
    expect(decide(owner, occurrencePolicy, 'addEvidence', occurrence({ status: 'APPROVED' }))).toMatchObject({
      status: 409,
    });
    expect(decide(owner, answerPolicy, 'recordEvent', answer({ kind: 'EVENT', notApplicable: true }))).toMatchObject({
      status: 409,
    });
  });
});
