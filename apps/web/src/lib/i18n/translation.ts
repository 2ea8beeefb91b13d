/**
 * The shape of one namespace in another language: the English texts' keys, each a string. Plural
 * keys (`_one`, `_other`) are the same in our seven languages, so every file has exactly the English
 * keys; the typechecker refuses a missing or extra key, and `translations.test.ts` the placeholders.
 */
export type TTranslation<T> = { [K in keyof T]: T[K] extends string ? string : TTranslation<T[K]> };
