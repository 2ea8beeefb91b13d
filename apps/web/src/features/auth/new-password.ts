import { ZNewPassword } from '@app/contract';
import { useForm } from '@mantine/form';
import { useRef } from 'react';
import { ApiError } from '../../lib/api/api-error.ts';
import { describeAuthError, invalidFields } from './sign-in-request.ts';

/** Keys of the new-password problems (under `auth.newPassword`). */
export type TNewPasswordProblem = 'required' | 'tooShort' | 'tooLong' | 'mismatch';

/**
 * What is wrong with a new password and its confirmation, checked before sending: the contract's
 * ZNewPassword (only length, NIST 800-63B; no composition rules) and that both match. Common
 * passwords are refused by the server.
 */
export function checkNewPassword(
  password: string,
  confirmation: string,
): { password?: TNewPasswordProblem; confirmation?: TNewPasswordProblem } {
  const problems: { password?: TNewPasswordProblem; confirmation?: TNewPasswordProblem } = {};
  const issue = ZNewPassword.safeParse(password).error?.issues[0];
  if (!password) problems.password = 'required';
  else if (issue?.code === 'too_small') problems.password = 'tooShort';
  else if (issue?.code === 'too_big') problems.password = 'tooLong';
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
  code?: string,
): 'tooCommon' | 'unchanged' | 'sameAsCurrent' | 'rejected' | undefined {
  if (key === 'passwordTooCommon') return 'tooCommon';
  // The password an administrator gave, or the current one: named as such, not as a length problem.
  if (code === 'PASSWORD_UNCHANGED') return 'unchanged';
  if (code === 'PASSWORD_SAME_AS_CURRENT') return 'sameAsCurrent';
  if (invalid.has(field)) return 'rejected';
  return undefined;
}

/**
 * The state of NewPasswordFields for a form whose `mutation` sends the password as `field`: a
 * Mantine form checked with checkNewPassword (its errors are the problems' keys, which
 * NewPasswordFields words), `fieldProps` to spread on the fields, `validate` before sending
 * (focuses the first problem), and what the server said about the password (`serverProblem`,
 * cleared when it is edited).
 */
export function useNewPassword(mutation: { error: unknown; reset: () => void }, field: string) {
  const form = useForm({
    initialValues: { password: '', confirmation: '' },
    validate: (values) => checkNewPassword(values.password, values.confirmation),
    // As before: editing either field clears both problems.
    onValuesChange: () => form.clearErrors(),
  });
  const passwordRef = useRef<HTMLInputElement>(null);
  const confirmationRef = useRef<HTMLInputElement>(null);
  const problemOf = (error: unknown) =>
    serverPasswordProblem(
      describeAuthError(error).key,
      invalidFields(error),
      field,
      error instanceof ApiError ? error.code : undefined,
    );
  const serverProblem = mutation.error ? problemOf(mutation.error) : undefined;

  const validate = () => {
    const { errors, hasErrors } = form.validate();
    if (errors.password) passwordRef.current?.focus();
    else if (errors.confirmation) confirmationRef.current?.focus();
    return !hasErrors;
  };
  const focusPassword = () => passwordRef.current?.focus();
  /** For `onError`: back to the password when the server refused it. */
  const focusIfRefused = (error: unknown) => {
    if (problemOf(error)) focusPassword();
  };

  const { password, confirmation } = form.getValues();
  const fieldProps = {
    password,
    confirmation,
    onPasswordChange: (value: string) => {
      form.setFieldValue('password', value);
      if (serverProblem) mutation.reset();
    },
    onConfirmationChange: (value: string) => form.setFieldValue('confirmation', value),
    passwordError: (form.errors.password as TNewPasswordProblem | undefined) ?? serverProblem,
    confirmationError: form.errors.confirmation as TNewPasswordProblem | undefined,
    passwordRef,
    confirmationRef,
  };
  return { password, serverProblem, validate, focusPassword, focusIfRefused, fieldProps };
}
