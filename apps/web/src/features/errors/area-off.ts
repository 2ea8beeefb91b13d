import type { TWhiteLabel } from '@app/contract';
import { ApiError } from '../../lib/api/api-error.ts';

/** The server's code for a route of an area the workspace has switched off. */
export const AREA_SWITCHED_OFF = 'AREA_SWITCHED_OFF';

const AREAS: readonly (keyof TWhiteLabel)[] = ['cms', 'lms', 'concernedAuthority', 'policies', 'compliance'];

/**
 * The area a refusal names when the workspace has switched it off (`AREA_SWITCHED_OFF`, the area in
 * `details` under path `area`): `unknown` for an area this app does not know yet, null for any other error.
 */
export function switchedOffArea(error: unknown): keyof TWhiteLabel | 'unknown' | null {
  if (!(error instanceof ApiError) || error.code !== AREA_SWITCHED_OFF) return null;
  const area = error.details?.find((d) => d.path === 'area')?.message;
  return AREAS.find((a) => a === area) ?? 'unknown';
}
