CREATE TABLE "certificates" (
	"id" uuid PRIMARY KEY DEFAULT gen_random_uuid() NOT NULL,
	"workspace_id" uuid NOT NULL,
	"enrolment_id" uuid NOT NULL,
	"cycle" smallint NOT NULL,
	"account_id" uuid NOT NULL,
	"course_id" uuid NOT NULL,
	"code" text NOT NULL,
	"learner_name" text NOT NULL,
	"course_title" text NOT NULL,
	"language" text NOT NULL,
	"score" smallint,
	"completed_at" timestamp with time zone NOT NULL,
	"expires_at" timestamp with time zone,
	"issued_at" timestamp with time zone DEFAULT app_now() NOT NULL,
	CONSTRAINT "certificates_enrolment_key" UNIQUE("enrolment_id","cycle"),
	CONSTRAINT "certificates_code" CHECK ("certificates"."code" ~ '^[0-9A-Z]{4}-[0-9A-Z]{4}-[0-9A-Z]{4}$'),
	CONSTRAINT "certificates_language" CHECK ("certificates"."language" in ('en','hi','kn','te','ta','mr'))
);
--> statement-breakpoint
CREATE TABLE "course_assignment_settings" (
	"workspace_id" uuid NOT NULL,
	"course_id" uuid NOT NULL,
	"reminders_enabled" boolean DEFAULT true NOT NULL,
	"remind_before_days" smallint DEFAULT 3 NOT NULL,
	"remind_after_every_days" smallint DEFAULT 7 NOT NULL,
	"recurrence_months" smallint,
	"recurrence_due_days" smallint DEFAULT 30 NOT NULL,
	"expiry_notice_days" smallint DEFAULT 30 NOT NULL,
	"retrain_on_update" boolean DEFAULT false NOT NULL,
	"updated_by" uuid,
	"updated_at" timestamp with time zone DEFAULT app_now() NOT NULL,
	CONSTRAINT "course_assignment_settings_workspace_id_course_id_pk" PRIMARY KEY("workspace_id","course_id"),
	CONSTRAINT "course_assignment_settings_ranges" CHECK ("course_assignment_settings"."remind_before_days" between 0 and 60 and "course_assignment_settings"."remind_after_every_days" between 1 and 60
          and ("course_assignment_settings"."recurrence_months" is null or "course_assignment_settings"."recurrence_months" between 1 and 120)
          and "course_assignment_settings"."recurrence_due_days" between 1 and 365 and "course_assignment_settings"."expiry_notice_days" between 0 and 180)
);
--> statement-breakpoint
CREATE TABLE "course_auto_assign_rules" (
	"id" uuid PRIMARY KEY DEFAULT gen_random_uuid() NOT NULL,
	"workspace_id" uuid NOT NULL,
	"course_id" uuid NOT NULL,
	"branch_id" uuid,
	"department_id" uuid,
	"start_joining_date" date,
	"end_joining_date" date,
	"due_days" smallint DEFAULT 30 NOT NULL,
	"enabled" boolean DEFAULT true NOT NULL,
	"created_by" uuid,
	"created_at" timestamp with time zone DEFAULT app_now() NOT NULL,
	"updated_by" uuid,
	"updated_at" timestamp with time zone DEFAULT app_now() NOT NULL,
	CONSTRAINT "course_auto_assign_rules_course_key" UNIQUE("workspace_id","course_id"),
	CONSTRAINT "course_auto_assign_rules_due" CHECK ("course_auto_assign_rules"."due_days" between 1 and 365),
	CONSTRAINT "course_auto_assign_rules_dates" CHECK ("course_auto_assign_rules"."start_joining_date" is null or "course_auto_assign_rules"."end_joining_date" is null or "course_auto_assign_rules"."start_joining_date" <= "course_auto_assign_rules"."end_joining_date")
);
--> statement-breakpoint
CREATE TABLE "course_reminders" (
	"id" uuid PRIMARY KEY DEFAULT gen_random_uuid() NOT NULL,
	"workspace_id" uuid NOT NULL,
	"enrolment_id" uuid NOT NULL,
	"cycle" smallint NOT NULL,
	"kind" text NOT NULL,
	"day" date NOT NULL,
	"recipients" integer DEFAULT 1 NOT NULL,
	"sent_by" uuid,
	"created_at" timestamp with time zone DEFAULT app_now() NOT NULL,
	CONSTRAINT "course_reminders_key" UNIQUE("enrolment_id","cycle","kind","day"),
	CONSTRAINT "course_reminders_kind" CHECK ("course_reminders"."kind" in ('ASSIGNED','MANUAL','BEFORE_DUE','AFTER_DUE','ESCALATION_1','ESCALATION_2','EXPIRY_NOTICE','NEW_CYCLE'))
);
--> statement-breakpoint
CREATE TABLE "enrolment_cycles" (
	"id" uuid PRIMARY KEY DEFAULT gen_random_uuid() NOT NULL,
	"workspace_id" uuid NOT NULL,
	"enrolment_id" uuid NOT NULL,
	"cycle" smallint NOT NULL,
	"course_version_id" uuid NOT NULL,
	"assigned_at" timestamp with time zone NOT NULL,
	"due_at" timestamp with time zone,
	"started_at" timestamp with time zone,
	"completed_at" timestamp with time zone,
	"score" smallint,
	"certificate_id" uuid,
	"ended_reason" text NOT NULL,
	"ended_at" timestamp with time zone DEFAULT app_now() NOT NULL,
	CONSTRAINT "enrolment_cycles_key" UNIQUE("enrolment_id","cycle"),
	CONSTRAINT "enrolment_cycles_reason" CHECK ("enrolment_cycles"."ended_reason" in ('EXPIRED','UPDATED','REASSIGNED','REMOVED')),
	CONSTRAINT "enrolment_cycles_score" CHECK ("enrolment_cycles"."score" is null or "enrolment_cycles"."score" between 0 and 100)
);
--> statement-breakpoint
CREATE TABLE "enrolment_item_progress" (
	"workspace_id" uuid NOT NULL,
	"enrolment_id" uuid NOT NULL,
	"cycle" smallint NOT NULL,
	"item_id" uuid NOT NULL,
	"status" text DEFAULT 'IN_PROGRESS' NOT NULL,
	"started_at" timestamp with time zone DEFAULT app_now() NOT NULL,
	"completed_at" timestamp with time zone,
	"attempts_used" smallint DEFAULT 0 NOT NULL,
	"extra_attempts" smallint DEFAULT 0 NOT NULL,
	"best_score" smallint,
	"passed" boolean,
	"scorm_state" jsonb,
	"updated_at" timestamp with time zone DEFAULT app_now() NOT NULL,
	CONSTRAINT "enrolment_item_progress_enrolment_id_cycle_item_id_pk" PRIMARY KEY("enrolment_id","cycle","item_id"),
	CONSTRAINT "enrolment_item_progress_status" CHECK ("enrolment_item_progress"."status" in ('IN_PROGRESS','COMPLETED')),
	CONSTRAINT "enrolment_item_progress_attempts" CHECK ("enrolment_item_progress"."attempts_used" >= 0 and "enrolment_item_progress"."extra_attempts" between 0 and 100),
	CONSTRAINT "enrolment_item_progress_score" CHECK ("enrolment_item_progress"."best_score" is null or "enrolment_item_progress"."best_score" between 0 and 100)
);
--> statement-breakpoint
CREATE TABLE "escalation_settings" (
	"id" uuid PRIMARY KEY DEFAULT gen_random_uuid() NOT NULL,
	"workspace_id" uuid NOT NULL,
	"branch_id" uuid,
	"escalation_type" text NOT NULL,
	"first_threshold_days" smallint NOT NULL,
	"second_threshold_days" smallint NOT NULL,
	"target_id" uuid,
	"enabled" boolean DEFAULT true NOT NULL,
	"created_at" timestamp with time zone DEFAULT app_now() NOT NULL,
	"updated_at" timestamp with time zone DEFAULT app_now() NOT NULL,
	CONSTRAINT "escalation_settings_key" UNIQUE NULLS NOT DISTINCT("workspace_id","escalation_type","branch_id"),
	CONSTRAINT "escalation_settings_type" CHECK ("escalation_settings"."escalation_type" in ('COURSE','POLICY','CASE')),
	CONSTRAINT "escalation_settings_thresholds" CHECK ("escalation_settings"."first_threshold_days" between 1 and 365 and "escalation_settings"."second_threshold_days" between "escalation_settings"."first_threshold_days" and 365)
);
--> statement-breakpoint
CREATE TABLE "quiz_attempts" (
	"id" uuid PRIMARY KEY DEFAULT gen_random_uuid() NOT NULL,
	"workspace_id" uuid NOT NULL,
	"enrolment_id" uuid NOT NULL,
	"cycle" smallint NOT NULL,
	"item_id" uuid NOT NULL,
	"account_id" uuid NOT NULL,
	"attempt_no" smallint NOT NULL,
	"idempotency_key" text NOT NULL,
	"answers" jsonb NOT NULL,
	"results" jsonb NOT NULL,
	"score" smallint NOT NULL,
	"correct_count" smallint NOT NULL,
	"question_count" smallint NOT NULL,
	"passed" boolean NOT NULL,
	"submitted_at" timestamp with time zone DEFAULT app_now() NOT NULL,
	CONSTRAINT "quiz_attempts_number_key" UNIQUE("enrolment_id","cycle","item_id","attempt_no"),
	CONSTRAINT "quiz_attempts_idempotency_key" UNIQUE("enrolment_id","idempotency_key"),
	CONSTRAINT "quiz_attempts_score" CHECK ("quiz_attempts"."score" between 0 and 100 and "quiz_attempts"."attempt_no" >= 1),
	CONSTRAINT "quiz_attempts_key" CHECK (length("quiz_attempts"."idempotency_key") between 8 and 100)
);
--> statement-breakpoint
CREATE TABLE "video_progress" (
	"workspace_id" uuid NOT NULL,
	"enrolment_id" uuid NOT NULL,
	"cycle" smallint NOT NULL,
	"block_id" uuid NOT NULL,
	"duration_seconds" integer NOT NULL,
	"position_seconds" integer DEFAULT 0 NOT NULL,
	"watched" bit varying NOT NULL,
	"watched_seconds" integer DEFAULT 0 NOT NULL,
	"completed_at" timestamp with time zone,
	"last_beat_at" timestamp with time zone DEFAULT app_now() NOT NULL,
	"updated_at" timestamp with time zone DEFAULT app_now() NOT NULL,
	CONSTRAINT "video_progress_enrolment_id_cycle_block_id_pk" PRIMARY KEY("enrolment_id","cycle","block_id"),
	CONSTRAINT "video_progress_duration" CHECK ("video_progress"."duration_seconds" between 1 and 86400),
	CONSTRAINT "video_progress_position" CHECK ("video_progress"."position_seconds" between 0 and "video_progress"."duration_seconds" and "video_progress"."watched_seconds" between 0 and "video_progress"."duration_seconds")
);
--> statement-breakpoint
ALTER TABLE "enrolments" ADD COLUMN "source" text DEFAULT 'MANUAL' NOT NULL;--> statement-breakpoint
ALTER TABLE "enrolments" ADD COLUMN "auto_rule_id" uuid;--> statement-breakpoint
ALTER TABLE "enrolments" ADD COLUMN "cycle" smallint DEFAULT 1 NOT NULL;--> statement-breakpoint
ALTER TABLE "enrolments" ADD COLUMN "assigned_at" timestamp with time zone DEFAULT app_now() NOT NULL;--> statement-breakpoint
ALTER TABLE "enrolments" ADD COLUMN "due_at" timestamp with time zone;--> statement-breakpoint
ALTER TABLE "enrolments" ADD COLUMN "started_at" timestamp with time zone;--> statement-breakpoint
ALTER TABLE "enrolments" ADD COLUMN "completed_at" timestamp with time zone;--> statement-breakpoint
ALTER TABLE "enrolments" ADD COLUMN "progress_percent" smallint DEFAULT 0 NOT NULL;--> statement-breakpoint
ALTER TABLE "enrolments" ADD COLUMN "score" smallint;--> statement-breakpoint
ALTER TABLE "enrolments" ADD COLUMN "expires_at" timestamp with time zone;--> statement-breakpoint
ALTER TABLE "enrolments" ADD COLUMN "last_reminded_at" timestamp with time zone;--> statement-breakpoint
ALTER TABLE "enrolments" ADD COLUMN "removed_at" timestamp with time zone;--> statement-breakpoint
ALTER TABLE "enrolments" ADD COLUMN "removed_by" uuid;--> statement-breakpoint
ALTER TABLE "certificates" ADD CONSTRAINT "certificates_enrolment_id_enrolments_id_fk" FOREIGN KEY ("enrolment_id") REFERENCES "public"."enrolments"("id") ON DELETE no action ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "certificates" ADD CONSTRAINT "certificates_course_id_courses_id_fk" FOREIGN KEY ("course_id") REFERENCES "public"."courses"("id") ON DELETE no action ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "course_assignment_settings" ADD CONSTRAINT "course_assignment_settings_course_id_courses_id_fk" FOREIGN KEY ("course_id") REFERENCES "public"."courses"("id") ON DELETE no action ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "course_auto_assign_rules" ADD CONSTRAINT "course_auto_assign_rules_course_id_courses_id_fk" FOREIGN KEY ("course_id") REFERENCES "public"."courses"("id") ON DELETE no action ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "course_reminders" ADD CONSTRAINT "course_reminders_enrolment_id_enrolments_id_fk" FOREIGN KEY ("enrolment_id") REFERENCES "public"."enrolments"("id") ON DELETE no action ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "enrolment_cycles" ADD CONSTRAINT "enrolment_cycles_enrolment_id_enrolments_id_fk" FOREIGN KEY ("enrolment_id") REFERENCES "public"."enrolments"("id") ON DELETE no action ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "enrolment_cycles" ADD CONSTRAINT "enrolment_cycles_course_version_id_course_versions_id_fk" FOREIGN KEY ("course_version_id") REFERENCES "public"."course_versions"("id") ON DELETE no action ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "enrolment_item_progress" ADD CONSTRAINT "enrolment_item_progress_enrolment_id_enrolments_id_fk" FOREIGN KEY ("enrolment_id") REFERENCES "public"."enrolments"("id") ON DELETE no action ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "enrolment_item_progress" ADD CONSTRAINT "enrolment_item_progress_item_id_course_items_id_fk" FOREIGN KEY ("item_id") REFERENCES "public"."course_items"("id") ON DELETE no action ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "quiz_attempts" ADD CONSTRAINT "quiz_attempts_enrolment_id_enrolments_id_fk" FOREIGN KEY ("enrolment_id") REFERENCES "public"."enrolments"("id") ON DELETE no action ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "quiz_attempts" ADD CONSTRAINT "quiz_attempts_item_id_course_items_id_fk" FOREIGN KEY ("item_id") REFERENCES "public"."course_items"("id") ON DELETE no action ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "video_progress" ADD CONSTRAINT "video_progress_enrolment_id_enrolments_id_fk" FOREIGN KEY ("enrolment_id") REFERENCES "public"."enrolments"("id") ON DELETE no action ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "video_progress" ADD CONSTRAINT "video_progress_block_id_lesson_blocks_id_fk" FOREIGN KEY ("block_id") REFERENCES "public"."lesson_blocks"("id") ON DELETE no action ON UPDATE no action;--> statement-breakpoint
CREATE UNIQUE INDEX "certificates_code_key" ON "certificates" USING btree ("code");--> statement-breakpoint
CREATE INDEX "certificates_account_idx" ON "certificates" USING btree ("workspace_id","account_id");--> statement-breakpoint
CREATE INDEX "course_reminders_workspace_idx" ON "course_reminders" USING btree ("workspace_id","created_at" DESC NULLS LAST);--> statement-breakpoint
CREATE INDEX "enrolment_item_progress_workspace_idx" ON "enrolment_item_progress" USING btree ("workspace_id");--> statement-breakpoint
CREATE INDEX "quiz_attempts_workspace_idx" ON "quiz_attempts" USING btree ("workspace_id");--> statement-breakpoint
CREATE INDEX "video_progress_workspace_idx" ON "video_progress" USING btree ("workspace_id");--> statement-breakpoint
CREATE INDEX "enrolments_account_idx" ON "enrolments" USING btree ("workspace_id","account_id");--> statement-breakpoint
CREATE INDEX "enrolments_due_idx" ON "enrolments" USING btree ("workspace_id","due_at") WHERE status = 'ACTIVE' and completed_at is null;--> statement-breakpoint
CREATE INDEX "enrolments_expiry_idx" ON "enrolments" USING btree ("workspace_id","expires_at") WHERE status = 'ACTIVE' and expires_at is not null;--> statement-breakpoint
ALTER TABLE "enrolments" ADD CONSTRAINT "enrolments_source" CHECK ("enrolments"."source" in ('MANUAL','FILTER','FILE','AUTO'));--> statement-breakpoint
ALTER TABLE "enrolments" ADD CONSTRAINT "enrolments_progress" CHECK ("enrolments"."progress_percent" between 0 and 100 and "enrolments"."cycle" >= 1);--> statement-breakpoint
ALTER TABLE "enrolments" ADD CONSTRAINT "enrolments_score" CHECK ("enrolments"."score" is null or "enrolments"."score" between 0 and 100);--> statement-breakpoint

