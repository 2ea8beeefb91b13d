/**
 * One CSV field: quoted when it must be, and a leading `=`, `+`, `-`, `@` (a formula to a
 * spreadsheet) taken literally with a `'` before it, since names and details are typed by users.
 * Every CSV export (the audit log, a course's learners) writes its fields with this.
 */
export function csvField(value: string): string {
  const safe = /^[=+\-@\t\r]/.test(value) ? `'${value}` : value;
  return /[",\r\n]/.test(safe) ? `"${safe.replace(/"/g, '""')}"` : safe;
}
