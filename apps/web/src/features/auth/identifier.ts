import { EMAIL_PATTERN, type TAppConfig, type TCompanyProfile } from '@app/contract';

/** What kind of identifier a person typed on /identify. */
export type TIdentifierKind = 'email' | 'phone' | 'digits' | 'username';

/** A way to sign in that /identify can offer. */
export type TSignInMethod = 'password' | 'emailCode' | 'smsCode' | 'GOOGLE' | 'MICROSOFT';

/** An OpenID provider a workspace may offer. */
export type TOidcProvider = 'GOOGLE' | 'MICROSOFT';

/**
 * Reads the identifier's kind from its shape alone (the server is never asked whether an account
 * exists, so nothing can be learned about who has one): an email pattern is an email (spec §5);
 * '+' followed by digits is a phone number; digits alone (10 or more, spaces and dashes allowed)
 * could be a phone number typed without its country code or a numeric employee id; anything
 * else is a username. Null when empty.
 */
export function identifierKind(raw: string): TIdentifierKind | null {
  const value = raw.trim();
  if (!value) return null;
  if (EMAIL_PATTERN.test(value)) return 'email';
  if (/^\+[\d\s()-]+$/.test(value)) return 'phone';
  if (/^[\d\s()-]+$/.test(value) && value.replace(/\D/g, '').length >= 10) return 'digits';
  return 'username';
}

/** OpenID providers to offer here: configured on the server and enabled by this workspace. */
export function offeredProviders(
  appConfig: Pick<TAppConfig, 'oidcProviders'>,
  profile: Pick<TCompanyProfile, 'socialPlatformSet'> | null,
): TOidcProvider[] {
  if (!profile) return [];
  return (['GOOGLE', 'MICROSOFT'] as const).filter(
    (p) => appConfig.oidcProviders.includes(p) && profile.socialPlatformSet.includes(p),
  );
}

/**
 * The methods that apply to an identifier of this kind: an email can use a password, a mailed
 * code and the workspace's OpenID providers; a username only a password; a phone number a
 * texted code; bare digits either (as a phone number or as a username).
 */
export function signInMethodsFor(kind: TIdentifierKind, providers: readonly TOidcProvider[]): TSignInMethod[] {
  switch (kind) {
    case 'email':
      return ['password', 'emailCode', ...providers];
    case 'phone':
      return ['smsCode'];
    case 'digits':
      return ['smsCode', 'password'];
    case 'username':
      return ['password'];
  }
}

/**
 * Builds an in-app link with query parameters, leaving out empty ones (used to carry the
 * identifier and the `redirect` target from one sign-in page to the next).
 */
export function authHref(path: string, params: Record<string, string | null | undefined>): string {
  const search = new URLSearchParams();
  for (const [key, value] of Object.entries(params)) {
    if (value) search.set(key, value);
  }
  const query = search.toString();
  return query ? `${path}?${query}` : path;
}
