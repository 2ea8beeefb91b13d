/** Whole days from `from` to `to`, both `YYYY-MM-DD` calendar days (negative when `to` is earlier). */
export function daysBetween(from: string, to: string): number {
  const a = Date.parse(`${from}T00:00:00Z`);
  const b = Date.parse(`${to}T00:00:00Z`);
  return Math.round((b - a) / 86_400_000);
}

/** `day` moved by whole years and days (a term of 3 years ends the day before its third anniversary). */
export function addYearsDays(day: string, years: number, days: number): string {
  const [y, m, d] = day.split('-').map(Number) as [number, number, number];
  const at = new Date(Date.UTC(y + years, m - 1, d + days));
  return at.toISOString().slice(0, 10);
}

/** A size in bytes for people: "180 KB", "2.4 MB". */
export function fileSize(bytes: number, language: string): string {
  const units = ['B', 'KB', 'MB', 'GB'];
  let value = bytes;
  let unit = 0;
  while (value >= 1024 && unit < units.length - 1) {
    value /= 1024;
    unit++;
  }
  return `${new Intl.NumberFormat(language, { maximumFractionDigits: unit > 1 ? 1 : 0 }).format(value)} ${units[unit]}`;
}
