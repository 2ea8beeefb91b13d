ALTER TABLE "accounts" ADD COLUMN "language" text;--> statement-breakpoint
ALTER TABLE "invitations" ADD COLUMN "language" text;--> statement-breakpoint
ALTER TABLE "accounts" ADD CONSTRAINT "accounts_language" CHECK ("accounts"."language" in ('en','hi','kn','te','ta','mr'));--> statement-breakpoint
ALTER TABLE "invitations" ADD CONSTRAINT "invitations_language" CHECK ("invitations"."language" in ('en','hi','kn','te','ta','mr'));