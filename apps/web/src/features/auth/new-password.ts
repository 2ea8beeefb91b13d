import { PASSWORD_RULES } from '@app/contract';

/** Keys of the new-password problems (under `auth.newPassword`). */
export type TNewPasswordProblem = 'required' | 'tooShort' | 'tooLong' | 'mismatch';

/**
 * What is wrong with a new password and its confirmation, checked before sending: only length
 * (NIST 800-63B; no composition rules) and that both match. Common passwords are refused by the
 * server.
 */
export function checkNewPassword(
  password: string,
  confirmation: string,
): { password?: TNewPasswordProblem; confirmation?: TNewPasswordProblem } {
  const problems: { password?: TNewPasswordProblem; confirmation?: TNewPasswordProblem } = {};
  if (!password) problems.password = 'required';
  else if (password.length < PASSWORD_RULES.minLength) problems.password = 'tooShort';
  else if (password.length > PASSWORD_RULES.maxLength) problems.password = 'tooLong';
  if (!problems.password && confirmation !== password) {
    problems.confirmation = confirmation ? 'mismatch' : 'required';
  }
  return problems;
}

/** What the server said about a new password (`field` is its name in the request), if anything. */
export function serverPasswordProblem(
  key: string | null,
  invalid: ReadonlySet<string>,
  field: string,
): 'tooCommon' | 'rejected' | undefined {
  if (key === 'passwordTooCommon') return 'tooCommon';
  if (invalid.has(field)) return 'rejected';
  return undefined;
}
