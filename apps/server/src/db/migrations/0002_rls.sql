-- Row-level security on every table. Tenant tables: one policy on workspace_id.
SELECT app_enable_tenant_rls('branches');
--> statement-breakpoint
SELECT app_enable_tenant_rls('departments');
--> statement-breakpoint
SELECT app_enable_tenant_rls('memberships');
--> statement-breakpoint
SELECT app_enable_tenant_rls('invitations');
--> statement-breakpoint
SELECT app_enable_tenant_rls('feature_flag_workspaces');
--> statement-breakpoint
SELECT app_enable_tenant_rls('role_permissions');
--> statement-breakpoint
SELECT app_enable_tenant_rls('outbox');
--> statement-breakpoint
SELECT app_enable_tenant_rls('sessions');
--> statement-breakpoint
SELECT app_enable_tenant_rls('audit_log');
--> statement-breakpoint
-- The audit trail is append-only for the application.
REVOKE UPDATE, DELETE ON audit_log FROM compliance_app;
--> statement-breakpoint
-- A workspace sees its own row only.
ALTER TABLE workspaces ENABLE ROW LEVEL SECURITY;
--> statement-breakpoint
ALTER TABLE workspaces FORCE ROW LEVEL SECURITY;
--> statement-breakpoint
CREATE POLICY tenant_isolation ON workspaces USING (id = app_current_workspace()) WITH CHECK (id = app_current_workspace());
--> statement-breakpoint
-- An account is visible to a workspace it belongs to, and to its own sessions.
ALTER TABLE accounts ENABLE ROW LEVEL SECURITY;
--> statement-breakpoint
ALTER TABLE accounts FORCE ROW LEVEL SECURITY;
--> statement-breakpoint
CREATE POLICY member_or_self ON accounts
  USING (id = app_current_account() OR EXISTS (
    SELECT 1 FROM memberships m WHERE m.account_id = accounts.id AND m.workspace_id = app_current_workspace()))
  WITH CHECK (id = app_current_account() OR EXISTS (
    SELECT 1 FROM memberships m WHERE m.account_id = accounts.id AND m.workspace_id = app_current_workspace()));
--> statement-breakpoint
-- Feature flags are the operator's: every workspace may read them; only the platform role writes.
ALTER TABLE feature_flags ENABLE ROW LEVEL SECURITY;
--> statement-breakpoint
ALTER TABLE feature_flags FORCE ROW LEVEL SECURITY;
--> statement-breakpoint
CREATE POLICY read_all ON feature_flags FOR SELECT USING (true);
--> statement-breakpoint
-- Host resolution happens before a workspace is known: a narrow function, run as the platform role,
-- that answers one question (which workspace serves this host) and nothing else.
CREATE OR REPLACE FUNCTION app_resolve_host(p_host text)
  RETURNS TABLE (workspace_id uuid, active boolean)
  LANGUAGE sql STABLE SECURITY DEFINER SET search_path = public, pg_temp
  AS $$ SELECT w.id, w.active FROM workspaces w WHERE w.host = lower(p_host) $$;
--> statement-breakpoint
-- A new owner needs CREATE on the schema at the moment of the change only.
GRANT CREATE ON SCHEMA public TO compliance_platform;
--> statement-breakpoint
ALTER FUNCTION app_resolve_host(text) OWNER TO compliance_platform;
--> statement-breakpoint
-- The signed-in person's own memberships in every workspace (for the user session's workspace list).
-- It reads only app_current_account(), which the server sets from a verified session.
CREATE OR REPLACE FUNCTION app_my_workspaces()
  RETURNS TABLE (
    workspace_id uuid, workspace_url text, company_name text, bulk_sign_up_enabled boolean,
    role text, designation text, employee_id text, branch_id uuid, branch_name text,
    department_id uuid, department_name text, is_default boolean, active boolean)
  LANGUAGE sql STABLE SECURITY DEFINER SET search_path = public, pg_temp
  AS $$
    SELECT w.id, w.host, w.company_name, w.bulk_sign_up_enabled, m.role, m.designation, m.employee_id,
           b.id, b.name, d.id, d.name, m.is_default, m.active
      FROM memberships m
      JOIN workspaces w ON w.id = m.workspace_id AND w.active
      LEFT JOIN branches b ON b.workspace_id = m.workspace_id AND b.id = m.branch_id
      LEFT JOIN departments d ON d.workspace_id = m.workspace_id AND d.id = m.department_id
     WHERE m.account_id = app_current_account()
     ORDER BY m.is_default DESC, w.company_name
  $$;
--> statement-breakpoint
ALTER FUNCTION app_my_workspaces() OWNER TO compliance_platform;
--> statement-breakpoint
REVOKE CREATE ON SCHEMA public FROM compliance_platform;
