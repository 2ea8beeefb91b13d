import type { TAttribute, TAttributeType, TComponent, TLanguage } from '@app/contract';

/* The form tab's pure rules: orders, condition sources, option keys, missing translations. */

/** Types a condition can depend on: an option chosen, or a tick. */
export const CONDITION_SOURCE_TYPES: readonly TAttributeType[] = [
  'SINGLE_SELECT',
  'MULTI_SELECT',
  'CHECKBOX_WITH_TEXT',
];
/** Types with options. */
export const OPTION_TYPES: readonly TAttributeType[] = ['SINGLE_SELECT', 'MULTI_SELECT', 'MATCHING'];

/** `ids` with the item at `from` moved to `to` (both clamped). */
export function moveItem<T>(ids: readonly T[], from: number, to: number): T[] {
  const next = [...ids];
  if (from < 0 || from >= next.length) return next;
  const target = Math.max(0, Math.min(next.length - 1, to));
  const [moved] = next.splice(from, 1);
  next.splice(target, 0, moved as T);
  return next;
}

export const sameOrder = <T>(a: readonly T[], b: readonly T[]) =>
  a.length === b.length && a.every((x, i) => x === b[i]);

/** Every field in form order (groups by position, fields by position). */
export function fieldsInOrder(components: readonly TComponent[]): TAttribute[] {
  return [...components]
    .sort((a, b) => a.position - b.position)
    .flatMap((c) => [...c.attributes].sort((a, b) => a.position - b.position));
}

/**
 * The fields a field may depend on: selects and checkboxes that come before it. For a field being
 * added (`attributeId` null) to group `componentId`, it will be last in that group: every such field
 * of the groups up to and including that one.
 */
export function conditionSources(
  components: readonly TComponent[],
  componentId: string,
  attributeId: string | null,
): TAttribute[] {
  const sorted = [...components].sort((a, b) => a.position - b.position);
  const found: TAttribute[] = [];
  for (const component of sorted) {
    const fields = [...component.attributes].sort((a, b) => a.position - b.position);
    for (const field of fields) {
      if (field.id === attributeId) return found;
      if (CONDITION_SOURCE_TYPES.includes(field.type)) found.push(field);
    }
    if (component.id === componentId && attributeId === null) return found;
  }
  return found;
}

/**
 * A key for a new option from its English label: upper case letters, digits and `_`, starting with
 * a letter, unique among `taken` (a suffix `_2`, `_3`… when it is not).
 */
export function optionKey(label: string, taken: readonly string[]): string {
  let base = label
    .normalize('NFKD')
    .replace(/[\u0300-\u036f]/g, '')
    .toUpperCase()
    .replace(/[^A-Z0-9]+/g, '_')
    .replace(/^_+|_+$/g, '')
    .slice(0, 56);
  if (!base) base = 'OPTION';
  if (!/^[A-Z]/.test(base)) base = `O_${base}`.slice(0, 56);
  let key = base;
  for (let n = 2; taken.includes(key); n++) key = `${base}_${n}`;
  return key;
}

/** The languages of `languages` (English left out: it is required anyway) that `text` lacks. */
export function missingLanguages(
  text: Partial<Record<TLanguage, string | undefined>>,
  languages: readonly TLanguage[],
) {
  return languages.filter((l) => l !== 'en' && !text[l]?.trim());
}

/** Drops empty translations (the contract wants a language left out rather than empty). */
export function cleanText<T extends Partial<Record<TLanguage, string | undefined>>>(text: T): T {
  return Object.fromEntries(
    Object.entries(text)
      .map(([l, v]) => [l, typeof v === 'string' ? v.trim() : v])
      .filter(([, v]) => typeof v === 'string' && v !== ''),
  ) as T;
}
