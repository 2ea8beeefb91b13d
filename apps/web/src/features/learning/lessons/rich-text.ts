/**
 * The rules the lesson editor applies before the server sanitises (services/lms/lessons/sanitize.ts
 * is the authority; these only keep the editor from offering what would be dropped).
 */

/** Link targets a lesson may hold: https, mailto and tel (never http, javascript or data). */
export function isAllowedLessonLink(url: string): boolean {
  const trimmed = url.trim();
  return /^(https:\/\/[^\s/]+|mailto:[^\s]+|tel:\+?[0-9][0-9 ()-]*)/i.test(trimmed);
}

/** Whether editor HTML holds any words (an empty editor gives `<p></p>`). */
export function htmlHasText(html: string): boolean {
  return (
    html
      .replace(/<[^>]*>/g, '')
      .replace(/&nbsp;/g, ' ')
      .trim().length > 0
  );
}
