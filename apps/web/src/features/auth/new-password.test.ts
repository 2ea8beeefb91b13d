import { describe, expect, it } from 'vitest';
import { checkNewPassword, serverPasswordProblem } from './new-password.ts';

describe('checkNewPassword', () => {
  it('accepts 8 or more characters of anything, confirmed', () => {
    expect(checkNewPassword('correct horse', 'correct horse')).toEqual({});
    expect(checkNewPassword('aaaaaaaa', 'aaaaaaaa')).toEqual({});
  });
  it('asks for 8 characters at least and 128 at most', () => {
    expect(checkNewPassword('', '')).toEqual({ password: 'required' });
    expect(checkNewPassword('short', 'short')).toEqual({ password: 'tooShort' });
    expect(checkNewPassword('x'.repeat(129), 'x'.repeat(129))).toEqual({ password: 'tooLong' });
  });
  it('follows the contract’s ZNewPassword at its edges (8 and 128 characters)', () => {
    expect(checkNewPassword('x'.repeat(7), 'x'.repeat(7))).toEqual({ password: 'tooShort' });
    expect(checkNewPassword('x'.repeat(8), 'x'.repeat(8))).toEqual({});
    expect(checkNewPassword('x'.repeat(128), 'x'.repeat(128))).toEqual({});
  });
  it('asks for the same password twice', () => {
    expect(checkNewPassword('long enough', '')).toEqual({ confirmation: 'required' });
    expect(checkNewPassword('long enough', 'long enougH')).toEqual({ confirmation: 'mismatch' });
  });
});

describe('serverPasswordProblem', () => {
  it('names the given password as the reason, not the length rule', () => {
    const invalid = new Set(['userNewPassword']);
    expect(serverPasswordProblem('validation', invalid, 'userNewPassword', 'PASSWORD_UNCHANGED')).toBe('unchanged');
    expect(serverPasswordProblem('validation', invalid, 'userNewPassword', 'VALIDATION_FAILED')).toBe('rejected');
    expect(serverPasswordProblem('passwordTooCommon', invalid, 'userNewPassword')).toBe('tooCommon');
    expect(serverPasswordProblem('validation', new Set(), 'userNewPassword')).toBeUndefined();
  });
});
