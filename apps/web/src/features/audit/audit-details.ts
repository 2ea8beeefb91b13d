/** The i18n key of an action (`user.profile_image.updated` → `user_profile_image_updated`). */
export const actionKey = (action: string) => action.replace(/[.-]/g, '_');

/** One line of an entry's details: a field and its value before and after (a missing side: undefined). */
export type TChange = { field: string; before?: string; after?: string };

const show = (v: unknown): string => {
  if (v === null || v === undefined) return '—';
  if (typeof v === 'string') return v || '—';
  if (typeof v === 'number' || typeof v === 'boolean') return String(v);
  return JSON.stringify(v);
};

const isRecord = (v: unknown): v is Record<string, unknown> => typeof v === 'object' && v !== null && !Array.isArray(v);

/**
 * An entry's details as lines a person can read: with a `before` and an `after` record, only the
 * fields that changed (a creation: every field after; a deletion: every field before); anything
 * else the entry recorded (a count, a reason) one line per field. Never throws on odd shapes.
 */
export function changesOf(details: Record<string, unknown> | null): TChange[] {
  if (!details) return [];
  const lines: TChange[] = [];
  const { before, after, ...rest } = details;
  if (isRecord(before) || isRecord(after)) {
    const b = isRecord(before) ? before : {};
    const a = isRecord(after) ? after : {};
    for (const field of [...new Set([...Object.keys(b), ...Object.keys(a)])]) {
      const was = JSON.stringify(b[field]);
      const is = JSON.stringify(a[field]);
      if (was === is) continue;
      lines.push({
        field,
        ...(field in b ? { before: show(b[field]) } : {}),
        ...(field in a ? { after: show(a[field]) } : {}),
      });
    }
  } else {
    if (before !== undefined) lines.push({ field: 'before', after: show(before) });
    if (after !== undefined) lines.push({ field: 'after', after: show(after) });
  }
  for (const [field, value] of Object.entries(rest)) lines.push({ field, after: show(value) });
  return lines;
}

const UUID_IN_TEXT = /[0-9a-f]{8}-[0-9a-f]{4}-[0-9a-f]{4}-[0-9a-f]{4}-[0-9a-f]{12}/gi;

/**
 * A detail's value as a person reads it: every id the server named (a course, a person, a business
 * unit, a department: the entry's `names`) replaced by its name; an id it could not name stays.
 */
export function withNames(value: string | undefined, names: Readonly<Record<string, string>>): string | undefined {
  return value?.replace(UUID_IN_TEXT, (id) => names[id.toLowerCase()] ?? names[id] ?? id);
}
