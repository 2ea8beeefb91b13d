import 'i18next';
import type { TResources } from './namespaces.ts';

declare module 'i18next' {
  /**
   * Makes `t()` keys checked against the English texts. A page names its namespace
   * (`useTranslation('users')`); keys of `common` work everywhere (it is the fallback namespace).
   */
  interface CustomTypeOptions {
    defaultNS: 'common';
    fallbackNS: 'common';
    resources: TResources;
  }
}
