/** Paths that must never be the destination after sign-in (they would loop back to the form). */
const SIGN_IN_PATHS = new Set(['/signin', '/workspace/signin', '/identify', '/signin-password', '/signin-mobile']);

/**
 * The `redirect` query parameter as a same-host path, or null when it is missing or could send
 * the person elsewhere: it must start with a single '/', and must not be protocol-relative ('//'),
 * an absolute URL, contain backslashes (browsers read '/\' as '//') or control characters
 * (browsers drop tabs and newlines, turning '/\t/evil' into '//evil').
 */
export function safeRedirectPath(raw: string | null | undefined): string | null {
  if (typeof raw !== 'string' || raw.length === 0 || raw.length > 2048) return null;
  if (!raw.startsWith('/') || raw.startsWith('//')) return null;
  if (raw.includes('\\')) return null;
  // biome-ignore lint/suspicious/noControlCharactersInRegex: rejecting control characters is the point.
  if (/[\u0000-\u001F\u007F\s]/.test(raw)) return null;

  const base = 'https://same-host.invalid';
  let url: URL;
  try {
    url = new URL(raw, base);
  } catch {
    return null;
  }
  if (url.origin !== base) return null;
  // Dot segments can collapse into '//' ('/..//evil.example'): check the normalised path again.
  if (url.pathname.startsWith('//') || SIGN_IN_PATHS.has(url.pathname)) return null;
  return `${url.pathname}${url.search}${url.hash}`;
}
