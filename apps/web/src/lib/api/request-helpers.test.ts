import { describe, expect, it } from 'vitest';
import { newTraceId, parseRetryAfter, resolveBaseUrls, toColorParam, toPageNo } from './request-helpers.ts';

describe('toPageNo', () => {
  it('sends page minus one', () => {
    expect(toPageNo(1)).toBe(0);
    expect(toPageNo(2)).toBe(1);
    expect(toPageNo(37)).toBe(36);
  });
  it('never sends a negative or fractional page', () => {
    expect(toPageNo(0)).toBe(0);
    expect(toPageNo(-4)).toBe(0);
    expect(toPageNo(3.7)).toBe(2);
    expect(toPageNo(Number.NaN)).toBe(0);
  });
});

describe('toColorParam', () => {
  it('drops the leading # and upper-cases', () => {
    expect(toColorParam('#1f6feb')).toBe('1F6FEB');
    expect(toColorParam('D7263D')).toBe('D7263D');
    expect(toColorParam('  #abcdef ')).toBe('ABCDEF');
  });
  it('refuses what is not a six-digit hex colour', () => {
    expect(toColorParam('#fff')).toBeNull();
    expect(toColorParam('red')).toBeNull();
    expect(toColorParam('##1F6FEB')).toBeNull();
    expect(toColorParam('1F6FEB00')).toBeNull();
  });
});

describe('resolveBaseUrls', () => {
  it('defaults to the same origin with the service prefixes', () => {
    expect(resolveBaseUrls({})).toEqual({ main: '/api', lms: '/lms/api', cms: '/cms/api' });
  });
  it('takes the build-time overrides, without trailing slashes', () => {
    expect(
      resolveBaseUrls({
        VITE_MAIN_API_URL: 'https://api.example.com/api/',
        VITE_LMS_API_URL: 'https://lms.example.com/lms/api',
        VITE_CMS_API_URL: ' ',
      }),
    ).toEqual({ main: 'https://api.example.com/api', lms: 'https://lms.example.com/lms/api', cms: '/cms/api' });
  });
});

describe('newTraceId', () => {
  const uuid = /^[0-9a-f]{8}-[0-9a-f]{4}-4[0-9a-f]{3}-[89ab][0-9a-f]{3}-[0-9a-f]{12}$/;
  it('is a v4 UUID, fresh each time', () => {
    const a = newTraceId();
    expect(a).toMatch(uuid);
    expect(newTraceId()).not.toBe(a);
  });
  it('works without crypto.randomUUID (plain-http hosts)', () => {
    const id = newTraceId({ getRandomValues: (array) => crypto.getRandomValues(array) });
    expect(id).toMatch(uuid);
  });
});

describe('parseRetryAfter', () => {
  it('reads seconds and HTTP dates', () => {
    expect(parseRetryAfter('30')).toBe(30);
    const now = Date.parse('2026-01-01T00:00:00Z');
    expect(parseRetryAfter('Thu, 01 Jan 2026 00:01:00 GMT', now)).toBe(60);
  });
  it('is null when absent or unreadable', () => {
    expect(parseRetryAfter(null)).toBeNull();
    expect(parseRetryAfter('soon')).toBeNull();
  });
});
