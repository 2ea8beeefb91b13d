import { useTranslation } from 'react-i18next';

/**
 * The i18next namespace of the server's error codes: loaded at start in the reader's language (see
 * lib/i18n/namespaces.ts), since an error can come on any page.
 */
export const ERRORS_NAMESPACE = 'errors';

type Params = Record<string, string | number>;
/** A `t` function with untyped keys (the app's `t` checks its keys against the English texts). */
type Translate = (key: string, options?: Record<string, unknown>) => string;
/** The `t` of `useTranslation()`, or any untyped one. */
type AnyT = ReturnType<typeof useTranslation>['t'] | Translate;
const untyped = (t: AnyT) => t as unknown as Translate;
type Detail = { path?: string; message: string; code?: string; params?: Params };

const isRecord = (v: unknown): v is Record<string, unknown> => typeof v === 'object' && v !== null;

function paramsOf(v: unknown): Params {
  if (!isRecord(v)) return {};
  return Object.fromEntries(
    Object.entries(v).filter((e): e is [string, string | number] => ['string', 'number'].includes(typeof e[1])),
  );
}

/** The text of `key` in the errors namespace, or null when no language has it. */
function lookUp(t: Translate, key: unknown, values: Params): string | null {
  if (typeof key !== 'string' || !key) return null;
  const text = t(key, { ns: ERRORS_NAMESPACE, defaultValue: '', ...values });
  return text && text !== key ? text : null;
}

/** The values for a text: the error's params, with a role code shown by its translated name. */
function valuesOf(t: Translate, params: Params): Params {
  const role = params.role;
  if (typeof role !== 'string') return params;
  return { ...params, role: t(`roles.${role}`, { defaultValue: role }) };
}

/**
 * Whether `t` speaks English. The server's messages are English already (with their own plural
 * forms), so an English reader gets them exactly as the server wrote them; the catalogue serves
 * the other languages (and `en.ts` is the reference their texts are translated from).
 */
function english(t: AnyT): boolean {
  const lng = (t as { lng?: unknown }).lng;
  return typeof lng === 'string' && (lng === 'en' || lng.startsWith('en-'));
}

/** One problem of an error (a field, or a bulk file's row) in the reader's language; else its English message. */
export function errorDetailText(anyT: AnyT, detail: Detail): string {
  if (english(anyT) && detail.message) return detail.message;
  const t = untyped(anyT);
  const params = paramsOf(detail.params);
  return lookUp(t, detail.code, valuesOf(t, params)) ?? detail.message;
}

/**
 * What a failed call says, in the reader's language: the text of the error's `params.reason` or
 * its `code` (with the error's params, and `problems`: its details, translated one by one), or, for
 * a code this app has no text for, the server's own message (English), else `fallback`. An English
 * reader gets the server's message itself.
 */
export function errorText(anyT: AnyT, error: unknown, fallback = ''): string {
  const t = untyped(anyT);
  if (!isRecord(error)) return fallback;
  const params = paramsOf(error.params);
  const details = Array.isArray(error.details) ? (error.details as Detail[]) : [];
  const values: Params = {
    ...valuesOf(t, params),
    problems: details.map((d) => errorDetailText(t, d)).join('; '),
  };
  if (typeof error.traceId === 'string' && values.traceId === undefined) values.traceId = error.traceId;
  const message = typeof error.message === 'string' ? error.message : '';
  if (english(anyT) && message) return message;
  return lookUp(t, params.reason, values) ?? lookUp(t, error.code, values) ?? (message || fallback);
}

/** `errorText` bound to the current language, for components. */
export function useErrorText(): (error: unknown, fallback?: string) => string {
  const { t } = useTranslation();
  return (error, fallback) => errorText(t, error, fallback);
}

/** The translated problem an error names for one field (`path` without the `body.` prefix), if any. */
export function fieldErrorText(t: AnyT, error: unknown, path: string): string | undefined {
  if (!isRecord(error) || !Array.isArray(error.details)) return undefined;
  const detail = (error.details as Detail[]).find((d) => d.path === `body.${path}`);
  return detail ? errorDetailText(t, detail) : undefined;
}
