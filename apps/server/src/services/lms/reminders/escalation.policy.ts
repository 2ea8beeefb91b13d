import { type Actor, definePolicy, holds, refuse } from '../../../core/policy.ts';
import { isAuthor } from '../authoring-scope.ts';

/** What a rule about the workspace's escalation settings knows: whose they are. */
export type EscalationRecord = { workspaceId: string };

/**
 * The workspace's escalation settings and who they reach: a workspace admin (`settings.manage`) or
 * whoever manages courses for the whole workspace (`courses.manage`, no unit limit); a business
 * unit admin is refused (the default and every unit's row are the workspace's).
 */
const manages = (actor: Actor, r: EscalationRecord) =>
  (actor.workspaceId === r.workspaceId && (holds(actor, 'settings.manage') || isAuthor(actor))) ||
  refuse.forbidden('MANAGE_ESCALATION');

export const escalationPolicy = definePolicy<EscalationRecord, 'manage' | 'viewRecipients'>('escalation setting', {
  manage: manages,
  viewRecipients: manages,
});
