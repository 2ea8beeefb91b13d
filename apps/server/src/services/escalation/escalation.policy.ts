import { type Actor, definePolicy, holds, refuse, seesWholeWorkspace } from '../../core/policy.ts';

/** What a rule about the workspace's escalation settings knows: whose they are. */
export type EscalationRecord = { workspaceId: string };

/**
 * The workspace's escalation settings and who they reach: a workspace admin (`settings.manage`) or
 * whoever manages courses for the whole workspace (`courses.manage`, no unit limit); a business
 * unit admin is refused (the default and every unit's row are the workspace's). When policies and
 * cases escalate too, their managers join here by their own permission.
 */
const manages = (actor: Actor, r: EscalationRecord): boolean =>
  actor.workspaceId === r.workspaceId &&
  (holds(actor, 'settings.manage') || (holds(actor, 'courses.manage') && seesWholeWorkspace(actor)));

export const escalationPolicy = definePolicy<EscalationRecord, 'manage' | 'viewRecipients'>('escalation setting', {
  manage: (actor, r) => manages(actor, r) || refuse.forbidden('MANAGE_ESCALATION'),
  viewRecipients: (actor, r) => manages(actor, r) || refuse.forbidden('MANAGE_ESCALATION'),
});
