import type { Area } from './context.ts';
import { statement } from './db/statement.ts';
import type { PermissionOverride } from './permissions.ts';

/** The workspace's area switches (its white-label switches), as the session check reads them. */
export type AreaSwitches = Record<Area, boolean>;

/**
 * A workspace session as the session check reads it. The row is the workspace's: its area switches
 * are always there; the session's columns are null when no live session matches the token.
 */
export type WorkspaceSessionRow = AreaSwitches & {
  /** The menus the platform operator switched off for the workspace (`workspace_menus`; issue 23). */
  menusOff: string[];
  sessionId: string | null;
  accountId: string | null;
  role: string | null;
  branchId: string | null;
  firstLogin: boolean | null;
  /** Idle past the limit: the session ends now. */
  idle: boolean | null;
  /** Its recorded last use is older than the touch interval: record this one. */
  touch: boolean | null;
  /** The workspace's overrides of the role's permissions. */
  overrides: PermissionOverride[] | null;
  /** The contract's last day (YYYY-MM-DD) once it has passed in the workspace's zone, else null. */
  contractExpiredOn: string | null;
  /** Elevate-IP mode: whether the `elevateip` flag is on for the workspace (`isFlagOn`'s rule). */
  elevateIp: boolean;
  /** The ranges its administrators may act from while elevate-IP mode is on (empty: anywhere). */
  adminIpRanges: string[];
};

/**
 * The session check of every workspace request, in one statement (prepared once per connection):
 * the workspace's area switches and the menus the operator switched off (so that an area- or
 * menu-gated route needs no transaction of its own), its elevate-IP switch and ranges (the
 * `elevateip` flag on for it, and `admin_ip_ranges`), and
 * the session by its token hash under the workspace's row-level security, its active membership,
 * the account's first-login flag, the idle figures and the role's permission overrides. The
 * session's last column sets the transaction's account (`app.account_id`) to the session's, so that
 * the route's work, which adopts this transaction (core/db/tenant.ts `holdTenant`), runs scoped to
 * the caller without another round trip; it is set only when a session is found (and named in the
 * outer select, so that the planner cannot drop it as unused).
 */
export const workspaceSession = statement<WorkspaceSessionRow>(
  'session_check_workspace',
  `select w.access_cms as cms, w.access_lms as lms, w.access_concerned_authority as "concernedAuthority",
          w.access_policies as policies, w.access_compliance as compliance,
          case when w.contract_expiry_date < (app_now() at time zone w.time_zone)::date
               then to_char(w.contract_expiry_date, 'YYYY-MM-DD') end as "contractExpiredOn",
          coalesce((select json_agg(wm.menu) from workspace_menus wm where wm.workspace_id = w.id and not wm.enabled),
                   '[]'::json) as "menusOff",
          exists (select 1 from feature_flags f
                   where f.key = 'elevateip' and f.value = 'true'
                     and (exists (select 1 from feature_flag_workspaces fw where fw.flag_key = f.key and fw.workspace_id = w.id)
                          or not exists (select 1 from app_limited_flag_keys() k where k = f.key))) as "elevateIp",
          w.admin_ip_ranges as "adminIpRanges",
          s."sessionId", s."accountId", s.role, s."branchId", s."firstLogin", s.idle, s.touch, s.overrides,
          s.scoped
     from workspaces w
     left join lateral (
       select s.id as "sessionId", s.account_id as "accountId", m.role, m.branch_id as "branchId",
              a.first_login as "firstLogin",
              s.last_used_at <= app_now() - make_interval(mins => $3::int) as idle,
              s.last_used_at <= app_now() - make_interval(mins => $4::int) as touch,
              coalesce((select json_agg(json_build_object('role', rp.role, 'permission', rp.permission, 'granted', rp.granted))
                          from role_permissions rp where rp.role = m.role), '[]'::json) as overrides,
              set_config('app.account_id', s.account_id::text, true) as scoped
         from sessions s
         join memberships m on m.workspace_id = s.workspace_id and m.account_id = s.account_id
         join accounts a on a.id = s.account_id
        where s.token_hash = $1 and s.workspace_id = w.id and s.revoked_at is null
          and s.expires_at > app_now() and m.active
        limit 1) s on true
    where w.id = $2::uuid`,
);
