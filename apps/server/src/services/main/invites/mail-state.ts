import type { Deps } from '../../../core/context.ts';
import { jobContext } from '../../../core/job-context.ts';
import type { Delivery, DeliveryRecorder, JobRef } from '../../../core/jobs.ts';
import { setInvitationMailStates } from './mail-state.repo.ts';

type InvitationDelivery = Delivery & { ref: JobRef & { kind: 'invitation' } };

/**
 * The recorder the job workers call (main's `recordDelivery`): each workspace's invitations in one
 * statement, in a transaction of that workspace (row-level security on, no account).
 */
export function deliveryRecorder(deps: () => Deps): DeliveryRecorder {
  return async (deliveries) => {
    const invitations = deliveries.filter((d): d is InvitationDelivery => d.ref.kind === 'invitation');
    const byWorkspace = new Map<string, InvitationDelivery[]>();
    for (const d of invitations) {
      const group = byWorkspace.get(d.ref.workspaceId);
      if (group) group.push(d);
      else byWorkspace.set(d.ref.workspaceId, [d]);
    }
    for (const [workspaceId, list] of byWorkspace) {
      await jobContext(deps(), workspaceId, 'deliveries').tenant((tx) =>
        setInvitationMailStates(tx, workspaceId, list),
      );
    }
  };
}
