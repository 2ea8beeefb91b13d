import type { TUserDetailsResponse } from '@app/contract';
import { EMAIL_PATTERN, type TSignInRequest } from '@app/contract';
import { ApiError } from '../../lib/api/api-error.ts';
import { safeRedirectPath } from '../../lib/safe-redirect.ts';

/**
 * The sign-in call's body: an identifier that looks like an email is sent as `userEmail`,
 * anything else (username, employee id) as `username` (spec §5).
 */
export function toSignInRequest(identifier: string, password: string): TSignInRequest {
  const id = identifier.trim();
  return EMAIL_PATTERN.test(id) ? { userEmail: id, userPassword: password } : { username: id, userPassword: password };
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

/** Keys of the sign-in error messages (under `signin.errors`). */
export type TSignInErrorKey =
  | 'invalidCredentials'
  | 'rateLimited'
  | 'rateLimitedNoTime'
  | 'network'
  | 'validation'
  | 'unexpected';

/** Which message a failed sign-in shows, and its values. */
export function describeSignInError(error: unknown): { key: TSignInErrorKey; seconds?: number } {
  if (!(error instanceof ApiError)) return { key: 'unexpected' };
  if (error.isNetworkError) return { key: 'network' };
  if (error.status === 401 || error.code === 'INVALID_CREDENTIALS') return { key: 'invalidCredentials' };
  if (error.status === 429) {
    return error.retryAfterSeconds !== null && error.retryAfterSeconds > 0
      ? { key: 'rateLimited', seconds: error.retryAfterSeconds }
      : { key: 'rateLimitedNoTime' };
  }
  if (error.status === 400 || error.status === 422) return { key: 'validation' };
  return { key: 'unexpected' };
}
