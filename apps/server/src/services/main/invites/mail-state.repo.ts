import { and, eq, sql } from 'drizzle-orm';
import type { Db } from '../../../core/db/database.ts';
import { withTenant } from '../../../core/db/tenant.ts';
import type { DeliveryOutcome, DeliveryRecorder, JobRef } from '../../../core/jobs.ts';
import { invitations } from '../../../db/schema.ts';

/**
 * Records an invitation message's delivery attempt on its row (by workspace and id, under that
 * workspace's row-level security): SENT, or FAILED with the reason. Only for the sending the message
 * belongs to (`version` = the send count it was enqueued with): a resend's new message owns the state.
 */
export async function setInvitationMailState(db: Db, ref: JobRef, outcome: DeliveryOutcome): Promise<void> {
  await withTenant(db, { workspaceId: ref.workspaceId }, (tx) =>
    tx
      .update(invitations)
      .set({
        mailStatus: outcome.ok ? 'SENT' : 'FAILED',
        mailError: outcome.ok ? null : outcome.error,
        mailUpdatedAt: sql`app_now()`,
      })
      .where(
        and(
          eq(invitations.workspaceId, ref.workspaceId),
          eq(invitations.id, ref.id),
          eq(invitations.sendCount, ref.version),
        ),
      ),
  );
}

/** The recorder the job workers call, by the kind of record a message refers to. */
export function deliveryRecorder(db: Db): DeliveryRecorder {
  return async (ref, outcome) => {
    switch (ref.kind) {
      case 'invitation':
        return setInvitationMailState(db, ref, outcome);
    }
  };
}
