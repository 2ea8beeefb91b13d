import { sql } from 'drizzle-orm';
import type { Tx } from '../core/db/database.ts';
import { queryRows } from '../core/db/database.ts';

/** SQL of the test-only `/dev/enrolments` (platform transaction). */

/** Enrols the member `email` of the workspace served at `host` on the course's published version. */
export async function enrol(
  tx: Tx,
  v: { host: string; email: string; courseId: string; dueAt: string | null },
): Promise<string | undefined> {
  const [row] = await queryRows<{ id: string }>(
    tx,
    sql`insert into enrolments (workspace_id, course_id, course_version_id, account_id, due_at)
        select w.id, c.id, c.published_version_id, a.id, ${v.dueAt}::timestamptz
          from workspaces w
          join memberships m on m.workspace_id = w.id and m.active
          join accounts a on a.id = m.account_id and lower(a.email) = lower(${v.email})
          join courses c on c.id = ${v.courseId} and c.published_version_id is not null
         where w.host = ${v.host}
        on conflict do nothing
        returning id`,
  );
  return row?.id;
}

export async function unenrol(tx: Tx, id: string): Promise<void> {
  await tx.execute(
    sql`update enrolments set status = 'REMOVED', removed_at = app_now() where id = ${id} and status <> 'REMOVED'`,
  );
}