-- ---------------------------------------------------------------------------------------------
-- Hand-written (drizzle-kit does not model these): docs/learning-design.md §7.
-- Enrolments that existed before were assigned when they were created.
UPDATE enrolments SET assigned_at = created_at;
--> statement-breakpoint
-- Every learner row belongs to the workspace of its enrolment: composite keys make a row pointing at
-- another workspace's enrolment impossible, whatever a service does.
ALTER TABLE enrolments ADD CONSTRAINT enrolments_id_workspace_key UNIQUE (id, workspace_id);
--> statement-breakpoint
ALTER TABLE enrolment_cycles ADD CONSTRAINT enrolment_cycles_enrolment_ws_fk FOREIGN KEY (enrolment_id, workspace_id) REFERENCES enrolments(id, workspace_id);
--> statement-breakpoint
ALTER TABLE enrolment_item_progress ADD CONSTRAINT enrolment_item_progress_enrolment_ws_fk FOREIGN KEY (enrolment_id, workspace_id) REFERENCES enrolments(id, workspace_id);
--> statement-breakpoint
ALTER TABLE video_progress ADD CONSTRAINT video_progress_enrolment_ws_fk FOREIGN KEY (enrolment_id, workspace_id) REFERENCES enrolments(id, workspace_id);
--> statement-breakpoint
ALTER TABLE quiz_attempts ADD CONSTRAINT quiz_attempts_enrolment_ws_fk FOREIGN KEY (enrolment_id, workspace_id) REFERENCES enrolments(id, workspace_id);
--> statement-breakpoint
ALTER TABLE certificates ADD CONSTRAINT certificates_enrolment_ws_fk FOREIGN KEY (enrolment_id, workspace_id) REFERENCES enrolments(id, workspace_id);
--> statement-breakpoint
ALTER TABLE course_reminders ADD CONSTRAINT course_reminders_enrolment_ws_fk FOREIGN KEY (enrolment_id, workspace_id) REFERENCES enrolments(id, workspace_id);
--> statement-breakpoint
ALTER TABLE certificates ADD CONSTRAINT certificates_account_fk FOREIGN KEY (account_id) REFERENCES accounts(id);
--> statement-breakpoint
ALTER TABLE quiz_attempts ADD CONSTRAINT quiz_attempts_account_fk FOREIGN KEY (account_id) REFERENCES accounts(id);
--> statement-breakpoint
ALTER TABLE course_assignment_settings ADD CONSTRAINT course_assignment_settings_workspace_fk FOREIGN KEY (workspace_id) REFERENCES workspaces(id);
--> statement-breakpoint
ALTER TABLE course_auto_assign_rules ADD CONSTRAINT course_auto_assign_rules_workspace_fk FOREIGN KEY (workspace_id) REFERENCES workspaces(id);
--> statement-breakpoint
ALTER TABLE escalation_settings ADD CONSTRAINT escalation_settings_workspace_fk FOREIGN KEY (workspace_id) REFERENCES workspaces(id);
--> statement-breakpoint
ALTER TABLE escalation_settings ADD CONSTRAINT escalation_settings_target_fk FOREIGN KEY (target_id) REFERENCES accounts(id);
--> statement-breakpoint

