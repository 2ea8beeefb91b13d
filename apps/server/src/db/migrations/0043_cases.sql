CREATE TABLE "case_access" (
	"workspace_id" uuid NOT NULL,
	"case_id" uuid NOT NULL,
	"account_id" uuid NOT NULL,
	"relation" text NOT NULL,
	"participant_role" text,
	"member_role" text,
	"granted_at" timestamp with time zone DEFAULT app_now() NOT NULL,
	"revoked_at" timestamp with time zone,
	CONSTRAINT "case_access_case_id_account_id_relation_pk" PRIMARY KEY("case_id","account_id","relation"),
	CONSTRAINT "case_access_relation" CHECK ("case_access"."relation" in ('COMPLAINANT','COMMITTEE','PARTICIPANT')),
	CONSTRAINT "case_access_participant" CHECK (("case_access"."relation" = 'PARTICIPANT') = ("case_access"."participant_role" is not null) and ("case_access"."participant_role" is null or "case_access"."participant_role" in ('RESPONDENT','WITNESS','EMPLOYER')))
);
--> statement-breakpoint
CREATE TABLE "case_conflicts" (
	"id" uuid PRIMARY KEY DEFAULT gen_random_uuid() NOT NULL,
	"workspace_id" uuid NOT NULL,
	"case_id" uuid NOT NULL,
	"account_id" uuid NOT NULL,
	"reason" text NOT NULL,
	"created_at" timestamp with time zone DEFAULT app_now() NOT NULL,
	"cleared_at" timestamp with time zone,
	"cleared_by" uuid,
	CONSTRAINT "case_conflicts_reason" CHECK ("case_conflicts"."reason" in ('PARTY','MANAGER_OF_PARTY','DECLARED'))
);
--> statement-breakpoint
CREATE TABLE "case_counters" (
	"workspace_id" uuid NOT NULL,
	"year" integer NOT NULL,
	"last" integer DEFAULT 0 NOT NULL,
	CONSTRAINT "case_counters_workspace_id_year_pk" PRIMARY KEY("workspace_id","year")
);
--> statement-breakpoint
CREATE TABLE "case_data_keys" (
	"id" uuid PRIMARY KEY DEFAULT gen_random_uuid() NOT NULL,
	"workspace_id" uuid NOT NULL,
	"case_id" uuid NOT NULL,
	"scope" text NOT NULL,
	"participant_account_id" uuid,
	"version" integer NOT NULL,
	"retired_at" timestamp with time zone,
	"created_at" timestamp with time zone DEFAULT app_now() NOT NULL,
	CONSTRAINT "case_data_keys_scope" CHECK ("case_data_keys"."scope" in ('CASE','COMMITTEE','PARTICIPANT')),
	CONSTRAINT "case_data_keys_participant" CHECK (("case_data_keys"."scope" = 'PARTICIPANT') = ("case_data_keys"."participant_account_id" is not null))
);
--> statement-breakpoint
CREATE TABLE "case_files" (
	"id" uuid PRIMARY KEY DEFAULT gen_random_uuid() NOT NULL,
	"workspace_id" uuid NOT NULL,
	"case_id" uuid NOT NULL,
	"item_id" uuid,
	"audience" text NOT NULL,
	"participant_account_id" uuid,
	"data_key_id" uuid NOT NULL,
	"storage_key" text NOT NULL,
	"sealed_meta" "bytea" NOT NULL,
	"size_bytes" integer NOT NULL,
	"sha256" text NOT NULL,
	"uploaded_by" uuid,
	"created_at" timestamp with time zone DEFAULT app_now() NOT NULL,
	CONSTRAINT "case_files_audience" CHECK ("case_files"."audience" in ('COMPLAINANT','COMMITTEE','PARTICIPANT'))
);
--> statement-breakpoint
CREATE TABLE "case_items" (
	"id" uuid PRIMARY KEY DEFAULT gen_random_uuid() NOT NULL,
	"workspace_id" uuid NOT NULL,
	"case_id" uuid NOT NULL,
	"kind" text NOT NULL,
	"audience" text NOT NULL,
	"participant_account_id" uuid,
	"step_id" uuid,
	"author_account_id" uuid,
	"data_key_id" uuid NOT NULL,
	"sealed" "bytea" NOT NULL,
	"created_at" timestamp with time zone DEFAULT app_now() NOT NULL,
	CONSTRAINT "case_items_audience" CHECK ("case_items"."audience" in ('COMPLAINANT','COMMITTEE','PARTICIPANT')),
	CONSTRAINT "case_items_participant" CHECK (("case_items"."audience" = 'PARTICIPANT') = ("case_items"."participant_account_id" is not null)),
	CONSTRAINT "case_items_kind" CHECK ("case_items"."kind" ~ '^[A-Z][A-Z_]{1,39}$')
);
--> statement-breakpoint
CREATE TABLE "case_key_wraps" (
	"workspace_id" uuid NOT NULL,
	"case_id" uuid NOT NULL,
	"data_key_id" uuid NOT NULL,
	"account_id" uuid NOT NULL,
	"wrapped" "bytea" NOT NULL,
	"escrow" boolean DEFAULT false NOT NULL,
	"created_at" timestamp with time zone DEFAULT app_now() NOT NULL,
	CONSTRAINT "case_key_wraps_data_key_id_account_id_pk" PRIMARY KEY("data_key_id","account_id")
);
--> statement-breakpoint
CREATE TABLE "case_meetings" (
	"id" uuid PRIMARY KEY DEFAULT gen_random_uuid() NOT NULL,
	"workspace_id" uuid NOT NULL,
	"case_id" uuid NOT NULL,
	"step_id" uuid NOT NULL,
	"item_id" uuid NOT NULL,
	"starts_at" timestamp with time zone NOT NULL,
	"ends_at" timestamp with time zone NOT NULL,
	"status" text DEFAULT 'SCHEDULED' NOT NULL,
	"guest_account_ids" uuid[] DEFAULT '{}'::uuid[] NOT NULL,
	"sequence" integer DEFAULT 0 NOT NULL,
	"reminded_at" timestamp with time zone,
	"created_by" uuid,
	"created_at" timestamp with time zone DEFAULT app_now() NOT NULL,
	"updated_at" timestamp with time zone DEFAULT app_now() NOT NULL,
	CONSTRAINT "case_meetings_status" CHECK ("case_meetings"."status" in ('SCHEDULED','HELD','CANCELLED')),
	CONSTRAINT "case_meetings_times" CHECK ("case_meetings"."ends_at" > "case_meetings"."starts_at")
);
--> statement-breakpoint
CREATE TABLE "case_parties" (
	"id" uuid PRIMARY KEY DEFAULT gen_random_uuid() NOT NULL,
	"workspace_id" uuid NOT NULL,
	"case_id" uuid NOT NULL,
	"account_id" uuid NOT NULL,
	"role" text NOT NULL,
	"added_by" uuid,
	"created_at" timestamp with time zone DEFAULT app_now() NOT NULL,
	CONSTRAINT "case_parties_one" UNIQUE("case_id","account_id","role"),
	CONSTRAINT "case_parties_role" CHECK ("case_parties"."role" in ('RESPONDENT','WITNESS'))
);
--> statement-breakpoint
CREATE TABLE "case_steps" (
	"id" uuid PRIMARY KEY DEFAULT gen_random_uuid() NOT NULL,
	"workspace_id" uuid NOT NULL,
	"case_id" uuid NOT NULL,
	"stage_key" text NOT NULL,
	"step_key" text NOT NULL,
	"occurrence" integer DEFAULT 1 NOT NULL,
	"status" text NOT NULL,
	"started_at" timestamp with time zone,
	"completed_at" timestamp with time zone,
	"completed_by" uuid,
	"due_at" timestamp with time zone,
	"due_date" date,
	"reference" text,
	"late_reason_item_id" uuid,
	"reminders_sent" integer[] DEFAULT '{}'::integer[] NOT NULL,
	"escalation_level" integer DEFAULT 0 NOT NULL,
	"created_at" timestamp with time zone DEFAULT app_now() NOT NULL,
	CONSTRAINT "case_steps_one" UNIQUE("case_id","step_key","occurrence"),
	CONSTRAINT "case_steps_status" CHECK ("case_steps"."status" in ('WAITING','ON_REQUEST','ACTIVE','DONE','SKIPPED'))
);
--> statement-breakpoint
CREATE TABLE "case_unlocks" (
	"session_id" uuid NOT NULL,
	"workspace_id" uuid NOT NULL,
	"account_id" uuid NOT NULL,
	"sealed_private_key" "bytea" NOT NULL,
	"created_at" timestamp with time zone DEFAULT app_now() NOT NULL,
	CONSTRAINT "case_unlocks_session_id_workspace_id_pk" PRIMARY KEY("session_id","workspace_id")
);
--> statement-breakpoint
CREATE TABLE "cases" (
	"id" uuid PRIMARY KEY DEFAULT gen_random_uuid() NOT NULL,
	"workspace_id" uuid NOT NULL,
	"reference" text,
	"workflow_id" uuid NOT NULL,
	"version_id" uuid NOT NULL,
	"version_number" integer NOT NULL,
	"definition_sha256" text NOT NULL,
	"jurisdiction" text NOT NULL,
	"branch_id" uuid,
	"committee_id" uuid,
	"status" text DEFAULT 'DRAFT' NOT NULL,
	"stage_key" text,
	"complainant_account_id" uuid NOT NULL,
	"assisted_by_account_id" uuid,
	"filer_kind" text DEFAULT 'EMPLOYEE' NOT NULL,
	"incident_date" date,
	"filed_at" timestamp with time zone,
	"next_due_at" timestamp with time zone,
	"next_step_key" text,
	"outcome" text,
	"closed_at" timestamp with time zone,
	"report_on" date,
	"employer_action_on" date,
	"appeal_until" date,
	"idempotency_key" text,
	"revision" integer DEFAULT 1 NOT NULL,
	"created_at" timestamp with time zone DEFAULT app_now() NOT NULL,
	"updated_at" timestamp with time zone DEFAULT app_now() NOT NULL,
	CONSTRAINT "cases_workspace_id_id" UNIQUE("workspace_id","id"),
	CONSTRAINT "cases_reference" UNIQUE("workspace_id","reference"),
	CONSTRAINT "cases_idempotency" UNIQUE("workspace_id","complainant_account_id","idempotency_key"),
	CONSTRAINT "cases_status" CHECK ("cases"."status" in ('DRAFT','OPEN','CLOSED','WITHDRAWN','TRANSFERRED')),
	CONSTRAINT "cases_jurisdiction" CHECK ("cases"."jurisdiction" in ('IN_POSH','CA_SOR_2020_130')),
	CONSTRAINT "cases_filer" CHECK ("cases"."filer_kind" in ('EMPLOYEE','FORMER_EMPLOYEE','CONTRACTOR','THIRD_PARTY','WITNESS')),
	CONSTRAINT "cases_filed" CHECK (("cases"."status" = 'DRAFT') = ("cases"."filed_at" is null)),
	CONSTRAINT "cases_filed_reference" CHECK (("cases"."status" = 'DRAFT') = ("cases"."reference" is null))
);
--> statement-breakpoint
CREATE INDEX "case_access_account" ON "case_access" USING btree ("workspace_id","account_id","case_id");--> statement-breakpoint
CREATE INDEX "case_conflicts_case" ON "case_conflicts" USING btree ("workspace_id","case_id");--> statement-breakpoint
CREATE INDEX "case_data_keys_case" ON "case_data_keys" USING btree ("workspace_id","case_id");--> statement-breakpoint
CREATE INDEX "case_files_case" ON "case_files" USING btree ("workspace_id","case_id");--> statement-breakpoint
CREATE INDEX "case_items_case" ON "case_items" USING btree ("workspace_id","case_id","created_at");--> statement-breakpoint
CREATE INDEX "case_key_wraps_account" ON "case_key_wraps" USING btree ("workspace_id","account_id","case_id");--> statement-breakpoint
CREATE INDEX "case_meetings_case" ON "case_meetings" USING btree ("workspace_id","case_id","starts_at");--> statement-breakpoint
CREATE INDEX "case_steps_due" ON "case_steps" USING btree ("workspace_id","status","due_at");--> statement-breakpoint
CREATE INDEX "cases_committee_due" ON "cases" USING btree ("workspace_id","committee_id","status","next_due_at");--> statement-breakpoint
CREATE INDEX "cases_complainant" ON "cases" USING btree ("workspace_id","complainant_account_id","created_at");--> statement-breakpoint
-- ---------------------------------------------------------------------------------------------
-- Hand-written (issue 26, DESIGN §9, docs/cases-security.md): foreign keys, row-level security by
-- relationship (case_access), the case clock's role and its narrow functions, no platform path.
ALTER TABLE case_counters ADD CONSTRAINT case_counters_workspace_fk FOREIGN KEY (workspace_id) REFERENCES workspaces(id) ON DELETE CASCADE;
--> statement-breakpoint
ALTER TABLE cases ADD CONSTRAINT cases_workspace_fk FOREIGN KEY (workspace_id) REFERENCES workspaces(id) ON DELETE CASCADE;
--> statement-breakpoint
ALTER TABLE cases ADD CONSTRAINT cases_version_fk FOREIGN KEY (version_id) REFERENCES workflow_versions(id);
--> statement-breakpoint
ALTER TABLE cases ADD CONSTRAINT cases_workflow_fk FOREIGN KEY (workspace_id, workflow_id) REFERENCES workflows(workspace_id, id);
--> statement-breakpoint
ALTER TABLE cases ADD CONSTRAINT cases_committee_fk FOREIGN KEY (committee_id) REFERENCES committees(id);
--> statement-breakpoint
ALTER TABLE cases ADD CONSTRAINT cases_complainant_fk FOREIGN KEY (complainant_account_id) REFERENCES accounts(id);
--> statement-breakpoint
ALTER TABLE case_access ADD CONSTRAINT case_access_case_fk FOREIGN KEY (workspace_id, case_id) REFERENCES cases(workspace_id, id) ON DELETE CASCADE;
--> statement-breakpoint
ALTER TABLE case_data_keys ADD CONSTRAINT case_data_keys_case_fk FOREIGN KEY (workspace_id, case_id) REFERENCES cases(workspace_id, id) ON DELETE CASCADE;
--> statement-breakpoint
ALTER TABLE case_key_wraps ADD CONSTRAINT case_key_wraps_key_fk FOREIGN KEY (data_key_id) REFERENCES case_data_keys(id) ON DELETE CASCADE;
--> statement-breakpoint
ALTER TABLE case_key_wraps ADD CONSTRAINT case_key_wraps_case_fk FOREIGN KEY (workspace_id, case_id) REFERENCES cases(workspace_id, id) ON DELETE CASCADE;
--> statement-breakpoint
ALTER TABLE case_unlocks ADD CONSTRAINT case_unlocks_session_fk FOREIGN KEY (session_id) REFERENCES sessions(id) ON DELETE CASCADE;
--> statement-breakpoint
ALTER TABLE case_unlocks ADD CONSTRAINT case_unlocks_workspace_fk FOREIGN KEY (workspace_id) REFERENCES workspaces(id) ON DELETE CASCADE;
--> statement-breakpoint
ALTER TABLE case_parties ADD CONSTRAINT case_parties_case_fk FOREIGN KEY (workspace_id, case_id) REFERENCES cases(workspace_id, id) ON DELETE CASCADE;
--> statement-breakpoint
ALTER TABLE case_conflicts ADD CONSTRAINT case_conflicts_case_fk FOREIGN KEY (workspace_id, case_id) REFERENCES cases(workspace_id, id) ON DELETE CASCADE;
--> statement-breakpoint
ALTER TABLE case_steps ADD CONSTRAINT case_steps_case_fk FOREIGN KEY (workspace_id, case_id) REFERENCES cases(workspace_id, id) ON DELETE CASCADE;
--> statement-breakpoint
ALTER TABLE case_items ADD CONSTRAINT case_items_case_fk FOREIGN KEY (workspace_id, case_id) REFERENCES cases(workspace_id, id) ON DELETE CASCADE;
--> statement-breakpoint
ALTER TABLE case_items ADD CONSTRAINT case_items_key_fk FOREIGN KEY (data_key_id) REFERENCES case_data_keys(id);
--> statement-breakpoint
ALTER TABLE case_files ADD CONSTRAINT case_files_case_fk FOREIGN KEY (workspace_id, case_id) REFERENCES cases(workspace_id, id) ON DELETE CASCADE;
--> statement-breakpoint
ALTER TABLE case_files ADD CONSTRAINT case_files_key_fk FOREIGN KEY (data_key_id) REFERENCES case_data_keys(id);
--> statement-breakpoint
ALTER TABLE case_meetings ADD CONSTRAINT case_meetings_case_fk FOREIGN KEY (workspace_id, case_id) REFERENCES cases(workspace_id, id) ON DELETE CASCADE;
--> statement-breakpoint
ALTER TABLE case_meetings ADD CONSTRAINT case_meetings_step_fk FOREIGN KEY (step_id) REFERENCES case_steps(id) ON DELETE CASCADE;
--> statement-breakpoint
-- The reference counter holds no case content: tenant isolation.
SELECT app_enable_tenant_rls('case_counters');
--> statement-breakpoint
-- Relationship helpers for the policies below. SECURITY DEFINER so that case_access's own policy
-- can ask about case_access without recursing; each answers only about the calling account.
CREATE OR REPLACE FUNCTION app_case_relation(p_case uuid) RETURNS text
  LANGUAGE sql STABLE SECURITY DEFINER SET search_path = public, pg_temp
  AS $$
    SELECT CASE WHEN bool_or(relation = 'COMMITTEE') THEN 'COMMITTEE'
                WHEN bool_or(relation = 'COMPLAINANT') THEN 'COMPLAINANT'
                WHEN bool_or(relation = 'PARTICIPANT') THEN 'PARTICIPANT' END
      FROM case_access
     WHERE case_id = p_case AND workspace_id = app_current_workspace()
       AND account_id = app_current_account() AND revoked_at IS NULL
  $$;
