import { sql } from 'drizzle-orm';
import { queryRows, type Tx } from '../core/db/database.ts';

/** SQL of the complaint-workflow demo seed (a tenant transaction of the workspace: row-level security applies). */

/** The workspace's workflow started from `template`, if any. */
export async function findWorkflowByTemplate(
  tx: Tx,
  workspaceId: string,
  template: string,
): Promise<string | undefined> {
  const [row] = await queryRows<{ id: string }>(
    tx,
    sql`select id from workflows where workspace_id = ${workspaceId} and template = ${template} limit 1`,
  );
  return row?.id;
}
