CREATE TABLE "workshop_invitations" (
	"workspace_id" uuid NOT NULL,
	"workshop_id" uuid NOT NULL,
	"account_id" uuid NOT NULL,
	"invited_at" timestamp with time zone DEFAULT app_now() NOT NULL,
	"attended_at" timestamp with time zone,
	"attendance_method" text,
	"marked_by" uuid,
	CONSTRAINT "workshop_invitations_workshop_id_account_id_pk" PRIMARY KEY("workshop_id","account_id"),
	CONSTRAINT "workshop_invitations_attendance" CHECK (("workshop_invitations"."attended_at" is null and "workshop_invitations"."attendance_method" is null) or ("workshop_invitations"."attended_at" is not null and "workshop_invitations"."attendance_method" in ('TRAINER','CODE')))
);
--> statement-breakpoint
CREATE TABLE "workshops" (
	"id" uuid PRIMARY KEY DEFAULT gen_random_uuid() NOT NULL,
	"workspace_id" uuid NOT NULL,
	"branch_id" uuid,
	"title" text NOT NULL,
	"description" text,
	"starts_at" timestamp with time zone NOT NULL,
	"duration_minutes" smallint NOT NULL,
	"location" text,
	"online_url" text,
	"trainer_id" uuid NOT NULL,
	"capacity" integer NOT NULL,
	"course_id" uuid,
	"audience" jsonb NOT NULL,
	"status" text DEFAULT 'SCHEDULED' NOT NULL,
	"sequence" integer DEFAULT 0 NOT NULL,
	"code_round" integer DEFAULT 0 NOT NULL,
	"cancelled_at" timestamp with time zone,
	"cancelled_by" uuid,
	"created_by" uuid,
	"created_at" timestamp with time zone DEFAULT app_now() NOT NULL,
	"updated_by" uuid,
	"updated_at" timestamp with time zone DEFAULT app_now() NOT NULL,
	CONSTRAINT "workshops_status" CHECK ("workshops"."status" in ('SCHEDULED','CANCELLED')),
	CONSTRAINT "workshops_title" CHECK (length("workshops"."title") between 1 and 200),
	CONSTRAINT "workshops_description" CHECK ("workshops"."description" is null or length("workshops"."description") <= 4000),
	CONSTRAINT "workshops_duration" CHECK ("workshops"."duration_minutes" between 5 and 720),
	CONSTRAINT "workshops_capacity" CHECK ("workshops"."capacity" between 1 and 10000),
	CONSTRAINT "workshops_place" CHECK ("workshops"."location" is not null or "workshops"."online_url" is not null),
	CONSTRAINT "workshops_location" CHECK ("workshops"."location" is null or length("workshops"."location") between 1 and 300),
	CONSTRAINT "workshops_online_url" CHECK ("workshops"."online_url" is null or "workshops"."online_url" ~ '^https?://' and length("workshops"."online_url") <= 500)
);
--> statement-breakpoint
ALTER TABLE "outbox" ADD COLUMN "attachments" jsonb;--> statement-breakpoint
ALTER TABLE "workshop_invitations" ADD CONSTRAINT "workshop_invitations_workshop_id_workshops_id_fk" FOREIGN KEY ("workshop_id") REFERENCES "public"."workshops"("id") ON DELETE no action ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "workshops" ADD CONSTRAINT "workshops_course_id_courses_id_fk" FOREIGN KEY ("course_id") REFERENCES "public"."courses"("id") ON DELETE no action ON UPDATE no action;--> statement-breakpoint
CREATE INDEX "workshop_invitations_account_idx" ON "workshop_invitations" USING btree ("workspace_id","account_id");--> statement-breakpoint
CREATE INDEX "workshops_starts_idx" ON "workshops" USING btree ("workspace_id","starts_at","id");--> statement-breakpoint
CREATE INDEX "workshops_trainer_idx" ON "workshops" USING btree ("workspace_id","trainer_id");--> statement-breakpoint

-- ---------------------------------------------------------------------------------------------
-- Hand-written (drizzle-kit does not model these): workshops (issue 21, item 13).
-- An invitation belongs to the workspace of its workshop: composite keys make a row pointing at
-- another workspace's workshop impossible, whatever a service does.
ALTER TABLE workshops ADD CONSTRAINT workshops_id_workspace_key UNIQUE (id, workspace_id);
--> statement-breakpoint
ALTER TABLE workshops ADD CONSTRAINT workshops_workspace_fk FOREIGN KEY (workspace_id) REFERENCES workspaces(id);
--> statement-breakpoint
ALTER TABLE workshops ADD CONSTRAINT workshops_trainer_fk FOREIGN KEY (trainer_id) REFERENCES accounts(id);
--> statement-breakpoint
ALTER TABLE workshop_invitations ADD CONSTRAINT workshop_invitations_workshop_ws_fk FOREIGN KEY (workshop_id, workspace_id) REFERENCES workshops(id, workspace_id);
--> statement-breakpoint
ALTER TABLE workshop_invitations ADD CONSTRAINT workshop_invitations_account_fk FOREIGN KEY (account_id) REFERENCES accounts(id);
--> statement-breakpoint
-- Row-level security (forced): each is a workspace's own table.
SELECT app_enable_tenant_rls('workshops');
--> statement-breakpoint
SELECT app_enable_tenant_rls('workshop_invitations');
--> statement-breakpoint
-- A workshop is cancelled, never deleted; an invitation stays as the record of who was asked.
REVOKE DELETE ON workshops, workshop_invitations FROM compliance_app;
