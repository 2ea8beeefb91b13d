import { sql } from 'drizzle-orm';
import { queryRows, type Tx } from '../../../core/db/database.ts';

/**
 * Whether the account sits today on a committee of the workspace that has not been dissolved (a
 * member of an Internal Committee or a designated recipient): such a member runs complaint cases
 * (`/cases`), whatever the permission matrix says, since case access is by relationship (DESIGN §9).
 */
export async function sitsOnLiveCommittee(tx: Tx, workspaceId: string, accountId: string): Promise<boolean> {
  const [r] = await queryRows<{ yes: boolean }>(
    tx,
    sql`select exists (
          select 1 from committee_members m join committees c on c.workspace_id = m.workspace_id and c.id = m.committee_id
           where m.workspace_id = ${workspaceId} and m.account_id = ${accountId} and m.deleted_at is null
             and m.term_start <= (app_now())::date and m.term_end >= (app_now())::date
             and (m.left_on is null or m.left_on > (app_now())::date)
             and (c.dissolved_on is null or c.dissolved_on > (app_now())::date)) as yes`,
  );
  return r?.yes ?? false;
}