--> statement-breakpoint
-- Whether the caller is filing this case (its complainant, or the member writing it down for
-- them) while it is still a draft: the one moment a non-member grants access (to the committee).
CREATE OR REPLACE FUNCTION app_case_filing(p_case uuid) RETURNS boolean
  LANGUAGE sql STABLE SECURITY DEFINER SET search_path = public, pg_temp
  AS $$
    SELECT EXISTS (SELECT 1 FROM cases c
                    WHERE c.id = p_case AND c.workspace_id = app_current_workspace() AND c.status = 'DRAFT'
                      AND app_current_account() IN (c.complainant_account_id, c.assisted_by_account_id))
  $$;
--> statement-breakpoint
-- The case clock's role: owns the few SECURITY DEFINER functions the jobs (which act for no
-- account) use to read case metadata and write reminders; it reads no content column.
DO $$
BEGIN
  IF NOT EXISTS (SELECT 1 FROM pg_roles WHERE rolname = 'compliance_case_clock') THEN
    CREATE ROLE compliance_case_clock NOLOGIN NOSUPERUSER BYPASSRLS NOCREATEDB NOCREATEROLE;
  END IF;
  IF NOT pg_has_role(current_user, 'compliance_case_clock', 'MEMBER') THEN
    EXECUTE format('GRANT compliance_case_clock TO %I', current_user);
  END IF;
