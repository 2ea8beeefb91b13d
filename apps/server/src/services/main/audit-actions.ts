import { auditAction as spec } from '../../core/audit.ts';

/**
 * The main service's audit actions (identity, invitations, users, the workspace and its
 * organisation, the audit log, the operator's switches): names, target types and `change` shapes.
 * Listed in its module definition (./module.ts); `ctx.audit` accepts exactly these.
 */

/** A before/after pair (and whatever else the action adds). */
type Diff = { before?: unknown; after?: unknown; [key: string]: unknown };
/** The answer to a request that sends a code or a link, whether or not it was sent. */
type Send = { target: string; sent: boolean; reason?: string; channel?: string; invitation?: boolean };
/** Why a sign-in failed (the caller answers the same for all of them). */
type SignInFailure = { method: string; reason: string; identifier?: string };

export const MAIN_AUDIT_ACTIONS = {
  // Sign-in and sessions
  'auth.signin.success': spec<{ method: string } & Record<string, unknown>>()('write', 'session'),
  'auth.signin.failure': spec<SignInFailure>()('write', null),
  'auth.signout': spec<null>()('write', 'session'),
  'auth.handoff.used': spec<{ method: string }>()('write', null),
  'auth.otp.send': spec<Send>()('write', null),
  'auth.password.reset_requested': spec<Send>()('write', null),
  'auth.password.reset': spec<
    { result: 'success'; sessionsRevoked: number } | { target: string; result: 'failure'; reason: string }
  >()('write', 'account'),
  'auth.email.confirm': spec<{ result: 'success' | 'failure' }>()('write', 'account'),
  'auth.email.confirmation_sent': spec<Send>()('write', null),
  'auth.oidc.callback.success': spec<{ provider: string; matchedBy: string }>()('write', null),
  'auth.oidc.callback.failure': spec<{ reason: string; provider?: string } & Record<string, unknown>>()('write', null),
  // The signed-in person's own account
  'user.profile.updated': spec<{ fields: string[]; name?: { before: string; after: string } }>()('write', 'account'),
  'user.first_login.completed': spec<null>()('write', 'account'),
  'user.password.changed': spec<
    { result: 'success'; otherSessionsEnded: number } | { result: 'failure'; reason: string }
  >()('write', 'account'),
  // Invitations
  'invite.created': spec<Diff>()('write', 'invitation'),
  'invite.resent': spec<Record<string, unknown>>()('write', 'invitation'),
  'invite.revoked': spec<Diff>()('write', 'invitation'),
  'invite.bulk_created': spec<{ after: Record<string, unknown>; rows: unknown[] }>()('write', 'invitation'),
  'invite.claimed': spec<{ newAccount: boolean; role: string; proof: 'code' | 'password' }>()('write', 'invitation'),
  'invite.renewal_requested': spec<{ notified: number } | Send>()('write', 'invitation'),
  /** A person signed themselves up through the whitelist (issue 23): ids and outcome only, no address. */
  'invite.self_signup': spec<{ outcome: 'invited' | 'renewed'; branchId: string }>()('write', 'invitation'),
  'template.updated': spec<Diff>()('write', 'email_template'),
  // Users
  'user.updated': spec<Diff>()('write', 'user'),
  'user.one_time_password.issued': spec<{ sessionsEnded: number }>()('write', 'user'),
  'user.deleted': spec<{ before: unknown; erased: { profileImageKey: string | null } }>()('write', 'user'),
  'user.bulk_created': spec<{ after: Record<string, unknown>; rows: unknown[] }>()('write', 'user'),
  'user.profile_image.updated': spec<Diff>()('write', 'user'),
  'user.profile_image.removed': spec<Diff>()('write', 'user'),
  'users.exported': spec<{ format: 'csv' | 'xlsx'; filter: Record<string, unknown>; rows: number }>()('read', 'user'),
  'users.delete_by_file.previewed': spec<{ totalRows: number; matched: string[]; problems: number }>()('read', 'user'),
  'account.anonymised': spec<null>()('write', 'account'),
  'permission.updated': spec<Diff>()('write', 'permission'),
  // The workspace and its organisation
  'workspace.settings.updated': spec<Diff>()('write', 'workspace'),
  'workspace.logo.updated': spec<Diff>()('write', 'workspace'),
  'workspace.logo.removed': spec<Diff>()('write', 'workspace'),
  'workspace.color-changed': spec<Diff>()('write', 'workspace'),
  'branch.created': spec<Diff>()('write', 'branch'),
  'branch.updated': spec<Diff>()('write', 'branch'),
  'branch.color-changed': spec<Diff>()('write', 'branch'),
  'branch.deleted': spec<Diff>()('write', 'branch'),
  'branch.logo-updated': spec<Diff>()('write', 'branch'),
  'branch.logo-removed': spec<Diff>()('write', 'branch'),
  'department.created': spec<Diff>()('write', 'department'),
  'department.renamed': spec<Diff>()('write', 'department'),
  'department.deleted': spec<Diff>()('write', 'department'),
  'department.manager-added': spec<Diff>()('write', 'department'),
  'department.manager-removed': spec<Diff>()('write', 'department'),
  // The audit log itself: reading it is not recorded per row, exporting it is
  'audit.exported': spec<{ format: 'csv' | 'xlsx'; filter: Record<string, unknown>; rows: number }>()('read', null),
  // The platform operator
  'feature-flag.updated': spec<Diff>()('write', 'feature_flag'),
  // The operator's workspaces (issue 23): ids and the host only
  'workspace.created': spec<{ host: string; headquarterId: string; invitationId: string }>()('write', 'workspace'),
  // --- contract ---
  'workspace.user_limit_changed': spec<Diff>()('write', 'workspace'),
  'workspace.contract_expiry_changed': spec<Diff>()('write', 'workspace'),
  // The operator's lifecycle of a workspace (issue 23): hosts and counts only
  'workspace.host_changed': spec<{ before: string; after: string; sessionsEnded: number }>()('write', 'workspace'),
  'workspace.retired': spec<{ host: string; purgeAfter: string; sessionsEnded: number }>()('write', 'workspace'),
  'workspace.restored': spec<{ host: string }>()('write', 'workspace'),
  'workspace.purged': spec<{
    files: number;
    rows: number;
    tables: Record<string, number>;
    kept: string[];
    sessionsEnded: number;
    accountsAnonymised: number;
  }>()('write', 'workspace'),
  // The operator's per-workspace settings (issue 23): the menus off before and after; whitelist counts only
  'workspace.navigation-changed': spec<{ before: { off: string[] }; after: { off: string[] } }>()('write', 'workspace'),
  'workspace.whitelist-changed': spec<{
    added: number;
    alreadyListed: number;
    removed: number;
    bulk: boolean;
    refused?: number;
  }>()('write', 'workspace'),
} as const;

type MainAuditActions = typeof MAIN_AUDIT_ACTIONS;
declare module '../../core/audit.ts' {
  interface AuditCatalogue extends MainAuditActions {}
}
