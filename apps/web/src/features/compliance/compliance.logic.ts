import { EVIDENCE_MAX_BYTES, type TRegisterObligation } from '@app/contract';

/** The register's pure rules (grouping, file checks, sizes), tested without a page. */

export type TGroup = { key: string; name: string; rows: TRegisterObligation[] };

/** The answers grouped by business unit, the workspace's own first. */
export function groupByUnit(rows: readonly TRegisterObligation[], workspaceLabel: string): TGroup[] {
  const groups = new Map<string, TGroup>();
  for (const row of rows) {
    const key = row.unit?.id ?? '';
    const group = groups.get(key) ?? { key, name: row.unit?.name ?? workspaceLabel, rows: [] };
    group.rows.push(row);
    groups.set(key, group);
  }
  return [...groups.values()].sort((a, b) => (a.key === '' ? -1 : b.key === '' ? 1 : a.name.localeCompare(b.name)));
}

/** What the evidence field accepts (the server checks the type from the file's bytes). */
export const EVIDENCE_ACCEPT =
  '.pdf,.png,.jpg,.jpeg,.docx,.xlsx,application/pdf,image/png,image/jpeg,application/vnd.openxmlformats-officedocument.wordprocessingml.document,application/vnd.openxmlformats-officedocument.spreadsheetml.sheet';
const EXTENSIONS = ['pdf', 'png', 'jpg', 'jpeg', 'docx', 'xlsx'];

/** Why a chosen file cannot be sent, before it is sent: null when it can. */
export function evidenceFileProblem(file: { name: string; size: number }): 'empty' | 'tooLarge' | 'type' | null {
  if (file.size === 0) return 'empty';
  if (file.size > EVIDENCE_MAX_BYTES) return 'tooLarge';
  const ext = file.name.toLowerCase().split('.').pop() ?? '';
  return EXTENSIONS.includes(ext) ? null : 'type';
}

/** A byte count as people read it: "820 KB", "1.4 MB". */
export function formatBytes(bytes: number, language: string): string {
  const units = ['B', 'KB', 'MB', 'GB'];
  let value = bytes;
  let unit = 0;
  while (value >= 1024 && unit < units.length - 1) {
    value /= 1024;
    unit += 1;
  }
  const digits = unit === 0 || value >= 10 ? 0 : 1;
  return `${new Intl.NumberFormat(language, { maximumFractionDigits: digits }).format(value)} ${units[unit]}`;
}
