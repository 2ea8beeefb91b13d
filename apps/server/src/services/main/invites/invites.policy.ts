import type { TInvitationAction, TWorkspaceRole } from '@app/contract';
import { grantRefusalAnswer } from '../../../core/admin-scope.ts';
import {
  type Actor,
  definePolicy,
  grantRefusalOf,
  holds,
  limitedToUnit,
  type Refusal,
  reaches,
  refuse,
} from '../../../core/policy.ts';

/** What the invitations policy needs to know about an invitation. */
export type InvitationRecord = {
  branchId: string;
  role: string;
  usedAt: Date | null;
  revokedAt: Date | null;
};

const notFound = (): Refusal => ({ status: 404, code: 'INVITE_NOT_FOUND', message: 'That invitation was not found.' });

/**
 * Whether the actor administers invitations to the invitation's unit, and the invitation is still
 * open (null: both). A used or revoked one, or one outside the actor's scope, reads as missing.
 */
function open(actor: Actor, inv: InvitationRecord): Refusal | null {
  if (!holds(actor, 'invites.manage')) return refuse.forbidden('MANAGE_INVITATIONS');
  if (!reaches(actor, inv.branchId) || inv.usedAt || inv.revokedAt) return notFound();
  return null;
}

/** Who may resend and revoke invitations. */
export const invitesPolicy = definePolicy<InvitationRecord, TInvitationAction>('invitation', {
  // A resend makes the resender its sender, whose right to give the role the claim checks: so it
  // is held to the grant rule (needs the actor built with the workspace's overrides).
  resend: (actor, inv) => {
    const refused = open(actor, inv);
    if (refused) return refused;
    const grant = grantRefusalOf(actor, inv.role as TWorkspaceRole);
    return grant ? grantRefusalAnswer(grant, inv.role as TWorkspaceRole) : true;
  },
  revoke: (actor, inv) => open(actor, inv) ?? true,
});

/**
 * The workspace's invitation mail (no record: the workspace itself): a workspace-wide setting, for
 * whoever administers invitations across the whole workspace, whatever its role's name.
 */
export const invitationMailPolicy = definePolicy<null, 'edit'>('invitation mail', {
  edit: (actor) =>
    holds(actor, 'invites.manage') && !limitedToUnit(actor) ? true : refuse.forbidden('CHANGE_INVITATION_MAIL'),
});
