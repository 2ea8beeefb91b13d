CREATE TABLE "email_templates" (
	"workspace_id" uuid NOT NULL,
	"kind" text NOT NULL,
	"subject" text NOT NULL,
	"body_text" text NOT NULL,
	"updated_at" timestamp with time zone DEFAULT now() NOT NULL,
	"updated_by" uuid,
	CONSTRAINT "email_templates_workspace_id_kind_pk" PRIMARY KEY("workspace_id","kind"),
	CONSTRAINT "email_templates_kind" CHECK ("email_templates"."kind" in ('INVITATION'))
);
--> statement-breakpoint
ALTER TABLE "invitations" ADD COLUMN "gender" text;--> statement-breakpoint
ALTER TABLE "invitations" ADD COLUMN "home_address" text;--> statement-breakpoint
ALTER TABLE "invitations" ADD COLUMN "date_of_joining" date;--> statement-breakpoint
ALTER TABLE "invitations" ADD COLUMN "last_sent_at" timestamp with time zone;--> statement-breakpoint
ALTER TABLE "invitations" ADD COLUMN "send_count" integer DEFAULT 0 NOT NULL;--> statement-breakpoint
ALTER TABLE "email_templates" ADD CONSTRAINT "email_templates_workspace_id_workspaces_id_fk" FOREIGN KEY ("workspace_id") REFERENCES "public"."workspaces"("id") ON DELETE no action ON UPDATE no action;