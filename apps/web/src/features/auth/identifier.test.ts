import { describe, expect, it } from 'vitest';
import { authHref, identifierKind, offeredProviders, signInMethodsFor } from './identifier.ts';

describe('identifierKind', () => {
  it('reads an email pattern as an email', () => {
    expect(identifierKind(' asha@acme.test ')).toBe('email');
    expect(identifierKind('first.last+tag@mail.example.co.in')).toBe('email');
  });
  it('reads + and digits as a phone number', () => {
    expect(identifierKind('+919800000042')).toBe('phone');
    expect(identifierKind('+91 98000 00042')).toBe('phone');
    expect(identifierKind('+1 (416) 555-0100')).toBe('phone');
  });
  it('reads ten or more bare digits as either a phone number or a username', () => {
    expect(identifierKind('9800000042')).toBe('digits');
    expect(identifierKind('98000 00042')).toBe('digits');
    // A Canadian number written the national way.
    expect(identifierKind('(416) 555-0123')).toBe('digits');
  });
  it('reads everything else as a username', () => {
    expect(identifierKind('acme-emp-0042')).toBe('username');
    expect(identifierKind('00042')).toBe('username');
    expect(identifierKind('asha@acme')).toBe('username');
    expect(identifierKind('+91abc')).toBe('username');
  });
  it('has no kind when empty', () => {
    expect(identifierKind('   ')).toBeNull();
  });
});

describe('signInMethodsFor', () => {
  it('offers a password, a mailed code and the providers for an email', () => {
    expect(signInMethodsFor('email', ['GOOGLE'])).toEqual(['password', 'emailCode', 'GOOGLE']);
  });
  it('offers only a password for a username and only a texted code for a phone number', () => {
    expect(signInMethodsFor('username', ['GOOGLE', 'MICROSOFT'])).toEqual(['password']);
    expect(signInMethodsFor('phone', ['GOOGLE'])).toEqual(['smsCode']);
    expect(signInMethodsFor('digits', [])).toEqual(['smsCode', 'password']);
  });
});

describe('offeredProviders', () => {
  it('offers a provider only when the server has it and the workspace enables it', () => {
    expect(offeredProviders({ oidcProviders: ['GOOGLE', 'MICROSOFT'] }, { socialPlatformSet: ['MICROSOFT'] })).toEqual([
      'MICROSOFT',
    ]);
    expect(offeredProviders({ oidcProviders: [] }, { socialPlatformSet: ['GOOGLE', 'MICROSOFT'] })).toEqual([]);
    expect(offeredProviders({ oidcProviders: ['GOOGLE'] }, null)).toEqual([]);
  });
});

describe('authHref', () => {
  it('adds the non-empty parameters, encoded', () => {
    expect(authHref('/signin-password', { identifier: 'a+b@x.test', redirect: '/x?y=1', method: null })).toBe(
      '/signin-password?identifier=a%2Bb%40x.test&redirect=%2Fx%3Fy%3D1',
    );
    expect(authHref('/identify', { redirect: null })).toBe('/identify');
  });
});
