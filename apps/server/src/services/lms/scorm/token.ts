import { createHmac, timingSafeEqual } from 'node:crypto';

/**
 * The capability a SCORM player page and its files are served under on the content origin
 * (design §4 "SCORM isolation"): `{ packageId, parentOrigin, exp }`, signed with an HMAC-SHA256 of
 * the server's secret (a purpose prefix keeps it apart from the secret's other uses), for 4 hours.
 * The content origin has no session and no cookies: the token in the path is all it knows.
 */

export const SCORM_TOKEN_TTL_SECONDS = 4 * 60 * 60;

export type ScormTokenClaims = { packageId: string; parentOrigin: string; exp: number };

function sign(secret: string, payload: string): string {
  return createHmac('sha256', secret).update(`scorm-content|${payload}`).digest('base64url');
}

/** A token for `packageId` embedded by `parentOrigin`, valid for 4 hours from `now` (ms). */
export function signScormToken(
  secret: string,
  claims: { packageId: string; parentOrigin: string },
  now: number,
): { token: string; expiresAt: Date } {
  const exp = Math.floor(now / 1000) + SCORM_TOKEN_TTL_SECONDS;
  const payload = Buffer.from(JSON.stringify({ p: claims.packageId, o: claims.parentOrigin, e: exp })).toString(
    'base64url',
  );
  return { token: `${payload}.${sign(secret, payload)}`, expiresAt: new Date(exp * 1000) };
}

export type ScormTokenCheck = { ok: true; claims: ScormTokenClaims } | { ok: false; why: 'forged' | 'expired' };

/** Checks a token's signature and expiry at `now` (ms); a token that is not ours is `forged`. */
export function verifyScormToken(secret: string, token: string, now: number): ScormTokenCheck {
  const [payload, sig, ...rest] = token.split('.');
  if (!payload || !sig || rest.length > 0 || token.length > 2000) return { ok: false, why: 'forged' };
  const expected = Buffer.from(sign(secret, payload));
  const given = Buffer.from(sig);
  if (given.length !== expected.length || !timingSafeEqual(given, expected)) return { ok: false, why: 'forged' };
  let body: unknown;
  try {
    body = JSON.parse(Buffer.from(payload, 'base64url').toString('utf8'));
  } catch {
    return { ok: false, why: 'forged' };
  }
  const { p, o, e } = (body ?? {}) as { p?: unknown; o?: unknown; e?: unknown };
  if (typeof p !== 'string' || typeof o !== 'string' || typeof e !== 'number') return { ok: false, why: 'forged' };
  if (e * 1000 <= now) return { ok: false, why: 'expired' };
  return { ok: true, claims: { packageId: p, parentOrigin: o, exp: e } };
}
