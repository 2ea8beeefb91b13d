import type { FastifyRequest } from 'fastify';

/** The value of cookie `name` sent with the request, or null. */
export function readCookie(req: Pick<FastifyRequest, 'headers'>, name: string): string | null {
  const header = req.headers.cookie;
  if (!header) return null;
  for (const part of header.split(';')) {
    const eq = part.indexOf('=');
    if (eq < 0 || part.slice(0, eq).trim() !== name) continue;
    const raw = part.slice(eq + 1).trim();
    try {
      return decodeURIComponent(raw);
    } catch {
      return null;
    }
  }
  return null;
}

/** Attributes of a cookie the server sets; always HttpOnly. */
export type CookieOptions = { path: string; maxAgeSeconds: number; secure: boolean; sameSite: 'Lax' | 'Strict' };

/** A `Set-Cookie` header value (Max-Age 0 deletes the cookie). */
export function serializeCookie(name: string, value: string, opts: CookieOptions): string {
  return [
    `${name}=${encodeURIComponent(value)}`,
    `Path=${opts.path}`,
    `Max-Age=${opts.maxAgeSeconds}`,
    'HttpOnly',
    `SameSite=${opts.sameSite}`,
    ...(opts.secure ? ['Secure'] : []),
  ].join('; ');
}
