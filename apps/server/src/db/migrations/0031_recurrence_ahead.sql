CREATE TABLE "course_higher_risk_departments" (
	"workspace_id" uuid NOT NULL,
	"course_id" uuid NOT NULL,
	"department_id" uuid NOT NULL,
	"created_by" uuid,
	"created_at" timestamp with time zone DEFAULT app_now() NOT NULL,
	CONSTRAINT "course_higher_risk_departments_workspace_id_course_id_department_id_pk" PRIMARY KEY("workspace_id","course_id","department_id")
);
--> statement-breakpoint
ALTER TABLE "enrolments" ADD COLUMN "valid_until" timestamp with time zone;--> statement-breakpoint
ALTER TABLE "course_higher_risk_departments" ADD CONSTRAINT "course_higher_risk_departments_course_id_courses_id_fk" FOREIGN KEY ("course_id") REFERENCES "public"."courses"("id") ON DELETE no action ON UPDATE no action;--> statement-breakpoint
CREATE INDEX "course_higher_risk_departments_department_idx" ON "course_higher_risk_departments" USING btree ("workspace_id","department_id");--> statement-breakpoint
-- Tenant rows under forced row-level security, as every tenant table.
SELECT app_enable_tenant_rls('course_higher_risk_departments');
