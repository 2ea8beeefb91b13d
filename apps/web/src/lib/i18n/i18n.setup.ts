import i18n, { type BackendModule } from 'i18next';
import { initReactI18next } from 'react-i18next';
import commonEn from './common/en.ts';
import errorsEn from './errors/en.ts';
import { isUiLanguage, NAMESPACES, type TNamespace, type TUiLanguage, UI_LANGUAGES } from './namespaces.ts';

export { type TUiLanguage, UI_LANGUAGES } from './namespaces.ts';

const LANGUAGE_STORAGE_KEY = 'compliance.language';

function storedLanguage(): TUiLanguage {
  try {
    const value = window.localStorage.getItem(LANGUAGE_STORAGE_KEY);
    if (isUiLanguage(value)) return value;
  } catch {
    // No storage: use the default language.
  }
  return 'en';
}

function isNamespace(value: string): value is TNamespace {
  return Object.hasOwn(NAMESPACES, value);
}

/** Hands i18next a namespace's texts in one language, fetched as its own chunk on first use. */
const namespaceBackend: BackendModule = {
  type: 'backend',
  init() {},
  read(language, namespace, callback) {
    if (!isUiLanguage(language) || !isNamespace(namespace)) {
      callback(new Error(`No texts for ${language}/${namespace}`), false);
      return;
    }
    NAMESPACES[namespace](language).then(
      (module) => callback(null, module.default),
      (error: unknown) => callback(error instanceof Error ? error : new Error(String(error)), false),
    );
  },
};

/**
 * Starts i18next with the remembered language and keeps `<html lang>` in step with it. English
 * `common` and `errors` are in the first bundle (every language's fallback, and what the first
 * screen may need: an English page then waits for no texts chunk before it starts); the rest is
 * fetched when needed. Resolves once the shell's texts are there, so render after it.
 */
export async function setUpI18n() {
  i18n.on('languageChanged', (language) => {
    document.documentElement.lang = language;
    document.documentElement.dir = i18n.dir(language);
  });
  await i18n
    .use(namespaceBackend)
    .use(initReactI18next)
    .init({
      resources: { en: { common: commonEn, errors: errorsEn } },
      partialBundledLanguages: true,
      lng: storedLanguage(),
      fallbackLng: 'en',
      supportedLngs: UI_LANGUAGES,
      // `errors` too: a server's error can come on any page.
      ns: ['common', 'errors'],
      defaultNS: 'common',
      fallbackNS: 'common',
      interpolation: { escapeValue: false },
    });
  return i18n;
}

/** Loads the texts a page needs (in the current language and English) before it is shown. */
export function loadNamespaces(namespaces: readonly TNamespace[]) {
  return i18n.loadNamespaces([...namespaces]);
}

/** Switches the language (after fetching the loaded namespaces in it) and remembers the choice. */
export function setLanguage(language: TUiLanguage) {
  try {
    window.localStorage.setItem(LANGUAGE_STORAGE_KEY, language);
  } catch {
    // The choice then lasts until the page is reloaded.
  }
  void i18n.changeLanguage(language);
}

/** The language now shown, as one of ours. */
export function currentLanguage(): TUiLanguage {
  return isUiLanguage(i18n.resolvedLanguage) ? i18n.resolvedLanguage : 'en';
}

/**
 * On a workspace host that does not offer the language shown (a French choice kept by this
 * browser, on an Indian workspace's host), shows English instead without forgetting the choice:
 * a host that offers it shows it again.
 */
export function keepToOffered(offered: readonly string[]) {
  if (!offered.includes(currentLanguage())) void i18n.changeLanguage('en');
}
