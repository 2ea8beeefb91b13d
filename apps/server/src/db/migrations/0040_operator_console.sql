CREATE TABLE "contract_notices" (
	"workspace_id" uuid NOT NULL,
	"expiry_date" date NOT NULL,
	"days_before" integer NOT NULL,
	"created_at" timestamp with time zone DEFAULT now() NOT NULL,
	CONSTRAINT "contract_notices_workspace_id_expiry_date_days_before_pk" PRIMARY KEY("workspace_id","expiry_date","days_before"),
	CONSTRAINT "contract_notices_days" CHECK ("contract_notices"."days_before" in (30, 7, 1))
);
--> statement-breakpoint
CREATE TABLE "operator_idempotency" (
	"key" text NOT NULL,
	"operation" text NOT NULL,
	"account_id" uuid NOT NULL,
	"request_hash" text NOT NULL,
	"response" jsonb NOT NULL,
	"created_at" timestamp with time zone DEFAULT now() NOT NULL,
	CONSTRAINT "operator_idempotency_operation_key_pk" PRIMARY KEY("operation","key"),
	CONSTRAINT "operator_idempotency_key" CHECK (length("operator_idempotency"."key") between 8 and 200)
);
--> statement-breakpoint
CREATE TABLE "signup_whitelist" (
	"workspace_id" uuid NOT NULL,
	"value" text NOT NULL,
	"added_by" uuid,
	"created_at" timestamp with time zone DEFAULT now() NOT NULL,
	CONSTRAINT "signup_whitelist_workspace_id_value_pk" PRIMARY KEY("workspace_id","value"),
	CONSTRAINT "signup_whitelist_value" CHECK ("signup_whitelist"."value" = lower("signup_whitelist"."value") and length("signup_whitelist"."value") between 3 and 254)
);
--> statement-breakpoint
CREATE TABLE "user_manuals" (
	"audience" text NOT NULL,
	"language" text NOT NULL,
	"storage_key" text NOT NULL,
	"file_name" text NOT NULL,
	"size_bytes" integer NOT NULL,
	"uploaded_by" uuid,
	"created_at" timestamp with time zone DEFAULT now() NOT NULL,
	CONSTRAINT "user_manuals_audience_language_pk" PRIMARY KEY("audience","language"),
	CONSTRAINT "user_manuals_audience" CHECK ("user_manuals"."audience" in ('EMPLOYEE','ADMINISTRATOR'))
);
--> statement-breakpoint
CREATE TABLE "workspace_host_redirects" (
	"host" text PRIMARY KEY NOT NULL,
	"workspace_id" uuid NOT NULL,
	"until" timestamp with time zone NOT NULL,
	"created_at" timestamp with time zone DEFAULT now() NOT NULL
);
--> statement-breakpoint
CREATE TABLE "workspace_menus" (
	"workspace_id" uuid NOT NULL,
	"menu" text NOT NULL,
	"enabled" boolean NOT NULL,
	"updated_at" timestamp with time zone DEFAULT now() NOT NULL,
	CONSTRAINT "workspace_menus_workspace_id_menu_pk" PRIMARY KEY("workspace_id","menu")
);
--> statement-breakpoint
ALTER TABLE "workspaces" ADD COLUMN "retired_at" timestamp with time zone;--> statement-breakpoint
ALTER TABLE "workspaces" ADD COLUMN "purge_after" timestamp with time zone;--> statement-breakpoint
ALTER TABLE "workspaces" ADD COLUMN "purged_at" timestamp with time zone;--> statement-breakpoint
ALTER TABLE "workspaces" ADD COLUMN "admin_ip_ranges" text[] DEFAULT '{}'::text[] NOT NULL;--> statement-breakpoint
CREATE INDEX "workspace_host_redirects_workspace" ON "workspace_host_redirects" USING btree ("workspace_id");
--> statement-breakpoint
-- Foreign keys by hand (operator-schema.ts declares none, to avoid an import cycle with schema.ts).
ALTER TABLE "contract_notices" ADD CONSTRAINT "contract_notices_workspace_id_workspaces_id_fk" FOREIGN KEY ("workspace_id") REFERENCES "public"."workspaces"("id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "operator_idempotency" ADD CONSTRAINT "operator_idempotency_account_id_accounts_id_fk" FOREIGN KEY ("account_id") REFERENCES "public"."accounts"("id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "signup_whitelist" ADD CONSTRAINT "signup_whitelist_workspace_id_workspaces_id_fk" FOREIGN KEY ("workspace_id") REFERENCES "public"."workspaces"("id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "signup_whitelist" ADD CONSTRAINT "signup_whitelist_added_by_accounts_id_fk" FOREIGN KEY ("added_by") REFERENCES "public"."accounts"("id") ON DELETE set null ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "user_manuals" ADD CONSTRAINT "user_manuals_uploaded_by_accounts_id_fk" FOREIGN KEY ("uploaded_by") REFERENCES "public"."accounts"("id") ON DELETE set null ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "workspace_host_redirects" ADD CONSTRAINT "workspace_host_redirects_workspace_id_workspaces_id_fk" FOREIGN KEY ("workspace_id") REFERENCES "public"."workspaces"("id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "workspace_menus" ADD CONSTRAINT "workspace_menus_workspace_id_workspaces_id_fk" FOREIGN KEY ("workspace_id") REFERENCES "public"."workspaces"("id") ON DELETE cascade ON UPDATE no action;
--> statement-breakpoint
-- Tenant rows: one policy on workspace_id (the workspace reads its own menus, whitelist, notices and old hosts).
SELECT app_enable_tenant_rls('workspace_host_redirects');
--> statement-breakpoint
SELECT app_enable_tenant_rls('contract_notices');
--> statement-breakpoint
SELECT app_enable_tenant_rls('signup_whitelist');
--> statement-breakpoint
SELECT app_enable_tenant_rls('workspace_menus');
--> statement-breakpoint
-- What the operator alone decides is written only on the platform path: the application role reads.
REVOKE INSERT, UPDATE, DELETE ON workspace_host_redirects, workspace_menus FROM compliance_app;
--> statement-breakpoint
-- The user manuals are the operator's, read by everyone (as feature_flags).
ALTER TABLE user_manuals ENABLE ROW LEVEL SECURITY;
--> statement-breakpoint
ALTER TABLE user_manuals FORCE ROW LEVEL SECURITY;
--> statement-breakpoint
CREATE POLICY read_all ON user_manuals FOR SELECT USING (true);
--> statement-breakpoint
REVOKE ALL ON user_manuals FROM compliance_app;
--> statement-breakpoint
GRANT SELECT ON user_manuals TO compliance_app;
--> statement-breakpoint
-- Idempotency records of operator requests: the platform path only (BYPASSRLS); no workspace row matches.
ALTER TABLE operator_idempotency ENABLE ROW LEVEL SECURITY;
--> statement-breakpoint
ALTER TABLE operator_idempotency FORCE ROW LEVEL SECURITY;
--> statement-breakpoint
CREATE POLICY platform_only ON operator_idempotency USING (false) WITH CHECK (false);
--> statement-breakpoint
REVOKE ALL ON operator_idempotency FROM compliance_app;
--> statement-breakpoint
GRANT SELECT, INSERT, UPDATE, DELETE ON
  workspace_host_redirects, contract_notices, signup_whitelist, workspace_menus, user_manuals, operator_idempotency
  TO compliance_platform;
--> statement-breakpoint
-- Host resolution before a workspace is known also answers "this host moved": the workspace's
-- current host while the redirect lasts (app_now(), so the test clock moves it), nothing else.
CREATE OR REPLACE FUNCTION app_resolve_moved_host(p_host text)
  RETURNS TABLE (workspace_id uuid, current_host text, until timestamptz)
  LANGUAGE sql STABLE SECURITY DEFINER SET search_path = public, pg_temp
  AS $$ SELECT w.id, w.host, r.until FROM workspace_host_redirects r JOIN workspaces w ON w.id = r.workspace_id
        WHERE r.host = lower(p_host) AND r.until > app_now() AND w.purged_at IS NULL $$;
--> statement-breakpoint
-- A new owner needs CREATE on the schema at the moment of the change only.
GRANT CREATE ON SCHEMA public TO compliance_platform;
--> statement-breakpoint
ALTER FUNCTION app_resolve_moved_host(text) OWNER TO compliance_platform;
--> statement-breakpoint
REVOKE CREATE ON SCHEMA public FROM compliance_platform;
