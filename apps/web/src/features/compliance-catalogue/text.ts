/** A translated text's value in `language`, else English (the catalogue's texts are `{ en, hi, … }`). */
export function inLanguage(text: Record<string, string>, language: string): string {
  const short = language.split('-')[0] ?? 'en';
  return text[short] || text.en || '';
}

/** The catalogue's languages, English first (the contract's seven). */
export const TEXT_LANGUAGES = ['en', 'hi', 'kn', 'te', 'ta', 'mr', 'fr'] as const;
export type TTextLanguage = (typeof TEXT_LANGUAGES)[number];
