import type { TLanguage } from '@app/contract';

/** A text of a workflow (a label, a title) in `language`, else English. */
export const textIn = (text: Partial<Record<TLanguage, string>>, language: TLanguage): string =>
  text[language] || text.en || '';
