import { eq } from 'drizzle-orm';
import type { Tx } from '../../../core/db/database.ts';
import { workspaces } from '../../../db/schema.ts';

/** Whether the workspace lets administrators create members from a file, and its company name. */
export async function bulkSignUp(tx: Tx, workspaceId: string) {
  const [ws] = await tx
    .select({ enabled: workspaces.bulkSignUpEnabled, companyName: workspaces.companyName })
    .from(workspaces)
    .where(eq(workspaces.id, workspaceId));
  return ws ?? null;
}
