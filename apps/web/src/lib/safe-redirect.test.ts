import { describe, expect, it } from 'vitest';
import { safeRedirectPath } from './safe-redirect.ts';

describe('safeRedirectPath', () => {
  it('keeps same-host paths with their query and hash', () => {
    expect(safeRedirectPath('/dashboard')).toBe('/dashboard');
    expect(safeRedirectPath('/courses/42?tab=lessons#top')).toBe('/courses/42?tab=lessons#top');
  });

  it.each([
    ['missing', null],
    ['empty', ''],
    ['relative', 'dashboard'],
    ['absolute http', 'http://evil.example/dashboard'],
    ['absolute https', 'https://evil.example'],
    ['protocol-relative', '//evil.example'],
    ['protocol-relative with path', '//evil.example/dashboard'],
    ['backslash after slash', '/\\evil.example'],
    ['backslashes', '\\\\evil.example'],
    ['tab trick', '/\t/evil.example'],
    ['newline trick', '/\n/evil.example'],
    ['javascript scheme', 'javascript:alert(1)'],
    ['data scheme', 'data:text/html,hi'],
    ['sign-in page (would loop)', '/signin'],
    ['workspace sign-in page (would loop)', '/workspace/signin'],
  ])('refuses %s', (_name, value) => {
    expect(safeRedirectPath(value)).toBeNull();
  });

  it('normalises dot segments so the result stays on this host', () => {
    expect(safeRedirectPath('/a/../dashboard')).toBe('/dashboard');
    expect(safeRedirectPath('/..//evil.example')).toBeNull();
  });
});
