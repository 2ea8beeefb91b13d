import { asc, desc, eq } from 'drizzle-orm';
import type { Tx } from '../../../core/db/database.ts';
import { branches, workspaces } from '../../../db/schema.ts';
import { storedBranchLogo } from '../organisation/organisation.repo.ts';

/** The workspace row of the transaction's workspace. */
export async function findWorkspace(tx: Tx, workspaceId: string) {
  const [row] = await tx.select().from(workspaces).where(eq(workspaces.id, workspaceId)).limit(1);
  return row ?? null;
}

/** Business units of the workspace, headquarters first. */
export async function listBranchesForProfile(tx: Tx) {
  return tx
    .select({
      branchId: branches.id,
      branchName: branches.name,
      branchLogo: storedBranchLogo,
    })
    .from(branches)
    .orderBy(desc(branches.headquarter), asc(branches.name));
}
