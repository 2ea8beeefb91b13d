/** A date as the learner reads it: in their time zone (the account's, else the workspace's) and language. */
export function formatDay(iso: string, timeZone: string, language: string): string {
  try {
    return new Intl.DateTimeFormat(language, { dateStyle: 'medium', timeZone }).format(new Date(iso));
  } catch {
    return new Intl.DateTimeFormat(language, { dateStyle: 'medium' }).format(new Date(iso));
  }
}
