-- Roles the application queries as. Neither is superuser nor owns a table:
--   compliance_app       every workspace request (row-level security applies)
--   compliance_platform  the one audited path for platform-operator work across workspaces (BYPASSRLS)
-- Creating a BYPASSRLS role needs a superuser; on a server where the migrating role is not one,
-- create both roles beforehand (see README, "Running on PostgreSQL") and this step skips them.
DO $$
BEGIN
  IF NOT EXISTS (SELECT 1 FROM pg_roles WHERE rolname = 'compliance_app') THEN
    CREATE ROLE compliance_app NOLOGIN NOSUPERUSER NOBYPASSRLS NOCREATEDB NOCREATEROLE;
  END IF;
  IF NOT EXISTS (SELECT 1 FROM pg_roles WHERE rolname = 'compliance_platform') THEN
    CREATE ROLE compliance_platform NOLOGIN NOSUPERUSER BYPASSRLS NOCREATEDB NOCREATEROLE;
  END IF;
  IF NOT pg_has_role(current_user, 'compliance_app', 'MEMBER') THEN
    EXECUTE format('GRANT compliance_app TO %I', current_user);
  END IF;
  IF NOT pg_has_role(current_user, 'compliance_platform', 'MEMBER') THEN
    EXECUTE format('GRANT compliance_platform TO %I', current_user);
  END IF;
END
$$;
--> statement-breakpoint
GRANT USAGE ON SCHEMA public TO compliance_app, compliance_platform;
--> statement-breakpoint
ALTER DEFAULT PRIVILEGES IN SCHEMA public GRANT SELECT, INSERT, UPDATE, DELETE ON TABLES TO compliance_app, compliance_platform;
--> statement-breakpoint
ALTER DEFAULT PRIVILEGES IN SCHEMA public GRANT USAGE, SELECT ON SEQUENCES TO compliance_app, compliance_platform;
--> statement-breakpoint
-- The workspace and account of the current transaction, set by the server with set_config(..., true).
-- A reset setting reads as '' (not NULL), hence NULLIF.
CREATE OR REPLACE FUNCTION app_current_workspace() RETURNS uuid
  LANGUAGE sql STABLE AS $$ SELECT NULLIF(current_setting('app.workspace_id', true), '')::uuid $$;
--> statement-breakpoint
CREATE OR REPLACE FUNCTION app_current_account() RETURNS uuid
  LANGUAGE sql STABLE AS $$ SELECT NULLIF(current_setting('app.account_id', true), '')::uuid $$;
--> statement-breakpoint
-- Enables and forces row-level security on a table keyed by workspace_id, with one policy that
-- both filters reads (USING) and refuses writes into another workspace (WITH CHECK).
CREATE OR REPLACE FUNCTION app_enable_tenant_rls(tbl text) RETURNS void
  LANGUAGE plpgsql AS $$
BEGIN
  EXECUTE format('ALTER TABLE %I ENABLE ROW LEVEL SECURITY', tbl);
  EXECUTE format('ALTER TABLE %I FORCE ROW LEVEL SECURITY', tbl);
  EXECUTE format('DROP POLICY IF EXISTS tenant_isolation ON %I', tbl);
  EXECUTE format(
    'CREATE POLICY tenant_isolation ON %I USING (workspace_id = app_current_workspace()) WITH CHECK (workspace_id = app_current_workspace())',
    tbl);
END
$$;
