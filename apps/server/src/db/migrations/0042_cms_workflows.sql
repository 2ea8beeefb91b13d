CREATE TABLE "workflow_attributes" (
	"id" uuid PRIMARY KEY DEFAULT gen_random_uuid() NOT NULL,
	"workspace_id" uuid NOT NULL,
	"workflow_id" uuid NOT NULL,
	"component_id" uuid NOT NULL,
	"key" text NOT NULL,
	"type" text NOT NULL,
	"label" jsonb NOT NULL,
	"hint" jsonb DEFAULT '{}'::jsonb NOT NULL,
	"mandatory" boolean DEFAULT false NOT NULL,
	"position" integer NOT NULL,
	"options" jsonb DEFAULT '[]'::jsonb NOT NULL,
	"condition" jsonb,
	"settings" jsonb DEFAULT '{}'::jsonb NOT NULL,
	"builtin" boolean DEFAULT false NOT NULL,
	"locked" boolean DEFAULT false NOT NULL,
	"statutory_reference" text,
	"resource_key" text,
	"resource_name" text,
	"resource_size" integer,
	"resource_sha256" text,
	"created_at" timestamp with time zone DEFAULT app_now() NOT NULL,
	"updated_at" timestamp with time zone DEFAULT app_now() NOT NULL,
	CONSTRAINT "workflow_attributes_key" UNIQUE("workflow_id","key"),
	CONSTRAINT "workflow_attributes_type" CHECK ("workflow_attributes"."type" in ('TEXT','TEXT_AREA','DATE','FILE_UPLOAD','CHECKBOX_WITH_TEXT','SINGLE_SELECT','MULTI_SELECT','INPUT_BOX','MATCHING','EMAIL','PHONE','RESOURCE'))
);
--> statement-breakpoint
CREATE TABLE "workflow_components" (
	"id" uuid PRIMARY KEY DEFAULT gen_random_uuid() NOT NULL,
	"workspace_id" uuid NOT NULL,
	"workflow_id" uuid NOT NULL,
	"key" text NOT NULL,
	"title" jsonb NOT NULL,
	"position" integer NOT NULL,
	"builtin" boolean DEFAULT false NOT NULL,
	"created_at" timestamp with time zone DEFAULT app_now() NOT NULL,
	"updated_at" timestamp with time zone DEFAULT app_now() NOT NULL,
	CONSTRAINT "workflow_components_key" UNIQUE("workflow_id","key")
);
--> statement-breakpoint
CREATE TABLE "workflow_meeting_fields" (
	"id" uuid PRIMARY KEY DEFAULT gen_random_uuid() NOT NULL,
	"workspace_id" uuid NOT NULL,
	"workflow_id" uuid NOT NULL,
	"step_id" uuid NOT NULL,
	"key" text NOT NULL,
	"type" text NOT NULL,
	"label" jsonb NOT NULL,
	"mandatory" boolean DEFAULT false NOT NULL,
	"position" integer NOT NULL,
	"options" jsonb DEFAULT '[]'::jsonb NOT NULL,
	"builtin" boolean DEFAULT false NOT NULL,
	"created_at" timestamp with time zone DEFAULT app_now() NOT NULL,
	"updated_at" timestamp with time zone DEFAULT app_now() NOT NULL,
	CONSTRAINT "workflow_meeting_fields_key" UNIQUE("step_id","key")
);
--> statement-breakpoint
CREATE TABLE "workflow_prerequisites" (
	"id" uuid PRIMARY KEY DEFAULT gen_random_uuid() NOT NULL,
	"workspace_id" uuid NOT NULL,
	"workflow_id" uuid NOT NULL,
	"step_id" uuid NOT NULL,
	"requires_step_id" uuid NOT NULL,
	"condition" text DEFAULT 'COMPLETED' NOT NULL,
	"created_at" timestamp with time zone DEFAULT app_now() NOT NULL,
	"updated_at" timestamp with time zone DEFAULT app_now() NOT NULL,
	CONSTRAINT "workflow_prerequisites_pair" UNIQUE("step_id","requires_step_id"),
	CONSTRAINT "workflow_prerequisites_condition" CHECK ("workflow_prerequisites"."condition" in ('COMPLETED','STARTED')),
	CONSTRAINT "workflow_prerequisites_not_self" CHECK ("workflow_prerequisites"."step_id" <> "workflow_prerequisites"."requires_step_id")
);
--> statement-breakpoint
CREATE TABLE "workflow_stages" (
	"id" uuid PRIMARY KEY DEFAULT gen_random_uuid() NOT NULL,
	"workspace_id" uuid NOT NULL,
	"workflow_id" uuid NOT NULL,
	"key" text NOT NULL,
	"title" jsonb NOT NULL,
	"position" integer NOT NULL,
	"created_at" timestamp with time zone DEFAULT app_now() NOT NULL,
	"updated_at" timestamp with time zone DEFAULT app_now() NOT NULL,
	CONSTRAINT "workflow_stages_key" UNIQUE("workflow_id","key")
);
--> statement-breakpoint
CREATE TABLE "workflow_step_actions" (
	"id" uuid PRIMARY KEY DEFAULT gen_random_uuid() NOT NULL,
	"workspace_id" uuid NOT NULL,
	"workflow_id" uuid NOT NULL,
	"step_id" uuid NOT NULL,
	"key" text NOT NULL,
	"type" text NOT NULL,
	"position" integer NOT NULL,
	"settings" jsonb,
	"statutory" boolean DEFAULT false NOT NULL,
	"created_at" timestamp with time zone DEFAULT app_now() NOT NULL,
	"updated_at" timestamp with time zone DEFAULT app_now() NOT NULL,
	CONSTRAINT "workflow_step_actions_key" UNIQUE("workflow_id","key"),
	CONSTRAINT "workflow_step_actions_type" CHECK ("workflow_step_actions"."type" in ('TRANSFER_COMPLAINT','INFORM_RESPONDENT','INFORM_EMPLOYER','NOTIFY','VOTE','UPLOAD_RESOURCE','BUTTON','RESOURCE','FORM'))
);
--> statement-breakpoint
CREATE TABLE "workflow_steps" (
	"id" uuid PRIMARY KEY DEFAULT gen_random_uuid() NOT NULL,
	"workspace_id" uuid NOT NULL,
	"workflow_id" uuid NOT NULL,
	"stage_id" uuid NOT NULL,
	"key" text NOT NULL,
	"type" text NOT NULL,
	"title" jsonb NOT NULL,
	"description" jsonb DEFAULT '{}'::jsonb NOT NULL,
	"position" integer NOT NULL,
	"mandatory" boolean DEFAULT true NOT NULL,
	"settings" jsonb NOT NULL,
	"statutory" jsonb,
	"created_at" timestamp with time zone DEFAULT app_now() NOT NULL,
	"updated_at" timestamp with time zone DEFAULT app_now() NOT NULL,
	CONSTRAINT "workflow_steps_key" UNIQUE("workflow_id","key"),
	CONSTRAINT "workflow_steps_type" CHECK ("workflow_steps"."type" in ('MEETING','ACTION'))
);
--> statement-breakpoint
CREATE TABLE "workflow_versions" (
	"id" uuid PRIMARY KEY DEFAULT gen_random_uuid() NOT NULL,
	"workspace_id" uuid NOT NULL,
	"workflow_id" uuid NOT NULL,
	"number" integer NOT NULL,
	"definition" text NOT NULL,
	"sha256" text NOT NULL,
	"structure_sha256" text NOT NULL,
	"label_only" boolean NOT NULL,
	"diff" jsonb,
	"fallbacks" jsonb DEFAULT '{}'::jsonb NOT NULL,
	"change_note" text DEFAULT '' NOT NULL,
	"published_by" uuid,
	"published_at" timestamp with time zone DEFAULT app_now() NOT NULL,
	"created_at" timestamp with time zone DEFAULT app_now() NOT NULL,
	CONSTRAINT "workflow_versions_number" UNIQUE("workflow_id","number"),
	CONSTRAINT "workflow_versions_sha256" CHECK ("workflow_versions"."sha256" ~ '^[0-9a-f]{64}$' and "workflow_versions"."structure_sha256" ~ '^[0-9a-f]{64}$'),
	CONSTRAINT "workflow_versions_number_positive" CHECK ("workflow_versions"."number" >= 1)
);
--> statement-breakpoint
CREATE TABLE "workflows" (
	"id" uuid PRIMARY KEY DEFAULT gen_random_uuid() NOT NULL,
	"workspace_id" uuid NOT NULL,
	"name" text NOT NULL,
	"description" jsonb DEFAULT '{}'::jsonb NOT NULL,
	"jurisdiction" text NOT NULL,
	"template" text,
	"filers" text[] NOT NULL,
	"anonymous_witnesses" boolean DEFAULT false NOT NULL,
	"branch_id" uuid,
	"handler_kind" text DEFAULT 'UNIT_COMMITTEE' NOT NULL,
	"committee_id" uuid,
	"contact" jsonb,
	"languages" text[] NOT NULL,
	"status" text DEFAULT 'DRAFT' NOT NULL,
	"latest_version" integer,
	"revision" integer DEFAULT 0 NOT NULL,
	"created_by" uuid,
	"updated_by" uuid,
	"created_at" timestamp with time zone DEFAULT app_now() NOT NULL,
	"updated_at" timestamp with time zone DEFAULT app_now() NOT NULL,
	CONSTRAINT "workflows_workspace_id_id" UNIQUE("workspace_id","id"),
	CONSTRAINT "workflows_jurisdiction" CHECK ("workflows"."jurisdiction" in ('IN_POSH','CA_SOR_2020_130')),
	CONSTRAINT "workflows_template" CHECK ("workflows"."template" is null or "workflows"."template" in ('POSH_INQUIRY','CA_RESOLUTION')),
	CONSTRAINT "workflows_status" CHECK ("workflows"."status" in ('DRAFT','PUBLISHED')),
	CONSTRAINT "workflows_handler" CHECK (("workflows"."handler_kind" = 'UNIT_COMMITTEE' and "workflows"."committee_id" is null) or ("workflows"."handler_kind" = 'COMMITTEE' and "workflows"."committee_id" is not null)),
	CONSTRAINT "workflows_name" CHECK (length("workflows"."name") between 1 and 200)
);
--> statement-breakpoint
CREATE INDEX "workflow_attributes_component" ON "workflow_attributes" USING btree ("workspace_id","component_id","position");--> statement-breakpoint
CREATE INDEX "workflow_components_workflow" ON "workflow_components" USING btree ("workspace_id","workflow_id","position");--> statement-breakpoint
CREATE INDEX "workflow_meeting_fields_step" ON "workflow_meeting_fields" USING btree ("workspace_id","step_id","position");--> statement-breakpoint
CREATE INDEX "workflow_prerequisites_workflow" ON "workflow_prerequisites" USING btree ("workspace_id","workflow_id");--> statement-breakpoint
CREATE INDEX "workflow_stages_workflow" ON "workflow_stages" USING btree ("workspace_id","workflow_id","position");--> statement-breakpoint
CREATE INDEX "workflow_step_actions_step" ON "workflow_step_actions" USING btree ("workspace_id","step_id","position");--> statement-breakpoint
CREATE INDEX "workflow_steps_stage" ON "workflow_steps" USING btree ("workspace_id","stage_id","position");--> statement-breakpoint
CREATE INDEX "workflow_steps_workflow" ON "workflow_steps" USING btree ("workspace_id","workflow_id");--> statement-breakpoint
CREATE INDEX "workflow_versions_workflow" ON "workflow_versions" USING btree ("workspace_id","workflow_id","number");--> statement-breakpoint
CREATE INDEX "workflows_workspace_updated" ON "workflows" USING btree ("workspace_id","updated_at");--> statement-breakpoint
-- Foreign keys by hand (cms-schema.ts declares none, to avoid an import cycle with schema.ts).
ALTER TABLE "workflows" ADD CONSTRAINT "workflows_workspace_id_fk" FOREIGN KEY ("workspace_id") REFERENCES "public"."workspaces"("id") ON DELETE cascade;--> statement-breakpoint
ALTER TABLE "workflows" ADD CONSTRAINT "workflows_branch_id_fk" FOREIGN KEY ("workspace_id","branch_id") REFERENCES "public"."branches"("workspace_id","id") ON DELETE SET NULL ("branch_id");--> statement-breakpoint
ALTER TABLE "workflows" ADD CONSTRAINT "workflows_committee_id_fk" FOREIGN KEY ("committee_id") REFERENCES "public"."committees"("id");--> statement-breakpoint
ALTER TABLE "workflows" ADD CONSTRAINT "workflows_created_by_fk" FOREIGN KEY ("created_by") REFERENCES "public"."accounts"("id") ON DELETE set null;--> statement-breakpoint
ALTER TABLE "workflows" ADD CONSTRAINT "workflows_updated_by_fk" FOREIGN KEY ("updated_by") REFERENCES "public"."accounts"("id") ON DELETE set null;--> statement-breakpoint
ALTER TABLE "workflow_components" ADD CONSTRAINT "workflow_components_workflow_fk" FOREIGN KEY ("workspace_id","workflow_id") REFERENCES "public"."workflows"("workspace_id","id") ON DELETE cascade;--> statement-breakpoint
ALTER TABLE "workflow_attributes" ADD CONSTRAINT "workflow_attributes_workflow_fk" FOREIGN KEY ("workspace_id","workflow_id") REFERENCES "public"."workflows"("workspace_id","id") ON DELETE cascade;--> statement-breakpoint
ALTER TABLE "workflow_attributes" ADD CONSTRAINT "workflow_attributes_component_fk" FOREIGN KEY ("component_id") REFERENCES "public"."workflow_components"("id") ON DELETE cascade;--> statement-breakpoint
ALTER TABLE "workflow_stages" ADD CONSTRAINT "workflow_stages_workflow_fk" FOREIGN KEY ("workspace_id","workflow_id") REFERENCES "public"."workflows"("workspace_id","id") ON DELETE cascade;--> statement-breakpoint
ALTER TABLE "workflow_steps" ADD CONSTRAINT "workflow_steps_workflow_fk" FOREIGN KEY ("workspace_id","workflow_id") REFERENCES "public"."workflows"("workspace_id","id") ON DELETE cascade;--> statement-breakpoint
ALTER TABLE "workflow_steps" ADD CONSTRAINT "workflow_steps_stage_fk" FOREIGN KEY ("stage_id") REFERENCES "public"."workflow_stages"("id") ON DELETE cascade;--> statement-breakpoint
ALTER TABLE "workflow_step_actions" ADD CONSTRAINT "workflow_step_actions_workflow_fk" FOREIGN KEY ("workspace_id","workflow_id") REFERENCES "public"."workflows"("workspace_id","id") ON DELETE cascade;--> statement-breakpoint
ALTER TABLE "workflow_step_actions" ADD CONSTRAINT "workflow_step_actions_step_fk" FOREIGN KEY ("step_id") REFERENCES "public"."workflow_steps"("id") ON DELETE cascade;--> statement-breakpoint
ALTER TABLE "workflow_meeting_fields" ADD CONSTRAINT "workflow_meeting_fields_workflow_fk" FOREIGN KEY ("workspace_id","workflow_id") REFERENCES "public"."workflows"("workspace_id","id") ON DELETE cascade;--> statement-breakpoint
ALTER TABLE "workflow_meeting_fields" ADD CONSTRAINT "workflow_meeting_fields_step_fk" FOREIGN KEY ("step_id") REFERENCES "public"."workflow_steps"("id") ON DELETE cascade;--> statement-breakpoint
ALTER TABLE "workflow_prerequisites" ADD CONSTRAINT "workflow_prerequisites_workflow_fk" FOREIGN KEY ("workspace_id","workflow_id") REFERENCES "public"."workflows"("workspace_id","id") ON DELETE cascade;--> statement-breakpoint
ALTER TABLE "workflow_prerequisites" ADD CONSTRAINT "workflow_prerequisites_step_fk" FOREIGN KEY ("step_id") REFERENCES "public"."workflow_steps"("id") ON DELETE cascade;--> statement-breakpoint
ALTER TABLE "workflow_prerequisites" ADD CONSTRAINT "workflow_prerequisites_requires_fk" FOREIGN KEY ("requires_step_id") REFERENCES "public"."workflow_steps"("id") ON DELETE cascade;--> statement-breakpoint
ALTER TABLE "workflow_versions" ADD CONSTRAINT "workflow_versions_workflow_fk" FOREIGN KEY ("workspace_id","workflow_id") REFERENCES "public"."workflows"("workspace_id","id") ON DELETE cascade;--> statement-breakpoint
ALTER TABLE "workflow_versions" ADD CONSTRAINT "workflow_versions_published_by_fk" FOREIGN KEY ("published_by") REFERENCES "public"."accounts"("id") ON DELETE set null;--> statement-breakpoint
-- Tenant rows: one policy on workspace_id.
SELECT app_enable_tenant_rls('workflows');--> statement-breakpoint
SELECT app_enable_tenant_rls('workflow_components');--> statement-breakpoint
SELECT app_enable_tenant_rls('workflow_attributes');--> statement-breakpoint
SELECT app_enable_tenant_rls('workflow_stages');--> statement-breakpoint
SELECT app_enable_tenant_rls('workflow_steps');--> statement-breakpoint
SELECT app_enable_tenant_rls('workflow_step_actions');--> statement-breakpoint
SELECT app_enable_tenant_rls('workflow_meeting_fields');--> statement-breakpoint
SELECT app_enable_tenant_rls('workflow_prerequisites');--> statement-breakpoint
SELECT app_enable_tenant_rls('workflow_versions');--> statement-breakpoint
-- A published version is frozen: the application role may only insert and read it, and a trigger
-- refuses UPDATE and DELETE for every role, the table's owner included. The purge of a retired
-- workspace (operator console) removes its versions through the cascade from workspaces, which the
-- trigger lets through only once the workflow row is gone or the workspace is retired.
REVOKE UPDATE, DELETE, TRUNCATE ON workflow_versions FROM compliance_app;--> statement-breakpoint
CREATE OR REPLACE FUNCTION app_workflow_versions_frozen() RETURNS trigger
  LANGUAGE plpgsql AS $$
