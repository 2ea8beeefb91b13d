import type { TPermissionMatrix, TWorkspaceRole } from '@app/contract';

/** One cell's new value, not saved yet. */
export type TCellChange = { role: TWorkspaceRole; permission: string; granted: boolean };

const keyOf = (role: string, permission: string) => `${role}|${permission}`;

/**
 * The changes a person made to the matrix and has not saved: the cells whose chosen value differs
 * from the server's. A cell switched back to what the server holds is no change; a change the
 * server has meanwhile taken (after a save) drops out by itself.
 */
export function pendingChanges(matrix: TPermissionMatrix, draft: ReadonlyMap<string, boolean>): TCellChange[] {
  const changes: TCellChange[] = [];
  for (const cell of matrix.cells) {
    const chosen = draft.get(keyOf(cell.role, cell.permission));
    if (chosen !== undefined && chosen !== cell.granted && !cell.locked) {
      changes.push({ role: cell.role, permission: cell.permission, granted: chosen });
    }
  }
  return changes;
}

/** The draft with one cell set to `granted`. */
export function withChoice(
  draft: ReadonlyMap<string, boolean>,
  role: string,
  permission: string,
  granted: boolean,
): Map<string, boolean> {
  return new Map(draft).set(keyOf(role, permission), granted);
}

/** What a cell shows: the chosen value, else the server's. */
export function shownValue(
  draft: ReadonlyMap<string, boolean>,
  role: string,
  permission: string,
  saved: boolean,
): boolean {
  return draft.get(keyOf(role, permission)) ?? saved;
}
