import i18n from 'i18next';
import { initReactI18next } from 'react-i18next';
import { en } from './en.locale.ts';
import { registerErrorTexts } from './errors/error-text.ts';
import { hi } from './hi.locale.ts';

/** Languages the web app is translated into so far (the spec lists more for course content). */
export const UI_LANGUAGES = ['en', 'hi'] as const;
export type TUiLanguage = (typeof UI_LANGUAGES)[number];

const LANGUAGE_STORAGE_KEY = 'compliance.language';

function isUiLanguage(value: unknown): value is TUiLanguage {
  return typeof value === 'string' && (UI_LANGUAGES as readonly string[]).includes(value);
}

function storedLanguage(): TUiLanguage {
  try {
    const value = window.localStorage.getItem(LANGUAGE_STORAGE_KEY);
    if (isUiLanguage(value)) return value;
  } catch {
    // No storage: use the default language.
  }
  return 'en';
}

/** Starts i18next with the remembered language and keeps `<html lang>` in step with it. */
export function setUpI18n() {
  i18n.on('languageChanged', (language) => {
    document.documentElement.lang = language;
    document.documentElement.dir = i18n.dir(language);
  });
  void i18n.use(initReactI18next).init({
    resources: { en: { translation: en }, hi: { translation: hi } },
    lng: storedLanguage(),
    fallbackLng: 'en',
    supportedLngs: UI_LANGUAGES,
    interpolation: { escapeValue: false },
    initAsync: false,
  });
  registerErrorTexts(i18n);
  return i18n;
}

/** Switches the language and remembers the choice on this host. */
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
