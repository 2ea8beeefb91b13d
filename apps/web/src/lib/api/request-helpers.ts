/** Which of the three services a call goes to. */
export type TService = 'main' | 'lms' | 'cms';

/** Base URL of each service, without a trailing slash. */
export type TBaseUrls = Record<TService, string>;

const DEFAULT_PREFIXES: TBaseUrls = { main: '/api', lms: '/lms/api', cms: '/cms/api' };

/**
 * Base URLs of the three services: the build-time `VITE_*_API_URL` overrides, else the same
 * origin with the default prefixes (so one build works on every workspace host).
 */
export function resolveBaseUrls(env: Partial<Record<string, string | undefined>>): TBaseUrls {
  const pick = (value: string | undefined, fallback: string) =>
    (value?.trim() ? value.trim() : fallback).replace(/\/+$/, '');
  return {
    main: pick(env.VITE_MAIN_API_URL, DEFAULT_PREFIXES.main),
    lms: pick(env.VITE_LMS_API_URL, DEFAULT_PREFIXES.lms),
    cms: pick(env.VITE_CMS_API_URL, DEFAULT_PREFIXES.cms),
  };
}

/**
 * The server's zero-based `pageNo` for a one-based page shown to people (spec §7: page minus one).
 * Anything below page 1 is sent as the first page.
 */
export function toPageNo(page: number): number {
  if (!Number.isFinite(page)) return 0;
  return Math.max(0, Math.trunc(page) - 1);
}

/**
 * A colour as the server wants it: six hex digits, upper case, without the leading '#'
 * (spec §5). Returns null for anything that is not a six-digit hex colour.
 */
export function toColorParam(color: string): string | null {
  const hex = color.trim().replace(/^#/, '');
  return /^[0-9a-fA-F]{6}$/.test(hex) ? hex.toUpperCase() : null;
}

/**
 * A fresh id for the `X-Trace-Id` header, so one request can be followed through the server's
 * logs. `crypto.randomUUID` exists only in secure contexts, so plain-http hosts get a v4 UUID
 * built from `getRandomValues`.
 */
export function newTraceId(
  cryptoImpl: Pick<Crypto, 'getRandomValues'> & Partial<Pick<Crypto, 'randomUUID'>> = crypto,
): string {
  if (typeof cryptoImpl.randomUUID === 'function') return cryptoImpl.randomUUID();
  const bytes = cryptoImpl.getRandomValues(new Uint8Array(16));
  bytes[6] = (bytes[6]! & 0x0f) | 0x40;
  bytes[8] = (bytes[8]! & 0x3f) | 0x80;
  const hex = Array.from(bytes, (b) => b.toString(16).padStart(2, '0')).join('');
  return `${hex.slice(0, 8)}-${hex.slice(8, 12)}-${hex.slice(12, 16)}-${hex.slice(16, 20)}-${hex.slice(20)}`;
}

/**
 * Seconds to wait from a `Retry-After` header, which is either a number of seconds or an HTTP
 * date. Null when absent or unreadable.
 */
export function parseRetryAfter(value: string | null, now: number = Date.now()): number | null {
  if (!value) return null;
  const trimmed = value.trim();
  if (/^\d+$/.test(trimmed)) return Number(trimmed);
  const at = Date.parse(trimmed);
  if (Number.isNaN(at)) return null;
  return Math.max(0, Math.ceil((at - now) / 1000));
}
