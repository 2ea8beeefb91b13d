import { sql } from 'drizzle-orm';
import type { Tx } from '../../../core/db/database.ts';
import type { Delivery } from '../../../core/jobs.ts';

/**
 * Records invitation messages' delivery attempts on their rows, all of one workspace in one
 * statement (by workspace and id, under that workspace's row-level security): SENT, or FAILED with
 * the reason. Only for the sending a message belongs to (`version` = the send count it was enqueued
 * with): a resend's new message owns the state. A row named twice takes its last outcome. The rows
 * are locked in id order before they are written, the order a resend locks them in.
 */
export async function setInvitationMailStates(tx: Tx, workspaceId: string, deliveries: Delivery[]): Promise<void> {
  const last = new Map(deliveries.map((d) => [`${d.ref.id}\0${d.ref.version}`, d]));
  const list = [...last.values()];
  if (!list.length) return;
  const ids = sql.param(list.map((d) => d.ref.id));
  const versions = sql.param(list.map((d) => d.ref.version));
  const sent = sql.param(list.map((d) => d.outcome.ok));
  const errors = sql.param(list.map((d) => (d.outcome.ok ? null : d.outcome.error)));
  // Rows are locked in id order first, as every writer of many invitations does (a resend): two
  // transactions locking the same rows in different orders would deadlock (issue 21 item 24).
  await tx.execute(sql`
      select i.id from invitations i
       where i.workspace_id = ${workspaceId} and i.id = any(${ids}::uuid[])
       order by i.id for update`);
  await tx.execute(sql`
      update invitations i
         set mail_status = case when d.sent then 'SENT' else 'FAILED' end,
             mail_error = case when d.sent then null else d.error end,
             mail_updated_at = app_now()
        from unnest(${ids}::uuid[], ${versions}::int[], ${sent}::boolean[], ${errors}::text[])
               as d(id, version, sent, error)
       where i.workspace_id = ${workspaceId} and i.id = d.id and i.send_count = d.version`);
}
