ALTER TABLE "invitations" ADD COLUMN "mail_status" text DEFAULT 'QUEUED' NOT NULL;--> statement-breakpoint
ALTER TABLE "invitations" ADD COLUMN "mail_error" text;--> statement-breakpoint
ALTER TABLE "invitations" ADD COLUMN "mail_updated_at" timestamp with time zone DEFAULT now() NOT NULL;--> statement-breakpoint
ALTER TABLE "invitations" ADD CONSTRAINT "invitations_mail_status" CHECK ("invitations"."mail_status" in ('QUEUED','SENT','FAILED'));--> statement-breakpoint
-- Invitations from before delivery states were recorded: their jobs carry no reference and will never report back.
UPDATE "invitations" SET "mail_status" = 'SENT', "mail_updated_at" = coalesce("last_sent_at", "created_at");