END
$$;
--> statement-breakpoint
GRANT USAGE ON SCHEMA public TO compliance_case_clock;
--> statement-breakpoint
-- A function's new owner needs CREATE on its schema; taken back at the end of this migration.
GRANT CREATE ON SCHEMA public TO compliance_case_clock;
--> statement-breakpoint
ALTER FUNCTION app_case_relation(uuid) OWNER TO compliance_case_clock;
--> statement-breakpoint
ALTER FUNCTION app_case_filing(uuid) OWNER TO compliance_case_clock;
--> statement-breakpoint
GRANT SELECT ON cases, case_access TO compliance_case_clock;
--> statement-breakpoint
-- cases: any live relationship reads the row (metadata only); the filer inserts their draft;
-- the complainant (while a draft) and the committee change it.
ALTER TABLE cases ENABLE ROW LEVEL SECURITY;
--> statement-breakpoint
ALTER TABLE cases FORCE ROW LEVEL SECURITY;
--> statement-breakpoint
CREATE POLICY case_read ON cases FOR SELECT
  USING (workspace_id = app_current_workspace() AND EXISTS (
    SELECT 1 FROM case_access a WHERE a.workspace_id = cases.workspace_id AND a.case_id = cases.id
       AND a.account_id = app_current_account() AND a.revoked_at IS NULL));
--> statement-breakpoint
CREATE POLICY case_file ON cases FOR INSERT
  WITH CHECK (workspace_id = app_current_workspace() AND status = 'DRAFT'
    AND app_current_account() IN (complainant_account_id, assisted_by_account_id));
--> statement-breakpoint
CREATE POLICY case_change ON cases FOR UPDATE
  USING (workspace_id = app_current_workspace() AND (app_case_relation(id) = 'COMMITTEE' OR app_case_filing(id)))
  WITH CHECK (workspace_id = app_current_workspace());
--> statement-breakpoint
CREATE POLICY case_discard ON cases FOR DELETE
  USING (workspace_id = app_current_workspace() AND app_case_filing(id));
--> statement-breakpoint
-- case_access: your own rows, and every row of a case you are on the committee of; granted by the
-- committee, or by the filer while filing; revoked (revoked_at) by the committee; never deleted.
ALTER TABLE case_access ENABLE ROW LEVEL SECURITY;
--> statement-breakpoint
ALTER TABLE case_access FORCE ROW LEVEL SECURITY;
--> statement-breakpoint
CREATE POLICY access_read ON case_access FOR SELECT
  USING (workspace_id = app_current_workspace()
    AND (account_id = app_current_account() OR app_case_relation(case_id) = 'COMMITTEE'));
--> statement-breakpoint
CREATE POLICY access_grant ON case_access FOR INSERT
  WITH CHECK (workspace_id = app_current_workspace()
    AND (app_case_relation(case_id) = 'COMMITTEE' OR app_case_filing(case_id)));
--> statement-breakpoint
CREATE POLICY access_revoke ON case_access FOR UPDATE
  USING (workspace_id = app_current_workspace() AND app_case_relation(case_id) = 'COMMITTEE')
  WITH CHECK (workspace_id = app_current_workspace());
--> statement-breakpoint
REVOKE DELETE, TRUNCATE ON case_access FROM compliance_app;
--> statement-breakpoint
-- Tables any live relationship reads (metadata and key ids), the committee (or the filer) writes.
DO $$
DECLARE t text;
BEGIN
  FOREACH t IN ARRAY ARRAY['case_data_keys', 'case_steps'] LOOP
    EXECUTE format('ALTER TABLE %I ENABLE ROW LEVEL SECURITY', t);
    EXECUTE format('ALTER TABLE %I FORCE ROW LEVEL SECURITY', t);
    EXECUTE format($p$CREATE POLICY related_read ON %I FOR SELECT USING (workspace_id = app_current_workspace() AND EXISTS (
      SELECT 1 FROM case_access a WHERE a.workspace_id = %I.workspace_id AND a.case_id = %I.case_id
         AND a.account_id = app_current_account() AND a.revoked_at IS NULL))$p$, t, t, t);
    EXECUTE format($p$CREATE POLICY committee_write ON %I FOR INSERT WITH CHECK (workspace_id = app_current_workspace()
      AND (app_case_relation(case_id) = 'COMMITTEE' OR app_case_filing(case_id)))$p$, t);
    EXECUTE format($p$CREATE POLICY committee_change ON %I FOR UPDATE USING (workspace_id = app_current_workspace()
      AND (app_case_relation(case_id) = 'COMMITTEE' OR app_case_filing(case_id))) WITH CHECK (workspace_id = app_current_workspace())$p$, t);
  END LOOP;
END
$$;
--> statement-breakpoint
REVOKE DELETE, TRUNCATE ON case_data_keys, case_steps FROM compliance_app;
--> statement-breakpoint
-- The committee's own tables: parties named and conflicts (who is accused, who is conflicted).
DO $$
DECLARE t text;
BEGIN
  FOREACH t IN ARRAY ARRAY['case_parties', 'case_conflicts'] LOOP
    EXECUTE format('ALTER TABLE %I ENABLE ROW LEVEL SECURITY', t);
    EXECUTE format('ALTER TABLE %I FORCE ROW LEVEL SECURITY', t);
    EXECUTE format($p$CREATE POLICY committee_only ON %I USING (workspace_id = app_current_workspace()
      AND (app_case_relation(case_id) = 'COMMITTEE' OR app_case_filing(case_id)))
      WITH CHECK (workspace_id = app_current_workspace() AND (app_case_relation(case_id) = 'COMMITTEE' OR app_case_filing(case_id)))$p$, t);
  END LOOP;
END
$$;
--> statement-breakpoint
-- Wrapped keys: each person reads their own; anyone with a relationship (or filing) wraps a key to
-- another person with access; the committee removes a wrap when access ends.
ALTER TABLE case_key_wraps ENABLE ROW LEVEL SECURITY;
--> statement-breakpoint
ALTER TABLE case_key_wraps FORCE ROW LEVEL SECURITY;
--> statement-breakpoint
CREATE POLICY own_wraps ON case_key_wraps FOR SELECT
  USING (workspace_id = app_current_workspace() AND account_id = app_current_account());
--> statement-breakpoint
CREATE POLICY wrap_for ON case_key_wraps FOR INSERT
  WITH CHECK (workspace_id = app_current_workspace() AND (app_case_relation(case_id) IS NOT NULL OR app_case_filing(case_id)));
--> statement-breakpoint
CREATE POLICY rewrap_own ON case_key_wraps FOR UPDATE
  USING (workspace_id = app_current_workspace() AND account_id = app_current_account())
  WITH CHECK (workspace_id = app_current_workspace() AND account_id = app_current_account());
--> statement-breakpoint
CREATE POLICY unwrap ON case_key_wraps FOR DELETE
  USING (workspace_id = app_current_workspace()
    AND (account_id = app_current_account() OR app_case_relation(case_id) = 'COMMITTEE'));
