import { desc, eq, sql } from 'drizzle-orm';
import type { Tx } from '../core/db/database.ts';
import { outbox, workspaces } from '../db/schema.ts';

/** The latest 50 messages to one recipient (any case). */
export function messagesTo(tx: Tx, recipient: string) {
  return tx
    .select({
      channel: outbox.channel,
      recipient: outbox.recipient,
      subject: outbox.subject,
      bodyText: outbox.bodyText,
      createdAt: outbox.createdAt,
    })
    .from(outbox)
    .where(sql`lower(${outbox.recipient}) = lower(${recipient})`)
    .orderBy(desc(outbox.createdAt))
    .limit(50);
}

/** The latest 200 messages, with the company each was sent for. */
export function latestMessages(tx: Tx) {
  return tx
    .select({
      id: outbox.id,
      channel: outbox.channel,
      recipient: outbox.recipient,
      subject: outbox.subject,
      bodyText: outbox.bodyText,
      createdAt: outbox.createdAt,
      workspace: workspaces.companyName,
    })
    .from(outbox)
    .leftJoin(workspaces, eq(workspaces.id, outbox.workspaceId))
    .orderBy(desc(outbox.createdAt))
    .limit(200);
}
