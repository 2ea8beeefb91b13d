CREATE TABLE "member_keys" (
	"workspace_id" uuid NOT NULL,
	"account_id" uuid NOT NULL,
	"public_key" "bytea" NOT NULL,
	"created_at" timestamp with time zone DEFAULT app_now() NOT NULL,
	CONSTRAINT "member_keys_workspace_id_account_id_pk" PRIMARY KEY("workspace_id","account_id")
);
--> statement-breakpoint
CREATE TABLE "member_private_keys" (
	"workspace_id" uuid NOT NULL,
	"account_id" uuid NOT NULL,
	"sealed_private_key" "bytea" NOT NULL,
	"created_at" timestamp with time zone DEFAULT app_now() NOT NULL,
	CONSTRAINT "member_private_keys_workspace_id_account_id_pk" PRIMARY KEY("workspace_id","account_id")
);
--> statement-breakpoint
CREATE TABLE "member_secrets" (
	"account_id" uuid PRIMARY KEY NOT NULL,
	"secret_kind" text NOT NULL,
	"kdf_alg" text NOT NULL,
	"kdf_salt" "bytea" NOT NULL,
	"kdf_opslimit" integer NOT NULL,
	"kdf_memlimit" bigint NOT NULL,
	"sealed_account_key" "bytea" NOT NULL,
	"recovery_salt" "bytea" NOT NULL,
	"recovery_opslimit" integer NOT NULL,
	"recovery_memlimit" bigint NOT NULL,
	"recovery_sealed_account_key" "bytea" NOT NULL,
	"created_at" timestamp with time zone DEFAULT app_now() NOT NULL,
	"updated_at" timestamp with time zone DEFAULT app_now() NOT NULL,
	CONSTRAINT "member_secrets_kind" CHECK ("member_secrets"."secret_kind" in ('PASSWORD','PASSPHRASE')),
	CONSTRAINT "member_secrets_alg" CHECK ("member_secrets"."kdf_alg" = 'argon2id13')
);
--> statement-breakpoint
CREATE TABLE "trail_entries" (
	"workspace_id" uuid NOT NULL,
	"chain_id" uuid NOT NULL,
	"seq" bigint NOT NULL,
	"occurred_at" timestamp with time zone NOT NULL,
	"actor_account_id" uuid,
	"action" text NOT NULL,
	"target_type" text,
	"target_id" uuid,
	"trace_id" text,
	"prev_hash" "bytea" NOT NULL,
	"row_hash" "bytea" NOT NULL,
	CONSTRAINT "trail_entries_workspace_id_chain_id_seq_pk" PRIMARY KEY("workspace_id","chain_id","seq"),
	CONSTRAINT "trail_entries_seq" CHECK ("trail_entries"."seq" >= 1),
	CONSTRAINT "trail_entries_action" CHECK ("trail_entries"."action" ~ '^[a-z][a-z0-9_.]{0,63}$'),
	CONSTRAINT "trail_entries_target_type" CHECK ("trail_entries"."target_type" is null or "trail_entries"."target_type" ~ '^[a-z][a-z0-9_]{0,31}$'),
	CONSTRAINT "trail_entries_trace_id" CHECK ("trail_entries"."trace_id" is null or "trail_entries"."trace_id" ~ '^[A-Za-z0-9._:-]{1,128}$'),
	CONSTRAINT "trail_entries_hashes" CHECK (octet_length("trail_entries"."prev_hash") = 32 and octet_length("trail_entries"."row_hash") = 32)
);
--> statement-breakpoint
CREATE TABLE "trail_heads" (
	"workspace_id" uuid NOT NULL,
	"chain_id" uuid NOT NULL,
	"seq" bigint NOT NULL,
	"head_hash" "bytea" NOT NULL,
	CONSTRAINT "trail_heads_workspace_id_chain_id_pk" PRIMARY KEY("workspace_id","chain_id")
);
--> statement-breakpoint
ALTER TABLE "member_private_keys" ADD CONSTRAINT "member_private_keys_workspace_id_account_id_member_keys_workspace_id_account_id_fk" FOREIGN KEY ("workspace_id","account_id") REFERENCES "public"."member_keys"("workspace_id","account_id") ON DELETE no action ON UPDATE no action;--> statement-breakpoint

-- ---------------------------------------------------------------------------------------------
-- Hand-written (drizzle-kit does not model these): the case security groundwork (issue 22 §6,
-- docs/cases-security.md). Self-contained and idempotent where PostgreSQL allows it.
ALTER TABLE member_secrets ADD CONSTRAINT member_secrets_account_fk FOREIGN KEY (account_id) REFERENCES accounts(id);
--> statement-breakpoint
ALTER TABLE member_keys ADD CONSTRAINT member_keys_membership_fk FOREIGN KEY (workspace_id, account_id) REFERENCES memberships(workspace_id, account_id);
--> statement-breakpoint
ALTER TABLE trail_entries ADD CONSTRAINT trail_entries_workspace_fk FOREIGN KEY (workspace_id) REFERENCES workspaces(id);
--> statement-breakpoint
ALTER TABLE trail_heads ADD CONSTRAINT trail_heads_workspace_fk FOREIGN KEY (workspace_id) REFERENCES workspaces(id);
--> statement-breakpoint
-- A person's secret-sealed account key: theirs only, whatever the workspace of the request.
ALTER TABLE member_secrets ENABLE ROW LEVEL SECURITY;
--> statement-breakpoint
ALTER TABLE member_secrets FORCE ROW LEVEL SECURITY;
--> statement-breakpoint
DROP POLICY IF EXISTS own_secret ON member_secrets;
--> statement-breakpoint
CREATE POLICY own_secret ON member_secrets
  USING (account_id = app_current_account()) WITH CHECK (account_id = app_current_account());
