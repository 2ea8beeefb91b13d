/** `items` as one phrase in `language`'s way of listing ("A, B and C", "A, B और C"). */
export function listOf(language: string, items: readonly string[]): string {
  return new Intl.ListFormat(language, { type: 'conjunction' }).format(items);
}
