import { LANGUAGES, type TLanguage } from './common.ts';
import type { TCountry } from './time-zones.ts';

/**
 * The languages a workspace offers, by its country: wherever a language is chosen for a workspace
 * (a person's language, an invitation's, the languages of the workspace's own course, the sign-in
 * pages' switcher) only these are offered, and the server refuses the others with
 * `LANGUAGE_NOT_OFFERED`. English first: it is every workspace's fallback. The operator's catalogue
 * (the platform host) may use all of `LANGUAGES`.
 */
export const COUNTRY_LANGUAGES = {
  IN: ['en', 'hi', 'kn', 'te', 'ta', 'mr'],
  CA: ['en', 'fr'],
} as const satisfies Record<TCountry, readonly TLanguage[]>;

/** The languages offered where `country` applies; every language on the platform host (no country). */
export function offeredLanguages(country: TCountry | null | undefined): readonly TLanguage[] {
  return country ? COUNTRY_LANGUAGES[country] : LANGUAGES;
}

/** Whether `language` is offered in a workspace of `country` (any language on the platform host). */
export function isOfferedLanguage(language: string, country: TCountry | null | undefined): language is TLanguage {
  return (offeredLanguages(country) as readonly string[]).includes(language);
}

/**
 * The language to use for a person in a workspace of `country`: their own when it is offered
 * there, else English (an account keeps its choice; a workspace that does not offer it speaks English).
 */
export function languageIn(language: string | null | undefined, country: TCountry | null | undefined): TLanguage {
  return language && isOfferedLanguage(language, country) ? language : 'en';
}
