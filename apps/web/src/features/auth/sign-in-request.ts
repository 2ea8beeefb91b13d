import type { TUserDetailsResponse } from '@app/contract';
import { EMAIL_PATTERN, type TSignInRequest } from '@app/contract';
import { ApiError } from '../../lib/api/api-error.ts';
import { safeRedirectPath } from '../../lib/safe-redirect.ts';
import type { TFieldMessages } from '../common/contract-form.ts';

/**
 * The sign-in call's body: an identifier that looks like an email is sent as `userEmail`,
 * anything else (username, employee id) as `username` (spec §5).
 */
export function toSignInRequest(identifier: string, password: string): TSignInRequest {
  const id = identifier.trim();
  return EMAIL_PATTERN.test(id) ? { userEmail: id, userPassword: password } : { username: id, userPassword: password };
}

/** The sign-in form's inputs: one identifier (email or username) and the password. */
export type TSignInValues = { identifier: string; password: string };

/** Which input shows a problem with each request field of ZSignInRequest. */
export const SIGN_IN_FIELD_OF = { userEmail: 'identifier', username: 'identifier', userPassword: 'password' };

/**
 * What the sign-in form says when ZSignInRequest refuses its request: its own texts for a missing
 * identifier or password (`signin.errors.*`), the generic ones for anything else (too long).
 */
export function signInMessages(texts: { identifierRequired: string; passwordRequired: string }): TFieldMessages {
  return {
    userEmail: (issue) => (issue.code === 'custom' ? texts.identifierRequired : undefined),
    username: (issue) => (issue.code === 'too_small' ? texts.identifierRequired : undefined),
    userPassword: (issue) => (issue.code === 'too_small' ? texts.passwordRequired : undefined),
  };
}

/**
 * Where to go once signed in: the `redirect` parameter when it is a safe same-host path, else
 * the dashboard. On the platform host only the operator stays; everyone else picks a workspace.
 */
export function signInDestination(input: {
  redirect: string | null;
  isPlatformHost: boolean;
  platformRole: TUserDetailsResponse['user']['platformRole'];
}): string {
  if (input.isPlatformHost && input.platformRole !== 'PLATFORM_ADMIN') return '/workspace/signin';
  return safeRedirectPath(input.redirect) ?? '/dashboard';
}

/** Keys of the sign-in and account error messages (under `signin.errors`). */
export type TAuthErrorKey =
  | 'invalidCredentials'
  | 'invalidCode'
  | 'invalidHandoff'
  | 'invalidLink'
  | 'passwordTooCommon'
  | 'inviteExpired'
  | 'inviteUsed'
  | 'inviteNotFound'
  | 'inviteNoLongerValid'
  | 'rateLimited'
  | 'rateLimitedNoTime'
  | 'network'
  | 'validation'
  | 'unexpected';

/** Server error codes with a message of their own. */
const CODE_KEYS: Record<string, TAuthErrorKey> = {
  INVALID_CREDENTIALS: 'invalidCredentials',
  INVALID_CODE: 'invalidCode',
  INVALID_HANDOFF: 'invalidHandoff',
  INVALID_LINK: 'invalidLink',
  PASSWORD_TOO_COMMON: 'passwordTooCommon',
  INVITE_EXPIRED: 'inviteExpired',
  INVITE_USED: 'inviteUsed',
  INVITE_NOT_FOUND: 'inviteNotFound',
  INVITE_NO_LONGER_VALID: 'inviteNoLongerValid',
};

/**
 * Which message a failed sign-in, code or account call shows, and its values. Every 401 without
 * a code of its own reads as wrong credentials: the message never says which part was wrong.
 */
export function describeAuthError(error: unknown): { key: TAuthErrorKey; seconds?: number } {
  if (!(error instanceof ApiError)) return { key: 'unexpected' };
  if (error.isNetworkError) return { key: 'network' };
  const known = CODE_KEYS[error.code];
  if (known) return { key: known };
  if (error.status === 401) return { key: 'invalidCredentials' };
  if (error.status === 429) {
    return error.retryAfterSeconds !== null && error.retryAfterSeconds > 0
      ? { key: 'rateLimited', seconds: error.retryAfterSeconds }
      : { key: 'rateLimitedNoTime' };
  }
  if (error.status === 400 || error.status === 422) return { key: 'validation' };
  return { key: 'unexpected' };
}

/**
 * The request fields a 400 names in its details: the first segment of each path, after the part
 * of the request it is in (`body.userNewPassword` → `userNewPassword`).
 */
export function invalidFields(error: unknown): Set<string> {
  if (!(error instanceof ApiError) || !error.details) return new Set();
  return new Set(
    error.details.map((d) => {
      const segments = d.path.split('.');
      const start = ['body', 'params', 'querystring'].includes(segments[0] ?? '') ? 1 : 0;
      return segments[start] ?? d.path;
    }),
  );
}

/** The one-time hand-off id in a `#handoff=…` URL fragment, or null. */
export function readHandoffId(hash: string): string | null {
  const id = new URLSearchParams(hash.replace(/^#/, '')).get('handoff');
  return id && /^[A-Za-z0-9_-]{8,256}$/.test(id) ? id : null;
}
