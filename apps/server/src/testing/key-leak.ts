/** The property names a learner must never receive: answer-key fields (docs/learning-design.md §4). */
export const KEY_FIELDS: ReadonlySet<string> = new Set(['correct', 'key', 'accepted', 'pairs', 'mustBeChecked']);

/** The JSON paths of every key-field property anywhere in `value` (empty when none). */
export function keyFieldsIn(value: unknown, path = '$'): string[] {
  if (Array.isArray(value)) return value.flatMap((v, i) => keyFieldsIn(v, `${path}[${i}]`));
  if (value && typeof value === 'object')
    return Object.entries(value).flatMap(([k, v]) => [
      ...(KEY_FIELDS.has(k) ? [`${path}.${k}`] : []),
      ...keyFieldsIn(v, `${path}.${k}`),
    ]);
  return [];
}
