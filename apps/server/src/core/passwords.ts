import { PASSWORD_RULES } from '@app/contract';
import { dictionary } from '@zxcvbn-ts/language-common';
import { AppError } from './errors.ts';

/**
 * Passwords people pick most often (zxcvbn's list of ~49,000, from breach corpora), kept in lower
 * case. Only those long enough to pass the length rule matter, so only those are kept.
 */
let common: ReadonlySet<string> | undefined;
function commonPasswords(): ReadonlySet<string> {
  common ??= new Set(
    dictionary['passwords-common'].filter((p) => p.length >= PASSWORD_RULES.minLength).map((p) => p.toLowerCase()),
  );
  return common;
}

/** Whether a password is on the common list (compared without case). */
export function isCommonPassword(password: string): boolean {
  return commonPasswords().has(password.toLowerCase());
}

/**
 * The password rules of NIST SP 800-63B: long enough, not too long to hash, not a common password.
 * No composition rules. The contract already checks the length; this adds the list.
 */
export function assertAcceptablePassword(password: string, field = 'body.userNewPassword'): void {
  if (password.length < PASSWORD_RULES.minLength || password.length > PASSWORD_RULES.maxLength) {
    throw new AppError(
      400,
      'VALIDATION_FAILED',
      `Use a password of ${PASSWORD_RULES.minLength} to ${PASSWORD_RULES.maxLength} characters.`,
      {
        details: [
          {
            path: field,
            message: `Use ${PASSWORD_RULES.minLength} to ${PASSWORD_RULES.maxLength} characters`,
            code: 'PASSWORD_LENGTH',
            params: { min: PASSWORD_RULES.minLength, max: PASSWORD_RULES.maxLength },
          },
        ],
        params: { reason: 'PASSWORD_LENGTH', min: PASSWORD_RULES.minLength, max: PASSWORD_RULES.maxLength },
      },
    );
  }
  if (isCommonPassword(password)) {
    throw new AppError(
      400,
      'PASSWORD_TOO_COMMON',
      'This password is one of the most commonly used, so it is easy to guess. Choose another one — a few unrelated words make a strong password.',
      { details: [{ path: field, message: 'This password is too common' }] },
    );
  }
}
