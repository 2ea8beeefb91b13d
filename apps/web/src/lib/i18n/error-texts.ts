import type { i18n as I18n } from 'i18next';
import { ERRORS_NAMESPACE } from './error-text.ts';
import en from './errors/en.ts';
import hi from './errors/hi.ts';
import kn from './errors/kn.ts';
import mr from './errors/mr.ts';
import ta from './errors/ta.ts';
import te from './errors/te.ts';

/**
 * The error texts of every language at once, for tests (the app loads one language's file as the
 * `errors` namespace when needed: lib/i18n/namespaces.ts).
 */
export const ERROR_TEXTS = { en, hi, kn, te, ta, mr } as const;

/** Adds the `errors` namespace in every language to an i18next instance. */
export function registerErrorTexts(i18n: Pick<I18n, 'addResourceBundle'>): void {
  for (const [language, texts] of Object.entries(ERROR_TEXTS)) {
    i18n.addResourceBundle(language, ERRORS_NAMESPACE, texts, true, false);
  }
}
