import { type FormErrors, type UseFormInput, type UseFormReturnType, useForm } from '@mantine/form';
import type { TFunction } from 'i18next';
import { useTranslation } from 'react-i18next';
import type { z } from 'zod';
import { isApiError } from '../../lib/api/api-error.ts';
import { errorDetailText } from '../../lib/i18n/error-text.ts';

/** One problem the contract's schema found in a form's request. */
export type TFormIssue = z.core.$ZodIssue;

/**
 * What a form says, per request field, when the schema refuses it: a fixed text, or one chosen by
 * the issue (`undefined` falls back to the generic text for its kind). The contract's own messages
 * are English, so a form never shows them; it shows its translated texts instead.
 */
export type TFieldMessages = Record<string, string | ((issue: TFormIssue) => string | undefined)>;

/** The generic translated text for an issue no field message covers. */
export function genericMessage(issue: TFormIssue, t: TFunction): string {
  if (issue.code === 'too_small' && issue.origin === 'string' && Number(issue.minimum) <= 1) {
    return t('forms.errors.required');
  }
  if (issue.code === 'invalid_type' && issue.input === undefined) return t('forms.errors.required');
  if (issue.code === 'too_big' && issue.origin === 'string') {
    return t('forms.errors.tooLong', { max: Number(issue.maximum) });
  }
  return t('forms.errors.invalid');
}

/**
 * Which form field shows a request field's issues, when the two are not named alike (the sign-in
 * form's one `identifier` input becomes `userEmail` or `username`).
 */
export type TFieldOf = Record<string, string>;

/**
 * The form errors for a request: the contract schema's issues, keyed by their path (the form's
 * field of the same name, or the one `fieldOf` names), the first issue per field, each as the
 * form's translated message (`messages` is keyed by the request's path).
 */
export function contractErrors(
  schema: z.ZodType,
  request: unknown,
  messages: TFieldMessages,
  t: TFunction,
  fieldOf: TFieldOf = {},
) {
  const result = schema.safeParse(request);
  const errors: FormErrors = {};
  if (result.success) return errors;
  for (const issue of result.error.issues) {
    const path = issue.path.map(String).join('.');
    const field = fieldOf[path] ?? path;
    if (errors[field]) continue;
    const own = messages[path];
    errors[field] = (typeof own === 'function' ? own(issue) : own) ?? genericMessage(issue, t);
  }
  return errors;
}

/**
 * A Mantine form validated by a contract schema, the same one the server parses the request with.
 * The form keeps what its inputs show (`initialValues`: strings, nulls); `toRequest` turns them into
 * the request (trimmed, empty fields left out), which is what the schema checks and what
 * `form.onSubmit(handler)` hands the handler. Fields are named like the request's fields, so an
 * issue at `email` lands under the Email input.
 */
export function useContractForm<Values extends Record<string, unknown>, S extends z.ZodType>(
  opts: {
    schema: S;
    initialValues: Values;
    toRequest: (values: Values) => z.output<S>;
    messages?: TFieldMessages;
    fieldOf?: TFieldOf;
  } & Omit<UseFormInput<Values, z.output<S>>, 'validate' | 'transformValues' | 'initialValues'>,
): UseFormReturnType<Values, z.output<S>> {
  const { t } = useTranslation();
  const { schema, toRequest, messages = {}, fieldOf, ...rest } = opts;
  return useForm<Values, z.output<S>>({
    ...rest,
    transformValues: toRequest,
    validate: (values) => contractErrors(schema, toRequest(values), messages, t, fieldOf),
  });
}

/**
 * Puts a refused request's per-field problems (the server's `details`, paths like `body.email`)
 * under the form's inputs. Returns whether any landed on a field the form has; when none did, the
 * page shows the error's message in its alert as before.
 */
export function showServerErrors(
  form: { setFieldError: (path: string, error: string) => void },
  error: unknown,
  fields: readonly string[],
  t?: Parameters<typeof errorDetailText>[0],
) {
  if (!isApiError(error)) return false;
  let shown = false;
  for (const d of error.details ?? []) {
    const path = d.path.replace(/^body\./, '');
    if (fields.includes(path)) {
      // In the reader's language when the caller passes its `t` (see lib/i18n/errors).
      form.setFieldError(path, t ? errorDetailText(t, d) : d.message);
      shown = true;
    }
  }
  return shown;
}
