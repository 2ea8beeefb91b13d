CREATE TABLE "account_identities" (
	"provider" text NOT NULL,
	"subject" text NOT NULL,
	"account_id" uuid NOT NULL,
	"email" text,
	"created_at" timestamp with time zone DEFAULT now() NOT NULL,
	"last_used_at" timestamp with time zone,
	CONSTRAINT "account_identities_provider_subject_pk" PRIMARY KEY("provider","subject"),
	CONSTRAINT "account_identities_provider" CHECK ("account_identities"."provider" in ('GOOGLE','MICROSOFT'))
);
--> statement-breakpoint
CREATE TABLE "oidc_logins" (
	"workspace_id" uuid NOT NULL,
	"id" uuid DEFAULT gen_random_uuid() NOT NULL,
	"provider" text NOT NULL,
	"state_hash" text NOT NULL,
	"nonce" text NOT NULL,
	"code_verifier" text NOT NULL,
	"binding_hash" text NOT NULL,
	"redirect_path" text,
	"created_at" timestamp with time zone DEFAULT now() NOT NULL,
	"expires_at" timestamp with time zone NOT NULL,
	"used_at" timestamp with time zone,
	CONSTRAINT "oidc_logins_workspace_id_id_pk" PRIMARY KEY("workspace_id","id"),
	CONSTRAINT "oidc_logins_provider" CHECK ("oidc_logins"."provider" in ('GOOGLE','MICROSOFT'))
);
--> statement-breakpoint
CREATE TABLE "one_time_codes" (
	"id" uuid PRIMARY KEY DEFAULT gen_random_uuid() NOT NULL,
	"workspace_id" uuid,
	"account_id" uuid,
	"invitation_id" uuid,
	"purpose" text NOT NULL,
	"target" text NOT NULL,
	"code_hash" text NOT NULL,
	"attempts" integer DEFAULT 0 NOT NULL,
	"created_at" timestamp with time zone DEFAULT now() NOT NULL,
	"expires_at" timestamp with time zone NOT NULL,
	"used_at" timestamp with time zone,
	"superseded_at" timestamp with time zone,
	CONSTRAINT "one_time_codes_purpose" CHECK ("one_time_codes"."purpose" in ('SIGNIN_EMAIL','SIGNIN_SMS','PASSWORD_RESET','EMAIL_CONFIRM')),
	CONSTRAINT "one_time_codes_attempts" CHECK ("one_time_codes"."attempts" >= 0)
);
--> statement-breakpoint
CREATE TABLE "rate_limit_events" (
	"key" text NOT NULL,
	"occurred_at" timestamp with time zone DEFAULT now() NOT NULL
);
--> statement-breakpoint
CREATE TABLE "session_handoffs" (
	"workspace_id" uuid NOT NULL,
	"id" uuid DEFAULT gen_random_uuid() NOT NULL,
	"id_hash" text NOT NULL,
	"account_id" uuid NOT NULL,
	"method" text NOT NULL,
	"binding_hash" text,
	"redirect_path" text,
	"created_at" timestamp with time zone DEFAULT now() NOT NULL,
	"expires_at" timestamp with time zone NOT NULL,
	"used_at" timestamp with time zone,
	CONSTRAINT "session_handoffs_workspace_id_id_pk" PRIMARY KEY("workspace_id","id")
);
--> statement-breakpoint
ALTER TABLE "account_identities" ADD CONSTRAINT "account_identities_account_id_accounts_id_fk" FOREIGN KEY ("account_id") REFERENCES "public"."accounts"("id") ON DELETE no action ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "oidc_logins" ADD CONSTRAINT "oidc_logins_workspace_id_workspaces_id_fk" FOREIGN KEY ("workspace_id") REFERENCES "public"."workspaces"("id") ON DELETE no action ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "one_time_codes" ADD CONSTRAINT "one_time_codes_workspace_id_workspaces_id_fk" FOREIGN KEY ("workspace_id") REFERENCES "public"."workspaces"("id") ON DELETE no action ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "one_time_codes" ADD CONSTRAINT "one_time_codes_account_id_accounts_id_fk" FOREIGN KEY ("account_id") REFERENCES "public"."accounts"("id") ON DELETE no action ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "session_handoffs" ADD CONSTRAINT "session_handoffs_workspace_id_workspaces_id_fk" FOREIGN KEY ("workspace_id") REFERENCES "public"."workspaces"("id") ON DELETE no action ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "session_handoffs" ADD CONSTRAINT "session_handoffs_account_id_accounts_id_fk" FOREIGN KEY ("account_id") REFERENCES "public"."accounts"("id") ON DELETE no action ON UPDATE no action;--> statement-breakpoint
CREATE INDEX "account_identities_account_idx" ON "account_identities" USING btree ("account_id");--> statement-breakpoint
CREATE UNIQUE INDEX "oidc_logins_state_key" ON "oidc_logins" USING btree ("state_hash");--> statement-breakpoint
CREATE INDEX "one_time_codes_target_idx" ON "one_time_codes" USING btree ("purpose","target","created_at");--> statement-breakpoint
CREATE INDEX "one_time_codes_hash_idx" ON "one_time_codes" USING btree ("code_hash");--> statement-breakpoint
CREATE INDEX "rate_limit_events_key_idx" ON "rate_limit_events" USING btree ("key","occurred_at");--> statement-breakpoint
CREATE INDEX "rate_limit_events_time_idx" ON "rate_limit_events" USING btree ("occurred_at");--> statement-breakpoint
CREATE UNIQUE INDEX "session_handoffs_id_hash_key" ON "session_handoffs" USING btree ("id_hash");