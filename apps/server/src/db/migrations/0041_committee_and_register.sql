CREATE TABLE "calendar_feed_tokens" (
	"id" uuid PRIMARY KEY DEFAULT gen_random_uuid() NOT NULL,
	"workspace_id" uuid NOT NULL,
	"account_id" uuid NOT NULL,
	"token_hash" text NOT NULL,
	"created_at" timestamp with time zone DEFAULT app_now() NOT NULL,
	"revoked_at" timestamp with time zone
);
--> statement-breakpoint
CREATE TABLE "committee_members" (
	"id" uuid PRIMARY KEY DEFAULT gen_random_uuid() NOT NULL,
	"workspace_id" uuid NOT NULL,
	"committee_id" uuid NOT NULL,
	"role" text NOT NULL,
	"account_id" uuid,
	"external_name" text,
	"external_organisation" text,
	"external_email" text,
	"external_phone" text,
	"gender" text NOT NULL,
	"senior" boolean DEFAULT false NOT NULL,
	"term_start" date NOT NULL,
	"term_end" date NOT NULL,
	"left_on" date,
	"training_completed_on" date,
	"training_note" text,
	"training_course_id" uuid,
	"deleted_at" timestamp with time zone,
	"created_at" timestamp with time zone DEFAULT app_now() NOT NULL,
	"updated_at" timestamp with time zone DEFAULT app_now() NOT NULL,
	CONSTRAINT "committee_members_role" CHECK ("committee_members"."role" in ('PRESIDING_OFFICER','MEMBER','EXTERNAL_MEMBER','DESIGNATED_RECIPIENT')),
	CONSTRAINT "committee_members_gender" CHECK ("committee_members"."gender" in ('WOMAN','MAN','OTHER')),
	CONSTRAINT "committee_members_who" CHECK (("committee_members"."account_id" is not null and "committee_members"."external_name" is null) or ("committee_members"."account_id" is null and length("committee_members"."external_name") between 1 and 120)),
	CONSTRAINT "committee_members_term" CHECK ("committee_members"."term_end" >= "committee_members"."term_start"),
	CONSTRAINT "committee_members_left" CHECK ("committee_members"."left_on" is null or "committee_members"."left_on" >= "committee_members"."term_start")
);
--> statement-breakpoint
CREATE TABLE "committee_term_notices" (
	"workspace_id" uuid NOT NULL,
	"member_id" uuid NOT NULL,
	"term_end" date NOT NULL,
	"days_before" smallint NOT NULL,
	"created_at" timestamp with time zone DEFAULT app_now() NOT NULL,
	CONSTRAINT "committee_term_notices_member_id_term_end_days_before_pk" PRIMARY KEY("member_id","term_end","days_before"),
	CONSTRAINT "committee_term_notices_days" CHECK ("committee_term_notices"."days_before" in (60, 14))
);
--> statement-breakpoint
CREATE TABLE "committee_units" (
	"id" uuid PRIMARY KEY DEFAULT gen_random_uuid() NOT NULL,
	"workspace_id" uuid NOT NULL,
	"committee_id" uuid NOT NULL,
	"branch_id" uuid NOT NULL,
	"kind" text NOT NULL,
	"from_date" date NOT NULL,
	"to_date" date,
	"created_at" timestamp with time zone DEFAULT app_now() NOT NULL,
	CONSTRAINT "committee_units_kind" CHECK ("committee_units"."kind" in ('INTERNAL_COMMITTEE','DESIGNATED_RECIPIENT')),
	CONSTRAINT "committee_units_dates" CHECK ("committee_units"."to_date" is null or "committee_units"."to_date" >= "committee_units"."from_date")
);
--> statement-breakpoint
CREATE TABLE "committees" (
	"id" uuid PRIMARY KEY DEFAULT gen_random_uuid() NOT NULL,
	"workspace_id" uuid NOT NULL,
	"kind" text NOT NULL,
	"name" text NOT NULL,
	"workspace_wide" boolean DEFAULT false NOT NULL,
	"order_date" date,
	"order_storage_key" text,
	"order_file_name" text,
	"order_size_bytes" integer,
	"order_sha256" text,
	"how_to_raise" text,
	"dissolved_on" date,
	"created_by" uuid,
	"created_at" timestamp with time zone DEFAULT app_now() NOT NULL,
	"updated_at" timestamp with time zone DEFAULT app_now() NOT NULL,
	CONSTRAINT "committees_kind" CHECK ("committees"."kind" in ('INTERNAL_COMMITTEE','DESIGNATED_RECIPIENT')),
	CONSTRAINT "committees_name" CHECK (length("committees"."name") between 1 and 120),
	CONSTRAINT "committees_order_sha256" CHECK ("committees"."order_sha256" is null or "committees"."order_sha256" ~ '^[0-9a-f]{64}$'),
	CONSTRAINT "committees_how_to_raise" CHECK ("committees"."how_to_raise" is null or length("committees"."how_to_raise") <= 2000)
);
--> statement-breakpoint
CREATE TABLE "compliance_categories" (
	"id" uuid PRIMARY KEY DEFAULT gen_random_uuid() NOT NULL,
	"key" text NOT NULL,
	"name" jsonb NOT NULL,
	"created_at" timestamp with time zone DEFAULT app_now() NOT NULL,
	"updated_at" timestamp with time zone DEFAULT app_now() NOT NULL,
	CONSTRAINT "compliance_categories_key_format" CHECK ("compliance_categories"."key" ~ '^[A-Z0-9][A-Z0-9_.-]{0,63}$'),
	CONSTRAINT "compliance_categories_name_en" CHECK (length("compliance_categories"."name"->>'en') between 1 and 120)
);
--> statement-breakpoint
CREATE TABLE "obligation_answers" (
	"id" uuid PRIMARY KEY DEFAULT gen_random_uuid() NOT NULL,
	"workspace_id" uuid NOT NULL,
	"obligation_id" uuid NOT NULL,
	"branch_id" uuid,
	"applies" boolean NOT NULL,
	"reason" jsonb NOT NULL,
	"applies_from" date,
	"not_applicable" boolean DEFAULT false NOT NULL,
	"justification" text,
	"owner_id" uuid,
	"reviewer_id" uuid,
	"evidence_courses" uuid[] DEFAULT '{}'::uuid[] NOT NULL,
	"obligation_version" integer DEFAULT 1 NOT NULL,
	"created_at" timestamp with time zone DEFAULT app_now() NOT NULL,
	"updated_at" timestamp with time zone DEFAULT app_now() NOT NULL,
	CONSTRAINT "obligation_answers_key" UNIQUE NULLS NOT DISTINCT("workspace_id","obligation_id","branch_id"),
	CONSTRAINT "obligation_answers_justification" CHECK (not "obligation_answers"."not_applicable" or length(trim("obligation_answers"."justification")) between 10 and 2000)
);
--> statement-breakpoint
CREATE TABLE "obligation_occurrences" (
	"id" uuid PRIMARY KEY DEFAULT gen_random_uuid() NOT NULL,
	"workspace_id" uuid NOT NULL,
	"obligation_id" uuid NOT NULL,
	"answer_id" uuid NOT NULL,
	"branch_id" uuid,
	"period_start" date NOT NULL,
	"period_end" date NOT NULL,
	"due_date" date NOT NULL,
	"due_at" timestamp with time zone NOT NULL,
	"status" text DEFAULT 'OPEN' NOT NULL,
	"source_kind" text,
	"source_id" text,
	"closed_at" timestamp with time zone,
	"closed_by" uuid,
	"escalation_1_at" timestamp with time zone,
	"escalation_2_at" timestamp with time zone,
	"created_at" timestamp with time zone DEFAULT app_now() NOT NULL,
	"updated_at" timestamp with time zone DEFAULT app_now() NOT NULL,
	CONSTRAINT "obligation_occurrences_key" UNIQUE NULLS NOT DISTINCT("workspace_id","obligation_id","branch_id","period_start"),
	CONSTRAINT "obligation_occurrences_status" CHECK ("obligation_occurrences"."status" in ('OPEN','SUBMITTED','RETURNED','APPROVED','CLOSED_BY_SOURCE','CANCELLED')),
	CONSTRAINT "obligation_occurrences_period" CHECK ("obligation_occurrences"."period_end" >= "obligation_occurrences"."period_start"),
	CONSTRAINT "obligation_occurrences_source" CHECK (("obligation_occurrences"."source_kind" is null) = ("obligation_occurrences"."source_id" is null) and ("obligation_occurrences"."source_kind" is null or "obligation_occurrences"."source_kind" in ('COMMITTEE','DESIGNATED_RECIPIENT','TRAINING','WORKSHOP','POLICY','REPORT')))
);
--> statement-breakpoint
CREATE TABLE "obligations" (
	"id" uuid PRIMARY KEY DEFAULT gen_random_uuid() NOT NULL,
	"key" text NOT NULL,
	"category_id" uuid NOT NULL,
	"country" text NOT NULL,
	"jurisdiction_id" uuid,
	"law" text NOT NULL,
	"section" text NOT NULL,
	"title" jsonb NOT NULL,
	"description" jsonb NOT NULL,
	"evidence" jsonb NOT NULL,
	"kind" text NOT NULL,
	"recurrence" jsonb,
	"due_rule" jsonb NOT NULL,
	"applicability" jsonb NOT NULL,
	"scope" text NOT NULL,
	"evidence_source" text DEFAULT 'NONE' NOT NULL,
	"status" text DEFAULT 'ACTIVE' NOT NULL,
	"version" integer DEFAULT 1 NOT NULL,
	"retired_at" timestamp with time zone,
	"created_at" timestamp with time zone DEFAULT app_now() NOT NULL,
	"updated_at" timestamp with time zone DEFAULT app_now() NOT NULL,
	CONSTRAINT "obligations_key_format" CHECK ("obligations"."key" ~ '^[A-Z0-9][A-Z0-9_.-]{0,63}$'),
	CONSTRAINT "obligations_country" CHECK ("obligations"."country" in ('IN','CA')),
	CONSTRAINT "obligations_kind" CHECK ("obligations"."kind" in ('ONE_TIME','PERIODIC','EVENT','CONTINUOUS')),
	CONSTRAINT "obligations_scope" CHECK ("obligations"."scope" in ('WORKSPACE','UNIT')),
	CONSTRAINT "obligations_evidence_source" CHECK ("obligations"."evidence_source" in ('NONE','COMMITTEE','DESIGNATED_RECIPIENT','TRAINING','WORKSHOP','POLICY','REPORT')),
	CONSTRAINT "obligations_status" CHECK ("obligations"."status" in ('ACTIVE','RETIRED')),
	CONSTRAINT "obligations_law" CHECK (length("obligations"."law") between 1 and 200),
	CONSTRAINT "obligations_section" CHECK (length("obligations"."section") between 1 and 100),
	CONSTRAINT "obligations_title_en" CHECK (length("obligations"."title"->>'en') between 1 and 200),
	CONSTRAINT "obligations_recurrence" CHECK (("obligations"."kind" = 'PERIODIC') = ("obligations"."recurrence" is not null))
);
--> statement-breakpoint
CREATE TABLE "occurrence_evidence" (
	"id" uuid PRIMARY KEY DEFAULT gen_random_uuid() NOT NULL,
	"workspace_id" uuid NOT NULL,
	"occurrence_id" uuid NOT NULL,
	"revision" integer NOT NULL,
	"kind" text NOT NULL,
	"storage_key" text,
	"file_name" text,
	"content_type" text,
	"size_bytes" integer,
	"sha256" text,
	"source_kind" text,
	"source_id" text,
	"covers_from" date,
	"covers_to" date,
	"note" text,
	"created_by" uuid,
	"created_at" timestamp with time zone DEFAULT app_now() NOT NULL,
	CONSTRAINT "occurrence_evidence_revision" UNIQUE("occurrence_id","revision"),
	CONSTRAINT "occurrence_evidence_kind" CHECK ("occurrence_evidence"."kind" in ('FILE','LINK')),
	CONSTRAINT "occurrence_evidence_file" CHECK ("occurrence_evidence"."kind" <> 'FILE' or ("occurrence_evidence"."storage_key" is not null and "occurrence_evidence"."sha256" ~ '^[0-9a-f]{64}$' and "occurrence_evidence"."size_bytes" > 0)),
	CONSTRAINT "occurrence_evidence_link" CHECK ("occurrence_evidence"."kind" <> 'LINK' or ("occurrence_evidence"."source_kind" is not null and "occurrence_evidence"."source_id" is not null)),
	CONSTRAINT "occurrence_evidence_covers" CHECK ("occurrence_evidence"."covers_to" is null or "occurrence_evidence"."covers_from" is null or "occurrence_evidence"."covers_to" >= "occurrence_evidence"."covers_from"),
	CONSTRAINT "occurrence_evidence_note" CHECK ("occurrence_evidence"."note" is null or length("occurrence_evidence"."note") <= 2000)
);
--> statement-breakpoint
CREATE TABLE "occurrence_reviews" (
	"id" uuid PRIMARY KEY DEFAULT gen_random_uuid() NOT NULL,
	"workspace_id" uuid NOT NULL,
	"occurrence_id" uuid NOT NULL,
	"evidence_revision" integer NOT NULL,
	"decision" text NOT NULL,
	"note" text,
	"reviewer_id" uuid NOT NULL,
	"created_at" timestamp with time zone DEFAULT app_now() NOT NULL,
	CONSTRAINT "occurrence_reviews_decision" CHECK ("occurrence_reviews"."decision" in ('APPROVED','RETURNED')),
	CONSTRAINT "occurrence_reviews_note" CHECK (("occurrence_reviews"."decision" = 'APPROVED' and ("occurrence_reviews"."note" is null or length("occurrence_reviews"."note") <= 2000)) or ("occurrence_reviews"."decision" = 'RETURNED' and length(trim("occurrence_reviews"."note")) between 1 and 2000))
);
--> statement-breakpoint
ALTER TABLE "escalation_settings" DROP CONSTRAINT "escalation_settings_type";--> statement-breakpoint
ALTER TABLE "jurisdictions" ADD COLUMN "holiday_calendar" text;--> statement-breakpoint
CREATE UNIQUE INDEX "calendar_feed_tokens_hash" ON "calendar_feed_tokens" USING btree ("token_hash");--> statement-breakpoint
CREATE UNIQUE INDEX "calendar_feed_tokens_live" ON "calendar_feed_tokens" USING btree ("workspace_id","account_id") WHERE "calendar_feed_tokens"."revoked_at" is null;--> statement-breakpoint
CREATE INDEX "committee_members_committee" ON "committee_members" USING btree ("committee_id");--> statement-breakpoint
CREATE INDEX "committee_members_account" ON "committee_members" USING btree ("workspace_id","account_id");--> statement-breakpoint
CREATE INDEX "committee_units_committee" ON "committee_units" USING btree ("committee_id");--> statement-breakpoint
CREATE UNIQUE INDEX "committee_units_current" ON "committee_units" USING btree ("workspace_id","branch_id","kind") WHERE "committee_units"."to_date" is null;--> statement-breakpoint
CREATE INDEX "committees_workspace" ON "committees" USING btree ("workspace_id");--> statement-breakpoint
CREATE UNIQUE INDEX "compliance_categories_key" ON "compliance_categories" USING btree ("key");--> statement-breakpoint
CREATE INDEX "compliance_categories_added" ON "compliance_categories" USING btree ("created_at","id");--> statement-breakpoint
CREATE INDEX "obligation_answers_owner" ON "obligation_answers" USING btree ("workspace_id","owner_id");--> statement-breakpoint
CREATE INDEX "obligation_answers_reviewer" ON "obligation_answers" USING btree ("workspace_id","reviewer_id");--> statement-breakpoint
CREATE INDEX "obligation_occurrences_due" ON "obligation_occurrences" USING btree ("workspace_id","due_date","id");--> statement-breakpoint
CREATE INDEX "obligation_occurrences_answer" ON "obligation_occurrences" USING btree ("answer_id");--> statement-breakpoint
CREATE INDEX "obligation_occurrences_open_due" ON "obligation_occurrences" USING btree ("due_at") WHERE "obligation_occurrences"."status" in ('OPEN','RETURNED','SUBMITTED');--> statement-breakpoint
CREATE UNIQUE INDEX "obligations_key" ON "obligations" USING btree ("key");--> statement-breakpoint
CREATE INDEX "obligations_category" ON "obligations" USING btree ("category_id");--> statement-breakpoint
CREATE INDEX "obligations_added" ON "obligations" USING btree ("created_at","id");--> statement-breakpoint
CREATE INDEX "occurrence_reviews_occurrence" ON "occurrence_reviews" USING btree ("occurrence_id");--> statement-breakpoint
ALTER TABLE "escalation_settings" ADD CONSTRAINT "escalation_settings_type" CHECK ("escalation_settings"."escalation_type" in ('COURSE','POLICY','CASE','COMPLIANCE'));--> statement-breakpoint
-- Foreign keys by hand (register-schema.ts declares none, to avoid an import cycle with schema.ts).
ALTER TABLE "committees" ADD CONSTRAINT "committees_workspace_id_fk" FOREIGN KEY ("workspace_id") REFERENCES "public"."workspaces"("id") ON DELETE cascade;--> statement-breakpoint
ALTER TABLE "committees" ADD CONSTRAINT "committees_created_by_fk" FOREIGN KEY ("created_by") REFERENCES "public"."accounts"("id") ON DELETE set null;--> statement-breakpoint
ALTER TABLE "committee_units" ADD CONSTRAINT "committee_units_committee_id_fk" FOREIGN KEY ("committee_id") REFERENCES "public"."committees"("id") ON DELETE cascade;--> statement-breakpoint
ALTER TABLE "committee_units" ADD CONSTRAINT "committee_units_branch_id_fk" FOREIGN KEY ("workspace_id","branch_id") REFERENCES "public"."branches"("workspace_id","id") ON DELETE cascade;--> statement-breakpoint
ALTER TABLE "committee_units" ADD CONSTRAINT "committee_units_workspace_id_fk" FOREIGN KEY ("workspace_id") REFERENCES "public"."workspaces"("id") ON DELETE cascade;--> statement-breakpoint
ALTER TABLE "committee_members" ADD CONSTRAINT "committee_members_committee_id_fk" FOREIGN KEY ("committee_id") REFERENCES "public"."committees"("id") ON DELETE cascade;--> statement-breakpoint
ALTER TABLE "committee_members" ADD CONSTRAINT "committee_members_workspace_id_fk" FOREIGN KEY ("workspace_id") REFERENCES "public"."workspaces"("id") ON DELETE cascade;--> statement-breakpoint
ALTER TABLE "committee_members" ADD CONSTRAINT "committee_members_account_id_fk" FOREIGN KEY ("account_id") REFERENCES "public"."accounts"("id") ON DELETE restrict;--> statement-breakpoint
ALTER TABLE "committee_term_notices" ADD CONSTRAINT "committee_term_notices_member_id_fk" FOREIGN KEY ("member_id") REFERENCES "public"."committee_members"("id") ON DELETE cascade;--> statement-breakpoint
ALTER TABLE "committee_term_notices" ADD CONSTRAINT "committee_term_notices_workspace_id_fk" FOREIGN KEY ("workspace_id") REFERENCES "public"."workspaces"("id") ON DELETE cascade;--> statement-breakpoint
ALTER TABLE "obligations" ADD CONSTRAINT "obligations_category_id_fk" FOREIGN KEY ("category_id") REFERENCES "public"."compliance_categories"("id") ON DELETE restrict;--> statement-breakpoint
ALTER TABLE "obligations" ADD CONSTRAINT "obligations_jurisdiction_id_fk" FOREIGN KEY ("jurisdiction_id") REFERENCES "public"."jurisdictions"("id") ON DELETE restrict;--> statement-breakpoint
ALTER TABLE "jurisdictions" ADD CONSTRAINT "jurisdictions_holiday_calendar_fk" FOREIGN KEY ("holiday_calendar") REFERENCES "public"."holiday_calendars"("code") ON DELETE restrict;--> statement-breakpoint
ALTER TABLE "obligation_answers" ADD CONSTRAINT "obligation_answers_workspace_id_fk" FOREIGN KEY ("workspace_id") REFERENCES "public"."workspaces"("id") ON DELETE cascade;--> statement-breakpoint
ALTER TABLE "obligation_answers" ADD CONSTRAINT "obligation_answers_obligation_id_fk" FOREIGN KEY ("obligation_id") REFERENCES "public"."obligations"("id") ON DELETE restrict;--> statement-breakpoint
ALTER TABLE "obligation_answers" ADD CONSTRAINT "obligation_answers_branch_id_fk" FOREIGN KEY ("workspace_id","branch_id") REFERENCES "public"."branches"("workspace_id","id") ON DELETE cascade;--> statement-breakpoint
ALTER TABLE "obligation_answers" ADD CONSTRAINT "obligation_answers_owner_id_fk" FOREIGN KEY ("owner_id") REFERENCES "public"."accounts"("id") ON DELETE set null;--> statement-breakpoint
ALTER TABLE "obligation_answers" ADD CONSTRAINT "obligation_answers_reviewer_id_fk" FOREIGN KEY ("reviewer_id") REFERENCES "public"."accounts"("id") ON DELETE set null;--> statement-breakpoint
ALTER TABLE "obligation_occurrences" ADD CONSTRAINT "obligation_occurrences_workspace_id_fk" FOREIGN KEY ("workspace_id") REFERENCES "public"."workspaces"("id") ON DELETE cascade;--> statement-breakpoint
ALTER TABLE "obligation_occurrences" ADD CONSTRAINT "obligation_occurrences_answer_id_fk" FOREIGN KEY ("answer_id") REFERENCES "public"."obligation_answers"("id") ON DELETE cascade;--> statement-breakpoint
ALTER TABLE "obligation_occurrences" ADD CONSTRAINT "obligation_occurrences_obligation_id_fk" FOREIGN KEY ("obligation_id") REFERENCES "public"."obligations"("id") ON DELETE restrict;--> statement-breakpoint
ALTER TABLE "obligation_occurrences" ADD CONSTRAINT "obligation_occurrences_closed_by_fk" FOREIGN KEY ("closed_by") REFERENCES "public"."accounts"("id") ON DELETE set null;--> statement-breakpoint
ALTER TABLE "occurrence_evidence" ADD CONSTRAINT "occurrence_evidence_workspace_id_fk" FOREIGN KEY ("workspace_id") REFERENCES "public"."workspaces"("id") ON DELETE cascade;--> statement-breakpoint
ALTER TABLE "occurrence_evidence" ADD CONSTRAINT "occurrence_evidence_occurrence_id_fk" FOREIGN KEY ("occurrence_id") REFERENCES "public"."obligation_occurrences"("id") ON DELETE cascade;--> statement-breakpoint
ALTER TABLE "occurrence_evidence" ADD CONSTRAINT "occurrence_evidence_created_by_fk" FOREIGN KEY ("created_by") REFERENCES "public"."accounts"("id") ON DELETE set null;--> statement-breakpoint
ALTER TABLE "occurrence_reviews" ADD CONSTRAINT "occurrence_reviews_workspace_id_fk" FOREIGN KEY ("workspace_id") REFERENCES "public"."workspaces"("id") ON DELETE cascade;--> statement-breakpoint
ALTER TABLE "occurrence_reviews" ADD CONSTRAINT "occurrence_reviews_occurrence_id_fk" FOREIGN KEY ("occurrence_id") REFERENCES "public"."obligation_occurrences"("id") ON DELETE cascade;--> statement-breakpoint
ALTER TABLE "occurrence_reviews" ADD CONSTRAINT "occurrence_reviews_reviewer_id_fk" FOREIGN KEY ("reviewer_id") REFERENCES "public"."accounts"("id") ON DELETE restrict;--> statement-breakpoint
ALTER TABLE "calendar_feed_tokens" ADD CONSTRAINT "calendar_feed_tokens_workspace_id_fk" FOREIGN KEY ("workspace_id") REFERENCES "public"."workspaces"("id") ON DELETE cascade;--> statement-breakpoint
ALTER TABLE "calendar_feed_tokens" ADD CONSTRAINT "calendar_feed_tokens_account_id_fk" FOREIGN KEY ("account_id") REFERENCES "public"."accounts"("id") ON DELETE cascade;--> statement-breakpoint
-- Tenant rows: one policy on workspace_id.
SELECT app_enable_tenant_rls('committees');--> statement-breakpoint
SELECT app_enable_tenant_rls('committee_units');--> statement-breakpoint
SELECT app_enable_tenant_rls('committee_members');--> statement-breakpoint
SELECT app_enable_tenant_rls('committee_term_notices');--> statement-breakpoint
SELECT app_enable_tenant_rls('obligation_answers');--> statement-breakpoint
SELECT app_enable_tenant_rls('obligation_occurrences');--> statement-breakpoint
SELECT app_enable_tenant_rls('occurrence_evidence');--> statement-breakpoint
SELECT app_enable_tenant_rls('occurrence_reviews');--> statement-breakpoint
SELECT app_enable_tenant_rls('calendar_feed_tokens');--> statement-breakpoint
-- The catalogue is the operator's (no workspace_id): every workspace reads it, only the platform path writes.
ALTER TABLE compliance_categories ENABLE ROW LEVEL SECURITY;--> statement-breakpoint
ALTER TABLE compliance_categories FORCE ROW LEVEL SECURITY;--> statement-breakpoint
CREATE POLICY read_all ON compliance_categories FOR SELECT USING (true);--> statement-breakpoint
ALTER TABLE obligations ENABLE ROW LEVEL SECURITY;--> statement-breakpoint
ALTER TABLE obligations FORCE ROW LEVEL SECURITY;--> statement-breakpoint
CREATE POLICY read_all ON obligations FOR SELECT USING (true);--> statement-breakpoint
REVOKE ALL ON compliance_categories, obligations FROM compliance_app;--> statement-breakpoint
GRANT SELECT ON compliance_categories, obligations TO compliance_app;--> statement-breakpoint
GRANT SELECT, INSERT, UPDATE, DELETE ON compliance_categories, obligations TO compliance_platform;--> statement-breakpoint
-- Evidence and reviews are insert-only (a trigger refuses UPDATE, DELETE and TRUNCATE for every role;
-- a workspace's purge removes them by the cascade from workspaces, which the trigger lets through
-- only once the occurrence row is gone or the workspace is retired: the operator's purge).
REVOKE UPDATE, DELETE, TRUNCATE ON occurrence_evidence, occurrence_reviews FROM compliance_app;--> statement-breakpoint
CREATE OR REPLACE FUNCTION app_register_insert_only() RETURNS trigger
  LANGUAGE plpgsql AS $$
BEGIN
  IF TG_OP = 'DELETE' AND (NOT EXISTS (SELECT 1 FROM obligation_occurrences o WHERE o.id = OLD.occurrence_id)
                           OR NOT EXISTS (SELECT 1 FROM workspaces w WHERE w.id = OLD.workspace_id AND w.retired_at IS NULL)) THEN
    RETURN OLD;
  END IF;
  RAISE EXCEPTION '% rows are insert-only (% refused)', TG_TABLE_NAME, TG_OP USING ERRCODE = 'insufficient_privilege';
END
$$;--> statement-breakpoint
CREATE TRIGGER occurrence_evidence_insert_only BEFORE UPDATE OR DELETE ON occurrence_evidence
  FOR EACH ROW EXECUTE FUNCTION app_register_insert_only();--> statement-breakpoint
CREATE TRIGGER occurrence_reviews_insert_only BEFORE UPDATE OR DELETE ON occurrence_reviews
  FOR EACH ROW EXECUTE FUNCTION app_register_insert_only();
--> statement-breakpoint
-- The purge of a retired workspace (operator console) deletes its register and committee rows.
GRANT SELECT, DELETE ON committees, committee_units, committee_members, committee_term_notices,
  obligation_answers, obligation_occurrences, occurrence_evidence, occurrence_reviews, calendar_feed_tokens
  TO compliance_platform;