--> statement-breakpoint
-- Sealed contents by audience: the committee reads everything of its cases; the complainant her
-- thread; a participant their own share. Insert where you may read; never changed or deleted.
DO $$
DECLARE t text;
BEGIN
  FOREACH t IN ARRAY ARRAY['case_items', 'case_files'] LOOP
    EXECUTE format('ALTER TABLE %I ENABLE ROW LEVEL SECURITY', t);
    EXECUTE format('ALTER TABLE %I FORCE ROW LEVEL SECURITY', t);
    EXECUTE format($p$CREATE POLICY by_audience ON %I USING (workspace_id = app_current_workspace() AND EXISTS (
      SELECT 1 FROM case_access a WHERE a.workspace_id = %I.workspace_id AND a.case_id = %I.case_id
         AND a.account_id = app_current_account() AND a.revoked_at IS NULL
         AND (a.relation = 'COMMITTEE'
           OR (a.relation = 'COMPLAINANT' AND %I.audience = 'COMPLAINANT')
           OR (a.relation = 'PARTICIPANT' AND %I.audience = 'PARTICIPANT' AND %I.participant_account_id = a.account_id))))
      WITH CHECK (workspace_id = app_current_workspace() AND (app_case_filing(case_id) OR EXISTS (
      SELECT 1 FROM case_access a WHERE a.workspace_id = %I.workspace_id AND a.case_id = %I.case_id
         AND a.account_id = app_current_account() AND a.revoked_at IS NULL
         AND (a.relation = 'COMMITTEE'
           OR (a.relation = 'COMPLAINANT' AND %I.audience = 'COMPLAINANT')
           OR (a.relation = 'PARTICIPANT' AND %I.audience = 'PARTICIPANT' AND %I.participant_account_id = a.account_id)))))$p$,
      t, t, t, t, t, t, t, t, t, t, t);
  END LOOP;
END
$$;
--> statement-breakpoint
REVOKE UPDATE, TRUNCATE ON case_items FROM compliance_app;
--> statement-breakpoint
-- A draft's answers are replaced while it is a draft (by its filer); once filed, nothing is deleted.
CREATE POLICY draft_replace ON case_items AS RESTRICTIVE FOR DELETE USING (app_case_filing(case_id));
--> statement-breakpoint
REVOKE TRUNCATE ON case_files FROM compliance_app;
--> statement-breakpoint
-- A file is removed only by its uploader before it is attached to anything (a draft's upload taken
-- back); attaching (item_id) is the one change, once, by a caller who may read it.
CREATE POLICY unattached_delete ON case_files AS RESTRICTIVE FOR DELETE
  USING (item_id IS NULL AND uploaded_by = app_current_account());
--> statement-breakpoint
CREATE POLICY attach_once ON case_files AS RESTRICTIVE FOR UPDATE USING (item_id IS NULL) WITH CHECK (item_id IS NOT NULL);
--> statement-breakpoint
-- Meetings: the committee, and the people invited to one.
ALTER TABLE case_meetings ENABLE ROW LEVEL SECURITY;
--> statement-breakpoint
ALTER TABLE case_meetings FORCE ROW LEVEL SECURITY;
--> statement-breakpoint
CREATE POLICY meeting_read ON case_meetings FOR SELECT
  USING (workspace_id = app_current_workspace() AND (app_case_relation(case_id) = 'COMMITTEE'
    OR (app_case_relation(case_id) IS NOT NULL AND app_current_account() = ANY (guest_account_ids))));
--> statement-breakpoint
CREATE POLICY meeting_write ON case_meetings FOR INSERT
  WITH CHECK (workspace_id = app_current_workspace() AND app_case_relation(case_id) = 'COMMITTEE');
--> statement-breakpoint
CREATE POLICY meeting_change ON case_meetings FOR UPDATE
  USING (workspace_id = app_current_workspace() AND app_case_relation(case_id) = 'COMMITTEE')
  WITH CHECK (workspace_id = app_current_workspace());
--> statement-breakpoint
REVOKE DELETE, TRUNCATE ON case_meetings FROM compliance_app;
--> statement-breakpoint
-- A session's unlocked key: the member's own, in this workspace.
ALTER TABLE case_unlocks ENABLE ROW LEVEL SECURITY;
--> statement-breakpoint
ALTER TABLE case_unlocks FORCE ROW LEVEL SECURITY;
--> statement-breakpoint
CREATE POLICY own_unlock ON case_unlocks
  USING (workspace_id = app_current_workspace() AND account_id = app_current_account())
  WITH CHECK (workspace_id = app_current_workspace() AND account_id = app_current_account());
--> statement-breakpoint
-- Counts and statuses for administrators outside the committee (docs/cases-security.md §1):
-- grouped counts only, never a row.
CREATE OR REPLACE FUNCTION app_case_counts()
  RETURNS TABLE (status text, stage_key text, jurisdiction text, overdue boolean, n bigint)
  LANGUAGE sql STABLE SECURITY DEFINER SET search_path = public, pg_temp
  AS $$
    SELECT c.status, c.stage_key, c.jurisdiction, (c.status = 'OPEN' AND c.next_due_at < app_now()), count(*)
      FROM cases c
     WHERE c.workspace_id = app_current_workspace() AND c.status <> 'DRAFT'
     GROUP BY 1, 2, 3, 4
  $$;
--> statement-breakpoint
ALTER FUNCTION app_case_counts() OWNER TO compliance_case_clock;
--> statement-breakpoint
-- No platform path (docs/cases-security.md §2): the operator's role holds nothing on case tables.
REVOKE ALL ON case_counters, cases, case_access, case_data_keys, case_key_wraps, case_unlocks, case_parties,
  case_conflicts, case_steps, case_items, case_files, case_meetings FROM compliance_platform;
--> statement-breakpoint
REVOKE ALL ON FUNCTION app_case_counts() FROM PUBLIC;
--> statement-breakpoint
GRANT EXECUTE ON FUNCTION app_case_counts() TO compliance_app;
--> statement-breakpoint
-- A case's trail (chain_id = the case id) is read by its committee only (docs/cases-security.md §5);
-- other chains keep tenant isolation. Appends still pass (INSERT is not restricted here).
CREATE OR REPLACE FUNCTION app_case_exists(p_case uuid) RETURNS boolean
  LANGUAGE sql STABLE SECURITY DEFINER SET search_path = public, pg_temp
  AS $$ SELECT EXISTS (SELECT 1 FROM cases WHERE id = p_case AND workspace_id = app_current_workspace()) $$;
--> statement-breakpoint
ALTER FUNCTION app_case_exists(uuid) OWNER TO compliance_case_clock;
--> statement-breakpoint
CREATE POLICY case_trail_committee ON trail_entries AS RESTRICTIVE FOR SELECT
  USING (app_case_relation(chain_id) = 'COMMITTEE' OR NOT app_case_exists(chain_id));
--> statement-breakpoint
-- Wraps missing for people with live access (ids only): the next member who opens the case wraps
-- its keys to a member assigned after they were made. Only a caller related to the case may ask.
GRANT SELECT ON case_data_keys, case_key_wraps TO compliance_case_clock;
--> statement-breakpoint
CREATE OR REPLACE FUNCTION app_case_missing_wraps(p_case uuid) RETURNS TABLE (account_id uuid, data_key_id uuid)
  LANGUAGE sql STABLE SECURITY DEFINER SET search_path = public, pg_temp
  AS $$
    SELECT a.account_id, k.id
      FROM case_access a
      JOIN case_data_keys k ON k.workspace_id = a.workspace_id AND k.case_id = a.case_id
     WHERE a.case_id = p_case AND a.workspace_id = app_current_workspace() AND a.revoked_at IS NULL
       AND app_case_relation(p_case) IS NOT NULL
       AND (a.relation = 'COMMITTEE'
         OR (a.relation = 'COMPLAINANT' AND k.scope = 'CASE')
         OR (a.relation = 'PARTICIPANT' AND k.scope = 'PARTICIPANT' AND k.participant_account_id = a.account_id))
       AND NOT EXISTS (SELECT 1 FROM case_key_wraps w WHERE w.data_key_id = k.id AND w.account_id = a.account_id)
  $$;
--> statement-breakpoint
ALTER FUNCTION app_case_missing_wraps(uuid) OWNER TO compliance_case_clock;
--> statement-breakpoint
-- meetings: the day-before reminder of a case meeting (issue 26). A job acts for no account, so
-- row-level security shows it no meeting: these two functions answer ids, times and a reference
-- only (never a sealed column), and only to a transaction without a signed-in account.
GRANT SELECT, UPDATE (reminded_at) ON case_meetings TO compliance_case_clock;
--> statement-breakpoint
CREATE OR REPLACE FUNCTION app_case_meeting_reminders_due(p_hours integer)
  RETURNS TABLE (workspace_id uuid, meeting_id uuid)
  LANGUAGE sql STABLE SECURITY DEFINER SET search_path = public, pg_temp
  AS $$
    SELECT m.workspace_id, m.id
      FROM case_meetings m JOIN cases c ON c.workspace_id = m.workspace_id AND c.id = m.case_id
     WHERE app_current_account() IS NULL AND c.status = 'OPEN' AND m.status = 'SCHEDULED' AND m.reminded_at IS NULL
       AND m.starts_at > app_now() AND m.starts_at <= app_now() + make_interval(hours => p_hours)
       AND m.updated_at <= m.starts_at - make_interval(hours => p_hours)
     ORDER BY m.starts_at, m.id
  $$;