--> statement-breakpoint
-- Public keys: the workspace reads them (to wrap a case's key to a member); a member writes their own.
ALTER TABLE member_keys ENABLE ROW LEVEL SECURITY;
--> statement-breakpoint
ALTER TABLE member_keys FORCE ROW LEVEL SECURITY;
--> statement-breakpoint
DROP POLICY IF EXISTS workspace_reads ON member_keys;
--> statement-breakpoint
CREATE POLICY workspace_reads ON member_keys FOR SELECT USING (workspace_id = app_current_workspace());
--> statement-breakpoint
DROP POLICY IF EXISTS own_insert ON member_keys;
--> statement-breakpoint
CREATE POLICY own_insert ON member_keys FOR INSERT
  WITH CHECK (workspace_id = app_current_workspace() AND account_id = app_current_account());
--> statement-breakpoint
DROP POLICY IF EXISTS own_update ON member_keys;
--> statement-breakpoint
CREATE POLICY own_update ON member_keys FOR UPDATE
  USING (workspace_id = app_current_workspace() AND account_id = app_current_account())
  WITH CHECK (workspace_id = app_current_workspace() AND account_id = app_current_account());
--> statement-breakpoint
DROP POLICY IF EXISTS own_delete ON member_keys;
--> statement-breakpoint
CREATE POLICY own_delete ON member_keys FOR DELETE
  USING (workspace_id = app_current_workspace() AND account_id = app_current_account());
--> statement-breakpoint
-- Private keys (sealed): the member's own, in the request's workspace, for every command.
ALTER TABLE member_private_keys ENABLE ROW LEVEL SECURITY;
--> statement-breakpoint
ALTER TABLE member_private_keys FORCE ROW LEVEL SECURITY;
--> statement-breakpoint
DROP POLICY IF EXISTS own_private_key ON member_private_keys;
--> statement-breakpoint
CREATE POLICY own_private_key ON member_private_keys
  USING (workspace_id = app_current_workspace() AND account_id = app_current_account())
  WITH CHECK (workspace_id = app_current_workspace() AND account_id = app_current_account());
--> statement-breakpoint
-- The trail: tenant isolation now; case tables' trails add the case_access policy (docs/cases-security.md §1).
SELECT app_enable_tenant_rls('trail_entries');
--> statement-breakpoint
SELECT app_enable_tenant_rls('trail_heads');
--> statement-breakpoint
-- Insert-only for the application: no UPDATE, DELETE or TRUNCATE, and a trigger that refuses them
-- for every role (the owner included: changing the trail means dropping the trigger first).
REVOKE UPDATE, DELETE, TRUNCATE ON trail_entries FROM compliance_app;
--> statement-breakpoint
REVOKE DELETE, TRUNCATE ON trail_heads FROM compliance_app;
--> statement-breakpoint
CREATE OR REPLACE FUNCTION app_trail_insert_only() RETURNS trigger
  LANGUAGE plpgsql AS $$
BEGIN
  RAISE EXCEPTION 'trail entries are insert-only (% refused)', TG_OP USING ERRCODE = 'insufficient_privilege';
END
$$;
--> statement-breakpoint
DROP TRIGGER IF EXISTS trail_entries_insert_only ON trail_entries;
--> statement-breakpoint
CREATE TRIGGER trail_entries_insert_only BEFORE UPDATE OR DELETE ON trail_entries
  FOR EACH ROW EXECUTE FUNCTION app_trail_insert_only();
--> statement-breakpoint
DROP TRIGGER IF EXISTS trail_entries_no_truncate ON trail_entries;
--> statement-breakpoint
CREATE TRIGGER trail_entries_no_truncate BEFORE TRUNCATE ON trail_entries
  FOR EACH STATEMENT EXECUTE FUNCTION app_trail_insert_only();
--> statement-breakpoint
-- A head only moves forward, one entry at a time.
CREATE OR REPLACE FUNCTION app_trail_head_forward() RETURNS trigger
  LANGUAGE plpgsql AS $$
BEGIN
  IF NEW.workspace_id <> OLD.workspace_id OR NEW.chain_id <> OLD.chain_id OR NEW.seq <> OLD.seq + 1 THEN
    RAISE EXCEPTION 'a trail head moves forward one entry at a time' USING ERRCODE = 'check_violation';
  END IF;
  RETURN NEW;
END
$$;
--> statement-breakpoint
DROP TRIGGER IF EXISTS trail_heads_forward ON trail_heads;
--> statement-breakpoint
CREATE TRIGGER trail_heads_forward BEFORE UPDATE ON trail_heads
  FOR EACH ROW EXECUTE FUNCTION app_trail_head_forward();
--> statement-breakpoint
-- No platform privilege on the keystore or the trail (DESIGN §9: the operator's cross-workspace
-- role reaches no case data), whatever the default privileges say.
REVOKE ALL ON member_secrets, member_keys, member_private_keys, trail_entries, trail_heads FROM compliance_platform;
