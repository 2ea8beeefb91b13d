/*
 * Keys and order, shared by every part of the builder (the form's groups and fields, stages, steps,
 * meeting fields, actions): one way to make a stable key from a label, one way to place an id in an order.
 */

/**
 * `ids` in their new order once `id` is placed at `position` (0-based; past the end: last). `id`
 * may be new (not in `ids`) or moved.
 */
export function placeAt(ids: readonly string[], id: string, position: number | undefined): string[] {
  const rest = ids.filter((x) => x !== id);
  const at = position === undefined ? rest.length : Math.max(0, Math.min(position, rest.length));
  return [...rest.slice(0, at), id, ...rest.slice(at)];
}

/**
 * A stable key made from an English text: upper case letters, digits and `_`, starting with a
 * letter, at most 64 characters (contract `ZWorkflowKey`), made unique against `taken` with `_2`,
 * `_3`, …; `fallback` when the text has no latin letter or digit.
 */
export function keyFrom(text: string, taken: ReadonlySet<string>, fallback: string): string {
  let base = text
    .normalize('NFKD')
    .replace(/[\u0300-\u036f]/g, '')
    .toUpperCase()
    .replace(/[^A-Z0-9]+/g, '_')
    .replace(/^[_0-9]+|_+$/g, '')
    .slice(0, 56)
    .replace(/_+$/, '');
  if (!base) base = fallback;
  if (!taken.has(base)) return base;
  for (let n = 2; ; n++) {
    const key = `${base}_${n}`;
    if (!taken.has(key)) return key;
  }
}
