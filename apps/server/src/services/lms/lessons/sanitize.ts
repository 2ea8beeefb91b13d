import sanitizeHtml from 'sanitize-html';
import { AppError } from '../../../core/errors.ts';

/** Largest lesson HTML (a TEXT or NOTIFY block's body) kept, in bytes of UTF-8, after sanitising. */
export const LESSON_HTML_MAX_BYTES = 100 * 1024;

/** The tags lesson rich text keeps (the editor's marks and blocks); the demo content is written with these. */
export const LESSON_HTML_TAGS = [
  'p',
  'br',
  'strong',
  'em',
  'u',
  's',
  'h2',
  'h3',
  'h4',
  'ul',
  'ol',
  'li',
  'blockquote',
  'a',
  'code',
  'pre',
  'hr',
] as const;

/**
 * What lesson rich text may hold (docs/learning-design.md §4): the marks and blocks the editor
 * makes, links to https/mailto/tel only (opened in a new tab, never passing the referrer or
 * authority), and the one style the editor sets (left/right/centre alignment). Everything else is
 * dropped, and the content of script-like elements with it.
 */
const OPTIONS: sanitizeHtml.IOptions = {
  allowedTags: [...LESSON_HTML_TAGS],
  allowedAttributes: { a: ['href', 'target', 'rel'], '*': ['style'] },
  allowedSchemes: ['https', 'mailto', 'tel'],
  allowedSchemesAppliedToAttributes: ['href'],
  allowProtocolRelative: false,
  allowedStyles: { '*': { 'text-align': [/^(left|right|center)$/] } },
  transformTags: {
    a: (tagName, attribs) => ({
      tagName,
      attribs: {
        ...(attribs.href ? { href: attribs.href } : {}),
        target: '_blank',
        rel: 'noopener noreferrer nofollow',
      },
    }),
  },
  disallowedTagsMode: 'discard',
  nonTextTags: ['style', 'script', 'textarea', 'option', 'noscript'],
};

/**
 * Lesson HTML as stored and served: sanitised as above. Idempotent (sanitising the result again
 * gives the same string). Refuses (400 `LESSON_TEXT_TOO_LONG`) HTML still over 100 KB afterwards.
 */
export function sanitizeLessonHtml(html: string): string {
  const clean = sanitizeHtml(html, OPTIONS);
  const bytes = Buffer.byteLength(clean, 'utf8');
  if (bytes > LESSON_HTML_MAX_BYTES) {
    throw new AppError(400, 'LESSON_TEXT_TOO_LONG', 'This text is longer than 100 KB. Split it over several blocks.', {
      params: { size: '100 KB' },
    });
  }
  return clean;
}

/** Whether sanitised lesson HTML shows any words (an empty paragraph is not a text). */
export function lessonHtmlHasText(html: string): boolean {
  return sanitizeHtml(html, { allowedTags: [], allowedAttributes: {} }).replace(/&nbsp;|\s/g, '').length > 0;
}