BEGIN
  IF TG_OP = 'DELETE' THEN
    IF NOT EXISTS (SELECT 1 FROM workflows w WHERE w.id = OLD.workflow_id)
       OR NOT EXISTS (SELECT 1 FROM workspaces s WHERE s.id = OLD.workspace_id AND s.retired_at IS NULL) THEN
      RETURN OLD;
    END IF;
  END IF;
  RAISE EXCEPTION 'a published workflow version cannot be changed (% refused)', TG_OP USING ERRCODE = 'insufficient_privilege';
END
$$;--> statement-breakpoint
CREATE TRIGGER workflow_versions_frozen BEFORE UPDATE OR DELETE ON workflow_versions
  FOR EACH ROW EXECUTE FUNCTION app_workflow_versions_frozen();--> statement-breakpoint
CREATE TRIGGER workflow_versions_no_truncate BEFORE TRUNCATE ON workflow_versions
  FOR EACH STATEMENT EXECUTE FUNCTION app_workflow_versions_frozen();--> statement-breakpoint
-- The purge of a retired workspace (operator console) deletes its workflows.
GRANT SELECT, DELETE ON workflows, workflow_components, workflow_attributes, workflow_stages, workflow_steps,
  workflow_step_actions, workflow_meeting_fields, workflow_prerequisites, workflow_versions
  TO compliance_platform;