--> statement-breakpoint
ALTER FUNCTION app_case_meeting_reminders_due(integer) OWNER TO compliance_case_clock;
--> statement-breakpoint
REVOKE ALL ON FUNCTION app_case_meeting_reminders_due(integer) FROM PUBLIC;
--> statement-breakpoint
GRANT EXECUTE ON FUNCTION app_case_meeting_reminders_due(integer) TO compliance_app;
--> statement-breakpoint
CREATE OR REPLACE FUNCTION app_case_meeting_remind(p_meeting uuid)
  RETURNS TABLE (case_id uuid, reference text, starts_at timestamptz, ends_at timestamptz, sequence integer,
                 guest_account_ids uuid[], committee_guest_ids uuid[])
  LANGUAGE sql VOLATILE SECURITY DEFINER SET search_path = public, pg_temp
  AS $$
    UPDATE case_meetings m SET reminded_at = app_now()
      FROM cases c
     WHERE m.id = p_meeting AND m.workspace_id = app_current_workspace() AND app_current_account() IS NULL
       AND c.workspace_id = m.workspace_id AND c.id = m.case_id AND c.status = 'OPEN'
       AND m.status = 'SCHEDULED' AND m.reminded_at IS NULL
    RETURNING m.case_id, c.reference, m.starts_at, m.ends_at, m.sequence, m.guest_account_ids,
      ARRAY(SELECT a.account_id FROM case_access a
             WHERE a.workspace_id = m.workspace_id AND a.case_id = m.case_id AND a.relation = 'COMMITTEE'
               AND a.revoked_at IS NULL AND a.account_id = ANY (m.guest_account_ids))
  $$;
--> statement-breakpoint
ALTER FUNCTION app_case_meeting_remind(uuid) OWNER TO compliance_case_clock;
--> statement-breakpoint
REVOKE ALL ON FUNCTION app_case_meeting_remind(uuid) FROM PUBLIC;
--> statement-breakpoint
GRANT EXECUTE ON FUNCTION app_case_meeting_remind(uuid) TO compliance_app;
--> statement-breakpoint
-- meetings: a transfer ends the old committee's access with its wraps. The wraps' SELECT policy
-- shows each person only their own, so a member's DELETE of another's wrap matches no row; this
-- function deletes one person's wraps of a case for a caller on that case's committee.
GRANT DELETE ON case_key_wraps TO compliance_case_clock;
--> statement-breakpoint
CREATE OR REPLACE FUNCTION app_case_drop_wraps(p_case uuid, p_account uuid) RETURNS integer
  LANGUAGE sql VOLATILE SECURITY DEFINER SET search_path = public, pg_temp
  AS $$
    WITH gone AS (
      DELETE FROM case_key_wraps w
       WHERE w.case_id = p_case AND w.account_id = p_account AND w.workspace_id = app_current_workspace()
         AND app_case_relation(p_case) = 'COMMITTEE'
      RETURNING 1)
    SELECT count(*)::integer FROM gone
  $$;
