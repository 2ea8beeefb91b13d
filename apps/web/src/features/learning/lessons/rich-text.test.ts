import { describe, expect, it } from 'vitest';
import { htmlHasText, isAllowedLessonLink } from './rich-text.ts';

describe('lesson editor rules', () => {
  it.each(['https://example.org/a', 'mailto:hr@example.org', 'tel:+91 80 1234 5678'])('offers %s as a link', (url) => {
    expect(isAllowedLessonLink(url)).toBe(true);
  });
  it.each(['http://example.org', 'javascript:alert(1)', 'data:text/html,x', '//example.org', 'https://', 'ftp://x'])(
    'refuses %s as a link',
    (url) => {
      expect(isAllowedLessonLink(url)).toBe(false);
    },
  );
  it('tells an empty editor from one with words', () => {
    expect(htmlHasText('<p></p>')).toBe(false);
    expect(htmlHasText('<p>&nbsp;</p>')).toBe(false);
    expect(htmlHasText('<p><strong>Hi</strong></p>')).toBe(true);
  });
});
