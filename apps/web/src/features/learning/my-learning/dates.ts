/** A date as the learner reads it: in their time zone (the account's, else the workspace's) and language. */
export function formatDay(iso: string, timeZone: string, language: string): string {
  try {
    return new Intl.DateTimeFormat(language, { dateStyle: 'medium', timeZone }).format(new Date(iso));
  } catch {
    return new Intl.DateTimeFormat(language, { dateStyle: 'medium' }).format(new Date(iso));
  }
}

/** Saves a downloaded file under `name`. */
export function saveDownload(blob: Blob, name: string) {
  const url = URL.createObjectURL(blob);
  const a = document.createElement('a');
  a.href = url;
  a.download = name;
  document.body.append(a);
  a.click();
  a.remove();
  setTimeout(() => URL.revokeObjectURL(url), 10_000);
}