-- Row-level security: each is a workspace's own table.
SELECT app_enable_tenant_rls('enrolment_cycles');
--> statement-breakpoint
SELECT app_enable_tenant_rls('enrolment_item_progress');
--> statement-breakpoint
SELECT app_enable_tenant_rls('video_progress');
--> statement-breakpoint
SELECT app_enable_tenant_rls('quiz_attempts');
--> statement-breakpoint
SELECT app_enable_tenant_rls('certificates');
--> statement-breakpoint
SELECT app_enable_tenant_rls('course_assignment_settings');
--> statement-breakpoint
SELECT app_enable_tenant_rls('course_auto_assign_rules');
--> statement-breakpoint
SELECT app_enable_tenant_rls('escalation_settings');
--> statement-breakpoint
SELECT app_enable_tenant_rls('course_reminders');
--> statement-breakpoint
-- Written once: an attempt, a certificate and a finished cycle are never changed or deleted by the
-- application; the reminder log only grows.
REVOKE UPDATE, DELETE ON quiz_attempts, certificates, enrolment_cycles, course_reminders FROM compliance_app;
--> statement-breakpoint

-- The public verification of a certificate (no sign-in, any host): by its code, only the learner's
-- name, the course and the completion date — nothing else of the certificate or the workspace.
GRANT CREATE ON SCHEMA public TO compliance_platform;
--> statement-breakpoint
CREATE OR REPLACE FUNCTION app_verify_certificate(p_code text)
  RETURNS TABLE (learner_name text, course_title text, completed_at timestamptz)
  LANGUAGE sql STABLE SECURITY DEFINER SET search_path = public, pg_temp AS $$
  SELECT c.learner_name, c.course_title, c.completed_at FROM certificates c WHERE c.code = upper(p_code)
$$;
--> statement-breakpoint
ALTER FUNCTION app_verify_certificate(text) OWNER TO compliance_platform;
--> statement-breakpoint
REVOKE ALL ON FUNCTION app_verify_certificate(text) FROM PUBLIC;
--> statement-breakpoint
GRANT EXECUTE ON FUNCTION app_verify_certificate(text) TO compliance_app, compliance_platform;
--> statement-breakpoint
REVOKE CREATE ON SCHEMA public FROM compliance_platform;
