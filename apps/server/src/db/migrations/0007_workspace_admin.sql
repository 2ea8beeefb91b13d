CREATE TABLE "department_managers" (
	"workspace_id" uuid NOT NULL,
	"department_id" uuid NOT NULL,
	"account_id" uuid NOT NULL,
	"role" text DEFAULT 'MANAGER' NOT NULL,
	"created_at" timestamp with time zone DEFAULT now() NOT NULL,
	"created_by" uuid,
	CONSTRAINT "department_managers_workspace_id_department_id_account_id_pk" PRIMARY KEY("workspace_id","department_id","account_id"),
	CONSTRAINT "department_managers_role" CHECK ("department_managers"."role" ~ '^[A-Z_]{2,40}$')
);
--> statement-breakpoint
ALTER TABLE "accounts" ADD COLUMN "anonymised_at" timestamp with time zone;--> statement-breakpoint
ALTER TABLE "memberships" ADD COLUMN "deleted_at" timestamp with time zone;--> statement-breakpoint
ALTER TABLE "memberships" ADD COLUMN "deleted_by" uuid;--> statement-breakpoint
ALTER TABLE "department_managers" ADD CONSTRAINT "department_managers_account_id_accounts_id_fk" FOREIGN KEY ("account_id") REFERENCES "public"."accounts"("id") ON DELETE no action ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "department_managers" ADD CONSTRAINT "department_managers_workspace_id_department_id_departments_workspace_id_id_fk" FOREIGN KEY ("workspace_id","department_id") REFERENCES "public"."departments"("workspace_id","id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
CREATE INDEX "department_managers_account_idx" ON "department_managers" USING btree ("workspace_id","account_id");