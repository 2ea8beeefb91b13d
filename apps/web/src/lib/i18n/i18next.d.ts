import 'i18next';
import type { en } from './en.locale.ts';

declare module 'i18next' {
  /** Makes `t()` keys checked against the English texts. */
  interface CustomTypeOptions {
    defaultNS: 'translation';
    resources: { translation: typeof en };
  }
}