--> statement-breakpoint
ALTER FUNCTION app_case_drop_wraps(uuid, uuid) OWNER TO compliance_case_clock;
--> statement-breakpoint
REVOKE ALL ON FUNCTION app_case_drop_wraps(uuid, uuid) FROM PUBLIC;
--> statement-breakpoint
GRANT EXECUTE ON FUNCTION app_case_drop_wraps(uuid, uuid) TO compliance_app;
--> statement-breakpoint
-- follow (helper 2): what a party's own acts need beyond their row-level rights. A party may not
-- change the case row or its steps (the committee's tables); withdrawing (Canada s.18) and asking
-- for a step the law starts on request (POSH s.10(1), s.12; Canada s.24, s.25(1)) change exactly
-- these columns, through these functions, for the caller's own case only. And a party's message
-- notifies the committee, whose members a party cannot list: ids only, to someone related.
GRANT SELECT (id, workspace_id, case_id, kind, audience, participant_account_id, step_id, author_account_id)
  ON case_items TO compliance_case_clock;
--> statement-breakpoint
GRANT SELECT ON case_steps TO compliance_case_clock;
--> statement-breakpoint
GRANT UPDATE (status, closed_at, stage_key, next_due_at, next_step_key, revision, updated_at) ON cases TO compliance_case_clock;
--> statement-breakpoint
GRANT UPDATE (status, started_at) ON case_steps TO compliance_case_clock;
--> statement-breakpoint
-- The accounts of the committee with live access to a case (whom a party's news goes to).
CREATE OR REPLACE FUNCTION app_case_committee_of(p_case uuid) RETURNS TABLE (account_id uuid)
  LANGUAGE sql STABLE SECURITY DEFINER SET search_path = public, pg_temp
  AS $$
    SELECT a.account_id FROM case_access a
     WHERE a.case_id = p_case AND a.workspace_id = app_current_workspace() AND a.relation = 'COMMITTEE'
       AND a.revoked_at IS NULL AND app_case_relation(p_case) IS NOT NULL
  $$;
--> statement-breakpoint
ALTER FUNCTION app_case_committee_of(uuid) OWNER TO compliance_case_clock;
--> statement-breakpoint
-- The complainant withdraws her open case: WITHDRAWN, closed now, its open steps skipped, no
-- deadline left. Answers the new revision, or null (not her case, or not open). Whether the law
-- allows it is the policy's (cases.policy.ts `withdraw`).
CREATE OR REPLACE FUNCTION app_case_withdraw(p_case uuid) RETURNS integer
  LANGUAGE plpgsql VOLATILE SECURITY DEFINER SET search_path = public, pg_temp
  AS $$
  DECLARE v_rev integer;
  BEGIN
    IF NOT EXISTS (SELECT 1 FROM case_access a
                    WHERE a.case_id = p_case AND a.workspace_id = app_current_workspace()
                      AND a.account_id = app_current_account() AND a.relation = 'COMPLAINANT' AND a.revoked_at IS NULL) THEN
      RETURN NULL;
    END IF;
    UPDATE cases SET status = 'WITHDRAWN', closed_at = app_now(), next_due_at = NULL, next_step_key = NULL,
                     revision = revision + 1, updated_at = app_now()
     WHERE id = p_case AND workspace_id = app_current_workspace() AND status = 'OPEN'
     RETURNING revision INTO v_rev;
    IF v_rev IS NULL THEN
      RETURN NULL;
    END IF;
    UPDATE case_steps SET status = 'SKIPPED'
     WHERE case_id = p_case AND workspace_id = app_current_workspace() AND status IN ('WAITING', 'ON_REQUEST', 'ACTIVE');
    RETURN v_rev;
  END
  $$;
--> statement-breakpoint
ALTER FUNCTION app_case_withdraw(uuid) OWNER TO compliance_case_clock;
--> statement-breakpoint
-- A party asked for a step the law starts on request (their REQUEST item is written first, in the
-- same transaction). With `p_both` (Canada s.24: both parties agree) it starts only once the
-- complainant and a respondent with access have each asked; the step row is locked, so two
-- requests at once serialize and the second sees the first. `p_ready`: its prerequisites are met
-- (ACTIVE, started now), else WAITING (it starts when they are). Answers ACTIVE, WAITING,
-- PENDING (the other party has not asked yet), STARTED (it is no longer on request: a request
-- that raced another), or null (not a party who may ask, not this case's step, or not open).
CREATE OR REPLACE FUNCTION app_case_request_step(p_case uuid, p_step uuid, p_both boolean, p_ready boolean, p_stage_key text)
  RETURNS text
  LANGUAGE plpgsql VOLATILE SECURITY DEFINER SET search_path = public, pg_temp
  AS $$
  DECLARE v_status text;
  BEGIN
    IF NOT EXISTS (SELECT 1 FROM case_access a
                    WHERE a.case_id = p_case AND a.workspace_id = app_current_workspace()
                      AND a.account_id = app_current_account() AND a.revoked_at IS NULL
                      AND (a.relation = 'COMPLAINANT' OR (a.relation = 'PARTICIPANT' AND a.participant_role = 'RESPONDENT')))
       OR NOT EXISTS (SELECT 1 FROM cases c WHERE c.id = p_case AND c.workspace_id = app_current_workspace() AND c.status = 'OPEN') THEN
      RETURN NULL;
    END IF;
    SELECT s.status INTO v_status FROM case_steps s
     WHERE s.id = p_step AND s.case_id = p_case AND s.workspace_id = app_current_workspace() FOR UPDATE;
    IF v_status IS NULL THEN
      RETURN NULL;
    ELSIF v_status <> 'ON_REQUEST' THEN
      RETURN 'STARTED';
    END IF;
    IF p_both AND NOT (
         EXISTS (SELECT 1 FROM case_items i JOIN cases c ON c.id = i.case_id AND c.workspace_id = i.workspace_id
                  WHERE i.case_id = p_case AND i.workspace_id = app_current_workspace() AND i.step_id = p_step
                    AND i.kind = 'REQUEST' AND i.audience = 'COMPLAINANT' AND i.author_account_id = c.complainant_account_id)
     AND EXISTS (SELECT 1 FROM case_items i JOIN case_access a ON a.case_id = i.case_id AND a.workspace_id = i.workspace_id
                    AND a.account_id = i.author_account_id AND a.relation = 'PARTICIPANT' AND a.participant_role = 'RESPONDENT'
                    AND a.revoked_at IS NULL
                  WHERE i.case_id = p_case AND i.workspace_id = app_current_workspace() AND i.step_id = p_step
                    AND i.kind = 'REQUEST' AND i.audience = 'PARTICIPANT' AND i.participant_account_id = i.author_account_id)) THEN
      RETURN 'PENDING';
    END IF;
    UPDATE case_steps SET status = CASE WHEN p_ready THEN 'ACTIVE' ELSE 'WAITING' END,
                          started_at = CASE WHEN p_ready THEN coalesce(started_at, app_now()) ELSE started_at END
     WHERE id = p_step AND workspace_id = app_current_workspace();
    UPDATE cases SET stage_key = coalesce(p_stage_key, stage_key), revision = revision + 1, updated_at = app_now()
     WHERE id = p_case AND workspace_id = app_current_workspace();
    RETURN CASE WHEN p_ready THEN 'ACTIVE' ELSE 'WAITING' END;
  END
  $$;
--> statement-breakpoint
ALTER FUNCTION app_case_request_step(uuid, uuid, boolean, boolean, text) OWNER TO compliance_case_clock;
--> statement-breakpoint
REVOKE ALL ON FUNCTION app_case_committee_of(uuid), app_case_withdraw(uuid),
  app_case_request_step(uuid, uuid, boolean, boolean, text) FROM PUBLIC;
--> statement-breakpoint
GRANT EXECUTE ON FUNCTION app_case_committee_of(uuid), app_case_withdraw(uuid),
  app_case_request_step(uuid, uuid, boolean, boolean, text) TO compliance_app;
--> statement-breakpoint
-- access:
-- Member lifecycle from jobs (issue 26, helper "access"): a job acts for no account, so row-level
-- security shows it no case row. These functions let the core-event handlers (member deactivated,
-- moved; committee changed) revoke and grant committee access, start new data-key versions and wrap
-- them to the remaining people's public keys, and record conflicts found — answering ids, roles,
-- statuses only, never a sealed column. Each refuses a caller signed in as an account (requests go
-- through the policies and RLS instead) and works in the transaction's workspace only.
GRANT SELECT ON case_parties, case_conflicts TO compliance_case_clock;
--> statement-breakpoint
GRANT INSERT, UPDATE ON case_access TO compliance_case_clock;
--> statement-breakpoint
GRANT INSERT, DELETE ON case_key_wraps TO compliance_case_clock;
--> statement-breakpoint
GRANT INSERT, UPDATE ON case_data_keys TO compliance_case_clock;
--> statement-breakpoint
GRANT INSERT ON case_conflicts TO compliance_case_clock;
--> statement-breakpoint
CREATE OR REPLACE FUNCTION app_case_job_check() RETURNS uuid
  LANGUAGE plpgsql STABLE SECURITY DEFINER SET search_path = public, pg_temp
  AS $$
  BEGIN
    IF app_current_account() IS NOT NULL OR app_current_workspace() IS NULL THEN
      RAISE EXCEPTION 'case job functions run in a job (a workspace, no account)' USING ERRCODE = '42501';
    END IF;
    RETURN app_current_workspace();
  END
  $$;
--> statement-breakpoint
-- Open cases of the workspace a person is related to (access, complainant, party), or of a committee.
CREATE OR REPLACE FUNCTION app_case_job_cases(p_account uuid, p_committee uuid)
  RETURNS TABLE (case_id uuid, jurisdiction text, committee_id uuid)
  LANGUAGE sql STABLE SECURITY DEFINER SET search_path = public, pg_temp
  AS $$
    SELECT c.id, c.jurisdiction, c.committee_id FROM cases c
     WHERE c.workspace_id = app_case_job_check() AND c.status = 'OPEN'
       AND ((p_committee IS NOT NULL AND c.committee_id = p_committee)
         OR (p_account IS NOT NULL AND (c.complainant_account_id = p_account
           OR EXISTS (SELECT 1 FROM case_access a WHERE a.workspace_id = c.workspace_id AND a.case_id = c.id
                        AND a.account_id = p_account AND a.revoked_at IS NULL)
           OR EXISTS (SELECT 1 FROM case_parties p WHERE p.workspace_id = c.workspace_id AND p.case_id = c.id
                        AND p.account_id = p_account))))
     ORDER BY c.filed_at, c.id
  $$;
--> statement-breakpoint
-- The people of a case: access rows (kind = relation), parties (PARTY), conflicts (CONFLICT, role =
-- reason, live = not cleared), and the data-key scopes (SCOPE, account = the participant or null).
CREATE OR REPLACE FUNCTION app_case_job_people(p_case uuid)
  RETURNS TABLE (account_id uuid, kind text, role text, live boolean)
  LANGUAGE sql STABLE SECURITY DEFINER SET search_path = public, pg_temp
  AS $$
    SELECT a.account_id, a.relation, coalesce(a.member_role, a.participant_role), a.revoked_at IS NULL
      FROM case_access a WHERE a.workspace_id = app_case_job_check() AND a.case_id = p_case
    UNION ALL
    SELECT p.account_id, 'PARTY', p.role, true
      FROM case_parties p WHERE p.workspace_id = app_case_job_check() AND p.case_id = p_case
    UNION ALL
    SELECT k.account_id, 'CONFLICT', k.reason, k.cleared_at IS NULL
      FROM case_conflicts k WHERE k.workspace_id = app_case_job_check() AND k.case_id = p_case
    UNION ALL
    SELECT DISTINCT d.participant_account_id, 'SCOPE', d.scope, true
      FROM case_data_keys d WHERE d.workspace_id = app_case_job_check() AND d.case_id = p_case
  $$;
--> statement-breakpoint
-- Ends a person's access of the given relations, and deletes their wraps of the case's keys.
CREATE OR REPLACE FUNCTION app_case_job_revoke(p_case uuid, p_account uuid, p_relations text[]) RETURNS boolean
  LANGUAGE plpgsql VOLATILE SECURITY DEFINER SET search_path = public, pg_temp
  AS $$
  DECLARE ws uuid := app_case_job_check(); n integer;
  BEGIN
    UPDATE case_access SET revoked_at = app_now()
     WHERE workspace_id = ws AND case_id = p_case AND account_id = p_account
       AND relation = ANY (p_relations) AND revoked_at IS NULL;
    GET DIAGNOSTICS n = ROW_COUNT;
    IF n > 0 THEN
      DELETE FROM case_key_wraps WHERE workspace_id = ws AND case_id = p_case AND account_id = p_account;
    END IF;
    RETURN n > 0;
  END
  $$;
--> statement-breakpoint
-- Gives (or gives back) a committee member access to an open case with their role today.
CREATE OR REPLACE FUNCTION app_case_job_grant(p_case uuid, p_account uuid, p_role text) RETURNS boolean
  LANGUAGE plpgsql VOLATILE SECURITY DEFINER SET search_path = public, pg_temp
  AS $$
  DECLARE ws uuid := app_case_job_check(); n integer;
  BEGIN
    IF NOT EXISTS (SELECT 1 FROM cases WHERE workspace_id = ws AND id = p_case AND status = 'OPEN') THEN
      RETURN false;
    END IF;
    INSERT INTO case_access (workspace_id, case_id, account_id, relation, member_role)
    VALUES (ws, p_case, p_account, 'COMMITTEE', p_role)
    ON CONFLICT (case_id, account_id, relation) DO UPDATE SET revoked_at = NULL, member_role = excluded.member_role,
      granted_at = CASE WHEN case_access.revoked_at IS NULL THEN case_access.granted_at ELSE app_now() END
     WHERE case_access.revoked_at IS NOT NULL OR case_access.member_role IS DISTINCT FROM excluded.member_role;
    GET DIAGNOSTICS n = ROW_COUNT;
    RETURN n > 0;
  END
  $$;
--> statement-breakpoint
-- Starts a new version of a data key's scope (the live one retired); answers its id and version.
CREATE OR REPLACE FUNCTION app_case_job_new_key(p_case uuid, p_scope text, p_participant uuid)
  RETURNS TABLE (id uuid, version integer)
  LANGUAGE plpgsql VOLATILE SECURITY DEFINER SET search_path = public, pg_temp
  AS $$
  DECLARE ws uuid := app_case_job_check(); v integer; k uuid := gen_random_uuid();
  BEGIN
    SELECT coalesce(max(d.version), 0) + 1 INTO v FROM case_data_keys d
     WHERE d.workspace_id = ws AND d.case_id = p_case AND d.scope = p_scope
       AND d.participant_account_id IS NOT DISTINCT FROM p_participant;
    UPDATE case_data_keys d SET retired_at = app_now()
     WHERE d.workspace_id = ws AND d.case_id = p_case AND d.scope = p_scope
       AND d.participant_account_id IS NOT DISTINCT FROM p_participant AND d.retired_at IS NULL;
    INSERT INTO case_data_keys (id, workspace_id, case_id, scope, participant_account_id, version)
    VALUES (k, ws, p_case, p_scope, p_participant, v);
    RETURN QUERY SELECT k, v;
  END
  $$;
--> statement-breakpoint
-- Wraps a key of the case to a person whose live access reaches its scope (once; else nothing).
CREATE OR REPLACE FUNCTION app_case_job_wrap(p_case uuid, p_key uuid, p_account uuid, p_wrapped bytea, p_escrow boolean)
  RETURNS boolean
  LANGUAGE plpgsql VOLATILE SECURITY DEFINER SET search_path = public, pg_temp
  AS $$
  DECLARE ws uuid := app_case_job_check(); n integer;
  BEGIN
    INSERT INTO case_key_wraps (workspace_id, case_id, data_key_id, account_id, wrapped, escrow)
    SELECT ws, p_case, k.id, p_account, p_wrapped, p_escrow
      FROM case_data_keys k
     WHERE k.workspace_id = ws AND k.case_id = p_case AND k.id = p_key
       AND EXISTS (SELECT 1 FROM case_access a WHERE a.workspace_id = ws AND a.case_id = p_case
                      AND a.account_id = p_account AND a.revoked_at IS NULL
                      AND (a.relation = 'COMMITTEE' OR (a.relation = 'COMPLAINANT' AND k.scope = 'CASE')
                        OR (a.relation = 'PARTICIPANT' AND k.scope = 'PARTICIPANT' AND k.participant_account_id = a.account_id)))
    ON CONFLICT (data_key_id, account_id) DO NOTHING;
    GET DIAGNOSTICS n = ROW_COUNT;
    RETURN n > 0;
  END
  $$;
--> statement-breakpoint
-- Records a conflict found by matching, unless one of that reason was ever recorded (a cleared one stays cleared).
CREATE OR REPLACE FUNCTION app_case_job_conflict(p_case uuid, p_account uuid, p_reason text) RETURNS uuid
  LANGUAGE plpgsql VOLATILE SECURITY DEFINER SET search_path = public, pg_temp
  AS $$
  DECLARE ws uuid := app_case_job_check(); k uuid;
  BEGIN
    IF EXISTS (SELECT 1 FROM case_conflicts WHERE workspace_id = ws AND case_id = p_case AND account_id = p_account
                  AND reason = p_reason) THEN
      RETURN NULL;
    END IF;
    INSERT INTO case_conflicts (workspace_id, case_id, account_id, reason) VALUES (ws, p_case, p_account, p_reason)
    RETURNING id INTO k;
    RETURN k;
  END
  $$;
--> statement-breakpoint
ALTER FUNCTION app_case_job_check() OWNER TO compliance_case_clock;
--> statement-breakpoint
ALTER FUNCTION app_case_job_cases(uuid, uuid) OWNER TO compliance_case_clock;
--> statement-breakpoint
ALTER FUNCTION app_case_job_people(uuid) OWNER TO compliance_case_clock;
--> statement-breakpoint
ALTER FUNCTION app_case_job_revoke(uuid, uuid, text[]) OWNER TO compliance_case_clock;
--> statement-breakpoint
ALTER FUNCTION app_case_job_grant(uuid, uuid, text) OWNER TO compliance_case_clock;
--> statement-breakpoint
ALTER FUNCTION app_case_job_new_key(uuid, text, uuid) OWNER TO compliance_case_clock;
--> statement-breakpoint
ALTER FUNCTION app_case_job_wrap(uuid, uuid, uuid, bytea, boolean) OWNER TO compliance_case_clock;
--> statement-breakpoint
ALTER FUNCTION app_case_job_conflict(uuid, uuid, text) OWNER TO compliance_case_clock;
--> statement-breakpoint
REVOKE ALL ON FUNCTION app_case_job_check(), app_case_job_cases(uuid, uuid), app_case_job_people(uuid),
  app_case_job_revoke(uuid, uuid, text[]), app_case_job_grant(uuid, uuid, text), app_case_job_new_key(uuid, text, uuid),
  app_case_job_wrap(uuid, uuid, uuid, bytea, boolean), app_case_job_conflict(uuid, uuid, text) FROM PUBLIC;
--> statement-breakpoint
GRANT EXECUTE ON FUNCTION app_case_job_check(), app_case_job_cases(uuid, uuid), app_case_job_people(uuid),
  app_case_job_revoke(uuid, uuid, text[]), app_case_job_grant(uuid, uuid, text), app_case_job_new_key(uuid, text, uuid),
  app_case_job_wrap(uuid, uuid, uuid, bytea, boolean), app_case_job_conflict(uuid, uuid, text) TO compliance_app;
--> statement-breakpoint
-- access: a person reads their own access rows only while they are live — a member who declared a
-- conflict or was removed keeps no trace of the case (the confidentiality matrix: zero rows in every
-- case table without a live access row); the committee reads every row of its cases.
DROP POLICY access_read ON case_access;
--> statement-breakpoint
CREATE POLICY access_read ON case_access FOR SELECT
  USING (workspace_id = app_current_workspace()
    AND ((account_id = app_current_account() AND revoked_at IS NULL) OR app_case_relation(case_id) = 'COMMITTEE'));
--> statement-breakpoint
-- committee: the case clock (clocks.ts). Jobs act for no account, so RLS shows them no case row: they
-- read steps' dates and statuses and write reminders, escalations and the monthly repeat only
-- through these functions, which answer ids, dates and statuses (never a sealed column) and only
-- to a transaction that acts for no account (a request, which always has one, gets nothing).
GRANT SELECT ON case_steps TO compliance_case_clock;
--> statement-breakpoint
GRANT INSERT ON case_steps TO compliance_case_clock;
--> statement-breakpoint
GRANT UPDATE (status, started_at, completed_at, completed_by, reminders_sent, escalation_level) ON case_steps TO compliance_case_clock;
--> statement-breakpoint
GRANT UPDATE (next_due_at, next_step_key, updated_at) ON cases TO compliance_case_clock;
--> statement-breakpoint
-- Whether the workspace has a running clock (an active step with a deadline): the pass skips the others.
CREATE OR REPLACE FUNCTION app_case_clock_running() RETURNS boolean
  LANGUAGE sql STABLE SECURITY DEFINER SET search_path = public, pg_temp
  AS $$
    SELECT app_current_account() IS NULL AND EXISTS (
      SELECT 1 FROM case_steps s WHERE s.workspace_id = app_current_workspace() AND s.status = 'ACTIVE' AND s.due_at IS NOT NULL)
  $$;
--> statement-breakpoint
-- The active steps with a deadline up to 90 days ahead (the longest reminder) of the workspace's
-- open cases, and of its closed ones (the appeal window kept open after closing).
CREATE OR REPLACE FUNCTION app_case_clock_steps(p_today date)
  RETURNS TABLE (step_id uuid, case_id uuid, reference text, branch_id uuid, version_id uuid, case_status text,
                 step_key text, occurrence integer, due_at timestamptz, due_date date, reminders_sent integer[],
                 escalation_level integer)
  LANGUAGE sql STABLE SECURITY DEFINER SET search_path = public, pg_temp
  AS $$
    SELECT s.id, c.id, c.reference, c.branch_id, c.version_id, c.status, s.step_key, s.occurrence, s.due_at, s.due_date,
           s.reminders_sent, s.escalation_level
      FROM case_steps s JOIN cases c ON c.workspace_id = s.workspace_id AND c.id = s.case_id
     WHERE app_current_account() IS NULL AND s.workspace_id = app_current_workspace()
       AND s.status = 'ACTIVE' AND s.due_date IS NOT NULL AND s.due_date <= p_today + 90
       AND c.status IN ('OPEN', 'CLOSED')
     ORDER BY s.due_at, s.id
  $$;
--> statement-breakpoint
-- Who has live access to a case (ids and relations): the recipients of its notices.
CREATE OR REPLACE FUNCTION app_case_clock_people(p_case uuid)
  RETURNS TABLE (account_id uuid, relation text, participant_role text)
  LANGUAGE sql STABLE SECURITY DEFINER SET search_path = public, pg_temp
  AS $$
    SELECT a.account_id, a.relation, a.participant_role FROM case_access a
     WHERE app_current_account() IS NULL AND a.workspace_id = app_current_workspace() AND a.case_id = p_case
       AND a.revoked_at IS NULL
  $$;
--> statement-breakpoint
-- A reminder `p_days` before the due date, recorded once per step (true: record it now and send).
CREATE OR REPLACE FUNCTION app_case_clock_remind(p_step uuid, p_days integer) RETURNS boolean
  LANGUAGE sql VOLATILE SECURITY DEFINER SET search_path = public, pg_temp
  AS $$
    WITH marked AS (
      UPDATE case_steps SET reminders_sent = reminders_sent || p_days
       WHERE app_current_account() IS NULL AND workspace_id = app_current_workspace() AND id = p_step
         AND status = 'ACTIVE' AND NOT (p_days = ANY (reminders_sent))
      RETURNING 1)
    SELECT EXISTS (SELECT 1 FROM marked)
  $$;
--> statement-breakpoint
-- An escalation at `p_level` (1, 2), recorded once per step and level.
CREATE OR REPLACE FUNCTION app_case_clock_escalate(p_step uuid, p_level integer) RETURNS boolean
  LANGUAGE sql VOLATILE SECURITY DEFINER SET search_path = public, pg_temp
  AS $$
    WITH marked AS (
      UPDATE case_steps SET escalation_level = p_level
       WHERE app_current_account() IS NULL AND workspace_id = app_current_workspace() AND id = p_step
         AND status = 'ACTIVE' AND escalation_level < p_level
      RETURNING 1)
    SELECT EXISTS (SELECT 1 FROM marked)
  $$;
--> statement-breakpoint
-- A repeating step's occurrence done by the system (Canada s.34's monthly update, sent by the
-- pass) and its next occurrence started with the deadline the engine computed; the case's next
-- deadline follows. Once: false when the occurrence is no longer active (a second run).
CREATE OR REPLACE FUNCTION app_case_clock_repeat(p_step uuid, p_due_at timestamptz, p_due_date date, p_reference text)
  RETURNS boolean
  LANGUAGE plpgsql VOLATILE SECURITY DEFINER SET search_path = public, pg_temp
  AS $$
  DECLARE v_case uuid;
  BEGIN
    IF app_current_account() IS NOT NULL THEN RETURN false; END IF;
    UPDATE case_steps s SET status = 'DONE', completed_at = app_now(), completed_by = NULL,
           started_at = coalesce(s.started_at, app_now())
     WHERE s.workspace_id = app_current_workspace() AND s.id = p_step AND s.status = 'ACTIVE'
       AND EXISTS (SELECT 1 FROM cases c WHERE c.workspace_id = s.workspace_id AND c.id = s.case_id AND c.status = 'OPEN')
    RETURNING s.case_id INTO v_case;
    IF v_case IS NULL THEN RETURN false; END IF;
    INSERT INTO case_steps (workspace_id, case_id, stage_key, step_key, occurrence, status, started_at, due_at, due_date, reference)
    SELECT s.workspace_id, s.case_id, s.stage_key, s.step_key, s.occurrence + 1, 'ACTIVE', app_now(), p_due_at, p_due_date,
           p_reference
      FROM case_steps s WHERE s.id = p_step
    ON CONFLICT DO NOTHING;
    UPDATE cases c SET
      next_due_at = (SELECT s.due_at FROM case_steps s WHERE s.case_id = v_case AND s.status = 'ACTIVE' AND s.due_at IS NOT NULL
                      ORDER BY s.due_at LIMIT 1),
      next_step_key = (SELECT s.step_key FROM case_steps s WHERE s.case_id = v_case AND s.status = 'ACTIVE' AND s.due_at IS NOT NULL
                      ORDER BY s.due_at LIMIT 1),
      updated_at = app_now()
     WHERE c.id = v_case;
    RETURN true;
  END
  $$;
--> statement-breakpoint
-- The appeal window of a closed case (kept active at closing) is marked done the day after it ends.
CREATE OR REPLACE FUNCTION app_case_clock_appeal_ended(p_today date) RETURNS integer
  LANGUAGE plpgsql VOLATILE SECURITY DEFINER SET search_path = public, pg_temp
  AS $$
  DECLARE n integer;
  BEGIN
    IF app_current_account() IS NOT NULL THEN RETURN 0; END IF;
    UPDATE case_steps s SET status = 'DONE', completed_at = app_now(), completed_by = NULL
      FROM cases c
     WHERE c.workspace_id = s.workspace_id AND c.id = s.case_id AND c.status = 'CLOSED'
       AND s.workspace_id = app_current_workspace() AND s.status = 'ACTIVE' AND s.due_date < p_today;
    GET DIAGNOSTICS n = ROW_COUNT;
    RETURN n;
  END
  $$;
--> statement-breakpoint
ALTER FUNCTION app_case_clock_running() OWNER TO compliance_case_clock;
--> statement-breakpoint
ALTER FUNCTION app_case_clock_steps(date) OWNER TO compliance_case_clock;
--> statement-breakpoint
ALTER FUNCTION app_case_clock_people(uuid) OWNER TO compliance_case_clock;
--> statement-breakpoint
ALTER FUNCTION app_case_clock_remind(uuid, integer) OWNER TO compliance_case_clock;
--> statement-breakpoint
ALTER FUNCTION app_case_clock_escalate(uuid, integer) OWNER TO compliance_case_clock;
--> statement-breakpoint
ALTER FUNCTION app_case_clock_repeat(uuid, timestamptz, date, text) OWNER TO compliance_case_clock;
--> statement-breakpoint
ALTER FUNCTION app_case_clock_appeal_ended(date) OWNER TO compliance_case_clock;
--> statement-breakpoint
REVOKE ALL ON FUNCTION app_case_clock_running(), app_case_clock_steps(date), app_case_clock_people(uuid),
  app_case_clock_remind(uuid, integer), app_case_clock_escalate(uuid, integer),
  app_case_clock_repeat(uuid, timestamptz, date, text), app_case_clock_appeal_ended(date) FROM PUBLIC;
--> statement-breakpoint
GRANT EXECUTE ON FUNCTION app_case_clock_running(), app_case_clock_steps(date), app_case_clock_people(uuid),
  app_case_clock_remind(uuid, integer), app_case_clock_escalate(uuid, integer),
  app_case_clock_repeat(uuid, timestamptz, date, text), app_case_clock_appeal_ended(date) TO compliance_app;
--> statement-breakpoint
-- committee: the counts of the caller's committee list (by version and stage, and overdue), over
-- the cases they have live COMMITTEE access to: counts only, for the calling account. A function so
-- that the count joins the two tables at once instead of checking each case's access row by row.
CREATE OR REPLACE FUNCTION app_committee_case_counts(p_status text)
  RETURNS TABLE (committee_id uuid, version_id uuid, stage_key text, n bigint, overdue bigint)
  LANGUAGE sql STABLE SECURITY DEFINER SET search_path = public, pg_temp
  AS $$
    SELECT c.committee_id, c.version_id, c.stage_key, count(*),
           count(*) FILTER (WHERE c.status = 'OPEN' AND c.next_due_at < app_now())
      FROM case_access a JOIN cases c ON c.workspace_id = a.workspace_id AND c.id = a.case_id
     WHERE a.workspace_id = app_current_workspace() AND a.account_id = app_current_account()
       AND a.relation = 'COMMITTEE' AND a.revoked_at IS NULL
       AND CASE p_status WHEN 'OPEN' THEN c.status = 'OPEN'
                         WHEN 'CLOSED' THEN c.status IN ('CLOSED', 'WITHDRAWN', 'TRANSFERRED')
                         ELSE c.status <> 'DRAFT' END
     GROUP BY c.committee_id, c.version_id, c.stage_key
  $$;
--> statement-breakpoint
ALTER FUNCTION app_committee_case_counts(text) OWNER TO compliance_case_clock;
--> statement-breakpoint
REVOKE ALL ON FUNCTION app_committee_case_counts(text) FROM PUBLIC;
--> statement-breakpoint
GRANT EXECUTE ON FUNCTION app_committee_case_counts(text) TO compliance_app;
--> statement-breakpoint
-- access (lead, after the merge): a job reconciling a case locks its row first and reads its
-- committee then, so that a transfer committing meanwhile is either wholly before it or waits for it
-- (without the lock the job read the old committee, then the new members' access rows, and took
-- their access away).
GRANT UPDATE (revision) ON cases TO compliance_case_clock;
--> statement-breakpoint
CREATE OR REPLACE FUNCTION app_case_job_lock(p_case uuid)
  RETURNS TABLE (case_id uuid, jurisdiction text, committee_id uuid, status text)
  LANGUAGE sql VOLATILE SECURITY DEFINER SET search_path = public, pg_temp
  AS $$
    SELECT c.id, c.jurisdiction, c.committee_id, c.status FROM cases c
     WHERE c.id = p_case AND c.workspace_id = app_case_job_check()
       FOR UPDATE
  $$;
--> statement-breakpoint
ALTER FUNCTION app_case_job_lock(uuid) OWNER TO compliance_case_clock;
--> statement-breakpoint
REVOKE ALL ON FUNCTION app_case_job_lock(uuid) FROM PUBLIC;
--> statement-breakpoint
GRANT EXECUTE ON FUNCTION app_case_job_lock(uuid) TO compliance_app;
--> statement-breakpoint
REVOKE CREATE ON SCHEMA public FROM compliance_case_clock;
