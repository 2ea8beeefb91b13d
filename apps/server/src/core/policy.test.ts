import { describe, expect, it } from 'vitest';
import { AppError } from './errors.ts';
import {
  type Actor,
  allowedActions,
  authorize,
  can,
  decide,
  definePolicy,
  isSelf,
  platformPolicy,
  policySubjects,
  reaches,
  refuse,
} from './policy.ts';

const actor = (over: Partial<Actor> = {}): Actor => ({
  workspaceId: 'w',
  accountId: 'me',
  role: 'EMPLOYEE',
  scope: { kind: 'self' },
  permissions: new Set(['dashboard.view']),
  ...over,
});

/** A made-up record with a relationship ("the author") and a scope (a business unit). */
type Note = { authorId: string; branchId: string; locked: boolean };
const notes = definePolicy<Note, 'read' | 'edit' | 'lock'>('note', {
  read: (a, n) => isSelf(a, n.authorId) || (reaches(a, n.branchId) ? true : refuse.notFound('PAGE')),
  edit: (a, n) => isSelf(a, n.authorId) && (n.locked ? refuse.conflict('NOTE_LOCKED', 'The note is locked.') : true),
  lock: (a) => a.permissions.has('users.manage'),
});

describe('policies', () => {
  const mine: Note = { authorId: 'me', branchId: 'b1', locked: false };
  const theirs: Note = { authorId: 'other', branchId: 'b2', locked: false };

  it('lists the allowed actions in declaration order', () => {
    expect(allowedActions(actor(), notes, mine)).toEqual(['read', 'edit']);
    expect(allowedActions(actor({ scope: { kind: 'units', branchIds: ['b1'] } }), notes, theirs)).toEqual([]);
    expect(
      allowedActions(actor({ scope: { kind: 'workspace' }, permissions: new Set(['users.manage']) }), notes, theirs),
    ).toEqual(['read', 'lock']);
  });

  it('authorize throws the refusal as the API error (false: 403 FORBIDDEN naming the action)', () => {
    const refusal = (fn: () => void) => {
      try {
        fn();
      } catch (e) {
        return e instanceof AppError ? { status: e.status, code: e.code, message: e.message } : e;
      }
      return null;
    };
    expect(refusal(() => authorize(actor(), notes, 'edit', mine))).toBeNull();
    expect(refusal(() => authorize(actor(), notes, 'lock', mine))).toEqual({
      status: 403,
      code: 'FORBIDDEN',
      message: 'You do not have permission to lock this note.',
    });
    expect(
      refusal(() => authorize(actor({ scope: { kind: 'units', branchIds: ['b1'] } }), notes, 'read', theirs)),
    ).toMatchObject({
      status: 404,
      code: 'NOT_FOUND',
    });
    expect(refusal(() => authorize(actor(), notes, 'edit', { ...mine, locked: true }))).toMatchObject({
      status: 409,
      code: 'CONFLICT',
    });
    expect(can(actor(), notes, 'edit', theirs)).toBe(false);
  });
});

describe('the operator actor', () => {
  const operator = { kind: 'operator', accountId: 'op', workspaceId: null } as const;

  it('a policy about members refuses the operator before any rule runs', () => {
    // The types keep the operator out of member policies; the runtime guard holds whatever a caller passes.
    expect(
      decide(operator as unknown as Actor, notes, 'read', { authorId: 'op', branchId: 'b1', locked: false }),
    ).toMatchObject({
      status: 403,
      code: 'FORBIDDEN',
    });
  });

  it('a caller policy decides about the operator; platformPolicy admits it alone', () => {
    expect(can(operator, platformPolicy, 'operate', null)).toBe(true);
    expect(decide(actor({ scope: { kind: 'workspace' } }), platformPolicy, 'operate', null)).toMatchObject({
      status: 403,
      params: { reason: 'FORBIDDEN_MANAGE_CATALOGUE' },
    });
  });

  it('every declared policy is named in the registry', () => {
    expect(policySubjects().has('note')).toBe(true);
    expect(policySubjects().has('platform')).toBe(true);
  });
});
