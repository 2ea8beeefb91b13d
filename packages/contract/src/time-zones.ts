import { z } from 'zod';

/** The countries a workspace may be in (which rules apply), and the time zone a new one there gets. */
export const COUNTRY_TIME_ZONES = { IN: 'Asia/Kolkata', CA: 'America/Toronto' } as const;
export const ZCountry = z.enum(['IN', 'CA']);
export type TCountry = z.infer<typeof ZCountry>;

/**
 * The zones the web offers for a workspace (a workspace may hold any other IANA zone set through
 * the API): India's one, Canada's from east to west, and UTC.
 */
export const OFFERED_TIME_ZONES = [
  'Asia/Kolkata',
  'America/St_Johns',
  'America/Halifax',
  'America/Toronto',
  'America/Winnipeg',
  'America/Regina',
  'America/Edmonton',
  'America/Vancouver',
  'UTC',
] as const;

/**
 * Whether `zone` is an IANA time-zone name the runtime knows (`Asia/Kolkata`, `UTC`); offsets
 * (`+05:30`) and abbreviations (`IST`, `EST`: ambiguous) are refused.
 */
export function isTimeZone(zone: string): boolean {
  if (zone.length > 64 || !/^[A-Za-z][A-Za-z0-9_+-]*(\/[A-Za-z0-9_+-]+)*$/.test(zone)) return false;
  if (/^[A-Z]{2,5}$/.test(zone) && zone !== 'UTC') return false;
  try {
    new Intl.DateTimeFormat('en', { timeZone: zone });
    return true;
  } catch {
    return false;
  }
}

/** An IANA time-zone name, e.g. `Asia/Kolkata` or `America/Toronto`. */
export const ZTimeZone = z.string().refine(isTimeZone, 'must be an IANA time zone such as Asia/Kolkata');
