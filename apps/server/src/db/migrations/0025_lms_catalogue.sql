CREATE TABLE "course_items" (
	"id" uuid PRIMARY KEY DEFAULT gen_random_uuid() NOT NULL,
	"course_version_id" uuid NOT NULL,
	"workspace_id" uuid,
	"stable_id" uuid NOT NULL,
	"kind" text NOT NULL,
	"position" integer NOT NULL,
	"pass_mark" smallint,
	"attempt_limit" smallint,
	"shuffle_questions" boolean DEFAULT false NOT NULL,
	"scorm_package_id" uuid,
	"created_at" timestamp with time zone DEFAULT app_now() NOT NULL,
	"updated_at" timestamp with time zone DEFAULT app_now() NOT NULL,
	CONSTRAINT "course_items_kind" CHECK ("course_items"."kind" in ('LESSON','QUIZ','SCORM')),
	CONSTRAINT "course_items_quiz" CHECK (("course_items"."kind" = 'QUIZ') = ("course_items"."pass_mark" is not null) AND ("course_items"."pass_mark" is null or "course_items"."pass_mark" between 0 and 100) AND ("course_items"."attempt_limit" is null or ("course_items"."kind" = 'QUIZ' and "course_items"."attempt_limit" between 1 and 20))),
	CONSTRAINT "course_items_scorm" CHECK (("course_items"."kind" = 'SCORM') = ("course_items"."scorm_package_id" is not null))
);
--> statement-breakpoint
CREATE TABLE "course_jurisdictions" (
	"course_id" uuid NOT NULL,
	"jurisdiction_id" uuid NOT NULL,
	"workspace_id" uuid,
	CONSTRAINT "course_jurisdictions_course_id_jurisdiction_id_pk" PRIMARY KEY("course_id","jurisdiction_id")
);
--> statement-breakpoint
CREATE TABLE "course_texts" (
	"course_version_id" uuid NOT NULL,
	"entity_id" uuid NOT NULL,
	"language" text NOT NULL,
	"workspace_id" uuid,
	"entity_kind" text NOT NULL,
	"body" jsonb NOT NULL,
	"complete" boolean DEFAULT false NOT NULL,
	"updated_at" timestamp with time zone DEFAULT app_now() NOT NULL,
	CONSTRAINT "course_texts_course_version_id_entity_id_language_pk" PRIMARY KEY("course_version_id","entity_id","language"),
	CONSTRAINT "course_texts_language" CHECK ("language" in ('en','hi','kn','te','ta','mr')),
	CONSTRAINT "course_texts_kind" CHECK ("course_texts"."entity_kind" in ('COURSE','ITEM','BLOCK','QUESTION'))
);
--> statement-breakpoint
CREATE TABLE "course_versions" (
	"id" uuid PRIMARY KEY DEFAULT gen_random_uuid() NOT NULL,
	"course_id" uuid NOT NULL,
	"workspace_id" uuid,
	"number" integer NOT NULL,
	"status" text DEFAULT 'DRAFT' NOT NULL,
	"primary_language" text NOT NULL,
	"languages" text[] NOT NULL,
	"published_at" timestamp with time zone,
	"published_by" uuid,
	"created_by" uuid,
	"created_at" timestamp with time zone DEFAULT app_now() NOT NULL,
	"updated_at" timestamp with time zone DEFAULT app_now() NOT NULL,
	CONSTRAINT "course_versions_status" CHECK ("course_versions"."status" in ('DRAFT','PUBLISHED','SUPERSEDED')),
	CONSTRAINT "course_versions_primary_language" CHECK ("primary_language" in ('en','hi','kn','te','ta','mr')),
	CONSTRAINT "course_versions_languages" CHECK ("course_versions"."languages" <@ ARRAY['en','hi','kn','te','ta','mr']::text[] AND "course_versions"."primary_language" = ANY("course_versions"."languages"))
);
--> statement-breakpoint
CREATE TABLE "courses" (
	"id" uuid PRIMARY KEY DEFAULT gen_random_uuid() NOT NULL,
	"workspace_id" uuid,
	"status" text DEFAULT 'ACTIVE' NOT NULL,
	"published_version_id" uuid,
	"draft_version_id" uuid,
	"cover_key" text,
	"recurrence" jsonb,
	"archived_at" timestamp with time zone,
	"created_by" uuid,
	"updated_by" uuid,
	"created_at" timestamp with time zone DEFAULT app_now() NOT NULL,
	"updated_at" timestamp with time zone DEFAULT app_now() NOT NULL,
	CONSTRAINT "courses_status" CHECK ("courses"."status" in ('ACTIVE','ARCHIVED'))
);
--> statement-breakpoint
CREATE TABLE "credit_ledger" (
	"id" uuid PRIMARY KEY DEFAULT gen_random_uuid() NOT NULL,
	"workspace_id" uuid NOT NULL,
	"course_id" uuid NOT NULL,
	"delta" integer NOT NULL,
	"reason" text NOT NULL,
	"request_id" uuid,
	"enrolment_id" uuid,
	"note" text,
	"created_by" uuid,
	"created_at" timestamp with time zone DEFAULT app_now() NOT NULL,
	CONSTRAINT "credit_ledger_delta" CHECK ("credit_ledger"."delta" <> 0),
	CONSTRAINT "credit_ledger_reason" CHECK ("credit_ledger"."reason" in ('GRANT','SPEND','REFUND','ADJUST'))
);
--> statement-breakpoint
CREATE TABLE "credit_requests" (
	"id" uuid PRIMARY KEY DEFAULT gen_random_uuid() NOT NULL,
	"workspace_id" uuid NOT NULL,
	"course_id" uuid NOT NULL,
	"quantity" integer NOT NULL,
	"note" text,
	"status" text DEFAULT 'PENDING' NOT NULL,
	"requested_by" uuid,
	"decided_by" uuid,
	"decided_at" timestamp with time zone,
	"granted_quantity" integer,
	"decision_note" text,
	"created_at" timestamp with time zone DEFAULT app_now() NOT NULL,
	CONSTRAINT "credit_requests_quantity" CHECK ("credit_requests"."quantity" between 1 and 10000),
	CONSTRAINT "credit_requests_status" CHECK ("credit_requests"."status" in ('PENDING','GRANTED','REJECTED')),
	CONSTRAINT "credit_requests_note" CHECK ("credit_requests"."note" is null or length("credit_requests"."note") <= 500)
);
--> statement-breakpoint
CREATE TABLE "enrolments" (
	"id" uuid PRIMARY KEY DEFAULT gen_random_uuid() NOT NULL,
	"workspace_id" uuid NOT NULL,
	"course_id" uuid NOT NULL,
	"course_version_id" uuid NOT NULL,
	"account_id" uuid NOT NULL,
	"status" text DEFAULT 'ACTIVE' NOT NULL,
	"credit_spent" boolean DEFAULT false NOT NULL,
	"created_by" uuid,
	"created_at" timestamp with time zone DEFAULT app_now() NOT NULL,
	"updated_at" timestamp with time zone DEFAULT app_now() NOT NULL,
	CONSTRAINT "enrolments_status" CHECK ("enrolments"."status" in ('ACTIVE','REMOVED'))
);
--> statement-breakpoint
CREATE TABLE "jurisdictions" (
	"id" uuid PRIMARY KEY DEFAULT gen_random_uuid() NOT NULL,
	"code" text NOT NULL,
	"name" text NOT NULL,
	"country" text NOT NULL,
	"parent_id" uuid,
	"created_by" uuid,
	"created_at" timestamp with time zone DEFAULT app_now() NOT NULL,
	"updated_at" timestamp with time zone DEFAULT app_now() NOT NULL,
	CONSTRAINT "jurisdictions_code" CHECK ("jurisdictions"."code" ~ '^[A-Z0-9][A-Z0-9-]{0,31}$'),
	CONSTRAINT "jurisdictions_country" CHECK ("jurisdictions"."country" ~ '^[A-Z]{2}$'),
	CONSTRAINT "jurisdictions_name" CHECK (length("jurisdictions"."name") between 1 and 120)
);
--> statement-breakpoint
CREATE TABLE "lesson_blocks" (
	"id" uuid PRIMARY KEY DEFAULT gen_random_uuid() NOT NULL,
	"item_id" uuid NOT NULL,
	"course_version_id" uuid NOT NULL,
	"workspace_id" uuid,
	"stable_id" uuid NOT NULL,
	"type" text NOT NULL,
	"position" integer NOT NULL,
	"settings" jsonb DEFAULT '{}'::jsonb NOT NULL,
	"created_at" timestamp with time zone DEFAULT app_now() NOT NULL,
	"updated_at" timestamp with time zone DEFAULT app_now() NOT NULL,
	CONSTRAINT "lesson_blocks_type" CHECK ("lesson_blocks"."type" in ('TEXT','IMAGE','VIDEO','RESOURCE','TEXT_AREA','BUTTON','NOTIFY'))
);
--> statement-breakpoint
CREATE TABLE "lesson_media_uploads" (
	"id" uuid PRIMARY KEY DEFAULT gen_random_uuid() NOT NULL,
	"workspace_id" uuid,
	"course_id" uuid NOT NULL,
	"course_version_id" uuid NOT NULL,
	"block_id" uuid,
	"language" text,
	"kind" text NOT NULL,
	"key" text NOT NULL,
	"file_name" text NOT NULL,
	"max_bytes" bigint NOT NULL,
	"created_by" uuid,
	"created_at" timestamp with time zone DEFAULT app_now() NOT NULL,
	"expires_at" timestamp with time zone NOT NULL,
	"confirmed_at" timestamp with time zone,
	CONSTRAINT "lesson_media_uploads_kind" CHECK ("lesson_media_uploads"."kind" in ('IMAGE','VIDEO','RESOURCE','CAPTIONS','COVER')),
	CONSTRAINT "lesson_media_uploads_language" CHECK ("lesson_media_uploads"."language" is null or "lesson_media_uploads"."language" in ('en','hi','kn','te','ta','mr'))
);
--> statement-breakpoint
CREATE TABLE "quiz_answer_keys" (
	"question_id" uuid PRIMARY KEY NOT NULL,
	"course_version_id" uuid NOT NULL,
	"workspace_id" uuid,
	"key" jsonb NOT NULL
);
--> statement-breakpoint
CREATE TABLE "quiz_options" (
	"id" uuid PRIMARY KEY DEFAULT gen_random_uuid() NOT NULL,
	"question_id" uuid NOT NULL,
	"course_version_id" uuid NOT NULL,
	"workspace_id" uuid,
	"position" integer NOT NULL,
	"side" text,
	CONSTRAINT "quiz_options_side" CHECK ("quiz_options"."side" is null or "quiz_options"."side" in ('LEFT','RIGHT'))
);
--> statement-breakpoint
CREATE TABLE "quiz_questions" (
	"id" uuid PRIMARY KEY DEFAULT gen_random_uuid() NOT NULL,
	"item_id" uuid NOT NULL,
	"course_version_id" uuid NOT NULL,
	"workspace_id" uuid,
	"stable_id" uuid NOT NULL,
	"type" text NOT NULL,
	"position" integer NOT NULL,
	"points" smallint DEFAULT 1 NOT NULL,
	"created_at" timestamp with time zone DEFAULT app_now() NOT NULL,
	"updated_at" timestamp with time zone DEFAULT app_now() NOT NULL,
	CONSTRAINT "quiz_questions_type" CHECK ("quiz_questions"."type" in ('MULTIPLE_CHOICE','MULTIPLE_RESPONSE','SINGLE_SELECT','MULTI_SELECT','FILL_IN_BLANK','INPUT_BOX','MATCHING','CHECKBOX_WITH_TEXT')),
	CONSTRAINT "quiz_questions_points" CHECK ("quiz_questions"."points" between 1 and 100)
);
--> statement-breakpoint
CREATE TABLE "scorm_files" (
	"package_id" uuid NOT NULL,
	"workspace_id" uuid,
	"course_version_id" uuid NOT NULL,
	"path" text NOT NULL,
	"key" text NOT NULL,
	"content_type" text NOT NULL,
	"size" bigint NOT NULL,
	CONSTRAINT "scorm_files_package_id_path_pk" PRIMARY KEY("package_id","path"),
	CONSTRAINT "scorm_files_path" CHECK (length("scorm_files"."path") <= 1024)
);
--> statement-breakpoint
CREATE TABLE "scorm_packages" (
	"id" uuid PRIMARY KEY DEFAULT gen_random_uuid() NOT NULL,
	"workspace_id" uuid,
	"course_version_id" uuid NOT NULL,
	"standard" text,
	"status" text DEFAULT 'PROCESSING' NOT NULL,
	"failure_code" text,
	"source_key" text NOT NULL,
	"source_name" text NOT NULL,
	"manifest" jsonb,
	"file_count" integer,
	"inflated_bytes" bigint,
	"uploaded_by" uuid,
	"created_at" timestamp with time zone DEFAULT app_now() NOT NULL,
	"updated_at" timestamp with time zone DEFAULT app_now() NOT NULL,
	CONSTRAINT "scorm_packages_status" CHECK ("scorm_packages"."status" in ('PROCESSING','READY','FAILED')),
	CONSTRAINT "scorm_packages_standard" CHECK ("scorm_packages"."standard" is null or "scorm_packages"."standard" in ('SCORM_12','SCORM_2004'))
);
--> statement-breakpoint
CREATE TABLE "workspace_courses" (
	"workspace_id" uuid NOT NULL,
	"course_id" uuid NOT NULL,
	"enabled" boolean DEFAULT true NOT NULL,
	"balance" integer DEFAULT 0 NOT NULL,
	"made_available_by" uuid,
	"created_at" timestamp with time zone DEFAULT app_now() NOT NULL,
	"updated_at" timestamp with time zone DEFAULT app_now() NOT NULL,
	CONSTRAINT "workspace_courses_workspace_id_course_id_pk" PRIMARY KEY("workspace_id","course_id"),
	CONSTRAINT "workspace_courses_balance" CHECK ("workspace_courses"."balance" >= 0)
);
--> statement-breakpoint
ALTER TABLE "course_items" ADD CONSTRAINT "course_items_course_version_id_course_versions_id_fk" FOREIGN KEY ("course_version_id") REFERENCES "public"."course_versions"("id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "course_items" ADD CONSTRAINT "course_items_scorm_package_id_scorm_packages_id_fk" FOREIGN KEY ("scorm_package_id") REFERENCES "public"."scorm_packages"("id") ON DELETE no action ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "course_jurisdictions" ADD CONSTRAINT "course_jurisdictions_course_id_courses_id_fk" FOREIGN KEY ("course_id") REFERENCES "public"."courses"("id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "course_jurisdictions" ADD CONSTRAINT "course_jurisdictions_jurisdiction_id_jurisdictions_id_fk" FOREIGN KEY ("jurisdiction_id") REFERENCES "public"."jurisdictions"("id") ON DELETE no action ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "course_texts" ADD CONSTRAINT "course_texts_course_version_id_course_versions_id_fk" FOREIGN KEY ("course_version_id") REFERENCES "public"."course_versions"("id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "course_versions" ADD CONSTRAINT "course_versions_course_id_courses_id_fk" FOREIGN KEY ("course_id") REFERENCES "public"."courses"("id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "credit_ledger" ADD CONSTRAINT "credit_ledger_course_id_courses_id_fk" FOREIGN KEY ("course_id") REFERENCES "public"."courses"("id") ON DELETE no action ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "credit_requests" ADD CONSTRAINT "credit_requests_course_id_courses_id_fk" FOREIGN KEY ("course_id") REFERENCES "public"."courses"("id") ON DELETE no action ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "enrolments" ADD CONSTRAINT "enrolments_course_id_courses_id_fk" FOREIGN KEY ("course_id") REFERENCES "public"."courses"("id") ON DELETE no action ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "enrolments" ADD CONSTRAINT "enrolments_course_version_id_course_versions_id_fk" FOREIGN KEY ("course_version_id") REFERENCES "public"."course_versions"("id") ON DELETE no action ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "lesson_blocks" ADD CONSTRAINT "lesson_blocks_item_id_course_items_id_fk" FOREIGN KEY ("item_id") REFERENCES "public"."course_items"("id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "lesson_media_uploads" ADD CONSTRAINT "lesson_media_uploads_course_id_courses_id_fk" FOREIGN KEY ("course_id") REFERENCES "public"."courses"("id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "quiz_answer_keys" ADD CONSTRAINT "quiz_answer_keys_question_id_quiz_questions_id_fk" FOREIGN KEY ("question_id") REFERENCES "public"."quiz_questions"("id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "quiz_options" ADD CONSTRAINT "quiz_options_question_id_quiz_questions_id_fk" FOREIGN KEY ("question_id") REFERENCES "public"."quiz_questions"("id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "quiz_questions" ADD CONSTRAINT "quiz_questions_item_id_course_items_id_fk" FOREIGN KEY ("item_id") REFERENCES "public"."course_items"("id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "scorm_files" ADD CONSTRAINT "scorm_files_package_id_scorm_packages_id_fk" FOREIGN KEY ("package_id") REFERENCES "public"."scorm_packages"("id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "scorm_packages" ADD CONSTRAINT "scorm_packages_course_version_id_course_versions_id_fk" FOREIGN KEY ("course_version_id") REFERENCES "public"."course_versions"("id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "workspace_courses" ADD CONSTRAINT "workspace_courses_course_id_courses_id_fk" FOREIGN KEY ("course_id") REFERENCES "public"."courses"("id") ON DELETE no action ON UPDATE no action;--> statement-breakpoint
CREATE INDEX "course_items_version_idx" ON "course_items" USING btree ("course_version_id","position");--> statement-breakpoint
CREATE INDEX "course_jurisdictions_jurisdiction_idx" ON "course_jurisdictions" USING btree ("jurisdiction_id");--> statement-breakpoint
CREATE UNIQUE INDEX "course_versions_number_key" ON "course_versions" USING btree ("course_id","number");--> statement-breakpoint
CREATE UNIQUE INDEX "course_versions_one_draft_key" ON "course_versions" USING btree ("course_id") WHERE status = 'DRAFT';--> statement-breakpoint
CREATE INDEX "courses_owner_list_idx" ON "courses" USING btree ("workspace_id","status","updated_at" DESC NULLS LAST,"id");--> statement-breakpoint
CREATE INDEX "credit_ledger_workspace_idx" ON "credit_ledger" USING btree ("workspace_id","course_id","created_at" DESC NULLS LAST,"id");--> statement-breakpoint
CREATE UNIQUE INDEX "credit_ledger_enrolment_key" ON "credit_ledger" USING btree ("enrolment_id","reason");--> statement-breakpoint
CREATE INDEX "credit_requests_workspace_idx" ON "credit_requests" USING btree ("workspace_id","course_id","created_at" DESC NULLS LAST);--> statement-breakpoint
CREATE INDEX "credit_requests_status_idx" ON "credit_requests" USING btree ("status","created_at");--> statement-breakpoint
CREATE UNIQUE INDEX "enrolments_learner_key" ON "enrolments" USING btree ("workspace_id","course_id","account_id") WHERE status <> 'REMOVED';--> statement-breakpoint
CREATE INDEX "enrolments_course_idx" ON "enrolments" USING btree ("course_id");--> statement-breakpoint
CREATE UNIQUE INDEX "jurisdictions_code_key" ON "jurisdictions" USING btree ("code");--> statement-breakpoint
CREATE UNIQUE INDEX "jurisdictions_name_key" ON "jurisdictions" USING btree (lower("name"));--> statement-breakpoint
CREATE INDEX "jurisdictions_created_at_idx" ON "jurisdictions" USING btree ("created_at","id");--> statement-breakpoint
CREATE INDEX "lesson_blocks_item_idx" ON "lesson_blocks" USING btree ("item_id","position");--> statement-breakpoint
CREATE INDEX "lesson_blocks_version_idx" ON "lesson_blocks" USING btree ("course_version_id");--> statement-breakpoint
CREATE INDEX "quiz_options_question_idx" ON "quiz_options" USING btree ("question_id","position");--> statement-breakpoint
CREATE INDEX "quiz_questions_item_idx" ON "quiz_questions" USING btree ("item_id","position");--> statement-breakpoint
CREATE INDEX "quiz_questions_version_idx" ON "quiz_questions" USING btree ("course_version_id");--> statement-breakpoint
CREATE INDEX "workspace_courses_course_idx" ON "workspace_courses" USING btree ("course_id");