import type { Tx } from '../../../core/db/database.ts';
import * as repo from './cases.repo.ts';

/**
 * Conflicts of interest found by matching (docs/cases-security.md §4): a committee member is
 * conflicted in a case if they are a party (the complainant, a respondent or witness named) or the
 * manager of one (department_managers). Answers each conflicted member with the reason.
 */
export async function matchConflicts(
  tx: Tx,
  row: Pick<repo.CaseRow, 'workspaceId' | 'id' | 'complainantAccountId'>,
  memberIds: string[],
): Promise<Map<string, 'PARTY' | 'MANAGER_OF_PARTY'>> {
  const out = new Map<string, 'PARTY' | 'MANAGER_OF_PARTY'>();
  const parties = [
    row.complainantAccountId,
    ...(await repo.parties(tx, row.workspaceId, row.id)).map((p) => p.accountId),
  ];
  const members = new Set(memberIds);
  for (const p of parties) if (members.has(p)) out.set(p, 'PARTY');
  for (const p of parties) {
    for (const manager of await repo.managersOf(tx, row.workspaceId, p)) {
      if (members.has(manager) && !out.has(manager)) out.set(manager, 'MANAGER_OF_PARTY');
    }
  }
  return out;
}
