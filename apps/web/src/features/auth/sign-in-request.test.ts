import { describe, expect, it } from 'vitest';
import { ApiError } from '../../lib/api/api-error.ts';
import { describeSignInError, signInDestination, toSignInRequest } from './sign-in-request.ts';

describe('toSignInRequest', () => {
  it('sends an email-looking identifier as userEmail', () => {
    expect(toSignInRequest('  asha@acme.test ', 'pw')).toEqual({ userEmail: 'asha@acme.test', userPassword: 'pw' });
    expect(toSignInRequest('first.last+tag@mail.example.co.in', 'pw')).toHaveProperty('userEmail');
  });
  it('sends anything else as username', () => {
    expect(toSignInRequest('asha.rao', 'pw')).toEqual({ username: 'asha.rao', userPassword: 'pw' });
    expect(toSignInRequest('EMP-00042', 'pw')).toEqual({ username: 'EMP-00042', userPassword: 'pw' });
    expect(toSignInRequest('asha@acme', 'pw')).toEqual({ username: 'asha@acme', userPassword: 'pw' });
    expect(toSignInRequest('+919876543210', 'pw')).toHaveProperty('username');
  });
  it('never trims the password', () => {
    expect(toSignInRequest('asha', ' pw ').userPassword).toBe(' pw ');
  });
});

describe('signInDestination', () => {
  const workspace = { isPlatformHost: false, platformRole: null };
  it('goes to a safe redirect on a workspace host', () => {
    expect(signInDestination({ ...workspace, redirect: '/courses?tab=due' })).toBe('/courses?tab=due');
  });
  it('ignores unsafe redirects and defaults to the dashboard', () => {
    expect(signInDestination({ ...workspace, redirect: null })).toBe('/dashboard');
    expect(signInDestination({ ...workspace, redirect: 'https://evil.example' })).toBe('/dashboard');
    expect(signInDestination({ ...workspace, redirect: '//evil.example' })).toBe('/dashboard');
  });
  it('sends everyone but the operator to the workspace chooser on the platform host', () => {
    expect(signInDestination({ isPlatformHost: true, platformRole: null, redirect: '/dashboard' })).toBe(
      '/workspace/signin',
    );
    expect(signInDestination({ isPlatformHost: true, platformRole: 'PLATFORM_ADMIN', redirect: null })).toBe(
      '/dashboard',
    );
    expect(
      signInDestination({ isPlatformHost: true, platformRole: 'PLATFORM_ADMIN', redirect: '/platform/feature-flags' }),
    ).toBe('/platform/feature-flags');
  });
});

describe('describeSignInError', () => {
  const apiError = (status: number, code: string, retryAfterSeconds: number | null = null) =>
    new ApiError({ status, code, message: 'x' }, { retryAfterSeconds });

  it('names wrong credentials without saying which part was wrong', () => {
    expect(describeSignInError(apiError(401, 'INVALID_CREDENTIALS'))).toEqual({ key: 'invalidCredentials' });
  });
  it('passes on how long to wait when rate limited', () => {
    expect(describeSignInError(apiError(429, 'RATE_LIMITED', 30))).toEqual({ key: 'rateLimited', seconds: 30 });
    expect(describeSignInError(apiError(429, 'RATE_LIMITED'))).toEqual({ key: 'rateLimitedNoTime' });
  });
  it('tells a network failure from a server failure', () => {
    expect(describeSignInError(apiError(0, 'NETWORK_ERROR'))).toEqual({ key: 'network' });
    expect(describeSignInError(apiError(500, 'INTERNAL'))).toEqual({ key: 'unexpected' });
    expect(describeSignInError(apiError(400, 'VALIDATION_FAILED'))).toEqual({ key: 'validation' });
    expect(describeSignInError(new Error('boom'))).toEqual({ key: 'unexpected' });
  });
});
