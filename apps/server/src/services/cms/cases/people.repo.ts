import type { TCasePeoplePerson } from '@app/contract';
import { sql } from 'drizzle-orm';
import { queryRows, type Tx } from '../../../core/db/database.ts';
import { containsPattern } from '../../../core/paginate.ts';

/**
 * The committee's person picker (`GET /case-people`): the workspace's ACTIVE members whose name
 * ("first last") or email contains `text`, case-insensitively, at most `limit`, by name. As the
 * users list does (services/main/users): the trigram index narrows the rows
 * (`app_member_search`, migration 0019), then fields 1 (name) and 2 (email) of the membership's
 * `search_text` are matched exactly; the order is the membership's lower-cased name keys.
 */
export function searchPeople(tx: Tx, workspaceId: string, text: string, limit: number): Promise<TCasePeoplePerson[]> {
  const pattern = containsPattern(text);
  return queryRows<TCasePeoplePerson>(
    tx,
    sql`select a.id as "accountId", trim(coalesce(a.first_name, '') || ' ' || coalesce(a.last_name, '')) as name,
               a.email, b.name as "unitName"
          from memberships m
          join accounts a on a.id = m.account_id
          left join branches b on b.workspace_id = m.workspace_id and b.id = m.branch_id
         where m.workspace_id = ${workspaceId} and m.deleted_at is null and m.active
           and m.account_id in (select account_id from app_member_search(${pattern}))
           and (split_part(m.search_text, chr(31), 1) ilike ${pattern}
                or split_part(m.search_text, chr(31), 2) ilike ${pattern})
         order by m.sort_first, m.sort_last, m.account_id
         limit ${limit}`,
  );
}
