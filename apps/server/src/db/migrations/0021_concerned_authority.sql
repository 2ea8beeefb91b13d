ALTER TABLE "workspaces" ADD COLUMN "concerned_authority_name" text;--> statement-breakpoint
ALTER TABLE "workspaces" ADD COLUMN "concerned_authority_designation" text;--> statement-breakpoint
ALTER TABLE "workspaces" ADD COLUMN "concerned_authority_email" text;--> statement-breakpoint
ALTER TABLE "workspaces" ADD COLUMN "concerned_authority_phone" text;--> statement-breakpoint
ALTER TABLE "workspaces" ADD CONSTRAINT "workspaces_concerned_authority_phone" CHECK ("workspaces"."concerned_authority_phone" ~ '^\+[0-9]{8,15}$');