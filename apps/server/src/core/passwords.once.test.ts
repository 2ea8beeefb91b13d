import { describe, expect, it } from 'vitest';
import type { AppError } from './errors.ts';
import { assertAcceptablePassword, isCommonPassword } from './passwords.ts';

const refusal = (password: string) => {
  try {
    assertAcceptablePassword(password);
    return null;
  } catch (err) {
    return (err as AppError).code;
  }
};

describe('password rules', () => {
  it('refuses the most common passwords, whatever their case', () => {
    for (const p of ['password', 'Password1', 'QWERTY123', '12345678', 'iloveyou', 'sunshine1']) {
      expect(isCommonPassword(p), p).toBe(true);
      expect(refusal(p), p).toBe('PASSWORD_TOO_COMMON');
    }
  });

  it('accepts uncommon passwords of 8 to 128 characters with no composition rules', () => {
    for (const p of [
      'lowercaseonly words',
      'Demo@12345',
      'tr0ub4dor&3x',
      'x'.repeat(64),
      'y'.repeat(128),
      'ünïcödé pässwörd',
    ]) {
      expect(refusal(p), p).toBeNull();
    }
  });

  it('refuses fewer than 8 and more than 128 characters', () => {
    expect(refusal('short7!')).toBe('VALIDATION_FAILED');
    expect(refusal('z'.repeat(129))).toBe('VALIDATION_FAILED');
  });
});
