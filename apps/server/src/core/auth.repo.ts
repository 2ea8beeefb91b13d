import { statement } from './db/statement.ts';
import type { PermissionOverride } from './permissions.ts';

/** A workspace session as the session check reads it. */
export type WorkspaceSessionRow = {
  sessionId: string;
  accountId: string;
  role: string;
  branchId: string | null;
  firstLogin: boolean;
  /** Idle past the limit: the session ends now. */
  idle: boolean;
  /** Its recorded last use is older than the touch interval: record this one. */
  touch: boolean;
  /** The workspace's overrides of the role's permissions. */
  overrides: PermissionOverride[];
};

/**
 * The session check of every workspace request, in one statement (prepared once per connection):
 * the session by its token hash under the workspace's row-level security, its active membership,
 * the account's first-login flag, the idle figures and the role's permission overrides. Its last
 * column sets the transaction's account (`app.account_id`) to the session's, so that the route's
 * work, which adopts this transaction (core/db/tenant.ts `holdTenant`), runs scoped to the caller
 * without another round trip; it is set only when a session is found (the row is returned).
 */
export const workspaceSession = statement<WorkspaceSessionRow>(
  'session_check_workspace',
  `select s.id as "sessionId", s.account_id as "accountId", m.role, m.branch_id as "branchId",
          a.first_login as "firstLogin",
          s.last_used_at <= app_now() - make_interval(mins => $3::int) as idle,
          s.last_used_at <= app_now() - make_interval(mins => $4::int) as touch,
          coalesce((select json_agg(json_build_object('role', rp.role, 'permission', rp.permission, 'granted', rp.granted))
                      from role_permissions rp where rp.role = m.role), '[]'::json) as overrides,
          set_config('app.account_id', s.account_id::text, true) as scoped
     from sessions s
     join memberships m on m.workspace_id = s.workspace_id and m.account_id = s.account_id
     join accounts a on a.id = s.account_id
    where s.token_hash = $1 and s.workspace_id = $2::uuid and s.revoked_at is null
      and s.expires_at > app_now() and m.active
    limit 1`,
);
