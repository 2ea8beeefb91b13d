import { isBuiltArea, type TWhiteLabelArea } from '@app/contract';
import { formatDate } from '../../lib/dates.ts';

/** A contract's day (`YYYY-MM-DD`) in the reader's language, as that day (no time zone shift). */
export function formatPlainDate(day: string, language: string): string {
  return formatDate(`${day}T12:00:00Z`, language, 'UTC');
}

/** A tinted badge keeps the text colour, which has its contrast on every tint (axe). */
export const READABLE_BADGE = {
  root: { color: 'var(--mantine-color-text)', height: 'auto', minHeight: 20, paddingBlock: 2 },
  // The whole state, wrapped if need be: a badge that ends in "…" tells the operator nothing.
  label: { whiteSpace: 'normal', overflow: 'visible', textOverflow: 'clip', lineHeight: 1.3 },
} as const;

/**
 * The areas worth naming: switched on and built (`isBuiltArea`). An area not built yet is on by
 * default for every workspace, and naming it would say the customer has something that does not exist.
 */
export const builtAreas = (areas: readonly TWhiteLabelArea[]): TWhiteLabelArea[] => areas.filter(isBuiltArea);
