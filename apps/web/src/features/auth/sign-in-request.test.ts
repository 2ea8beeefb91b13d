import { ZSignInRequest } from '@app/contract';
import type { TFunction } from 'i18next';
import { describe, expect, it } from 'vitest';
import { ApiError } from '../../lib/api/api-error.ts';
import { contractErrors } from '../common/contract-form.ts';
import {
  describeAuthError,
  invalidFields,
  readHandoffId,
  SIGN_IN_FIELD_OF,
  signInDestination,
  signInMessages,
  toSignInRequest,
} from './sign-in-request.ts';

// A stand-in for i18next's `t`: the key and its values, so a test can see which text was chosen.
const t = ((key: string, values?: Record<string, unknown>) =>
  values ? `${key} ${JSON.stringify(values)}` : key) as unknown as TFunction;

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

describe('the sign-in form’s check (ZSignInRequest)', () => {
  const check = (identifier: string, password: string) =>
    contractErrors(ZSignInRequest, toSignInRequest(identifier, password), messages, t, SIGN_IN_FIELD_OF);
  const messages = signInMessages({
    identifierRequired: 'signin.errors.identifierRequired',
    passwordRequired: 'signin.errors.passwordRequired',
  });
  it('asks for the identifier and the password under their inputs', () => {
    expect(check('', '')).toEqual({
      identifier: 'signin.errors.identifierRequired',
      password: 'signin.errors.passwordRequired',
    });
    expect(check('   ', 'pw')).toEqual({ identifier: 'signin.errors.identifierRequired' });
    expect(check('asha@acme.test', '')).toEqual({ password: 'signin.errors.passwordRequired' });
  });
  it('accepts an email or a username with any password', () => {
    expect(check('asha@acme.test', ' ')).toEqual({});
    expect(check('EMP-00042', 'pw')).toEqual({});
  });
  it('refuses what the server would refuse as too long', () => {
    expect(check('a'.repeat(129), 'pw')).toEqual({ identifier: 'forms.errors.tooLong {"max":128}' });
    expect(check('asha', 'x'.repeat(257))).toEqual({ password: 'forms.errors.tooLong {"max":256}' });
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

describe('invalidFields', () => {
  it('lists the fields a validation failure names', () => {
    const error = new ApiError({
      status: 400,
      code: 'VALIDATION_FAILED',
      message: 'x',
      details: [
        { path: 'body.userNewPassword', message: 'too short' },
        { path: 'body.names.0', message: 'x' },
        { path: 'confirmationCode', message: 'x' },
      ],
    });
    expect(invalidFields(error)).toEqual(new Set(['userNewPassword', 'names', 'confirmationCode']));
    expect(invalidFields(new Error('x'))).toEqual(new Set());
  });
});

describe('describeAuthError', () => {
  const apiError = (status: number, code: string, retryAfterSeconds: number | null = null) =>
    new ApiError({ status, code, message: 'x' }, { retryAfterSeconds });

  it('names wrong credentials without saying which part was wrong', () => {
    expect(describeAuthError(apiError(401, 'INVALID_CREDENTIALS'))).toEqual({ key: 'invalidCredentials' });
  });
  it('passes on how long to wait when rate limited', () => {
    expect(describeAuthError(apiError(429, 'RATE_LIMITED', 30))).toEqual({ key: 'rateLimited', seconds: 30 });
    expect(describeAuthError(apiError(429, 'RATE_LIMITED'))).toEqual({ key: 'rateLimitedNoTime' });
  });
  it('names the codes that have a message of their own', () => {
    expect(describeAuthError(apiError(401, 'INVALID_CODE'))).toEqual({ key: 'invalidCode' });
    expect(describeAuthError(apiError(401, 'INVALID_HANDOFF'))).toEqual({ key: 'invalidHandoff' });
    expect(describeAuthError(apiError(400, 'PASSWORD_TOO_COMMON'))).toEqual({ key: 'passwordTooCommon' });
    expect(describeAuthError(apiError(410, 'INVITE_EXPIRED'))).toEqual({ key: 'inviteExpired' });
    expect(describeAuthError(apiError(409, 'INVITE_USED'))).toEqual({ key: 'inviteUsed' });
    expect(describeAuthError(apiError(403, 'INVITE_NO_LONGER_VALID'))).toEqual({ key: 'inviteNoLongerValid' });
    expect(describeAuthError(apiError(401, 'SOMETHING_ELSE'))).toEqual({ key: 'invalidCredentials' });
  });
  it('tells a network failure from a server failure', () => {
    expect(describeAuthError(apiError(0, 'NETWORK_ERROR'))).toEqual({ key: 'network' });
    expect(describeAuthError(apiError(500, 'INTERNAL'))).toEqual({ key: 'unexpected' });
    expect(describeAuthError(apiError(400, 'VALIDATION_FAILED'))).toEqual({ key: 'validation' });
    expect(describeAuthError(new Error('boom'))).toEqual({ key: 'unexpected' });
  });
});

describe('readHandoffId', () => {
  it('reads the hand-off id from the fragment', () => {
    expect(readHandoffId('#handoff=abcDEF123_-xyz')).toBe('abcDEF123_-xyz');
    expect(readHandoffId('handoff=abcDEF123_-xyz&x=1')).toBe('abcDEF123_-xyz');
  });
  it('ignores a missing or malformed id', () => {
    expect(readHandoffId('')).toBeNull();
    expect(readHandoffId('#other=1')).toBeNull();
    expect(readHandoffId('#handoff=')).toBeNull();
    expect(readHandoffId('#handoff=<script>')).toBeNull();
  });
});
