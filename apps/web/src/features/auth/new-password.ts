import { PASSWORD_RULES } from '@app/contract';
import { useRef, useState } from 'react';
import { describeAuthError, invalidFields } from './sign-in-request.ts';

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

/**
 * The state of NewPasswordFields for a form whose `mutation` sends the password as `field`:
 * `fieldProps` to spread on the fields, `validate` before sending (focuses the first problem),
 * and what the server said about the password (`serverProblem`, cleared when it is edited).
 */
export function useNewPassword(mutation: { error: unknown; reset: () => void }, field: string) {
  const [password, setPassword] = useState('');
  const [confirmation, setConfirmation] = useState('');
  const [problems, setProblems] = useState<{ password?: TNewPasswordProblem; confirmation?: TNewPasswordProblem }>({});
  const passwordRef = useRef<HTMLInputElement>(null);
  const confirmationRef = useRef<HTMLInputElement>(null);
  const problemOf = (error: unknown) =>
    serverPasswordProblem(describeAuthError(error).key, invalidFields(error), field);
  const serverProblem = mutation.error ? problemOf(mutation.error) : undefined;

  const validate = () => {
    const found = checkNewPassword(password, confirmation);
    setProblems(found);
    if (found.password) passwordRef.current?.focus();
    else if (found.confirmation) confirmationRef.current?.focus();
    return !found.password && !found.confirmation;
  };
  const focusPassword = () => passwordRef.current?.focus();
  /** For `onError`: back to the password when the server refused it. */
  const focusIfRefused = (error: unknown) => {
    if (problemOf(error)) focusPassword();
  };

  const fieldProps = {
    password,
    confirmation,
    onPasswordChange: (value: string) => {
      setPassword(value);
      setProblems({});
      if (serverProblem) mutation.reset();
    },
    onConfirmationChange: (value: string) => {
      setConfirmation(value);
      setProblems({});
    },
    passwordError: problems.password ?? serverProblem,
    confirmationError: problems.confirmation,
    passwordRef,
    confirmationRef,
  };
  return { password, serverProblem, validate, focusPassword, focusIfRefused, fieldProps };
}
